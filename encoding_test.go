package url

import (
	"errors"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
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
		{"gb18030", "\ue766", SpecialQuerySet, false, "%26%2359238%3B"}, // known gap: scattered PUA, see encoding.go

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

// Every code point encodes to what the x/text decoder reads back,
// or is reported as an error: the fixes around x/text never invent bytes.
func TestLegacyEncodersRoundTrip(t *testing.T) {
	labels := []string{"shift_jis", "euc-jp", "iso-2022-jp", "big5", "gb18030", "gbk", "euc-kr", "windows-1252", "iso-8859-2", "windows-874"}
	if testing.Short() {
		labels = labels[:3]
	}
	for _, label := range labels {
		enc := mustEncoding(t, label)
		e := newLegacyEncoder(enc, kindOf(enc))
		dec := enc.NewDecoder()
		var buf []byte
		encoded := 0
		for r := rune(0); r <= 0x10FFFF; r++ {
			if r >= 0xD800 && r <= 0xDFFF || r > 0xFFFF && label != "gb18030" && label != "big5" {
				continue
			}
			e.reset()
			out, errCP := e.encode(buf[:0], r)
			out = append(out, e.finish(nil)...)
			if errCP >= 0 {
				continue
			}
			encoded++
			back, err := dec.Bytes(out)
			if err != nil {
				t.Fatalf("%s %U: decode % x: %v", label, r, out, err)
			}
			want := string(r)
			switch {
			case label == "shift_jis" && r == 0x80:
				want = "\u0080" // x/text decodes 0x80 as U+0080, as the Standard does
			case label == "shift_jis" || label == "euc-jp" || label == "iso-2022-jp":
				switch r {
				case 0xA5:
					want = "\\"
				case 0x203E:
					want = "~"
				case 0x2212:
					want = "\uff0d"
				}
				if label == "iso-2022-jp" && r >= 0xFF61 && r <= 0xFF9F {
					want = string(isoKatakana(r))
				}
			case r >= 0x80 && r <= 0x9F && len(out) == 1 && out[0] == byte(r):
				want = "\ufffd" // C1 identity bytes: x/text does not decode them
			case label == "gb18030" || label == "gbk":
				if _, ok := gb18030TwoByte(r); ok || r >= 0xE000 && r <= 0xE765 {
					want = "\ufffd" // x/text has no mapping for these sequences yet
				}
				if r == 0xE7C7 {
					want = "\u1e3f" // x/text decodes pointer 7457 with the GB18030-2000 mapping
				}
			}
			if string(back) != want {
				t.Errorf("%s %U: encoded % x, decoded %+q", label, r, out, back)
			}
		}
		if encoded < 100 {
			t.Errorf("%s: only %d code points encoded", label, encoded)
		}
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
		if got := OutputEncoding(mustEncoding(t, label)); got != unicode.UTF8 {
			t.Errorf("OutputEncoding(%s) = %v, want UTF-8", label, got)
		}
	}
	if got := OutputEncoding(nil); got != unicode.UTF8 {
		t.Errorf("OutputEncoding(nil) = %v", got)
	}
	sjis := mustEncoding(t, "shift_jis")
	if got := OutputEncoding(sjis); got != sjis {
		t.Errorf("OutputEncoding(shift_jis) = %v", got)
	}
}
