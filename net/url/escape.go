package url

// net/url's functions that do not parse a URL, unchanged.

import neturl "net/url"

// ParseQuery is [net/url.ParseQuery], unchanged, so that it agrees with
// [net/url.URL.Query] (net/url's method): it splits the query at '&' only, fails
// on a ';' in a pair and on a malformed escape (returning the first error
// and every pair it could parse), and keeps no order of keys. The root
// package's SearchParams parses a query as a browser does.
func ParseQuery(query string) (Values, error) { return neturl.ParseQuery(query) }

// QueryEscape is [net/url.QueryEscape], unchanged: it escapes s for a
// query, with space as '+'.
func QueryEscape(s string) string { return neturl.QueryEscape(s) }

// QueryUnescape is [net/url.QueryUnescape], unchanged: '+' becomes a
// space and "%XX" the byte XX; a malformed escape is an [EscapeError].
func QueryUnescape(s string) (string, error) { return neturl.QueryUnescape(s) }

// PathEscape is [net/url.PathEscape], unchanged: it escapes s for one
// path segment, '/' included.
func PathEscape(s string) string { return neturl.PathEscape(s) }

// PathUnescape is [net/url.PathUnescape], unchanged: like [QueryUnescape],
// but '+' stays '+'.
func PathUnescape(s string) (string, error) { return neturl.PathUnescape(s) }

// User is [net/url.User]: a *[Userinfo] with username and no password.
func User(username string) *Userinfo { return neturl.User(username) }

// UserPassword is [net/url.UserPassword]: a *[Userinfo] with username and
// password.
func UserPassword(username, password string) *Userinfo {
	return neturl.UserPassword(username, password)
}
