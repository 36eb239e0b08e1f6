// Rule 7: a setter's error has nowhere to go.
package refusewrite

import "net/url"

// set cannot report a failed setter.
func set(u *url.URL) {
	u.Host = "example.com" // want `the rewrite can fail and the enclosing function neither returns an error nor has a \*testing.T`
}

// other is fine, but the package stays unchanged.
func other(u *url.URL) string { return u.Host }

// dialAddr appends a default port: weburl would drop it (the
// defaultport case of ../shared/migrate-cases).
func dialAddr(u *url.URL) (string, error) {
	if u.Port() == "" {
		u.Host += ":80" // want `u.Host gets a port appended`
	}
	return u.Host, nil
}
