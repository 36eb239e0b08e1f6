// Port per value: a site that cannot be ported keeps its parse on
// net/url, and the rest of the file is ported.
package keepvalue

import (
	"fmt"
	"net/url" // want `kept: [a-z]+\.go keeps [0-9]+ uses? of net/url \(neturl\.\)` `port this file from net/url`
)

// abs resolves a reference that is also printed: ResolveReference has no
// weburl form here, so both parses stay net/url's.
func abs(baseStr, ref string) (string, error) {
	base, err := url.Parse(baseStr) // want `kept: this value stays net/url's, for a use of it the port cannot keep: ResolveReference`
	if err != nil {
		return "", err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	fmt.Println(r.Path)
	return base.ResolveReference(r).String(), nil
}

// dialAddr appends a default port, which weburl would drop: u stays
// net/url's.
func dialAddr(s string) (string, error) {
	u, err := url.Parse(s) // want `kept: this value stays net/url's, for a use of it the port cannot keep: u.Host gets a port appended`
	if err != nil {
		return "", err
	}
	if u.Port() == "" {
		u.Host += ":80"
	}
	return u.Host, nil
}

// host is ported.
func host(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	return u.Scheme + " " + u.Hostname(), nil
}

// Build is exported: its result keeps *net/url.URL, and so does its
// literal (gorilla/mux's Route.URL).
func Build(host string) (*url.URL, error) {
	return &url.URL{Scheme: "https", Host: host}, nil
}
