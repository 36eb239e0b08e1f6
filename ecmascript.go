package url

// The URI handling functions of ECMAScript (ECMA-262, "URI Handling
// Functions": encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent) and the Annex B functions escape and unescape, with
// the exact semantics of the specification, on Go strings.
//
// https://tc39.es/ecma262/#sec-uri-handling-functions
// https://tc39.es/ecma262/#sec-escape-string
// https://tc39.es/ecma262/#sec-unescape-string
//
// JavaScript strings are sequences of UTF-16 code units and may hold lone
// surrogates; Go strings are bytes, normally UTF-8. This file maps one to
// the other as WTF-8 (https://simonsapin.github.io/wtf-8/) does: a valid
// UTF-8 Go string is the JavaScript string with the same code points, and a
// lone surrogate may be written as its three-byte generalized UTF-8 form
// (ED A0 80 to ED BF BF), which is not valid UTF-8. Each function's doc
// comment says what it does with bytes that are not valid UTF-8.

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// ErrMalformedURI is the error JavaScript reports as URIError ("URI
// malformed"). Every error returned by EncodeURI, EncodeURIComponent,
// DecodeURI and DecodeURIComponent is a *URIError that wraps it, so
// errors.Is(err, ErrMalformedURI) reports whether JavaScript would have
// thrown.
var ErrMalformedURI = errors.New("malformed URI")

// URIError describes where and why an ECMAScript URI function failed. It
// wraps ErrMalformedURI.
type URIError struct {
	Func   string // the Go function that failed, e.g. "DecodeURIComponent"
	Input  string // the whole input
	Offset int    // byte offset in Input of the character or escape sequence at fault
	Reason string // what is wrong there, e.g. "overlong UTF-8 encoding"
}

// Error returns a message in the package's form (see [Error]): the
// function, the input, "malformed URI", the reason and the offset:
//
//	url: DecodeURIComponent "ab%C0%AF": malformed URI (overlong UTF-8 encoding) at offset 2
//
// A long input is quoted only around the offset, with its length, as
// [Error.Error] does, so the message stays a few hundred bytes long;
// Input keeps the whole input.
func (e *URIError) Error() string {
	var b strings.Builder
	writeOpInput(&b, e.Func, e.Input, min(max(e.Offset, 0), len(e.Input)))
	writeCause(&b, ErrMalformedURI.Error(), e.Reason, e.Offset)
	return b.String()
}

// Unwrap returns ErrMalformedURI.
func (e *URIError) Unwrap() error { return ErrMalformedURI }

// Bits of ecmaTable: the sets of ASCII characters that ECMA-262 and its
// Annex B name.
const (
	// uriUnescaped is ECMA-262's uriUnescaped: uriAlpha, DecimalDigit and
	// uriMark (- _ . ! ~ * ' ( )). encodeURIComponent keeps only these.
	uriUnescaped uint8 = 1 << iota
	// uriReservedHash is uriReserved (; / ? : @ & = + $ ,) and "#": what
	// encodeURI keeps in addition to uriUnescaped, and what decodeURI
	// leaves escaped.
	uriReservedHash
	// escapeUnescaped is the set escape keeps: ASCII letters and digits
	// and @ * _ + - . /
	escapeUnescaped
)

// ecmaTable[b] has the bits of the sets that contain byte b. Bytes >= 0x80
// are in none of them. The table is never written after initialization.
var ecmaTable = func() (t [256]uint8) {
	add := func(bits uint8, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bits
		}
	}
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	add(uriUnescaped|escapeUnescaped, alnum)
	add(uriUnescaped, "-_.!~*'()")
	add(uriReservedHash, ";/?:@&=+$,#")
	add(escapeUnescaped, "@*_+-./")
	return t
}()

// EncodeURI is JavaScript's encodeURI: it percent-encodes the UTF-8 bytes
// of every character but the ASCII letters and digits,
// - _ . ! ~ * ' ( ) and the characters that have a meaning in a URI,
// ; / ? : @ & = + $ , #. Hex digits are uppercase. Note that [ and ] are
// encoded: ECMAScript follows RFC 2396, not RFC 3986.
//
// Where JavaScript throws URIError for a lone surrogate, EncodeURI returns
// a *URIError: s must be valid UTF-8, and any byte that does not start a
// valid UTF-8 sequence (including a surrogate encoded in three bytes, as in
// WTF-8 or CESU-8) is an error. When s needs no encoding, s itself is
// returned.
//
// https://tc39.es/ecma262/#sec-encodeuri-uri
func EncodeURI(s string) (string, error) {
	return ecmaEncode("EncodeURI", s, uriUnescaped|uriReservedHash)
}

// EncodeURIComponent is JavaScript's encodeURIComponent: it percent-encodes
// the UTF-8 bytes of every character but the ASCII letters and digits and
// - _ . ! ~ * ' ( ). Hex digits are uppercase. For valid UTF-8 the result
// is the same as PercentEncode(s, ComponentSet).
//
// Invalid UTF-8 is an error, as for EncodeURI. When s needs no encoding, s
// itself is returned.
//
// https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent
func EncodeURIComponent(s string) (string, error) {
	return ecmaEncode("EncodeURIComponent", s, uriUnescaped)
}

// ecmaEncode is ECMA-262's Encode(string, extraUnescaped): every byte in
// keep is copied, every valid UTF-8 sequence is percent-encoded byte by
// byte, and anything else is an error.
func ecmaEncode(fn, s string, keep uint8) (string, error) {
	var b []byte // nil until the first byte that changes
	last := 0    // s[last:i] is still to be copied to b
	for i := 0; i < len(s); {
		c := s[i]
		if ecmaTable[c]&keep != 0 {
			i++
			continue
		}
		n := 1
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				reason := "invalid UTF-8"
				if isWTF8Surrogate(s, i) {
					reason = "lone surrogate"
				}
				return "", &URIError{Func: fn, Input: s, Offset: i, Reason: reason}
			}
			n = size
		}
		if b == nil {
			b = make([]byte, 0, len(s)+2*n+16)
		}
		b = append(b, s[last:i]...)
		for _, c := range []byte(s[i : i+n]) {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
		i += n
		last = i
	}
	if b == nil {
		return s, nil
	}
	return string(append(b, s[last:]...)), nil
}

// isWTF8Surrogate reports whether s[i:] starts with a surrogate code point
// in generalized UTF-8 (ED A0..BF 80..BF), as WTF-8 and CESU-8 write one.
func isWTF8Surrogate(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xED && s[i+1]&0xE0 == 0xA0 && s[i+2]&0xC0 == 0x80
}

// DecodeURI is JavaScript's decodeURI: it replaces every escape sequence
// that encodes a UTF-8 character by that character, except that an escape
// of one of ; / ? : @ & = + $ , # is left as it is written (so "%23" and
// "%2f" stay as they are, while "%5B" becomes "[").
//
// Where JavaScript throws URIError, DecodeURI returns a *URIError: for a
// "%" that is not followed by two hex digits, and for escaped bytes that
// are not valid UTF-8 (a stray continuation byte, a truncated sequence, an
// overlong form such as %C0%AF, a surrogate such as %ED%A0%80, or a code
// point above U+10FFFF such as %F4%90%80%80). Bytes of s outside escapes
// are copied unchanged, even if they are not valid UTF-8, as JavaScript
// copies lone surrogates; decoded escapes are always valid UTF-8. When s
// holds nothing to decode, s itself is returned.
//
// https://tc39.es/ecma262/#sec-decodeuri-encodeduri
func DecodeURI(s string) (string, error) {
	return ecmaDecode("DecodeURI", s, uriReservedHash)
}

// DecodeURIComponent is JavaScript's decodeURIComponent: it replaces every
// escape sequence that encodes a UTF-8 character by that character. It
// fails where DecodeURI fails, and copies other bytes the same way. When s
// holds no escape sequence, s itself is returned.
//
// Unlike PercentDecodeString, which never fails and may return invalid
// UTF-8, DecodeURIComponent rejects what JavaScript rejects, and it does
// not turn "+" into a space.
//
// https://tc39.es/ecma262/#sec-decodeuricomponent-encodeduricomponent
func DecodeURIComponent(s string) (string, error) {
	return ecmaDecode("DecodeURIComponent", s, 0)
}

// ecmaDecode is ECMA-262's Decode(string, preserveEscapeSet). An escape of
// an ASCII character in preserve is copied as it is written.
func ecmaDecode(fn, s string, preserve uint8) (string, error) {
	var b []byte // nil until the first byte that changes
	last := 0    // s[last:i] is still to be copied to b
	fail := func(at int, reason string) (string, error) {
		return "", &URIError{Func: fn, Input: s, Offset: at, Reason: reason}
	}
	for i := 0; i < len(s); {
		if s[i] != '%' {
			i++
			continue
		}
		lead, ok := hexByte(s, i)
		if !ok {
			return fail(i, "% not followed by two hex digits")
		}
		var n int // length of the UTF-8 sequence
		switch {
		case lead < 0x80:
			if ecmaTable[lead]&preserve != 0 {
				i += 3
				continue
			}
			n = 1
		case lead < 0xC0:
			return fail(i, "unexpected UTF-8 continuation byte")
		case lead < 0xE0:
			n = 2
		case lead < 0xF0:
			n = 3
		case lead < 0xF8:
			n = 4
		default:
			return fail(i, "invalid UTF-8 lead byte")
		}
		var seq [4]byte
		seq[0] = lead
		for j := 1; j < n; j++ {
			at := i + 3*j
			if at >= len(s) {
				return fail(i, "truncated UTF-8 sequence")
			}
			if s[at] != '%' {
				return fail(i, "truncated UTF-8 sequence")
			}
			c, ok := hexByte(s, at)
			if !ok {
				return fail(at, "% not followed by two hex digits")
			}
			if c&0xC0 != 0x80 {
				return fail(i, "truncated UTF-8 sequence")
			}
			seq[j] = c
		}
		if n > 1 {
			if _, size := utf8.DecodeRune(seq[:n]); size != n {
				return fail(i, invalidUTF8Reason(seq[:n]))
			}
		}
		if b == nil {
			b = make([]byte, 0, len(s))
		}
		b = append(b, s[last:i]...)
		b = append(b, seq[:n]...)
		i += 3 * n
		last = i
	}
	if b == nil {
		return s, nil
	}
	return string(append(b, s[last:]...)), nil
}

// invalidUTF8Reason says why seq, a lead byte followed by the right number
// of continuation bytes, is not valid UTF-8.
func invalidUTF8Reason(seq []byte) string {
	switch len(seq) {
	case 2:
		return "overlong UTF-8 encoding" // C0 or C1 lead byte
	case 3:
		switch {
		case seq[0] == 0xE0 && seq[1] < 0xA0:
			return "overlong UTF-8 encoding"
		case seq[0] == 0xED && seq[1] >= 0xA0:
			return "UTF-8 encoding of a surrogate"
		}
	case 4:
		switch {
		case seq[0] == 0xF0 && seq[1] < 0x90:
			return "overlong UTF-8 encoding"
		case seq[0] > 0xF4 || seq[0] == 0xF4 && seq[1] >= 0x90:
			return "code point above U+10FFFF"
		}
	}
	return "invalid UTF-8"
}

// hexByte decodes the escape "%XX" at s[i], which must be '%'.
func hexByte(s string, i int) (byte, bool) {
	if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
		return 0, false
	}
	return unhex(s[i+1])<<4 | unhex(s[i+2]), true
}

// Escape is JavaScript's escape (ECMA-262 Annex B). It works on UTF-16
// code units: ASCII letters and digits and @ * _ + - . / are kept, a code
// unit below 0x100 becomes %XX and any other becomes %uXXXX, with
// uppercase hex digits. A character above U+FFFF is a surrogate pair, so it
// becomes two %uXXXX ("😀" gives "%uD83D%uDE00"). Non-ASCII characters
// below U+0100 are escaped as their Latin-1 code, not as UTF-8 ("é" gives
// "%E9"), so Escape's result is not a URI percent-encoding.
//
// A lone surrogate written as three bytes of generalized UTF-8 (WTF-8,
// ED A0 80 to ED BF BF) is escaped as that code unit, as JavaScript escapes
// a lone surrogate. Any other byte that is not valid UTF-8 is taken as
// U+FFFD and becomes %uFFFD. When s needs no escaping, s itself is
// returned.
//
// https://tc39.es/ecma262/#sec-escape-string
func Escape(s string) string {
	var b []byte // nil until the first byte that changes
	last := 0    // s[last:i] is still to be copied to b
	for i := 0; i < len(s); {
		c := s[i]
		if ecmaTable[c]&escapeUnescaped != 0 {
			i++
			continue
		}
		if b == nil {
			b = make([]byte, 0, len(s)+32)
		}
		b = append(b, s[last:i]...)
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 && isWTF8Surrogate(s, i) {
				r = rune(s[i]&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
				n = 3
			}
		}
		switch {
		case r < 0x100:
			b = append(b, '%', upperHex[r>>4], upperHex[r&15])
		case r < 0x10000:
			b = appendPercentU(b, r)
		default:
			r -= 0x10000
			b = appendPercentU(b, 0xD800+r>>10)
			b = appendPercentU(b, 0xDC00+r&0x3FF)
		}
		i += n
		last = i
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

// appendPercentU appends the escape %uXXXX of the code unit u.
func appendPercentU(b []byte, u rune) []byte {
	return append(b, '%', 'u', upperHex[u>>12&15], upperHex[u>>8&15], upperHex[u>>4&15], upperHex[u&15])
}

// Unescape is JavaScript's unescape (ECMA-262 Annex B): every %uXXXX (a
// lowercase u and four hex digits) becomes the UTF-16 code unit XXXX, and
// every other %XX the code unit 00XX, that is, the Latin-1 character XX
// ("%E9" gives "é", not the byte E9). Anything else, including a "%" that
// starts neither form, is kept. It never fails.
//
// Code units are joined as UTF-16: "%uD83D%uDE00" gives "😀", and so does
// an escaped high surrogate followed by a lone low surrogate written in
// WTF-8, or the other way round. Where JavaScript's result would hold a
// lone surrogate, which a valid UTF-8 Go string cannot, Unescape writes
// U+FFFD instead; and any byte of s that is not valid UTF-8 (and is not a
// surrogate that joins into a pair) becomes U+FFFD too, so the result is
// always valid UTF-8. When s holds no escape and is valid UTF-8, s itself
// is returned.
//
// https://tc39.es/ecma262/#sec-unescape-string
func Unescape(s string) string {
	var b strings.Builder // empty until the first byte that changes
	building := false
	last := 0     // s[last:i] is still to be copied to b
	var high rune // a high surrogate waiting for its low half, or 0
	// put writes code unit u, joining surrogate pairs.
	put := func(u rune) {
		if high != 0 {
			if 0xDC00 <= u && u < 0xE000 {
				b.WriteRune(0x10000 + (high-0xD800)<<10 + (u - 0xDC00))
				high = 0
				return
			}
			b.WriteRune(utf8.RuneError)
			high = 0
		}
		switch {
		case 0xD800 <= u && u < 0xDC00:
			high = u
		case 0xDC00 <= u && u < 0xE000:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(u)
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		var u rune // the code unit s[i:i+n] stands for, if it is not literal
		n := 0
		size := 1 // length of s[i]'s character, if it is literal
		switch {
		case c == '%':
			if i+5 < len(s) && s[i+1] == 'u' && isHex(s[i+2]) && isHex(s[i+3]) && isHex(s[i+4]) && isHex(s[i+5]) {
				u = rune(unhex(s[i+2]))<<12 | rune(unhex(s[i+3]))<<8 | rune(unhex(s[i+4]))<<4 | rune(unhex(s[i+5]))
				n = 6
			} else if x, ok := hexByte(s, i); ok {
				u, n = rune(x), 3
			}
		case c >= utf8.RuneSelf:
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				if isWTF8Surrogate(s, i) {
					u = rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
					n = 3
				} else {
					u, n = utf8.RuneError, 1
				}
			}
		}
		if n == 0 {
			// A literal character, copied later with s[last:]. It cannot
			// complete a pair; high is only set right after put, so
			// last == i and U+FFFD goes before the character.
			if high != 0 {
				b.WriteRune(utf8.RuneError)
				high = 0
			}
			i += size
			continue
		}
		if !building {
			building = true
			b.Grow(len(s))
		}
		b.WriteString(s[last:i])
		put(u)
		i += n
		last = i
	}
	if !building {
		return s
	}
	if high != 0 {
		b.WriteRune(utf8.RuneError)
	}
	b.WriteString(s[last:])
	return b.String()
}
