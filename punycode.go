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
// sorted order, a group of code point values at a time (so that its
// scratch stays a fraction of its output: punyEncoder), and counts the
// already-handled code points before a position with a Fenwick tree;
// the decoder records each insertion and computes the final positions
// afterwards, last insertion first, with a Fenwick tree of free slots. Both produce exactly RFC 3492's result.
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

// punyAdapt is the bias adaptation function (RFC 3492 section 6.1), on
// the decoder's and long encoder's int64 or the short encoder's uint32.
func punyAdapt[T int64 | uint32](delta, numPoints T, firstTime bool) T {
	if firstTime {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := T(0)
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
// Time O(n log n); memory at most 1 byte per non-basic code point, or
// 32 KiB (see punyEncoder).
func appendPunycode(dst []byte, label string) ([]byte, bool) {
	e := punyEncoder{out: dst}
	ok := e.encode(label, 0)
	return e.out, ok
}

// punyGroups is how many groups of code point values the encoder splits
// a label's non-basic code points into, at least: its scratch holds one
// group at a time, 16 bytes per code point of it, so 1/16 of them costs
// at most 1 byte per non-basic code point, which is at most the length
// of the encoding (every non-basic code point takes at least one digit).
const punyGroups = 16

// punyMinGroup is the fewest code points the encoder's scratch holds
// room for (32 KiB) when the label has more: labels up to that many
// non-basic code points are encoded in one group, and longer ones in
// fewer scans than 1/punyGroups would give, within the 64 KiB that
// Parse may allocate beyond twice its href.
const punyMinGroup = 2048

// punyEncoder writes a Punycode encoding, or counts its bytes.
//
// RFC 3492's encoder scans the whole label once per distinct code point
// (quadratic time). Here the non-basic code points are split, by value,
// into groups of at most g of them (g is 1/punyGroups of the label's
// non-basic code points, at least punyMinGroup), and the label is scanned
// once per group: a value with more than g occurrences makes a group on
// its own, encoded as RFC 3492 does in that one scan; the others
// are taken into a buffer in position order, with the count of code points
// below the group before each, then ordered by (code point, position)
// (a radix sort), and a Fenwick tree over the buffer counts the group's
// code points already handled before a position. There are at most
// 2*punyGroups+1 groups, and a histogram of the values (4 KiB, on the
// stack) finds them, with one more scan for each value bucket that holds
// more than g code points: a bounded number of O(n) scans, O(n log n)
// time in all (the Fenwick tree), and scratch of 16 bytes per code point
// of the largest group. The price of the small scratch is time: about
// 30 scans of the label where one would do with 12 bytes of scratch per
// code point.
type punyEncoder struct {
	out   []byte
	n     int  // bytes written or counted
	count bool // count only

	// deferCount: uts46Map leaves a short domain's length uncounted (-1),
	// for the host parser to encode it once (appendShortASCIIForm).
	deferCount bool

	vals  []int32 // the group's code points in position order, by index
	below []int32 // by index: the code points below the group before it
	order []int32 // the indices sorted by (code point, index)
	tree  fenwick // the group's code points already handled, by index
}

func (e *punyEncoder) writeString(s string) {
	e.n += len(s)
	if !e.count {
		e.out = append(e.out, s...)
	}
}

func (e *punyEncoder) writeByte(c byte) {
	e.n++
	if !e.count {
		e.out = append(e.out, c)
	}
}

// punyRune decodes the code point at s[i] and returns it with the index
// of the next one. s must be valid UTF-8: this is the encoder's scans'
// decoder, quicker than a range loop's.
func punyRune(s string, i int) (rune, int) {
	c := s[i]
	switch {
	case c < utf8.RuneSelf:
		return rune(c), i + 1
	case c < 0xE0:
		return rune(c&0x1F)<<6 | rune(s[i+1]&0x3F), i + 2
	case c < 0xF0:
		return rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), i + 3
	}
	return rune(c&0x07)<<18 | rune(s[i+1]&0x3F)<<12 | rune(s[i+2]&0x3F)<<6 | rune(s[i+3]&0x3F), i + 4
}

// validUTF8 returns s with each byte that is not part of valid UTF-8
// replaced by U+FFFD, as a range loop reads it.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r)
	}
	return b.String()
}

// punyGroup is a range of code point values lo..hi that the encoder
// handles in one scan; stream is set when it is a single value with
// more occurrences than a group buffer holds.
type punyGroup struct {
	lo, hi rune
	n      int // code points in the group
	stream bool
}

// punyBuckets is the number of 1,024-value buckets of the histogram.
const punyBuckets = utf8.MaxRune>>10 + 1

// encode encodes label; g, when not 0, sets the group size (for tests).
func (e *punyEncoder) encode(label string, g int) bool {
	label = validUTF8(label)
	if g <= 0 {
		var buf [punyShortOut]byte
		if b, ok := appendPunycodeShort(buf[:0], label); ok {
			e.n += len(b)
			if !e.count {
				e.out = append(e.out, b...)
			}
			return true
		}
	}
	// The basic code points, straight to the output, and the histogram
	// of the others.
	length, basic := 0, 0
	for i := 0; i < len(label); {
		var r rune
		r, i = punyRune(label, i)
		if r < 0x80 {
			e.writeByte(byte(r))
			basic++
		}
		length++
	}
	nonBasic := length - basic
	if basic > 0 {
		e.writeByte('-')
	}
	if nonBasic == 0 {
		return true
	}
	if g <= 0 {
		g = max(punyMinGroup, (nonBasic+punyGroups-1)/punyGroups)
	}
	one := [1]punyGroup{{lo: punyInitialN, hi: utf8.MaxRune, n: nonBasic}}
	groups, maxN := one[:], nonBasic
	if nonBasic > g {
		var groupBuf [2*punyGroups + 2]punyGroup
		groups, maxN = planPunyGroups(groupBuf[:0], label, g)
	}
	// The scratch, kept for the next label and for writing after
	// counting; doubling, so that labels of growing lengths do not
	// allocate more than twice the largest one.
	if cap(e.vals) < maxN {
		c := max(maxN, 2*cap(e.vals), 16)
		e.vals, e.below, e.order, e.tree = make([]int32, 0, c), make([]int32, 0, c), make([]int32, c), make(fenwick, c+1)
	}
	scratchVals, scratchBelow, scratchOrder, scratchTree := e.vals, e.below, e.order, e.tree

	n, delta, bias, h := int64(punyInitialN), int64(0), int64(punyInitialBias), int64(basic)
	for _, gr := range groups {
		if gr.stream {
			// One value m: RFC 3492's scan.
			m := int64(gr.lo)
			if m-n > (punyMaxInt-delta)/(h+1) {
				return false
			}
			delta += (m - n) * (h + 1)
			n = m
			hRound := h
			below, last := int64(0), int64(0)
			for i := 0; i < len(label); {
				var r rune
				r, i = punyRune(label, i)
				if r < gr.lo {
					below++
				} else if r == gr.lo {
					delta += below - last
					last = below
					if delta > punyMaxInt {
						return false
					}
					bias = e.writeDelta(delta, bias, h+1, h == int64(basic))
					delta = 0
					h++
				}
			}
			delta += hRound - last
			if delta > punyMaxInt {
				return false
			}
			delta++
			n++
			continue
		}

		// The group's code points in position order, with the count of
		// code points below the group before each.
		vals, belowAt := scratchVals[:0], scratchBelow[:0]
		below := int32(0)
		minV, maxV := gr.hi, gr.lo
		for i := 0; i < len(label); {
			// punyRune by hand: this loop is most of the encoder's time.
			var r rune
			switch c := label[i]; {
			case c < utf8.RuneSelf:
				r = rune(c)
				i++
			case c < 0xE0:
				r = rune(c&0x1F)<<6 | rune(label[i+1]&0x3F)
				i += 2
			case c < 0xF0:
				r = rune(c&0x0F)<<12 | rune(label[i+1]&0x3F)<<6 | rune(label[i+2]&0x3F)
				i += 3
			default:
				r = rune(c&0x07)<<18 | rune(label[i+1]&0x3F)<<12 | rune(label[i+2]&0x3F)<<6 | rune(label[i+3]&0x3F)
				i += 4
			}
			if r < gr.lo {
				below++
			} else if r <= gr.hi {
				vals = append(vals, r)
				belowAt = append(belowAt, below)
				minV, maxV = min(minV, r), max(maxV, r)
			}
		}
		// The indices by (code point, position).
		order := scratchOrder[:len(vals)]
		handled := scratchTree[:len(vals)+1]
		punySortByValue(order, handled[1:], vals, minV, maxV)
		clear(handled)

		for i := 0; i < len(order); {
			m := int64(vals[order[i]])
			// Advance the decoder's <n,i> state to <m,0>.
			if m-n > (punyMaxInt-delta)/(h+1) {
				return false
			}
			delta += (m - n) * (h + 1)
			n = m
			// Every occurrence of m, left to right: delta counts the
			// code points below m since the previous occurrence.
			hRound := h // code points below m
			last := int64(0)
			j := i
			for ; j < len(order) && int64(vals[order[j]]) == m; j++ {
				idx := int(order[j])
				before := int64(belowAt[idx]) + handled.prefix(idx)
				delta += before - last
				last = before
				if delta > punyMaxInt {
					return false
				}
				bias = e.writeDelta(delta, bias, h+1, h == int64(basic))
				delta = 0
				h++
			}
			// The code points below m after the last occurrence.
			delta += hRound - last
			if delta > punyMaxInt {
				return false
			}
			for ; i < j; i++ {
				handled.add(int(order[i]), 1)
			}
			delta++
			n++
		}
	}
	return true
}

// punySmall is the longest label, in code points, that
// appendPunycodeShort takes: RFC 3492's scans cost at most punySmall²
// steps there, less than the grouped encoder's setup on the labels of
// real domains (at most 63 bytes), and the code points fit on the stack.
const punySmall = 64

// punyShortOut is room for the encoding of a label of punySmall code
// points: each delta is below 2^27 (see appendPunycodeShort), at most 7
// digits.
const punyShortOut = 8*punySmall + 1

// appendPunycodeShort appends the Punycode encoding of label (RFC 3492
// section 6.3, without the "xn--" prefix) to dst when label, valid
// UTF-8, has at most punySmall code points, and reports false when it
// has more (appendPunycodeCodePoints). U+FFFD, which x/net/idna's
// encoder refuses from Unicode 16 on, makes it report false then too.
func appendPunycodeShort(dst []byte, label string) ([]byte, bool) {
	var cps [punySmall]uint32
	n := 0
	for i := 0; i < len(label); n++ {
		if n == punySmall {
			return dst, false
		}
		var r rune
		r, i = punyRune(label, i)
		if unicode16 && r == utf8.RuneError {
			return dst, false
		}
		cps[n] = uint32(r)
	}
	return appendPunycodeCodePoints(dst, cps[:n]), true
}

// appendPunycodeCodePoints appends the Punycode encoding of the label
// whose code points are cps, at most punySmall of them, to dst. It is
// the encoding procedure as written, one scan of the label per distinct
// non-basic code point, with the distinct code points sorted first
// rather than searched for in each round, and no scratch on the heap
// (dst may be on the caller's stack). No overflow check: the deltas
// stay below (punySmall+1) × 0x110000 < 2^27.
func appendPunycodeCodePoints(dst []byte, cps []uint32) []byte {
	var distinct [punySmall]uint32
	basic, d := 0, 0
	for _, c := range cps {
		if c < punyInitialN {
			// "copy them to the output in order"
			dst = append(dst, byte(c))
			basic++
			continue
		}
		// The distinct non-basic code points, in ascending order (an
		// insertion sort).
		j := d
		for j > 0 && distinct[j-1] > c {
			j--
		}
		if j > 0 && distinct[j-1] == c {
			continue
		}
		for k := d; k > j; k-- {
			distinct[k] = distinct[k-1]
		}
		distinct[j] = c
		d++
	}
	// "followed by a delimiter if b > 0"
	if basic > 0 {
		dst = append(dst, '-')
	}
	// "let n = initial_n, delta = 0, bias = initial_bias, h = b = the
	// number of basic code points"
	next, delta, bias, h := uint32(punyInitialN), uint32(0), uint32(punyInitialBias), uint32(basic)
	// "while h < length(input) do begin": one round per distinct
	// non-basic code point m, "the minimum code point >= n".
	for _, m := range distinct[:d] {
		// "let delta = delta + (m - n) * (h + 1), let n = m"
		delta += (m - next) * (h + 1)
		for _, c := range cps {
			// "if c < n then increment delta"
			if c < m {
				delta++
			} else if c == m {
				// "output delta as a generalized variable-length
				// integer, let bias = adapt(delta, h + 1, test h
				// equals b?), let delta = 0, increment h"
				dst, bias = appendPunyDeltaShort(dst, delta, bias, h+1, h == uint32(basic))
				delta = 0
				h++
			}
		}
		// "increment delta and n"
		delta++
		next = m + 1
	}
	return dst
}

// punyDigits are the Punycode digits by value (RFC 3492 section 5).
const punyDigits = "abcdefghijklmnopqrstuvwxyz0123456789"

// appendPunyDeltaShort appends delta as a generalized variable-length
// integer to dst and returns the adapted bias (RFC 3492 section 6.3, the
// inner loop, and section 6.1), on 32 bits: delta below 2^31.
func appendPunyDeltaShort(dst []byte, delta, bias, numPoints uint32, firstTime bool) ([]byte, uint32) {
	// "let q = delta; for k = base to infinity in steps of base do begin
	// let t = tmin if k <= bias, tmax if k >= bias + tmax, k - bias
	// otherwise; if q < t then break; output the code point for digit
	// t + ((q - t) mod (base - t)); let q = (q - t) div (base - t)"
	q := delta
	for k := uint32(punyBase); ; k += punyBase {
		t := uint32(punyTMin)
		if k >= bias+punyTMax {
			t = punyTMax
		} else if k > bias {
			t = k - bias
		}
		if q < t {
			break
		}
		dst = append(dst, punyDigits[t+(q-t)%(punyBase-t)])
		q = (q - t) / (punyBase - t)
	}
	// "output the code point for digit q"
	dst = append(dst, punyDigits[q])
	return dst, punyAdapt(delta, numPoints, firstTime)
}

// punySortByValue sets order to the indices of vals sorted by (value,
// index), with tmp (as long as vals) for scratch: a stable radix sort on
// the bytes of the values that differ between minV and maxV (all values
// are in that range), or an insertion sort for a few.
func punySortByValue(order, tmp, vals []int32, minV, maxV rune) {
	for i := range order {
		order[i] = int32(i)
	}
	if len(order) <= 32 {
		for i := 1; i < len(order); i++ {
			x := order[i]
			j := i
			for ; j > 0 && vals[order[j-1]] > vals[x]; j-- {
				order[j] = order[j-1]
			}
			order[j] = x
		}
		return
	}
	src, dst := order, tmp[:len(order)]
	for shift := 0; shift < 24; shift += 8 {
		if (minV^maxV)>>shift == 0 {
			break
		}
		var count [257]int32
		for _, x := range src {
			count[(vals[x]>>shift)&0xFF+1]++
		}
		for d := 1; d < len(count); d++ {
			count[d] += count[d-1]
		}
		for _, x := range src {
			d := (vals[x] >> shift) & 0xFF
			dst[count[d]] = x
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &order[0] {
		copy(order, src)
	}
}

// planPunyGroups appends to groups the groups of label's non-basic
// code points, each of at most g code points or of a single value, in
// ascending order of values, and returns them with the size of the
// largest that is not a single value's scan. A histogram of 1,024-value
// buckets finds them, and a count of each value in a bucket that holds
// more than g code points.
func planPunyGroups(groups []punyGroup, label string, g int) ([]punyGroup, int) {
	var hist [punyBuckets]int32
	for i := 0; i < len(label); {
		var r rune
		r, i = punyRune(label, i)
		if r >= punyInitialN {
			hist[r>>10]++
		}
	}
	cur := punyGroup{lo: -1}
	maxN := 0
	add := func(lo, hi rune, n int) {
		if cur.lo >= 0 && cur.n+n <= g {
			cur.hi, cur.n = hi, cur.n+n
			maxN = max(maxN, cur.n)
			return
		}
		if cur.lo >= 0 {
			groups = append(groups, cur)
		}
		if n > g {
			groups = append(groups, punyGroup{lo, hi, n, true})
			cur = punyGroup{lo: -1}
			return
		}
		cur = punyGroup{lo: lo, hi: hi, n: n}
		maxN = max(maxN, n)
	}
	for b := range hist {
		n := int(hist[b])
		if n == 0 {
			continue
		}
		lo := max(rune(b)<<10, punyInitialN) // bucket 0 holds the basic code points too
		if n <= g {
			add(lo, rune(b)<<10|0x3FF, n)
			continue
		}
		// A bucket with more code points than a group holds: count
		// each value.
		var values [1 << 10]int32
		for i := 0; i < len(label); {
			var r rune
			r, i = punyRune(label, i)
			if r>>10 == rune(b) && r >= punyInitialN {
				values[r&0x3FF]++
			}
		}
		for v, n := range values {
			if n > 0 {
				add(rune(b)<<10|rune(v), rune(b)<<10|rune(v), int(n))
			}
		}
	}
	if cur.lo >= 0 {
		groups = append(groups, cur)
	}
	return groups, maxN
}

// writeDelta writes delta as a generalized variable-length integer
// and returns the adapted bias (RFC 3492 section 6.3, the inner loop):
// appendPunyDeltaShort's, whose 32 bits hold every value the encoder
// lets through (delta at most 2^31-1: it fails on more).
func (e *punyEncoder) writeDelta(delta, bias, numPoints int64, firstTime bool) int64 {
	var buf [16]byte // a delta below 2^31 takes at most 10 digits
	b, next := appendPunyDeltaShort(buf[:0], uint32(delta), uint32(bias), uint32(numPoints), firstTime)
	e.n += len(b)
	if !e.count {
		e.out = append(e.out, b...)
	}
	return int64(next)
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
