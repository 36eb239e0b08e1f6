// Rule 7: net/url.Error: net/http's errors stay net/url's.
package refuseerror

import (
	"errors"
	"net/http"
	"net/url"
)

// Timeout says whether a client error timed out.
func Timeout(err error) bool {
	var ue *url.Error // want `net/url.Error: net/http's errors stay`
	return errors.As(err, &ue) && ue.Timeout()
}

var _ = http.Get

// host parses with weburl once ported: its errors are weburl's, so the
// package's url.Error could mean either.
func host(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	return u.Host, nil
}
