// net/url.Error in a package that makes no weburl error: every error it
// sees comes from net/http or net/url, so url.Error stays net/url's, and
// the file, with nothing else to port, stays on net/url.
package errorkept

import (
	"errors"
	"net/http"
	"net/url" // want `kept: every URL of errorkept.go goes into net/url`
)

// do returns the cause of a client error.
func do(c *http.Client, r *http.Request) error {
	_, err := c.Do(r)
	if _, ok := err.(*url.Error); ok {
		return errors.Unwrap(err)
	}
	return err
}
