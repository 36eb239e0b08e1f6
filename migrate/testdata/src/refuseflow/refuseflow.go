// Rule 7: one variable holds the program's parse and a request's URL.
package refuseflow

import (
	"net/http"
	"net/url"
)

func pick(r *http.Request, s string) string {
	u, err := url.Parse(s)
	if err != nil {
		u = r.URL // want `r.URL is a \*net/url.URL where the port expects a weburl \*url.URL`
	}
	return u.Host
}

// Handle is exported: its API keeps *net/url.URL.
func Handle(r *http.Request) string { return pick(r, "http://example.com/") }
