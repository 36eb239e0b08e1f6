package url

// Valid URL strings (URL Standard, section 4.3, "URL writing"): the
// grammar that says which strings are valid URL strings, written as one
// function per production, named after it.

import (
	"strings"
	"unicode/utf8"
)

// ValidURLString reports whether input is a valid URL string, as the URL
// Standard's writing section defines it by grammar: an
// absolute-URL-with-fragment string, or, given a base URL, a
// relative-URL-with-fragment string against it. HTML conformance
// checkers and linters ask this of a document's links. The base, if
// given, is parsed as by [Parse]; when it does not parse, or more than
// one base is given, ValidURLString reports false, as [CanParse] does.
//
// # Where it and Validate differ
//
// The URL Standard says what is valid twice: by this grammar, which
// defines "valid URL string", and by the validation errors its parser
// reports ([Validate]). It does not promise that the two agree
// (whatwg/url#704 is open), but the 2026 standard closed the gaps known
// (url.bs 6ae8486), and here they agree: on the 36,652 inputs of the
// whatwg-url differential (testdata/whatwg-url), whatwg-url's own
// isValidURLString and its validation errors agree on every one, and so
// do ValidURLString and Validate, which a test checks; FuzzValidURLString
// holds them to it on any input. What differs is the answer's form:
//
//   - ValidURLString says yes or no, and builds no URL. Validate parses:
//     it returns the URL (when it parses) and, when the string is not
//     valid, which rule it breaks and where (each error's kind and byte
//     offset), at most [MaxValidationErrors] of them.
//   - A valid URL string is a property of the string; a URL that
//     parses with validation errors is still a URL ([Parse] returns it,
//     browsers follow it). A linter wants the first, a crawler the second.
//   - A base that does not parse: ValidURLString says false; Validate
//     returns the base's error.
//
// Input that is not valid UTF-8: each invalid byte is read as U+FFFD,
// which is a URL code point (valid in paths, queries and fragments) and
// which no valid domain holds.
// https://url.spec.whatwg.org/#valid-url-string
func ValidURLString(input string, base ...string) bool {
	switch len(base) {
	case 0:
		return validAbsoluteURLWithFragmentString(input)
	case 1:
		b, err := Parse(base[0])
		if err != nil {
			return false
		}
		return validAbsoluteURLWithFragmentString(input) || validRelativeURLWithFragmentString(input, b)
	}
	return false
}

// validAbsoluteURLWithFragmentString: an absolute-URL string, optionally
// followed by "#" and a URL-fragment string. A fragment holds no "#",
// which is not a URL unit: the first "#" starts it.
func validAbsoluteURLWithFragmentString(s string) bool {
	before, fragment, found := strings.Cut(s, "#")
	return (!found || validURLUnits(fragment, "")) && validAbsoluteURLString(before)
}

// validAbsoluteURLString: a URL-scheme string, ":", and what the scheme
// calls for; optionally followed by "?" and a URL-query string. Nothing
// before the query holds "?": the first "?" starts it.
func validAbsoluteURLString(s string) bool {
	before, query, found := strings.Cut(s, "?")
	if found && !validURLUnits(query, "") {
		return false
	}
	n := urlSchemeStringLength(before)
	if n == 0 || n == len(before) || before[n] != ':' {
		return false
	}
	rest := before[n+1:]
	switch schemeTypeOf(before[:n]) {
	case schemeOther:
		return validSchemeRelativeURLString(rest) || validPathAbsoluteNonAuthorityURLString(rest) ||
			validOpaquePathURLString(rest)
	case schemeFile:
		return validSchemeRelativeFileURLString(rest)
	default:
		return validSchemeRelativeSpecialURLString(rest)
	}
}

// urlSchemeStringLength returns the length of the URL-scheme string s
// starts with (an ASCII alpha, then ASCII alphanumerics, "+", "-" and
// "."), or 0.
func urlSchemeStringLength(s string) int {
	if s == "" || !isASCIIAlpha(s[0]) {
		return 0
	}
	n := 1
	for n < len(s) && (isASCIIAlpha(s[n]) || isASCIIDigit(s[n]) || s[n] == '+' || s[n] == '-' || s[n] == '.') {
		n++
	}
	return n
}

// validRelativeURLWithFragmentString: against a base with an opaque
// path, "#" and a URL-fragment string; otherwise a relative-URL string,
// optionally followed by "#" and a URL-fragment string.
func validRelativeURLWithFragmentString(s string, base *URL) bool {
	if base.HasOpaquePath() {
		fragment, ok := strings.CutPrefix(s, "#")
		return ok && validURLUnits(fragment, "")
	}
	before, fragment, found := strings.Cut(s, "#")
	return validRelativeURLString(before, base) && (!found || validURLUnits(fragment, ""))
}

// validRelativeURLString: a path-absolute-non-authority-URL string, a
// path-relative-scheme-less-URL string, or the scheme-relative string
// of the base's kind of scheme; optionally followed by "?" and a
// URL-query string.
func validRelativeURLString(s string, base *URL) bool {
	before, query, found := strings.Cut(s, "?")
	if found && !validURLUnits(query, "") {
		return false
	}
	if validPathAbsoluteNonAuthorityURLString(before) || validPathRelativeSchemeLessURLString(before) {
		return true
	}
	switch schemeTypeOf(base.Scheme()) {
	case schemeOther:
		return validSchemeRelativeURLString(before)
	case schemeFile:
		return validSchemeRelativeFileURLString(before)
	default:
		return validSchemeRelativeSpecialURLString(before)
	}
}

// validSchemeRelativeSpecialURLString: "//", a valid host string,
// optionally ":" and a URL-port string, optionally a path-absolute-URL
// string. The host and port hold no "/": the first "/" starts the path.
func validSchemeRelativeSpecialURLString(s string) bool {
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	authority, path, hasPath := cutBeforeSlash(rest)
	host, port, hasPort, ok := splitHostAndPort(authority)
	return ok && host != "" && validHostString(host) && (!hasPort || validURLPortString(port)) &&
		(!hasPath || validPathAbsoluteURLString(path))
}

// validSchemeRelativeURLString: "//", an opaque-host-and-port string
// (empty, or a valid opaque-host string optionally followed by ":" and a
// URL-port string), optionally a path-absolute-URL string.
func validSchemeRelativeURLString(s string) bool {
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	authority, path, hasPath := cutBeforeSlash(rest)
	if hasPath && !validPathAbsoluteURLString(path) {
		return false
	}
	if authority == "" {
		return true
	}
	host, port, hasPort, ok := splitHostAndPort(authority)
	return ok && host != "" && validOpaqueHostString(host) && (!hasPort || validURLPortString(port))
}

// validSchemeRelativeFileURLString: "//", optionally followed by a valid
// host string and an optional path-absolute-URL string, or by a
// path-absolute-URL string.
func validSchemeRelativeFileURLString(s string) bool {
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	if rest == "" || validPathAbsoluteURLString(rest) {
		return true
	}
	host, path, hasPath := cutBeforeSlash(rest)
	return validHostString(host) && (!hasPath || validPathAbsoluteURLString(path))
}

// cutBeforeSlash cuts s before its first "/": the part before, and the
// rest starting with that "/", if any.
func cutBeforeSlash(s string) (before, path string, found bool) {
	if i := strings.IndexByte(s, '/'); i >= 0 {
		return s[:i], s[i:], true
	}
	return s, "", false
}

// splitHostAndPort splits an authority into host and port at the ":"
// after a bracketed host, or at the first ":"; ok is false when a
// bracketed host is not closed or is followed by something other than
// ":".
func splitHostAndPort(s string) (host, port string, hasPort, ok bool) {
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return "", "", false, false
		}
		host, rest := s[:end+1], s[end+1:]
		if rest == "" {
			return host, "", false, true
		}
		port, ok := strings.CutPrefix(rest, ":")
		return host, port, true, ok
	}
	host, port, hasPort = strings.Cut(s, ":")
	return host, port, hasPort, true
}

// validHostString: a valid domain string, a valid IPv4-address string,
// or "[", a valid IPv6-address string, "]".
// https://url.spec.whatwg.org/#valid-host-string
func validHostString(s string) bool {
	return validDomain(s) || validIPv4AddressString(s) || validBracketedIPv6AddressString(s)
}

// validDomain: the domain parser with beStrict true does not fail on s,
// and its result does not end in a number.
// https://url.spec.whatwg.org/#valid-domain
func validDomain(s string) bool {
	domain, ok := uts46ToASCIIStrict(s)
	return ok && !endsInANumber(domain)
}

// validIPv4AddressString: four shortest decimal numbers from 0 to 255,
// separated by ".".
func validIPv4AddressString(s string) bool {
	parts := 0
	for part := range strings.SplitSeq(s, ".") {
		parts++
		if parts > 4 || part == "" || len(part) > 3 || len(part) > 1 && part[0] == '0' {
			return false
		}
		n := 0
		for i := 0; i < len(part); i++ {
			if !isASCIIDigit(part[i]) {
				return false
			}
			n = n*10 + int(part[i]-'0')
		}
		if n > 255 {
			return false
		}
	}
	return parts == 4
}

// validBracketedIPv6AddressString: "[", a valid IPv6-address string, "]".
func validBracketedIPv6AddressString(s string) bool {
	inner, ok := strings.CutPrefix(s, "[")
	if !ok {
		return false
	}
	inner, ok = strings.CutSuffix(inner, "]")
	return ok && validIPv6AddressString(inner)
}

// validIPv6AddressString: a valid IPv6-pieces string or a valid
// IPv6-pieces-and-IPv4 string of effective piece length 8, or "::"
// between two optional such strings whose effective piece lengths add
// up to at most 7 (the first without the IPv4 form).
// https://url.spec.whatwg.org/#valid-ipv6-address-string
func validIPv6AddressString(s string) bool {
	if ipv6PiecesOrIPv4Length(s) == 8 {
		return true
	}
	i := strings.Index(s, "::")
	if i < 0 || strings.LastIndex(s, "::") != i {
		return false
	}
	before, after := s[:i], s[i+2:]
	m, n := 0, 0
	if before != "" {
		if m = ipv6PiecesLength(before); m < 0 {
			return false
		}
	}
	if after != "" {
		if n = ipv6PiecesOrIPv4Length(after); n < 0 {
			return false
		}
	}
	return m+n <= 7
}

// ipv6PiecesOrIPv4Length returns the effective piece length of s as a
// valid IPv6-pieces string, or as a valid IPv6-pieces-and-IPv4 string
// (its pieces plus 2), or -1 when it is neither.
func ipv6PiecesOrIPv4Length(s string) int {
	if n := ipv6PiecesLength(s); n >= 0 {
		return n
	}
	if validIPv4AddressString(s) {
		return 2
	}
	i := strings.LastIndexByte(s, ':')
	if i < 0 || !validIPv4AddressString(s[i+1:]) {
		return -1
	}
	if n := ipv6PiecesLength(s[:i]); n >= 0 {
		return n + 2
	}
	return -1
}

// ipv6PiecesLength returns the number of pieces of s as a valid
// IPv6-pieces string (one or more shortest hexadecimal numbers from 0
// to FFFF, separated by ":"), or -1 when it is not one.
func ipv6PiecesLength(s string) int {
	if s == "" {
		return -1
	}
	n := 0
	for piece := range strings.SplitSeq(s, ":") {
		if piece == "" || len(piece) > 4 || len(piece) > 1 && piece[0] == '0' {
			return -1
		}
		for i := 0; i < len(piece); i++ {
			if !isHex(piece[i]) {
				return -1
			}
		}
		n++
	}
	return n
}

// validOpaqueHostString: one or more URL units but forbidden host code
// points, or a bracketed valid IPv6-address string.
// https://url.spec.whatwg.org/#valid-opaque-host-string
func validOpaqueHostString(s string) bool {
	return validBracketedIPv6AddressString(s) || s != "" && validURLUnits(s, "\x00\t\n\r #/:<>?@[\\]^|")
}

// validURLPortString: empty, or ASCII digits of a number up to 65535.
func validURLPortString(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		if !isASCIIDigit(s[i]) {
			return false
		}
		if n = n*10 + int(s[i]-'0'); n > 65535 {
			return false
		}
	}
	return true
}

// validPathAbsoluteURLString: "/" followed by URL-path-segment strings
// separated by "/".
func validPathAbsoluteURLString(s string) bool {
	rest, ok := strings.CutPrefix(s, "/")
	return ok && validURLUnits(rest, "?")
}

// validPathAbsoluteNonAuthorityURLString: a path-absolute-URL string
// that does not start with "//".
func validPathAbsoluteNonAuthorityURLString(s string) bool {
	return validPathAbsoluteURLString(s) && !strings.HasPrefix(s, "//")
}

// validPathRelativeSchemeLessURLString: URL-path-segment strings
// separated by "/", not starting with "/", nor with a URL-scheme string
// followed by ":".
func validPathRelativeSchemeLessURLString(s string) bool {
	if strings.HasPrefix(s, "/") {
		return false
	}
	if n := urlSchemeStringLength(s); n > 0 && n < len(s) && s[n] == ':' {
		return false
	}
	return validURLUnits(s, "?")
}

// validOpaquePathURLString: URL units but "?", the first of which, if
// any, is not "/".
func validOpaquePathURLString(s string) bool {
	return !strings.HasPrefix(s, "/") && validURLUnits(s, "?")
}

// validURLUnits reports whether s is zero or more URL units (URL code
// points and percent-encoded bytes) none of which is one of the ASCII
// code points in exclude. Path segments separated by "/" are checked
// together: "/" is a URL code point, and a URL-path-segment string is
// any run of URL units but "/" and "?" (a dot segment included).
func validURLUnits(s, exclude string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 3
			continue
		}
		if c < utf8.RuneSelf {
			if !isURLCodePointASCII(c) || strings.IndexByte(exclude, c) >= 0 {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isURLCodePoint(r) {
			return false
		}
		i += size
	}
	return true
}
