package url

// application/x-www-form-urlencoded (URL Standard, section 5).
// https://url.spec.whatwg.org/#application/x-www-form-urlencoded

import (
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/url/internal/legacy"
	"github.com/weburl/url/internal/percent"
	"golang.org/x/text/encoding"
)

// Param is one name-value tuple of an application/x-www-form-urlencoded
// list, such as the list of a [SearchParams].
type Param struct {
	Name, Value string
}

// ParseForm runs the application/x-www-form-urlencoded parser on input:
// the pairs are split on '&' (empty ones are skipped) and then on the
// first '='; '+' becomes a space before percent-decoding; the decoded
// bytes are read as UTF-8 with every invalid sequence replaced by U+FFFD
// (the Encoding Standard's "UTF-8 decode without BOM": a leading U+FEFF
// is kept). https://url.spec.whatwg.org/#concept-urlencoded-parser
//
// input is taken as the parser's byte sequence, so invalid UTF-8 in it is
// treated exactly like the same bytes percent-encoded. A leading '?' is
// not removed ([NewSearchParams] removes it). Names and values that need no
// change share input's memory, so a typical query costs one allocation
// (the slice, of exactly as many pairs as there are); the empty input,
// and one of only '&', cost none. ParseForm never fails.
func ParseForm(input string) []Param {
	return appendParsedForm(nil, input)
}

// formPairs counts the pairs of input: the list is sized by the pairs,
// not by the '&', as a run of '&' holds no pair and must not cost memory.
// A pair starts at each byte that is not '&' and follows a '&' (or the
// start of input); they are counted eight bytes at a time: the word's
// bytes equal to '&' shifted one byte on meet the bytes that are not,
// the last '&' of a word carried into the next.
func formPairs(input string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n, carry := 0, uint64(0x80) // input's start counts as a '&'
	for i := 0; i < len(input); i += 8 {
		var w uint64
		valid := uint64(highs) // the bytes of w that are input's
		switch rest := len(input) - i; {
		case rest >= 8:
			w = load64(input[i:])
		case len(input) >= 8: // the last eight bytes, without those seen
			w = load64(input[len(input)-8:]) >> (8 * (8 - rest))
			valid >>= 8 * (8 - rest)
		default:
			for j := len(input) - 1; j >= i; j-- {
				w = w<<8 | uint64(input[j])
			}
			valid >>= 8 * (8 - rest)
		}
		amp := bytesEqual(w, '&'*ones)
		n += bits.OnesCount64((amp<<8 | carry) &^ amp & valid)
		carry = amp >> 56
	}
	return n
}

// Classes of bytes for the urlencoded parser's one pass (formClass).
const (
	formAmp    = 1 // '&': ends a sequence
	formEq     = 2 // '=': the first in a sequence ends its name
	formChange = 4 // '+', '%' or a byte >= 0x80: decoding may change the name or value
)

// formClass is the class of each byte for appendParsedForm; 0 for a
// byte that neither splits nor changes in decoding.
var formClass = func() (t [256]uint8) {
	t['&'], t['='], t['+'], t['%'] = formAmp, formEq, formChange, formChange
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = formChange
	}
	return t
}()

// appendParsedForm appends the pairs of input to list, each name and
// value decoded (see formScanner for the parser's steps); a name or
// value that holds no byte decoding may change is its own decoding, a
// substring of input.
func appendParsedForm(list []Param, input string) []Param {
	if list == nil {
		if input == "" {
			return nil
		}
		list = make([]Param, 0, formPairs(input))
	}
	var decoded formDecoder
	sc := formScanner{input: input}
	for {
		name, value, change, ok := sc.next()
		if !ok {
			return list
		}
		if change&nameChanges != 0 {
			name = decoded.component(name, input[sc.start:])
		}
		if change&valueChanges != 0 {
			value = decoded.component(value, input[sc.start:])
		}
		list = append(list, Param{name, value})
	}
}

// What decoding may change in a pair that formScanner returns.
const (
	nameChanges  = 1 // the name holds a '+', a '%' or a byte >= 0x80
	valueChanges = 2 // the value does
)

// formScanner reads the pairs of an application/x-www-form-urlencoded
// input, not decoded: the parser's steps in one pass over input that
// splits it on '&' (step 1), skips the empty sequences (3.1), splits each
// on its first '=' (3.2, 3.3) and notes whether the name and the value
// hold a byte that decoding may change (a '+', step 3.4, a '%', or a byte
// >= 0x80, which may be invalid UTF-8, step 3.5).
// https://url.spec.whatwg.org/#concept-urlencoded-parser
type formScanner struct {
	input string
	i     int // where the next sequence starts
	start int // where the sequence next returned starts
}

// next returns the next pair, as it is in input, and what decoding may
// change in it (nameChanges, valueChanges); ok is false at the end.
func (sc *formScanner) next() (name, value string, change uint8, ok bool) {
	input := sc.input
	// The sequence being read starts at start; eq is its first '=' or
	// -1; c is formChange once its name (before eq) or value (after)
	// holds a byte that may change, nameChange the name's.
	start, eq := sc.i, -1
	c, nameChange := uint8(0), uint8(0)
	for i := start; i <= len(input); i++ {
		k := uint8(formAmp) // the end of input ends the last sequence
		if i < len(input) {
			if k = formClass[input[i]]; k == 0 {
				continue
			}
		}
		switch k {
		case formChange:
			c = formChange
		case formEq:
			if eq < 0 {
				eq, nameChange, c = i, c, 0
			}
		case formAmp:
			if i > start {
				sc.i, sc.start = i+1, start
				if eq < 0 {
					return input[start:i], "", c / formChange * nameChanges, true
				}
				return input[start:eq], input[eq+1 : i], nameChange/formChange*nameChanges | c/formChange*valueChanges, true
			}
			start, eq, c, nameChange = i+1, -1, 0, 0
		}
	}
	sc.i = len(input) + 1
	return "", "", 0, false
}

// formDecoder holds one buffer for the decoded names and values of a
// query, so that parsing it allocates once for all the components that
// change in decoding (and not at all when none does).
type formDecoder struct {
	buf []byte
}

// component returns s decoded (decodeFormComponent); from is the input
// from s's pair on, whose components the buffer is made for.
func (d *formDecoder) component(s, from string) string {
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; c == '+' || c == '%' || c >= utf8.RuneSelf {
			break
		}
	}
	if i == len(s) {
		return s
	}
	if !utf8.ValidString(s) {
		return decodeFormComponent(s) // U+FFFD may make it longer
	}
	if d.buf == nil {
		// Decoding never lengthens valid UTF-8 ("+" and "%XX" shrink or
		// stay): the rest of the query fits, and the buffer never moves.
		d.buf = make([]byte, 0, len(from))
	}
	start := len(d.buf)
	d.buf = appendFormDecoded(d.buf, s)
	out := d.buf[start:]
	if !utf8.Valid(out) {
		// Percent-decoding made invalid UTF-8: the general decoder
		// replaces it.
		d.buf = d.buf[:start]
		return decodeFormComponent(s)
	}
	if len(out) == len(s) && string(out) == s {
		d.buf = d.buf[:start]
		return s
	}
	return unsafe.String(unsafe.SliceData(out), len(out))
}

// appendFormDecoded appends s with '+' replaced by a space and
// percent-encoded bytes decoded.
func appendFormDecoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '+' && s[j] != '%' {
			j++
		}
		dst = append(dst, s[i:j]...)
		if j == len(s) {
			break
		}
		c := s[j]
		i = j + 1
		switch {
		case c == '+':
			c = ' '
		case j+2 < len(s) && isHex(s[j+1]) && isHex(s[j+2]):
			c = unhex(s[j+1])<<4 | unhex(s[j+2])
			i = j + 3
		}
		dst = append(dst, c)
	}
	return dst
}

// decodeFormComponent replaces '+' with a space, percent-decodes and
// UTF-8 decodes s. s is returned as it is when nothing changes.
func decodeFormComponent(s string) string {
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; c == '+' || c == '%' || c >= utf8.RuneSelf {
			break
		}
	}
	if i == len(s) {
		return s
	}
	plain := true // no '+' and no percent-encoded byte
	for j := i; j < len(s); j++ {
		if c := s[j]; c == '+' || c == '%' && j+2 < len(s) && isHex(s[j+1]) && isHex(s[j+2]) {
			plain = false
			break
		}
	}
	if plain && utf8.ValidString(s) {
		return s
	}
	b := appendFormDecoded(append(make([]byte, 0, len(s)), s[:i]...), s[i:])
	if utf8.Valid(b) {
		return unsafe.String(unsafe.SliceData(b), len(b)) // b is not used again
	}
	return string(appendUTF8Decoded(make([]byte, 0, len(b)+8), b))
}

// appendDecodedComponent appends s decoded as decodeFormComponent
// decodes it.
func appendDecodedComponent(dst []byte, s string) []byte {
	start := len(dst)
	dst = appendFormDecoded(dst, s)
	if !utf8.Valid(dst[start:]) {
		fixed := appendUTF8Decoded(make([]byte, 0, len(dst)-start+8), dst[start:])
		dst = append(dst[:start], fixed...)
	}
	return dst
}

// appendFormComponent appends s serialized as a name or value of the
// application/x-www-form-urlencoded serializer: s itself, or, when raw,
// s decoded (see decodeFormComponent).
func appendFormComponent(dst []byte, s string, raw bool) []byte {
	if !raw {
		return appendFormEncoded(dst, s)
	}
	var buf [256]byte
	d := buf[:0]
	if len(s) > len(buf) {
		d = nil
	}
	d = appendDecodedComponent(d, s)
	return appendFormEncoded(dst, unsafe.String(unsafe.SliceData(d), len(d)))
}

// formEncodedLen is the length of appendFormEncoded's encoding of s.
func formEncodedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case percentTable[c]&FormURLEncodedSet == 0 || c == ' ':
		case c < utf8.RuneSelf:
			n += 2
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			if size == 1 { // invalid: "%EF%BF%BD"
				n += 8
			} else {
				n += 2 * size
				i += size - 1
			}
		}
	}
	return n
}

// appendUTF8Decoded appends b to dst with each maximal invalid subpart
// replaced by U+FFFD, as the Encoding Standard's UTF-8 decoder does: an
// incomplete but well-started sequence is one U+FFFD, and the byte that
// ends it is read again. https://encoding.spec.whatwg.org/#utf-8-decoder
func appendUTF8Decoded(dst, b []byte) []byte {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		if _, size := utf8.DecodeRune(b[i:]); size > 1 {
			dst = append(dst, b[i:i+size]...)
			i += size
			continue
		}
		// Invalid at i: skip the lead and the continuation bytes that
		// the decoder accepts before it fails.
		lo, hi, need := byte(0x80), byte(0xBF), 0
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c == 0xE0:
			lo, need = 0xA0, 2
		case c == 0xED:
			hi, need = 0x9F, 2
		case c >= 0xE1 && c <= 0xEF:
			need = 2
		case c == 0xF0:
			lo, need = 0x90, 3
		case c == 0xF4:
			hi, need = 0x8F, 3
		case c >= 0xF1 && c <= 0xF3:
			need = 3
		}
		i++
		for ; need > 0 && i < len(b) && b[i] >= lo && b[i] <= hi; need-- {
			i++
			lo, hi = 0x80, 0xBF
		}
		dst = append(dst, "\uFFFD"...)
	}
	return dst
}

// SerializeForm runs the application/x-www-form-urlencoded serializer
// with UTF-8: names and values are percent-encoded with the
// application/x-www-form-urlencoded percent-encode set, space becoming
// '+', and joined as name=value pairs separated by '&'. Bytes of a name
// or value that are not valid UTF-8 are serialized as U+FFFD.
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func SerializeForm(params []Param) string {
	if len(params) == 0 {
		return ""
	}
	if raw := rawFormLen(params); 3*raw <= serializeStackSize {
		return serializeFormSmall(params)
	}
	n, ok := serializedFormLen(params)
	if !ok {
		return string(appendSerializedForm(nil, params))
	}
	// Exactly sized: the buffer is the string (one allocation).
	b := appendSerializedForm(make([]byte, 0, n), params)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// serializeStackSize is the size of serializeFormSmall's buffer.
const serializeStackSize = 1024

// rawFormLen is the length of params' names and values, with an "=" and
// "&" each: the length of their serialization when nothing is encoded.
func rawFormLen(params []Param) int {
	n := 0
	for _, p := range params {
		n += len(p.Name) + len(p.Value) + 2
	}
	return n
}

// serializeFormSmall is SerializeForm for a list that serializes into a
// buffer on the stack (every byte encoded takes at most three, but a
// byte of invalid UTF-8, which is rare: then the buffer moves to the
// heap): it encodes in one pass and copies the result into a string of
// its exact size, where a longer list is measured first
// (serializedFormLen) and encoded into that string.
func serializeFormSmall(params []Param) string {
	var buf [serializeStackSize]byte
	return string(appendSerializedForm(buf[:0], params))
}

// serializedFormLen returns the length of params serialized, when every
// name and value is valid UTF-8 (ok): each byte in the
// application/x-www-form-urlencoded percent-encode set takes three bytes
// but a space, which becomes "+".
func serializedFormLen(params []Param) (n int, ok bool) {
	n = 2*len(params) - 1 // the "=" of each pair and the "&" between them
	for _, p := range params {
		for _, s := range [2]string{p.Name, p.Value} {
			k := countInSet(s, FormURLEncodedSet)
			if k > 0 {
				if !utf8.ValidString(s) {
					return 0, false
				}
				k -= strings.Count(s, " ")
			}
			n += len(s) + 2*k
		}
	}
	return n, true
}

func appendSerializedForm(dst []byte, params []Param) []byte {
	if dst == nil {
		n := 0
		for _, p := range params {
			n += len(p.Name) + len(p.Value) + 2
		}
		dst = make([]byte, 0, n+n/4)
	}
	for i, p := range params {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = appendFormEncoded(dst, p.Name)
		dst = append(dst, '=')
		dst = appendFormEncoded(dst, p.Value)
	}
	return dst
}

// appendFormEncoded appends s percent-encoded as the
// application/x-www-form-urlencoded serializer encodes a name or value
// (with UTF-8): each byte in the application/x-www-form-urlencoded
// percent-encode set percent-encoded, but a space, which becomes "+";
// a byte that is not part of valid UTF-8 is U+FFFD, "%EF%BF%BD". It is
// appendPercentEncodeUTF8(dst, s, FormURLEncodedSet, true) (the tests
// compare them), written out for the set: the set's table at a constant
// address and a space known to be in it make it a quarter faster, the
// serializer's main loop.
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func appendFormEncoded(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if percentTable[c]&FormURLEncodedSet == 0 {
			continue
		}
		if start < i {
			dst = append(dst, s[start:i]...)
		}
		switch {
		case c == ' ':
			dst = append(dst, '+')
		case c < utf8.RuneSelf:
			dst = percent.AppendByte(dst, c)
		default:
			_, n := utf8.DecodeRuneInString(s[i:])
			if n == 1 { // invalid: U+FFFD
				dst = append(dst, encodedReplacement...)
				break
			}
			for _, b := range []byte(s[i : i+n]) {
				dst = percent.AppendByte(dst, b)
			}
			i += n - 1
		}
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// SerializeFormEncoding is [SerializeForm] with an encoding override, as
// used by HTML form submission: each name and value is encoded with
// enc's output encoding before percent-encoding (nil, UTF-16BE, UTF-16LE
// and replacement mean UTF-8; see [OutputEncoding]), and every code point
// enc cannot represent is written as the numeric character reference
// "&#N;", percent-encoded. Get enc from a label with
// [github.com/weburl/url/charset.Lookup], or name one of
// golang.org/x/text/encoding's (japanese.ShiftJIS).
//
// The Encoding Standard's encoders are implemented over the tables of
// golang.org/x/text/encoding, correcting the places where x/text's
// encoders differ from the Standard; the package's tests compare every
// one with the Standard's index files on every code point. An encoding
// that is not one of the Standard's is used as x/text-style transformer,
// as it is.
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func SerializeFormEncoding(params []Param, enc encoding.Encoding) string {
	e := legacy.NewEncoder(enc)
	if e == nil {
		return SerializeForm(params)
	}
	if len(params) == 0 {
		return ""
	}
	var dst []byte
	for i, p := range params {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = legacy.AppendPercentEncoded(e, dst, p.Name, &percentTable, FormURLEncodedSet, true)
		dst = append(dst, '=')
		dst = legacy.AppendPercentEncoded(e, dst, p.Value, &percentTable, FormURLEncodedSet, true)
	}
	return string(dst)
}

// FormEncode percent-encodes s with the application/x-www-form-urlencoded
// percent-encode set in UTF-8, space becoming '+': what [SerializeForm]
// does to each name and value. Only ASCII alphanumerics, '*', '-', '.'
// and '_' are kept. When nothing needs encoding, s itself is returned
// and nothing is allocated. Bytes that are not valid UTF-8 become
// "%EF%BF%BD".
func FormEncode(s string) string {
	i := needsEncoding(s, FormURLEncodedSet)
	if i < 0 {
		return s
	}
	buf := make([]byte, 0, len(s)+len(s)/2+8)
	buf = append(buf, s[:i]...)
	return string(appendPercentEncodeUTF8(buf, s[i:], FormURLEncodedSet, true))
}
