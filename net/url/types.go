package url

import neturl "net/url"

// URL is [net/url.URL]: the type, its fields and its methods are
// net/url's, so a *URL from this package goes anywhere a *net/url.URL
// goes (an http.Request's URL, a proxy function's result).
//
// Only the package's functions parse with the URL Standard. The methods
// stay net/url's: [net/url.URL.Parse] and [net/url.URL.ResolveReference] resolve by RFC
// 3986 with net/url's parser; use [Resolve] for the browser's answer.
type URL = neturl.URL

// Values is [net/url.Values]: a map from a key to its values, as
// [ParseQuery] and [net/url.URL.Query] return it.
type Values = neturl.Values

// Userinfo is [net/url.Userinfo]: a URL's username and optional password.
type Userinfo = neturl.Userinfo

// Error is [net/url.Error]: the operation, the URL and the cause. The
// parsing functions of this package return it; its Err is the URL
// Standard's reason when the URL Standard refused the input (a
// *[github.com/weburl/url.ValidationError], which errors.Is matches
// against the root package's ErrorKind values), and net/url's own when
// net/url parsed a reference.
type Error = neturl.Error

// EscapeError is [net/url.EscapeError]: the error of a malformed escape,
// which [QueryUnescape], [PathUnescape] and [ParseQuery] return.
type EscapeError = neturl.EscapeError

// InvalidHostError is [net/url.InvalidHostError]: net/url's error for a
// host it cannot read. This package's parse of an absolute URL reports a
// bad host with the URL Standard's reason instead; a reference that
// net/url parses ("//[::1%zz]/") can still give it.
type InvalidHostError = neturl.InvalidHostError
