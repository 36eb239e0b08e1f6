// Package url parses, resolves and edits URLs exactly as web browsers do,
// after the WHATWG URL Standard (https://url.spec.whatwg.org/):
//
//	u, err := url.Parse("../img/logo.png", "https://example.com/docs/")
//	// u.Href() is "https://example.com/img/logo.png"
//	u.Hostname()                // "example.com"
//	u.SearchParams().Set("q", "go")
//
// Coming from net/url: change the import to
// "github.com/weburl/url" and read docs/migration.md in this module's
// source, which gives every name of net/url its counterpart here, the
// changes that break code silently first. Most call sites keep compiling: Parse(s),
// (*URL).Parse, String, Hostname, Port, Query, RequestURI, Redacted and
// JoinPath keep their names; net/url's fields are methods here; and
// [URL.NetURL] and [FromNetURL] convert at the net/http boundary.
//
// A URL is stored as its serialization (the href) plus the offsets of
// its components, so every getter returns a substring and allocates
// nothing:
//
//	https://user:pass@example.com:8080/a/b?q=1#frag
//	      |     |    |          |    |   |   |
//	      |     |    |          |    |   |   fragmentStart ('#')
//	      |     |    |          |    |   queryStart ('?')
//	      |     |    |          |    pathStart
//	      |     |    |          hostEnd (':' of the port, if any)
//	      |     |    hostStart
//	      |     usernameEnd (':' of the password, or '@')
//	      schemeEnd (':')
//
// Parse(input) is source-compatible with [net/url.Parse]; Parse(input,
// base) resolves a link against a base URL as a browser does.
//
// Input that is not valid UTF-8: the URL Standard parses a string of
// Unicode scalar values. Go strings may hold any bytes, so every byte
// that is not part of a valid UTF-8 sequence is read as U+FFFD, the
// replacement character, which the parser then percent-encodes (as
// %EF%BF%BD) like any other non-ASCII code point, or rejects where the
// standard rejects U+FFFD (in a domain).
package url

import (
	"encoding/binary"
	"math"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/weburl/url/internal/ascii"
)

// schemeType tells the special schemes apart from the others: it is
// the index of the scheme's row in specialSchemes, 0 (schemeOther) for a
// scheme that is not special.
// https://url.spec.whatwg.org/#special-scheme
type schemeType uint8

// The special schemes the code names; their values are their rows in
// specialSchemes.
const (
	schemeOther schemeType = iota
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
	schemeFTP
	schemeFile
)

// specialSchemes is the URL Standard's table of special schemes and their
// default ports, the one place that lists them: the parser, the fast path,
// the origin, the canonicalizers and the setters read it through
// schemeTypeOf, special, defaultPort and tupleOrigin. A new special scheme
// is a row here (a constant above only if the code names it).
// https://url.spec.whatwg.org/#special-scheme
var specialSchemes = [...]struct {
	name string // lowercase
	port int    // the default port; -1 for none
}{
	schemeOther: {"", -1},
	schemeHTTP:  {"http", 80},
	schemeHTTPS: {"https", 443},
	schemeWS:    {"ws", 80},
	schemeWSS:   {"wss", 443},
	schemeFTP:   {"ftp", 21},
	schemeFile:  {"file", -1},
}

// schemeTypeOf returns the row of specialSchemes whose name is s, ASCII
// case-insensitively (the parser lowercases the scheme as it copies it),
// or schemeOther.
func schemeTypeOf(s string) schemeType {
	for t := schemeType(1); int(t) < len(specialSchemes); t++ {
		if name := specialSchemes[t].name; len(name) == len(s) && asciiEqualFold(s, name) {
			return t
		}
	}
	return schemeOther
}

// asciiEqualFold reports whether s equals lower, which is lowercase
// ASCII, ignoring the case of the ASCII letters of s.
func asciiEqualFold(s, lower string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		c = ascii.LowerByte(c)
		if c != lower[i] {
			return false
		}
	}
	return true
}

func (s schemeType) special() bool { return s != schemeOther }

// defaultPort returns the scheme's default port, or -1 when it has none.
// https://url.spec.whatwg.org/#default-port
func (s schemeType) defaultPort() int { return specialSchemes[s].port }

// tupleOrigin reports whether a URL of the scheme has a tuple origin of
// its own: the special schemes but file (whose origin the standard leaves
// to the implementation, and which is opaque here).
// https://url.spec.whatwg.org/#concept-url-origin
func (s schemeType) tupleOrigin() bool { return s.special() && s != schemeFile }

// components are the offsets of a URL's parts in its href (see the
// package documentation for the picture), and the facts about it that
// the href alone does not say cheaply.
type components struct {
	schemeEnd     uint32 // index of the ':' ending the scheme
	usernameEnd   uint32 // end of the username
	hostStart     uint32 // start of the host (after '@' if credentials)
	hostEnd       uint32 // end of the host (the port's ':' if any)
	pathStart     uint32 // start of the path (after a "/." prefix)
	queryStart    uint32 // index of '?'; 0 when the query is null
	fragmentStart uint32 // index of '#'; 0 when the fragment is null
	hostKind      HostKind
	scheme        schemeType
	opaquePath    bool
}

// record is a URL record in serialized form: the href and the offsets
// of its components. A URL is one, with its SearchParams; the parser
// holds its base URL as one, by value, so that a base parsed into a URL
// on the stack stays there (the parser's methods leak what it points
// to).
type record struct {
	href string
	components
}

// URL is a parsed URL: a URL record of the URL Standard, kept in
// serialized form. The zero URL is empty: every getter returns "". It is
// not a URL (it has no scheme), so it has no query for its [SearchParams]
// to update: changes to them change only their list, and the URL stays
// the zero URL until [URL.SetHref] or an Unmarshal method makes it a URL.
//
// # Concurrency
//
// This is the rule for a URL and the SearchParams it returns; other
// documentation refers here. A URL is read by every method but the
// setters (SetHref ... [URL.SetHash]), [URL.UnmarshalText],
// [URL.UnmarshalBinary], [URL.UnmarshalJSON] and [URL.Scan]; its SearchParams
// are read by Get, GetAll, Has, Len, String, All, Keys and Values, and
// changed by Append, Set, Delete and Sort. Any number of goroutines may read
// a URL and its SearchParams at once, including the first call of
// SearchParams, which makes them. A change to either must not run
// concurrently with any other use of the same URL or of its SearchParams:
// order it before the readers (with a mutex, a channel or sync.WaitGroup),
// and they may again read concurrently. The first read of the href after a
// change to the SearchParams rebuilds it under a lock of the SearchParams'
// own, which readers may meet but need not know about.
type URL struct {
	record

	// pending, when not nil, is the SearchParams whose changes href does
	// not show yet: the query in href, and with it the fragment offset,
	// are out of date (what comes before the query is not). The getters
	// of the query and of the whole href read current() instead. Only
	// the SearchParams' changes and the setters write it; a plain field,
	// not searchParams, whose atomic load makes the URL escape to the
	// heap.
	pending *SearchParams

	// searchParams is the URL's URLSearchParams object, made on first
	// use. A plain pointer, so that a URL is a value that go vet lets
	// one copy (v = append(v, *u)), as netip.Addr is; SearchParams reads
	// and sets it with sync/atomic's functions, as concurrent readers
	// may race to make it (see loadSearchParams).
	searchParams *SearchParams

	// buf is the buffer the setters write new hrefs into (hrefbuf.go),
	// made by the first setter that changes the href; nil until then.
	// A hint only: a setter writes after the href in place only when
	// the href is seen to end where buf's claimed room does. Copies of
	// the URL share it; a plain pointer to a header whose count is
	// atomic, so that a copy stays vet-clean.
	buf *hrefBuf
}

// Parser parses URLs with options: a legacy encoding for queries (as in a
// document in that encoding), and a callback that receives every
// validation error. The zero Parser is ready to use and is what [Parse]
// uses. A Parser may be used from many goroutines at once if its
// callback allows it.
type Parser struct {
	// Encoding, if non-nil, encodes the query of special URLs (but ws: and
	// wss:) before percent-encoding, as the URL parser's encoding
	// argument does for a document in that encoding: a code point it
	// cannot represent becomes "&#N;", percent-encoded. nil means UTF-8.
	Encoding encoding.Encoding

	// OnValidationError, if non-nil, is called for every validation error
	// the parser meets, in the order it meets them; the last one of a
	// failed parse is Fatal. When nil, the parser does no work to find
	// them. The parser keeps nothing per error: what to keep is the
	// callback's choice ([ValidationLog.Add] keeps the first few and
	// counts the rest).
	OnValidationError func(ValidationError)

	// MaxLength, if positive, is the longest input, and the longest
	// href, in bytes, that the Parser accepts: a longer one fails with
	// [ErrTooLong] before any work is done on it, or as soon as the href
	// outgrows it (percent-encoding can make an href nine times as long
	// as its input). A server can set it to bound the work and memory
	// one request costs. Zero means the most a URL can hold: 4 GiB less
	// one byte.
	MaxLength int
}

// hrefLimit is the longest href a URL can hold: its offsets are 32-bit.
// A variable only so that tests can lower it.
var hrefLimit uint64 = math.MaxUint32

// limit returns the longest input and href the Parser accepts.
func (pr *Parser) limit() uint64 {
	if pr.MaxLength > 0 && uint64(pr.MaxLength) < hrefLimit {
		return uint64(pr.MaxLength)
	}
	return hrefLimit
}

// Parse parses input, which may be relative to an optional base URL, and
// returns the URL or an *[Error]. It is the URL Standard's URL parser: given
// Parse(input, base), base is parsed first and input is resolved against
// it. More than one base is an error ([ErrTooManyBases]).
//
// Parse(rawURL) compiles wherever net/url's Parse(rawURL) did, but
// rejects what browsers reject (a relative reference with no base, for
// one) and normalizes as browsers do.
//
// When input is already in normal form, the URL's href is input itself
// (no copy is made), as net/url's fields are substrings of its input: a
// URL parsed from a substring of a large string keeps that string in
// memory. Pass strings.Clone(input) if that matters.
func Parse(input string, base ...string) (*URL, error) {
	// Small enough to inline, so that a caller that does not keep the
	// URL can have it on its stack: parsing a URL in normal form then
	// allocates nothing.
	return parseURL(new(URL), input, base)
}

// parseURL is Parse's worker, out of line: it fills u and returns it,
// or nil and the error.
//
//go:noinline
func parseURL(u *URL, input string, base []string) (*URL, error) {
	var pr Parser
	if len(base) == 0 && uint64(len(input)) <= hrefLimit {
		// parseInto's route (route.go) for the zero Parser, without its
		// call: step 1 here, the rest in parseDeclined.
		stop, ok := parseNormalized(input, &u.components)
		if ok {
			u.href = input
			u.assertInvariants("parse")
			return u, nil
		}
		if err := pr.parseDeclined(u, input, nil, "parse", stop); err != nil {
			return nil, err
		}
		return u, nil
	}
	if err := pr.parseBases(u, input, base); err != nil {
		return nil, err
	}
	return u, nil
}

// Parse parses input against an optional base URL with the [Parser]'s
// options. See the package-level Parse.
func (pr *Parser) Parse(input string, base ...string) (*URL, error) {
	return pr.parseURL(new(URL), input, base)
}

// parseURL is (*Parser).Parse's worker, out of line.
//
//go:noinline
func (pr *Parser) parseURL(u *URL, input string, base []string) (*URL, error) {
	if err := pr.parseBases(u, input, base); err != nil {
		return nil, err
	}
	return u, nil
}

// parseBases parses the base, if any, and input against it into u.
func (pr *Parser) parseBases(u *URL, input string, base []string) error {
	var b URL
	if len(base) > 0 { // no call for the common case
		if err := pr.parseBaseArg(&b, input, base); err != nil {
			return err
		}
	}
	return pr.parseInto(u, input, &b, "parse")
}

// parseBaseArg is the one reading of the optional base argument that
// Parse, CanParse, Validate and Parser.Parse take as base ...string: with
// one base, it parses it into b; with none, b stays the zero URL, which
// the parser takes for no base (setBase). A base that fails to parse
// fails with Op "parse base"; more than one base is ErrTooManyBases,
// with Op "parse" and the input.
func (pr *Parser) parseBaseArg(b *URL, input string, base []string) error {
	switch len(base) {
	case 0:
		return nil
	case 1:
		return pr.parseInto(b, base[0], nil, "parse base")
	}
	return &Error{Op: "parse", Input: input, Err: ErrTooManyBases}
}

// ParseRef parses input against base with the [Parser]'s options.
func (pr *Parser) ParseRef(base *URL, input string) (*URL, error) {
	return pr.parseRef(new(URL), base, input)
}

// parseRef is ParseRef's worker, out of line.
//
//go:noinline
func (pr *Parser) parseRef(u, base *URL, input string) (*URL, error) {
	if base != nil {
		base = base.current() // with the changes to its SearchParams
	}
	if err := pr.parseInto(u, input, base, "parse"); err != nil {
		return nil, err
	}
	return u, nil
}

// lowerInto fills dst with the first len(dst) bytes of s, ASCII upper
// alphas lowercased: eight bytes at a time (the last eight bytes
// overlapping the word before), each word with 0x20 or'ed into its
// bytes "A" to "Z", without a branch per byte, which a host such as
// "Example.COM" mispredicts.
func lowerInto(dst []byte, s string) {
	n := len(dst)
	s = s[:n]
	if n < 8 {
		for k := range dst {
			dst[k] = ascii.LowerByte(s[k])
		}
		return
	}
	for k := 0; k < n; k += 8 {
		k = min(k, n-8)
		binary.LittleEndian.PutUint64(dst[k:], lowerWord(load64(s[k:])))
	}
}

// lowerWord returns w with 0x20 or'ed into each of its bytes that is an
// ASCII upper alpha.
func lowerWord(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	h := w &^ highs
	// The high bit of each byte that is at least "A", and of each that
	// is past "Z" (no carry: h's bytes are below 0x80).
	ge, gt := h+(0x80-'A')*ones, h+(0x80-'Z'-1)*ones
	return w | (ge&^gt&^w&highs)>>2
}

// Parse parses ref in the context of u: ref is resolved against u as a
// base URL, as net/url's method of the same name is used.
func (u *URL) Parse(ref string) (*URL, error) {
	var pr Parser
	return pr.parseRef(new(URL), u, ref)
}

// MustParse is like [Parse] but panics if the input cannot be parsed. It is
// meant for URLs that are constants of a program.
func MustParse(input string, base ...string) *URL {
	u, err := Parse(input, base...)
	if err != nil {
		panic(err)
	}
	return u
}

// CanParse reports whether Parse(input, base...) would succeed, without
// building a URL. It allocates nothing (see canparse.go): not for
// invalid UTF-8, tabs or newlines, nor for a base not in normal form,
// with two exceptions. When a tab or newline falls before the path of
// the input or base, it copies the part up to the path; and domain to
// ASCII (IDNA) allocates for a host that is not ASCII or holds
// percent-encoded bytes.
func CanParse(input string, base ...string) bool {
	return canParse(input, base)
}

// Href returns the serialization of the URL.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) Href() string {
	if u.pending != nil {
		return u.updatedView().href
	}
	return u.href
}

// String returns the serialization of the URL: the same as [URL.Href].
func (u *URL) String() string {
	if u.pending != nil {
		return u.updatedView().href
	}
	return u.href
}

// Protocol returns the scheme followed by ":", e.g. "https:".
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Scheme returns the scheme without the ":", e.g. "https".
func (u *URL) Scheme() string { return u.href[:u.schemeEnd] }

// Username returns the percent-encoded username, or "".
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) Username() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the percent-encoded password, or "".
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) Password() string {
	if u.hostKind == HostNull || u.usernameEnd+1 >= u.hostStart {
		return ""
	}
	return u.href[u.usernameEnd+1 : u.hostStart-1]
}

// Host returns the host and, if the URL has one, ":" and the port, e.g.
// "example.com:8080"; "" when the host is null.
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) Host() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host: a domain in ASCII, an IPv4
// address, an IPv6 address in brackets, an opaque host, or "".
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when the URL has no port (which
// is also the case when the port is the scheme's default port).
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) Port() string {
	if u.hostKind == HostNull || u.hostEnd == u.pathStart {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the serialized path, e.g. "/a/b".
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns "?" followed by the query, or "" when the query is null
// or empty.
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) Search() string {
	u = u.current()
	if u.queryStart == 0 {
		return ""
	}
	end := u.queryEnd()
	if end == u.queryStart+1 {
		return ""
	}
	return u.href[u.queryStart:end]
}

// Hash returns "#" followed by the fragment, or "" when the fragment is
// null or empty.
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) Hash() string {
	if u.fragmentStart == 0 || int(u.fragmentStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragmentStart:]
}

// RawQuery returns the query without the "?", and whether it is non-null:
// "https://x/?" has an empty, non-null query.
func (u *URL) RawQuery() (query string, ok bool) {
	u = u.current()
	if u.queryStart == 0 {
		return "", false
	}
	return u.href[u.queryStart+1 : u.queryEnd()], true
}

// Fragment returns the fragment without the "#", and whether it is
// non-null.
func (u *URL) Fragment() (fragment string, ok bool) {
	if u.fragmentStart == 0 {
		return "", false
	}
	return u.href[u.fragmentStart+1:], true
}

// HostKind tells whether the host is null, empty, a domain, an IPv4 or
// IPv6 address, or an opaque host.
func (u *URL) HostKind() HostKind { return u.hostKind }

// IsSpecial reports whether the URL's scheme is a special scheme (ftp,
// file, http, https, ws, wss).
// https://url.spec.whatwg.org/#is-special
func (u *URL) IsSpecial() bool { return u.scheme.special() }

// HasOpaquePath reports whether the URL's path is opaque, as in
// "mailto:someone@example.com" or "data:text/plain,hi".
// https://url.spec.whatwg.org/#url-opaque-path
func (u *URL) HasOpaquePath() bool { return u.opaquePath }

// HrefWithoutFragment returns the serialization with exclude fragment
// set: the href up to, and without, the "#".
// https://url.spec.whatwg.org/#concept-url-serializer
func (u *URL) HrefWithoutFragment() string {
	u = u.current()
	if u.fragmentStart == 0 {
		return u.href
	}
	return u.href[:u.fragmentStart]
}

// Equal reports whether u and v serialize the same; with excludeFragments,
// their fragments are ignored.
// https://url.spec.whatwg.org/#concept-url-equals
func (u *URL) Equal(v *URL, excludeFragments bool) bool {
	if excludeFragments {
		return u.HrefWithoutFragment() == v.HrefWithoutFragment()
	}
	return u.Href() == v.Href()
}

// Origin returns the serialization of the URL's origin: "scheme://host"
// with ":port" when the URL has a port, for http, https, ws, wss and ftp
// URLs; the origin of the URL in the path for blob: URLs whose path is an
// http or https URL; "null" (an opaque origin) for everything else.
// It allocates nothing, but for a URL with a username or password, and a
// blob: URL whose inner URL has one or is not in normal form: there the
// origin is not a substring of the href.
// https://url.spec.whatwg.org/#concept-url-origin
func (u *URL) Origin() string { return originString(u) }

// pathEnd is the offset where the path ends.
func (u *record) pathEnd() uint32 {
	if u.queryStart != 0 {
		return u.queryStart
	}
	return u.queryEnd()
}

// queryEnd is the offset where the query (or, if null, the path) ends.
func (u *record) queryEnd() uint32 {
	if u.fragmentStart != 0 {
		return u.fragmentStart
	}
	return uint32(len(u.href))
}

// authorityEnd is the offset where the host and port end: the path start
// but for the "/." that may precede a path when the host is null.
func (u *record) authorityEnd() uint32 {
	if u.hostKind == HostNull {
		return u.hostEnd
	}
	return u.pathStart
}

// firstPathSegment returns the first segment of a non-opaque path.
func (u *record) firstPathSegment() string {
	path := u.href[u.pathStart:u.pathEnd()]
	if len(path) == 0 {
		return ""
	}
	segment, _, _ := strings.Cut(path[1:], "/")
	return segment
}

// assign makes u hold the same URL as v. The SearchParams object that u
// handed out, if any, stays u's and is brought up to date, as the spec's
// href setter does.
func (u *URL) assign(v *URL) {
	v = v.current()
	u.href = v.href
	u.components = v.components
	u.pending = nil
	switch {
	case v.buf != nil:
		u.buf = v.buf
	case u.buf == nil:
		// A URL given one whole href after another (SetHref on each
		// line of a file, as cmd/weburl does) is marked as reused, so
		// that its setters start a buffer and grow it (nextRoom), the
		// fragment setter too (spliceEncoded).
		u.buf = &reusedHrefBuf
	}
	// Else u keeps its buffer: its room, which no href covers, is for
	// u's next setters.
	if sp := u.setterSearchParams(); sp != nil {
		sp.view.Store(nil)
		q, _ := u.RawQuery()
		sp.reset(q)
	}
	u.assertInvariants("assignment")
}

// Validate parses input against an optional base URL, as [Parse] does, and
// returns the validation errors the parser met in input, in order, each
// with its offset in input: at most [MaxValidationErrors] of them, so
// that hostile input (a megabyte of "%" holds a million) cannot make it
// keep memory per error. A valid URL string gives none. When the parse
// fails, the URL is nil, err is the *[Error], and the last [ValidationError]
// is the fatal one (in the place of the last kept error if there were
// more). Errors in the base are not reported: a base that fails to parse
// fails the call.
//
// To choose the limit, or to learn how many errors there were in all,
// give a [Parser] a [ValidationLog] and use [Parser.ParseRef]. To ask
// only whether input is a valid URL string, by the standard's grammar,
// use [ValidURLString].
// https://url.spec.whatwg.org/#validation-error
func Validate(input string, base ...string) (*URL, []ValidationError, error) {
	var b URL
	var plain Parser // errors in the base are not reported
	if err := plain.parseBaseArg(&b, input, base); err != nil {
		return nil, nil, err
	}
	var log ValidationLog
	pr := Parser{OnValidationError: log.Add}
	u, err := pr.ParseRef(&b, input)
	return u, log.Errors, err
}
