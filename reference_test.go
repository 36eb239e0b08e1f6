package url

// A slow reference implementation of the URL Standard's basic URL parser
// and URL serializer (netip's slow_test.go practice), in test files only.
// It is written from the text of the standard (../shared/spec/url.bs):
// code point by code point on a []rune, each step quoted above the code
// that does it, no shortcut and no offsets. The fuzz targets of
// fuzz_test.go and fuzz_more_test.go, reference_codepoints_test.go and
// reference_cross_test.go hold the production parser and setters to it;
// reference_wpt_test.go holds it to the WPT files and the whatwg-url
// vectors. A disagreement between the two is a bug in one of them, to be
// decided by the standard's text.
//
// This file: the URL record, percent-encoding and decoding, the basic URL
// parser's state machine, path shortening, the URL serializer and the
// getters of the URL class. reference_host_test.go: the host parser,
// the IPv4, IPv6 and opaque-host parsers, the domain parser and the host
// serializers. reference_idna_test.go: UTS #46 ToASCII and Punycode.
// reference_setters_test.go: the URL class's setters.
//
// Input that is not UTF-8: the standard's input is a scalar value
// string; as the library documents, each invalid byte reads as U+FFFD
// (which is what Go's []rune conversion does).
//
// Validation errors are recorded by name in refParser.errors, in the
// order the steps meet them; reference_validation_test.go compares them
// with Validate's.

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// refURL is a URL record.
// https://url.spec.whatwg.org/#concept-url
type refURL struct {
	// "A URL's scheme is an ASCII string ... It is initially the empty
	// string."
	scheme string
	// "A URL's username is an ASCII string identifying a username. It is
	// initially the empty string."
	username string
	// "A URL's password is an ASCII string identifying a password. It is
	// initially the empty string."
	password string
	// "A URL's host is null or a host. It is initially null."
	host *refHost
	// "A URL's port is either null or a 16-bit unsigned integer that
	// identifies a networking port. It is initially null." (-1 is null.)
	port int
	// "A URL's path is a URL path ... It is initially « »." "A URL path is
	// either a URL path segment or a list of zero or more URL path
	// segments." opaque says which: the segment is opaquePath, the list
	// path.
	path       []string
	opaque     bool
	opaquePath string
	// "A URL's query is either null or an ASCII string. It is initially
	// null."
	query *string
	// "A URL's fragment is either null or an ASCII string ... It is
	// initially null."
	fragment *string
}

// newRefURL returns a new URL, its components at their initial values.
func newRefURL() *refURL { return &refURL{port: -1} }

// clone returns a copy of u that shares nothing with it.
func (u *refURL) clone() *refURL {
	v := *u
	v.path = slices.Clone(u.path)
	if u.host != nil {
		h := *u.host
		v.host = &h
	}
	if u.query != nil {
		q := *u.query
		v.query = &q
	}
	if u.fragment != nil {
		f := *u.fragment
		v.fragment = &f
	}
	return &v
}

func refString(s string) *string { return &s }

// refSpecialSchemes is the table of special schemes and their default
// ports (-1: null).
// https://url.spec.whatwg.org/#special-scheme
var refSpecialSchemes = map[string]int{
	"ftp":   21,
	"file":  -1,
	"http":  80,
	"https": 443,
	"ws":    80,
	"wss":   443,
}

// refIsSpecialScheme: "A special scheme is an ASCII string that is listed
// in the first column of the following table."
func refIsSpecialScheme(s string) bool {
	_, ok := refSpecialSchemes[s]
	return ok
}

// refDefaultPort: "The default port for a special scheme is listed in the
// second column on the same row. The default port for any other ASCII
// string is null."
func refDefaultPort(scheme string) int {
	if p, ok := refSpecialSchemes[scheme]; ok {
		return p
	}
	return -1
}

// isSpecial: "A URL is special if its scheme is a special scheme."
func (u *refURL) isSpecial() bool { return refIsSpecialScheme(u.scheme) }

// includesCredentials: "A URL includes credentials if its username or
// password is not the empty string."
func (u *refURL) includesCredentials() bool { return u.username != "" || u.password != "" }

// hasOpaquePath: "A URL has an opaque path if its path is a URL path
// segment."
func (u *refURL) hasOpaquePath() bool { return u.opaque }

// hostIsNullOrEmpty: url's host is null or the empty string (an empty
// host).
func (u *refURL) hostIsNullOrEmpty() bool {
	return u.host == nil || u.host.kind != refIPv4Address && u.host.kind != refIPv6Address && u.host.name == ""
}

// cannotHaveUsernamePasswordPort: "A URL cannot have a
// username/password/port if its host is null or the empty string, or its
// scheme is "file"."
func (u *refURL) cannotHaveUsernamePasswordPort() bool {
	return u.hostIsNullOrEmpty() || u.scheme == "file"
}

// Code point classes of the Infra Standard and the URL Standard.

// "An ASCII digit is a code point in the range U+0030 (0) to U+0039 (9),
// inclusive."
func refIsASCIIDigit(c rune) bool { return '0' <= c && c <= '9' }

// "An ASCII upper hex digit is an ASCII digit or a code point in the range
// U+0041 (A) to U+0046 (F), inclusive." "An ASCII lower hex digit is an
// ASCII digit or a code point in the range U+0061 (a) to U+0066 (f),
// inclusive." "An ASCII hex digit is an ASCII upper hex digit or ASCII
// lower hex digit."
func refIsASCIIHexDigit(c rune) bool {
	return refIsASCIIDigit(c) || 'A' <= c && c <= 'F' || 'a' <= c && c <= 'f'
}

// "An ASCII upper alpha is a code point in the range U+0041 (A) to U+005A
// (Z), inclusive." "An ASCII lower alpha is a code point in the range
// U+0061 (a) to U+007A (z), inclusive." "An ASCII alpha is an ASCII upper
// alpha or ASCII lower alpha."
func refIsASCIIAlpha(c rune) bool { return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' }

// "An ASCII alphanumeric is an ASCII digit or ASCII alpha."
func refIsASCIIAlphanumeric(c rune) bool { return refIsASCIIDigit(c) || refIsASCIIAlpha(c) }

// "To ASCII lowercase a string, replace all ASCII upper alphas in the
// string with their corresponding code point in ASCII lower alpha."
func refASCIILowercase(c rune) rune {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// "A C0 control is a code point in the range U+0000 NULL to U+001F
// INFORMATION SEPARATOR ONE, inclusive."
func refIsC0Control(c rune) bool { return 0 <= c && c <= 0x1F }

// "A C0 control or space is a C0 control or U+0020 SPACE."
func refIsC0ControlOrSpace(c rune) bool { return refIsC0Control(c) || c == ' ' }

// "An ASCII tab or newline is U+0009 TAB, U+000A LF, or U+000D CR."
func refIsASCIITabOrNewline(c rune) bool { return c == '\t' || c == '\n' || c == '\r' }

// "A surrogate is a leading surrogate or a trailing surrogate" (U+D800 to
// U+DFFF). "A noncharacter is a code point that is in the range U+FDD0 to
// U+FDEF, inclusive, or U+FFFE, U+FFFF, U+1FFFE, U+1FFFF, ..., U+10FFFE,
// or U+10FFFF."
func refIsSurrogate(c rune) bool { return 0xD800 <= c && c <= 0xDFFF }

func refIsNoncharacter(c rune) bool {
	return 0xFDD0 <= c && c <= 0xFDEF || c&0xFFFE == 0xFFFE && c <= 0x10FFFF
}

// refIsURLCodePoint: "The URL code points are ASCII alphanumeric, U+0021
// (!), U+0024 ($), U+0026 (&), U+0027 ('), U+0028 LEFT PARENTHESIS,
// U+0029 RIGHT PARENTHESIS, U+002A (*), U+002B (+), U+002C (,), U+002D
// (-), U+002E (.), U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+003F
// (?), U+0040 (@), U+005F (_), U+007E (~), and code points in the range
// U+00A0 to U+10FFFD, inclusive, excluding surrogates and noncharacters."
func refIsURLCodePoint(c rune) bool {
	if refIsASCIIAlphanumeric(c) {
		return true
	}
	switch c {
	case '!', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', '_', '~':
		return true
	}
	return 0xA0 <= c && c <= 0x10FFFD && !refIsSurrogate(c) && !refIsNoncharacter(c)
}

// The percent-encode sets, each as the standard defines it from the one
// before.
// https://url.spec.whatwg.org/#percent-encoded-bytes
type refEncodeSet func(c rune) bool

// "The C0 control percent-encode set is a percent-encode set consisting of
// C0 controls and all code points greater than U+007E (~)."
func refC0ControlSet(c rune) bool { return refIsC0Control(c) || c > '~' }

// "The fragment percent-encode set is a percent-encode set consisting of
// the C0 control percent-encode set and U+0020 SPACE, U+0022 ("), U+003C
// (<), U+003E (>), and U+0060 (`)."
func refFragmentSet(c rune) bool {
	return refC0ControlSet(c) || c == ' ' || c == '"' || c == '<' || c == '>' || c == '`'
}

// "The query percent-encode set is a percent-encode set consisting of the
// C0 control percent-encode set and U+0020 SPACE, U+0022 ("), U+0023 (#),
// U+003C (<), and U+003E (>)."
func refQuerySet(c rune) bool {
	return refC0ControlSet(c) || c == ' ' || c == '"' || c == '#' || c == '<' || c == '>'
}

// "The special-query percent-encode set is a percent-encode set consisting
// of the query percent-encode set and U+0027 (')."
func refSpecialQuerySet(c rune) bool { return refQuerySet(c) || c == '\'' }

// "The path percent-encode set is a percent-encode set consisting of the
// query percent-encode set and U+003F (?), U+005E (^), U+0060 (`), U+007B
// ({), and U+007D (})."
func refPathSet(c rune) bool {
	return refQuerySet(c) || c == '?' || c == '^' || c == '`' || c == '{' || c == '}'
}

// "The userinfo percent-encode set is a percent-encode set consisting of
// the path percent-encode set and U+002F (/), U+003A (:), U+003B (;),
// U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and U+007C
// (|)."
func refUserinfoSet(c rune) bool {
	return refPathSet(c) || c == '/' || c == ':' || c == ';' || c == '=' || c == '@' ||
		'[' <= c && c <= ']' || c == '|'
}

// refPercentEncodeByte: "To percent-encode a byte byte, return a string
// consisting of U+0025 (%), followed by two ASCII upper hex digits
// representing byte."
func refPercentEncodeByte(b byte) string {
	const upperHex = "0123456789ABCDEF"
	return "%" + string(upperHex[b>>4]) + string(upperHex[b&0xF])
}

// refUTF8PercentEncodeString is "UTF-8 percent-encode" of a scalar value
// string: "percent-encode after encoding with UTF-8, input, and
// percentEncodeSet". With UTF-8, encoding never fails (potentialError
// stays null after the first round) and spaceAsPlus is false for every
// set used here.
func refUTF8PercentEncodeString(input []rune, set refEncodeSet) string {
	// "Let output be the empty string."
	var output strings.Builder
	for _, c := range input {
		// "Let encodeOutput be an empty I/O queue." "Set potentialError to
		// the result of running encode or fail with inputQueue, encoder,
		// and encodeOutput."
		var encodeOutput [utf8.UTFMax]byte
		n := utf8.EncodeRune(encodeOutput[:], c)
		// "For each byte of encodeOutput converted to a byte sequence:"
		for _, b := range encodeOutput[:n] {
			// "Let isomorph be a code point whose value is byte's value."
			isomorph := rune(b)
			// "If isomorph is not in percentEncodeSet, then append isomorph
			// to output."
			if !set(isomorph) {
				output.WriteRune(isomorph)
				continue
			}
			// "Otherwise, percent-encode byte and append the result to
			// output."
			output.WriteString(refPercentEncodeByte(b))
		}
	}
	// "Return output."
	return output.String()
}

// refUTF8PercentEncode: "To UTF-8 percent-encode a scalar value
// scalarValue using a percentEncodeSet, return the result of running
// percent-encode after encoding with UTF-8, scalarValue as a string, and
// percentEncodeSet."
func refUTF8PercentEncode(c rune, set refEncodeSet) string {
	return refUTF8PercentEncodeString([]rune{c}, set)
}

// refPercentDecodeBytes is percent-decode of a byte sequence.
// https://url.spec.whatwg.org/#percent-decode
func refPercentDecodeBytes(input []byte) []byte {
	isHex := func(b byte) bool {
		return '0' <= b && b <= '9' || 'A' <= b && b <= 'F' || 'a' <= b && b <= 'f'
	}
	// "Let output be an empty byte sequence."
	var output []byte
	// "For each byte byte in input:"
	for i := 0; i < len(input); i++ {
		b := input[i]
		switch {
		// "If byte is not 0x25 (%), then append byte to output."
		case b != '%':
			output = append(output, b)
		// "Otherwise, if byte is 0x25 (%) and the next two bytes after byte
		// in input are not in the ranges 0x30 (0) to 0x39 (9), 0x41 (A) to
		// 0x46 (F), and 0x61 (a) to 0x66 (f), all inclusive, append byte to
		// output."
		case i+2 >= len(input) || !isHex(input[i+1]) || !isHex(input[i+2]):
			output = append(output, b)
		default:
			// "Let bytePoint be the two bytes after byte in input, decoded,
			// and then interpreted as a hexadecimal number."
			bytePoint, err := strconv.ParseUint(string(input[i+1:i+3]), 16, 8)
			if err != nil {
				panic(err) // two hex digits always parse
			}
			// "Append a byte whose value is bytePoint to output."
			output = append(output, byte(bytePoint))
			// "Skip the next two bytes in input."
			i += 2
		}
	}
	// "Return output."
	return output
}

// refPercentDecodeString: "To percent-decode a scalar value string input:
// Let bytes be the UTF-8 encoding of input. Return the percent-decoding of
// bytes."
func refPercentDecodeString(input []rune) []byte {
	return refPercentDecodeBytes([]byte(string(input)))
}

// Windows drive letters.

// refIsWindowsDriveLetter: "A Windows drive letter is two code points, of
// which the first is an ASCII alpha and the second is either U+003A (:)
// or U+007C (|)."
func refIsWindowsDriveLetter(s []rune) bool {
	return len(s) == 2 && refIsASCIIAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// refIsNormalizedWindowsDriveLetter: "A normalized Windows drive letter is
// a Windows drive letter of which the second code point is U+003A (:)."
func refIsNormalizedWindowsDriveLetter(s []rune) bool {
	return refIsWindowsDriveLetter(s) && s[1] == ':'
}

// refStartsWithWindowsDriveLetter: "A string starts with a Windows drive
// letter if all of the following are true: its length is greater than or
// equal to 2; its first two code points are a Windows drive letter; its
// length is 2 or its third code point is U+002F (/), U+005C (\), U+003F
// (?), or U+0023 (#)."
func refStartsWithWindowsDriveLetter(s []rune) bool {
	if len(s) < 2 || !refIsWindowsDriveLetter(s[:2]) {
		return false
	}
	return len(s) == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#'
}

// shorten is "shorten a url's path".
// https://url.spec.whatwg.org/#shorten-a-urls-path
func (u *refURL) shorten() {
	// "Assert: url does not have an opaque path."
	if u.hasOpaquePath() {
		panic("shorten: opaque path")
	}
	// "Let path be url's path."
	path := u.path
	// "If url's scheme is "file", path's size is 1, and path[0] is a
	// normalized Windows drive letter, then return."
	if u.scheme == "file" && len(path) == 1 && refIsNormalizedWindowsDriveLetter([]rune(path[0])) {
		return
	}
	// "Remove path's last item, if any."
	if len(path) > 0 {
		u.path = path[:len(path)-1]
	}
}

// refIsSingleDotSegment: "A single-dot URL path segment is a URL path
// segment that is "." or an ASCII case-insensitive match for "%2e"."
func refIsSingleDotSegment(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }

// refIsDoubleDotSegment: "A double-dot URL path segment is a URL path
// segment that is ".." or an ASCII case-insensitive match for ".%2e",
// "%2e.", or "%2e%2e"."
func refIsDoubleDotSegment(s string) bool {
	return s == ".." || strings.EqualFold(s, ".%2e") || strings.EqualFold(s, "%2e.") || strings.EqualFold(s, "%2e%2e")
}

// refState is a state of the basic URL parser; refNoOverride stands for
// "state override is not given".
type refState int

const (
	refNoOverride refState = iota
	refSchemeStartState
	refSchemeState
	refNoSchemeState
	refSpecialRelativeOrAuthorityState
	refPathOrAuthorityState
	refRelativeState
	refRelativeSlashState
	refSpecialAuthoritySlashesState
	refSpecialAuthorityIgnoreSlashesState
	refAuthorityState
	refHostState
	refHostnameState
	refPortState
	refFileState
	refFileSlashState
	refFileHostState
	refPathStartState
	refPathState
	refOpaquePathState
	refQueryState
	refFragmentState
)

// refOutcome is how the basic URL parser ended: it returned the URL (or,
// with a state override, returned), it returned failure, or (with a state
// override, in the scheme state) it returned before changing the scheme
// because the URL cannot take the new one.
type refOutcome int

const (
	refReturned refOutcome = iota
	refFailure
	refRefused
)

// refEOF is the EOF code point.
const refEOF rune = -1

// refParser holds the basic URL parser's variables.
type refParser struct {
	input    []rune
	base     *refURL
	url      *refURL
	override refState
	state    refState
	buffer   []rune
	// atSignSeen, insideBrackets, passwordTokenSeen
	atSignSeen, insideBrackets, passwordTokenSeen bool
	pointer                                       int
	errors                                        []string // validation errors, by name
}

// validationError records a validation error.
func (p *refParser) validationError(name string) { p.errors = append(p.errors, name) }

// c: "When a pointer is used, c references the code point the pointer
// points to as long as it does not point nowhere."
func (p *refParser) c() rune {
	if p.pointer < 0 {
		panic("c used while the pointer points nowhere")
	}
	if p.pointer >= len(p.input) {
		return refEOF
	}
	return p.input[p.pointer]
}

// remaining: "the code point substring from the pointer + 1 to the end of
// the string, as long as c is not the EOF code point."
func (p *refParser) remaining() []rune {
	if p.c() == refEOF {
		panic("remaining used at the EOF code point")
	}
	return p.input[p.pointer+1:]
}

// remainingStartsWith reports whether remaining starts with s.
func (p *refParser) remainingStartsWith(s string) bool {
	r := p.remaining()
	want := []rune(s)
	return len(r) >= len(want) && slices.Equal(r[:len(want)], want)
}

// remainingStartsWithTwoHexDigits: "remaining does not start with two
// ASCII hex digits" is its negation.
func (p *refParser) remainingStartsWithTwoHexDigits() bool {
	r := p.remaining()
	return len(r) >= 2 && refIsASCIIHexDigit(r[0]) && refIsASCIIHexDigit(r[1])
}

// refParse is the basic URL parser with no URL and no state override: it
// returns a new URL, or nil for failure.
func refParse(input string, base *refURL) (*refURL, []string) {
	p := &refParser{}
	url, outcome := p.parse(input, base, nil, refNoOverride)
	if outcome != refReturned {
		return nil, p.errors
	}
	return url, p.errors
}

// refParseWithBase is the API URL parser: base, when given, is parsed
// first, and its failure is failure.
// https://url.spec.whatwg.org/#api-url-parser
func refParseWithBase(input string, base ...string) *refURL {
	// "Let parsedBase be null."
	var parsedBase *refURL
	// "If base is non-null:"
	if len(base) > 0 {
		// "Set parsedBase to the result of running the basic URL parser on
		// base." "If parsedBase is failure, then return failure."
		if parsedBase, _ = refParse(base[0], nil); parsedBase == nil {
			return nil
		}
	}
	// "Return the result of running the basic URL parser on url with
	// parsedBase."
	u, _ := refParse(input, parsedBase)
	return u
}

// parse is the basic URL parser. The encoding is always UTF-8. With url
// given, it modifies url; with state override given, it can return
// without a URL (refReturned), return failure (refFailure) or refuse a
// scheme (refRefused).
// https://url.spec.whatwg.org/#concept-basic-url-parser
func (p *refParser) parse(inputString string, base, url *refURL, override refState) (*refURL, refOutcome) {
	// Each invalid byte of inputString is U+FFFD.
	input := []rune(inputString)
	// "If url is not given:"
	if url == nil {
		// "Set url to a new URL."
		url = newRefURL()
		// "If input contains any leading or trailing C0 control or space,
		// invalid-URL-unit validation error."
		if len(input) > 0 && (refIsC0ControlOrSpace(input[0]) || refIsC0ControlOrSpace(input[len(input)-1])) {
			p.validationError("invalid-URL-unit")
		}
		// "Remove any leading and trailing C0 control or space from input."
		for len(input) > 0 && refIsC0ControlOrSpace(input[0]) {
			input = input[1:]
		}
		for len(input) > 0 && refIsC0ControlOrSpace(input[len(input)-1]) {
			input = input[:len(input)-1]
		}
	}
	// "If input contains any ASCII tab or newline, invalid-URL-unit
	// validation error."
	if slices.ContainsFunc(input, refIsASCIITabOrNewline) {
		p.validationError("invalid-URL-unit")
	}
	// "Remove all ASCII tab or newline from input."
	input = slices.DeleteFunc(slices.Clone(input), refIsASCIITabOrNewline)
	p.input, p.base, p.url, p.override = input, base, url, override
	// "Let state be state override if given, or scheme start state
	// otherwise."
	p.state = refSchemeStartState
	if override != refNoOverride {
		p.state = override
	}
	// "Set encoding to the result of getting an output encoding from
	// encoding." (UTF-8.)
	// "Let buffer be the empty string."
	p.buffer = nil
	// "Let atSignSeen, insideBrackets, and passwordTokenSeen be false."
	p.atSignSeen, p.insideBrackets, p.passwordTokenSeen = false, false, false
	// "Let pointer be a pointer for input."
	p.pointer = 0
	// "Keep running the following state machine by switching on state. If
	// after a run pointer points to the EOF code point, go to the next
	// step. Otherwise, increase pointer by 1 and continue with the state
	// machine."
	for {
		if done, outcome := p.step(); done {
			return url, outcome
		}
		if p.pointer >= len(p.input) {
			break
		}
		p.pointer++
	}
	// "Return url."
	return url, refReturned
}

// step runs the state machine once, on c. done is true when the state's
// steps return (with outcome).
func (p *refParser) step() (done bool, outcome refOutcome) {
	switch p.state {
	case refSchemeStartState:
		return p.schemeStartState()
	case refSchemeState:
		return p.schemeState()
	case refNoSchemeState:
		return p.noSchemeState()
	case refSpecialRelativeOrAuthorityState:
		p.specialRelativeOrAuthorityState()
	case refPathOrAuthorityState:
		p.pathOrAuthorityState()
	case refRelativeState:
		p.relativeState()
	case refRelativeSlashState:
		p.relativeSlashState()
	case refSpecialAuthoritySlashesState:
		p.specialAuthoritySlashesState()
	case refSpecialAuthorityIgnoreSlashesState:
		p.specialAuthorityIgnoreSlashesState()
	case refAuthorityState:
		return p.authorityState()
	case refHostState, refHostnameState:
		return p.hostState()
	case refPortState:
		return p.portState()
	case refFileState:
		p.fileState()
	case refFileSlashState:
		p.fileSlashState()
	case refFileHostState:
		return p.fileHostState()
	case refPathStartState:
		p.pathStartState()
	case refPathState:
		p.pathState()
	case refOpaquePathState:
		p.opaquePathState()
	case refQueryState:
		p.queryState()
	case refFragmentState:
		p.fragmentState()
	default:
		panic("unknown state")
	}
	return false, 0
}

// https://url.spec.whatwg.org/#scheme-start-state
func (p *refParser) schemeStartState() (bool, refOutcome) {
	c := p.c()
	switch {
	// "If c is an ASCII alpha, append c, lowercased, to buffer, and set
	// state to scheme state."
	case refIsASCIIAlpha(c):
		p.buffer = append(p.buffer, refASCIILowercase(c))
		p.state = refSchemeState
	// "Otherwise, if state override is not given, set state to no scheme
	// state and decrease pointer by 1."
	case p.override == refNoOverride:
		p.state = refNoSchemeState
		p.pointer--
	// "Otherwise, return failure."
	default:
		return true, refFailure
	}
	return false, 0
}

// https://url.spec.whatwg.org/#scheme-state
func (p *refParser) schemeState() (bool, refOutcome) {
	c, url := p.c(), p.url
	switch {
	// "If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E
	// (.), append c, lowercased, to buffer."
	case refIsASCIIAlphanumeric(c) || c == '+' || c == '-' || c == '.':
		p.buffer = append(p.buffer, refASCIILowercase(c))
	// "Otherwise, if c is U+003A (:), then:"
	case c == ':':
		buffer := string(p.buffer)
		// "If state override is given, then:"
		if p.override != refNoOverride {
			// "If url's scheme is a special scheme and buffer is not a
			// special scheme, then return."
			if url.isSpecial() && !refIsSpecialScheme(buffer) {
				return true, refRefused
			}
			// "If url's scheme is not a special scheme and buffer is a
			// special scheme, then return."
			if !url.isSpecial() && refIsSpecialScheme(buffer) {
				return true, refRefused
			}
			// "If url includes credentials or has a non-null port, and
			// buffer is "file", then return."
			if (url.includesCredentials() || url.port != -1) && buffer == "file" {
				return true, refRefused
			}
			// "If url's scheme is "file" and its host is an empty host, then
			// return."
			if url.scheme == "file" && url.host != nil && url.hostIsNullOrEmpty() {
				return true, refRefused
			}
		}
		// "Set url's scheme to buffer."
		url.scheme = buffer
		// "If state override is given, then:"
		if p.override != refNoOverride {
			// "If url's port is url's scheme's default port, then set url's
			// port to null."
			if url.port == refDefaultPort(url.scheme) {
				url.port = -1
			}
			// "Return."
			return true, refReturned
		}
		// "Set buffer to the empty string."
		p.buffer = nil
		switch {
		// "If url's scheme is "file", then:"
		case url.scheme == "file":
			// "If remaining does not start with "//",
			// special-scheme-missing-following-solidus validation error."
			if !p.remainingStartsWith("//") {
				p.validationError("special-scheme-missing-following-solidus")
			}
			// "Set state to file state."
			p.state = refFileState
		// "Otherwise, if url is special, base is non-null, and base's
		// scheme is url's scheme:"
		case url.isSpecial() && p.base != nil && p.base.scheme == url.scheme:
			// "Assert: base is special (and therefore does not have an
			// opaque path)."
			if !p.base.isSpecial() {
				panic("base is not special")
			}
			// "Set state to special relative or authority state."
			p.state = refSpecialRelativeOrAuthorityState
		// "Otherwise, if url is special, set state to special authority
		// slashes state."
		case url.isSpecial():
			p.state = refSpecialAuthoritySlashesState
		// "Otherwise, if remaining starts with an U+002F (/), set state to
		// path or authority state and increase pointer by 1."
		case p.remainingStartsWith("/"):
			p.state = refPathOrAuthorityState
			p.pointer++
		// "Otherwise, set url's path to the empty string and set state to
		// opaque path state."
		default:
			url.path, url.opaque, url.opaquePath = nil, true, ""
			p.state = refOpaquePathState
		}
	// "Otherwise, if state override is not given, set buffer to the empty
	// string, state to no scheme state, and start over (from the first
	// code point in input)."
	case p.override == refNoOverride:
		p.buffer = nil
		p.state = refNoSchemeState
		p.pointer = -1 // the loop increases it to the first code point
	// "Otherwise, return failure."
	default:
		return true, refFailure
	}
	return false, 0
}

// https://url.spec.whatwg.org/#no-scheme-state
func (p *refParser) noSchemeState() (bool, refOutcome) {
	c, url, base := p.c(), p.url, p.base
	switch {
	// "If base is null, or base has an opaque path and c is not U+0023
	// (#), missing-scheme-non-relative-URL validation error, return
	// failure."
	case base == nil || base.hasOpaquePath() && c != '#':
		p.validationError("missing-scheme-non-relative-URL")
		return true, refFailure
	// "Otherwise, if base has an opaque path and c is U+0023 (#), set
	// url's scheme to base's scheme, url's path to base's path, url's
	// query to base's query, url's fragment to the empty string, and set
	// state to fragment state."
	case base.hasOpaquePath() && c == '#':
		b := base.clone()
		url.scheme = b.scheme
		url.path, url.opaque, url.opaquePath = b.path, b.opaque, b.opaquePath
		url.query = b.query
		url.fragment = refString("")
		p.state = refFragmentState
	// "Otherwise, if base's scheme is not "file", set state to relative
	// state and decrease pointer by 1."
	case base.scheme != "file":
		p.state = refRelativeState
		p.pointer--
	// "Otherwise, set state to file state and decrease pointer by 1."
	default:
		p.state = refFileState
		p.pointer--
	}
	return false, 0
}

// https://url.spec.whatwg.org/#special-relative-or-authority-state
func (p *refParser) specialRelativeOrAuthorityState() {
	// "If c is U+002F (/) and remaining starts with U+002F (/), then set
	// state to special authority ignore slashes state and increase
	// pointer by 1."
	if p.c() == '/' && p.remainingStartsWith("/") {
		p.state = refSpecialAuthorityIgnoreSlashesState
		p.pointer++
		return
	}
	// "Otherwise, special-scheme-missing-following-solidus validation
	// error, set state to relative state and decrease pointer by 1."
	p.validationError("special-scheme-missing-following-solidus")
	p.state = refRelativeState
	p.pointer--
}

// https://url.spec.whatwg.org/#path-or-authority-state
func (p *refParser) pathOrAuthorityState() {
	// "If c is U+002F (/), then set state to authority state."
	if p.c() == '/' {
		p.state = refAuthorityState
		return
	}
	// "Otherwise, set state to path state, and decrease pointer by 1."
	p.state = refPathState
	p.pointer--
}

// https://url.spec.whatwg.org/#relative-state
func (p *refParser) relativeState() {
	c, url, base := p.c(), p.url, p.base
	// "Assert: base's scheme is not "file"."
	if base.scheme == "file" {
		panic("relative state with a file base")
	}
	// "Set url's scheme to base's scheme."
	url.scheme = base.scheme
	switch {
	// "If c is U+002F (/), then set state to relative slash state."
	case c == '/':
		p.state = refRelativeSlashState
	// "Otherwise, if url is special and c is U+005C (\),
	// invalid-reverse-solidus validation error, set state to relative
	// slash state."
	case url.isSpecial() && c == '\\':
		p.validationError("invalid-reverse-solidus")
		p.state = refRelativeSlashState
	// "Otherwise:"
	default:
		// "Set url's username to base's username, url's password to base's
		// password, url's host to base's host, url's port to base's port,
		// url's path to a clone of base's path, and url's query to base's
		// query."
		b := base.clone()
		url.username, url.password, url.host, url.port = b.username, b.password, b.host, b.port
		url.path, url.opaque, url.opaquePath = b.path, b.opaque, b.opaquePath
		url.query = b.query
		switch {
		// "If c is U+003F (?), then set url's query to the empty string,
		// and state to query state."
		case c == '?':
			url.query = refString("")
			p.state = refQueryState
		// "Otherwise, if c is U+0023 (#), set url's fragment to the empty
		// string and state to fragment state."
		case c == '#':
			url.fragment = refString("")
			p.state = refFragmentState
		// "Otherwise, if c is not the EOF code point:"
		case c != refEOF:
			// "Set url's query to null."
			url.query = nil
			// "Shorten url's path."
			url.shorten()
			// "Set state to path state and decrease pointer by 1."
			p.state = refPathState
			p.pointer--
		}
	}
}

// https://url.spec.whatwg.org/#relative-slash-state
func (p *refParser) relativeSlashState() {
	c, url, base := p.c(), p.url, p.base
	switch {
	// "If url is special and c is U+002F (/) or U+005C (\), then:"
	case url.isSpecial() && (c == '/' || c == '\\'):
		// "If c is U+005C (\), invalid-reverse-solidus validation error."
		if c == '\\' {
			p.validationError("invalid-reverse-solidus")
		}
		// "Set state to special authority ignore slashes state."
		p.state = refSpecialAuthorityIgnoreSlashesState
	// "Otherwise, if c is U+002F (/), then set state to authority state."
	case c == '/':
		p.state = refAuthorityState
	// "Otherwise, set url's username to base's username, url's password to
	// base's password, url's host to base's host, url's port to base's
	// port, state to path state, and then, decrease pointer by 1."
	default:
		b := base.clone()
		url.username, url.password, url.host, url.port = b.username, b.password, b.host, b.port
		p.state = refPathState
		p.pointer--
	}
}

// https://url.spec.whatwg.org/#special-authority-slashes-state
func (p *refParser) specialAuthoritySlashesState() {
	// "If c is U+002F (/) and remaining starts with U+002F (/), then set
	// state to special authority ignore slashes state and increase
	// pointer by 1."
	if p.c() == '/' && p.remainingStartsWith("/") {
		p.state = refSpecialAuthorityIgnoreSlashesState
		p.pointer++
		return
	}
	// "Otherwise, special-scheme-missing-following-solidus validation
	// error, set state to special authority ignore slashes state and
	// decrease pointer by 1."
	p.validationError("special-scheme-missing-following-solidus")
	p.state = refSpecialAuthorityIgnoreSlashesState
	p.pointer--
}

// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
func (p *refParser) specialAuthorityIgnoreSlashesState() {
	// "If c is neither U+002F (/) nor U+005C (\), then set state to
	// authority state and decrease pointer by 1."
	if c := p.c(); c != '/' && c != '\\' {
		p.state = refAuthorityState
		p.pointer--
		return
	}
	// "Otherwise, special-scheme-missing-following-solidus validation
	// error."
	p.validationError("special-scheme-missing-following-solidus")
}

// https://url.spec.whatwg.org/#authority-state
func (p *refParser) authorityState() (bool, refOutcome) {
	c, url := p.c(), p.url
	switch {
	// "If c is U+0040 (@), then:"
	case c == '@':
		// "Invalid-credentials validation error."
		p.validationError("invalid-credentials")
		// "If atSignSeen is true, then prepend "%40" to buffer."
		if p.atSignSeen {
			p.buffer = append([]rune("%40"), p.buffer...)
		}
		// "Set atSignSeen to true."
		p.atSignSeen = true
		// "For each codePoint in buffer:"
		for _, codePoint := range p.buffer {
			// "If codePoint is U+003A (:) and passwordTokenSeen is false,
			// then set passwordTokenSeen to true and continue."
			if codePoint == ':' && !p.passwordTokenSeen {
				p.passwordTokenSeen = true
				continue
			}
			// "Let encodedCodePoints be the result of running UTF-8
			// percent-encode codePoint using the userinfo percent-encode
			// set."
			encodedCodePoints := refUTF8PercentEncode(codePoint, refUserinfoSet)
			// "If passwordTokenSeen is true, then append encodedCodePoints
			// to url's password."
			if p.passwordTokenSeen {
				url.password += encodedCodePoints
			} else {
				// "Otherwise, append encodedCodePoints to url's username."
				url.username += encodedCodePoints
			}
		}
		// "Set buffer to the empty string."
		p.buffer = nil
	// "Otherwise, if one of the following is true: c is the EOF code
	// point, U+002F (/), U+003F (?), or U+0023 (#); url is special and c
	// is U+005C (\) then:"
	case c == refEOF || c == '/' || c == '?' || c == '#' || url.isSpecial() && c == '\\':
		// "If atSignSeen is true and buffer is the empty string,
		// host-missing validation error, return failure."
		if p.atSignSeen && len(p.buffer) == 0 {
			p.validationError("host-missing")
			return true, refFailure
		}
		// "Decrease pointer by buffer's code point length + 1, set buffer
		// to the empty string, and set state to host state."
		p.pointer -= len(p.buffer) + 1
		p.buffer = nil
		p.state = refHostState
	// "Otherwise, append c to buffer."
	default:
		p.buffer = append(p.buffer, c)
	}
	return false, 0
}

// https://url.spec.whatwg.org/#host-state
func (p *refParser) hostState() (bool, refOutcome) {
	c, url := p.c(), p.url
	switch {
	// "If state override is given and url's scheme is "file", then
	// decrease pointer by 1 and set state to file host state."
	case p.override != refNoOverride && url.scheme == "file":
		p.pointer--
		p.state = refFileHostState
	// "Otherwise, if c is U+003A (:) and insideBrackets is false:"
	case c == ':' && !p.insideBrackets:
		// "If buffer is the empty string, host-missing validation error,
		// return failure."
		if len(p.buffer) == 0 {
			p.validationError("host-missing")
			return true, refFailure
		}
		// "If state override is given and state override is hostname
		// state, then return failure."
		if p.override == refHostnameState {
			return true, refFailure
		}
		// "Let host be the result of host parsing buffer with url is not
		// special."
		host := p.hostParse(p.buffer, !url.isSpecial())
		// "If host is failure, then return failure."
		if host == nil {
			return true, refFailure
		}
		// "Set url's host to host, buffer to the empty string, and state to
		// port state."
		url.host = host
		p.buffer = nil
		p.state = refPortState
	// "Otherwise, if one of the following is true: c is the EOF code
	// point, U+002F (/), U+003F (?), or U+0023 (#); url is special and c
	// is U+005C (\) then decrease pointer by 1, and:"
	case c == refEOF || c == '/' || c == '?' || c == '#' || url.isSpecial() && c == '\\':
		p.pointer--
		// "If url is special and buffer is the empty string, host-missing
		// validation error, return failure."
		if url.isSpecial() && len(p.buffer) == 0 {
			p.validationError("host-missing")
			return true, refFailure
		}
		// "Otherwise, if state override is given, buffer is the empty
		// string, and either url includes credentials or url's port is
		// non-null, then return failure."
		if p.override != refNoOverride && len(p.buffer) == 0 && (url.includesCredentials() || url.port != -1) {
			return true, refFailure
		}
		// "Let host be the result of host parsing buffer with url is not
		// special."
		host := p.hostParse(p.buffer, !url.isSpecial())
		// "If host is failure, then return failure."
		if host == nil {
			return true, refFailure
		}
		// "Set url's host to host, buffer to the empty string, and state to
		// path start state."
		url.host = host
		p.buffer = nil
		p.state = refPathStartState
		// "If state override is given, then return."
		if p.override != refNoOverride {
			return true, refReturned
		}
	// "Otherwise:"
	default:
		// "If c is U+005B ([), then set insideBrackets to true."
		if c == '[' {
			p.insideBrackets = true
		}
		// "If c is U+005D (]), then set insideBrackets to false."
		if c == ']' {
			p.insideBrackets = false
		}
		// "Append c to buffer."
		p.buffer = append(p.buffer, c)
	}
	return false, 0
}

// https://url.spec.whatwg.org/#port-state
func (p *refParser) portState() (bool, refOutcome) {
	c, url := p.c(), p.url
	switch {
	// "If c is an ASCII digit, append c to buffer."
	case refIsASCIIDigit(c):
		p.buffer = append(p.buffer, c)
	// "Otherwise, if one of the following is true: c is the EOF code
	// point, U+002F (/), U+003F (?), or U+0023 (#); url is special and c
	// is U+005C (\); or state override is given, then:"
	case c == refEOF || c == '/' || c == '?' || c == '#' || url.isSpecial() && c == '\\' || p.override != refNoOverride:
		// "If buffer is not the empty string:"
		if len(p.buffer) > 0 {
			// "Let port be the mathematical integer value that is
			// represented by buffer in radix-10 using ASCII digits for
			// digits with values 0 through 9."
			// "If port is not a 16-bit unsigned integer, port-out-of-range
			// validation error, return failure."
			port := 0
			for _, d := range p.buffer {
				port = port*10 + int(d-'0')
				if port > 0xFFFF {
					p.validationError("port-out-of-range")
					return true, refFailure
				}
			}
			// "Set url's port to null, if port is url's scheme's default
			// port; otherwise to port."
			if port == refDefaultPort(url.scheme) {
				url.port = -1
			} else {
				url.port = port
			}
			// "Set buffer to the empty string."
			p.buffer = nil
			// "If state override is given, then return."
			if p.override != refNoOverride {
				return true, refReturned
			}
		}
		// "If state override is given, then return failure."
		if p.override != refNoOverride {
			return true, refFailure
		}
		// "Set state to path start state and decrease pointer by 1."
		p.state = refPathStartState
		p.pointer--
	// "Otherwise, port-invalid validation error, return failure."
	default:
		p.validationError("port-invalid")
		return true, refFailure
	}
	return false, 0
}

// https://url.spec.whatwg.org/#file-state
func (p *refParser) fileState() {
	c, url, base := p.c(), p.url, p.base
	// "Set url's scheme to "file"."
	url.scheme = "file"
	// "Set url's host to the empty string."
	url.host = &refHost{kind: refEmptyHost}
	switch {
	// "If c is U+002F (/) or U+005C (\), then:"
	case c == '/' || c == '\\':
		// "If c is U+005C (\), invalid-reverse-solidus validation error."
		if c == '\\' {
			p.validationError("invalid-reverse-solidus")
		}
		// "Set state to file slash state."
		p.state = refFileSlashState
	// "Otherwise, if base is non-null and base's scheme is "file":"
	case base != nil && base.scheme == "file":
		// "Set url's host to base's host, url's path to a clone of base's
		// path, and url's query to base's query."
		b := base.clone()
		url.host = b.host
		url.path, url.opaque, url.opaquePath = b.path, b.opaque, b.opaquePath
		url.query = b.query
		switch {
		// "If c is U+003F (?), then set url's query to the empty string
		// and state to query state."
		case c == '?':
			url.query = refString("")
			p.state = refQueryState
		// "Otherwise, if c is U+0023 (#), set url's fragment to the empty
		// string and state to fragment state."
		case c == '#':
			url.fragment = refString("")
			p.state = refFragmentState
		// "Otherwise, if c is not the EOF code point:"
		case c != refEOF:
			// "Set url's query to null."
			url.query = nil
			// "If the code point substring from pointer to the end of input
			// does not start with a Windows drive letter, then shorten
			// url's path."
			if !refStartsWithWindowsDriveLetter(p.input[p.pointer:]) {
				url.shorten()
			} else {
				// "Otherwise: File-invalid-Windows-drive-letter validation
				// error. Set url's path to « »."
				p.validationError("file-invalid-Windows-drive-letter")
				url.path = []string{}
			}
			// "Set state to path state and decrease pointer by 1."
			p.state = refPathState
			p.pointer--
		}
	// "Otherwise, set state to path state, and decrease pointer by 1."
	default:
		p.state = refPathState
		p.pointer--
	}
}

// https://url.spec.whatwg.org/#file-slash-state
func (p *refParser) fileSlashState() {
	c, url, base := p.c(), p.url, p.base
	// "If c is U+002F (/) or U+005C (\), then:"
	if c == '/' || c == '\\' {
		// "If c is U+005C (\), invalid-reverse-solidus validation error."
		if c == '\\' {
			p.validationError("invalid-reverse-solidus")
		}
		// "Set state to file host state."
		p.state = refFileHostState
		return
	}
	// "Otherwise:"
	// "If base is non-null and base's scheme is "file", then:"
	if base != nil && base.scheme == "file" {
		// "Set url's host to base's host."
		url.host = base.clone().host
		// "If the code point substring from pointer to the end of input
		// does not start with a Windows drive letter and base's path[0] is
		// a normalized Windows drive letter, then append base's path[0] to
		// url's path."
		if !refStartsWithWindowsDriveLetter(p.input[p.pointer:]) &&
			len(base.path) > 0 && refIsNormalizedWindowsDriveLetter([]rune(base.path[0])) {
			url.path = append(url.path, base.path[0])
		}
	}
	// "Set state to path state, and decrease pointer by 1."
	p.state = refPathState
	p.pointer--
}

// https://url.spec.whatwg.org/#file-host-state
func (p *refParser) fileHostState() (bool, refOutcome) {
	c, url := p.c(), p.url
	// "If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?), or
	// U+0023 (#), then decrease pointer by 1 and then:"
	if c == refEOF || c == '/' || c == '\\' || c == '?' || c == '#' {
		p.pointer--
		switch {
		// "If state override is not given and buffer is a Windows drive
		// letter, file-invalid-Windows-drive-letter-host validation
		// error, set state to path state." (buffer is not reset.)
		case p.override == refNoOverride && refIsWindowsDriveLetter(p.buffer):
			p.validationError("file-invalid-Windows-drive-letter-host")
			p.state = refPathState
		// "Otherwise, if buffer is the empty string, then:"
		case len(p.buffer) == 0:
			// "Set url's host to the empty string."
			url.host = &refHost{kind: refEmptyHost}
			// "If state override is given, then return."
			if p.override != refNoOverride {
				return true, refReturned
			}
			// "Set state to path start state."
			p.state = refPathStartState
		// "Otherwise, run these steps:"
		default:
			// "Let host be the result of host parsing buffer with url is
			// not special."
			host := p.hostParse(p.buffer, !url.isSpecial())
			// "If host is failure, then return failure."
			if host == nil {
				return true, refFailure
			}
			// "If host is "localhost", then set host to the empty string."
			if host.kind == refDomain && host.name == "localhost" {
				host = &refHost{kind: refEmptyHost}
			}
			// "Set url's host to host."
			url.host = host
			// "If state override is given, then return."
			if p.override != refNoOverride {
				return true, refReturned
			}
			// "Set buffer to the empty string and state to path start
			// state."
			p.buffer = nil
			p.state = refPathStartState
		}
		return false, 0
	}
	// "Otherwise, append c to buffer."
	p.buffer = append(p.buffer, c)
	return false, 0
}

// https://url.spec.whatwg.org/#path-start-state
func (p *refParser) pathStartState() {
	c, url := p.c(), p.url
	switch {
	// "If url is special, then:"
	case url.isSpecial():
		// "If c is U+005C (\), invalid-reverse-solidus validation error."
		if c == '\\' {
			p.validationError("invalid-reverse-solidus")
		}
		// "Set state to path state."
		p.state = refPathState
		// "If c is neither U+002F (/) nor U+005C (\), then decrease pointer
		// by 1."
		if c != '/' && c != '\\' {
			p.pointer--
		}
	// "Otherwise, if state override is not given and c is U+003F (?), set
	// url's query to the empty string and state to query state."
	case p.override == refNoOverride && c == '?':
		url.query = refString("")
		p.state = refQueryState
	// "Otherwise, if state override is not given and c is U+0023 (#), set
	// url's fragment to the empty string and state to fragment state."
	case p.override == refNoOverride && c == '#':
		url.fragment = refString("")
		p.state = refFragmentState
	// "Otherwise, if c is not the EOF code point:"
	case c != refEOF:
		// "Set state to path state."
		p.state = refPathState
		// "If c is not U+002F (/), then decrease pointer by 1."
		if c != '/' {
			p.pointer--
		}
	// "Otherwise, if state override is given and url's host is null,
	// append the empty string to url's path."
	case p.override != refNoOverride && url.host == nil:
		url.path = append(url.path, "")
	}
}

// https://url.spec.whatwg.org/#path-state
func (p *refParser) pathState() {
	c, url := p.c(), p.url
	// "If one of the following is true: c is the EOF code point or U+002F
	// (/); url is special and c is U+005C (\); state override is not given
	// and c is U+003F (?) or U+0023 (#) then:"
	if c == refEOF || c == '/' || url.isSpecial() && c == '\\' || p.override == refNoOverride && (c == '?' || c == '#') {
		// "If url is special and c is U+005C (\), invalid-reverse-solidus
		// validation error."
		if url.isSpecial() && c == '\\' {
			p.validationError("invalid-reverse-solidus")
		}
		buffer := string(p.buffer)
		slash := c == '/' || url.isSpecial() && c == '\\'
		switch {
		// "If buffer is a double-dot URL path segment, then:"
		case refIsDoubleDotSegment(buffer):
			// "Shorten url's path."
			url.shorten()
			// "If neither c is U+002F (/), nor url is special and c is
			// U+005C (\), append the empty string to url's path."
			if !slash {
				url.path = append(url.path, "")
			}
		// "Otherwise, if buffer is a single-dot URL path segment and if
		// neither c is U+002F (/), nor url is special and c is U+005C (\),
		// append the empty string to url's path."
		case refIsSingleDotSegment(buffer) && !slash:
			url.path = append(url.path, "")
		// "Otherwise, if buffer is not a single-dot URL path segment,
		// then:"
		case !refIsSingleDotSegment(buffer):
			// "If url's scheme is "file", url's path is empty, and buffer is
			// a Windows drive letter, then replace the second code point in
			// buffer with U+003A (:)."
			if url.scheme == "file" && len(url.path) == 0 && refIsWindowsDriveLetter(p.buffer) {
				p.buffer[1] = ':'
				buffer = string(p.buffer)
			}
			// "Append buffer to url's path."
			url.path = append(url.path, buffer)
		}
		// "Set buffer to the empty string."
		p.buffer = nil
		// "If c is U+003F (?), then set url's query to the empty string and
		// state to query state."
		if c == '?' {
			url.query = refString("")
			p.state = refQueryState
		}
		// "If c is U+0023 (#), then set url's fragment to the empty string
		// and state to fragment state."
		if c == '#' {
			url.fragment = refString("")
			p.state = refFragmentState
		}
		return
	}
	// "Otherwise, run these steps:"
	p.checkURLUnit(c)
	// "UTF-8 percent-encode c using the path percent-encode set and append
	// the result to buffer."
	p.buffer = append(p.buffer, []rune(refUTF8PercentEncode(c, refPathSet))...)
}

// checkURLUnit runs the two validation steps that the path, opaque path,
// query and fragment states share: "If c is not a URL code point and not
// U+0025 (%), invalid-URL-unit validation error." "If c is U+0025 (%)
// and remaining does not start with two ASCII hex digits,
// invalid-URL-unit validation error."
func (p *refParser) checkURLUnit(c rune) {
	if !refIsURLCodePoint(c) && c != '%' {
		p.validationError("invalid-URL-unit")
	}
	if c == '%' && !p.remainingStartsWithTwoHexDigits() {
		p.validationError("invalid-URL-unit")
	}
}

// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
func (p *refParser) opaquePathState() {
	c, url := p.c(), p.url
	switch {
	// "If c is U+003F (?), then set url's query to the empty string and
	// state to query state."
	case c == '?':
		url.query = refString("")
		p.state = refQueryState
	// "Otherwise, if c is U+0023 (#), then set url's fragment to the empty
	// string and state to fragment state."
	case c == '#':
		url.fragment = refString("")
		p.state = refFragmentState
	// "Otherwise, if c is U+0020 SPACE:"
	case c == ' ':
		// "Invalid-URL-unit validation error."
		p.validationError("invalid-URL-unit")
		// "If remaining starts with U+003F (?) or U+0023 (#), then append
		// "%20" to url's path."
		if p.remainingStartsWith("?") || p.remainingStartsWith("#") {
			url.opaquePath += "%20"
		} else {
			// "Otherwise, append U+0020 SPACE to url's path."
			url.opaquePath += " "
		}
	// "Otherwise, if c is not the EOF code point:"
	case c != refEOF:
		p.checkURLUnit(c)
		// "UTF-8 percent-encode c using the C0 control percent-encode set
		// and append the result to url's path."
		url.opaquePath += refUTF8PercentEncode(c, refC0ControlSet)
	}
}

// https://url.spec.whatwg.org/#query-state
func (p *refParser) queryState() {
	c, url := p.c(), p.url
	// "If encoding is not UTF-8 and ..., then set encoding to UTF-8."
	// (The encoding is always UTF-8 here.)
	// "If one of the following is true: state override is not given and c
	// is U+0023 (#); c is the EOF code point then:"
	if p.override == refNoOverride && c == '#' || c == refEOF {
		// "Let queryPercentEncodeSet be the special-query percent-encode
		// set if url is special; otherwise the query percent-encode set."
		queryPercentEncodeSet := refEncodeSet(refQuerySet)
		if url.isSpecial() {
			queryPercentEncodeSet = refSpecialQuerySet
		}
		// "Percent-encode after encoding, with encoding, buffer, and
		// queryPercentEncodeSet, and append the result to url's query."
		*url.query += refUTF8PercentEncodeString(p.buffer, queryPercentEncodeSet)
		// "Set buffer to the empty string."
		p.buffer = nil
		// "If c is U+0023 (#), then set url's fragment to the empty string
		// and state to fragment state."
		if c == '#' {
			url.fragment = refString("")
			p.state = refFragmentState
		}
		return
	}
	// "Otherwise, if c is not the EOF code point:"
	if c != refEOF {
		p.checkURLUnit(c)
		// "Append c to buffer."
		p.buffer = append(p.buffer, c)
	}
}

// https://url.spec.whatwg.org/#fragment-state
func (p *refParser) fragmentState() {
	c, url := p.c(), p.url
	// "If c is not the EOF code point, then:"
	if c != refEOF {
		p.checkURLUnit(c)
		// "UTF-8 percent-encode c using the fragment percent-encode set and
		// append the result to url's fragment."
		*url.fragment += refUTF8PercentEncode(c, refFragmentSet)
	}
}

// serialize is the URL serializer, with exclude fragment false.
// https://url.spec.whatwg.org/#concept-url-serializer
func (u *refURL) serialize() string {
	// "Let output be url's scheme and U+003A (:) concatenated."
	output := u.scheme + ":"
	// "If url's host is non-null:"
	if u.host != nil {
		// "Append "//" to output."
		output += "//"
		// "If url includes credentials, then:"
		if u.includesCredentials() {
			// "Append url's username to output."
			output += u.username
			// "If url's password is not the empty string, then append U+003A
			// (:), followed by url's password, to output."
			if u.password != "" {
				output += ":" + u.password
			}
			// "Append U+0040 (@) to output."
			output += "@"
		}
		// "Append url's host, serialized, to output."
		output += u.host.serialize()
		// "If url's port is non-null, append U+003A (:) followed by url's
		// port, serialized, to output."
		if u.port != -1 {
			output += ":" + strconv.Itoa(u.port)
		}
	}
	// "If url's host is null, url does not have an opaque path, url's
	// path's size is greater than 1, and url's path[0] is the empty string,
	// then append U+002F (/) followed by U+002E (.) to output."
	if u.host == nil && !u.hasOpaquePath() && len(u.path) > 1 && u.path[0] == "" {
		output += "/."
	}
	// "Append the result of URL path serializing url to output."
	output += u.pathSerialize()
	// "If url's query is non-null, append U+003F (?), followed by url's
	// query, to output."
	if u.query != nil {
		output += "?" + *u.query
	}
	// "If exclude fragment is false and url's fragment is non-null, then
	// append U+0023 (#), followed by url's fragment, to output."
	if u.fragment != nil {
		output += "#" + *u.fragment
	}
	// "Return output."
	return output
}

// pathSerialize is the URL path serializer.
// https://url.spec.whatwg.org/#url-path-serializer
func (u *refURL) pathSerialize() string {
	// "If url has an opaque path, then return url's path."
	if u.hasOpaquePath() {
		return u.opaquePath
	}
	// "Let output be the empty string."
	output := ""
	// "For each segment of url's path: append U+002F (/) followed by
	// segment to output."
	for _, segment := range u.path {
		output += "/" + segment
	}
	// "Return output."
	return output
}

// origin returns the serialization of url's origin: "null" for an opaque
// origin, else scheme "://" host [":" port].
// https://url.spec.whatwg.org/#concept-url-origin
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
func (u *refURL) origin() string {
	switch u.scheme {
	case "blob":
		// "If url's blob URL entry is non-null, ..." (it is null here.)
		// "Let pathURL be the result of parsing the result of URL path
		// serializing url."
		pathURL, _ := refParse(u.pathSerialize(), nil)
		// "If pathURL is failure, then return a new opaque origin."
		if pathURL == nil {
			return "null"
		}
		// "If pathURL's scheme is "http", "https", or "file", then return
		// pathURL's origin."
		if pathURL.scheme == "http" || pathURL.scheme == "https" || pathURL.scheme == "file" {
			return pathURL.origin()
		}
		// "Return a new opaque origin."
		return "null"
	case "ftp", "http", "https", "ws", "wss":
		// "Return the tuple origin (url's scheme, url's host, url's port,
		// null)." Serialized: scheme, "://", the host serialized, and ":"
		// and the port when it is non-null.
		s := u.scheme + "://" + u.host.serialize()
		if u.port != -1 {
			s += ":" + strconv.Itoa(u.port)
		}
		return s
	case "file":
		// "Unfortunate as it is, this is left as an exercise to the reader.
		// When in doubt, return a new opaque origin."
		return "null"
	default:
		// "Return a new opaque origin."
		return "null"
	}
}

// The getters of the URL class.
// https://url.spec.whatwg.org/#urlutils-members

// href: "return the serialization of this's URL."
func (u *refURL) href() string { return u.serialize() }

// protocol: "return this's URL's scheme, followed by U+003A (:)."
func (u *refURL) protocol() string { return u.scheme + ":" }

// hostGetter is the host getter.
func (u *refURL) hostGetter() string {
	// "If url's host is null, then return the empty string."
	if u.host == nil {
		return ""
	}
	// "If url's port is null, return url's host, serialized."
	if u.port == -1 {
		return u.host.serialize()
	}
	// "Return url's host, serialized, followed by U+003A (:) and url's
	// port, serialized."
	return u.host.serialize() + ":" + strconv.Itoa(u.port)
}

// hostname: "If this's URL's host is null, then return the empty string.
// Return this's URL's host, serialized."
func (u *refURL) hostname() string {
	if u.host == nil {
		return ""
	}
	return u.host.serialize()
}

// portGetter: "If this's URL's port is null, then return the empty
// string. Return this's URL's port, serialized."
func (u *refURL) portGetter() string {
	if u.port == -1 {
		return ""
	}
	return strconv.Itoa(u.port)
}

// pathname: "return the result of URL path serializing this's URL."
func (u *refURL) pathname() string { return u.pathSerialize() }

// search: "If this's URL's query is either null or the empty string, then
// return the empty string. Return U+003F (?), followed by this's URL's
// query."
func (u *refURL) search() string {
	if u.query == nil || *u.query == "" {
		return ""
	}
	return "?" + *u.query
}

// hash: "If this's URL's fragment is either null or the empty string,
// then return the empty string. Return U+0023 (#), followed by this's
// URL's fragment."
func (u *refURL) hash() string {
	if u.fragment == nil || *u.fragment == "" {
		return ""
	}
	return "#" + *u.fragment
}

// refGetters are the getters by attribute name, in the order of
// differential_whatwgurl_test.go's getter list.
var refGetters = []struct {
	name string
	ref  func(*refURL) string
	prod func(*URL) string
}{
	{"href", (*refURL).href, (*URL).Href},
	{"origin", (*refURL).origin, (*URL).Origin},
	{"protocol", (*refURL).protocol, (*URL).Protocol},
	{"username", func(u *refURL) string { return u.username }, (*URL).Username},
	{"password", func(u *refURL) string { return u.password }, (*URL).Password},
	{"host", (*refURL).hostGetter, (*URL).Host},
	{"hostname", (*refURL).hostname, (*URL).Hostname},
	{"port", (*refURL).portGetter, (*URL).Port},
	{"pathname", (*refURL).pathname, (*URL).Pathname},
	{"search", (*refURL).search, (*URL).Search},
	{"hash", (*refURL).hash, (*URL).Hash},
}
