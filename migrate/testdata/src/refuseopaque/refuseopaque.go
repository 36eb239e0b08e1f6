// Rule 7: a read with no expression form.
package refuseopaque

import "net/url"

// parts reads Opaque and a password.
func parts(u *url.URL) (string, bool) {
	p, ok := u.User.Password() // want `only the reads u.User.Username\(\)`
	return u.Opaque + p, ok    // Opaque reads port (u.NetURL().Opaque)
}
