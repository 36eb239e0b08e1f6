package url

// ParseRequestURI: net/url's ParseRequestURI, for the request target of
// an HTTP request, made a URL of the URL Standard.

import "strings"

// opRequestURI is the [Error.Op] of ParseRequestURI's errors.
const opRequestURI = "parse request URI"

// ParseRequestURI parses target, the request target of an HTTP request
// (RFC 9112, section 3.2), into an absolute URL. It takes the two forms
// [net/url.ParseRequestURI] takes, and parses each as the URL Standard
// says (so hosts are read as by [Parse], not as by net/url: an IPv6 zone
// identifier fails, a percent-encoded domain is decoded):
//
//   - Absolute-form, a target with a scheme ("https://example.com/a?b",
//     as a proxy receives it), is parsed alone, as [Parse] parses it;
//     origin is not used.
//   - Origin-form, a target starting with '/' ("/a?b"), is a path and
//     query: it is appended to origin, which must be an origin such as
//     "https://example.com:8443" (a special scheme other than file, a
//     host and an optional port, nothing else but a trailing '/'). A
//     target starting with "//" is a path too:
//     "//not.a.user@not.a.host/just/a/path" against "http://h" gives
//     "http://h//not.a.user@not.a.host/just/a/path", where [Parse] with a
//     base would read a host.
//
// Anything else fails with an *[Error] wrapping [ErrRequestURI]:
// "", a relative path such as "foo.html" or "../dir/", a target with an
// ASCII control character (net/url refuses those too), an origin-form
// target when origin is missing or is not an origin, and the
// asterisk-form "*" of "OPTIONS * HTTP/1.1", which names the server as a
// whole and no resource, so no URL: net/url returns a URL whose Path is
// "*" for it; test for "*" before calling ParseRequestURI. An origin that
// does not parse fails with [Parse]'s error, Op "parse origin"; more than
// one origin with [ErrTooManyBases].
//
// A request target has no fragment: browsers strip it before sending.
// As with net/url, a '#' is data, not the start of a fragment: it is
// percent-encoded as %23 wherever it appears, so "/a#b" gives the path
// "/a%23b" (net/url: Path "/a#b", which its String writes "/a%23b") and
// "/a?x#y" the query "x%23y" (net/url: RawQuery "x#y"). The result
// never has a fragment.
//
// For a request a net/http server received, [github.com/weburl/url/urlnet.RequestURL]
// does this from the *http.Request: it takes the scheme from the
// connection, checks r.Host and handles the targets net/http rewrites.
func ParseRequestURI(target string, origin ...string) (*URL, error) {
	if len(origin) > 1 {
		return nil, &Error{Op: opRequestURI, Input: target, Err: ErrTooManyBases}
	}
	if !isRequestTarget(target) {
		return nil, &Error{Op: opRequestURI, Input: target, Err: ErrRequestURI}
	}
	if strings.IndexByte(target, '#') >= 0 {
		target = strings.ReplaceAll(target, "#", "%23")
	}
	if target[0] != '/' {
		u, err := Parse(target)
		setOp(err, opRequestURI, target, 0)
		return u, err
	}
	if len(origin) == 0 {
		return nil, &Error{Op: opRequestURI, Input: target, Err: ErrRequestURI}
	}
	o, err := Parse(origin[0])
	if err != nil {
		setOp(err, "parse origin", origin[0], 0)
		return nil, err
	}
	prefix := o.Origin()
	if !schemeTypeOf(o.Scheme()).tupleOrigin() || o.Href() != prefix+"/" {
		return nil, &Error{Op: "parse origin", Input: origin[0], Err: ErrRequestURI}
	}
	u, err := Parse(prefix + target)
	setOp(err, opRequestURI, target, len(prefix))
	return u, err
}

// setOp sets the Op and Input of err when it is an *[Error], and
// moves the offset of its *[ValidationError] back by cut, the length of
// what preceded input in the string parsed.
func setOp(err error, op, input string, cut int) {
	e, ok := err.(*Error)
	if !ok {
		return
	}
	e.Op, e.Input = op, input
	if v, ok := e.Err.(*ValidationError); ok && cut > 0 {
		v.Offset = max(v.Offset-cut, 0)
	}
}

// isRequestTarget reports whether target can be a request target:
// non-empty, free of ASCII controls, and starting with '/' or a scheme
// and ':'.
func isRequestTarget(target string) bool {
	if target == "" {
		return false
	}
	for i := 0; i < len(target); i++ {
		if c := target[i]; c < ' ' || c == 0x7f {
			return false
		}
	}
	if target[0] == '/' {
		return true
	}
	for i := 0; i < len(target); i++ {
		c := target[i]
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}
