package legacy

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"

	"github.com/weburl/url/internal/labels"
)

func mustEncoding(t *testing.T, label string) encoding.Encoding {
	t.Helper()
	enc, ok := labels.Lookup(label)
	if !ok {
		t.Fatalf("Lookup(%q) failed", label)
	}
	return enc
}

// The two percent-encode sets the whole-path comparison uses, written
// from the URL Standard's definitions (the root package's table is
// checked against the same definitions by TestEncodeSetTable).
const (
	specialQuerySet uint8 = 1 << iota // C0 controls, > U+007E, space " # < > '
	formSet                           // all but ASCII alphanumerics * - . _
)

var testSets = func() (t [256]uint8) {
	for c := range t {
		b := byte(c)
		if b < 0x20 || b > 0x7E || strings.IndexByte(" \"#<>'", b) >= 0 {
			t[c] |= specialQuerySet
		}
		alnum := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
		if !alnum && strings.IndexByte("*-._", b) < 0 {
			t[c] |= formSet
		}
	}
	return t
}()

func inTestSet(set uint8, b byte) bool { return testSets[b]&set != 0 }

// big5FirstDup must hold exactly the code points that x/text's decoder
// finds at two pointers >= 5024, minus the six the Standard sends to the
// last pointer.
func TestBig5Duplicates(t *testing.T) {
	dec := traditionalchinese.Big5.NewDecoder()
	first := map[rune][2]byte{}
	want := map[rune][2]byte{}
	for p := (0xA1 - 0x81) * 157; p < 126*157; p++ {
		trail := p % 157
		off := 0x40
		if trail >= 0x3F {
			off = 0x62
		}
		b := [2]byte{byte(p/157 + 0x81), byte(trail + off)}
		d, err := dec.Bytes(b[:])
		if err != nil {
			continue
		}
		r, size := utf8.DecodeRune(d)
		if size != len(d) || r == utf8.RuneError {
			continue
		}
		if f, ok := first[r]; ok {
			switch r {
			case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			default:
				want[r] = f
			}
			continue
		}
		first[r] = b
	}
	if len(want) != len(big5FirstDup) {
		t.Errorf("x/text has %d duplicates, table has %d", len(want), len(big5FirstDup))
	}
	for _, d := range big5FirstDup {
		if want[d.r] != d.b {
			t.Errorf("%U: table % x, x/text first pointer % x", d.r, d.b, want[d.r])
		}
	}
}

func TestISOKatakanaIndex(t *testing.T) {
	if n := utf8.RuneCountInString(isoKatakanaIndex); n != 0xFF9F-0xFF61+1 || len(isoKatakanaIndex) != 3*n {
		t.Fatalf("index has %d code points, %d bytes", n, len(isoKatakanaIndex))
	}
	for r := rune(0xFF61); r <= 0xFF9F; r++ {
		got := isoKatakana(r)
		// The index is the compatibility decomposition, except the two
		// sound marks, which map to the spacing forms.
		want := []rune(norm.NFKC.String(string(r)))[0]
		switch r {
		case 0xFF9E:
			want = 0x309B
		case 0xFF9F:
			want = 0x309C
		}
		if got != want {
			t.Errorf("%U: got %U, want %U", r, got, want)
		}
	}
}

// indexEntry is one line of an index file: a pointer and its code point.
type indexEntry struct {
	pointer int
	cp      rune
}

// readIndex reads testdata/index-<name>.txt.gz. Each line that
// is not empty or a comment holds a decimal pointer, a tab, and the code
// point as 0x-prefixed hexadecimal (then the character and its name).
func readIndex(t testing.TB, name string) []indexEntry {
	t.Helper()
	path := filepath.Join("testdata", "index-"+name+".txt.gz")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var entries []indexEntry
	sc := bufio.NewScanner(zr)
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if s == "" || s[0] == '#' {
			continue
		}
		fields := strings.Fields(s)
		if len(fields) < 2 || !strings.HasPrefix(fields[1], "0x") {
			t.Fatalf("%s:%d: malformed line %q", path, line, s)
		}
		p, err1 := strconv.Atoi(fields[0])
		cp, err2 := strconv.ParseUint(fields[1][2:], 16, 32)
		if err1 != nil || err2 != nil || p < 0 || cp > unicode.MaxRune {
			t.Fatalf("%s:%d: malformed line %q", path, line, s)
		}
		entries = append(entries, indexEntry{p, rune(cp)})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(entries) == 0 {
		t.Fatalf("%s: no entries", path)
	}
	return entries
}

// refEncoder is an Encoding Standard encoder for one legacy encoding,
// built from its index. It is a direct transcription of the Standard's
// handler algorithms.
type refEncoder struct {
	name string
	// pointer is the index pointer of each code point (-1 for none),
	// after the exclusions of the encoding's encoder ("index Shift_JIS
	// pointer", "index Big5 pointer").
	pointer  []int32
	ranges   []indexEntry // index gb18030 ranges
	katakana []rune       // index ISO-2022-JP katakana
	isGBK    bool
	state    uint8 // ISO-2022-JP encoder state: jpASCII, jpRoman, jpJIS0208
}

// newRefEncoder returns the reference encoder of the encoding name (the
// Standard's name, lower-cased). pointers is a scratch slice it may reuse.
func newRefEncoder(t testing.TB, name string, pointers []int32) *refEncoder {
	t.Helper()
	if cap(pointers) < unicode.MaxRune+1 {
		pointers = make([]int32, unicode.MaxRune+1)
	}
	pointers = pointers[:unicode.MaxRune+1]
	for i := range pointers {
		pointers[i] = -1
	}
	r := &refEncoder{name: name, pointer: pointers}
	// first sets the index pointer: the first pointer of each code point
	// (index pointer), keeping entries for which keep is true, and the
	// last pointer for the code points in last.
	first := func(entries []indexEntry, keep func(p int) bool, last ...rune) {
		for _, e := range entries {
			if !keep(e.pointer) {
				continue
			}
			if r.pointer[e.cp] < 0 || int(r.pointer[e.cp]) > e.pointer || slices.Contains(last, e.cp) && int(r.pointer[e.cp]) < e.pointer {
				r.pointer[e.cp] = int32(e.pointer)
			}
		}
	}
	all := func(int) bool { return true }
	switch name {
	case "x-user-defined":
	case "gb18030", "gbk":
		first(readIndex(t, "gb18030"), all)
		r.ranges = readIndex(t, "gb18030-ranges")
		r.isGBK = name == "gbk"
	case "big5":
		// index Big5 pointer: index Big5 without the pointers below
		// (0xA1 - 0x81) × 157, and the last pointer for six code points.
		first(readIndex(t, "big5"), func(p int) bool { return p >= (0xA1-0x81)*157 },
			0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345)
	case "shift_jis":
		// index Shift_JIS pointer: index jis0208 without pointers 8272 to
		// 8835.
		first(readIndex(t, "jis0208"), func(p int) bool { return p < 8272 || p > 8835 })
	case "euc-jp":
		first(readIndex(t, "jis0208"), all)
	case "iso-2022-jp":
		first(readIndex(t, "jis0208"), all)
		for _, e := range readIndex(t, "iso-2022-jp-katakana") {
			if e.pointer != len(r.katakana) {
				t.Fatalf("index ISO-2022-JP katakana: pointer %d out of order", e.pointer)
			}
			r.katakana = append(r.katakana, e.cp)
		}
	case "euc-kr":
		first(readIndex(t, "euc-kr"), all)
	case "iso-8859-8-i":
		// ISO-8859-8 and ISO-8859-8-I share index single-byte.
		first(readIndex(t, "iso-8859-8"), all)
	default:
		first(readIndex(t, name), all)
	}
	return r
}

// run encodes cps followed by end-of-queue, as percent-encode after
// encoding drives an encoder through "encode or fail": each error with a
// code point is written with appendErrorMark and the same encoder
// instance goes on with the rest of the queue.
func (r *refEncoder) run(dst []byte, cps []rune) (out []byte, nErr int) {
	r.state = jpASCII
	for i := 0; i <= len(cps); {
		cp := rune(-1) // end-of-queue
		if i < len(cps) {
			cp = cps[i]
		}
		var errCP rune
		var restore, finished bool
		dst, errCP, restore, finished = r.handler(dst, cp)
		if errCP >= 0 {
			dst = appendErrorMark(dst, errCP)
			nErr++
		}
		if finished {
			break
		}
		if !restore {
			i++
		}
	}
	return dst, nErr
}

// handler is the encoder's handler for one code point (-1 is
// end-of-queue). It appends the bytes it returns to dst, and reports
// an error's code point (-1 for none), whether cp is restored to the
// queue, and whether it returned finished.
func (r *refEncoder) handler(dst []byte, cp rune) (out []byte, errCP rune, restore, finished bool) {
	const eoq = -1
	isASCII := cp >= 0 && cp < 0x80
	if r.name == "iso-2022-jp" {
		// https://encoding.spec.whatwg.org/#iso-2022-jp-encoder
		switch {
		case cp == eoq && r.state != jpASCII:
			r.state = jpASCII
			return append(dst, 0x1B, 0x28, 0x42), -1, false, false
		case cp == eoq:
			return dst, -1, false, true
		case (r.state == jpASCII || r.state == jpRoman) && (cp == 0x0E || cp == 0x0F || cp == 0x1B):
			return dst, 0xFFFD, false, false
		case r.state == jpASCII && isASCII:
			return append(dst, byte(cp)), -1, false, false
		case r.state == jpRoman && (isASCII && cp != 0x5C && cp != 0x7E || cp == 0xA5 || cp == 0x203E):
			switch cp {
			case 0xA5:
				return append(dst, 0x5C), -1, false, false
			case 0x203E:
				return append(dst, 0x7E), -1, false, false
			}
			return append(dst, byte(cp)), -1, false, false
		case isASCII && r.state != jpASCII:
			r.state = jpASCII
			return append(dst, 0x1B, 0x28, 0x42), -1, true, false
		case (cp == 0xA5 || cp == 0x203E) && r.state != jpRoman:
			r.state = jpRoman
			return append(dst, 0x1B, 0x28, 0x4A), -1, true, false
		}
		if cp == 0x2212 {
			cp = 0xFF0D
		}
		if cp >= 0xFF61 && cp <= 0xFF9F {
			cp = r.katakana[cp-0xFF61]
		}
		pointer := r.pointer[cp]
		if pointer < 0 {
			if r.state == jpJIS0208 {
				r.state = jpASCII
				return append(dst, 0x1B, 0x28, 0x42), -1, true, false
			}
			return dst, cp, false, false
		}
		if r.state != jpJIS0208 {
			r.state = jpJIS0208
			return append(dst, 0x1B, 0x24, 0x42), -1, true, false
		}
		return append(dst, byte(pointer/94+0x21), byte(pointer%94+0x21)), -1, false, false
	}

	if cp == eoq {
		return dst, -1, false, true
	}
	if isASCII {
		return append(dst, byte(cp)), -1, false, false
	}
	switch r.name {
	case "x-user-defined":
		// https://encoding.spec.whatwg.org/#x-user-defined-encoder
		if cp >= 0xF780 && cp <= 0xF7FF {
			return append(dst, byte(cp-0xF780+0x80)), -1, false, false
		}
		return dst, cp, false, false

	case "gb18030", "gbk":
		// https://encoding.spec.whatwg.org/#gb18030-encoder
		if cp == 0xE5E5 {
			return dst, cp, false, false
		}
		if r.isGBK && cp == 0x20AC {
			return append(dst, 0x80), -1, false, false
		}
		if b, ok := refGB18030PUA[cp]; ok {
			return append(dst, b[0], b[1]), -1, false, false
		}
		if pointer := int(r.pointer[cp]); pointer >= 0 {
			leading := pointer/190 + 0x81
			trailing := pointer % 190
			offset := 0x40
			if trailing >= 0x3F {
				offset = 0x41
			}
			return append(dst, byte(leading), byte(trailing+offset)), -1, false, false
		}
		if r.isGBK {
			return dst, cp, false, false
		}
		pointer := r.gb18030RangesPointer(cp)
		byte1 := pointer / (10 * 126 * 10)
		pointer %= 10 * 126 * 10
		byte2 := pointer / (10 * 126)
		pointer %= 10 * 126
		byte3 := pointer / 10
		byte4 := pointer % 10
		return append(dst, byte(byte1+0x81), byte(byte2+0x30), byte(byte3+0x81), byte(byte4+0x30)), -1, false, false

	case "big5":
		// https://encoding.spec.whatwg.org/#big5-encoder
		pointer := int(r.pointer[cp])
		if pointer < 0 {
			return dst, cp, false, false
		}
		leading := pointer/157 + 0x81
		trailing := pointer % 157
		offset := 0x40
		if trailing >= 0x3F {
			offset = 0x62
		}
		return append(dst, byte(leading), byte(trailing+offset)), -1, false, false

	case "euc-jp":
		// https://encoding.spec.whatwg.org/#euc-jp-encoder
		switch {
		case cp == 0xA5:
			return append(dst, 0x5C), -1, false, false
		case cp == 0x203E:
			return append(dst, 0x7E), -1, false, false
		case cp >= 0xFF61 && cp <= 0xFF9F:
			return append(dst, 0x8E, byte(cp-0xFF61+0xA1)), -1, false, false
		case cp == 0x2212:
			cp = 0xFF0D
		}
		pointer := int(r.pointer[cp])
		if pointer < 0 {
			return dst, cp, false, false
		}
		return append(dst, byte(pointer/94+0xA1), byte(pointer%94+0xA1)), -1, false, false

	case "shift_jis":
		// https://encoding.spec.whatwg.org/#shift_jis-encoder
		switch {
		case cp == 0x80:
			return append(dst, 0x80), -1, false, false
		case cp == 0xA5:
			return append(dst, 0x5C), -1, false, false
		case cp == 0x203E:
			return append(dst, 0x7E), -1, false, false
		case cp >= 0xFF61 && cp <= 0xFF9F:
			return append(dst, byte(cp-0xFF61+0xA1)), -1, false, false
		case cp == 0x2212:
			cp = 0xFF0D
		}
		pointer := int(r.pointer[cp])
		if pointer < 0 {
			return dst, cp, false, false
		}
		leading := pointer / 188
		leadingOffset := 0x81
		if leading >= 0x1F {
			leadingOffset = 0xC1
		}
		trailing := pointer % 188
		offset := 0x40
		if trailing >= 0x3F {
			offset = 0x41
		}
		return append(dst, byte(leading+leadingOffset), byte(trailing+offset)), -1, false, false

	case "euc-kr":
		// https://encoding.spec.whatwg.org/#euc-kr-encoder
		pointer := int(r.pointer[cp])
		if pointer < 0 {
			return dst, cp, false, false
		}
		return append(dst, byte(pointer/190+0x81), byte(pointer%190+0x41)), -1, false, false
	}

	// https://encoding.spec.whatwg.org/#single-byte-encoder
	pointer := int(r.pointer[cp])
	if pointer < 0 {
		return dst, cp, false, false
	}
	return append(dst, byte(pointer+0x80)), -1, false, false
}

// gb18030RangesPointer is the index gb18030 ranges pointer of cp.
// https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer
func (r *refEncoder) gb18030RangesPointer(cp rune) int {
	if cp == 0xE7C7 {
		return 7457
	}
	// The last entry whose code point is less than or equal to cp.
	i := sort.Search(len(r.ranges), func(i int) bool { return r.ranges[i].cp > cp }) - 1
	return r.ranges[i].pointer + int(cp-r.ranges[i].cp)
}

// refGB18030PUA is the table in step 5 of the gb18030 encoder.
var refGB18030PUA = map[rune][2]byte{
	0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB},
	0xE790: {0xA6, 0xDC}, 0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE},
	0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC}, 0xE795: {0xA6, 0xED},
	0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61},
	0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67}, 0xE832: {0xFE, 0x6D},
	0xE843: {0xFE, 0x7E}, 0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0},
}

// appendErrorMark appends the mark of an encoder error with code point
// cp to the output of refEncoder.run and implRun: "&#", the code point
// as three bytes (big-endian), ";". Percent-encode after encoding writes
// "&#N;" with N in decimal; the comparison needs no decimal conversion.
func appendErrorMark(dst []byte, cp rune) []byte {
	return append(dst, '&', '#', byte(cp>>16), byte(cp>>8), byte(cp), ';')
}

// implRun drives the package's encoder e as refEncoder.run drives the
// reference one.
func implRun(e *Encoder, dst []byte, cps []rune) []byte {
	e.reset()
	for _, cp := range cps {
		var errCP rune
		dst, errCP = e.encode(dst, cp)
		if errCP >= 0 {
			dst = appendErrorMark(dst, errCP)
		}
	}
	return e.finish(dst)
}

// legacyEncodingNames lists the names of the Encoding Standard's
// encodings that have a legacy encoder (all but UTF-8, UTF-16BE/LE and
// replacement), from the label table (which internal/labels checks
// against testdata/encodings.json).
func legacyEncodingNames() []string {
	var names []string
	for _, name := range labels.Names() {
		switch name {
		case "utf-8", "utf-16be", "utf-16le", "replacement":
		default:
			names = append(names, name)
		}
	}
	return names
}

// TestLegacyEncodersAgainstIndexes encodes every scalar value with every
// legacy encoder and compares the bytes (and errors) with the reference
// encoder. ISO-2022-JP, the one stateful encoder, is run from each of its
// three states. The first 20 mismatches of an encoding are reported, all
// of them with -v.
func TestLegacyEncodersAgainstIndexes(t *testing.T) {
	names := legacyEncodingNames()
	if len(names) != 36 {
		t.Fatalf("the label table names %d legacy encodings, want 36", len(names))
	}
	var pointers []int32
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			ref := newRefEncoder(t, name, pointers)
			pointers = ref.pointer
			enc := mustEncoding(t, name)
			impl := newEncoder(enc, kindOf(enc))
			prefixes := [][]rune{nil}
			if name == "iso-2022-jp" {
				prefixes = append(prefixes, []rune{0xA5}, []rune{0x3042})
			}
			var cps [2]rune
			var want, got []byte
			mismatches, encodable := 0, 0
			for _, prefix := range prefixes {
				seq := append(cps[:0], prefix...)
				seq = append(seq, 0)
				for cp := rune(0); cp <= unicode.MaxRune; cp++ {
					if cp >= 0xD800 && cp <= 0xDFFF {
						continue // not a scalar value
					}
					seq[len(seq)-1] = cp
					var errs int
					want, errs = ref.run(want[:0], seq)
					got = implRun(impl, got[:0], seq)
					if errs == 0 {
						encodable++
					}
					if !bytes.Equal(got, want) {
						mismatches++
						if mismatches <= 20 || testing.Verbose() {
							t.Errorf("%+q: got %q, want %q", string(seq), got, want)
						}
					}
				}
			}
			if mismatches > 0 {
				t.Errorf("%d mismatches", mismatches)
			}
			t.Logf("%d code points encodable", encodable)

			// The whole path of the URL parser and the form serializer:
			// every BMP scalar value and a few others in one string, so
			// the encoder goes through its states and the ASCII fast
			// path runs between them.
			var all []rune
			for cp := rune(0); cp <= 0xFFFF; cp++ {
				if cp < 0xD800 || cp > 0xDFFF {
					all = append(all, cp)
				}
			}
			all = append(all, 0x10000, 0x1F600, 0x20021, 0x2A6D6, 0x10FFFF, '~', 0x3042, ' ', 0xA5, '\\')
			for _, c := range []struct {
				set         uint8
				spaceAsPlus bool
			}{{specialQuerySet, false}, {formSet, true}} {
				got := string(AppendPercentEncoded(newEncoder(enc, kindOf(enc)), nil, string(all), &testSets, c.set, c.spaceAsPlus))
				want := ref.percentEncodeAfterEncoding(all, c.set, c.spaceAsPlus)
				if got != want {
					i := 0
					for i < len(got) && i < len(want) && got[i] == want[i] {
						i++
					}
					t.Errorf("percent-encode after encoding (%v, %v) differs at byte %d: got %.40q, want %.40q", c.set, c.spaceAsPlus, i, got[i:], want[i:])
				}
			}
		})
	}
}

// percentEncodeAfterEncoding is the URL Standard's percent-encode after
// encoding with the reference encoder.
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
func (r *refEncoder) percentEncodeAfterEncoding(input []rune, set uint8, spaceAsPlus bool) string {
	var output, encodeOutput []byte
	r.state = jpASCII
	for i := 0; i <= len(input); {
		cp := rune(-1) // end-of-queue
		if i < len(input) {
			cp = input[i]
		}
		var errCP rune
		var restore, finished bool
		encodeOutput, errCP, restore, finished = r.handler(encodeOutput[:0], cp)
		for _, b := range encodeOutput {
			switch {
			case spaceAsPlus && b == ' ':
				output = append(output, '+')
			case !inTestSet(set, b):
				output = append(output, b)
			default:
				output = append(output, '%', "0123456789ABCDEF"[b>>4], "0123456789ABCDEF"[b&15])
			}
		}
		if errCP >= 0 {
			output = append(output, "%26%23"...)
			output = strconv.AppendInt(output, int64(errCP), 10)
			output = append(output, "%3B"...)
		}
		if finished {
			break
		}
		if !restore {
			i++
		}
	}
	return string(output)
}

// TestName checks Name, which reads what x/text's encodings call
// themselves, against golang.org/x/text/encoding/htmlindex.Name on every
// encoding x/text has, and on UTF-16 with each BOM policy.
func TestName(t *testing.T) {
	var all []encoding.Encoding
	for _, list := range [][]encoding.Encoding{charmap.All, japanese.All, korean.All, simplifiedchinese.All, traditionalchinese.All, xunicode.All} {
		all = append(all, list...)
	}
	for _, e := range []xunicode.Endianness{xunicode.BigEndian, xunicode.LittleEndian} {
		for _, p := range []xunicode.BOMPolicy{xunicode.IgnoreBOM, xunicode.UseBOM, xunicode.ExpectBOM} {
			all = append(all, xunicode.UTF16(e, p))
		}
	}
	all = append(all, encoding.Replacement, encoding.Nop, nil)
	named := 0
	for _, enc := range all {
		want := "utf-8"
		if enc != nil {
			var err error
			if want, err = htmlindex.Name(enc); err != nil {
				want = ""
			}
		}
		if got := Name(enc); got != want {
			t.Errorf("Name(%v) = %q, htmlindex.Name says %q", enc, got, want)
		}
		if want != "" {
			named++
		}
	}
	if named < 40 {
		t.Errorf("%d encodings named: the Standard has 40", named)
	}
}
