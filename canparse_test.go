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
