// Package ecmascript implements the URI handling functions of ECMAScript
// (ECMA-262, "URI Handling Functions": encodeURI, encodeURIComponent,
// decodeURI, decodeURIComponent) and the Annex B functions escape and
// unescape, with the exact semantics of the specification, on Go strings.
// The root package's EncodeURI, DecodeURI, ... are the documented API;
// they turn a [Fault] into a *url.URIError. The functions live here,
// away from the URL Standard, because they are another standard's
// algorithms; the root keeps their names so that users' imports keep
// working.
//
// https://tc39.es/ecma262/#sec-uri-handling-functions
// https://tc39.es/ecma262/#sec-escape-string
// https://tc39.es/ecma262/#sec-unescape-string
//
// JavaScript strings are sequences of UTF-16 code units and may hold lone
// surrogates; Go strings are bytes, normally UTF-8. This package maps one
// to the other as WTF-8 (https://simonsapin.github.io/wtf-8/) does: a
// valid UTF-8 Go string is the JavaScript string with the same code
// points, and a lone surrogate may be written as its three-byte
// generalized UTF-8 form (ED A0 80 to ED BF BF), which is not valid UTF-8.
package ecmascript

import (
	"strings"
	"unicode/utf8"

	"github.com/weburl/url/internal/percent"
)

// Fault is where and why a function failed: where JavaScript throws
// URIError.
type Fault struct {
	Offset int    // byte offset of the character or escape sequence at fault
	Reason string // what is wrong there, e.g. "overlong UTF-8 encoding"
}

// Bits of table: the sets of ASCII characters that ECMA-262 and its
// Annex B name, or their complements where the percent-encoder core
// wants the bytes to encode.
const (
	// encodeURISet is what encodeURI encodes: every byte but
	// uriUnescaped (uriAlpha, DecimalDigit and uriMark - _ . ! ~ * ' ( )),
	// uriReserved (; / ? : @ & = + $ ,) and "#".
	encodeURISet uint8 = 1 << iota
	// encodeURIComponentSet is what encodeURIComponent encodes: every
	// byte but uriUnescaped.
	encodeURIComponentSet
	// reservedHash is uriReserved and "#": what decodeURI leaves
	// escaped.
	reservedHash
	// escapeUnescaped is the set escape keeps: ASCII letters and digits
	// and @ * _ + - . /
	escapeUnescaped
)

// table[b] has the bits of the sets that contain byte b. Bytes >= 0x80
// are in both encode sets and in no other. The table is never written
// after initialization.
var table = func() (t [256]uint8) {
	for c := range t {
		t[c] = encodeURISet | encodeURIComponentSet
	}
	clear := func(bits uint8, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] &^= bits
		}
	}
	add := func(bits uint8, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bits
		}
	}
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	const uriReservedHash = ";/?:@&=+$,#"
	clear(encodeURISet|encodeURIComponentSet, alnum+"-_.!~*'()")
	clear(encodeURISet, uriReservedHash)
	add(reservedHash, uriReservedHash)
	add(escapeUnescaped, alnum+"@*_+-./")
	return t
}()

// EncodeURI is encodeURI. https://tc39.es/ecma262/#sec-encodeuri-uri
func EncodeURI(s string) (string, *Fault) { return encode(s, encodeURISet) }

// EncodeURIComponent is encodeURIComponent.
// https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent
func EncodeURIComponent(s string) (string, *Fault) { return encode(s, encodeURIComponentSet) }

// encode is ECMA-262's Encode(string, extraUnescaped): every byte in set
// is percent-encoded, and s must be valid UTF-8 (a lone surrogate, in
// WTF-8 or otherwise, is what JavaScript throws for).
func encode(s string, set uint8) (string, *Fault) {
	i := 0
	for i < len(s) && table[s[i]]&set == 0 {
		i++
	}
	if i == len(s) {
		return s, nil
	}
	if !utf8.ValidString(s[i:]) {
		at := i + invalidUTF8(s[i:])
		reason := "invalid UTF-8"
		if isWTF8Surrogate(s, at) {
			reason = "lone surrogate"
		}
		return "", &Fault{Offset: at, Reason: reason}
	}
	b := make([]byte, 0, len(s)+len(s)/2+16)
	b = append(b, s[:i]...)
	return string(percent.Append(b, s[i:], &table, set, false)), nil
}

// invalidUTF8 returns the index of the first byte of s that is not part
// of valid UTF-8, or len(s).
func invalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(s)
}

// isWTF8Surrogate reports whether s[i:] starts with a surrogate code point
// in generalized UTF-8 (ED A0..BF 80..BF), as WTF-8 and CESU-8 write one.
func isWTF8Surrogate(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xED && s[i+1]&0xE0 == 0xA0 && s[i+2]&0xC0 == 0x80
}

// DecodeURI is decodeURI. https://tc39.es/ecma262/#sec-decodeuri-encodeduri
func DecodeURI(s string) (string, *Fault) { return decode(s, reservedHash) }

// DecodeURIComponent is decodeURIComponent.
// https://tc39.es/ecma262/#sec-decodeuricomponent-encodeduricomponent
func DecodeURIComponent(s string) (string, *Fault) { return decode(s, 0) }

// decode is ECMA-262's Decode(string, preserveEscapeSet). An escape of
// an ASCII character in preserve is copied as it is written.
func decode(s string, preserve uint8) (string, *Fault) {
	var b []byte // nil until the first byte that changes
	last := 0    // s[last:i] is still to be copied to b
	fail := func(at int, reason string) (string, *Fault) {
		return "", &Fault{Offset: at, Reason: reason}
	}
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			break
		}
		i += k
		lead, ok := percent.DecodeAt(s, i)
		if !ok {
			return fail(i, "% not followed by two hex digits")
		}
		var n int // length of the UTF-8 sequence
		switch {
		case lead < 0x80:
			if table[lead]&preserve != 0 {
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
			if at >= len(s) || s[at] != '%' {
				return fail(i, "truncated UTF-8 sequence")
			}
			c, ok := percent.DecodeAt(s, at)
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

// Escape is escape (Annex B): code units, not bytes; see the root
// package's Escape for the mapping of Go strings.
// https://tc39.es/ecma262/#sec-escape-string
func Escape(s string) string {
	var b []byte // nil until the first byte that changes
	last := 0    // s[last:i] is still to be copied to b
	for i := 0; i < len(s); {
		c := s[i]
		if table[c]&escapeUnescaped != 0 {
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
			b = percent.AppendByte(b, byte(r))
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
	return append(b, '%', 'u', percent.UpperHex[u>>12&15], percent.UpperHex[u>>8&15], percent.UpperHex[u>>4&15], percent.UpperHex[u&15])
}

// Unescape is unescape (Annex B); see the root package's Unescape for
// what becomes of lone surrogates and invalid UTF-8.
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
			if i+5 < len(s) && s[i+1] == 'u' && percent.IsHex(s[i+2]) && percent.IsHex(s[i+3]) && percent.IsHex(s[i+4]) && percent.IsHex(s[i+5]) {
				u = rune(percent.Unhex(s[i+2]))<<12 | rune(percent.Unhex(s[i+3]))<<8 | rune(percent.Unhex(s[i+4]))<<4 | rune(percent.Unhex(s[i+5]))
				n = 6
			} else if x, ok := percent.DecodeAt(s, i); ok {
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
