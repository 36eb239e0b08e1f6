// Rule 7: a literal with no error path.
package refuseliteral

import "net/url"

// links holds literals.
var links = []*url.URL{{Scheme: "http", Host: "a.example"}} // want `a net/url.URL literal here has no weburl form`

// opaque writes the request line.
func opaque(u *url.URL) error {
	u.Opaque = "//example.com/x" // want `a write cannot be kept`
	return nil
}
