package url

// Canonical keys for de-duplicating URLs: the Crawler rules (WHATWG
// parsing plus normalizations that keep the resource) and the options
// that add heuristic rewrites. The Safe Browsing rules are in
// safebrowsing.go.

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/weburl/url/internal/percent"
	"github.com/weburl/url/internal/publicsuffix"

	"github.com/weburl/url/internal/ascii"
)

// A Canonicalizer turns a URL into a canonical key: two URLs that name
// the same resource under its rules get the same key. It is a small
// value of options; its methods never modify it, so one Canonicalizer
// may be used from many goroutines at once.
//
// Two profiles are ready to use: [Crawler] (WHATWG parsing plus only
// the normalizations that keep the resource) and [SafeBrowsing] (the
// canonicalization of Google Safe Browsing). To change options, copy a
// profile and set fields on the copy:
//
//	c := url.Crawler
//	c.StripWWW = true
//	key, err := c.Canonicalize(href)
//
// Every profile is idempotent: c.Canonicalize of a key returns that key.
//
// The option fields are heuristics: each may merge URLs that some site
// serves differently. They apply to web URLs (http, https, ws, wss and
// ftp) under the Crawler rules; a Canonicalizer copied from
// [SafeBrowsing] follows Google's rules exactly and returns an error
// wrapping [ErrCanonicalizerOptions] if any option is set.
type Canonicalizer struct {
	// safeBrowsing selects the Safe Browsing rules. It is unexported so
	// that the only way to get them is to copy the SafeBrowsing profile.
	safeBrowsing bool

	// TrailingSlash removes or adds a slash at the end of the path. The
	// zero value, [KeepTrailingSlash], keeps the path as it is.
	TrailingSlash SlashPolicy

	// StripWWW removes leading "www." labels from the host, unless what
	// would remain is a public suffix (so "www.co.uk" stays): the host
	// "www.example.com" becomes "example.com".
	StripWWW bool

	// RemoveTrackingParams removes the query parameters that only track
	// where a visitor came from: every name starting with "utm_", and
	// gclid, gclsrc, dclid, gbraid, wbraid, fbclid, msclkid, twclid,
	// ttclid, yclid, igshid, li_fat_id, mc_cid, mc_eid, _hsenc, _hsmi,
	// mkt_tok, oly_anon_id, oly_enc_id, vero_id, _ga and _gl (names
	// compared after percent-decoding, ignoring ASCII case).
	RemoveTrackingParams bool

	// RemoveSessionIDs removes session identifiers: the query parameters
	// jsessionid, phpsessid, sid, sessionid, session_id, sessid, cfid,
	// cftoken and every name starting with "aspsessionid" (compared as
	// for [Canonicalizer.RemoveTrackingParams]), and a ";jsessionid=..."
	// parameter at the end of the path.
	RemoveSessionIDs bool

	// RemoveIndexPage removes a last path segment that names a
	// directory's default page: index.html, index.htm, index.shtml,
	// index.php, index.asp, index.aspx, index.jsp, index.cgi,
	// default.asp, default.aspx, default.htm and default.html (ignoring
	// ASCII case). "/docs/index.html" becomes "/docs/".
	RemoveIndexPage bool
}

// SlashPolicy says what a [Canonicalizer] does with a slash at the end
// of a URL's path.
type SlashPolicy uint8

const (
	// KeepTrailingSlash keeps the path as it is: "/a" and "/a/" stay
	// apart.
	KeepTrailingSlash SlashPolicy = iota
	// RemoveTrailingSlash removes the slashes at the end of the path,
	// but the root path "/" stays: "/a/" becomes "/a".
	RemoveTrailingSlash
	// AddTrailingSlash adds a slash to a path whose last segment has no
	// dot (it looks like a directory, not a file): "/a" becomes "/a/",
	// "/a.html" stays.
	AddTrailingSlash
)

// Crawler is the profile for de-duplicating crawled URLs. It parses as
// [Parse] does (so the key is what a browser would fetch) and then
// applies only normalizations that keep the resource:
//   - the fragment is dropped;
//   - percent-encoded unreserved characters (ASCII letters and digits,
//     "-", ".", "_", "~") are decoded, and the hex digits of the
//     escapes that stay are uppercased;
//   - in a web URL (http, https, ws, wss, ftp), the query's
//     "&"-separated parameters are sorted by name, stably, comparing
//     the names as [SearchParams.Sort] does, without re-encoding any of
//     them ("?%zz" stays "?%zz"); empty parameters are removed, and so
//     is an empty query.
//
// Its options (see [Canonicalizer]) are all off. Crawler must not be
// modified: copy it to change options.
//
// The cost is one [Parse]: for an input already in canonical form
// nothing more is allocated (the key is then the input, or the input up
// to its "#", and keeps it in memory as Parse's href does), and a URL
// that changes takes one allocation more, for the key.
var Crawler = Canonicalizer{}

// SafeBrowsing is the canonicalization of Google Safe Browsing (Update
// API v4, "URLs and Hashing"), whose keys are hashed to look URLs up in
// the Safe Browsing lists. It is not WHATWG parsing but a lax parser of
// its own: see [Canonicalizer.Canonicalize]. It takes no options and
// must not be modified.
var SafeBrowsing = Canonicalizer{safeBrowsing: true}

// ErrCanonicalizerOptions is the cause of the error returned by a
// [Canonicalizer] copied from [SafeBrowsing] on which an option field was
// set: Safe Browsing's rules are fixed.
var ErrCanonicalizerOptions = errors.New("the Safe Browsing rules take no options")

// Canonicalize returns the canonical key of input under c's rules.
//
// Under the [Crawler] rules, input must be an absolute URL: a failure is
// the *[Error] that [Parse] returns. Under the [SafeBrowsing] rules:
// leading and trailing C0 controls and spaces are trimmed; tabs, CRs
// and LFs are removed; the fragment is dropped; the URL is
// percent-decoded again and again until no escape is left; then a
// missing scheme means "http://", the username, password and port are
// dropped, the host is converted to Punycode if it is
// internationalized, its leading and trailing dots are removed, runs of
// dots collapsed, an IPv4 address in any form inet_aton accepts
// (octal, hex, fewer than four parts) rewritten as four decimal
// numbers, and ASCII letters lowercased; "." and ".." segments of the
// path are resolved and runs of slashes collapsed (the query is left
// alone); and finally every byte <= 0x20 or >= 0x7F, "#" and "%" is
// percent-encoded in upper-case hex. The error is an *Error wrapping
// [HostMissing] when no host is left.
func (c Canonicalizer) Canonicalize(input string) (string, error) {
	if c.safeBrowsing {
		return c.safeBrowsingKey(input)
	}
	u, err := Parse(input)
	if err != nil {
		return "", err
	}
	return c.crawlerKey(u), nil
}

// CanonicalizeRef resolves ref against base as [URL.Parse] does (as a
// browser resolves a link in a page whose URL is base) and returns the
// canonical key of the result. A nil base makes it c.Canonicalize(ref).
func (c Canonicalizer) CanonicalizeRef(base *URL, ref string) (string, error) {
	if base == nil {
		return c.Canonicalize(ref)
	}
	u, err := base.Parse(ref)
	if err != nil {
		return "", err
	}
	return c.CanonicalizeURL(u)
}

// CanonicalizeURL returns the canonical key of a parsed URL, without
// parsing it again under the [Crawler] rules (the [SafeBrowsing] rules
// read u's href). u is not modified. A nil or zero URL is an error.
func (c Canonicalizer) CanonicalizeURL(u *URL) (string, error) {
	if u == nil || u.Href() == "" {
		return "", &Error{Op: "canonicalize", Err: &ValidationError{Kind: MissingSchemeNonRelativeURL, Fatal: true}}
	}
	if c.safeBrowsing {
		return c.safeBrowsingKey(u.Href())
	}
	return c.crawlerKey(u), nil
}

func (c Canonicalizer) hasOptions() bool {
	return c.TrailingSlash != KeepTrailingSlash || c.StripWWW || c.RemoveTrackingParams ||
		c.RemoveSessionIDs || c.RemoveIndexPage
}

// crawlerKey applies the Crawler rules and c's options to u.
func (c Canonicalizer) crawlerKey(u *URL) string {
	key := c.crawlerRewrite(u)
	if u.Scheme() != "file" || key == u.HrefWithoutFragment() {
		return key
	}
	// In a file URL, decoding can make a Windows drive letter
	// ("/%43|/" becomes "/C|/"), which the parser then rewrites: parse
	// the key again until it is stable (twice at most in practice).
	for range 4 {
		v, err := Parse(key)
		if err != nil {
			break
		}
		next := c.crawlerRewrite(v)
		if next == key {
			break
		}
		key = next
	}
	return key
}

// crawlerRewrite returns u's href without its fragment, rewritten by
// the Crawler rules and c's options. When nothing changes, it returns a
// substring of u's href and allocates nothing.
func (c Canonicalizer) crawlerRewrite(u *URL) string {
	href := u.HrefWithoutFragment()
	query, hasQuery := u.RawQuery()
	pathEnd := len(href)
	if hasQuery {
		pathEnd -= len(query) + 1
	}
	pathStart := pathEnd - len(u.Pathname())
	prefix, path := href[:pathStart], href[pathStart:pathEnd]
	web := isWebScheme(u.Scheme())

	// The host, when StripWWW changes it.
	hostStart, hostEnd, host := 0, 0, ""
	if web && c.StripWWW && u.HostKind() == HostDomain {
		hostEnd = pathStart
		if port := u.Port(); port != "" {
			hostEnd -= len(port) + 1
		}
		hostStart = hostEnd - len(u.Hostname())
		host = stripWWW(href[hostStart:hostEnd])
	}
	hostChanged := host != "" && len(host) != hostEnd-hostStart

	// The path's tail, when the options change it.
	tail, addSlash := path, false
	if web {
		tail, addSlash = c.pathTail(path)
	}

	// The query: in a web URL, its parameters (kept, sorted).
	var (
		buf     [16]string
		params  []string
		qChange bool
	)
	if web && hasQuery {
		params, qChange = c.planQuery(buf[:0], query)
	}

	changed := hostChanged || len(tail) != len(path) || addSlash ||
		normalizeEscapes(nil, prefix) || normalizeEscapes(nil, tail)
	if hasQuery && !changed {
		if web {
			changed = qChange
		} else {
			changed = normalizeEscapes(nil, query)
		}
	}
	if !changed {
		return href
	}

	var b strings.Builder
	b.Grow(len(href) + 1)
	if hostChanged {
		normalizeEscapes(&b, prefix[:hostStart])
		b.WriteString(host)
		normalizeEscapes(&b, prefix[hostEnd:])
	} else {
		normalizeEscapes(&b, prefix)
	}
	normalizeEscapes(&b, tail)
	if addSlash {
		b.WriteByte('/')
	}
	switch {
	case !hasQuery:
	case web:
		writeParams(&b, params)
	default:
		b.WriteByte('?')
		normalizeEscapes(&b, query)
	}
	return b.String()
}

// isWebScheme reports whether scheme (lowercase, as a URL holds it) is
// one of the special schemes but file: the schemes whose query is a
// list of parameters for a server.
func isWebScheme(scheme string) bool { return schemeTypeOf(scheme).tupleOrigin() }

// stripWWW removes leading "www." labels from an ASCII domain, as long
// as what remains is more than a public suffix.
func stripWWW(host string) string {
	for strings.HasPrefix(host, "www.") {
		rest := host[len("www."):]
		if rest == "" || rest[0] == '.' {
			break
		}
		suffix := strings.TrimSuffix(rest, ".")
		if publicsuffix.PublicSuffix(suffix) == suffix {
			break
		}
		host = rest
	}
	return host
}

// pathTail applies the path options of c to a web URL's path: it
// returns the path with its tail removed (a prefix of path) and whether
// a slash must be added. Removals repeat until none applies, so that
// "/a/index.html/" with both RemoveIndexPage and RemoveTrailingSlash
// becomes "/a", and the result is stable.
func (c Canonicalizer) pathTail(path string) (string, bool) {
	if c.TrailingSlash == KeepTrailingSlash && !c.RemoveSessionIDs && !c.RemoveIndexPage {
		return path, false
	}
	for {
		last := path[strings.LastIndexByte(path, '/')+1:]
		if c.RemoveSessionIDs {
			if j := indexJSessionID(last); j >= 0 {
				path = path[:len(path)-len(last)+j]
				// What is left of the segment may be "." or "..",
				// which the parser would resolve: resolve it here.
				switch last = last[:j]; {
				case isDotSegment(last):
					path = path[:len(path)-len(last)]
				case isDotDotSegment(last):
					path = path[:len(path)-len(last)]
					if len(path) > 1 {
						path = path[:strings.LastIndexByte(path[:len(path)-1], '/')+1]
					}
				}
				continue
			}
		}
		if c.RemoveIndexPage && last != "" && isIndexPage(last) {
			path = path[:len(path)-len(last)]
			continue
		}
		if c.TrailingSlash == RemoveTrailingSlash && last == "" && len(path) > 1 {
			path = path[:len(path)-1]
			continue
		}
		add := c.TrailingSlash == AddTrailingSlash && last != "" && !hasDot(last)
		return path, add
	}
}

// indexJSessionID returns the index in a path segment of a
// ";jsessionid=" parameter (letters possibly percent-encoded, ASCII
// case ignored), or -1.
func indexJSessionID(seg string) int {
	for i := 0; i < len(seg); i++ {
		if seg[i] == ';' {
			if _, ok := matchDecodedFold(seg[i+1:], "jsessionid="); ok {
				return i
			}
		}
	}
	return -1
}

// isDotSegment reports whether a path segment is "." or "%2e" (the URL
// Standard's single-dot URL path segment).
func isDotSegment(seg string) bool {
	return seg == "." || len(seg) == 3 && seg[0] == '%' && seg[1] == '2' && seg[2]|0x20 == 'e'
}

// isDotDotSegment reports whether a path segment is "..", ".%2e",
// "%2e." or "%2e%2e", in any case (a double-dot URL path segment).
func isDotDotSegment(seg string) bool {
	for _, half := range [...]int{1, 3} {
		if len(seg) > half && isDotSegment(seg[:half]) && isDotSegment(seg[half:]) {
			return true
		}
	}
	return false
}

// isIndexPage reports whether a path segment names a default page.
func isIndexPage(seg string) bool {
	for _, page := range [...]string{
		"index.html", "index.htm", "index.shtml", "index.php", "index.asp",
		"index.aspx", "index.jsp", "index.cgi",
		"default.asp", "default.aspx", "default.htm", "default.html",
	} {
		if n, ok := matchDecodedFold(seg, page); ok && n == len(seg) {
			return true
		}
	}
	return false
}

// hasDot reports whether a path segment has a ".", literal or
// percent-encoded.
func hasDot(seg string) bool {
	for i := 0; i < len(seg); i++ {
		if seg[i] == '.' || seg[i] == '%' && i+2 < len(seg) && seg[i+1] == '2' && seg[i+2]|0x20 == 'e' {
			return true
		}
	}
	return false
}

// matchDecodedFold reports whether s starts with pat (ASCII lowercase,
// no "%") once the percent-encoded unreserved characters of s are
// decoded and ASCII case is ignored, and how many bytes of s matched.
func matchDecodedFold(s, pat string) (int, bool) {
	i := 0
	for k := 0; k < len(pat); k++ {
		if i >= len(s) {
			return 0, false
		}
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if d := unhex(s[i+1])<<4 | unhex(s[i+2]); percent.IsUnreserved(d) {
				c = d
				i += 2
			}
		}
		i++
		c = ascii.LowerByte(c)
		if c != pat[k] {
			return 0, false
		}
	}
	return i, true
}

// normalizeEscapes writes s to w with its percent-encoded unreserved
// characters decoded and the hex digits of the other escapes
// uppercased, and reports whether that changed anything. With a nil w
// it only reports, and returns at the first change.
//
// An escape is not decoded to a hex digit right after a lone "%", or
// after a lone "%" and a hex digit: "%%34%31" would become "%41", a new
// escape, and the result would not be stable.
func normalizeEscapes(w *strings.Builder, s string) bool {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		if w != nil {
			w.WriteString(s)
		}
		return false
	}
	changed := false
	start := 0 // s[start:i] is yet to be written
	for ; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			continue
		}
		d := unhex(s[i+1])<<4 | unhex(s[i+2])
		decode := percent.IsUnreserved(d)
		if decode && isHex(d) && afterLonePercent(s, start, i) {
			decode = false
		}
		if !decode && !isLowerHex(s[i+1]) && !isLowerHex(s[i+2]) {
			i += 2
			continue
		}
		changed = true
		if w == nil {
			return true
		}
		w.WriteString(s[start:i])
		if decode {
			w.WriteByte(d)
		} else {
			w.WriteByte('%')
			w.WriteByte(percent.UpperHex[d>>4])
			w.WriteByte(percent.UpperHex[d&15])
		}
		i += 2
		start = i + 1
	}
	if w != nil {
		w.WriteString(s[start:])
	}
	return changed
}

// afterLonePercent reports whether the output ends, before s[i], with
// a "%" that starts no escape, or with such a "%" and a hex digit. The
// output's last bytes are s[start:i]; a byte written before them (a
// decoded character or the last digit of an escape) is never a "%", and
// a decoded hex digit never follows a lone "%", so only s[start:i]
// matters.
func afterLonePercent(s string, start, i int) bool {
	if i-start >= 1 && s[i-1] == '%' {
		return true
	}
	return i-start >= 2 && s[i-2] == '%' && isHex(s[i-1])
}

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

// planQuery splits a web URL's query on "&", drops the empty
// parameters and the ones c's options remove, and sorts the rest stably
// by name. It appends the parameters kept to params and reports whether
// the query changes.
func (c Canonicalizer) planQuery(params []string, query string) ([]string, bool) {
	if query == "" {
		return params, true // an empty query is dropped
	}
	changed, sorted := false, true
	for rest := query; ; {
		param, after, more := strings.Cut(rest, "&")
		switch {
		case param == "" || c.removesParam(param):
			changed = true
		default:
			if n := len(params); n > 0 && sorted && compareFormNames(paramName(params[n-1]), paramName(param)) > 0 {
				sorted = false
			}
			params = append(params, param)
			if !changed && normalizeEscapes(nil, param) {
				changed = true
			}
		}
		if !more {
			break
		}
		rest = after
	}
	if !sorted {
		changed = true
		slices.SortStableFunc(params, func(a, b string) int {
			return compareFormNames(paramName(a), paramName(b))
		})
	}
	return params, changed
}

// writeParams writes the parameters of a query, with its "?" when there
// is any.
func writeParams(w *strings.Builder, params []string) {
	for i, p := range params {
		if i == 0 {
			w.WriteByte('?')
		} else {
			w.WriteByte('&')
		}
		normalizeEscapes(w, p)
	}
}

// paramName returns the name part of a raw query parameter.
func paramName(param string) string {
	if i := strings.IndexByte(param, '='); i >= 0 {
		return param[:i]
	}
	return param
}

// removesParam reports whether c's options remove a raw query
// parameter.
func (c Canonicalizer) removesParam(param string) bool {
	if !c.RemoveTrackingParams && !c.RemoveSessionIDs {
		return false
	}
	var buf [16]byte
	name, complete := decodeNamePrefix(paramName(param), buf[:])
	if c.RemoveTrackingParams && isTrackingParam(name, complete) {
		return true
	}
	return c.RemoveSessionIDs && isSessionParam(name, complete)
}

// decodeNamePrefix decodes the start of a raw parameter name as the
// application/x-www-form-urlencoded parser does ("+" is a space, escapes
// are decoded), ASCII-lowercased, into buf; complete reports whether
// the whole name fit.
func decodeNamePrefix(raw string, buf []byte) (name []byte, complete bool) {
	r := formReader{s: raw}
	n := 0
	for n < len(buf) {
		c, ok := r.nextByte()
		if !ok {
			return buf[:n], true
		}
		c = ascii.LowerByte(c)
		buf[n] = c
		n++
	}
	return buf[:n], r.i == len(raw)
}

func isTrackingParam(name []byte, complete bool) bool {
	if len(name) >= 4 && string(name[:4]) == "utm_" {
		return true
	}
	if !complete {
		return false
	}
	switch string(name) {
	case "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "msclkid",
		"twclid", "ttclid", "yclid", "igshid", "li_fat_id", "mc_cid", "mc_eid",
		"_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id",
		"_ga", "_gl":
		return true
	}
	return false
}

func isSessionParam(name []byte, complete bool) bool {
	if len(name) >= 12 && string(name[:12]) == "aspsessionid" {
		return true
	}
	if !complete {
		return false
	}
	switch string(name) {
	case "jsessionid", "phpsessid", "sid", "sessionid", "session_id", "sessid",
		"cfid", "cftoken":
		return true
	}
	return false
}

// formReader reads the bytes of a raw application/x-www-form-urlencoded
// name as the form parser decodes them: "+" is a space and "%" followed
// by two hex digits is the byte they denote. With plain set it reads a
// Go string as it is, for compareUTF16.
type formReader struct {
	s     string
	i     int
	plain bool // no decoding; each byte that is not part of valid UTF-8 is a U+FFFD
}

func (r *formReader) nextByte() (byte, bool) {
	if r.i >= len(r.s) {
		return 0, false
	}
	c := r.s[r.i]
	switch {
	case c == '+':
		c = ' '
	case c == '%' && r.i+2 < len(r.s) && isHex(r.s[r.i+1]) && isHex(r.s[r.i+2]):
		c = unhex(r.s[r.i+1])<<4 | unhex(r.s[r.i+2])
		r.i += 2
	}
	r.i++
	return c, true
}

// nextRune decodes the next code point of the decoded bytes as UTF-8
// decode without BOM does: each maximal ill-formed subsequence becomes
// one U+FFFD (https://encoding.spec.whatwg.org/#utf-8-decoder).
func (r *formReader) nextRune() (rune, bool) {
	if r.plain {
		if r.i >= len(r.s) {
			return 0, false
		}
		c, n := utf8.DecodeRuneInString(r.s[r.i:])
		r.i += n
		return c, true
	}
	b0, ok := r.nextByte()
	if !ok {
		return 0, false
	}
	if b0 < utf8.RuneSelf {
		return rune(b0), true
	}
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case 0xC2 <= b0 && b0 <= 0xDF:
		need = 1
	case 0xE0 <= b0 && b0 <= 0xEF:
		need = 2
		if b0 == 0xE0 {
			lo = 0xA0
		} else if b0 == 0xED {
			hi = 0x9F
		}
	case 0xF0 <= b0 && b0 <= 0xF4:
		need = 3
		if b0 == 0xF0 {
			lo = 0x90
		} else if b0 == 0xF4 {
			hi = 0x8F
		}
	default:
		return utf8.RuneError, true
	}
	cp := rune(b0) & (0x3F >> need)
	for k := 0; k < need; k++ {
		save := *r
		b, ok := r.nextByte()
		if !ok || b < lo || b > hi {
			*r = save
			return utf8.RuneError, true
		}
		lo, hi = 0x80, 0xBF
		cp = cp<<6 | rune(b&0x3F)
	}
	return cp, true
}

// compareFormNames compares two raw query parameter names as
// URLSearchParams's sort compares the decoded names (see
// compareRunesUTF16). It decodes as it goes and allocates nothing.
// https://url.spec.whatwg.org/#dom-urlsearchparams-sort
func compareFormNames(a, b string) int {
	if a == b {
		return 0
	}
	return compareRunesUTF16(&formReader{s: a}, &formReader{s: b})
}
