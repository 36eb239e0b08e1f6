package urlpattern

import (
	"reflect"
	"slices"
	"strings"
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

// TestWildcardComponent holds compile's shortcut for the component
// pattern "*" to what the standard's steps make of it, under each
// options (the scan's delimiter aside: a "*" does not read it).
func TestWildcardComponent(t *testing.T) {
	for _, o := range []options{defaultOptions, hostnameOptions, pathnameOptions, {ignoreCase: true}} {
		parts, err := parsePatternString("*", o, canonicalizePathname)
		if err != nil {
			t.Fatal(err)
		}
		var cc compiledComponent
		if err := cc.compile(componentPathname, "*", canonicalizePathname, o); err != nil {
			t.Fatal(err)
		}
		fast, _ := newFastMatcher(parts, fixedAlternatives(parts, o), o)
		fast.delimiter = 0
		if !reflect.DeepEqual(parts, cc.parts) || !reflect.DeepEqual(nameList(parts), cc.groupNames) ||
			!reflect.DeepEqual(fast, *cc.fast) || generatePatternString(parts, o) != cc.patternString ||
			fixedHead(parts, o) != cc.fixedHead || fixedAlternatives(parts, o) != nil || cc.literals != nil {
			t.Errorf("%+v: the shortcut differs: %+v %v %+v", o, parts, nameList(parts), fast)
		}
		if tail, aligned := fixedTail(parts, o); tail != cc.fixedTail || aligned != cc.fixedTailAligned {
			t.Errorf("%+v: fixedTail %q %v", o, tail, aligned)
		}
		if len(cc.emptyUnmatched) != 1 || cc.emptyUnmatched[0] != (parts[0].modifier == modifierOptional && parts[0].prefix == "" && parts[0].suffix == "") {
			t.Errorf("%+v: emptyUnmatched %v", o, cc.emptyUnmatched)
		}
		for _, in := range []string{"", "a/b", "é", "a\nb"} {
			// ECMAScript's "." does not match a line terminator.
			if ok, _ := cc.exec(in, false); ok != !strings.Contains(in, "\n") {
				t.Errorf("%+v: %q matches: %v", o, in, ok)
			}
		}
	}
}
