// Port per value: a parse whose value is only serialized stays net/url's
// (weburl's would normalize the string, or fail on a relative input).
package serialized

import (
	"net/http"
	"net/url" // want `kept: [a-z]+\.go keeps [0-9]+ uses? of net/url \(neturl\.\)` `port this file from net/url`
)

// request builds a request from a URL that may be relative or empty.
func request(raw string) (*http.Request, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	return http.NewRequest("GET", u.String(), nil)
}

// scheme reads a field: it is ported.
func scheme(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	return u.Scheme + ":" + u.String(), nil
}
