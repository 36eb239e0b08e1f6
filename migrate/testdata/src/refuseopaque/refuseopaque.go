// Rule 7: reads with no expression form.
package refuseopaque

import "net/url"

// parts reads Opaque and a password.
func parts(u *url.URL) (string, bool) {
	p, ok := u.User.Password() // want `only u.User.Username\(\)`
	return u.Opaque + p, ok    // want `net/url's Opaque field has no expression form`
}
