package url

// The parsing functions: the URL Standard for what has a scheme, net/url
// for the references it keeps as they are.

import (
	"errors"
	neturl "net/url"
	"path"
	"strings"

	weburl "github.com/weburl/url"
)

// Parse parses rawURL into a URL, as [net/url.Parse] does, with the URL
// Standard's parser for an absolute URL:
//
//   - rawURL with a scheme ("https://Example.com/a/../b", "mailto:x@y")
//     is parsed as a browser parses it (leading and trailing spaces and
//     C0 controls stripped, tabs and newlines removed, the host lowercased
//     and IDNA-encoded, dot segments and default ports dropped, ...), and
//     the URL is returned in net/url's struct: its String method gives
//     the browser's href ([github.com/weburl/url.URL.NetURL] says how each
//     field is filled), but for the fragment: an empty fragment is
//     dropped, and '{', '}', '|', '\', '^', '#' and a lone '%' in a
//     fragment are escaped, as net/url writes them. Input a browser
//     refuses fails with an *[Error]
//     whose Err is the URL Standard's reason.
//   - rawURL with no scheme is a reference, which has no URL until it is
//     resolved against a base: Parse keeps it exactly as net/url.Parse
//     does, so that base.ResolveReference(ref) and base.Parse(ref) go on
//     working, and fails where net/url.Parse fails. [Resolve] resolves a
//     reference as a browser does.
//
// Whether rawURL has a scheme is the URL Standard's scheme state's
// answer: after the stripped characters, an ASCII letter, then letters,
// digits, '+', '-' or '.', then ':'.
func Parse(rawURL string) (*URL, error) {
	if !hasScheme(rawURL) {
		return neturl.Parse(rawURL)
	}
	u, err := weburl.Parse(rawURL)
	if err != nil {
		return nil, netError("parse", rawURL, err)
	}
	return netURL(u), nil
}

// netURL returns u in net/url's struct: [weburl.URL.NetURL] of u
// without its fragment, and the fragment in Fragment (and RawFragment,
// when net/url would not write it as u does). NetURL itself keeps every
// byte of the href, a fragment net/url cannot write included, by moving
// it into Opaque or RawQuery; here the fragment, which never reaches a
// server, is what gives: an empty fragment is dropped, as net/url drops
// it, and '{', '}', '|', '\', '^', '#' and a lone '%' in a fragment are
// escaped as net/url escapes them, so that every other field holds what
// it says and a request for the URL has no '#'.
func netURL(u *weburl.URL) *URL {
	frag, ok := u.Fragment()
	if !ok {
		return u.NetURL()
	}
	w := *u // a URL is a value: changing the copy leaves u as it is
	w.SetHash("")
	n := w.NetURL()
	if frag != "" {
		n.Fragment = weburl.PercentDecodeString(frag)
		if n.EscapedFragment() != frag {
			n.RawFragment = frag
			if n.EscapedFragment() != frag {
				n.RawFragment = "" // net/url cannot write it as it is
			}
		}
	}
	return n
}

// ParseRequestURI parses rawURL, the request target of an HTTP request,
// into a URL, as [net/url.ParseRequestURI] does: the target has no
// fragment, so a '#' in it is data. The two forms it takes are read as
// follows:
//
//   - An absolute-form target ("http://example.com/a?b", as a proxy
//     receives it) is parsed by the URL Standard, with each '#'
//     percent-encoded, as [github.com/weburl/url.ParseRequestURI] does.
//   - An origin-form target ("/a?b") and the asterisk-form "*" are kept
//     as net/url keeps them: they name a resource of the server that
//     received them, and net/http's server reads them that way.
//
// Anything else (a relative path such as "a/b", "") fails, as in
// net/url.
func ParseRequestURI(rawURL string) (*URL, error) {
	if rawURL == "*" || len(rawURL) > 0 && rawURL[0] == '/' || !hasScheme(rawURL) {
		return neturl.ParseRequestURI(rawURL)
	}
	u, err := weburl.ParseRequestURI(rawURL)
	if err != nil {
		return nil, netError("parse", rawURL, err)
	}
	return netURL(u), nil
}

// Resolve resolves the reference ref against base as a browser resolves
// a link: it is the URL Standard's parser given ref and base's String,
// the browser's new URL(ref, base). It is the browser's counterpart of
// base.Parse(ref) (net/url's method, RFC 3986): "../a" never climbs above
// the root, "\" is "/" in special URLs, "//host" takes base's scheme, and
// the result is normalized as [Parse] normalizes an absolute URL.
//
// The error is an *[Error]: Op "parse" when ref cannot be resolved, and
// "parse base" when base has no scheme (a reference itself, or nil) or is
// otherwise refused by the URL Standard.
func Resolve(base *URL, ref string) (*URL, error) {
	b := ""
	if base != nil {
		b = base.String()
	}
	u, err := weburl.Parse(ref, b)
	if err != nil {
		var we *weburl.Error
		if errors.As(err, &we) && we.Op != "parse" {
			return nil, netError(we.Op, b, err)
		}
		return nil, netError("parse", ref, err)
	}
	return netURL(u), nil
}

// JoinPath returns base with the elements joined to its path, as
// [net/url.JoinPath] does: base is parsed with [Parse] (so an absolute
// base is read as a browser reads it), then joined by net/url's
// [net/url.URL.JoinPath] method, which cleans "." and ".." from the result (a
// ".." can climb into base's own path), and serialized by String. A
// joined path with a malformed escape ("100%") fails with an
// [EscapeError], as in net/url.
func JoinPath(base string, elem ...string) (result string, err error) {
	u, err := Parse(base)
	if err != nil {
		return "", err
	}
	if _, err := neturl.PathUnescape(joinedPath(u, elem)); err != nil {
		return "", err
	}
	return u.JoinPath(elem...).String(), nil
}

// joinedPath is the escaped path net/url's URL.JoinPath sets on a copy
// of u (its unexported joinPath), whose error net/url.JoinPath returns
// and the method drops: path.Join of u's escaped path and elem, kept
// relative when u's path is, with a trailing '/' kept.
func joinedPath(u *URL, elem []string) string {
	elem = append([]string{u.EscapedPath()}, elem...)
	var p string
	if !strings.HasPrefix(elem[0], "/") {
		elem[0] = "/" + elem[0]
		p = path.Join(elem...)[1:]
	} else {
		p = path.Join(elem...)
	}
	if strings.HasSuffix(elem[len(elem)-1], "/") && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p
}

// netError is the *Error the parsing functions return for a failure of
// the URL Standard's parser: net/url's Op and URL, and as its Err the
// cause of weburl's *[weburl.Error] (a *[weburl.ValidationError] with the
// spec's name, or a sentinel such as [weburl.ErrTooLong]).
func netError(op, input string, err error) error {
	var we *weburl.Error
	if errors.As(err, &we) && we.Err != nil {
		err = we.Err
	}
	return &Error{Op: op, URL: input, Err: err}
}

// hasScheme reports whether s begins with a scheme and ':' as the URL
// Standard's basic URL parser reads it: leading C0 controls and spaces
// are stripped, ASCII tabs and newlines are removed wherever they are,
// and the scheme is an ASCII letter followed by letters, digits, '+',
// '-' and '.'.
func hasScheme(s string) bool {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	n := 0 // scheme bytes seen
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t' || c == '\n' || c == '\r':
		case 'a' <= c|0x20 && c|0x20 <= 'z':
			n++
		case n > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
			n++
		case c == ':':
			return n > 0
		default:
			return false
		}
	}
	return false
}
