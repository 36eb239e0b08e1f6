// Package legacy holds the Encoding Standard's legacy encoders, which
// the URL Standard needs for the query of a special URL parsed with an
// encoding and for application/x-www-form-urlencoded serialization
// (URL Standard, section 1.3, "percent-encode after encoding").
// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
//
// The tables of golang.org/x/text/encoding are generated from the Encoding
// Standard's indexes, but several of its encoders do not follow the
// Standard's encoder algorithms, and its gb18030 tables lack the index's
// Private Use Area entries and the GB18030-2005 and GB18030-2022 changes.
// An [Encoder] runs the x/text encoder for the table look-up and applies
// the Standard's rules around it; each rule below names the algorithm
// step it implements. TestLegacyEncodersAgainstIndexes compares every
// encoder with one written from the Standard's index files (testdata/,
// CC BY 4.0), on every scalar value.
//
// The root package's OutputEncoding, PercentEncodeAfterEncoding and
// SerializeFormEncoding are the API; this package is the machinery behind
// them, apart from the URL Standard. It names no encoding of x/text's CJK
// packages, so that importing it links none of their tables: the label
// table that names them all is internal/labels, behind package charset.
package legacy

import (
	"strconv"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/weburl/url/internal/percent"
)

// Output is the Encoding Standard's "get an output encoding": UTF-8 for
// nil, the replacement encoding, UTF-16BE and UTF-16LE, and enc
// otherwise.
// https://encoding.spec.whatwg.org/#get-an-output-encoding
func Output(enc encoding.Encoding) encoding.Encoding {
	if enc == nil {
		return unicode.UTF8
	}
	switch Name(enc) {
	case "replacement", "utf-16be", "utf-16le":
		return unicode.UTF8
	}
	return enc
}

// Name is the Encoding Standard name of enc, or "" when enc is not one
// of golang.org/x/text's encodings of the Standard (a caller's own
// encoding, or UTF-16 with another BOM policy), as
// golang.org/x/text/encoding/htmlindex.Name answers. It tells x/text's
// encodings apart by what their String methods return (see xtextName),
// which links none of their tables.
func Name(enc encoding.Encoding) string {
	switch enc {
	case nil:
		return "utf-8"
	case encoding.Replacement:
		return "replacement"
	}
	if s, ok := enc.(interface{ String() string }); ok {
		return xtextName(s.String())
	}
	return ""
}

// xtextName maps what the String method of each of golang.org/x/text's
// encodings of the Standard returns to the Standard's name, and anything
// else to "" (the replacement encoding has no String method). TestName
// checks it against golang.org/x/text/encoding/htmlindex.Name on every
// encoding x/text has.
func xtextName(s string) string {
	switch s {
	case "UTF-8":
		return "utf-8"
	case "IBM Code Page 866":
		return "ibm866"
	case "ISO 8859-2":
		return "iso-8859-2"
	case "ISO 8859-3":
		return "iso-8859-3"
	case "ISO 8859-4":
		return "iso-8859-4"
	case "ISO 8859-5":
		return "iso-8859-5"
	case "ISO 8859-6":
		return "iso-8859-6"
	case "ISO 8859-7":
		return "iso-8859-7"
	case "ISO 8859-8":
		return "iso-8859-8"
	case "ISO-8859-8I":
		return "iso-8859-8-i"
	case "ISO 8859-10":
		return "iso-8859-10"
	case "ISO 8859-13":
		return "iso-8859-13"
	case "ISO 8859-14":
		return "iso-8859-14"
	case "ISO 8859-15":
		return "iso-8859-15"
	case "ISO 8859-16":
		return "iso-8859-16"
	case "KOI8-R":
		return "koi8-r"
	case "KOI8-U":
		return "koi8-u"
	case "Macintosh":
		return "macintosh"
	case "Windows 874":
		return "windows-874"
	case "Windows 1250":
		return "windows-1250"
	case "Windows 1251":
		return "windows-1251"
	case "Windows 1252":
		return "windows-1252"
	case "Windows 1253":
		return "windows-1253"
	case "Windows 1254":
		return "windows-1254"
	case "Windows 1255":
		return "windows-1255"
	case "Windows 1256":
		return "windows-1256"
	case "Windows 1257":
		return "windows-1257"
	case "Windows 1258":
		return "windows-1258"
	case "Macintosh Cyrillic":
		return "x-mac-cyrillic"
	case "GBK":
		return "gbk"
	case "GB18030":
		return "gb18030"
	case "Big5":
		return "big5"
	case "EUC-JP":
		return "euc-jp"
	case "ISO-2022-JP":
		return "iso-2022-jp"
	case "Shift JIS":
		return "shift_jis"
	case "EUC-KR":
		return "euc-kr"
	case "UTF-16BE (Ignore BOM)":
		return "utf-16be"
	case "UTF-16LE (Ignore BOM)":
		return "utf-16le"
	case "X-User-Defined":
		return "x-user-defined"
	}
	return ""
}

// encKind selects the Encoding Standard rules applied around an x/text
// encoder.
type encKind uint8

const (
	kindUTF8        encKind = iota
	kindGeneric             // not an Encoding Standard encoding: x/text as is
	kindSingleByte          // the single-byte encodings
	kindUserDefined         // x-user-defined
	kindGB18030
	kindGBK
	kindBig5
	kindEUCJP
	kindISO2022JP
	kindShiftJIS
	kindEUCKR
)

// kindOf returns the kind of the output encoding of enc.
func kindOf(enc encoding.Encoding) encKind {
	switch Name(enc) {
	case "utf-8", "replacement", "utf-16be", "utf-16le":
		return kindUTF8
	case "gb18030":
		return kindGB18030
	case "gbk":
		return kindGBK
	case "big5":
		return kindBig5
	case "euc-jp":
		return kindEUCJP
	case "iso-2022-jp":
		return kindISO2022JP
	case "shift_jis":
		return kindShiftJIS
	case "euc-kr":
		return kindEUCKR
	case "x-user-defined":
		return kindUserDefined
	case "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5",
		"iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-8-i",
		"iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15",
		"iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874",
		"windows-1250", "windows-1251", "windows-1252", "windows-1253",
		"windows-1254", "windows-1255", "windows-1256", "windows-1257",
		"windows-1258", "x-mac-cyrillic":
		return kindSingleByte
	}
	return kindGeneric
}

// iso-2022-jp encoder states.
const (
	jpASCII uint8 = iota
	jpRoman
	jpJIS0208
)

// Encoder is the encoder of one legacy encoding: "get an encoder" of the
// Encoding Standard. It is not safe for concurrent use; each string
// starts with reset.
type Encoder struct {
	kind  encKind
	enc   encoding.Encoding
	t     transform.Transformer // x/text encoder of enc
	aux   transform.Transformer // look-up helper, made on first use
	state uint8                 // iso-2022-jp encoder state
	buf   [64]byte              // scratch output of a run of code points
	// Scratch input and output of the x/text transformers: arrays on
	// the stack would escape through the interface calls, one
	// allocation per code point.
	src [utf8.UTFMax]byte
	out [8]byte
}

// NewEncoder returns the encoder of enc's output encoding (see [Output]),
// or nil when that is UTF-8: the caller then percent-encodes UTF-8
// itself. An encoding that is not one of the Standard's is used as
// x/text-style transformer, as it is.
func NewEncoder(enc encoding.Encoding) *Encoder {
	if enc == nil {
		return nil
	}
	k := kindOf(enc)
	if k == kindUTF8 {
		return nil
	}
	return newEncoder(enc, k)
}

func newEncoder(enc encoding.Encoding, k encKind) *Encoder {
	e := &Encoder{kind: k, enc: enc}
	if k != kindISO2022JP {
		e.t = enc.NewEncoder()
	}
	return e
}

func (e *Encoder) reset() {
	e.state = jpASCII
	if e.t != nil {
		e.t.Reset()
	}
}

// asciiIsIdentity reports whether every ASCII byte encodes to itself, so
// ASCII runs can skip the per-code-point encoder. It holds for every
// Encoding Standard encoding but iso-2022-jp (U+000E, U+000F, U+001B are
// errors there, and its state may need an escape first).
func (e *Encoder) asciiIsIdentity() bool {
	return e.kind != kindISO2022JP && e.kind != kindGeneric
}

// AppendPercentEncoded appends to dst the URL Standard's "percent-encode
// after encoding" of s with e: each code point is encoded, every byte
// of the output in the set (table[b]&mask != 0) is percent-encoded (with
// spaceAsPlus, a space becomes "+"), and a code point e cannot represent
// becomes "&#N;" percent-encoded ("%26%23N%3B"). Bytes of s that are not
// valid UTF-8 count as U+FFFD. The set must contain every byte >= 0x80.
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
func AppendPercentEncoded[T ~uint8](e *Encoder, dst []byte, s string, table *[256]T, mask T, spaceAsPlus bool) []byte {
	e.reset()
	// raw is encoder output not yet percent-encoded: the bytes of up to
	// 64 bytes of output go through the percent-encoder in one call.
	raw := e.buf[:0]
	fast := e.asciiIsIdentity()
	for i := 0; i < len(s); {
		if fast && s[i] < utf8.RuneSelf {
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf {
				j++
			}
			if cap(raw)-len(raw) >= j-i+24 {
				// A short run joins raw: ASCII encodes to itself.
				raw = append(raw, s[i:j]...)
			} else {
				dst = percent.Append(dst, raw, table, mask, spaceAsPlus)
				raw = raw[:0]
				dst = percent.Append(dst, s[i:j], table, mask, spaceAsPlus)
			}
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:]) // invalid byte: U+FFFD, size 1
		i += size
		var errCP rune
		raw, errCP = e.encode(raw, r)
		if errCP >= 0 {
			dst = percent.Append(dst, raw, table, mask, spaceAsPlus)
			raw = raw[:0]
			dst = append(dst, "%26%23"...)
			dst = strconv.AppendInt(dst, int64(errCP), 10)
			dst = append(dst, "%3B"...)
		} else if cap(raw)-len(raw) < 24 {
			// Keep room for the next code point: xtext wants 16 bytes.
			dst = percent.Append(dst, raw, table, mask, spaceAsPlus)
			raw = raw[:0]
		}
	}
	return percent.Append(dst, e.finish(raw), table, mask, spaceAsPlus)
}

// finish handles end-of-queue: it returns the bytes a stateful encoder
// emits at the end (iso-2022-jp's return to ASCII).
func (e *Encoder) finish(dst []byte) []byte {
	switch e.kind {
	case kindISO2022JP:
		if e.state != jpASCII {
			e.state = jpASCII
			dst = append(dst, 0x1B, '(', 'B')
		}
		return dst
	case kindGeneric:
		if cap(dst)-len(dst) < 16 {
			dst = append(make([]byte, 0, len(dst)+16), dst...)
		}
		n, _, _ := e.t.Transform(dst[len(dst):cap(dst)], nil, true)
		return dst[:len(dst)+n]
	}
	return dst
}

// xtext runs the x/text encoder on r. ok is false when x/text reports an
// error (r is not in the encoding's repertoire).
func (e *Encoder) xtext(dst []byte, r rune) ([]byte, bool) {
	n := utf8.EncodeRune(e.src[:], r)
	if cap(dst)-len(dst) < 16 {
		dst = append(make([]byte, 0, len(dst)+16), dst...)
	}
	nDst, nSrc, err := e.t.Transform(dst[len(dst):cap(dst)], e.src[:n], false)
	dst = dst[:len(dst)+nDst]
	return dst, err == nil && nSrc == n
}

// bmpOnly reports whether the encoder is stateless and every code point
// it can encode is in the Basic Multilingual Plane: true of every
// Encoding Standard encoder but gb18030 (four-byte sequences), Big5
// (index Big5 has supplementary ideographs) and ISO-2022-JP (its state
// may need an escape before an error). A supplementary code point (an
// emoji, say) is then an error without an x/text look-up.
func (e *Encoder) bmpOnly() bool {
	switch e.kind {
	case kindSingleByte, kindUserDefined, kindGBK, kindEUCJP, kindShiftJIS, kindEUCKR:
		return true
	}
	return false
}

// encode appends the encoding of r to dst. When r cannot be encoded it
// returns the code point to report as "&#N;" (the Encoding Standard's
// "error with code point"); otherwise -1. Bytes an encoder emits before
// an error (an escape sequence) are appended too.
func (e *Encoder) encode(dst []byte, r rune) ([]byte, rune) {
	base := len(dst)
	if r > 0xFFFF && e.bmpOnly() {
		return dst, r
	}
	switch e.kind {
	case kindISO2022JP:
		return e.encodeISO2022JP(dst, r)

	case kindShiftJIS:
		// https://encoding.spec.whatwg.org/#shift_jis-encoder
		if r == 0x80 { // "ASCII code point or U+0080": x/text rejects U+0080
			return append(dst, 0x80), -1
		}
		if b, ok := yenOrOverline(r); ok {
			return append(dst, b), -1
		}
		if r == 0x2212 {
			r = 0xFF0D
		}
		out, ok := e.xtext(dst, r)
		if !ok {
			return dst[:base], r
		}
		if len(out)-base == 2 {
			switch lead := out[base]; {
			case lead >= 0xED && lead <= 0xEF:
				// "index Shift_JIS pointer" excludes pointers 8272 to
				// 8835 (NEC-selected IBM extensions, lead bytes 0xED to
				// 0xEF); x/text uses them. The same code points are in
				// the IBM extensions, lead bytes 0xFA to 0xFC.
				if p, ok := shiftJISIBM(shiftJISPointer(out[base], out[base+1])); ok {
					b0, b1 := shiftJISBytes(p)
					return append(dst[:base], b0, b1), -1
				}
				return dst[:base], r
			case lead >= 0xF0 && lead <= 0xF9:
				// User-defined area: decoded to the Private Use Area,
				// but not in the index, so not encodable.
				return dst[:base], r
			}
		}
		return out, -1

	case kindEUCJP:
		// https://encoding.spec.whatwg.org/#euc-jp-encoder
		if b, ok := yenOrOverline(r); ok {
			return append(dst, b), -1
		}
		if r == 0x2212 {
			r = 0xFF0D
		}
		out, ok := e.xtext(dst, r)
		if !ok || out[base] == 0x8F {
			// x/text also encodes JIS X 0212 (0x8F lead); the
			// Standard's encoder uses index jis0208 only.
			return dst[:base], r
		}
		return out, -1

	case kindBig5:
		// https://encoding.spec.whatwg.org/#big5-encoder
		if b, ok := big5FirstPointer(r); ok {
			return append(dst, b[0], b[1]), -1
		}
		out, ok := e.xtext(dst, r)
		if !ok {
			return dst[:base], r
		}
		// x/text uses the last pointer of a code point and does not
		// exclude the HKSCS pointers below (0xA1-0x81)*157 (lead bytes
		// below 0xA1). With the last pointer in that range, every
		// pointer is.
		if len(out)-base == 2 && out[base] < 0xA1 {
			return dst[:base], r
		}
		return out, -1

	case kindGB18030, kindGBK:
		// https://encoding.spec.whatwg.org/#gb18030-encoder
		if r == 0xE5E5 {
			return dst, r
		}
		if b, ok := gb18030TwoByte(r); ok {
			return append(dst, b[0], b[1]), -1
		}
		if r == 0x1E3F {
			// GB18030-2005 swapped U+1E3F and U+E7C7: index gb18030
			// maps 0xA8 0xBC to U+1E3F. x/text has no mapping for 0xA8
			// 0xBC and encodes U+1E3F with the four bytes of ranges
			// pointer 7457, which the Standard decodes as U+E7C7.
			return append(dst, 0xA8, 0xBC), -1
		}
		if r >= 0xE000 && r <= 0xE864 {
			// x/text's index has none of the Private Use Area code
			// points that index gb18030 holds at two-byte pointers and
			// encodes them with four bytes that decode to other code
			// points.
			if b0, b1, ok := gb18030UserDefined(r); ok {
				return append(dst, b0, b1), -1
			}
			if b0, b1, ok := gb18030PUATwoByte(r); ok {
				return append(dst, b0, b1), -1
			}
			if e.kind == kindGBK {
				// The rest has no two-byte pointer: GBK cannot encode it.
				return dst, r
			}
			if r == 0xE7C7 {
				// "index gb18030 ranges pointer": U+E7C7 is pointer 7457.
				return append(dst, 0x81, 0x35, 0xF4, 0x37), -1
			}
			// The rest (U+E76C, U+E7C8, U+E7E7 to U+E7F3, U+E815,
			// ...) is in no index gb18030 entry: x/text's four bytes
			// are its index gb18030 ranges pointer, as the Standard
			// computes it.
		}
		out, ok := e.xtext(dst, r)
		if !ok {
			return dst[:base], r
		}
		return out, -1

	case kindSingleByte:
		out, ok := e.xtext(dst, r)
		if ok {
			return out, -1
		}
		// The Standard's single-byte indexes map every byte 0x80 to 0x9F
		// that has no other meaning to the C1 control of the same value
		// (all of them in the iso-8859-* encodings); x/text leaves those
		// bytes unmapped.
		if r >= 0x80 && r <= 0x9F && e.byteUnmapped(byte(r)) {
			return append(dst[:base], byte(r)), -1
		}
		return dst[:base], r
	}

	// kindUserDefined, kindEUCKR: x/text follows the Standard.
	// kindGeneric: whatever the caller's encoding does.
	out, ok := e.xtext(dst, r)
	if !ok {
		return dst[:base], r
	}
	return out, -1
}

// byteUnmapped reports whether the x/text decoder of a single-byte
// encoding has no mapping for b.
func (e *Encoder) byteUnmapped(b byte) bool {
	if e.aux == nil {
		e.aux = e.enc.NewDecoder()
	}
	e.src[0] = b
	n, _, err := e.aux.Transform(e.out[:], e.src[:1], true)
	r, _ := utf8.DecodeRune(e.out[:n])
	return err == nil && r == utf8.RuneError
}

// shiftJISIBM maps pointer p of a NEC-selected IBM extension (8272 to
// 8835), which "index Shift_JIS pointer" excludes, to the pointer of the
// same code point among the IBM extensions (10716 to 11279). In index
// jis0208 the 374 code points of the NEC-selected range sit in three
// runs, each at a fixed distance from its IBM copy (U+FFE2 at pointer
// 8644 is not needed: its first pointer is 136). This is arithmetic, not
// a search: a query of such kanji costs what any other does.
// TestLegacyEncodersAgainstIndexes checks it against index-jis0208.txt.
func shiftJISIBM(p int) (int, bool) {
	switch {
	case p >= 8272 && p <= 8631: // U+7E8A and 359 more kanji
		return p + 2472, true
	case p >= 8634 && p <= 8643: // U+2170 to U+2179: small Roman numerals
		return p + 2082, true
	case p >= 8645 && p <= 8647: // U+FFE4, U+FF07, U+FF02
		return p + 2092, true
	}
	return 0, false
}

// shiftJISPointer is the pointer of the two bytes of a Shift_JIS
// double-byte character (the Shift_JIS decoder's arithmetic).
func shiftJISPointer(lead, trail byte) int {
	leadOffset, trailOffset := 0x81, 0x40
	if lead >= 0xA0 {
		leadOffset = 0xC1
	}
	if trail >= 0x7F {
		trailOffset = 0x41
	}
	return (int(lead)-leadOffset)*188 + int(trail) - trailOffset
}

// shiftJISBytes is steps 9 to 13 of the Shift_JIS encoder: the two bytes
// of pointer p.
func shiftJISBytes(p int) (byte, byte) {
	leading, trailing := p/188, p%188
	leadingOffset, offset := 0x81, 0x40
	if leading >= 0x1F {
		leadingOffset = 0xC1
	}
	if trailing >= 0x3F {
		offset = 0x41
	}
	return byte(leading + leadingOffset), byte(trailing + offset)
}

// encodeISO2022JP is the iso-2022-jp encoder of the Encoding Standard.
// https://encoding.spec.whatwg.org/#iso-2022-jp-encoder
// x/text's encoder has no Roman state (it cannot encode U+00A5 and
// U+203E), encodes halfwidth katakana with ESC ( I instead of mapping them
// to their fullwidth forms, does not map U+2212, and passes U+000E,
// U+000F and U+001B through instead of failing.
func (e *Encoder) encodeISO2022JP(dst []byte, r rune) ([]byte, rune) {
	toASCII := func(dst []byte) []byte {
		e.state = jpASCII
		return append(dst, 0x1B, '(', 'B')
	}
	// Step 2 (after step 5 when in jis0208 state: an ASCII code point
	// first returns to ASCII).
	if r == 0x0E || r == 0x0F || r == 0x1B {
		if e.state == jpJIS0208 {
			dst = toASCII(dst)
		}
		return dst, 0xFFFD
	}
	switch {
	case e.state == jpASCII && r < 0x80:
		return append(dst, byte(r)), -1
	case e.state == jpRoman && (r < 0x80 && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E):
		return append(dst, romanByte(r)), -1
	case r < 0x80:
		return append(toASCII(dst), byte(r)), -1
	case r == 0xA5 || r == 0x203E:
		e.state = jpRoman
		return append(dst, 0x1B, '(', 'J', romanByte(r)), -1
	case r == 0x2212:
		r = 0xFF0D
	case r >= 0xFF61 && r <= 0xFF9F:
		r = isoKatakana(r)
	}
	b0, b1, ok := e.jis0208(r)
	if !ok {
		if e.state == jpJIS0208 {
			dst = toASCII(dst)
		}
		return dst, r
	}
	if e.state != jpJIS0208 {
		e.state = jpJIS0208
		dst = append(dst, 0x1B, '$', 'B')
	}
	return append(dst, b0, b1), -1
}

func romanByte(r rune) byte {
	if b, ok := yenOrOverline(r); ok {
		return b
	}
	return byte(r)
}

// yenOrOverline is the step the Shift_JIS, EUC-JP and ISO-2022-JP (Roman
// state) encoders share: U+00A5 YEN SIGN is 0x5C and U+203E OVERLINE is
// 0x7E.
func yenOrOverline(r rune) (byte, bool) {
	switch r {
	case 0xA5:
		return 0x5C, true
	case 0x203E:
		return 0x7E, true
	}
	return 0, false
}

// jis0208 returns the two bytes (0x21 to 0x7E) of r's first pointer in
// index jis0208, read from x/text's ISO-2022-JP encoder (the caller's
// encoding, so that no other encoder is linked), which stores exactly that
// pointer and writes it, from its initial state, as ESC $ B and the two
// bytes.
func (e *Encoder) jis0208(r rune) (byte, byte, bool) {
	if e.aux == nil {
		e.aux = e.enc.NewEncoder()
	}
	e.aux.Reset()
	n := utf8.EncodeRune(e.src[:], r)
	nDst, _, err := e.aux.Transform(e.out[:], e.src[:n], false)
	if err != nil || nDst != 5 || string(e.out[:3]) != "\x1b$B" || e.out[3] < 0x21 || e.out[3] > 0x7E || e.out[4] < 0x21 || e.out[4] > 0x7E {
		return 0, 0, false
	}
	return e.out[3], e.out[4], true
}

// isoKatakanaIndex is index ISO-2022-JP katakana: code points U+FF61 to
// U+FF9F (halfwidth katakana) map to these fullwidth code points, in
// order. Each is three bytes in UTF-8.
// https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana
const isoKatakanaIndex = "。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン゛゜"

func isoKatakana(r rune) rune {
	i := int(r-0xFF61) * 3
	k, _ := utf8.DecodeRuneInString(isoKatakanaIndex[i : i+3])
	return k
}

// big5FirstDup lists the code points that index Big5 holds at two
// pointers not below (0xA1-0x81)*157, with the bytes of the first one.
// The Standard's encoder uses the first pointer for them; x/text uses the
// last. U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345 are not listed:
// for those the Standard wants the last pointer too.
// TestBig5Duplicates derives this table from x/text's decoder.
var big5FirstDup = [...]struct {
	r rune
	b [2]byte
}{
	{0x256D, [2]byte{0xA2, 0x7E}},
	{0x256E, [2]byte{0xA2, 0xA1}},
	{0x256F, [2]byte{0xA2, 0xA3}},
	{0x2570, [2]byte{0xA2, 0xA2}},
	{0x3003, [2]byte{0xA1, 0xB2}},
	{0x4EDD, [2]byte{0xC6, 0xDF}},
	{0x5029, [2]byte{0xAD, 0xC5}},
	{0x507D, [2]byte{0xB0, 0xB0}},
	{0x5305, [2]byte{0xA5, 0x5D}},
	{0x5344, [2]byte{0xA2, 0xCD}},
	{0x537F, [2]byte{0xAD, 0xEB}},
	{0x5A77, [2]byte{0xB4, 0x40}},
	{0x5E75, [2]byte{0xC9, 0xDB}},
	{0x5EF4, [2]byte{0xC6, 0xCF}},
	{0x5F58, [2]byte{0xD8, 0xF4}},
	{0x6490, [2]byte{0xBC, 0xB5}},
	{0x65E0, [2]byte{0xC6, 0xD3}},
	{0x6674, [2]byte{0xB4, 0xB8}},
	{0x675E, [2]byte{0xA7, 0xFB}},
	{0x6C9C, [2]byte{0xCB, 0x58}},
	{0x6E1D, [2]byte{0xB4, 0xFC}},
	{0x6E2F, [2]byte{0xB4, 0xE4}},
	{0x716E, [2]byte{0xB5, 0x4E}},
	{0x745C, [2]byte{0xB7, 0xEC}},
	{0x74E9, [2]byte{0xA2, 0x60}},
	{0x7676, [2]byte{0xC6, 0xD5}},
	{0x7809, [2]byte{0xCF, 0xF1}},
}

func big5FirstPointer(r rune) ([2]byte, bool) {
	if r < 0x256D || r > 0x7809 {
		return [2]byte{}, false
	}
	for _, d := range big5FirstDup {
		if d.r == r {
			return d.b, true
		}
	}
	return [2]byte{}, false
}

// gb18030TwoByte2022 is the GB18030-2022 alignment of the Encoding
// Standard (2024): eighteen two-byte sequences now decode to standard
// code points, which index gb18030 therefore maps to them, and the
// Private Use Area code points that used to own them still encode to
// them. x/text predates the change: it has no mapping for these
// sequences and encodes all 36 code points with four bytes.
var gb18030TwoByte2022 = [...]struct {
	pua, std rune
	b        [2]byte
}{
	{0xE78D, 0xFE10, [2]byte{0xA6, 0xD9}},
	{0xE78E, 0xFE12, [2]byte{0xA6, 0xDA}},
	{0xE78F, 0xFE11, [2]byte{0xA6, 0xDB}},
	{0xE790, 0xFE13, [2]byte{0xA6, 0xDC}},
	{0xE791, 0xFE14, [2]byte{0xA6, 0xDD}},
	{0xE792, 0xFE15, [2]byte{0xA6, 0xDE}},
	{0xE793, 0xFE16, [2]byte{0xA6, 0xDF}},
	{0xE794, 0xFE17, [2]byte{0xA6, 0xEC}},
	{0xE795, 0xFE18, [2]byte{0xA6, 0xED}},
	{0xE796, 0xFE19, [2]byte{0xA6, 0xF3}},
	{0xE81E, 0x9FB4, [2]byte{0xFE, 0x59}},
	{0xE826, 0x9FB5, [2]byte{0xFE, 0x61}},
	{0xE82B, 0x9FB6, [2]byte{0xFE, 0x66}},
	{0xE82C, 0x9FB7, [2]byte{0xFE, 0x67}},
	{0xE832, 0x9FB8, [2]byte{0xFE, 0x6D}},
	{0xE843, 0x9FB9, [2]byte{0xFE, 0x7E}},
	{0xE854, 0x9FBA, [2]byte{0xFE, 0x90}},
	{0xE864, 0x9FBB, [2]byte{0xFE, 0xA0}},
}

// gb18030UserDefined maps U+E000 to U+E765 to the three two-byte
// user-defined areas of GB18030, which index gb18030 follows: 0xAAA1 to
// 0xAFFE, then 0xF8A1 to 0xFEFE (94 trail bytes 0xA1 to 0xFE a row), then
// 0xA140 to 0xA7A0 (96 trail bytes 0x40 to 0xA0 without 0x7F a row).
// U+E5E5 falls on 0xA3A0, which the Standard decodes as U+3000; the
// caller rejects it first.
func gb18030UserDefined(r rune) (byte, byte, bool) {
	switch {
	case r < 0xE000:
	case r <= 0xE233:
		i := int(r - 0xE000)
		return byte(0xAA + i/94), byte(0xA1 + i%94), true
	case r <= 0xE4C5:
		i := int(r - 0xE234)
		return byte(0xF8 + i/94), byte(0xA1 + i%94), true
	case r <= 0xE765:
		i := int(r - 0xE4C6)
		t := i % 96
		if t >= 0x7F-0x40 {
			t++
		}
		return byte(0xA1 + i/96), byte(0x40 + t), true
	}
	return 0, 0, false
}

func gb18030TwoByte(r rune) ([2]byte, bool) {
	if r < 0x9FB4 || r > 0xFE19 || (r > 0x9FBB && r < 0xE78D) || (r > 0xE864 && r < 0xFE10) {
		return [2]byte{}, false
	}
	for _, m := range gb18030TwoByte2022 {
		if m.pua == r || m.std == r {
			return m.b, true
		}
	}
	return [2]byte{}, false
}

// gb18030PUARuns lists the Private Use Area code points U+E766 to U+E864
// that index gb18030 holds at two-byte pointers, as runs of consecutive
// code points at consecutive pointers of one row: the run starting at
// first, n long, starts at bytes lead, trail. These are two-byte
// positions outside the user-defined areas that GB18030 left to the
// Private Use Area. The code points of the range that are not listed,
// not in gb18030TwoByte2022 and not U+E7C7 have no two-byte pointer.
// TestLegacyEncodersAgainstIndexes checks the table against
// index-gb18030.txt.
var gb18030PUARuns = [...]struct {
	first       rune
	lead, trail byte
	n           uint8
}{
	{0xE766, 0xA2, 0xAB, 6},
	{0xE76D, 0xA2, 0xE4, 1},
	{0xE76E, 0xA2, 0xEF, 2},
	{0xE770, 0xA2, 0xFD, 2},
	{0xE772, 0xA4, 0xF4, 11},
	{0xE77D, 0xA5, 0xF7, 8},
	{0xE785, 0xA6, 0xB9, 8},
	{0xE797, 0xA6, 0xF6, 9},
	{0xE7A0, 0xA7, 0xC2, 15},
	{0xE7AF, 0xA7, 0xF2, 13},
	{0xE7BC, 0xA8, 0x96, 11},
	{0xE7C9, 0xA8, 0xC1, 4},
	{0xE7CD, 0xA8, 0xEA, 21},
	{0xE7E2, 0xA9, 0x58, 1},
	{0xE7E3, 0xA9, 0x5B, 1},
	{0xE7E4, 0xA9, 0x5D, 3},
	{0xE7F4, 0xA9, 0x97, 13},
	{0xE801, 0xA9, 0xF0, 15},
	{0xE810, 0xD7, 0xFA, 5},
	{0xE816, 0xFE, 0x51, 3},
	{0xE831, 0xFE, 0x6C, 1},
	{0xE83B, 0xFE, 0x76, 1},
	{0xE855, 0xFE, 0x91, 1},
}

// gb18030PUATwoByte returns the two bytes of r from gb18030PUARuns.
func gb18030PUATwoByte(r rune) (byte, byte, bool) {
	for _, run := range gb18030PUARuns {
		if r >= run.first && r < run.first+rune(run.n) {
			return run.lead, run.trail + byte(r-run.first), true
		}
	}
	return 0, 0, false
}
