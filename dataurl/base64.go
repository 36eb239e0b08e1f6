package dataurl

// Infra's forgiving-base64 decode (https://infra.spec.whatwg.org/#forgiving-base64-decode),
// the decoder of ";base64" data: URL bodies and of atob(). It differs from
// RFC 4648 (and from encoding/base64) in what it forgives: ASCII
// whitespace anywhere, missing padding, and non-zero bits in the last
// code point; it refuses a "=" anywhere but in the last two places.
//
// The decoder here never builds the spec's intermediate strings: a scan
// (scanBase64) checks the steps that can fail and counts the output, and
// the reader (base64Read) then decodes straight into the caller's buffer.
// Both read the data: URL body through the percent-decoding
// (percentSource), so the percent-decoded body is never held either.

// base64Alphabet is Table 1 of RFC 4648, "The Base 64 Alphabet": the code
// point of each value 0-63.
const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// notSextet marks, in base64Value, a byte that is not in the alphabet.
const notSextet = 0xFF

// base64Value maps a byte to its value in base64Alphabet, or notSextet;
// made from the alphabet itself.
var base64Value = func() (t [256]byte) {
	for i := range t {
		t[i] = notSextet
	}
	for v := range len(base64Alphabet) {
		t[base64Alphabet[v]] = byte(v)
	}
	return t
}()

// isASCIIWhitespace reports whether c is ASCII whitespace
// (https://infra.spec.whatwg.org/#ascii-whitespace): U+0009 TAB, U+000A
// LF, U+000C FF, U+000D CR, or U+0020 SPACE.
func isASCIIWhitespace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// DecodeBase64 is Infra's forgiving-base64 decode
// (https://infra.spec.whatwg.org/#forgiving-base64-decode), as atob() and
// ";base64" data: URLs decode: ASCII whitespace is ignored anywhere,
// padding is optional, and the unused low bits of the last code point are
// discarded ("YQ" and "YR" both give "a"). It fails with an *[Error] that
// wraps [ErrBase64] when s holds a code point outside the base64 alphabet
// (any byte >= 0x80 among them), a "=" anywhere but in the last two
// places of a length divisible by 4, or a number of code points that
// leaves one over after dividing by 4. It runs in linear time and
// allocates only the result.
func DecodeBase64(s string) ([]byte, error) {
	src := percentSource{s: s, raw: true}
	sextets, ok := scanBase64(src)
	if !ok {
		return nil, &Error{Op: "decode base64", Input: s, Err: ErrBase64}
	}
	out := make([]byte, base64DecodedLen(sextets))
	d := base64Decoder{src: src, left: sextets}
	d.read(out)
	return out, nil
}

// base64DecodedLen is how many bytes n base64 code points decode to: 3
// for each 4, and 1 or 2 for a last group of 2 or 3 (of 12 or 18 bits).
func base64DecodedLen(n int) int { return n/4*3 + [4]int{0, 0, 1, 2}[n%4] }

// scanBase64 runs the steps of forgiving-base64 decode that can fail, on
// the code points src yields, without building a string: it reports
// whether they decode, and how many code points of the alphabet there are
// to decode (the "data" of step 8, after steps 1 and 2 removed
// whitespace and padding).
func scanBase64(src percentSource) (sextets int, ok bool) {
	// 1. Remove all ASCII whitespace from data. (Skipped as met.)
	// 2. If data's code point length divides by 4 leaving no remainder:
	// if data ends with one or two U+003D (=) code points, then remove
	// them from data.
	// 4. If data contains a code point that is not one of U+002B (+),
	// U+002F (/), ASCII alphanumeric, then return failure.
	// So a "=" is allowed only in a run of one or two at the end, and then
	// only when the whole length divides by 4.
	n, equals := 0, 0
	for {
		// The common case: a run of the alphabet.
		run := src.alphabetRun()
		if run > 0 {
			if equals > 0 {
				return 0, false // a "=" before the end
			}
			n += run
			continue
		}
		c, more := src.next()
		if !more {
			break
		}
		switch {
		case isASCIIWhitespace(c):
		case c == '=':
			equals++
		case base64Value[c] != notSextet: // a percent-encoded letter
			if equals > 0 {
				return 0, false
			}
			n++
		default:
			return 0, false
		}
	}
	if equals > 0 && (equals > 2 || (n+equals)%4 != 0) {
		return 0, false
	}
	// 3. If data's code point length divides by 4 leaving a remainder of
	// 1, then return failure.
	if n%4 == 1 {
		return 0, false
	}
	return n, true
}

// base64Decoder decodes, from src, the left code points of the alphabet
// that scanBase64 counted (steps 5-10 of forgiving-base64 decode),
// skipping whitespace; what follows them (padding, whitespace) is not
// read.
type base64Decoder struct {
	src  percentSource
	left int    // code points of the alphabet not yet read
	acc  uint32 // the spec's buffer: nacc sextets, most significant first
	nacc int
	// pending holds decoded bytes that did not fit the caller's buffer.
	pending    [3]byte
	start, end int
}

// read decodes into p and returns how many bytes it wrote; fewer than
// len(p) only at the end of the output.
func (d *base64Decoder) read(p []byte) int {
	n := copy(p, d.pending[d.start:d.end])
	d.start += n
	for n < len(p) {
		if d.left == 0 {
			// 9. If buffer is not empty, it contains either 12 or 18
			// bits: discard the last 4 or 2 and append the remaining one
			// or two bytes to output.
			switch d.nacc {
			case 2:
				d.pending[0] = byte(d.acc >> 4)
				d.start, d.end = 0, 1
			case 3:
				d.pending[0], d.pending[1] = byte(d.acc>>10), byte(d.acc>>2)
				d.start, d.end = 0, 2
			default:
				return n
			}
			d.nacc = 0
			m := copy(p[n:], d.pending[:d.end])
			d.start = m
			return n + m
		}
		if d.nacc == 0 && d.left >= 4 && len(p)-n >= 3 {
			// Whole groups of four plain code points, straight into p.
			w, r := decodeGroups(p[n:], d.src.s[d.src.pos:], d.left)
			if r > 0 {
				n += w
				d.src.pos += r
				d.left -= r
				continue
			}
		}
		// 8. One code point: find its value n, append its six bits to
		// buffer; once buffer holds 24 bits, append them as three bytes to
		// output and empty buffer.
		c, _ := d.src.next()
		if isASCIIWhitespace(c) {
			continue
		}
		d.acc = d.acc<<6 | uint32(base64Value[c])
		d.nacc++
		d.left--
		if d.nacc == 4 {
			d.pending = [3]byte{byte(d.acc >> 16), byte(d.acc >> 8), byte(d.acc)}
			d.acc, d.nacc = 0, 0
			m := copy(p[n:], d.pending[:])
			d.start, d.end = m, 3
			n += m
		}
	}
	return n
}

// decodeGroups decodes the longest prefix of s made of whole groups of
// four base64 code points (no whitespace, no "%"), at most limit code
// points and as many groups as fit in dst, and returns the bytes written
// and the code points read.
func decodeGroups(dst []byte, s string, limit int) (written, read int) {
	groups := min(len(s), limit) / 4
	groups = min(groups, len(dst)/3)
	for g := 0; g < groups; g++ {
		i := g * 4
		a, b, c, e := base64Value[s[i]], base64Value[s[i+1]], base64Value[s[i+2]], base64Value[s[i+3]]
		if (a|b|c|e)&0xC0 != 0 { // a byte outside the alphabet
			return g * 3, i
		}
		v := uint32(a)<<18 | uint32(b)<<12 | uint32(c)<<6 | uint32(e)
		o := dst[g*3 : g*3+3]
		o[0], o[1], o[2] = byte(v>>16), byte(v>>8), byte(v)
	}
	return groups * 3, groups * 4
}
