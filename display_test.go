package url

import (
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// displayTests: input (parsed with Parse), options, and what Display
// shows. Each row names the rule it tests.
var displayTests = []struct {
	name  string
	input string
	opts  DisplayOptions
	want  string
}{
	// URL Standard 4.8.1: credentials are not rendered, they read as a host.
	{"credentials hidden", "https://examplecorp.com@attacker.example/", DisplayOptions{}, "https://attacker.example/"},
	{"password hidden", "https://user:secret@example.com/", DisplayOptions{}, "https://example.com/"},
	{"credentials shown on request", "https://examplecorp.com@attacker.example/", DisplayOptions{ShowCredentials: true}, "https://examplecorp.com@attacker.example/"},
	{"password shown on request", "https://us%20er:p%40ss@example.com/", DisplayOptions{ShowCredentials: true}, "https://us%20er:p%40ss@example.com/"},
	{"only a password shown on request", "https://:pw@example.com/", DisplayOptions{ShowCredentials: true}, "https://:pw@example.com/"},
	// 4.8.1: only the host, where host and path must not be confused.
	{"host only", "https://examplecorp.attacker.com/examplecorp.com/login", DisplayOptions{Mode: DisplayHost}, "examplecorp.attacker.com"},
	{"host only drops the port", "https://example.com:8443/x", DisplayOptions{Mode: DisplayHost}, "example.com"},
	{"host only, no host", "mailto:someone@example.com", DisplayOptions{Mode: DisplayHost}, ""},
	{"origin only", "https://user@example.com:8443/a/b?q#f", DisplayOptions{Mode: DisplayOrigin}, "https://example.com:8443"},
	{"origin only, no host", "mailto:someone@example.com", DisplayOptions{Mode: DisplayOrigin}, "mailto:"},
	{"origin only, file", "file:///etc/passwd", DisplayOptions{Mode: DisplayOrigin}, "file://"},
	// 4.8.1: the scheme may be left out where only http(s) is shown.
	{"omit https", "https://example.com/a", DisplayOptions{OmitScheme: true}, "example.com/a"},
	{"omit http", "http://example.com/a", DisplayOptions{OmitScheme: true}, "example.com/a"},
	{"omit scheme keeps ftp", "ftp://example.com/a", DisplayOptions{OmitScheme: true}, "ftp://example.com/a"},
	{"omit scheme keeps javascript", "javascript:alert(1)", DisplayOptions{OmitScheme: true}, "javascript:alert(1)"},
	{"omit scheme keeps data", "data:text/plain,hi", DisplayOptions{OmitScheme: true}, "data:text/plain,hi"},
	// 4.8.1: a leading www label may be left out.
	{"omit www", "https://www.example.com/", DisplayOptions{OmitWWW: true}, "https://example.com/"},
	{"omit www below a multi-label suffix", "https://www.example.co.uk/", DisplayOptions{OmitWWW: true}, "https://example.co.uk/"},
	{"omit www keeps www.com", "https://www.com/", DisplayOptions{OmitWWW: true}, "https://www.com/"},
	{"omit www keeps www.co.uk", "https://www.co.uk/", DisplayOptions{OmitWWW: true}, "https://www.co.uk/"},
	{"omit www keeps www2", "https://www2.example.com/", DisplayOptions{OmitWWW: true}, "https://www2.example.com/"},
	{"omit www keeps an IP", "https://1.2.3.4/", DisplayOptions{OmitWWW: true}, "https://1.2.3.4/"},
	{"omit www with a Unicode host", "https://www.bücher.de/", DisplayOptions{OmitWWW: true, Mode: DisplayHost}, "bücher.de"},
	{"omit trailing slash", "https://example.com/", DisplayOptions{OmitTrailingSlash: true}, "https://example.com"},
	{"omit trailing slash keeps a query", "https://example.com/?", DisplayOptions{OmitTrailingSlash: true}, "https://example.com/?"},
	{"omit trailing slash keeps a path", "https://example.com/a/", DisplayOptions{OmitTrailingSlash: true}, "https://example.com/a/"},
	// 4.8.2: elision for tight space keeps the registrable domain.
	{"elide host labels (spec example)", "https://examplecorp.com.evil.com/login", DisplayOptions{MaxLength: 21}, "https://…com.evil.com"},
	{"elide host down to the registrable domain", "https://examplecorp.com.evil.com/login", DisplayOptions{MaxLength: 20}, "https://…evil.com"},
	{"registrable domain never cut (spec example)", "https://not-really-examplecorp.com/", DisplayOptions{MaxLength: 5}, "https://not-really-examplecorp.com"},
	{"registrable domain under a multi-label suffix", "https://a.b.c.example.co.uk/", DisplayOptions{Mode: DisplayHost, MaxLength: 12}, "…example.co.uk"},
	{"elide some host labels", "https://a.b.c.example.co.uk/", DisplayOptions{Mode: DisplayHost, MaxLength: 16}, "…c.example.co.uk"},
	{"public suffix host kept whole", "https://a.co.uk/x", DisplayOptions{MaxLength: 3}, "https://a.co.uk"},
	{"cut the tail", "https://example.com/a/very/long/path", DisplayOptions{MaxLength: 25}, "https://example.com/a/ve…"},
	{"tail not cut inside an escape", "https://example.com/a%20b", DisplayOptions{MaxLength: 23}, "https://example.com/a…"},
	{"tail not cut inside an escape, one in", "https://example.com/a%20b", DisplayOptions{MaxLength: 24}, "https://example.com/a…"},
	{"tail cut after an escape", "https://example.com/a%20bc", DisplayOptions{MaxLength: 25}, "https://example.com/a%20…"},
	{"tail of one ellipsis", "https://example.com/abc", DisplayOptions{MaxLength: 20}, "https://example.com…"},
	{"tail fits", "https://example.com/abc", DisplayOptions{MaxLength: 23}, "https://example.com/abc"},
	{"credentials go first", "https://user:pw@example.com/", DisplayOptions{ShowCredentials: true, MaxLength: 20}, "https://example.com/"},
	{"length in code points", "https://例え.テスト/パス", DisplayOptions{MaxLength: 16}, "https://例え.テスト/…"},
	{"port never elided", "https://www.example.com:8443/", DisplayOptions{MaxLength: 10}, "https://…example.com:8443"},
	{"IP address never elided", "http://192.168.100.200:8080/abc", DisplayOptions{MaxLength: 10}, "http://192.168.100.200:8080"},
	{"address bar", "https://user:pw@www.example.com/", DisplayOptions{OmitScheme: true, OmitWWW: true, OmitTrailingSlash: true}, "example.com"},
	// 4.8.3: the host by domain to Unicode.
	{"IDN host", "https://xn--bcher-kva.de/", DisplayOptions{}, "https://bücher.de/"},
	{"IDN TLD", "https://xn--r8jz45g.xn--zckzah/", DisplayOptions{}, "https://例え.テスト/"},
	{"IDN host kept ASCII on request", "https://xn--bcher-kva.de/", DisplayOptions{ASCIIHost: true}, "https://xn--bcher-kva.de/"},
	{"invalid Punycode kept", "https://xn--a.com/", DisplayOptions{}, "https://xn--a.com/"},
	{"IPv4", "http://1.2.3.4:81/", DisplayOptions{}, "http://1.2.3.4:81/"},
	{"IPv6", "http://[::1]:8080/", DisplayOptions{}, "http://[::1]:8080/"},
	{"opaque host keeps escapes", "sc://%E2%82%AC/x", DisplayOptions{}, "sc://%E2%82%AC/x"},
	{"empty host", "file:///C:/a", DisplayOptions{}, "file:///C:/a"},
	{"null host with // path", "web+demo:/.//not-a-host/%C3%A9", DisplayOptions{}, "web+demo:/.//not-a-host/é"},
	// 4.8.3: percent-encoded UTF-8 decoded for readability.
	{"decode path", "https://example.com/caf%C3%A9", DisplayOptions{}, "https://example.com/café"},
	{"decode query and fragment", "https://example.com/?q=%E5%80%A4#%C3%BC", DisplayOptions{}, "https://example.com/?q=値#ü"},
	{"decode from raw input", "https://köln.de:8080/straße?ä=ö#ü", DisplayOptions{}, "https://köln.de:8080/straße?ä=ö#ü"},
	{"decode 4-byte", "https://example.com/%F0%9F%98%80", DisplayOptions{}, "https://example.com/😀"},
	{"decode opaque path", "mailto:%E2%82%AC@example.com", DisplayOptions{}, "mailto:€@example.com"},
	{"decode file path", "file:///%C3%A9", DisplayOptions{}, "file:///é"},
	{"keep escapes on request", "https://example.com/caf%C3%A9", DisplayOptions{KeepEscapes: true}, "https://example.com/caf%C3%A9"},
	{"origin mode shows no path", "https://example.com/caf%C3%A9", DisplayOptions{Mode: DisplayOrigin}, "https://example.com"},
	// 4.8.3: "unless that renders those sequences invisible", and spoofs.
	{"lock symbol kept (spec example)", "https://example.com/%F0%9F%94%92", DisplayOptions{}, "https://example.com/%F0%9F%94%92"},
	{"other lock symbols kept", "https://example.com/%F0%9F%94%8F%F0%9F%94%90%F0%9F%94%93", DisplayOptions{}, "https://example.com/%F0%9F%94%8F%F0%9F%94%90%F0%9F%94%93"},
	{"ASCII delimiters kept", "https://example.com/a%2Fb%3Fc%23d%25e%40f", DisplayOptions{}, "https://example.com/a%2Fb%3Fc%23d%25e%40f"},
	{"space kept", "https://example.com/a%20b?c%20d", DisplayOptions{}, "https://example.com/a%20b?c%20d"},
	{"unreserved ASCII kept", "https://example.com/%41%7E", DisplayOptions{}, "https://example.com/%41%7E"},
	{"controls kept", "https://example.com/%00%0A%7F%C2%80%C2%9F", DisplayOptions{}, "https://example.com/%00%0A%7F%C2%80%C2%9F"},
	{"lower case hex kept", "https://example.com/%c3%a9", DisplayOptions{}, "https://example.com/%c3%a9"},
	{"mixed case hex kept", "https://example.com/%C3%a9", DisplayOptions{}, "https://example.com/%C3%a9"},
	{"invalid UTF-8 kept", "https://example.com/%C3%28%E2%82%FF%C0%AF%ED%A0%80%F4%90%80%80", DisplayOptions{}, "https://example.com/%C3%28%E2%82%FF%C0%AF%ED%A0%80%F4%90%80%80"},
	{"truncated sequence kept", "https://example.com/%E2%82", DisplayOptions{}, "https://example.com/%E2%82"},
	{"truncated then good", "https://example.com/%E2%C3%A9", DisplayOptions{}, "https://example.com/%E2é"},
	{"RLO kept", "https://example.com/%E2%80%AEfdp.exe", DisplayOptions{}, "https://example.com/%E2%80%AEfdp.exe"},
	{"bidi marks and isolates kept", "https://example.com/%E2%80%8E%E2%80%8F%E2%81%A6%D8%9C", DisplayOptions{}, "https://example.com/%E2%80%8E%E2%80%8F%E2%81%A6%D8%9C"},
	{"zero width characters kept", "https://example.com/a%E2%80%8Bb%E2%80%8Dc%EF%BB%BF", DisplayOptions{}, "https://example.com/a%E2%80%8Bb%E2%80%8Dc%EF%BB%BF"},
	{"soft hyphen kept", "https://example.com/a%C2%ADb", DisplayOptions{}, "https://example.com/a%C2%ADb"},
	{"fillers kept", "https://example.com/%E3%85%A4%EF%BE%A0%E2%A0%80", DisplayOptions{}, "https://example.com/%E3%85%A4%EF%BE%A0%E2%A0%80"},
	{"no-break and ideographic spaces kept", "https://example.com/%C2%A0%E3%80%80%E2%80%A8", DisplayOptions{}, "https://example.com/%C2%A0%E3%80%80%E2%80%A8"},
	{"variation selector kept", "https://example.com/%E2%98%83%EF%B8%8F", DisplayOptions{}, "https://example.com/☃%EF%B8%8F"},
	{"private use kept", "https://example.com/%EE%80%80", DisplayOptions{}, "https://example.com/%EE%80%80"},
	{"noncharacter kept", "https://example.com/%EF%B7%90%EF%BF%BE", DisplayOptions{}, "https://example.com/%EF%B7%90%EF%BF%BE"},
	{"replacement character kept", "https://example.com/%EF%BF%BD", DisplayOptions{}, "https://example.com/%EF%BF%BD"},
	{"slash lookalikes kept", "https://example.com/a%E2%88%95b%E2%81%84c%EF%BC%8Fd", DisplayOptions{}, "https://example.com/a%E2%88%95b%E2%81%84c%EF%BC%8Fd"},
	{"dot and question lookalikes kept", "https://example.com/a%E3%80%82b%EF%BC%9Fc%EF%BC%83d", DisplayOptions{}, "https://example.com/a%E3%80%82b%EF%BC%9Fc%EF%BC%83d"},
	{"combining mark after ASCII kept", "https://example.com/a%CC%81/%CC%B8", DisplayOptions{}, "https://example.com/a%CC%81/%CC%B8"},
	{"combining mark after a decoded letter", "https://example.com/%C3%A9%CC%81", DisplayOptions{}, "https://example.com/é\u0301"},
	{"enclosing mark kept", "https://example.com/%C3%A9%E2%83%9D", DisplayOptions{}, "https://example.com/é%E2%83%9D"},
}

func TestDisplay(t *testing.T) {
	for _, tc := range displayTests {
		t.Run(tc.name+"/"+tc.input, func(t *testing.T) {
			u, err := Parse(tc.input)
			if err != nil {
				t.Fatal(err)
			}
			href := u.Href()
			if got := u.Display(tc.opts); got != tc.want {
				t.Errorf("Display(%+v) = %q, want %q", tc.opts, got, tc.want)
			}
			if u.Href() != href {
				t.Errorf("Display changed the URL: %q, was %q", u.Href(), href)
			}
			checkDisplayReparse(t, u)
		})
	}
}

// displayHostTests: a hostname given to Parse (in Unicode), and whether
// Display shows it in Unicode (true) or keeps the ASCII form (false).
// Each row names the rule of the policy in display.go it tests.
var displayHostTests = []struct {
	name    string
	host    string
	unicode bool
}{
	{"Latin with diacritics", "bücher.de", true},
	{"Greek", "βόλος.gr", true},
	{"Vietnamese (two marks on a base)", "việtnam.vn", true},
	{"Hindi", "उदाहरण.भारत", true},
	{"Thai", "ตัวอย่าง.ไทย", true},
	{"Greek not confusable", "αβγ.com", true},
	{"Cyrillic not confusable", "кц.com", true},
	{"Arabic (RTL)", "مثال.إختبار", true},
	{"Hebrew", "קום.il", true},
	{"Japanese: Han and Hiragana", "例え.jp", true},
	{"Japanese with ASCII", "ビタミンb6.jp", true},
	{"Katakana with prolonged sound mark", "カー.jp", true},
	{"Katakana iteration mark after Katakana", "カヽ.jp", true},
	{"Chinese with ASCII", "中国abc.com", true},
	{"Han and Bopomofo", "中文ㄅ.tw", true},
	{"Korean with ASCII", "한국abc.com", true},
	{"Han lookalike next to Han", "一二三.jp", true},
	{"one numbering system", "১২.com", true},
	{"combining mark after Latin", "abc\u0300.com", true},
	{"Arabic mark after Arabic", "ج\u064b.com", true},
	{"ela geminada under .cat", "l·l.cat", true},
	{"thorn under .is", "þorn.is", true},
	{"schwa under .az", "əli.az", true},
	{"sharp s (non-transitional)", "faß.de", true},
	{"final sigma (non-transitional)", "ς.gr", true},
	{"whole-script Cyrillic under .ru", "аррӏе.ru", true},
	{"whole-script Cyrillic under a Cyrillic TLD", "аррӏе.рф", true},
	{"whole-script Greek under .gr", "ορτ.gr", true},

	// Rule 5: script mixing.
	{"Latin and Cyrillic", "раураl.com", false},
	{"Latin and Cyrillic, ASCII first", "abcдеф.com", false},
	{"Latin and Greek", "αpple.com", false},
	{"Latin and Armenian (gօօgle)", "gօօgle.com", false},
	{"Cyrillic and Greek", "аβ.com", false},
	{"non-ASCII Latin and Han", "é中国.com", false},
	{"Hangul and Katakana", "한국テスト.com", false},
	// Rule 7: whole-script confusables.
	{"whole-script Cyrillic (аррӏе)", "аррӏе.com", false},
	{"whole-script Cyrillic under another label's TLD", "аррӏе.bücher.de", false},
	{"whole-script Greek", "ρα.com", false},
	{"whole-script Hebrew", "סוו.com", false},
	// Rule 6: digits.
	{"two numbering systems", "১2.com", false},
	{"digit lookalikes only", "зз.com", false},
	{"digit and digit lookalike", "з2.com", false},
	// Rule 3: invisible characters.
	{"ZWJ in a valid context", "क्\u200dष.com", false},
	{"braille blank", "ab\u2800c.com", false},
	{"same mark twice", "a\u0301\u0301.com", false},
	{"same mark twice on a precomposed letter", "á\u0301.com", false},
	{"Kana voiced sound mark", "あ\u3099.jp", false},
	// Rule 4: delimiter lookalikes.
	{"division slash", "a∕b.com", false},
	{"fraction slash", "a⁄b.com", false},
	{"box drawing diagonal", "a╱b.com", false},
	{"big solidus", "a⧸b.com", false},
	{"combining long solidus overlay", "ex\u0338ample.com", false},
	{"Katakana no after Latin", "aノb.com", false},
	{"click letter (!)", "ǃ.com", false},
	{"hyphen U+2010", "a‐b.com", false},
	// Rule 2: characters not allowed in identifiers.
	{"symbol", "☃.com", false},
	{"Cherokee", "ᏣᎳᎩ.com", false},
	{"Runic", "ᚠᚢ.com", false},
	{"Tifinagh", "ⴰⴱ.ma", false},
	{"Latin Extended Additional", "ḁbc.com", false},
	{"Pinyin", "ǎbc.com", false},
	{"modifier letter okina", "ʻokina.com", false},
	{"Lisu", "ꓲ.com", false},
	// Rule 8: characters in an unusual place.
	{"Han lookalike next to Latin", "a一b.com", false},
	{"Hiragana he in Katakana", "カへカ.jp", false},
	{"Katakana he in Hiragana", "かヘか.jp", false},
	{"prolonged sound mark first", "ーabc.jp", false},
	{"prolonged sound mark alone", "ー.jp", false},
	{"Katakana iteration mark first", "ヽabc.jp", false},
	{"Katakana iteration mark after Latin", "aヽ.jp", false},
	{"dot above after i", "li\u0307ne.com", false},
	{"mark after dotless i", "ı\u0301x.com", false},
	{"mark after Arabic", "ج\u0301.com", false},
	{"Arabic mark after Latin", "ab\u064bc.com", false},
	{"middle dot outside .cat", "l·l.com", false},
	{"middle dot not between l", "a·b.com", false},
	{"thorn outside .is", "þorn.com", false},
	{"schwa outside .az", "əli.com", false},
	{"Arabic tatweel", "مـثال.com", false},
}

func TestDisplayHostPolicy(t *testing.T) {
	for _, tc := range displayHostTests {
		t.Run(tc.name+"/"+tc.host, func(t *testing.T) {
			u, err := Parse("https://" + tc.host + "/")
			if err != nil {
				t.Fatal(err)
			}
			got := u.Display(DisplayOptions{Mode: DisplayHost})
			ascii := u.Hostname()
			if tc.unicode && got != tc.host {
				t.Errorf("Display = %q, want %q (Unicode)", got, tc.host)
			}
			if !tc.unicode && strings.Contains(tc.host, ".") {
				// The first label, the one under test, stays ASCII.
				first, _, _ := strings.Cut(ascii, ".")
				if gotFirst, _, _ := strings.Cut(got, "."); gotFirst != first {
					t.Errorf("Display = %q, want the label %q in ASCII", got, first)
				}
			}
			checkDisplayReparse(t, u)
		})
	}
}

// An all-Cyrillic lookalike label shows in ASCII, and the safe labels of
// the same host still show in Unicode: the decision is per label.
func TestDisplayHostPerLabel(t *testing.T) {
	u := MustParse("https://аррӏе.bücher.de/")
	if got, want := u.Display(DisplayOptions{}), "https://xn--80ak6aa92e.bücher.de/"; got != want {
		t.Errorf("Display = %q, want %q", got, want)
	}
}

// The Bidi rule of IDNA holds for the whole domain: a label that is
// fine alone stays ASCII when the domain breaks the rule, and so does a
// domain with a label that is not valid Punycode.
func TestDisplayHostWholeDomain(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://0a.xn--4db/", "https://0a.xn--4db/"},
		{"https://1.xn--mgbh0fb.com/", "https://1.xn--mgbh0fb.com/"},
		{"https://a.xn--4db/", "https://a.א/"},
		{"https://xn--a.xn--bcher-kva.de/", "https://xn--a.xn--bcher-kva.de/"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			u := MustParse(tc.in)
			if got := u.Display(DisplayOptions{}); got != tc.want {
				t.Errorf("Display = %q, want %q", got, tc.want)
			}
			checkDisplayReparse(t, u)
		})
	}
}

// displayVerify falls back to the ASCII form of a component whose
// readable form would parse to another URL, and keeps the readable form
// of the other component.
func TestDisplayVerifyFallback(t *testing.T) {
	u := MustParse("https://xn--bcher-kva.de/%41%C3%A9")
	for _, tc := range []struct {
		name               string
		uhost, utail       string
		wantHost, wantTail string
	}{
		{"both fine", "bücher.de", "/%41é", "bücher.de", "/%41é"},
		{"tail changes the URL", "bücher.de", "/Aé", "bücher.de", "/%41%C3%A9"},
		{"host changes the URL", "bucher.de", "/%41é", "xn--bcher-kva.de", "/%41é"},
		{"both change the URL", "bucher.de", "/Aé", "xn--bcher-kva.de", "/%41%C3%A9"},
		{"host does not parse", "b\u00fccher de", "/%41é", "xn--bcher-kva.de", "/%41é"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, tail := u.displayVerify(u.Hostname(), tc.uhost, u.displayTail(), tc.utail)
			if h != tc.wantHost || tail != tc.wantTail {
				t.Errorf("displayVerify = %q, %q; want %q, %q", h, tail, tc.wantHost, tc.wantTail)
			}
		})
	}
}

// Decoding is linear and keeps what it cannot show, on a long path.
func TestDisplayLongPath(t *testing.T) {
	var b strings.Builder
	b.WriteString("https://example.com/")
	for range 1 << 14 {
		b.WriteString("%C3%A9%E2%80%AE%E2%82")
	}
	u := MustParse(b.String())
	got := u.Display(DisplayOptions{})
	want := "https://example.com/" + strings.Repeat("é%E2%80%AE%E2%82", 1<<14)
	if got != want {
		t.Errorf("Display of a long path: got %d bytes, want %d", len(got), len(want))
	}
}

// Display only reads the URL: many goroutines may render one URL at
// once (CI runs the tests named Race with the race detector).
func TestDisplayRace(t *testing.T) {
	u := MustParse("https://user@www.xn--bcher-kva.de/caf%C3%A9?q=%E5%80%A4")
	want := u.Display(DisplayOptions{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 50 {
				_ = u.Display(DisplayOptions{MaxLength: 12, OmitWWW: true})
				if got := u.Display(DisplayOptions{}); got != want {
					t.Errorf("Display = %q, want %q", got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestDisplayZero(t *testing.T) {
	var u *URL
	if got := u.Display(DisplayOptions{}); got != "" {
		t.Errorf("nil URL: Display = %q", got)
	}
	if got := new(URL).Display(DisplayOptions{}); got != "" {
		t.Errorf("zero URL: Display = %q", got)
	}
}

// checkDisplayReparse checks the safety property of Display: with no
// elision, the rendering parses to the URL without its credentials, and
// with ShowCredentials to the URL itself.
func checkDisplayReparse(t *testing.T, u *URL) {
	t.Helper()
	want := u.Clone()
	_ = want.SetUsername("")
	_ = want.SetPassword("")
	for _, o := range []struct {
		opts DisplayOptions
		want string
	}{
		{DisplayOptions{}, want.Href()},
		{DisplayOptions{ShowCredentials: true}, u.Href()},
		{DisplayOptions{ShowCredentials: true, KeepEscapes: true, ASCIIHost: true}, u.Href()},
	} {
		d := u.Display(o.opts)
		v, err := Parse(d)
		if err != nil {
			t.Fatalf("Display(%+v) of %q = %q, which does not parse: %v", o.opts, u.Href(), d, err)
		}
		if v.Href() != o.want {
			t.Fatalf("Display(%+v) of %q = %q, which parses to %q, want %q", o.opts, u.Href(), d, v.Href(), o.want)
		}
	}
	if d := u.Display(DisplayOptions{ShowCredentials: true, KeepEscapes: true, ASCIIHost: true}); d != u.Href() {
		t.Fatalf("Display with ShowCredentials, KeepEscapes and ASCIIHost = %q, want the href %q", d, u.Href())
	}
}

// FuzzDisplay checks that Display never panics, never changes the URL,
// and that with no elision its result parses back to the same URL
// (without credentials; with ShowCredentials, the same href).
func FuzzDisplay(f *testing.F) {
	fuzzSeeds(f, func(input, base string) { f.Add(input, base) })
	for _, tc := range displayTests {
		f.Add(tc.input, "")
	}
	for _, tc := range displayHostTests {
		f.Add("https://"+tc.host+"/", "")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		u, err := Parse(input, bases...)
		if err != nil {
			return
		}
		href := u.Href()
		checkDisplayReparse(t, u)
		for _, opts := range []DisplayOptions{
			{Mode: DisplayOrigin, OmitScheme: true, OmitWWW: true},
			{Mode: DisplayHost, OmitWWW: true},
			{OmitScheme: true, OmitWWW: true, OmitTrailingSlash: true},
		} {
			_ = u.Display(opts)
		}
		if u.Href() != href {
			t.Fatalf("Display changed the URL: %q, was %q", u.Href(), href)
		}
		// Elision keeps the registrable domain, as shown by DisplayHost.
		if u.HostKind() == HostDomain {
			ascii := u.Hostname()
			rd, err := publicsuffix.EffectiveTLDPlusOne(strings.TrimSuffix(ascii, "."))
			if err != nil {
				return
			}
			keep := strings.Count(rd, ".") + 1
			if strings.HasSuffix(ascii, ".") {
				keep++
			}
			labels := strings.Split(u.Display(DisplayOptions{Mode: DisplayHost}), ".")
			want := strings.Join(labels[len(labels)-keep:], ".")
			for _, max := range []int{1, 10, 30} {
				if got := u.Display(DisplayOptions{MaxLength: max}); !strings.Contains(got, want) {
					t.Fatalf("Display(MaxLength %d) of %q = %q: the registrable domain %q is elided", max, href, got, want)
				}
			}
		}
	})
}

func BenchmarkDisplay(b *testing.B) {
	for _, in := range []string{
		"https://example.com/a/b?c=d#e",
		"https://xn--bcher-kva.de/caf%C3%A9?q=%E5%80%A4",
	} {
		u := MustParse(in)
		b.Run("Display/"+in, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				_ = u.Display(DisplayOptions{})
			}
		})
		b.Run("Parse/"+in, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				_, _ = Parse(in)
			}
		})
	}
}
