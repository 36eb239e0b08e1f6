package url

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The parser's fast paths (a run of empty path segments, a run of plain
// path segments, CanParse's output kept as a length only) are taken only
// when nobody listens for validation errors. A Parser with an
// OnValidationError callback is therefore the test hook that forces the
// general path, and these fuzz targets check that both agree.

// generalParse parses with the general path.
func generalParse(input string, base []string) (*URL, error) {
	pr := Parser{OnValidationError: func(ValidationError) {}}
	return pr.Parse(input, base...)
}

// FuzzFastPath: Parse (fast paths) and the general path give the same
// URL, components included, or both fail with the same error kind.
func FuzzFastPath(f *testing.F) {
	fuzzSeeds(f, func(input, base string) { f.Add(input, base) })
	for _, in := range slices.Concat(normalizedInputs, rewrittenInputs, fastTaken, fastDeclined, lowerTaken, lowerDeclined, refsTaken, refsDeclined, tailTaken, tailDeclined, rootPathTaken, rootPathDeclined) {
		f.Add(in, "")
		f.Add(in, "https://example.com/dir/page.html")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		u, err := Parse(input, bases...)
		g, gerr := generalParse(input, bases)
		if (err == nil) != (gerr == nil) {
			t.Fatalf("Parse(%q, %q): %v; general path: %v", input, base, err, gerr)
		}
		if err != nil {
			if err.Error() != gerr.Error() {
				t.Fatalf("Parse(%q, %q): %v; general path: %v", input, base, err, gerr)
			}
			return
		}
		if u.href != g.href || u.components != g.components {
			t.Fatalf("Parse(%q, %q) = %q %+v; general path %q %+v", input, base, u.href, u.components, g.href, g.components)
		}
	})
}

// FuzzCanParse: CanParse, which keeps no output that differs from the
// input, agrees with Parse.
func FuzzCanParse(f *testing.F) {
	fuzzSeeds(f, func(input, base string) { f.Add(input, base) })
	for _, in := range append(append(append(append(normalizedInputs, rewrittenInputs...), copiedInputs...), tabbedInputs...), "sc:/..//a", "file:///C:/../..", "https://h/a/../../b/./c/%2e%2E/d", "a", "//h", "?q") {
		f.Add(in, "")
		f.Add(in, "https://example.com/dir/page.html")
		f.Add(in, "file:///C:/dir/")
	}
	// Tabs, newlines and invalid UTF-8, which CanParse reads in place,
	// and bases not in normal form, for which it uses a stand-in.
	for _, in := range []string{
		"https://h/\xe2%82%ac", "https://\xe2%82%ac/", "https://\xe2\t%82%ac/", "sc://\xff\t/", "ht\ttps://h/",
		"https://h:8\t0/", "https:/\t/h/", "/\t/h/p", "\xff", "a\tb/c", "https://u\t@h/", "file:C\t|/x", "//h/\t\xff?\n#\r",
	} {
		f.Add(in, "")
		f.Add(in, "HTTPS://EXAMPLE.COM/a/../\xff")
		f.Add(in, "file:///C|/d\tir/")
		f.Add(in, "sc:opaque\xff")
		f.Add(in, "sc://h/a b")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		_, err := Parse(input, bases...)
		if got := CanParse(input, bases...); got != (err == nil) {
			t.Errorf("CanParse(%q, %q) = %v; Parse error: %v", input, base, got, err)
		}
	})
}

// Inputs parseNormalized takes: absolute special URLs in normal form.
var fastTaken = []string{
	"https://h/a/b.c/d?e#f",
	"http://example.com/",
	"ws://a.b/c", "wss://a.b/c?", "ftp://a.b/c#",
	"https://example.com:8443/x", "http://h:443/", "ftp://h:80/", "ws://h:65535/",
	"https://my_host.example-1.com./a//b/...//.a/a./%2e%2e%2e/%2/%zz",
	"https://h/a?b?c/../%2e#d#e?f'",
	"https://h/!$&'()*+,;=:@~|[]",
	"https://h/%%%%%%%%%%%%%%%%%%%/%/.../%%/....../a.b.c.d.e.f.g.h.i/%2e%2e%2e%2e%2e%2e%2e%2e",
	"https://h/a.b/.c/..d/%2f/%2e%2e.x/.%2ex/a%2e/abcdefgh.ijklmnop/qrstuvwxyz0123456789.html",
	"https://xn--nxasmq6b.com/", "https://1.2.3.example/", "https://example.1a/",
	"file:///", "file:///?x", "file:///Users/a/b.js?x=1#y", "file://deps/v8/.git-blame-ignore-revs", "file://host/",
	"file:///c:x/", "file:///cd:/", "file:///c/", "file:///a/c:/", "file://localhost.com/",
	// Hosts that end in each of the three words hostEndAt reads at once
	// and past them, at a word's first and last byte.
	"https://a/", "https://abcdefg/", "https://abcdefgh/", "https://abcdefghijklmno/", "https://abcdefghijklmnop/",
	"https://abcdefghijklmnopqrstuvw/", "https://abcdefghijklmnopqrstuvwx/", "https://abcdefghijklmnopqrstuvwxy/",
	"https://www.a-very-long-host-name.example.co.uk:8080/x?y", "http://abcdefghijklmnopqrstuvwxyz0123456789.example/",
}

// Inputs parseNormalized declines: not in normal form, not special, or
// with a part it does not vouch for. Many are still URLs.
var fastDeclined = []string{
	"https://h", "https://h?q", "https://h#f", "https://h:8080", "https:/h/", "https:h/",
	"HTTPS://h/", "https://H/", "https://h\\a", "https://u@h/", "https://u:p@h/",
	"https://h:/", "https://h:0/", "https://h:08080/", "https://h:443/", "http://h:80/",
	"ws://h:80/", "wss://h:443/", "ftp://h:21/", "https://h:65536/", "https://h:123456/", "https://h:1x/",
	"https://1.2.3.4/", "https://h.0x1/", "https://h.09/", "https://0/", "https:///a", "https://%41/",
	"https://h/.", "https://h/..", "https://h/a/./b", "https://h/a/../b", "https://h/%2e/",
	"https://h/%2E%2e", "https://h/abcdefgh/.%2E/b", "https://h/a%.b/%2e./..", "https://h/a..b/../c", "https://h/%%%%/.%2e/", "https://h/abcdefghijk/%2e.", "https://h/abcdefghijk/%2e%2E?q", "https://h/.%2e?x", "https://h/a/%2e.#x",
	"https://h/a b", "https://h/a\tb", "https://h/a\"b", "https://h/<", "https://h/^", "https://h/`", "https://h/{}",
	"https://h/?'", "https://h/?a b", "https://h/?<", "https://h/#a b", "https://h/#`", "https://h/\xc3\xa9",
	"https://h/ ", " https://h/", "https://h/\n", "sc://h/",
	"file://", "file://h", "file://h?x", "file://localhost/", "file://h:1/", "file://1.2.3.4/",
	"file:///c:", "file:///c|", "file:///c:/x", "file:///c|/x", "file://h/c:", "file://h/c:/x", "file://h/c|?x", "file://h/c:#",
	"https://", "https:///", "http://a", "https://abcdefghijklmnopqrstuvwxyz", "https://abcdefghijklmnopqrstuvw",
	"https://abcdefghijklmnopqrstuvwx", "https://abcdefghijklmnopqrstuvwxyz0123456789.EXAMPLE/",
	"https://abcdefghijklmnopqrstuvwx?y", "https://abcdefghijklmnopqrstuvwxyz0123:443/",
	"file:///..", "file:///a/./b", "file:\\\\h\\", "file:/h/", "file:h/", "FILE:///", "sc://h/a//b/./c", "https://h//a\\\\b//", "https://[::1]/", "https://h\xff/",
}

// ok returns the second of two results.
func ok[T any](_ T, ok bool) bool { return ok }

// TestParseNormalized: the fast path takes the inputs in normal form it
// is meant for, declines the others, and on those it takes gives what
// the general path gives.
func TestParseNormalized(t *testing.T) {
	for _, in := range fastTaken {
		t.Run(in, func(t *testing.T) {
			var c components
			if _, ok := parseNormalized(in, &c); !ok {
				t.Fatalf("parseNormalized declined")
			}
			g, err := generalParse(in, nil)
			if err != nil {
				t.Fatalf("general path: %v", err)
			}
			if g.href != in || g.components != c {
				t.Errorf("fast %+v; general path %q %+v", c, g.href, g.components)
			}
		})
	}
	for _, in := range fastDeclined {
		t.Run(in, func(t *testing.T) {
			if c := (components{}); ok(parseNormalized(in, &c)) {
				t.Errorf("parseNormalized took it: %+v", c)
			}
		})
	}
}

// TestParseNormalizedOffsets: the fast path reads eight bytes at a time
// (classWord), so each kind of segment is tried at every offset in a
// word, after hosts of every length in a word and past it: a dot segment
// (declined), a segment that only starts with "." or "%" (taken), a "/"
// as the last byte of a word before the "." that starts the next, and a
// byte to encode (declined). What the fast path takes must be what the
// general parser gives.
func TestParseNormalizedOffsets(t *testing.T) {
	segments := []struct {
		seg   string
		taken bool
	}{
		{".", false}, {"..", false}, {"%2e", false}, {".%2E", false}, {"%2e.", false}, {"%2E%2e", false},
		{".x", true}, {"..x", true}, {"%2ex", true}, {"x.", true}, {"a.b", true}, {"%2", true}, {"%", true}, {"...", true},
		{"a b", false}, {"a\\b", false}, {"a\"b", false}, {"\xc3\xa9", false},
	}
	for host := 1; host <= 18; host++ {
		for pad := 0; pad <= 9; pad++ {
			for _, sg := range segments {
				for _, tail := range []string{"", "/", "/x", "?q", "#f", "?q.%2e/./#f"} {
					in := "https://" + strings.Repeat("h", host) + "/" + strings.Repeat("p", pad) + "/" + sg.seg + tail
					var c components
					_, taken := parseNormalized(in, &c)
					if taken != sg.taken {
						t.Errorf("%q: taken %v, want %v", in, taken, sg.taken)
						continue
					}
					if !taken {
						continue
					}
					if g, err := generalParse(in, nil); err != nil || g.href != in || g.components != c {
						t.Errorf("%q: fast %+v; general path %v %+v", in, c, err, g)
					}
				}
			}
		}
	}
}

// Relative references and bases for resolveNormalized: refsTaken are
// resolved by it against each of relBases, refsDeclined are left to the
// general parser (many still resolve).
var (
	relBases = []string{
		"https://example.com/dir/sub/page.html?x#y", "https://example.com/", "https://example.com/a",
		"http://u:p@h.example:8080/a/b/?q", "wss://h/a/b/c/", "ftp://h/a//b",
	}
	refsTaken = []string{
		"", "#", "#f", "#f?g/h", "?", "?q", "?q#f", "?q=a/b/../c", "/", "/abs/path?q#f", "/a//b/", "/a/...b/c.d/",
		"other.html", "img/x.png", "./x?q", "./", ".", "..", "../", "../..", "../../", "../../../../x", "..//x",
		"../?q", "./#f", "././x", "a/b/", "a..b", "...", ".../x", "x%2fy", "//cdn.example.net/x.js",
		"//h:8443/x?y#z", "x:y/z"[2:], "a+b-c.d", "-x:y", "1x:y", "%2e%2e/x", ".%2e/x", "./%2E", "%2E%2e/%2e/",
		"%2e", "%2e%2", "%2ex/y",
	}
	refsDeclined = []string{
		"x:y", "mailto:a@b", "https:/x", "HTTP://h/", "\\x", "/\\x", "a\\b", " x", "x ", "a b", "a\tb", "..\\x",
		"/a/../b", "/./b", "a/./b", "a/..", "..?q", ".#f", "?a b", "#a b", "ü",
		"//h", "//H/x", "//1.2.3.4/x", "//h:0/x", "///x", "../a/./../b", "//u@h/x", "//h?q",
	}
)

// TestResolveNormalized: the relative fast path takes the references in
// normal form it is meant for, declines the others, and gives what the
// general parser gives.
func TestResolveNormalized(t *testing.T) {
	for _, base := range relBases {
		b := MustParse(base)
		for _, ref := range append(append([]string{}, refsTaken...), refsDeclined...) {
			t.Run(ref+" against "+base, func(t *testing.T) {
				var u URL
				taken := resolveNormalized(&u, &b.record, ref, hrefLimit, roadCheck{})
				g, err := generalParse(ref, []string{base})
				switch {
				case taken && err != nil:
					t.Fatalf("taken as %q; general parser: %v", u.href, err)
				case taken && (u.href != g.href || u.components != g.components):
					t.Fatalf("fast %q %+v; general %q %+v", u.href, u.components, g.href, g.components)
				case taken && u.checkInvariants() != nil:
					t.Fatalf("%q: %v", u.href, u.checkInvariants())
				}
				if want := !slices.Contains(refsDeclined, ref); taken != want {
					t.Errorf("taken: %v, want %v", taken, want)
				}
				// CanParse's road (check on) takes the same references
				// but those that start with "//", against the base and
				// against the stand-in CanParse takes for the same base
				// out of normal form (its scheme in upper case), and
				// stores nothing.
				stand, extra, r := baseStandIn(strings.ToUpper(base[:1]) + base[1:])
				if r != outcomeOK || stand.href == b.href || extra == 0 {
					t.Fatalf("baseStandIn gave no stand-in: %q, %d, %v", stand.href, extra, r)
				}
				want := taken && !strings.HasPrefix(ref, "//")
				for _, sb := range []record{b.record, stand} {
					check := roadCheck{on: true}
					if sb.href != b.href {
						check.extra = extra
					}
					var scratch URL
					if got := resolveNormalized(&scratch, &sb, ref, hrefLimit, check); got != want {
						t.Errorf("with check against %q: taken %v, want %v", sb.href, got, want)
					}
					if scratch.href != "" {
						t.Errorf("with check: stored %q", scratch.href)
					}
				}
			})
		}
	}
	// The limit: a result one byte too long is the general parser's.
	b := MustParse("https://h/a/")
	var u URL
	if resolveNormalized(&u, &b.record, "xy", uint64(len("https://h/a/xy")-1), roadCheck{}) {
		t.Errorf("took a result past the limit: %q", u.href)
	}
	// A base the fast path does not take: file, not special.
	for _, base := range []string{"file:///a/b", "sc://h/a/b"} {
		b := MustParse(base)
		if resolveNormalized(&u, &b.record, "x", hrefLimit, roadCheck{}) {
			t.Errorf("took x against %s: %q", base, u.href)
		}
	}
}

// Inputs lowerAuthority takes: in normal form but for the case of the
// scheme and host and a default port, then with a path, query or
// fragment in normal form or not (the hand-over takes over where
// normalizedTail stopped).
var lowerTaken = []string{
	"HTTPS://example.com/a", "https://EXAMPLE.COM/a?b#c", "Http://Www.Example.Com:80/", "https://h:443/",
	"WSS://h:443/x", "ws://H:80/a/b", "FTP://H:21/", "https://XN--NXASMQ6B.COM/", "https://Ex_ample-1.COM./a",
	"HTTPS://h/a b?c d#e f", "https://H:443/a/../b", "https://H/./x", "https://H/a\\b", "https://H/a?b c",
	"https://H/a#b c", "https://H/a/%2e%2E/b", "HTTPS://h/ü", "HTTPS://h/a\tb", "HTTPS://h/a ", "https://H/a?b\xff",
	"https://H:443/a?q#f g", "https://0xG/", "https://H.0x1a.g/",
	"https://h\\a", "https://H\\", "https://h:443\\a/b?c#d", "https://h\\a\\b", "https://h\\./x", "https://h\\..",
	"https://h\\?q", "https://h\\#f", "https://h\\a b/c", "HTTPS://H\\\\x", "https://h\\%2e/", "https://h\\a?b c", "https://h\\\\",

	// Internationalized domains that fastIDNHost converts.
	"https://münchen.de/a", "HTTPS://MÜNCHEN.DE/a?b#c", "https://www.straße.de:443/x", "https://правительство.рф/",
	"https://παράδειγμα.δοκιμή/x?y", "https://مثال.إختبار/", "https://例え.jp\\a b", "https://ü.H/", "https://münchen.de/a/../b",
	"https://ü.com/a?b c#d e", "https://München.DE:443/ü", "wss://ü:443/", "https://ü./", "https://ü..a/", "https://ü.a-1/",
	"https://www.עברית.co.il/~aria/", "https://ÀÉÎ.fr/", "https://ü.de:8080/", "https://münchen.de:8080/a?b#c", "https://ü:1\\a",
	// A port other than the default one, kept.
	"https://H:8080/", "HTTPS://h:65535/x", "https://H:1/a b",
}

// Inputs lowerAuthority declines (the general parser decides).
var lowerDeclined = []string{
	"https://example.com/a", "FILE:///a", "File://H/a", "SC://H/a", "https://H", "https://H?q",
	"https://H:0443/", "https://H:/", "https://H:443", "https://h:8080/", "https://H:65536/", "https://H:123456/", "https://H:0/", "https://1.2.3.4/", "https://0X1F/", "https://H.09/",
	"https://u@H/", "https://[::1]/", "https://%41/", "HTTPS:/h/", "https://h?\\", " https://H/",
	// Internationalized domains fastIDNHost leaves to the general parser:
	// a number at the end, "xn--", a mark that breaks NFC, "%", "_",
	// invalid UTF-8, a Bidi rule failure, a mapped code point (U+3002,
	// U+2167), too long; and the authority's own reasons.
	"https://ü.1/", "https://ü.0x1F/", "https://xn--ü.de/", "https://a\u0301.de/", "https://ü%41.de/", "https://ü_.de/",
	"https://\xff.de/", "https://\xc3.de/", "https://a\u05d0.com/", "https://ü\u3002de/", "https://\u2167.de/",
	"https://" + strings.Repeat("ü", 65) + "/", "https://ü@h/", "https://ü.de", "https://ü.de:08080/", "https://ü.de?q",
	"file://ü/", "sc://ü/",
}

// TestLowerAuthority: Parse takes the inputs of lowerTaken by
// lowerAuthority (and the rest of the path after the hand-over), declines
// lowerDeclined, and gives what the general parser and the reference
// parser give.
func TestLowerAuthority(t *testing.T) {
	for _, in := range append(append([]string{}, lowerTaken...), lowerDeclined...) {
		t.Run(in, func(t *testing.T) {
			var c components
			var idn [2 * punyShortDomain]byte
			got, _, _, _ := lowerAuthority(in, &c, idn[:0])
			if want := slices.Contains(lowerTaken, in); (got != 0) != want {
				t.Fatalf("taken: %v, want %v", got != 0, want)
			}
			u, err := Parse(in)
			g, gerr := generalParse(in, nil)
			if (err == nil) != (gerr == nil) {
				t.Fatalf("Parse: %v; general path: %v", err, gerr)
			}
			if err == nil && (u.href != g.href || u.components != g.components) {
				t.Fatalf("Parse %q %+v; general path %q %+v", u.href, u.components, g.href, g.components)
			}
			if r := refParseWithBase(in); !refDeviation(r, in) {
				if d := diffReference(u, r); d != "" {
					t.Fatalf("the reference parser: %s", d)
				}
			}
		})
	}
}

// TestLowerAuthorityLimit: an href that lowerAuthority's rewrite grows
// (an internationalized domain in Punycode) is held to the Parser's
// MaxLength, written in one go (appendRewritten) or by the state machine,
// as by the general parser: at the limit it parses, one byte past it is
// ErrTooLong.
func TestLowerAuthorityLimit(t *testing.T) {
	for _, in := range []string{"https://ü.de/abcdefghij", "HTTPS://Ü.DE/a?b#c", "https://ü.de/a b", "https://ü.de/a?b c", "https://ü.de/./a"} {
		want, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		for _, limit := range []int{len(want.Href()), len(want.Href()) - 1} {
			t.Run(fmt.Sprintf("%s/%d", in, limit), func(t *testing.T) {
				pr := Parser{MaxLength: limit}
				u, err := pr.Parse(in)
				g, gerr := (&Parser{MaxLength: limit, OnValidationError: func(ValidationError) {}}).Parse(in)
				if tooLong := limit < len(want.Href()); errors.Is(err, ErrTooLong) != tooLong || errors.Is(gerr, ErrTooLong) != tooLong {
					t.Fatalf("Parse: %v; general path: %v; want ErrTooLong: %v", err, gerr, tooLong)
				}
				if err == nil && u.Href() != g.Href() {
					t.Errorf("Href = %q, general path %q", u.Href(), g.Href())
				}
			})
		}
	}
}

// rootPathTaken are URLs with no path that withRootPath takes (one
// allocation, the href: the input with "/" inserted), and
// rootPathDeclined are near misses the general parser decides.
var (
	rootPathTaken = []string{
		"http://example.com", "https://www.example.com?q=1&r=2", "https://example.com#top",
		"http://example.com?", "http://example.com#", "ws://h:8080", "wss://h?x#y", "ftp://ftp.example.org",
		"http://a.b.c.d.example.co.uk?utm_source=x#frag", "http://h?a/b\\c", "http://h:8080?q#f#g", "http://xn--a",
	}
	rootPathDeclined = []string{
		"http://Example.com", "https://example.com:443", "http://h:0", "http://1.2.3.4", "http://h?q r",
		"http://münchen.de", "file://h", "file://", "sc://h", "sc://h?q", "http://", "http://?q", "http://h\\",
		"http://u@h", "http://u:p@h?q", " http://h", "http://h ", "http://h\t", "http://h?\x00", "http:h",
		"http://h.1", "http://h:65536", "http://h?" + strings.Repeat("a", rootPathMax),
		"http://[::1]", "http://h#\xff", "http://h%41",
	}
)

// TestRootPath: Parse agrees with the general path on URLs with no path,
// with and without a base, takes withRootPath's shortcut exactly for
// rootPathTaken, and CanParse agrees with it.
func TestRootPath(t *testing.T) {
	for _, in := range slices.Concat(rootPathTaken, rootPathDeclined) {
		t.Run(in, func(t *testing.T) {
			var buf [rootPathMax]byte
			var c components
			taken := false
			if k := rootPathAt(in); k >= 0 {
				_, taken = withRootPath(in, k, &buf, &c)
			}
			if want := slices.Contains(rootPathTaken, in); taken != want {
				t.Errorf("withRootPath took it: %v, want %v", taken, want)
			}
			checkAgainstGeneral(t, in)
		})
	}
}

// TestRootPathAllocs: a URL withRootPath or parseBareAuthority takes
// costs one allocation, its href (the input has no path, the href a
// "/"), and none in CanParse.
func TestRootPathAllocs(t *testing.T) {
	skipIfInvariantChecks(t)
	for _, in := range slices.Concat(rootPathTaken, bareTaken) {
		t.Run(in, func(t *testing.T) {
			if got := testing.AllocsPerRun(100, func() {
				if u, err := Parse(in); err == nil {
					sinkInt += len(u.Href())
				}
			}); got != 1 {
				t.Errorf("Parse+Href: %v allocs, want 1", got)
			}
			if got := testing.AllocsPerRun(100, func() { CanParse(in) }); got != 0 {
				t.Errorf("CanParse: %v allocs, want 0", got)
			}
		})
	}
}

// checkAgainstGeneral fails t unless Parse gives what the general
// path gives for in, with no base and against a page URL, and CanParse
// agrees with Parse.
func checkAgainstGeneral(t *testing.T, in string) {
	t.Helper()
	for _, base := range [][]string{nil, {"https://example.com/dir/page.html"}} {
		u, err := Parse(in, base...)
		g, gerr := generalParse(in, base)
		if (err == nil) != (gerr == nil) || err == nil && (u.href != g.href || u.components != g.components) {
			t.Fatalf("Parse(%q, %q) = %v, %v; general path %v, %v", in, base, u, err, g, gerr)
		}
		if got := CanParse(in, base...); got != (err == nil) {
			t.Errorf("CanParse(%q, %q) = %v; Parse error: %v", in, base, got, err)
		}
	}
}

// bareTaken are URLs of a scheme and a domain and nothing else, which
// parseBareAuthority takes (the href is the input and "/"), and
// bareDeclined are near misses that it leaves to the other routes.
var (
	bareTaken = []string{
		"http://example.com", "https://www.example.co.uk", "ws://host", "wss://a-b_c.d", "ftp://ftp.example.org",
		"http://xn--a", "http://h.1a", "https://0x.example", "http://h.",
	}
	bareDeclined = []string{
		"http://Example.com", "ws://h", "http://1.2.3.4", "http://h.1", "http://0x1f", "http://h.0x", "http://", "file://h",
		"file://", "sc://h", "http://h:8080", "http://h?q", "http://h#f", "http://h ", "http://h\t", "http://u@h",
		"http://münchen.de", "http://h%41", "http:h", "http://[::1]", "https:", "http://h\\",
	}
)

// TestBareAuthority: Parse agrees with the general path on bareTaken and
// bareDeclined, with and without a base; parseBareAuthority takes
// exactly bareTaken, within the length limit only, and CanParse agrees.
func TestBareAuthority(t *testing.T) {
	for _, in := range slices.Concat(bareTaken, bareDeclined) {
		t.Run(in, func(t *testing.T) {
			var u URL
			_, _ = parseNormalized(in, &u.components)
			c := u.components
			taken := parseBareAuthority(&u, in, &c, hrefLimit, false)
			if want := slices.Contains(bareTaken, in); taken != want {
				t.Errorf("parseBareAuthority took it: %v, want %v", taken, want)
			}
			if taken && (parseBareAuthority(&URL{}, in, &c, uint64(len(in)), false) || !parseBareAuthority(&URL{}, in, &c, uint64(len(in))+1, false)) {
				t.Errorf("parseBareAuthority does not keep to a limit of %d bytes", len(in)+1)
			}
			checkAgainstGeneral(t, in)
		})
	}
}

// TestBareAuthorityLimit: at a MaxLength of the href's length Parse
// takes the URL, one byte less it fails with ErrTooLong.
func TestBareAuthorityLimit(t *testing.T) {
	for _, in := range bareTaken {
		for _, limit := range []int{len(in) + 1, len(in)} {
			t.Run(fmt.Sprintf("%s/%d", in, limit), func(t *testing.T) {
				u, err := (&Parser{MaxLength: limit}).Parse(in)
				if tooLong := limit == len(in); errors.Is(err, ErrTooLong) != tooLong {
					t.Fatalf("Parse: %v; want ErrTooLong: %v", err, tooLong)
				}
				if err == nil && u.Href() != in+"/" {
					t.Errorf("Href = %q, want %q", u.Href(), in+"/")
				}
			})
		}
	}
}

// TestPathLook: normalizedPath, which scans a path for the first byte to
// look at and hands over to normalizedTail only there, finds the query,
// fragment and stop that normalizedTail finds from the path's first
// segment, on paths with "/", ".", "%", "?", "#" and bytes to encode at
// every offset of a word and across two; and parseNormalized gives them.
func TestPathLook(t *testing.T) {
	inputs := slices.Concat(fastTaken, fastDeclined, rootPathTaken, bareTaken)
	for _, tail := range []string{"/.", "/..", "/%2e", "/.a", "a/b.c", "/%41", "?q", "#f", "?q#f", " ", "\\", "\xc3\xa9", "/x?a.b/./c#d/../e",
		"/.htaccess/abcdefgh", "/../abcdefghijk", "/%2e/abcdefghijk", "/./abcdefgh/ijklmnop"} {
		for pad := range 18 {
			inputs = append(inputs, "https://example.com/"+strings.Repeat("p", pad)+tail, "file:///"+strings.Repeat("a/", pad)+tail)
		}
	}
	for _, in := range inputs {
		t.Run(in, func(t *testing.T) {
			var c components
			stop, _ := parseNormalized(in, &c)
			if c.pathStart == 0 {
				return // declined before the path
			}
			q, f, want := normalizedTail(in, int(c.pathStart)+1)
			if gq, gf, got := normalizedPath(in, int(c.pathStart)+1); gq != q || gf != f || got != want {
				t.Errorf("normalizedPath: query %d, fragment %d, stop %d; normalizedTail: %d, %d, %d", gq, gf, got, q, f, want)
			}
			if stop != want || int(c.queryStart) != max(q, 0) || int(c.fragmentStart) != max(f, 0) {
				t.Errorf("parseNormalized: stop %d, query %d, fragment %d; normalizedTail: %d, %d, %d",
					stop, c.queryStart, c.fragmentStart, want, q, f)
			}
		})
	}
}
