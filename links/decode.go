package links

// Decoding a document in a legacy encoding while keeping track of where
// each decoded byte comes from, so that positions count the bytes of the
// file as served (what a crawler can seek to), not of its UTF-8 decoding.

import (
	"bytes"
	"encoding/binary"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// decodeKind is how a mappedDecoder finds the source bytes of each
// decoded character.
type decodeKind uint8

const (
	// The document is UTF-8: a decoded byte is a source byte.
	utf8Source decodeKind = iota
	// Each byte is one character: the single-byte encodings.
	singleByte
	// Each character is two bytes, four for one outside the BMP (a
	// surrogate pair): UTF-16.
	utf16
	// ASCII bytes are themselves; other characters are decoded one at
	// a time: Shift_JIS, EUC-JP, EUC-KR, Big5, GBK, gb18030.
	multiByte
	// Every character is decoded one at a time (escape sequences switch
	// what bytes mean): ISO-2022-JP, and replacement.
	stateful
)

// kindOf returns the decodeKind of enc.
func kindOf(enc encoding.Encoding) decodeKind {
	name, _ := htmlindex.Name(enc)
	switch name {
	case "utf-16be", "utf-16le":
		return utf16
	case "shift_jis", "euc-jp", "euc-kr", "big5", "gbk", "gb18030":
		return multiByte
	case "iso-2022-jp", "replacement":
		return stateful
	}
	return singleByte
}

// asciiExact reports whether, in a document in an encoding of kind k,
// ASCII text decoded is the document's bytes as they are.
func (k decodeKind) asciiExact() bool { return k <= multiByte && k != utf16 }

// advanceFrom returns the position of text[to], given p, that of
// text[from], where text is decoded from a document in an encoding of
// kind k: each character counts its bytes in the source. It reports
// false, with p, when those are not known (a non-ASCII character in a
// multi-byte encoding, any in a stateful one).
func (k decodeKind) advanceFrom(p Position, text string, from, to int) (Position, bool) {
	if k == utf8Source {
		return advanceFrom(p, text, from, to), true
	}
	start := p
	to = min(to, len(text))
	for i := from; i < to; {
		c := text[i]
		n, sl := 1, 1
		switch {
		case k == stateful:
			return start, false
		case k == utf16:
			_, n = utf8.DecodeRuneInString(text[i:])
			sl = 2
			if n == 4 {
				sl = 4
			}
		case c >= 0x80 && k == singleByte:
			_, n = utf8.DecodeRuneInString(text[i:])
		case c >= 0x80:
			return start, false
		}
		p.Offset += sl
		switch {
		case c == '\n' || c == '\r' && (i+1 >= len(text) || text[i+1] != '\n'):
			p.Line++
			p.Col = 1
		default:
			p.Col += sl
		}
		i += n
	}
	return p, true
}

// A mappedDecoder is an io.Reader of the UTF-8 decoding of src (in an
// encoding of the given kind) that records in m where each decoded
// character comes from.
type mappedDecoder struct {
	src  io.Reader
	dec  transform.Transformer
	kind decodeKind
	m    *offsetMap

	in    []byte // source bytes read, not decoded yet
	inErr error  // the error that ended src, once met
	out   []byte // decoded bytes not read yet
	obuf  []byte // the buffer out is in, reused
	buf   [readSize]byte
}

func newMappedDecoder(src io.Reader, enc encoding.Encoding, m *offsetMap) *mappedDecoder {
	return &mappedDecoder{src: src, dec: decoderOf(enc), kind: kindOf(enc), m: m}
}

// decoderOf returns a decoder of enc that decodes as the Encoding
// Standard does. golang.org/x/text's single-byte encodings decode a byte
// from 0x80 to 0x9F that their tables leave undefined (windows-1252's
// 0x81, 0x8D, 0x8F, 0x90 and 0x9D; all 32 in ISO-8859-2 to -16) to
// U+FFFD, where the Standard's indexes map it to the C1 control of the
// same value (U+0081): a browser reading a page in windows-1252, the
// default for a page that declares nothing, keeps such a byte, and the
// URL parser encodes it back to itself in a query. That is the only way
// the two differ (every byte of every single-byte index was compared).
func decoderOf(enc encoding.Encoding) transform.Transformer {
	if name, _ := htmlindex.Name(enc); name == "iso-8859-8-i" {
		enc = charmap.ISO8859_8 // the same index; -i only says the text is logical order
	}
	if cm, ok := enc.(*charmap.Charmap); ok {
		return singleByteDecoder{cm}
	}
	return enc.NewDecoder()
}

// singleByteDecoder decodes a single-byte encoding as the Encoding
// Standard does: see decoderOf.
type singleByteDecoder struct{ cm *charmap.Charmap }

// Reset implements transform.Transformer: the decoder keeps no state.
func (singleByteDecoder) Reset() {}

// Transform implements transform.Transformer.
func (d singleByteDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < utf8.RuneSelf {
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst, nSrc = nDst+1, nSrc+1
			continue
		}
		r := d.cm.DecodeByte(c)
		if r == utf8.RuneError && c < 0xA0 {
			r = rune(c)
		}
		if len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc++
	}
	return nDst, nSrc, nil
}

func (d *mappedDecoder) Read(p []byte) (int, error) {
	for len(d.out) == 0 {
		if d.inErr != nil && len(d.in) == 0 {
			return 0, d.inErr
		}
		if d.inErr == nil && len(d.in) < 64 {
			// Read more: a character may straddle what was read.
			n, err := d.src.Read(d.buf[:])
			d.in = append(d.in, d.buf[:n]...)
			if err != nil {
				d.inErr = err
			} else if n == 0 {
				continue
			}
		}
		if err := d.decode(d.inErr != nil); err != nil {
			return 0, err
		}
	}
	n := copy(p, d.out)
	d.out = d.out[n:]
	return n, nil
}

// decode decodes what it can of d.in into d.out, recording the map.
func (d *mappedDecoder) decode(atEOF bool) error {
	if need := 3*len(d.in) + 8; cap(d.obuf) < need {
		d.obuf = make([]byte, 0, need)
	}
	out := d.obuf[:0]
	switch d.kind {
	case singleByte, utf16:
		nDst, nSrc, err := d.dec.Transform(out[:cap(out)], d.in, atEOF)
		if err != nil && err != transform.ErrShortSrc {
			return err
		}
		out = out[:nDst]
		d.mapRunes(out, nSrc)
		d.in = d.in[:copy(d.in, d.in[nSrc:])]
		if nSrc == 0 && nDst == 0 && atEOF {
			d.in = d.in[:0] // nothing more will come of it
		}
	default:
		in := d.in
		for len(in) > 0 {
			if d.kind == multiByte && in[0] < 0x80 {
				n := 1
				for n < len(in) && in[n] < 0x80 {
					n++
				}
				out = append(out, in[:n]...)
				d.m.add(n, 1, 1)
				in = in[n:]
				continue
			}
			// One character: the smallest room the decoder writes
			// something into holds exactly one. In a stateful
			// encoding, an escape sequence is a run of its own (no
			// room, and the character before it is decoded without it),
			// so that a character's start is where its escape is.
			var ch [utf8.UTFMax]byte
			var nDst, nSrc int
			var err error
			src, eof := in, atEOF
			k := 1
			if d.kind == stateful {
				if in[0] == 0x1B {
					k = 0
				} else if e := bytes.IndexByte(in, 0x1B); e > 0 {
					src, eof = in[:e], true
				}
			}
			for ; k <= utf8.UTFMax; k++ {
				nDst, nSrc, err = d.dec.Transform(ch[:k], src, eof)
				if nDst > 0 || nSrc > 0 || err != transform.ErrShortDst {
					break
				}
			}
			if nDst == 0 && nSrc == 0 {
				if err == transform.ErrShortSrc && !atEOF {
					break // the rest of the character is still to come
				}
				if err != nil && err != transform.ErrShortSrc {
					return err
				}
				in = in[:0] // nothing more will come of it
				break
			}
			out = append(out, ch[:nDst]...)
			d.m.add(1, nDst, nSrc)
			in = in[nSrc:]
		}
		d.in = d.in[:copy(d.in, in)]
	}
	d.out = out
	return nil
}

// mapRunes records the map of dec, decoded from nSrc source bytes in a
// single-byte encoding or UTF-16: each character one source byte, or
// two (four for a four-byte one) in UTF-16. A last character that does
// not fit the rule (a lone byte at the end of a UTF-16 document) takes
// what is left.
func (d *mappedDecoder) mapRunes(dec []byte, nSrc int) {
	ascii := 1 // an ASCII character's length in the source
	if d.kind == utf16 {
		ascii = 2
	}
	used := 0
	for i := 0; i < len(dec); {
		// A run of ASCII, a byte at a time.
		j := i
		for j < len(dec) && dec[j] < 0x80 {
			j++
		}
		if j > i {
			n := j - i
			if j == len(dec) && used+n*ascii != nSrc {
				// The last character takes what is left.
				d.m.add(n-1, 1, ascii)
				d.m.add(1, 1, nSrc-used-(n-1)*ascii)
				return
			}
			d.m.add(n, 1, ascii)
			used += n * ascii
			i = j
			continue
		}
		_, l := utf8.DecodeRune(dec[i:])
		s := 1
		if d.kind == utf16 {
			s = 2
			if l == 4 {
				s = 4
			}
		}
		i += l
		if i == len(dec) && used+s != nSrc {
			s = nSrc - used
		}
		d.m.add(1, l, s)
		used += s
	}
	if used < nSrc {
		// Source bytes that decoded to nothing (cannot happen in these
		// encodings; kept for the map's sake).
		d.m.add(1, 0, nSrc-used)
	}
}

// An offsetMap maps offsets in a decoded document to offsets in its
// source, for offsets asked for in increasing order: a list of runs of
// characters of the same decoded and source lengths, which it lets go
// of as it is read.
type offsetMap struct {
	runs []byte // varints: count, decoded length, source length
	r    int    // the next run to read in runs
	// The last run added, at runs[lastAt:] (-1 when none, or once it
	// is being read), which the next is merged into when it is alike.
	lastAt, lastN, lastD, lastS int
	// The run being read: how many characters are left in it, and
	// their lengths.
	left, dlen, slen int
	// d and s are the decoded and source offsets reached.
	d, s int64
}

// add appends a run of n characters of dlen decoded and slen source
// bytes each, merged with the last run when it is the same.
func (m *offsetMap) add(n, dlen, slen int) {
	if n <= 0 {
		return
	}
	if m.lastAt >= m.r && m.lastN > 0 && m.lastD == dlen && m.lastS == slen {
		m.runs = m.runs[:m.lastAt]
		n += m.lastN
	}
	m.lastAt, m.lastN, m.lastD, m.lastS = len(m.runs), n, dlen, slen
	m.runs = binary.AppendUvarint(m.runs, uint64(n))
	m.runs = binary.AppendUvarint(m.runs, uint64(dlen))
	m.runs = binary.AppendUvarint(m.runs, uint64(slen))
}

// source returns the source offset of the decoded offset d, which is at
// least every offset asked for before (or it returns the last answer),
// at a character's start. An offset past what was decoded maps to the
// end of what is known.
func (m *offsetMap) source(d int64) int64 {
	for m.d < d {
		if m.left == 0 {
			if m.r >= len(m.runs) {
				return m.s
			}
			var v [3]uint64
			for i := range v {
				x, n := binary.Uvarint(m.runs[m.r:])
				v[i] = x
				m.r += n
			}
			m.left, m.dlen, m.slen = int(v[0]), int(v[1]), int(v[2])
			if m.lastAt < m.r {
				m.lastN = 0 // being read: not to be merged into
			}
			if m.r > 4<<10 && m.r > len(m.runs)/2 {
				// Let go of the runs read.
				m.lastAt -= m.r
				m.runs = m.runs[:copy(m.runs, m.runs[m.r:])]
				m.r = 0
			}
			continue
		}
		if m.dlen == 0 {
			m.s += int64(m.slen)
			m.left--
			continue
		}
		// Skip whole characters of the run.
		k := min(int64(m.left), (d-m.d+int64(m.dlen)-1)/int64(m.dlen))
		m.d += k * int64(m.dlen)
		m.s += k * int64(m.slen)
		m.left -= int(k)
	}
	// Source bytes that decode to nothing just before the character
	// at d (an escape sequence) are counted as its start.
	return m.s
}
