// Rule 7: a setter's error has nowhere to go.
package refusewrite

import "net/url"

// set cannot report a failed setter.
func set(u *url.URL) {
	u.Host = "example.com" // want `the setter can fail and the enclosing function neither returns an error nor has a \*testing.T`
}

// other is fine, but the package stays unchanged.
func other(u *url.URL) string { return u.Host }
