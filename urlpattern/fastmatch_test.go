package urlpattern

import (
	"slices"
	"testing"
)

func TestFixedAlternatives(t *testing.T) {
	identity := func(s string) (string, error) { return s, nil }
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"http{s}?", []string{"http", "https"}},
		{"{www.}?example.com", []string{"example.com", "www.example.com"}},
		{"a{b}?c{d}?", []string{"ac", "abc", "acd", "abcd"}},
		{"http{s}*", nil},             // infinitely many
		{"http:x", nil},               // a group
		{"{a}?{b}?{c}?{d}?{e}?", nil}, // 32 strings, over the bound
	} {
		parts, err := parsePatternString(tt.in, defaultOptions, identity)
		if err != nil {
			t.Fatal(err)
		}
		got := fixedAlternatives(parts, defaultOptions)
		slices.Sort(got)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", tt.in, got, want)
		}
	}
}

// TestFastMatchAgrees holds the scans to the regular expressions on a
// table of components and inputs (FuzzTestExec does so on any).
func TestFastMatchAgrees(t *testing.T) {
	for _, tt := range []struct {
		pattern string
		inputs  []string
	}{
		{"http{s}?://h", []string{"http://h", "https://h", "httpss://h", "ftp://h"}},
		{"https://*.example.com/books/:id/*", []string{"https://a.example.com/books/1/x", "https://example.com/books/1/x", "https://a.b.example.com/books//x", "https://a.example.com/books/1"}},
		{"https://{www.}?example.com/:a/:b", []string{"https://www.example.com/x/y", "https://example.com/x/y", "https://wwwexample.com/x/y", "https://example.com/x/y/z"}},
	} {
		p := MustNew(tt.pattern)
		for _, in := range tt.inputs {
			u := componentsOfURLString(t, in)
			for c := range numComponents {
				cc := &p.components[c]
				if cc.fast == nil {
					continue
				}
				ok, decided, _ := cc.fast.match(u[c], cc.groupNames, true)
				if decided && ok != cc.regexp().MatchString(u[c]) {
					t.Errorf("%s %s on %q: scan %v, regexp %v", tt.pattern, component(c), u[c], ok, !ok)
				}
			}
		}
	}
}

func componentsOfURLString(t *testing.T, s string) [numComponents]string {
	v, ok := componentsOfString(s, nil)
	if !ok {
		t.Fatalf("%q does not parse", s)
	}
	return v
}
