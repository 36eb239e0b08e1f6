package url

import (
	"strings"
	"testing"
)

// canParseGrid returns inputs and bases that exercise what CanParse
// reads in place (tabs, newlines, invalid UTF-8) and its stand-in bases.
func canParseGrid() (inputs, bases []string) {
	inputs = append(append(append([]string{}, copiedInputs...), tabbedInputs...),
		"other.html", "../up?q", "//cdn.example.net/x.js", "#top", "?q", "", "/C:/x", "C|\t/x", "\\\\h\\x",
		"https://h/\xe2%82%ac", "https://\xe2%82%ac/", "https://\xe2\t%82%ac/", "https://%e2%82%ac/",
		"sc:\xff", "sc:/\xff", "sc://\xff\t/", "https://h:8\t0/", "https://h:\xff/", "https://[::\xff]/",
		"file:\xff", "file://\xff/", "file:C\t|/x", "https:\xff", "https:h\xff/", "//\xff\t/", "/\t/h/p",
	)
	inputs = append(inputs, canParseIDNInputs...)
	bases = append(append([]string{"https://example.com/dir/page.html", "file:///C:/dir/", "sc:opaque"}, nonNormalBases...), tabbedInputs...)
	return inputs, bases
}

// TestCanParseAgrees: CanParse agrees with Parse on the grid, without a
// base and against each base.
func TestCanParseAgrees(t *testing.T) {
	inputs, bases := canParseGrid()
	for _, in := range inputs {
		for _, base := range append([]string{""}, bases...) {
			var bs []string
			if base != "" {
				bs = []string{base}
			}
			_, err := Parse(in, bs...)
			if got := CanParse(in, bs...); got != (err == nil) {
				t.Errorf("CanParse(%q, %.40q) = %v; Parse error: %v", in, base, got, err)
			}
		}
	}
}

// TestCanParseNearLimit: around a lowered href limit, where the upper
// bounds CanParse keeps for invalid UTF-8 read in place, for the rest
// of an input after its copied part, and for a stand-in base decide,
// CanParse still agrees with Parse.
func TestCanParseNearLimit(t *testing.T) {
	const limit = 120
	lowerHrefLimit(t, limit)
	var inputs []string
	for n := 0; n <= limit; n += 7 {
		inputs = append(inputs,
			"https://h/"+strings.Repeat("\xff", n/9),
			"https://h/"+strings.Repeat("a", n)+"\t\xff",
			"https://h\t/"+strings.Repeat("\xff", n/9),
			"https://h\t/"+strings.Repeat("a\t", n/2),
			strings.Repeat("a", n),
			"?"+strings.Repeat("\xff", n/9),
			"#"+strings.Repeat("a", n),
			"../"+strings.Repeat("a", n),
			"/"+strings.Repeat("a", n)+"?q",
			"./"+strings.Repeat("a", n)+"#f",
		)
	}
	bases := []string{"", "https://h/", "HTTPS://H/a", "https://h/\xff\xff", "sc:op\xff", "file:///C|/"}
	for n := 0; n <= limit; n += 11 {
		bases = append(bases, "HTTPS://H/"+strings.Repeat("b", n), "https://h/?"+strings.Repeat("\xff", n/9))
	}
	for _, in := range inputs {
		for _, base := range bases {
			var bs []string
			if base != "" {
				bs = []string{base}
			}
			_, err := Parse(in, bs...)
			if got := CanParse(in, bs...); got != (err == nil) {
				t.Errorf("CanParse(%q, %q) = %v; Parse error: %v", in, base, got, err)
			}
		}
	}
}

// canParseIDNInputs are URLs with internationalized and upper-case hosts and
// default ports, which Parse takes by its fast path for them
// (lowerAuthority), some with what makes the host fail or the rest of
// the input take the general parser.
var canParseIDNInputs = []string{
	"https://münchen.de/a?b#c", "https://www.例え.jp/", "HTTPS://ПРАВИТЕЛЬСТВО.РФ:443/x", "https://maß.de\\a",
	"https://παράδειγμα.δοκιμή/a b/\xff?q=ü#ü", "https://مثال.إختبار/", "https://Example.COM:8080/p\t/q",
	"https://münchen.de", "https://münchen.de:0/", "https://münchen.de:99999/", "https://mün chen.de/",
	"https://xn--a.münchen.de/", "https://a.مثال1/", "https://münchen.1/", "https://münchen.de\xff/",
	"file://münchen.de/C:/x", "ws://MÜNCHEN.de:80/", "sc://münchen.de/", "https://m\u00ADünchen.de/",
	"https://münchen.de/" + strings.Repeat("\xff", 20),
}

// TestCanParseIDNAllocs: CanParse takes Parse's fast path for
// internationalized hosts, and so allocates nothing for them, as it
// allocates nothing for ASCII hosts.
func TestCanParseIDNAllocs(t *testing.T) {
	skipIfInvariantChecks(t)
	for _, in := range []string{"https://münchen.de/a?b#c", "https://www.例え.jp/", "HTTPS://ПРАВИТЕЛЬСТВО.РФ:443/x"} {
		t.Run(in, func(t *testing.T) {
			if !CanParse(in) {
				t.Fatal("CanParse = false")
			}
			if got := testing.AllocsPerRun(100, func() { CanParse(in) }); got != 0 {
				t.Errorf("CanParse: %v allocs, want 0", got)
			}
		})
	}
}
