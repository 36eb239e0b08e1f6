// Rule 7: a setter's error has nowhere to go.
package refusewrite

import "net/url"

// Set cannot report a failed setter.
func Set(u *url.URL) {
	u.Host = "example.com" // want `the setter can fail and the enclosing function neither returns an error nor has a \*testing.T`
}

// Other is fine, but the package stays unchanged.
func Other(u *url.URL) string { return u.Host }
