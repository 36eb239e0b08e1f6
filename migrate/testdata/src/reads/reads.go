// Rule 2: field reads become getters with net/url's meaning.
package reads

import (
	"net/url" // want `port this file from net/url`
)

// parts returns net/url's fields of a parsed URL.
func parts(s string) ([]string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	parts := []string{u.Scheme, u.Host, u.Path, u.RawPath, u.RawQuery, u.Fragment, u.RawFragment}
	if u.RawQuery != "" {
		parts = append(parts, "has query")
	}
	if u.User != nil {
		parts = append(parts, u.User.Username())
	}
	if u.Opaque != "" {
		parts = append(parts, "opaque")
	}
	if u.ForceQuery || u.OmitHost {
		parts = append(parts, "force")
	}
	parts = append(parts, u.Hostname(), u.Port(), u.EscapedPath(), u.RequestURI())
	return parts, nil
}

type page struct {
	link *url.URL
}

// Host reads through a struct field of the program.
func (p *page) Host() string { return p.link.Host }
