package url

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Punycode (RFC 3492) for IDNA labels, in O(n log n) time whatever the
// label holds.
//
// The algorithm of RFC 3492 (and golang.org/x/net/idna, punycode.js,
// ICU) is quadratic: the encoder scans the whole label once per distinct
// code point, and the decoder inserts each code point into the middle of
// its output. A 64 KiB label of distinct CJK ideographs costs seconds
// that way. Here the encoder visits the (code point, position) pairs in
// sorted order and counts the already-handled code points before a
// position with a Fenwick tree; the decoder records each insertion and
// computes the final positions afterwards, last insertion first, with a
// Fenwick tree of free slots. Both produce exactly RFC 3492's result.
//
// Lengths: there is no length limit. Integer overflow is detected
// against 2^31-1 exactly as punycode.js (used by whatwg-url, the URL
// Standard's reference implementation) and golang.org/x/net/idna do,
// so a label fails to encode or decode exactly when it does there.
// Browsers built on ICU also refuse to encode a label of more than
// 1,000 UTF-16 code units, or to decode one of more than 2,000 (ICU-13727,
// a guard against the quadratic algorithm); the URL Standard sets no
// such limit (whatwg/url#824), and the reference implementation has
// none, so weburl has none either: it only needs to stay fast.

// Bootstring parameters for Punycode (RFC 3492 section 5).
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 0x80
	punyMaxInt      = 1<<31 - 1 // the overflow bound of punycode.js and x/net/idna
)

// punyAdapt is the bias adaptation function (RFC 3492 section 6.1).
func punyAdapt(delta, numPoints int64, firstTime bool) int64 {
	if firstTime {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := int64(0)
	for delta > ((punyBase-punyTMin)*punyTMax)/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

// punyThreshold is t for the digit at k (RFC 3492 section 6.2 and 6.3).
func punyThreshold(k, bias int64) int64 {
	switch {
	case k <= bias:
		return punyTMin
	case k >= bias+punyTMax:
		return punyTMax
	}
	return k - bias
}

func punyEncodeDigit(d int64) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func punyDecodeDigit(c byte) int64 {
	switch {
	case '0' <= c && c <= '9':
		return int64(c-'0') + 26
	case 'a' <= c && c <= 'z':
		return int64(c - 'a')
	case 'A' <= c && c <= 'Z':
		return int64(c - 'A')
	}
	return punyBase // not a digit
}

// fenwick is a binary indexed tree of counts over positions 0..n-1.
type fenwick []int32

// add adds d at position i.
func (f fenwick) add(i int, d int32) {
	for i++; i < len(f); i += i & -i {
		f[i] += d
	}
}

// prefix returns the sum over positions 0..i-1.
func (f fenwick) prefix(i int) int64 {
	s := int64(0)
	for ; i > 0; i -= i & -i {
		s += int64(f[i])
	}
	return s
}

// build turns f, holding each position's own count at f[i+1], into a
// tree in O(n).
func (f fenwick) build() {
	for i := 1; i < len(f); i++ {
		if j := i + i&-i; j < len(f) {
			f[j] += f[i]
		}
	}
}

// find returns the smallest position p whose prefix sum over 0..p is k
// (k >= 1, counts 0 or 1): the position of the k-th one.
func (f fenwick) find(k int32) int {
	pos := 0
	step := 1
	for step*2 < len(f) {
		step *= 2
	}
	for ; step > 0; step /= 2 {
		if next := pos + step; next < len(f) && f[next] < k {
			pos = next
			k -= f[next]
		}
	}
	return pos // 0-based: the tree index pos+1 is where the sum reaches k
}

// appendPunycode appends the Punycode encoding of label (RFC 3492
// section 6.3, without the "xn--" prefix) to dst. It reports false on
// overflow, as punycode.js does. Invalid UTF-8 counts as U+FFFD.
// Time O(n log n); memory 8 bytes per non-ASCII code point of label
// and 4 per code point (none for up to 64 code points).
func appendPunycode(dst []byte, label string) ([]byte, bool) {
	// The non-basic code points as (code point << 32 | position)
	// pairs, and the basic ones straight to the output.
	var pairBuf [64]uint64
	pairs := pairBuf[:0]
	if n := utf8.RuneCountInString(label); n > len(pairBuf) {
		pairs = make([]uint64, 0, n)
	}
	length := 0
	for _, r := range label {
		if r < 0x80 {
			dst = append(dst, byte(r))
		} else {
			pairs = append(pairs, uint64(r)<<32|uint64(length))
		}
		length++
	}
	basic := int64(length - len(pairs))
	if basic > 0 {
		dst = append(dst, '-')
	}
	if len(pairs) == 0 {
		return dst, true
	}
	slices.Sort(pairs)

	// handled counts the code points already encoded (below n), by
	// position: first the basic ones.
	var treeBuf [65]int32
	var handled fenwick
	if length+1 <= len(treeBuf) {
		handled = treeBuf[:length+1]
	} else {
		handled = make(fenwick, length+1)
	}
	pos := 0
	for _, r := range label {
		if r < 0x80 {
			handled[pos+1] = 1
		}
		pos++
	}
	handled.build()

	n, delta, bias, h := int64(punyInitialN), int64(0), int64(punyInitialBias), basic
	for i := 0; i < len(pairs); {
		m := int64(pairs[i] >> 32)
		// Advance the decoder's <n,i> state to <m,0>.
		if m-n > (punyMaxInt-delta)/(h+1) {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		// Every occurrence of m, left to right: delta counts the
		// handled code points since the previous occurrence.
		hRound := h // code points below m
		last := int64(0)
		j := i
		for ; j < len(pairs) && int64(pairs[j]>>32) == m; j++ {
			before := handled.prefix(int(uint32(pairs[j])))
			delta += before - last
			last = before
			if delta > punyMaxInt {
				return dst, false
			}
			q := delta
			for k := int64(punyBase); ; k += punyBase {
				t := punyThreshold(k, bias)
				if q < t {
					break
				}
				dst = append(dst, punyEncodeDigit(t+(q-t)%(punyBase-t)))
				q = (q - t) / (punyBase - t)
			}
			dst = append(dst, punyEncodeDigit(q))
			bias = punyAdapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		// The handled code points after the last occurrence.
		delta += hRound - last
		if delta > punyMaxInt {
			return dst, false
		}
		for ; i < j; i++ {
			handled.add(int(uint32(pairs[i])), 1)
		}
		delta++
		n++
	}
	return dst, true
}

// decodePunycode decodes the Punycode encoding s (RFC 3492 section 6.2,
// the part of an "xn--" label after the prefix). It fails, as
// punycode.js does, on a non-ASCII basic code point, a character that
// is not a digit, a truncated number or overflow; and on a decoded
// value that is not a Unicode scalar value (above U+10FFFF, or a
// surrogate), which a Go string cannot hold and which UTS #46 rejects
// anyway. Time O(n log n).
func decodePunycode(s string) (string, bool) {
	var buf [64]rune
	r, ok := appendPunycodeDecoded(buf[:0], s)
	if !ok {
		return "", false
	}
	return string(r), true
}

// appendPunycodeDecoded appends the code points decodePunycode decodes
// from s to dst.
func appendPunycodeDecoded(dst []rune, s string) ([]rune, bool) {
	b := strings.LastIndexByte(s, '-')
	if b < 0 {
		b = 0
	}
	for j := 0; j < b; j++ {
		if s[j] >= utf8.RuneSelf {
			return dst, false
		}
	}
	in := 0
	if b > 0 {
		in = b + 1
	}
	// Each inserted code point with the index it was inserted at.
	type insertion struct {
		r   rune
		idx int32
	}
	var insBuf [64]insertion
	ins := insBuf[:0]
	count := int64(b) // code points in the output so far
	n, i, bias := int64(punyInitialN), int64(0), int64(punyInitialBias)
	for in < len(s) {
		oldi, w := i, int64(1)
		for k := int64(punyBase); ; k += punyBase {
			if in >= len(s) {
				return dst, false
			}
			digit := punyDecodeDigit(s[in])
			in++
			if digit >= punyBase || digit > (punyMaxInt-i)/w {
				return dst, false
			}
			i += digit * w
			t := punyThreshold(k, bias)
			if digit < t {
				break
			}
			if w > punyMaxInt/(punyBase-t) {
				return dst, false
			}
			w *= punyBase - t
		}
		out := count + 1
		bias = punyAdapt(i-oldi, out, oldi == 0)
		if i/out > punyMaxInt-n {
			return dst, false
		}
		n += i / out
		i %= out
		if n > utf8.MaxRune || 0xD800 <= n && n <= 0xDFFF {
			return dst, false
		}
		ins = append(ins, insertion{rune(n), int32(i)})
		i++
		count++
	}

	// Place the insertions, last first: the one inserted at index idx
	// ends up in the (idx+1)-th slot still free. The basic code points,
	// inserted before all others, take the remaining slots in order
	// (inserted code points are never below U+0080, so a zero slot is
	// free).
	total := int(count)
	start := len(dst)
	dst = slices.Grow(dst, total)[:start+total]
	out := dst[start:]
	clear(out)
	if len(ins) > 0 {
		var treeBuf [65]int32
		var free fenwick
		if total+1 <= len(treeBuf) {
			free = treeBuf[:total+1]
		} else {
			free = make(fenwick, total+1)
		}
		for p := 1; p <= total; p++ {
			free[p] = 1
		}
		free.build()
		for k := len(ins) - 1; k >= 0; k-- {
			p := free.find(ins[k].idx + 1)
			out[p] = ins[k].r
			free.add(p, -1)
		}
	}
	j := 0
	for p := range out {
		if out[p] == 0 {
			out[p] = rune(s[j])
			j++
		}
	}
	return dst, true
}
