package url

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"

	"github.com/weburl/url/internal/labels"
)

// lookupEncoding is package charset's Lookup, which the package's own
// tests cannot import (charset imports this package).
func lookupEncoding(label string) (encoding.Encoding, error) {
	enc, ok := labels.Lookup(label)
	if !ok {
		return nil, fmt.Errorf("unknown encoding label %q", label)
	}
	return enc, nil
}

func mustEncoding(t *testing.T, label string) encoding.Encoding {
	t.Helper()
	enc, err := lookupEncoding(label)
	if err != nil {
		t.Fatal(err)
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
		enc, err := lookupEncoding(c.label)
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
