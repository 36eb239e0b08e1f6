package url

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/url/internal/cputime"
)

func TestParseForm(t *testing.T) {
	tests := []struct {
		in   string
		want []Param
	}{
		{"", nil},
		{"&&", []Param{}},
		{"?a=b", []Param{{"?a", "b"}}}, // only NewSearchParams strips '?'
		{"a=b=c", []Param{{"a", "b=c"}}},
		{"a+b=c+d", []Param{{"a b", "c d"}}},
		{"%2B=%2b", []Param{{"+", "+"}}},
		{"a%26b=c%3Dd", []Param{{"a&b", "c=d"}}},
		{"%zz=%4", []Param{{"%zz", "%4"}}},
		// UTF-8 decoding replaces maximal subparts.
		{"%F0%9F%98", []Param{{"\ufffd", ""}}},
		{"%F0%9F%98A", []Param{{"\ufffdA", ""}}},
		{"%E0%80%80", []Param{{"\ufffd\ufffd\ufffd", ""}}},
		{"%ED%A0%80", []Param{{"\ufffd\ufffd\ufffd", ""}}}, // surrogate
		{"%F4%90%80%80", []Param{{"\ufffd\ufffd\ufffd\ufffd", ""}}},
		{"%C0%AF", []Param{{"\ufffd\ufffd", ""}}},
		{"%E2%82", []Param{{"\ufffd", ""}}},
		{"%E2%82%E2%82%AC", []Param{{"\ufffd\u20ac", ""}}},
		{"%EF%BF%BD", []Param{{"\ufffd", ""}}},
		// Raw bytes are the parser's bytes too.
		{"\xf0\x9f\x98=\xff", []Param{{"\ufffd", "\ufffd"}}},
		{"\xe2\x82%AC", []Param{{"\u20ac", ""}}},
		{"\U0001F600=\u00e9", []Param{{"\U0001F600", "\u00e9"}}},
	}
	for _, tt := range tests {
		got := ParseForm(tt.in)
		if !slices.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("ParseForm(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}

func TestParseFormSharesInput(t *testing.T) {
	in := "alpha=beta&%C3%A9=x+y"
	got := ParseForm(in)
	if !sameString(got[0].Name, in[0:5]) || !sameString(got[0].Value, in[6:10]) {
		t.Errorf("unchanged name/value was copied")
	}
	allocs := testing.AllocsPerRun(100, func() { ParseForm("a=1&b=2&c=3") })
	if allocs != 1 {
		t.Errorf("ParseForm of a plain query: %v allocations, want 1", allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { ParseForm("") }); allocs != 0 {
		t.Errorf("ParseForm(\"\"): %v allocations, want 0", allocs)
	}
}

// sameString reports whether a and b are the same bytes in memory.
func sameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

func TestSerializeForm(t *testing.T) {
	tests := []struct {
		in   []Param
		want string
	}{
		{nil, ""},
		{[]Param{{"", ""}}, "="},
		{[]Param{{"a", "b"}, {"c", ""}}, "a=b&c="},
		{[]Param{{"a b", "c+d"}}, "a+b=c%2Bd"},
		{[]Param{{"*-._", "~!'()"}}, "*-._=%7E%21%27%28%29"},
		{[]Param{{"&=?#%", "/:;@[]"}}, "%26%3D%3F%23%25=%2F%3A%3B%40%5B%5D"},
		{[]Param{{"\u00e9", "\U0001F600"}}, "%C3%A9=%F0%9F%98%80"},
		{[]Param{{"\xff", "a\xc3"}}, "%EF%BF%BD=a%EF%BF%BD"},
		{[]Param{{"\x00\x1f\x7f", "\t\n"}}, "%00%1F%7F=%09%0A"},
	}
	for _, tt := range tests {
		if got := SerializeForm(tt.in); got != tt.want {
			t.Errorf("SerializeForm(%+q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSerializeFormSizes: lists whose serialization is built in the
// stack buffer (serializeFormSmall) and those measured first
// (serializedFormLen), either side of the limit, with invalid UTF-8 that
// outgrows the stack buffer, serialize as the plain encoder of each
// name and value joined with "=" and "&" does.
func TestSerializeFormSizes(t *testing.T) {
	pieces := []string{"a", "b c", "\u00e9", "/", "\xff", "\xff\xfe\xfd", "~"}
	r := rand.New(rand.NewPCG(17, 3))
	limit := serializeStackSize / 3
	for _, size := range []int{1, 10, limit - 40, limit - 2, limit, limit + 1, limit + 200, 2 * serializeStackSize} {
		for range 30 {
			var list []Param
			for rawFormLen(list) < size {
				var name, value strings.Builder
				for range r.IntN(4) {
					name.WriteString(pieces[r.IntN(len(pieces))])
				}
				for range r.IntN(12) {
					value.WriteString(pieces[r.IntN(len(pieces))])
				}
				list = append(list, Param{name.String(), value.String()})
			}
			var want strings.Builder
			for i, p := range list {
				if i > 0 {
					want.WriteByte('&')
				}
				want.WriteString(FormEncode(p.Name) + "=" + FormEncode(p.Value))
			}
			if got := SerializeForm(list); got != want.String() {
				t.Fatalf("SerializeForm(%+q) = %q, want %q", list, got, want.String())
			}
		}
	}
}

// TestAppendFormEncoded: the serializer's own loop equals the module's
// encoder with the application/x-www-form-urlencoded set, on every byte
// and on random strings of ASCII, non-ASCII, U+FFFD and invalid UTF-8.
func TestAppendFormEncoded(t *testing.T) {
	var inputs []string
	for c := range 256 {
		inputs = append(inputs, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"\u00e9")
	}
	pieces := []string{"ab", " ", "+", "%", "~", "*-._", "\u00e9", "\uFFFD", "\U0001F600", "\xff", "\xe2\x82", "\xf0\x9f\x98", "\x80"}
	r := rand.New(rand.NewPCG(17, 4))
	for range 5000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	for _, in := range inputs {
		got := string(appendFormEncoded([]byte("x"), in))
		want := string(appendPercentEncodeUTF8([]byte("x"), in, FormURLEncodedSet, true))
		if got != want {
			t.Fatalf("appendFormEncoded(%+q) = %q, want %q", in, got, want)
		}
	}
}

func TestSerializeFormEncoding(t *testing.T) {
	tests := []struct {
		label string
		in    []Param
		want  string
	}{
		{"utf-8", []Param{{"a b", "\u00e9"}}, "a+b=%C3%A9"},
		{"utf-16le", []Param{{"a b", "\u00e9"}}, "a+b=%C3%A9"},
		{"windows-1252", []Param{{"a b", "\u00e9\u20ac"}}, "a+b=%E9%80"},
		{"windows-1252", []Param{{"x", "\u3042"}}, "x=%26%2312354%3B"},
		{"shift_jis", []Param{{"\u3042", "\u2212"}}, "%82%A0=%81%7C"},
		// Every name and value gets its own encoder: iso-2022-jp
		// returns to ASCII at the end of each.
		{"iso-2022-jp", []Param{{"\u3042", "\u3042"}}, "%1B%24B%24%22%1B%28B=%1B%24B%24%22%1B%28B"},
		{"gb18030", []Param{{"\ue5e5", ""}}, "%26%2358853%3B="},
		{"gbk", nil, ""},
	}
	for _, tt := range tests {
		if got := SerializeFormEncoding(tt.in, mustEncoding(t, tt.label)); got != tt.want {
			t.Errorf("SerializeFormEncoding(%+q, %s) = %q, want %q", tt.in, tt.label, got, tt.want)
		}
	}
	if got := SerializeFormEncoding([]Param{{"a", "\u00e9"}}, nil); got != "a=%C3%A9" {
		t.Errorf("nil encoding: %q", got)
	}
}

func TestFormEncode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abcXYZ019*-._", "abcXYZ019*-._"},
		{"a b", "a+b"},
		{"+", "%2B"},
		{"~", "%7E"},
		{"\u00e9", "%C3%A9"},
		{"\xff", "%EF%BF%BD"},
	}
	for _, tt := range tests {
		if got := FormEncode(tt.in); got != tt.want {
			t.Errorf("FormEncode(%+q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { FormEncode("plain.value") }); n != 0 {
		t.Errorf("FormEncode of a plain value: %v allocations", n)
	}
}

func FuzzParseForm(f *testing.F) {
	for _, s := range []string{"", "a=b&c=d", "a+b=%20%2B", "%F0%9F%98", "&&=&=x=y", "\xff\xfe=%", "%e2%82%ac+%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		list := ParseForm(in)
		for _, p := range list {
			if !utf8.ValidString(p.Name) || !utf8.ValidString(p.Value) {
				t.Fatalf("ParseForm(%q): invalid UTF-8 in %+q", in, p)
			}
		}
		ser := SerializeForm(list)
		if strings.ContainsFunc(ser, func(r rune) bool { return r >= utf8.RuneSelf || r <= ' ' }) {
			t.Fatalf("SerializeForm(%+q) = %q is not plain ASCII", list, ser)
		}
		again := ParseForm(ser)
		if len(list) == 0 && len(again) == 0 {
			return
		}
		if !slices.Equal(again, list) {
			t.Fatalf("round trip of %q: %+q -> %q -> %+q", in, list, ser, again)
		}
		sp := NewSearchParams(ser)
		if sp.String() != ser {
			t.Fatalf("NewSearchParams(%q).String() = %q", ser, sp.String())
		}
	})
}

// TestParseFormMemory: ParseForm keeps memory in proportion to the pairs
// it returns, not to the '&' in its input (it sized its slice by
// counting them: 1 MiB of '&' made 32 MiB for zero pairs).
func TestParseFormMemory(t *testing.T) {
	const n = 1 << 20
	for _, tc := range []struct {
		name  string
		input string
		pairs int
	}{
		{"ampersands", strings.Repeat("&", n), 0},
		{"two pairs among ampersands", "a=1" + strings.Repeat("&", n) + "b=2", 2},
		{"pairs", strings.Repeat("a&", n/2), n / 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Param
			b := cputime.Allocated(func() { got = ParseForm(tc.input) })
			if len(got) != tc.pairs {
				t.Fatalf("%d pairs, want %d", len(got), tc.pairs)
			}
			if limit := uint64(unsafe.Sizeof(Param{}))*uint64(tc.pairs) + 16<<10; b > limit {
				t.Errorf("%d bytes allocated for %d pairs, want at most %d", b, tc.pairs, limit)
			}
		})
	}
	if got := ParseForm("&&&"); got == nil || len(got) != 0 {
		t.Errorf(`ParseForm("&&&") = %#v, want an empty non-nil list as before`, got)
	}
	if got := ParseForm(""); got != nil {
		t.Errorf(`ParseForm("") = %#v, want nil`, got)
	}
}

// A realistic query: tracking parameters, a search phrase with spaces
// and non-ASCII text, a percent-encoded URL, repeated names.
const benchQuery = "q=golang+url+parser+%C3%BCber&hl=en&source=hp&ei=x9aLZf3kJ8OQ9u8P4Ia0-Ao" +
	"&redirect=https%3A%2F%2Fexample.com%2Fpath%3Fa%3D1%26b%3D2&utm_source=newsletter" +
	"&utm_medium=email&utm_campaign=spring_sale_2026&tag=go&tag=web&tag=whatwg&page=3&sort=relevance"

func BenchmarkParseForm(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchQuery)))
	for b.Loop() {
		ParseForm(benchQuery)
	}
}

func BenchmarkParseFormPlain(b *testing.B) {
	const q = "id=12345&lang=en&page=3&sort=relevance&view=list&limit=50"
	b.ReportAllocs()
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		ParseForm(q)
	}
}

func BenchmarkSerializeForm(b *testing.B) {
	params := ParseForm(benchQuery)
	b.ReportAllocs()
	b.SetBytes(int64(len(benchQuery)))
	for b.Loop() {
		SerializeForm(params)
	}
}

func BenchmarkSerializeFormEncoding(b *testing.B) {
	params := ParseForm(benchQuery)
	enc, err := lookupEncoding("shift_jis")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		SerializeFormEncoding(params, enc)
	}
}

// BenchmarkParseFormAmpersands parses 1 MiB of '&': zero pairs, so the
// memory kept must not grow with the input.
func BenchmarkParseFormAmpersands(b *testing.B) {
	in := strings.Repeat("&", 1<<20)
	reportAllocPerInputByte(b, len(in), func() { ParseForm(in) })
}

// TestFormPairs: the eight-bytes-at-a-time count equals the byte-by-byte
// count of pairs on every string of up to 10 bytes over '&', 'a' and
// '=', and on longer random ones.
func TestFormPairs(t *testing.T) {
	model := func(s string) int {
		n := 0
		for _, seq := range strings.Split(s, "&") {
			if seq != "" {
				n++
			}
		}
		return n
	}
	check := func(s string) {
		if got, want := formPairs(s), model(s); got != want {
			t.Fatalf("formPairs(%q) = %d, want %d", s, got, want)
		}
	}
	forEachString("&a=", 10, "&&aa=\xff", 60, 6, check)
}
