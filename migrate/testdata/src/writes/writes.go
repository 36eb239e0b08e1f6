// Rule 3: field writes become setters, with the error handled.
package writes

import (
	"net/url" // want `port this file from net/url`
)

// rewrite sets net/url's fields: the error is returned, wrapped.
func rewrite(s, path string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	u.Scheme = "https"
	u.Host = "example.com"
	u.Path += "/more"
	u.Path = path
	u.RawQuery = "a=1"
	u.Fragment = "top"
	u.User = url.UserPassword("me", "p@ss")
	return u, nil
}

// count returns an int and an error: the zero value is 0.
func count(u *url.URL) (int, error) {
	u.Path = "/fixed"
	return len(u.Path), nil
}
