// A url.URL literal with no constant scheme may be a relative reference,
// which a weburl URL cannot hold: its value stays net/url's, and the rest
// of the package is ported.
package keepliteral

import "net/url" // want `kept: [a-z]+\.go keeps [0-9]+ uses? of net/url \(neturl\.\)` `port this file from net/url`

// relative builds a relative reference.
func relative(p string) string {
	u := &url.URL{Path: p} // want `kept: this value stays net/url.s, for a use of it the port cannot keep: a net/url.URL literal with no constant scheme`
	return u.String()
}

// host reads the host of an absolute URL.
func host(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	return u.Host, nil
}
