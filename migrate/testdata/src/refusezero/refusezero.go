// A zero url.URL written field by field (gorilla/mux builds a query this
// way) has no weburl value that keeps its meaning: a weburl URL is always
// absolute.
package refusezero

import "net/url"

// query encodes q through a zero URL.
func query(q string) (string, error) {
	var u url.URL // want `a zero net/url.URL`
	u.RawQuery = q
	return u.Query().Get("a"), nil
}
