package url

// The canonicalization of Google Safe Browsing (Update API v4, "URLs and
// Hashing", https://developers.google.com/safe-browsing/v4/urls-hashing),
// with its own lax parser: it is not WHATWG parsing. Its steps, in the
// page's order:
//
//  1. Remove tab (0x09), CR (0x0d) and LF (0x0a) characters (not their
//     escapes). Leading and trailing spaces and C0 controls are trimmed
//     first, as the page's examples show.
//  2. Remove the fragment.
//  3. Repeatedly percent-unescape the URL until it has no more escapes.
//  4. Host: remove leading and trailing dots, replace runs of dots with
//     one dot, normalize an IP address in any legal encoding (octal, hex,
//     fewer than four parts) to four decimal numbers, lowercase. An
//     internationalized host is converted to Punycode, and the port is
//     dropped.
//  5. Path: resolve "/../" and "/./", replace runs of slashes with one;
//     the query is left alone.
//  6. Percent-escape every byte <= 0x20, >= 0x7F, "#" and "%", with
//     upper-case hex.
//
// A schemeless input gets "http://"; an empty path becomes "/".

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/weburl/url/internal/percent"

	"github.com/weburl/url/internal/ascii"
)

// safeBrowsingKey canonicalizes input by the Safe Browsing rules.
func (c Canonicalizer) safeBrowsingKey(input string) (string, error) {
	if c.hasOptions() {
		return "", &Error{Op: "canonicalize", Input: input, Err: ErrCanonicalizerOptions}
	}
	// Steps 1 to 3.
	s := trimC0Space(input)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	s = unescapeRepeatedly(s)

	// Scheme, or none.
	scheme, rest := sbScheme(s)
	switch {
	case scheme == "":
		scheme, rest = "http", strings.TrimLeft(rest, "/")
	case isWebScheme(scheme):
		rest = strings.TrimLeft(rest, "/")
	case strings.HasPrefix(rest, "//"):
		rest = rest[2:]
	default: // "mailto:x": no authority, so no host
		return "", sbNoHost(input)
	}

	// Authority, path and query.
	end := strings.IndexAny(rest, "/?")
	if end < 0 {
		end = len(rest)
	}
	host := sbHost(rest[:end])
	if host == "" {
		return "", sbNoHost(input)
	}
	rest = rest[end:]
	path, query, hasQuery := strings.Cut(rest, "?")

	var b []byte
	b = make([]byte, 0, len(scheme)+3+len(host)+len(rest)+16)
	b = append(b, scheme...)
	b = append(b, "://"...)
	b = appendSBEscaped(b, host)
	b = appendSBPath(b, path)
	if hasQuery {
		b = append(b, '?')
		b = appendSBEscaped(b, query)
	}
	return string(b), nil
}

func sbNoHost(input string) error {
	return &Error{Op: "canonicalize", Input: input, Err: &ValidationError{Kind: HostMissing, Offset: -1, Fatal: true}}
}

// trimC0Space removes leading and trailing C0 controls and spaces.
func trimC0Space(s string) string { return strings.Trim(s, c0ControlOrSpace) }

// c0ControlOrSpace is every byte <= 0x20.
const c0ControlOrSpace = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "

// unescapeRepeatedly removes tabs, CRs and LFs from s, then
// percent-decodes it again and again until no escape is left, in one
// pass: each byte is appended to the output, and while the output ends
// with an escape, the escape is replaced by its byte. Escapes never
// overlap (a "%" is not a hex digit), so the result is that of repeated
// whole-string passes, in linear time: "%25%32%35" is "%".
func unescapeRepeatedly(s string) string {
	clean := !strings.ContainsAny(s, "\t\r\n")
	if clean && strings.IndexByte(s, '%') < 0 {
		return s
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\t' || c == '\r' || c == '\n' {
			continue
		}
		out = append(out, c)
		for n := len(out); n >= 3 && out[n-3] == '%' && isHex(out[n-2]) && isHex(out[n-1]); n = len(out) {
			out[n-3] = unhex(out[n-2])<<4 | unhex(out[n-1])
			out = out[:n-2]
		}
	}
	return string(out)
}

// sbScheme splits off a scheme: ASCII letter, then letters, digits, "+",
// "-" and ".", then ":". "host:80" and "host:80/path" are a host and a
// port, not a scheme. The scheme is returned lowercased.
func sbScheme(s string) (scheme, rest string) {
	if s == "" || !isASCIIAlpha(s[0]) {
		return "", s
	}
	i := 1
	for i < len(s) && (isASCIIAlpha(s[i]) || isASCIIDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return "", s
	}
	after := s[i+1:]
	j := 0
	for j < len(after) && isASCIIDigit(after[j]) {
		j++
	}
	if j > 0 && (j == len(after) || after[j] == '/' || after[j] == '?') {
		return "", s // a port
	}
	return ascii.Lower(s[:i]), after
}

// sbHost canonicalizes the host of an authority (already
// percent-decoded): userinfo and port dropped, Punycode for an
// internationalized name, dots trimmed and collapsed, an IPv4 address
// normalized, ASCII lowercased. It returns "" when no host is left.
func sbHost(authority string) string {
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	if strings.HasPrefix(authority, "[") {
		if i := strings.IndexByte(authority, ']'); i >= 0 {
			// An IPv6 literal: kept as it is, lowercased (v4 of the page
			// normalizes IP addresses to IPv4 form only).
			return ascii.Lower(authority[:i+1])
		}
	}
	host, _, _ := strings.Cut(authority, ":") // the port, if any, goes
	if !isASCII(host) && utf8.ValidString(host) {
		if a, err := ToASCII(host); err == nil && a != "" && isSBHostASCII(a) {
			host = a
		}
	}
	host = collapseDots(host)
	if host == "" {
		return ""
	}
	var p parser
	if addr, r := p.parseIPv4(host, 0); r == outcomeOK {
		return string(appendIPv4(nil, addr))
	}
	if host[0] == '[' {
		// Trimming dots exposed a "[": read it as a literal, as the
		// key will be read.
		if i := strings.IndexByte(host, ']'); i >= 0 {
			host = host[:i+1]
		}
	}
	return ascii.Lower(host)
}

// isSBHostASCII reports whether the ASCII form of an internationalized
// host is usable: IDNA maps some full-width characters to delimiters
// ("＠" to "@", "／" to "/"), which would make the key parse differently.
func isSBHostASCII(a string) bool {
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c <= ' ' || c >= 0x7F || strings.IndexByte("#%/:?@[\\]", c) >= 0 {
			return false
		}
	}
	return true
}

// collapseDots removes leading and trailing dots and replaces each run
// of dots with one.
func collapseDots(s string) string {
	s = strings.Trim(s, ".")
	if !strings.Contains(s, "..") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '.' && b[len(b)-1] == '.' {
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// appendSBPath appends the canonical form of a path (already
// percent-decoded): "." segments and empty ones (runs of slashes) are
// removed, ".." removes the segment before it, and the path ends with
// "/" when it did, or when its last segment was "." or "..". An empty
// path is "/". Bytes are escaped as appendSBEscaped does.
func appendSBPath(b []byte, path string) []byte {
	root := len(b)
	b = append(b, '/')
	trailing := true
	for more := path != ""; more; {
		var seg string
		seg, path, more = strings.Cut(path, "/")
		switch seg {
		case "", ".":
			trailing = true
		case "..":
			trailing = true
			if len(b) > root+1 {
				b = b[:root+bytes.LastIndexByte(b[root:len(b)-1], '/')+1]
			}
		default:
			trailing = false
			b = appendSBEscaped(b, seg)
			b = append(b, '/')
		}
	}
	if !trailing {
		b = b[:len(b)-1]
	}
	return b
}

// appendSBEscaped appends s with every byte <= 0x20, >= 0x7F, "#" and
// "%" percent-encoded, in upper-case hex.
func appendSBEscaped(b []byte, s string) []byte {
	return percent.Append(b, s, &sbEscaped, 1, false)
}

// sbEscaped[c] is 1 for every byte appendSBEscaped encodes.
var sbEscaped = func() (t [256]uint8) {
	for c := range t {
		if c <= ' ' || c >= 0x7F || c == '#' || c == '%' {
			t[c] = 1
		}
	}
	return t
}()
