// Package percent is the one percent-encoder of the module: every
// encoder of the URL Standard (the parser's sets, the
// application/x-www-form-urlencoded serializer, percent-encode after
// encoding), of ECMAScript (encodeURI, encodeURIComponent) and of the
// other encoders the root package offers appends its "%XX" escapes
// here, so there is one loop to make fast and to get right.
// https://url.spec.whatwg.org/#percent-encoded-bytes
//
// A set is a 256-entry table and a mask: byte c is in the set when
// table[c]&mask != 0, a single load and AND. Callers keep their own
// tables (the root package's EncodeSet table, ECMAScript's sets); the
// functions are generic over the table's element type so that each
// keeps its own named type.
package percent

import "unicode/utf8"

// UpperHex are the hex digits of an escape: the URL Standard and
// ECMAScript both write them in upper case.
const UpperHex = "0123456789ABCDEF"

// AppendByte appends the escape "%XX" of c to dst.
func AppendByte(dst []byte, c byte) []byte {
	return append(dst, '%', UpperHex[c>>4], UpperHex[c&15])
}

// Append appends s to dst, percent-encoding every byte c of s for which
// table[c]&mask != 0. With spaceAsPlus, a space becomes "+" whether or
// not it is in the set, as the application/x-www-form-urlencoded
// serializer writes it. Runs of bytes that stay as they are are copied at
// once. s is taken byte by byte: bytes that are not valid UTF-8 are
// encoded as they are (see AppendUTF8).
func Append[S ~string | ~[]byte, T ~uint8](dst []byte, s S, table *[256]T, mask T, spaceAsPlus bool) []byte {
	return appendEncoded(dst, s, table, mask, spaceAsPlus, false)
}

// AppendUTF8 is Append for a scalar value string given as a Go string:
// each byte that is not part of valid UTF-8 is taken as U+FFFD and
// becomes "%EF%BF%BD". The set must contain every byte >= 0x80 (every
// set of the URL Standard does), so that U+FFFD is encoded like any
// other non-ASCII code point. This is the URL Standard's UTF-8
// percent-encode of a string, read with the replacement the module's
// doc comments promise for invalid input.
// https://url.spec.whatwg.org/#string-utf-8-percent-encode
func AppendUTF8[T ~uint8](dst []byte, s string, table *[256]T, mask T, spaceAsPlus bool) []byte {
	return appendEncoded(dst, s, table, mask, spaceAsPlus, true)
}

// replacementEscaped is U+FFFD percent-encoded.
const replacementEscaped = "%EF%BF%BD"

// appendEncoded is the loop of Append and AppendUTF8: one pass over s.
// With replaceInvalid, a byte >= 0x80 to encode starts a UTF-8 sequence
// that is checked before its bytes are encoded.
func appendEncoded[S ~string | ~[]byte, T ~uint8](dst []byte, s S, table *[256]T, mask T, spaceAsPlus, replaceInvalid bool) []byte {
	_ = table[0] // one nil check, not one per byte
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if table[c]&mask == 0 && (c != ' ' || !spaceAsPlus) {
			continue
		}
		if start < i { // for a run of escapes, skips a call
			dst = append(dst, s[start:i]...)
		}
		switch {
		case c == ' ' && spaceAsPlus:
			dst = append(dst, '+')
		case c >= utf8.RuneSelf && replaceInvalid:
			var seq [utf8.UTFMax]byte
			r, n := utf8.DecodeRune(seq[:copy(seq[:], s[i:min(i+utf8.UTFMax, len(s))])])
			if r == utf8.RuneError && n == 1 {
				dst = append(dst, replacementEscaped...)
				break
			}
			for _, b := range seq[:n] {
				dst = AppendByte(dst, b)
			}
			i += n - 1
		default:
			dst = AppendByte(dst, c)
		}
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// IsHex reports whether c is an ASCII hex digit.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Unhex is the value of the ASCII hex digit c.
func Unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// DecodeAt decodes the escape "%XX" at s[i], which must be '%'. ok is
// false when s[i+1:] does not start with two hex digits.
func DecodeAt(s string, i int) (c byte, ok bool) {
	if i+2 >= len(s) || !IsHex(s[i+1]) || !IsHex(s[i+2]) {
		return 0, false
	}
	return Unhex(s[i+1])<<4 | Unhex(s[i+2]), true
}

// IsUnreserved reports whether c is in RFC 3986's unreserved set, ALPHA /
// DIGIT / "-" / "." / "_" / "~": the bytes that mean the same encoded or
// not in any URI component.
// https://www.rfc-editor.org/rfc/rfc3986#section-2.3
func IsUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
