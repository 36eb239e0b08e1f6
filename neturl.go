package url

// Interoperation with Go's net/url: the methods and package-level names
// that let a net/url caller change the import and keep most call sites,
// and conversion of a URL to and from a *net/url.URL. docs/migration.md
// lists every name of net/url beside its counterpart here.

import (
	neturl "net/url"
	"strings"

	"github.com/weburl/url/internal/percent"
)

// Values maps a string key to a list of values: it is [net/url.Values],
// so code written for net/url keeps compiling and the two packages'
// values mix freely.
type Values = neturl.Values

// Userinfo is [net/url.Userinfo], so that code naming url.Userinfo keeps
// compiling. A URL of this package keeps its username and password in
// its href: see [URL.Username] and [URL.Password].
type Userinfo = neturl.Userinfo

// EscapeError is [net/url.EscapeError]: the error [QueryUnescape],
// [PathUnescape] and [ParseQuery] return for a malformed escape.
type EscapeError = neturl.EscapeError

// ParseQuery is [net/url.ParseQuery], unchanged: it splits the query at
// '&' only, fails on a ';' in a pair and on a malformed escape (returning
// the first error, and every pair it could parse), and does not keep the
// order of keys. [URL.Query] parses as a browser does instead.
func ParseQuery(query string) (Values, error) { return neturl.ParseQuery(query) }

// QueryEscape is [net/url.QueryEscape], unchanged: it escapes s so it can
// be placed inside a query, with space as '+'. Browsers' form encoding
// differs on '*' and '~' (see docs/encoders.md).
func QueryEscape(s string) string { return neturl.QueryEscape(s) }

// QueryUnescape is [net/url.QueryUnescape], unchanged: it turns '+' into
// space and "%XX" into the byte XX, and fails with an [EscapeError] on a
// '%' that is not followed by two hex digits.
func QueryUnescape(s string) (string, error) { return neturl.QueryUnescape(s) }

// PathEscape is [net/url.PathEscape], unchanged: it escapes s so it can
// be placed inside a path segment, '/' included.
func PathEscape(s string) string { return neturl.PathEscape(s) }

// PathUnescape is [net/url.PathUnescape], unchanged: like [QueryUnescape],
// but '+' stays '+'.
func PathUnescape(s string) (string, error) { return neturl.PathUnescape(s) }

// User is [net/url.User]: it returns a *[Userinfo] holding username and no
// password. Nothing in this package takes a *Userinfo; use it with
// net/url values (for example one made by [URL.NetURL]).
func User(username string) *Userinfo { return neturl.User(username) }

// UserPassword is [net/url.UserPassword]: it returns a *[Userinfo] holding
// username and password. See [User].
func UserPassword(username, password string) *Userinfo {
	return neturl.UserPassword(username, password)
}

// JoinPath parses base and returns its href with elem joined to its path,
// as [URL.JoinPath] does. It fails, with the *[Error] of [Parse], when base
// does not parse. Unlike [net/url.JoinPath], a ".." element never climbs
// above base's path.
func JoinPath(base string, elem ...string) (string, error) {
	u, err := Parse(base)
	if err != nil {
		return "", err
	}
	return u.JoinPath(elem...).href, nil
}

// EscapedPath returns the path in its serialized, percent-encoded form:
// the same string as [URL.Pathname], which is already escaped. For a URL with
// an opaque path ("mailto:a@example.com") that is the opaque path, where
// [net/url.URL.EscapedPath] returns "" (net/url keeps it in URL.Opaque).
func (u *URL) EscapedPath() string { return u.Pathname() }

// EscapedFragment returns the fragment, without the '#', in its
// serialized, percent-encoded form. It is "" when the fragment is null or
// empty; use Fragment to tell the two apart.
func (u *URL) EscapedFragment() string {
	f, _ := u.Fragment()
	return f
}

// RequestURI returns the path and query that an HTTP client would send
// on the request line for u: the path ("/" when it is empty), then '?'
// and the query when the query is not null. The fragment is never part of
// it. For a URL with an opaque path it is the opaque path and the query,
// as [net/url.URL.RequestURI] gives Opaque and the query.
func (u *URL) RequestURI() string {
	u = u.current()
	if u.href == "" {
		return "/"
	}
	end := u.queryEnd()
	path := u.href[u.pathStart:u.pathEnd()]
	if path == "" {
		return "/" + u.href[u.pathEnd():end]
	}
	return u.href[u.pathStart:end]
}

// redactedPassword is what Redacted writes in place of a password, as
// net/url does.
const redactedPassword = "xxxxx"

// Redacted returns the href with the password, if the URL has one,
// replaced by "xxxxx", as [net/url.URL.Redacted] does. The username is kept.
// A URL whose password is empty has none: the URL Standard does not
// serialize an empty password.
func (u *URL) Redacted() string {
	if u == nil {
		return ""
	}
	u = u.current()
	if u.Password() == "" {
		return u.href
	}
	return u.href[:u.usernameEnd+1] + redactedPassword + u.href[u.hostStart-1:]
}

// IsAbs reports whether the URL is absolute, that is, has a scheme. [Parse]
// resolves every input to an absolute URL (or fails), so IsAbs is true
// for every URL it returns; only the zero URL is not absolute.
func (u *URL) IsAbs() bool { return u.href != "" }

// Query parses the query and returns a fresh [Values] holding its
// name-value pairs. Changing the result does not change u.
//
// It parses as browsers do (the URL Standard's
// application/x-www-form-urlencoded parser, which URLSearchParams uses),
// not as [net/url.URL.Query] does: pairs are split at '&' only, so ';' is an
// ordinary character (net/url drops a pair holding one); '+' is a space;
// a '%' not followed by two hex digits is kept as it is (net/url drops the
// whole pair); and bytes that are not UTF-8 become U+FFFD. The values of
// each name keep their order; Values, a map, does not keep the order of
// names ([SearchParams] does).
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func (u *URL) Query() Values {
	v := Values{}
	q, _ := u.RawQuery()
	for _, p := range ParseForm(q) {
		v[p.Name] = append(v[p.Name], p.Value)
	}
	return v
}

// JoinPath returns a new URL with elem joined to u's path, as path
// segments. It is made for joining untrusted input below a known base
// path: nothing in elem can reach above u's path, be read as a query or
// fragment, or be split into more segments by a server that decodes the
// path once.
//
// The rules, in order:
//   - A '/' in an element separates segments; empty segments are dropped
//     (so "a//b" and "/a/" give the segments a and b).
//   - A segment the URL parser would read as "." (".", "%2e") is dropped;
//     one it would read as ".." ("..", ".%2e", "%2E.", "%2e%2e") removes
//     the segment before it, but only one added by this call: u's own
//     segments are never removed, so ".." and "a/../../b" stay below u's
//     path.
//   - Every other segment is percent-encoded with the path percent-encode
//     set, which encodes '?', '#', spaces, controls and non-ASCII, and
//     additionally '\' (%5C), which special URLs read as '/'. A '%' is
//     kept, so elements may already be escaped, as [net/url.URL.JoinPath]
//     expects ("a%20b" and "a b" both give "a%20b"), except the '%' of an
//     escaped slash or backslash (%2F, %5C in either case), which becomes
//     %25: "..%2F..%2Fetc" gives the single segment "..%252F..%252Fetc".
//
// u's path keeps its segments, less a trailing empty one ("/a/" joined
// with "b" gives "/a/b"); when nothing is added ("..", "."), u's path is
// kept as it is. The result ends with '/' when the last element does.
// u's query and fragment are kept. With no elements, or when u has
// an opaque path (which has no segments), the result is a copy of u.
//
// Differences from net/url's JoinPath: net/url cleans u's own path too
// (removing "." and ".." and collapsing "//" in it), lets ".." climb up
// to the root, and passes %2F and %5C through.
func (u *URL) JoinPath(elem ...string) *URL {
	u = u.current()
	if len(elem) == 0 || u.opaquePath || u.href == "" {
		return u.clone()
	}
	basePath := u.Pathname()
	basePath = strings.TrimSuffix(basePath, "/")
	var added []string // encoded segments added by this call
	for _, e := range elem {
		for seg := range strings.SplitSeq(e, "/") {
			switch {
			case seg == "" || isSingleDotSegment(seg):
			case isDoubleDotSegment(seg):
				if len(added) > 0 {
					added = added[:len(added)-1]
				}
			default:
				added = append(added, encodeJoinSegment(seg))
			}
		}
	}
	var b strings.Builder
	b.WriteString(u.href[:u.pathStart])
	if len(added) == 0 {
		basePath = u.Pathname()
	}
	b.WriteString(basePath)
	for _, s := range added {
		b.WriteByte('/')
		b.WriteString(s)
	}
	if strings.HasSuffix(elem[len(elem)-1], "/") && (len(added) > 0 || !strings.HasSuffix(basePath, "/")) {
		b.WriteByte('/')
	}
	b.WriteString(u.href[u.pathEnd():])
	v, err := Parse(b.String())
	if err != nil {
		// Unreachable: every segment is encoded so that the parser takes
		// it as it is. Keep u rather than return a nil *URL.
		return u.clone()
	}
	return v
}

// encodeJoinSegment percent-encodes one segment for JoinPath: the path
// percent-encode set, '\', and the '%' of "%2F" and "%5C".
func encodeJoinSegment(seg string) string {
	var b []byte
	start := 0
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		esc := percentTable[c]&PathSet != 0 || c == '\\'
		if c == '%' && i+2 < len(seg) && (seg[i+1] == '2' && seg[i+2]|0x20 == 'f' || seg[i+1] == '5' && seg[i+2]|0x20 == 'c') {
			esc = true
		}
		if !esc {
			continue
		}
		if b == nil {
			b = make([]byte, 0, len(seg)+8)
		}
		b = append(b, seg[start:i]...)
		b = percent.AppendByte(b, c)
		start = i + 1
	}
	if b == nil {
		return seg
	}
	return string(append(b, seg[start:]...))
}

// Clone returns a new URL with u's value, as [net/url.URL.Clone] (Go 1.27)
// does. The copy shares nothing with u: its [SearchParams] is its own,
// also when u's SearchParams has changes its href does not show yet. A
// URL may also be copied by assignment, as a value (docs/values.md says
// what such a copy shares).
// Clone of a nil *URL is nil, as with net/url.
func (u *URL) Clone() *URL {
	if u == nil {
		return nil
	}
	return u.clone()
}

// clone returns a new URL with u's value.
func (u *URL) clone() *URL {
	u = u.current()
	v := new(URL)
	v.href = u.href
	v.components = u.components
	return v
}

// NetURL returns a *[net/url.URL] whose String method returns u's href,
// byte for byte, for every URL this package parses (tested over all of
// WPT's urltestdata.json). Its fields are those [net/url.Parse] gives for
// the href where net/url can hold them:
//
//   - Scheme is the scheme; Opaque the opaque path of a URL that has one
//     ("mailto:a@b" gives Opaque "a@b").
//   - User, Host and Path hold the decoded username and password, the
//     host with its port ("[::1]:8080": brackets kept, as net/url wants),
//     and the decoded path, with RawPath set when the path's encoding is
//     not the one net/url would choose. OmitHost is set for a URL without
//     a host ("sc:/p"), whose path then keeps its "/." prefix if it has
//     one ("sc:/.//p" gives Path "/.//p").
//   - RawQuery is the query; ForceQuery is set for an empty query ("?").
//   - Fragment and RawFragment hold the fragment.
//
// Some URLs are beyond what net/url's fields can express; String still
// returns the href because NetURL then uses net/url's escape hatches:
//
//   - A username, password, host or path that net/url would write in
//     another way (an opaque host "sc://a{b", lowercase escapes
//     "http://%6a@h", a '|' in a path, an empty host with an empty path
//     "sc://") is written as it is into Opaque ("//a{b/"), as net/url's
//     documentation suggests; User, Host and Path keep their values, which
//     String then ignores. net/http sends such a URL's request line in
//     absolute form.
//   - A fragment net/url cannot write (an empty one, "#", or one holding
//     '#', '{', '}', '|', '\', '^' or a lone '%') is appended to RawQuery
//     after the '?' when the URL has a query, and to Opaque otherwise, and
//     Fragment is left empty. [URL.RequestURI] of the result then includes
//     the fragment; strip the fragment first ([URL.HrefWithoutFragment]) if
//     the result is for an HTTP request.
//
// NetURL returns a new value each time; changing it does not change u.
func (u *URL) NetURL() *neturl.URL {
	n := new(neturl.URL)
	u = u.current()
	if u.href == "" {
		return n
	}
	n.Scheme = u.Scheme()
	head := u.href[u.schemeEnd+1 : u.pathEnd()] // what Opaque would hold
	path := u.href[u.authorityEnd():u.pathEnd()]
	switch {
	case u.opaquePath:
		n.Opaque = path
	case u.hostKind == HostNull:
		n.OmitHost = true
		setNetPath(n, path)
	default:
		if name, pass := u.Username(), u.Password(); pass != "" {
			n.User = neturl.UserPassword(PercentDecodeString(name), PercentDecodeString(pass))
		} else if name != "" {
			n.User = neturl.User(PercentDecodeString(name))
		}
		n.Host = PercentDecodeString(u.Hostname()) + u.href[u.hostEnd:u.authorityEnd()]
		setNetPath(n, path)
	}
	if n.String() != u.Scheme()+":"+head {
		n.Opaque = head
	}
	query, hasQuery := u.RawQuery()
	n.RawQuery = query
	n.ForceQuery = hasQuery && query == ""
	if frag, ok := u.Fragment(); ok {
		n.Fragment = PercentDecodeString(frag)
		if n.EscapedFragment() != frag {
			n.RawFragment = frag
		}
		if frag == "" || n.EscapedFragment() != frag {
			// Beyond net/url's fields: write it verbatim after the query
			// or the opaque part.
			n.Fragment, n.RawFragment = "", ""
			if hasQuery {
				n.RawQuery = u.href[u.queryStart+1:]
			} else {
				n.Opaque = u.href[u.schemeEnd+1:]
			}
		}
	}
	return n
}

// setNetPath sets n's Path to the decoded path and, when net/url would
// not encode that as the URL does, RawPath to the path as it is.
func setNetPath(n *neturl.URL, path string) {
	n.Path = PercentDecodeString(path)
	if n.EscapedPath() != path {
		n.RawPath = path
	}
}

// FromNetURL returns the URL that nu's String method denotes: it parses
// nu.String() with [Parse], so the URL is normalized as a browser would
// normalize it (u.Href() may differ from nu.String()). A relative nu, one
// without a scheme, does not parse: resolve it first, with
// base.ResolveReference(nu) of net/url or [URL.Parse] of this package.
// A nil nu is the empty string, which does not parse either. The error
// is Parse's *[Error].
func FromNetURL(nu *neturl.URL) (*URL, error) {
	if nu == nil {
		return Parse("")
	}
	return Parse(nu.String())
}
