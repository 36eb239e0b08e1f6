package url

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/url/internal/ascii"
	"github.com/weburl/url/internal/cputime"
)

// idnaStep4Cases are domains with "xn--" labels, and what whatwg-url
// 17.3.0 (tr46 7.0.0) gives for them: ToASCII (beStrict false; "" for
// failure) and domain to Unicode (its result, and whether Unicode
// ToUnicode records an error: the result is then the domain unchanged,
// as the URL Standard has it since whatwg/url a8d5ca3).
// UTS #46 section 4 step 4: an "xn--" label must be ASCII, decode as
// Punycode into a label that is neither empty nor all ASCII, and must
// not decode into a label that starts with "xn--" (validity criterion
// 4). golang.org/x/net/idna misses the first, the empty case and the
// last (golang/go#81549, #81116).
var idnaStep4Cases = []struct {
	domain    string
	ascii     string
	unicode   string
	unicodeOK bool
}{
	// An empty Punycode label.
	{"☃.xn--", "", "☃.xn--", false},
	{"☃.XN--", "", "☃.XN--", false},
	{"☃.ｘｎ－－", "", "☃.ｘｎ－－", false},             // full-width letters map to "xn--"
	{"x\u00adn--.☃", "", "x\u00adn--.☃", false}, // U+00AD is ignored
	{"☃。xn--", "", "☃。xn--", false},             // U+3002 separates labels
	{"xn--.☃", "", "xn--.☃", false},
	{"☃.xn\uFE63\uFF0D", "", "☃.xn\uFE63\uFF0D", false}, // small and full-width hyphen-minus map to '-'
	// An "xn--" label holding non-ASCII stays as it is.
	{"xn--mnchenß-3ya", "", "xn--mnchenß-3ya", false},
	{"a.xn--mnchenß-3ya", "", "a.xn--mnchenß-3ya", false},
	{"ü.xn--mnchenß-3ya", "", "ü.xn--mnchenß-3ya", false},
	{"xn\uFF0D-mnchenß-3ya", "", "xn\uFF0D-mnchenß-3ya", false},
	// A label that decodes into one starting with "xn--".
	{"☃.xn--xn---3ra", "", "☃.xn--xn---3ra", false},
	{"☃．xn--xn---3ra", "", "☃．xn--xn---3ra", false},
	// Other failures, already caught before.
	// The URL Standard's own example: "xn--8i7caa" decodes to "ｗｗｗ",
	// whose code points are mapped, not valid.
	{"xn--8i7caa", "", "xn--8i7caa", false},
	{"☃.xn--abc-", "", "☃.xn--abc-", false},
	{"☃.xn---", "", "☃.xn---", false},
	// Valid "xn--" labels.
	{"ü.xn--tda", "xn--tda.xn--tda", "ü.ü", true},
	{"☃.xn--n3h", "xn--n3h.xn--n3h", "☃.☃", true},
	{"Ｘn--n3h.☃", "xn--n3h.xn--n3h", "☃.☃", true},
	{"xn\uFE63\uFF0Dn3h.☃", "xn--n3h.xn--n3h", "☃.☃", true},
	{"xn--zca.ß", "xn--zca.xn--zca", "ß.ß", true},
	{"xn--nxasmq6b.com", "xn--nxasmq6b.com", "βόλοσ.com", true},
	// A label that decodes to 1,025 code points: no length limit
	// (golang.org/x/net/idna refuses to decode more than 1,024).
	{"é." + longACELabel, "xn--9ca." + longACELabel, "é." + strings.Repeat("é", 1025), true},
	{longACELabel, longACELabel, strings.Repeat("é", 1025), true},
	{"é." + longACELabel + "-", "", "é." + longACELabel + "-", false},
}

// longACELabel is the Punycode label of 1,025 U+00E9 (whatwg-url's
// punycode.js: "9ca" and 1,024 "a").
var longACELabel = "xn--9ca" + strings.Repeat("a", 1024)

func TestIDNAStep4(t *testing.T) {
	cases := idnaStep4Cases
	if unicode16 {
		// U+1E9E maps to U+00DF from Unicode 15.1 on, to "ss" before:
		// the label is then all ASCII, and valid.
		cases = append(cases, struct {
			domain    string
			ascii     string
			unicode   string
			unicodeOK bool
		}{"xn--mnchenẞ-3ya", "", "xn--mnchenẞ-3ya", false})
	}
	for _, tc := range cases {
		t.Run(tc.domain, func(t *testing.T) {
			got, ok := uts46ToASCII(tc.domain)
			if want := tc.ascii != ""; ok != want || ok && got != tc.ascii {
				t.Errorf("Unicode ToASCII = %q, %v; want %q, %v", got, ok, tc.ascii, want)
			}
			if !isASCII(tc.domain) {
				got, err := ToASCII(tc.domain)
				if tc.ascii == "" && (err == nil || !errors.Is(err, DomainToASCII)) {
					t.Errorf("ToASCII = %q, %v; want a domain-to-ASCII error", got, err)
				}
				if tc.ascii != "" && (err != nil || got != tc.ascii) {
					t.Errorf("ToASCII = %q, %v; want %q", got, err, tc.ascii)
				}
			}
			u, err := ToUnicode(tc.domain)
			if u != tc.unicode || (err == nil) != tc.unicodeOK {
				t.Errorf("ToUnicode = %q, %v; want %q, error %v", u, err, tc.unicode, !tc.unicodeOK)
			}
			if err != nil && !errors.Is(err, ErrToUnicode) {
				t.Errorf("ToUnicode error %v is not ErrToUnicode", err)
			}
		})
	}
}

// TestIDNASameAsXNet: apart from the "xn--" labels it rejects besides,
// uts46ToASCII gives exactly x/net/idna's ToASCII, on every input of
// WPT's toascii.json and IdnaTestV2.json, on their labels joined to
// long ones, and on hosts of long labels.
func TestIDNASameAsXNet(t *testing.T) {
	var inputs []string
	for _, file := range []string{"toascii.json", "IdnaTestV2.json"} {
		var raw []json.RawMessage
		loadJSON(t, filepath.Join(wptDir(t), file), &raw)
		for _, r := range objects(t, raw) {
			var tc toASCIICase
			if err := json.Unmarshal(r, &tc); err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, tc.Input)
		}
	}
	n := len(inputs)
	for i := 0; i+2 < n; i += 3 {
		inputs = append(inputs, inputs[i]+"."+inputs[i+1]+"\u3002"+inputs[i+2])
		inputs = append(inputs, strings.Repeat(inputs[i], 40))
	}
	inputs = append(inputs,
		distinctIdeographs(3000), "a."+distinctIdeographs(3000)+".b",
		strings.Repeat("ü", 2000)+".com", strings.Repeat("ß\u200c", 300),
		strings.Repeat("é", 1500)+"\U0010FFFD", // overflow
	)
	for _, in := range inputs {
		if !utf8.ValidString(in) {
			continue
		}
		got, ok := uts46ToASCII(in)
		want, err := idnaProfile.ToASCII(in)
		if err == nil && !checkACELabels(in, nil) {
			if ok {
				t.Errorf("%.60q: accepted, but fails UTS #46 step 4", in)
			}
			continue
		}
		if ok != (err == nil) || ok && got != want {
			t.Errorf("%.60q: %.60q, %v; x/net/idna %.60q, %v", in, got, ok, want, err)
		}
	}
}

// TestLabelSeparators checks, for every code point, what checkACELabels
// relies on: only U+002E, U+3002, U+FF0E and U+FF61 map to something
// holding a full stop, only U+002D, U+FE63 and U+FF0D to something
// holding a hyphen-minus, and mapping "0" followed by a code point gives
// "0" followed by the code point's mapping (no mapping or composition
// involves the "0").
func TestLabelSeparators(t *testing.T) {
	if testing.Short() {
		t.Skip("every code point")
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		s := string(r)
		m, _ := idnaProfile.ToUnicode(s)
		sep := r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
		if strings.Contains(m, ".") != sep {
			t.Errorf("%U maps to %q", r, m)
		}
		if hyphen := r == '-' || r == 0xFE63 || r == 0xFF0D; strings.Contains(m, "-") != hyphen {
			t.Errorf("%U maps to %q", r, m)
		}
		if sep {
			continue
		}
		if m0, _ := idnaProfile.ToUnicode("0" + s); m0 != "0"+m {
			t.Errorf("%U maps to %q, but 0 and %U to %q", r, m, r, m0)
		}
		if label, rest, found := cutLabel("a" + s + "b"); found || label != "a"+s+"b" || rest != "" {
			t.Errorf("cutLabel cuts at %U", r)
		}
	}
	for c := byte(0); c < utf8.RuneSelf; c++ {
		if c == '.' {
			continue
		}
		if m, _ := idnaProfile.ToUnicode(string(c)); m != ascii.Lower(string(c)) {
			t.Errorf("%q maps to %q", c, m)
		}
	}
	for _, sep := range []string{".", "\u3002", "\uFF0E", "\uFF61"} {
		if label, rest, found := cutLabel("ab" + sep + "c"); !found || label != "ab" || rest != "c" {
			t.Errorf("cutLabel(%q) = %q, %q, %v", "ab"+sep+"c", label, rest, found)
		}
	}
}

// TestBidiRuleOnMappedLabels checks domain to ASCII's Bidi rule on the
// mapped labels (UTS #46 section 4.1, criterion 8), which x/net/idna
// skips when the code point that maps to a right-to-left letter is
// itself left-to-right (U+2135..U+2138). The URL-level cases are in
// testdata/urltestdata-weburl.json.
func TestBidiRuleOnMappedLabels(t *testing.T) {
	for _, tc := range []struct {
		domain, want string // want "" for failure
		rule         string
	}{
		{"a\u2135b", "", "U+2135 maps to U+05D0 (R) in an L label"},
		{"x.\u2137b", "", "U+2137 maps to U+05D2 (R), then L 'b' in an RTL label"},
		{"\u2135", "xn--4db", "U+05D0 alone is a valid RTL label"},
		{"\u2138.com", "xn--7db.com", "an RTL label beside an LTR label"},
		{"a\u05d0b", "", "the unmapped letter: x/net/idna already rejects it"},
		{"\u00e9.com", "xn--9ca.com", "no Bidi domain: nothing to check"},
	} {
		got, err := ToASCII(tc.domain)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ToASCII(%+q) = %q, want failure (%s)", tc.domain, got, tc.rule)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ToASCII(%+q) = %q, %v; want %q (%s)", tc.domain, got, err, tc.want, tc.rule)
		}
	}
}

// TestBidiRuleLongLabel: a label of thousands of distinct code points,
// whose Punycode x/net/idna encodes but refuses to decode, still parses:
// the Bidi re-check must not reject what it cannot decode.
func TestBidiRuleLongLabel(t *testing.T) {
	var b strings.Builder
	for r := rune(0x4E00); r < 0x4E00+2048; r++ {
		b.WriteRune(r)
	}
	want, err := idnaProfile.ToASCII(b.String())
	if err != nil {
		t.Fatal(err)
	}
	u, err := Parse("https://" + b.String() + "/")
	if err != nil {
		t.Fatalf("2048 distinct CJK code points: %v", err)
	}
	if u.Hostname() != want {
		t.Fatalf("2048 distinct CJK code points: hostname of %d bytes, want the %d of ToASCII", len(u.Hostname()), len(want))
	}
}

// idnInputs are URLs with internationalized hosts of the kinds the
// harness's idn workload holds (../shared/tools/perf-ada/workloads.py).
var idnInputs = []string{
	"https://www.עברית.co.il/~aria/",
	"https://www.straße.de/yds/",
	"https://中国互联网络信息中心.中国/products/finder/us/finders?pg=trfinder",
	"https://sörmland.se/~dloucks/gaming/hacker.htm",
	"https://MÜNCHEN.de/a",
	"https://правительство.рф/",
	"https://παράδειγμα.δοκιμή/x?y",
	"https://مثال.إختبار/",
}

// BenchmarkParseIDN parses URLs with internationalized hosts (IDNA
// mapping and Punycode), one op per URL.
func BenchmarkParseIDN(b *testing.B) {
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, s := range idnInputs {
			u, _ := Parse(s)
			n += len(u.Href())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idnInputs)), "ns/url")
	b.StopTimer()
	// The least thread CPU time of 100 runs of 50 passes (a run starts
	// after a garbage collection, with cold caches): steadier than
	// ns/url on a busy machine.
	best := cputime.Best(100, func() {
		for range 50 {
			for _, s := range idnInputs {
				u, _ := Parse(s)
				n += len(u.Href())
			}
		}
	})
	b.ReportMetric(float64(best.Nanoseconds())/float64(50*len(idnInputs)), "cpu-ns/url")
	b.ReportMetric(float64(testing.AllocsPerRun(1, func() {
		for _, s := range idnInputs {
			Parse(s)
		}
	}))/float64(len(idnInputs)), "allocs/url")
}

// TestShortASCIIForm: the host parser's one-pass encoding of a short
// mapped domain on its stack (appendShortASCIIForm) writes what
// appendASCIIForm writes, and declines a label of more than punySmall
// code points.
func TestShortASCIIForm(t *testing.T) {
	for _, d := range []string{"münchen.de", "例え.jp", "правительство.рф", "παράδειγμα.δοκιμή", "مثال.إختبار", "a.ü.b", "ü", "aü-b.c", strings.Repeat("ü", punySmall)} {
		t.Run(d, func(t *testing.T) {
			var e punyEncoder
			u, n, ok := uts46Map(d, &e)
			if !ok {
				t.Fatalf("uts46Map(%q) failed", d)
			}
			want := e.asciiFormString(u, n)
			got, ok := appendShortASCIIForm(nil, u)
			if !ok || string(got) != want {
				t.Errorf("appendShortASCIIForm(%q) = %q, %v; want %q", u, got, ok, want)
			}
		})
	}
	if _, ok := appendShortASCIIForm(nil, strings.Repeat("ü", punySmall+1)); ok {
		t.Errorf("a label of %d code points was encoded", punySmall+1)
	}
}

// TestToASCIIStrict: the domain parser ToASCII with beStrict true
// (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set), whose
// failure is the domain-to-ASCII validation error, at each of its
// rules' edges. The results agree with whatwg-url 17.3.0's tr46.
func TestToASCIIStrict(t *testing.T) {
	label63 := strings.Repeat("a", 63)
	for _, tc := range []struct {
		domain, want string // want "" for failure
	}{
		{"example.com", "example.com"},
		{"EXAMPLE.com", "example.com"}, // mapped to lower case first
		{"b\u00fccher.example", "xn--bcher-kva.example"},
		{"_dmarc.example.com", ""}, // "_": UseSTD3ASCIIRules
		{"a b", ""},                // a space: UseSTD3ASCIIRules
		{"\u2474.com", ""},         // maps to "(1)": UseSTD3ASCIIRules after mapping
		{"a-.com", ""},             // ends with "-": CheckHyphens
		{"-a.com", ""},             // starts with "-"
		{"ab--c.com", ""},          // "--" third and fourth
		{"a--b.com", "a--b.com"},   // "--" second and third
		{"\u00e9b--c.com", ""},     // the third code point, not byte
		{"xn--bcher-kva.example", "xn--bcher-kva.example"},
		{label63 + ".com", label63 + ".com"}, // 63 bytes: VerifyDnsLength
		{label63 + "a.com", ""},              // 64 bytes
		{strings.Repeat("a.", 126) + "a", strings.Repeat("a.", 126) + "a"}, // 253 bytes
		{strings.Repeat("a.", 126) + "ab", ""},                             // 254 bytes
		{"example.com.", ""},                                               // the empty root label (as tr46)
		{"a..b", ""},                                                       // an empty label
		{"", ""},
		{"xn--8i7caa", ""}, // fails the non-strict ToASCII too
	} {
		t.Run(tc.domain, func(t *testing.T) {
			got, ok := uts46ToASCIIStrict(tc.domain)
			if want := tc.want != ""; ok != want || ok && got != tc.want {
				t.Errorf("uts46ToASCIIStrict(%q) = %q, %v; want %q, %v", tc.domain, got, ok, tc.want, want)
			}
		})
	}
}

// uts46ToASCII is Unicode ToASCII (a test helper: the parser calls
// uts46Map itself) with the URL Standard's flags
// (beStrict false; see idnaProfile). ok is false when it records an
// error; the result is then meaningless.
func uts46ToASCII(domain string) (string, bool) {
	var e punyEncoder
	u, n, ok := uts46Map(domain, &e)
	if !ok {
		return "", false
	}
	return e.asciiFormString(u, n), true
}
