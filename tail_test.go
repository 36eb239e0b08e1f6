package url

import (
	"slices"
	"strings"
	"testing"
)

// Inputs whose path, query or fragment finishTail writes (appendTail),
// after the fast path or lowerAuthority vouched for what comes before:
// bytes to percent-encode in each component, dot segments (shortening
// the path, at its end, before "?" and "#"), "\\", invalid UTF-8, the
// trailing C0 controls and spaces that preprocessing strips.
var tailTaken = []string{
	"https://h/a b", "https://h/a/../b", "https://h/./a", "https://h/a/..", "https://h/a/.", "https://h/a/%2e%2E",
	"https://h/a/.%2e/b", "https://h/a/%2E./b", "https://h/a/..?q", "https://h/a/.#f", "https://h/..\\x", "https://h/a\\b c",
	"https://h/a/b/../../../c", "https://h/../../a", "https://h//..", "https://h/a/./", "https://h/a/..\\", "https://h/a/.\\b",
	"https://h/ü", "https://h/\xff", "https://h/a\xc3", "https://h/a\xe2\x82", "https://h/\xed\xa0\x80", "https://h/\xf4\x90\x80\x80",
	"https://h/a?b c#d e", "https://h/a?'<>\"`{}^|\x7f#`<>\" {}", "https://h/a#b c#d", "https://h/a?b#c#d e", "https://h/a?b?c d",
	"https://h/a b ", "https://h/a \x01", "https://h/a?q \n", "https://h/a#\x7f", "https://h/a/ ", "https://h/a/.. \x1f",
	"https://h/a^b|c{d}`e", "https://h/%zz b", "https://h/a?%zz b", "https://h/a%2fb c", "https://h/a\x00b", "https://h/a?\x00",
	"https://h/a b/..%2e", "https://h/a b/...", "https://h/a b/.%2", "https://h/a b/%2e%2e%2e", "https://h/a b/.a", "https://h/ /%2ex",
	"https://h/ü?", "https://h/a b?", "https://h/a b#", "https://h/a/..?", "https://h/a/..#",
	"wss://h/a b", "ftp://h:21/a b", "ws://h/a b", "https://h:8080/a b",
	"HTTPS://H:443/a b?c d#e f", "https://ü.de/a b", "HTTPS://H\\a/../b", "https://H/./x", "https://H/a\\..", "https://H:443/ü?ü#ü",
}

// Inputs that finishTail leaves to the general parser: a tab or newline
// in what it would write (preprocessing removes it, even inside a dot
// segment), a file URL, an input longer than tailMaxInput.
var tailDeclined = []string{
	"https://h/a\tb c", "https://h/a b\tc", "https://h/.\t./x", "https://h/a?b\nc d", "https://h/a#b\rc", "HTTPS://H/a b\t/c",
	"https://h/a b/" + strings.Repeat("x", tailMaxInput),
}

// tailTakes reports whether Parse hands input over to finishTail and
// finishTail takes it, and the URL it gives.
func tailTakes(input string) (*URL, bool) {
	u := new(URL)
	stop, ok := parseNormalized(input, &u.components)
	if ok {
		return nil, false
	}
	h := handOver{in: int(u.pathStart), stop: stop}
	if h.in == 0 && mayLowerAuthority(input, &u.components) {
		var idn [2 * punyShortDomain]byte
		h.in, h.stop, h.host, h.rewrite = lowerAuthority(input, &u.components, idn[:0])
	}
	if h.in == 0 || u.scheme == schemeFile || h.rewrite && h.stop == len(input) {
		return nil, false
	}
	h.c = &u.components
	if !finishTail(u, input, &h, hrefLimit) {
		return nil, false
	}
	return u, true
}

// TestParseTail: finishTail takes the inputs of tailTaken, declines
// tailDeclined, and gives what the general parser and the reference
// parser give.
func TestParseTail(t *testing.T) {
	for _, in := range append(append([]string{}, tailTaken...), tailDeclined...) {
		t.Run(in, func(t *testing.T) {
			u, taken := tailTakes(in)
			if want := !slices.Contains(tailDeclined, in); taken != want {
				t.Fatalf("taken: %v, want %v", taken, want)
			}
			g, err := generalParse(in, nil)
			if err != nil {
				t.Fatalf("general path: %v", err)
			}
			if taken && (u.href != g.href || u.components != g.components) {
				t.Fatalf("finishTail %q %+v; general path %q %+v", u.href, u.components, g.href, g.components)
			}
			p, err := Parse(in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if p.href != g.href || p.components != g.components {
				t.Fatalf("Parse %q %+v; general path %q %+v", p.href, p.components, g.href, g.components)
			}
			if r := refParseWithBase(in); !refDeviation(r, in) {
				if d := diffReference(p, r); d != "" {
					t.Fatalf("the reference parser: %s", d)
				}
			}
		})
	}
}

// TestParseTailAllocs: a URL that finishTail takes costs one allocation,
// its href (and a second when the caller keeps the URL), its buffer
// sized once: the input's length and 16 bytes more, plus two for each
// byte of the non-ASCII run where the fast path stopped.
func TestParseTailAllocs(t *testing.T) {
	skipIfInvariantChecks(t)
	for _, in := range []string{
		"https://example.com/a/b c/../../d\\e/./f?g h#i j", "HTTPS://Example.COM:443/x/../my file.html?q=a b c",
		"https://example.com/docs/путь/naïve?x=\"y\"", "https://example.com/a/Ελλάδα", "https://ü.de/a b/%7euser",
	} {
		t.Run(in, func(t *testing.T) {
			if _, ok := tailTakes(in); !ok {
				t.Fatal("finishTail declined")
			}
			if got := testing.AllocsPerRun(100, func() {
				if u, err := Parse(in); err == nil {
					sinkInt += len(u.Href())
				}
			}); got != 1 {
				t.Errorf("Parse+Href, URL not kept: %v allocs, want 1", got)
			}
			if got := testing.AllocsPerRun(100, func() { sinkURL, _ = Parse(in) }); got != 2 {
				t.Errorf("Parse, URL kept: %v allocs, want 2", got)
			}
		})
	}
}
