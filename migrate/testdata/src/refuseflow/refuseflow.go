// Rule 7: a *net/url.URL from net/http where the program's URL is expected.
package refuseflow

import (
	"net/http"
	"net/url"
)

func host(u *url.URL) string { return u.Host }

// Handle passes the request's URL to a function the port changes.
func Handle(r *http.Request) string {
	return host(r.URL) // want `r.URL is a \*net/url.URL where the port expects a weburl \*url.URL`
}
