package url

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
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
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

func mustEncoding(t *testing.T, label string) encoding.Encoding {
	t.Helper()
	enc, err := LookupEncoding(label)
	if err != nil {
		t.Fatalf("LookupEncoding(%q): %v", label, err)
	}
	return enc
}

func TestPercentEncodeAfterEncoding(t *testing.T) {
	tests := []struct {
		label       string
		in          string
		set         EncodeSet
		spaceAsPlus bool
		want        string
	}{
		// UTF-8 path.
		{"utf-8", "", SpecialQuerySet, false, ""},
		{"utf-8", "abc", SpecialQuerySet, false, "abc"},
		{"utf-8", "a b'c", SpecialQuerySet, false, "a%20b%27c"},
		{"utf-8", "a b'c", QuerySet, false, "a%20b'c"},
		{"utf-8", "a b+c", FormURLEncodedSet, true, "a+b%2Bc"},
		{"utf-8", "a b", C0ControlSet, true, "a+b"}, // space as plus wins over the set
		{"utf-8", "\u00e9\U0001F600", FormURLEncodedSet, true, "%C3%A9%F0%9F%98%80"},
		{"utf-8", "a\xffb", FormURLEncodedSet, true, "a%EF%BF%BDb"},                       // invalid byte is U+FFFD
		{"utf-8", "\xf0\x9f\x98", FormURLEncodedSet, true, "%EF%BF%BD%EF%BF%BD%EF%BF%BD"}, // one U+FFFD per byte
		{"utf-16le", "\u00e9 ", FormURLEncodedSet, true, "%C3%A9+"},                       // output encoding: UTF-8
		{"utf-16be", "\u00e9", FormURLEncodedSet, true, "%C3%A9"},
		{"iso-2022-kr", "\u00e9", FormURLEncodedSet, true, "%C3%A9"}, // replacement → UTF-8

		// Single-byte.
		{"windows-1252", "\u20ac \u00e9", FormURLEncodedSet, true, "%80+%E9"},
		{"windows-1252", "\u0081", SpecialQuerySet, false, "%81"},          // C1 identity
		{"windows-1252", "\u0080", SpecialQuerySet, false, "%26%23128%3B"}, // 0x80 is the euro sign
		{"iso-8859-2", "\u0085\u00a2", SpecialQuerySet, false, "%85%26%23162%3B"},
		{"windows-1253", "\u0081", SpecialQuerySet, false, "%81"},
		{"windows-1252", "\xff", SpecialQuerySet, false, "%26%2365533%3B"}, // invalid byte → U+FFFD → unencodable
		{"windows-1252", "\U0001F600", FormURLEncodedSet, true, "%26%23128512%3B"},
		{"x-user-defined", "\uf780a\u0080", SpecialQuerySet, false, "%80a%26%23128%3B"},
		{"koi8-r", "\u0416", SpecialQuerySet, false, "%F6"},

		// Shift_JIS.
		{"shift_jis", "\u00a5\u203e\u0080", SpecialQuerySet, false, `\~%80`},
		{"shift_jis", "\u2212", FormURLEncodedSet, true, "%81%7C"},
		{"shift_jis", "\uff61", SpecialQuerySet, false, "%A1"},
		{"shift_jis", "\u7e8a", SpecialQuerySet, false, `%FA\`}, // IBM extension 0xFA5C, not the NEC-selected 0xED40
		{"shift_jis", "\u2252", SpecialQuerySet, false, "%81%E0"},
		{"shift_jis", "\ue000", SpecialQuerySet, false, "%26%2357344%3B"}, // PUA is decode-only

		// EUC-JP.
		{"euc-jp", "\u00a5\u203e", SpecialQuerySet, false, `\~`},
		{"euc-jp", "\u2212", SpecialQuerySet, false, "%A1%DD"},
		{"euc-jp", "\uff61", SpecialQuerySet, false, "%8E%A1"},
		{"euc-jp", "\u4e02", SpecialQuerySet, false, "%26%2319970%3B"}, // JIS X 0212 only: not encoded
		{"euc-jp", "\u7e8a", SpecialQuerySet, false, "%F9%A1"},

		// ISO-2022-JP.
		{"iso-2022-jp", "a", SpecialQuerySet, false, "a"},
		{"iso-2022-jp", "\u000eA", SpecialQuerySet, false, "%26%2365533%3BA"},
		{"iso-2022-jp", "\u3042\u001b", SpecialQuerySet, false, "%1B$B$%22%1B(B%26%2365533%3B"},
		{"iso-2022-jp", "\u00a5\u000f", SpecialQuerySet, false, `%1B(J\%26%2365533%3B%1B(B`},
		{"iso-2022-jp", "\u203e\\", SpecialQuerySet, false, "%1B(J~%1B(B\\"},
		{"iso-2022-jp", "\u00a5a\u203e", SpecialQuerySet, false, `%1B(J\a~%1B(B`},
		{"iso-2022-jp", "\u3042", SpecialQuerySet, false, "%1B$B$%22%1B(B"},
		{"iso-2022-jp", "\uff71", SpecialQuerySet, false, "%1B$B%%22%1B(B"}, // halfwidth ｱ → ア
		{"iso-2022-jp", "\u2212", SpecialQuerySet, false, "%1B$B!]%1B(B"},
		{"iso-2022-jp", "\u3042\u00e9b", SpecialQuerySet, false, "%1B$B$%22%1B(B%26%23233%3Bb"},
		{"iso-2022-jp", "\u3042 ", FormURLEncodedSet, true, "%1B%24B%24%22%1B%28B+"},

		// Big5.
		{"big5", "\u2020", SpecialQuerySet, false, "%26%238224%3B"},
		{"big5", "\u00ca", SpecialQuerySet, false, "%26%23202%3B"}, // HKSCS pointer only
		{"big5", "\u2550\u5341\u5345", SpecialQuerySet, false, "%F9%F9%A4Q%A4%CA"},
		{"big5", "\u3003\u5344", SpecialQuerySet, false, "%A1%B2%A2%CD"},
		{"big5", "\u4e00", SpecialQuerySet, false, "%A4@"},

		// gb18030 and GBK.
		{"gb18030", "\ue5e5", SpecialQuerySet, false, "%26%2358853%3B"},
		{"gbk", "\ue5e5", SpecialQuerySet, false, "%26%2358853%3B"},
		{"gb18030", "\u20ac", SpecialQuerySet, false, "%A2%E3"},
		{"gbk", "\u20ac", SpecialQuerySet, false, "%80"},
		{"gb18030", "\u0080", SpecialQuerySet, false, "%810%810"},
		{"gb18030", "\U0001F600", SpecialQuerySet, false, "%949%FC6"},
		{"gbk", "\U0001F600", SpecialQuerySet, false, "%26%23128512%3B"},
		{"gb18030", "\ue78d\ufe10", SpecialQuerySet, false, "%A6%D9%A6%D9"},
		{"gbk", "\ue864\u9fbb", SpecialQuerySet, false, "%FE%A0%FE%A0"},
		{"gb18030", "\u3000", SpecialQuerySet, false, "%A1%A1"},
		{"gb18030", "\ue000\ue233\ue234\ue4c5", SpecialQuerySet, false, "%AA%A1%AF%FE%F8%A1%FE%FE"},
		{"gb18030", "\ue4c6\ue4c7\ue504\ue505\ue5e4\ue765", SpecialQuerySet, false, "%A1@%A1A%A1~%A1%80%A3%9F%A7%A0"},
		{"gbk", "\ue000", SpecialQuerySet, false, "%AA%A1"},
		{"gb18030", "\ue7c7", SpecialQuerySet, false, "%815%F47"},
		{"gbk", "\ue7c7", SpecialQuerySet, false, "%26%2359335%3B"},
		{"gb18030", "\u1e3f", SpecialQuerySet, false, "%A8%BC"}, // GB18030-2005 mapping, not x/text's 81 35 F4 37
		{"gbk", "\u1e3f", SpecialQuerySet, false, "%A8%BC"},
		{"gb18030", "\ue766\ue7cd\ue855", SpecialQuerySet, false, "%A2%AB%A8%EA%FE%91"}, // PUA at scattered two-byte pointers
		{"gbk", "\ue766\ue771\ue810", SpecialQuerySet, false, "%A2%AB%A2%FE%D7%FA"},
		{"gb18030", "\ue76c\ue7c8\ue815", SpecialQuerySet, false, "%836%C79%836%C80%836%C94"}, // PUA with no two-byte pointer: ranges
		{"gbk", "\ue76c", SpecialQuerySet, false, "%26%2359244%3B"},

		// EUC-KR.
		{"euc-kr", "\uac02", SpecialQuerySet, false, "%81A"},
		{"euc-kr", "\u2020", SpecialQuerySet, false, "%A2%D3"},
	}
	for _, tt := range tests {
		enc := mustEncoding(t, tt.label)
		got := string(appendPercentEncodeAfterEncoding(nil, enc, tt.in, tt.set, tt.spaceAsPlus))
		if got != tt.want {
			t.Errorf("%s %+q (%v, plus=%v): got %q, want %q", tt.label, tt.in, tt.set, tt.spaceAsPlus, got, tt.want)
		}
	}
}

func TestPercentEncodeAfterEncodingAppends(t *testing.T) {
	dst := []byte("x=")
	got := appendPercentEncodeAfterEncoding(dst, nil, "a b", FormURLEncodedSet, true)
	if string(got) != "x=a+b" {
		t.Errorf("got %q", got)
	}
	got = appendPercentEncodeAfterEncoding([]byte("x="), charmap.Windows1252, "\u00e9", FormURLEncodedSet, true)
	if string(got) != "x=%E9" {
		t.Errorf("got %q", got)
	}
}

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

func TestLookupEncoding(t *testing.T) {
	tests := []struct {
		label, name string
	}{
		{"utf-8", "utf-8"},
		{" \tUTF8\n", "utf-8"},
		{"latin1", "windows-1252"},
		{"ISO-8859-1", "windows-1252"},
		{"sjis", "shift_jis"},
		{"x-gbk", "gbk"},
		{"csiso2022kr", "replacement"},
		{"x-user-defined", "x-user-defined"},
	}
	for _, tt := range tests {
		enc, err := LookupEncoding(tt.label)
		if err != nil {
			t.Errorf("LookupEncoding(%q): %v", tt.label, err)
			continue
		}
		if name, _ := htmlindex.Name(enc); name != tt.name {
			t.Errorf("LookupEncoding(%q) = %s, want %s", tt.label, name, tt.name)
		}
	}
	for _, label := range []string{"", "utf-9", "\u212Aoi8-r", "utf-8\u00a0", "\u0085utf-8"} {
		enc, err := LookupEncoding(label)
		if !errors.Is(err, ErrUnknownEncoding) || enc != nil {
			t.Errorf("LookupEncoding(%q) = %v, %v; want ErrUnknownEncoding", label, enc, err)
		}
	}
}

func TestOutputEncoding(t *testing.T) {
	for _, label := range []string{"utf-16be", "utf-16le", "csiso2022kr", "utf-8"} {
		if got := OutputEncoding(mustEncoding(t, label)); got != xunicode.UTF8 {
			t.Errorf("OutputEncoding(%s) = %v, want UTF-8", label, got)
		}
	}
	if got := OutputEncoding(nil); got != xunicode.UTF8 {
		t.Errorf("OutputEncoding(nil) = %v", got)
	}
	sjis := mustEncoding(t, "shift_jis")
	if got := OutputEncoding(sjis); got != sjis {
		t.Errorf("OutputEncoding(shift_jis) = %v", got)
	}
}

// The reference encoders below are written from the Encoding Standard's
// encoder algorithms and its index files (testdata/encoding, copied from
// the whatwg/encoding repository; see testdata/encoding/README.md). They
// share no code or table with encoding.go, which builds on
// golang.org/x/text: TestLegacyEncodersAgainstIndexes compares the two on
// every scalar value.
// https://encoding.spec.whatwg.org/#indexes

// indexEntry is one line of an index file: a pointer and its code point.
type indexEntry struct {
	pointer int
	cp      rune
}

// readIndex reads testdata/encoding/index-<name>.txt.gz. Each line that
// is not empty or a comment holds a decimal pointer, a tab, and the code
// point as 0x-prefixed hexadecimal (then the character and its name).
func readIndex(t testing.TB, name string) []indexEntry {
	t.Helper()
	path := filepath.Join("testdata", "encoding", "index-"+name+".txt.gz")
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
func implRun(e *legacyEncoder, dst []byte, cps []rune) []byte {
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

// encodingsJSON is the content of the Encoding Standard's encodings.json:
// groups of encodings, each with its name and labels.
type encodingsJSON []struct {
	Heading   string `json:"heading"`
	Encodings []struct {
		Name   string   `json:"name"`
		Labels []string `json:"labels"`
	} `json:"encodings"`
}

func readEncodingsJSON(t testing.TB) encodingsJSON {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "encoding", "encodings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var groups encodingsJSON
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatalf("encodings.json: %v", err)
	}
	return groups
}

// legacyEncodingNames lists the names of the Encoding Standard's
// encodings that have a legacy encoder (all but UTF-8, UTF-16BE/LE and
// replacement), read from testdata/encoding/encodings.json.
func legacyEncodingNames(t testing.TB) []string {
	t.Helper()
	groups := readEncodingsJSON(t)
	var names []string
	for _, g := range groups {
		for _, e := range g.Encodings {
			switch name := strings.ToLower(e.Name); name {
			case "utf-8", "utf-16be", "utf-16le", "replacement":
			default:
				names = append(names, name)
			}
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
	names := legacyEncodingNames(t)
	if len(names) != 36 {
		t.Fatalf("encodings.json lists %d legacy encodings, want 36", len(names))
	}
	var pointers []int32
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			ref := newRefEncoder(t, name, pointers)
			pointers = ref.pointer
			enc := mustEncoding(t, name)
			impl := newLegacyEncoder(enc, kindOf(enc))
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
				set         EncodeSet
				spaceAsPlus bool
			}{{SpecialQuerySet, false}, {FormURLEncodedSet, true}} {
				got := PercentEncodeAfterEncoding(string(all), enc, c.set, c.spaceAsPlus)
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
func (r *refEncoder) percentEncodeAfterEncoding(input []rune, set EncodeSet, spaceAsPlus bool) string {
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
			case !set.Contains(b):
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

// TestLookupEncodingLabels looks up every label of encodings.json, as
// written there, upper-cased and between ASCII whitespace.
func TestLookupEncodingLabels(t *testing.T) {
	groups := readEncodingsJSON(t)
	n := 0
	for _, g := range groups {
		for _, e := range g.Encodings {
			for _, label := range e.Labels {
				for _, l := range []string{label, strings.ToUpper(label), "\t\n\f\r " + label + " \r\f\n\t"} {
					n++
					enc, err := LookupEncoding(l)
					if err != nil {
						t.Errorf("LookupEncoding(%q): %v", l, err)
						continue
					}
					if name := encodingName(enc); name != strings.ToLower(e.Name) {
						t.Errorf("LookupEncoding(%q) = %s, want %s", l, name, e.Name)
					}
				}
			}
		}
	}
	if n < 3*200 {
		t.Errorf("only %d labels", n)
	}
}

// BenchmarkPercentEncodeAfterEncoding encodes a form value in a legacy
// encoding: ASCII, text the encoding has, and emoji it has not (each
// becomes "%26%23N%3B").
func BenchmarkPercentEncodeAfterEncoding(b *testing.B) {
	for _, c := range []struct{ name, label, text string }{
		{"windows-1252", "windows-1252", "Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e \U0001F600\U0001F44D "},
		{"shift_jis", "shift_jis", "\u6771\u4eac\u90fd \u30c6\u30b9\u30c8 \U0001F600\U0001F44D "},
		// IBM extension kanji, which x/text encodes with the
		// NEC-selected pointers the Standard's encoder excludes.
		{"shift_jis-ibm", "shift_jis", "\u7e8a\u891c\u9348\u9288\u84dc\u4fc9\u70bb\u6631"},
		{"gbk", "gbk", "\u4e2d\u6587\u6d4b\u8bd5 abc \U0001F600\U0001F44D "},
		{"gb18030", "gb18030", "\u4e2d\u6587\u6d4b\u8bd5 abc \U0001F600\U0001F44D "},
	} {
		enc, err := LookupEncoding(c.label)
		if err != nil {
			b.Fatal(err)
		}
		s := strings.Repeat(c.text, 16)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			var dst []byte
			for b.Loop() {
				dst = appendPercentEncodeAfterEncoding(dst[:0], enc, s, FormURLEncodedSet, true)
			}
		})
	}
}
