// Rule 4: struct literals and ResolveReference.
package literals

import (
	"errors"
	"net/url" // want `kept: [a-z]+\.go keeps [0-9]+ uses? of net/url \(neturl\.\)` `port this file from net/url`
)

// Fail returns an error of the program's own: it keeps net/url's type.
func Fail(s string) error {
	return &url.Error{Op: "check", URL: s, Err: errors.New("bad")}
}

// build builds a URL from its parts.
func build(host, path string) (string, error) {
	u := &url.URL{Scheme: "https", Host: host, Path: path}
	return u.String(), nil
}

// mk returns a literal.
func mk(host string) (*url.URL, error) {
	return &url.URL{Scheme: "http", Host: host}, nil
}

// resolve resolves a link against a page.
func resolve(page, link string) (string, error) {
	base, err := url.Parse(page)
	if err != nil {
		return "", err
	}
	ref, err := url.Parse(link)
	if err != nil {
		return "", err
	}
	return base.ResolveReference(ref).String(), nil
}

// links resolves each href against base (muffet's link finder): the
// reference is only checked through err before it is resolved.
func links(base *url.URL, hrefs []string) []string {
	var out []string
	for _, s := range hrefs {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		u = base.ResolveReference(u)
		out = append(out, u.String())
	}
	return out
}
