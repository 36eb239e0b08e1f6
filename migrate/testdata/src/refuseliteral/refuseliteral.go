// Rule 7: a literal with no error path.
package refuseliteral

import "net/url"

// links holds literals.
var links = []*url.URL{{Scheme: "http", Host: "a.example"}} // want `a net/url.URL literal here has no weburl form`

// opaque writes the request line: a write that ports (a round trip),
// in a package that the literal above keeps unchanged.
func opaque(u *url.URL) error {
	u.Opaque = "//example.com/x"
	return nil
}
