package dataurl

import (
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/weburl/url/internal/ascii"
)

// MIMEType is a MIME type record of the MIME Sniffing Standard
// (https://mimesniff.spec.whatwg.org/#mime-type-representation): a type,
// a subtype, both non-empty ASCII lowercase strings of HTTP token code
// points, and an ordered map of parameters whose names are ASCII
// lowercase and whose values are strings of HTTP quoted-string token code
// points. [ParseMIMEType] makes one; it does not change afterwards, so it
// is safe for concurrent use. The zero MIMEType, and a nil *MIMEType,
// stand for no MIME type: an empty type and subtype, no parameters, and
// "" from String and Essence.
type MIMEType struct {
	typ, subtype string
	params       []param // in the order the input gave them; names unique
}

// param is one name → value entry of a MIME type's parameters.
type param struct{ name, value string }

// ParseMIMEType is the MIME Sniffing Standard's "parse a MIME type"
// (https://mimesniff.spec.whatwg.org/#parse-a-mime-type). It fails, with
// an *[Error] that wraps [ErrMIMEType], when the type or the subtype is
// missing or holds anything but HTTP token code points; a malformed
// parameter is dropped, not an error, as the standard says.
//
// The standard's input is a string of code points; a byte of s that is
// not part of valid UTF-8 counts as U+FFFD, which no part of a MIME type
// may hold. (A header's value is bytes, which the standard's "parse a
// MIME type from bytes" decodes byte by byte as U+0000-U+00FF: convert a
// value holding bytes >= 0x80 that way before calling, if it may.) It
// runs in time linear in len(s).
//
// It keeps at most 64 parameters, the first 64 the standard keeps: a
// parameter after them is dropped as a malformed one is, where the
// standard has no limit. So a MIME type of any number of parameters costs
// a few KiB beyond the input (the standard's record of 400,000 costs 16
// to 28 bytes per input byte).
func ParseMIMEType(s string) (*MIMEType, error) {
	m, ok := parseMIMEType(s)
	if !ok {
		return nil, &Error{Op: "parse MIME type", Input: s, Err: ErrMIMEType}
	}
	return m, nil
}

// parseMIMEType is ParseMIMEType without the error value.
func parseMIMEType(input string) (*MIMEType, bool) {
	// 1. Remove any leading and trailing HTTP whitespace from input.
	input = trimHTTPWhitespace(input)
	// 2. Let position be a position variable for input, initially
	// pointing at the start of input.
	position := 0
	// 3. Let type be the result of collecting a sequence of code points
	// that are not U+002F (/) from input, given position.
	typ := collectNot(input, &position, "/")
	// 4. If type is the empty string or does not solely contain HTTP
	// token code points, then return failure.
	if typ == "" || !solelyTokenCodePoints(typ) {
		return nil, false
	}
	// 5. If position is past the end of input, then return failure.
	if position >= len(input) {
		return nil, false
	}
	// 6. Advance position by 1. (This skips past U+002F (/).)
	position++
	// 7. Let subtype be the result of collecting a sequence of code points
	// that are not U+003B (;) from input, given position.
	subtype := collectNot(input, &position, ";")
	// 8. Remove any trailing HTTP whitespace from subtype.
	subtype = trimTrailingHTTPWhitespace(subtype)
	// 9. If subtype is the empty string or does not solely contain HTTP
	// token code points, then return failure.
	if subtype == "" || !solelyTokenCodePoints(subtype) {
		return nil, false
	}
	// 10. Let mimeType be a new MIME type record whose type is type, in
	// ASCII lowercase, and subtype is subtype, in ASCII lowercase.
	m := &MIMEType{typ: ascii.Lower(typ), subtype: ascii.Lower(subtype)}
	// 11. While position is not past the end of input:
	for position < len(input) {
		// 11.1. Advance position by 1. (This skips past U+003B (;).)
		position++
		// 11.2. Collect a sequence of code points that are HTTP
		// whitespace from input given position.
		for position < len(input) && isHTTPWhitespace(input[position]) {
			position++
		}
		// 11.3. Let parameterName be the result of collecting a sequence
		// of code points that are not U+003B (;) or U+003D (=) from
		// input, given position.
		name := collectNot(input, &position, ";=")
		// 11.4. Set parameterName to parameterName, in ASCII lowercase.
		// (Done below, once the parameter is known to be kept: the
		// lowercase copy costs an allocation.)
		// 11.5. If position is not past the end of input, then:
		if position < len(input) {
			// 11.5.1. If the code point at position within input is
			// U+003B (;), then continue.
			if input[position] == ';' {
				continue
			}
			// 11.5.2. Advance position by 1. (This skips past U+003D (=).)
			position++
		}
		// 11.6. If position is past the end of input, then break.
		if position >= len(input) {
			break
		}
		// 11.7. Let parameterValue be null.
		var value string
		// 11.8. If the code point at position within input is U+0022 ("),
		if input[position] == '"' {
			// 11.8.1. Set parameterValue to the result of collecting an
			// HTTP quoted string from input, given position and true.
			value = collectHTTPQuotedString(input, &position)
			// 11.8.2. Collect a sequence of code points that are not
			// U+003B (;) from input, given position.
			collectNot(input, &position, ";")
		} else {
			// 11.9.1. Set parameterValue to the result of collecting a
			// sequence of code points that are not U+003B (;) from input,
			// given position.
			value = collectNot(input, &position, ";")
			// 11.9.2. Remove any trailing HTTP whitespace from
			// parameterValue.
			value = trimTrailingHTTPWhitespace(value)
			// 11.9.3. If parameterValue is the empty string, then
			// continue.
			if value == "" {
				continue
			}
		}
		// 11.10. If all of the following are true: parameterName is not
		// the empty string, parameterName solely contains HTTP token
		// code points, parameterValue solely contains HTTP quoted-string
		// token code points, mimeType's parameters[parameterName] does
		// not exist, then set mimeType's parameters[parameterName] to
		// parameterValue.
		// (And this package keeps at most maxParams of them.)
		if len(m.params) == maxParams || name == "" || !solelyTokenCodePoints(name) || !solelyQuotedStringTokenCodePoints(value) {
			continue
		}
		name = ascii.Lower(name)
		if !m.hasParam(name) {
			m.params = append(m.params, param{name, value})
		}
	}
	// 12. Return mimeType.
	return m, true
}

// maxParams is how many parameters a MIMEType keeps: the first ones the
// standard keeps. Without a limit, a MIME type of 400,000 parameters
// costs 16 to 28 bytes of memory per byte of it; with it, the check that
// a name is new is a search of at most maxParams names, in time linear in
// the input in all.
const maxParams = 64

// hasParam reports whether m's parameters[name] exists.
func (m *MIMEType) hasParam(name string) bool {
	for _, p := range m.params {
		if p.name == name {
			return true
		}
	}
	return false
}

// String is the MIME Sniffing Standard's "serialize a MIME type"
// (https://mimesniff.spec.whatwg.org/#serialize-a-mime-type): the type,
// "/", the subtype, then ";name=value" for each parameter in order, the
// value quoted (with '"' and '\' escaped) when it is empty or holds
// anything but HTTP token code points. [ParseMIMEType] of the result gives
// the same record back.
func (m *MIMEType) String() string {
	if m == nil || m.typ == "" {
		return ""
	}
	var b strings.Builder
	n := len(m.typ) + 1 + len(m.subtype)
	for _, p := range m.params {
		n += 2 + len(p.name) + len(p.value) + 2
	}
	b.Grow(n)
	// 1. Let serialization be the concatenation of mimeType's type,
	// U+002F (/), and mimeType's subtype.
	b.WriteString(m.typ)
	b.WriteByte('/')
	b.WriteString(m.subtype)
	// 2. For each name → value of mimeType's parameters:
	for _, p := range m.params {
		// 2.1-2.3. Append ";", name and "=" to serialization.
		b.WriteByte(';')
		b.WriteString(p.name)
		b.WriteByte('=')
		// 2.4. If value does not solely contain HTTP token code points or
		// value is the empty string, then precede each occurrence of
		// U+0022 (") or U+005C (\) in value with U+005C (\), prepend and
		// append U+0022 (").
		if p.value != "" && solelyTokenCodePoints(p.value) {
			b.WriteString(p.value)
			continue
		}
		b.WriteByte('"')
		for i := 0; i < len(p.value); i++ {
			if c := p.value[i]; c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(p.value[i])
		}
		b.WriteByte('"')
	}
	// 3. Return serialization.
	return b.String()
}

// MarshalText returns [MIMEType.String], so that a MIME type is a JSON
// string in encoding/json.
func (m *MIMEType) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// Type returns the MIME type's type, in ASCII lowercase ("text" of
// "text/html").
func (m *MIMEType) Type() string {
	if m == nil {
		return ""
	}
	return m.typ
}

// Subtype returns the MIME type's subtype, in ASCII lowercase ("html" of
// "text/html").
func (m *MIMEType) Subtype() string {
	if m == nil {
		return ""
	}
	return m.subtype
}

// Essence returns the MIME type's essence
// (https://mimesniff.spec.whatwg.org/#mime-type-essence): its type, "/",
// and its subtype, without parameters.
func (m *MIMEType) Essence() string {
	if m == nil || m.typ == "" {
		return ""
	}
	return m.typ + "/" + m.subtype
}

// Param returns the value of the parameter named name (compared as the
// standard's names are stored, in ASCII lowercase: pass "charset", not
// "Charset"), and whether the MIME type has it.
func (m *MIMEType) Param(name string) (value string, ok bool) {
	if m == nil {
		return "", false
	}
	for _, p := range m.params {
		if p.name == name {
			return p.value, true
		}
	}
	return "", false
}

// Params returns the MIME type's parameters, name → value, in the order
// the parsed string gave them (each name once: the first occurrence
// won).
func (m *MIMEType) Params() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		if m == nil {
			return
		}
		for _, p := range m.params {
			if !yield(p.name, p.value) {
				return
			}
		}
	}
}

// NumParams returns how many parameters the MIME type has.
func (m *MIMEType) NumParams() int {
	if m == nil {
		return 0
	}
	return len(m.params)
}

// collectHTTPQuotedString is the Fetch Standard's "collect an HTTP quoted
// string" (https://fetch.spec.whatwg.org/#collect-an-http-quoted-string)
// with extract-value true: input[*position] is '"'; it returns the value
// with the quotes and escapes removed and leaves *position past the
// closing quote (or at the end of input).
func collectHTTPQuotedString(input string, position *int) string {
	// 1-4. Let value be the empty string; assert the code point at
	// position is U+0022 ("); advance position by 1.
	*position++
	// Most values have no backslash: then value is a substring.
	var b []byte
	for {
		// 5.1. Append the result of collecting a sequence of code points
		// that are not U+0022 (") or U+005C (\) from input, given
		// position, to value.
		run := collectNot(input, position, "\"\\")
		// 5.2. If position is past the end of input, then break.
		if *position >= len(input) {
			if b == nil {
				return run
			}
			return string(append(b, run...))
		}
		// 5.3-5.4. Let quoteOrBackslash be the code point at position
		// within input; advance position by 1.
		quoteOrBackslash := input[*position]
		*position++
		if quoteOrBackslash == '"' {
			// 5.6. Assert: quoteOrBackslash is U+0022 ("); break.
			if b == nil {
				return run
			}
			return string(append(b, run...))
		}
		// 5.5. quoteOrBackslash is U+005C (\):
		b = append(b, run...)
		// 5.5.1. If position is past the end of input, then append
		// U+005C (\) to value and break.
		if *position >= len(input) {
			return string(append(b, '\\'))
		}
		// 5.5.2-5.5.3. Append the code point at position within input to
		// value; advance position by 1.
		_, size := utf8.DecodeRuneInString(input[*position:])
		b = append(b, input[*position:*position+size]...)
		*position += size
	}
}

// collectNot is "collect a sequence of code points" that are not any of
// the ASCII bytes in stop: it returns input from *position up to the
// first of them (or the end) and moves *position there. Every delimiter
// the MIME type and data: URL algorithms stop at is ASCII, so working on
// bytes finds the same boundaries as working on code points.
func collectNot(input string, position *int, stop string) string {
	start := *position
	i := start
	if len(stop) == 1 {
		if j := strings.IndexByte(input[i:], stop[0]); j >= 0 {
			i += j
		} else {
			i = len(input)
		}
	} else {
		for i < len(input) && strings.IndexByte(stop, input[i]) < 0 {
			i++
		}
	}
	*position = i
	return input[start:i]
}

// isHTTPWhitespace reports whether c is HTTP whitespace
// (https://fetch.spec.whatwg.org/#http-whitespace): U+000A LF, U+000D CR,
// U+0009 TAB or U+0020 SPACE.
func isHTTPWhitespace(c byte) bool { return c == '\n' || c == '\r' || c == '\t' || c == ' ' }

// trimHTTPWhitespace removes leading and trailing HTTP whitespace.
func trimHTTPWhitespace(s string) string {
	i := 0
	for i < len(s) && isHTTPWhitespace(s[i]) {
		i++
	}
	return trimTrailingHTTPWhitespace(s[i:])
}

// trimTrailingHTTPWhitespace removes trailing HTTP whitespace.
func trimTrailingHTTPWhitespace(s string) string {
	j := len(s)
	for j > 0 && isHTTPWhitespace(s[j-1]) {
		j--
	}
	return s[:j]
}

// tokenCodePoints is the set of HTTP token code points
// (https://mimesniff.spec.whatwg.org/#http-token-code-point): U+0021 (!),
// U+0023 (#), U+0024 ($), U+0025 (%), U+0026 (&), U+0027 ('), U+002A (*),
// U+002B (+), U+002D (-), U+002E (.), U+005E (^), U+005F (_), U+0060 (`),
// U+007C (|), U+007E (~), or an ASCII alphanumeric; as a table of the
// ASCII bytes, made from that list by isTokenCodePointSpec.
var tokenCodePoints = func() (t [256]bool) {
	for c := range 128 {
		t[c] = isTokenCodePointSpec(byte(c))
	}
	return t
}()

// isTokenCodePointSpec is the standard's list of HTTP token code points,
// written out.
func isTokenCodePointSpec(c byte) bool {
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0 ||
		'0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// solelyTokenCodePoints reports whether s holds only HTTP token code
// points (all ASCII, so any byte >= 0x80 fails).
func solelyTokenCodePoints(s string) bool {
	for i := 0; i < len(s); i++ {
		if !tokenCodePoints[s[i]] {
			return false
		}
	}
	return true
}

// solelyQuotedStringTokenCodePoints reports whether s holds only HTTP
// quoted-string token code points
// (https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point):
// U+0009 TAB, U+0020 SPACE to U+007E (~), or U+0080 to U+00FF. A byte that
// is not part of valid UTF-8 is U+FFFD, which is none of them.
func solelyQuotedStringTokenCodePoints(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != '\t' && (c < 0x20 || c > 0x7E) {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r < 0x80 || r > 0xFF || size == 1 {
			return false
		}
		i += size
	}
	return true
}
