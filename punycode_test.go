package url

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/weburl/url/internal/cputime"
)

// punycodeSamples are the sample strings of RFC 3492 section 7.1, as
// code points and their Punycode encoding. The encoder copies basic
// code points as they are and writes digits in lower case; sample (I)
// has an upper-case D from the RFC's mixed-case annotation, which the
// decoder ignores, so it is listed as the RFC has it (decoded) and in
// lower case (encoded).
var punycodeSamples = []struct {
	name    string
	runes   []rune
	encoded string
}{
	{"(A) Arabic (Egyptian)", []rune{0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F},
		"egbpdaj6bu4bxfgehfvwxn"},
	{"(B) Chinese (simplified)", []rune{0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587},
		"ihqwcrb4cv8a8dqg056pqjye"},
	{"(C) Chinese (traditional)", []rune{0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587},
		"ihqwctvzc91f659drss3x8bo0yb"},
	{"(D) Czech", []rune{0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B, 0x006E, 0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073, 0x006B, 0x0079},
		"Proprostnemluvesky-uyb24dma41a"},
	{"(E) Hebrew", []rune{0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0, 0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA},
		"4dbcagdahymbxekheh6e0a7fei0b"},
	{"(F) Hindi (Devanagari)", []rune{0x092F, 0x0939, 0x0932, 0x094B, 0x0917, 0x0939, 0x093F, 0x0928, 0x094D, 0x0926, 0x0940, 0x0915, 0x094D, 0x092F, 0x094B, 0x0902, 0x0928, 0x0939, 0x0940, 0x0902, 0x092C, 0x094B, 0x0932, 0x0938, 0x0915, 0x0924, 0x0947, 0x0939, 0x0948, 0x0902},
		"i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
	{"(G) Japanese (kanji and hiragana)", []rune{0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71, 0x3057, 0x3066, 0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B},
		"n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
	{"(H) Korean (Hangul syllables)", []rune{0xC138, 0xACC4, 0xC758, 0xBAA8, 0xB4E0, 0xC0AC, 0xB78C, 0xB4E4, 0xC774, 0xD55C, 0xAD6D, 0xC5B4, 0xB97C, 0xC774, 0xD574, 0xD55C, 0xB2E4, 0xBA74, 0xC5BC, 0xB9C8, 0xB098, 0xC88B, 0xC744, 0xAE4C},
		"989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
	{"(I) Russian (Cyrillic)", []rune{0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D, 0x0438, 0x043D, 0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442, 0x043F, 0x043E, 0x0440, 0x0443, 0x0441, 0x0441, 0x043A, 0x0438},
		"b1abfaaepdrnnbgefbadotcwatmq2g4l"},
	{"(J) Spanish", []rune("PorquénopuedensimplementehablarenEspañol"),
		"PorqunopuedensimplementehablarenEspaol-fmd56a"},
	{"(K) Vietnamese", []rune{0x0054, 0x1EA1, 0x0069, 0x0073, 0x0061, 0x006F, 0x0068, 0x1ECD, 0x006B, 0x0068, 0x00F4, 0x006E, 0x0067, 0x0074, 0x0068, 0x1EC3, 0x0063, 0x0068, 0x1EC9, 0x006E, 0x00F3, 0x0069, 0x0074, 0x0069, 0x1EBF, 0x006E, 0x0067, 0x0056, 0x0069, 0x1EC7, 0x0074},
		"TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
	{"(L) 3<nen>B<gumi><kinpachi><sensei>", []rune{0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F},
		"3B-ww4c5e180e575a65lsy2b"},
	{"(M) <amuro><namie>-with-SUPER-MONKEYS", []rune("安室奈美恵-with-SUPER-MONKEYS"),
		"-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
	{"(N) Hello-Another-Way-<sorezore><no><basho>", []rune("Hello-Another-Way-それぞれの場所"),
		"Hello-Another-Way--fc4qua05auwb3674vfr0b"},
	{"(O) <hitotsu><yane><no><shita>2", []rune("ひとつ屋根の下2"),
		"2-u9tlzr9756bt3uc0v"},
	{"(P) Maji<de>Koi<suru>5<byou><mae>", []rune("MajiでKoiする5秒前"),
		"MajiKoi5-783gue6qz075azm5e"},
	{"(Q) <pafii>de<runba>", []rune("パフィーdeルンバ"),
		"de-jg4avhby1noc0d"},
	{"(R) <sono><supiido><de>", []rune("そのスピードで"),
		"d9juau41awczczp"},
	{"(S) -> $1.00 <-", []rune("-> $1.00 <-"),
		"-> $1.00 <--"},
}

func TestPunycodeRFC3492(t *testing.T) {
	for _, tc := range punycodeSamples {
		t.Run(tc.name, func(t *testing.T) {
			label := string(tc.runes)
			got, ok := appendPunycode(nil, label)
			if !ok || string(got) != tc.encoded {
				t.Errorf("encode(%q) = %q, %v; want %q", label, got, ok, tc.encoded)
			}
			dec, ok := decodePunycode(tc.encoded)
			if !ok || dec != label {
				t.Errorf("decode(%q) = %q, %v; want %q", tc.encoded, dec, ok, label)
			}
		})
	}
	// The RFC writes (I) with a capital D (an annotation): decoding
	// ignores the case of digits.
	if dec, ok := decodePunycode("b1abfaaepdrnnbgefbaDotcwatmq2g4l"); !ok || dec != string(punycodeSamples[8].runes) {
		t.Errorf("decode of RFC 3492 (I) = %q, %v", dec, ok)
	}
}

// TestPunycodeAgreesWithXNet compares the encoder with x/net/idna's on
// the RFC samples and on long labels (where x/net/idna's quadratic
// encoder is still quick enough), and both directions on inputs that
// must fail.
func TestPunycodeAgreesWithXNet(t *testing.T) {
	labels := []string{
		"bücher", "ü", "aü", "üa", "ßüß", "a-b-ü", "-ü", "ü-",
		strings.Repeat("ü", 100) + strings.Repeat("a", 100),
		distinctIdeographs(2000),
		strings.Repeat("语言", 500) + strings.Repeat("x", 300) + "\U0010FFFD",
		"\U0010FFFD" + strings.Repeat("a", 2000), // overflows: (0x10FFFD-0x80)*2001 > 2^31-1
		"\U0010FFFD" + strings.Repeat("a", 1900), // does not
		strings.Repeat("é\U0010FFFD", 2000),      // overflows in the second round
	}
	for _, tc := range punycodeSamples {
		labels = append(labels, strings.ToLower(string(tc.runes)))
	}
	for _, label := range labels {
		if strings.Contains(label, ".") {
			continue
		}
		want, err := idna.Punycode.ToASCII(label)
		got, ok := appendPunycode([]byte("xn--"), label)
		if ok != (err == nil) || ok && string(got) != want {
			t.Errorf("encode(%.40q...): %.60q, %v; x/net/idna: %.60q, %v", label, got, ok, want, err)
		}
	}
	for _, enc := range []string{
		"", "-", "--", "a", "a-", "-a", "99999999999", "zzzzzzzzzz",
		"a-ó", "ls8h=", "tda", "ZCA", "egbpdaj6bu4bxfgehfvwxn",
		"mnchen-3ya", "3-b", "0", "ww4c5e180e575a65lsy2b",
		"1q32g",        // U+110000, above U+10FFFF
		"ib9b",         // U+D800, a surrogate
		"hb9b", "0y0c", // U+D7FF and U+E000 around it
	} {
		got, ok := decodePunycode(enc)
		want, err := idna.Punycode.ToUnicode("xn--" + enc)
		switch {
		case !ok && err == nil && strings.ContainsRune(want, utf8.RuneError):
			// A surrogate: x/net/idna turns it into U+FFFD, which UTS #46
			// rejects later; here decoding fails at once.
		case ok && isASCII(got):
			// x/net/idna rejects an all-ASCII result right away (unless
			// empty); the decoding itself is fine.
			if got != "" && err == nil {
				t.Errorf("decode(%q) = %q: x/net/idna accepts it", enc, got)
			}
		case ok != (err == nil) || ok && got != want:
			t.Errorf("decode(%q) = %q, %v; x/net/idna: %q, %v", enc, got, ok, want, err)
		}
	}
}

// TestPunycodeRoundTrip encodes and decodes long labels of every shape:
// repeated and distinct code points, basic ones mixed in, in
// ascending, descending and scrambled order.
func TestPunycodeRoundTrip(t *testing.T) {
	desc := []rune(distinctIdeographs(8000))
	for i, j := 0, len(desc)-1; i < j; i, j = i+1, j-1 {
		desc[i], desc[j] = desc[j], desc[i]
	}
	scrambled := make([]rune, 0, 3000)
	for i := range 3000 {
		scrambled = append(scrambled, 0x4E00+rune(i*7919%20000), rune('a'+i%26))
	}
	for _, label := range []string{
		"", "a", "abc", "ü", distinctIdeographs(64 << 10), string(desc), string(scrambled),
		strings.Repeat("ab\u00e9\u4e00", 5000),
		strings.Repeat("\U00010000", 3000) + "x",
	} {
		enc, ok := appendPunycode(nil, label)
		if !ok {
			t.Errorf("encode(%.30q...) failed", label)
			continue
		}
		if !isASCII(string(enc)) {
			t.Errorf("encode(%.30q...) = %.30q...: not ASCII", label, enc)
		}
		if dec, ok := decodePunycode(string(enc)); !ok || dec != label {
			t.Errorf("decode(encode(%.30q...)) = %.30q..., %v", label, dec, ok)
		}
	}
}

// encodeGrouped encodes label with groups of g code points (see
// punyEncoder), and checks that counting gives the length it writes.
func encodeGrouped(t *testing.T, label string, g int) (string, bool) {
	t.Helper()
	e := punyEncoder{}
	ok := e.encode(label, g)
	c := punyEncoder{count: true}
	if cok := c.encode(label, g); cok != ok || ok && c.n != len(e.out) {
		t.Fatalf("group size %d: %.30q... counts %d, %v; writes %d, %v", g, label, c.n, cok, len(e.out), ok)
	}
	return string(e.out), ok
}

// TestPunycodeGroups: the encoder gives the same result whatever the
// size of its groups, down to one code point, so with a value spread
// over several groups, values with more occurrences than a group holds
// (encoded in one scan each), and buckets of the histogram split into
// values; and fails on the same labels.
func TestPunycodeGroups(t *testing.T) {
	scrambled := make([]rune, 0, 3000)
	for i := range 3000 {
		scrambled = append(scrambled, 0x4E00+rune(i*7919%20000), rune('a'+i%26))
	}
	labels := []string{
		"", "a", "ü", "bücher", "aü", "üa", "ßüß", "a-b-ü", "-ü", "ü-",
		strings.Repeat("ü", 100) + strings.Repeat("a", 100),
		distinctIdeographs(3000), string(scrambled),
		strings.Repeat("ab\u00e9\u4e00", 500),
		strings.Repeat("\u00e9", 700) + strings.Repeat("\u00e8\u00ea\u0100", 50) + "z",
		strings.Repeat("\U00010000", 300) + "x" + distinctIdeographs(400),
		"\U0010FFFD" + strings.Repeat("a", 2000), // overflows
		"\U0010FFFD" + strings.Repeat("a", 1900),
		strings.Repeat("é\U0010FFFD", 2000), // overflows in the second round
		"\xff\xfe" + strings.Repeat("\u00e9\xff", 40),
	}
	for _, tc := range punycodeSamples {
		labels = append(labels, string(tc.runes))
	}
	for _, label := range labels {
		want, wantOK := encodeGrouped(t, label, 0)
		for _, g := range []int{1, 2, 3, 7, 64, 1000} {
			if got, ok := encodeGrouped(t, label, g); ok != wantOK || got != want {
				t.Errorf("group size %d: encode(%.30q...) = %.40q..., %v; want %.40q..., %v", g, label, got, ok, want, wantOK)
			}
		}
	}
}

// FuzzPunycode checks decode(encode(x)) == x for any valid UTF-8 x, and
// that short inputs give the result of golang.org/x/net/idna's encoder;
// for any string, that a successful decoding encodes and decodes back
// to itself.
func FuzzPunycode(f *testing.F) {
	for _, tc := range punycodeSamples {
		f.Add(string(tc.runes))
		f.Add(tc.encoded)
	}
	f.Add("xn--mnchen-3ya")
	f.Add("\U0010FFFD" + strings.Repeat("a", 2000))
	f.Fuzz(func(t *testing.T, s string) {
		if utf8.ValidString(s) {
			enc, ok := appendPunycode(nil, s)
			for _, g := range []int{1, 3} {
				if got, gok := encodeGrouped(t, s, g); gok != ok || gok && got != string(enc) {
					t.Fatalf("group size %d: encode(%q) = %q, %v; want %q, %v", g, s, got, gok, enc, ok)
				}
			}
			if ok {
				if dec, ok := decodePunycode(string(enc)); !ok || dec != s {
					t.Fatalf("decode(encode(%q)) = %q, %v", s, dec, ok)
				}
			}
			// x/net/idna's Punycode profile encodes a label that is not
			// ASCII, holds no dot and does not start with "xn--" (which
			// it would decode instead). From Unicode 16 on, it refuses
			// U+FFFD.
			if len(s) <= 64 && !isASCII(s) && !strings.Contains(s, ".") && !strings.HasPrefix(s, "xn--") &&
				!(unicode16 && strings.ContainsRune(s, utf8.RuneError)) {
				want, err := idna.Punycode.ToASCII(s)
				got, ok := appendPunycode([]byte("xn--"), s)
				if ok != (err == nil) || ok && string(got) != want {
					t.Fatalf("encode(%q) = %q, %v; x/net/idna: %q, %v", s, got, ok, want, err)
				}
			}
		}
		if dec, ok := decodePunycode(s); ok {
			enc, ok := appendPunycode(nil, dec)
			if !ok {
				t.Fatalf("decode(%q) = %q, which does not encode", s, dec)
			}
			if again, ok := decodePunycode(string(enc)); !ok || again != dec {
				t.Fatalf("decode(%q) = %q, encodes to %q, decodes to %q", s, dec, enc, again)
			}
		}
	})
}

// idnDomains are the 32 domains of perf-ada's idn workload
// (../shared/tools/perf-ada/workloads.py), in Unicode form.
var idnDomains = []string{
	"ไทย.ไทย", "пример.испытание", "مثال.إختبار", "παράδειγμα.δοκιμή", "日本語.jp", "उदाहरण.परीक्षा",
	"президент.рф", "한국인터넷진흥원.한국", "עברית.co.il", "maß.de", "中国互联网络信息中心.中国", "sörmland.se",
	"例子.测试", "bücher.example", "españa.com", "académie-française.fr", "zürich.ch", "düsseldorf.de",
	"türkiye.com.tr", "москва.рф", "例え.jp", "україна.укр", "東京.jp", "øl.no", "café.fr", "ドメイン名例.jp",
	"ñandú.com.ar", "правительство.рф", "köln.de", "münchen.de", "straße.de", "bücher.de",
}

// BenchmarkShortASCIIForm encodes the idn workload's domains with
// appendShortASCIIForm, one op per domain.
func BenchmarkShortASCIIForm(b *testing.B) {
	var buf [256]byte
	n := 0
	for b.Loop() {
		for _, d := range idnDomains {
			out, _ := appendShortASCIIForm(buf[:0], d)
			n += len(out)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idnDomains)), "ns/domain")
}

// BenchmarkUTS46FastASCII runs the UTS #46 shortcut (and the Punycode
// encoding) on the idn workload's domains, one op per domain.
func BenchmarkUTS46FastASCII(b *testing.B) {
	var buf [256]byte
	n := 0
	for b.Loop() {
		for _, d := range idnDomains {
			out, _, _ := appendUTS46FastASCII(buf[:0], d)
			n += len(out)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idnDomains)), "ns/domain")
	b.StopTimer()
	// The least thread CPU time of 100 runs of 50 passes (a run starts
	// after a garbage collection, with cold caches): steadier than
	// ns/domain on a busy machine.
	best := cputime.Best(100, func() {
		for range 50 {
			for _, d := range idnDomains {
				out, _, _ := appendUTS46FastASCII(buf[:0], d)
				n += len(out)
			}
		}
	})
	b.ReportMetric(float64(best.Nanoseconds())/float64(50*len(idnDomains)), "cpu-ns/domain")
}
