// Rule 7: a literal with no error path.
package refuseliteral

import "net/url"

// Links holds literals.
var Links = []*url.URL{{Scheme: "http", Host: "a.example"}} // want `a net/url.URL literal here has no weburl form`

// Opaque writes the request line.
func Opaque(u *url.URL) error {
	u.Opaque = "//example.com/x" // want `a write cannot be kept`
	return nil
}
