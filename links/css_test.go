package links

import (
	"fmt"
	"strings"
	"testing"
)

// TestCSSURLs checks the URLs found in CSS text, each with its start and
// whether it is written as it is, against CSS Syntax's tokenizer.
func TestCSSURLs(t *testing.T) {
	for _, tc := range []struct {
		css  string
		want []string // "url@start" or "url@start~" when escaped
	}{
		{`a{background:url(x.png)}`, []string{"x.png@17"}},
		// Whitespace inside the parentheses is not part of the URL.
		{`a{background:url(  x.png  )}`, []string{"x.png@19"}},
		// Quoted: url() with a string argument.
		{`a{b:url("x y.png")} c{d:url( 'z' )}`, []string{"x y.png@9", "z@30"}},
		// Escapes in the URL, the string and the function's name.
		{`a{b:url(x\).png)} c{d:u\72l(y)} e{f:url("\41 b")}`, []string{"x).png@8~", "y@28", "Ab@41~"}},
		// @import with a string or a url(); other at-rules' strings are not URLs.
		{`@import "a.css"; @import url(b.css); @charset "utf-8"; @IMPORT 'c.css';`, []string{"a.css@9", "b.css@29", "c.css@64"}},
		// Comments hide; a string is not a url(); bad URLs are dropped.
		{`/* url(no) */ a{content:"url(no)"} b{c:url(a b)} d{e:url(a"b)} f{g:url(ok)}`, []string{"ok@71"}},
		// A dimension's unit, a hash and a longer name are not url().
		{`a{b:3url(no); c:#url(no); d:myurl(no); e:-url(no)}`, nil},
		// A newline in a string makes it bad: no URL.
		{"@import \"a\nb\"; x{y:url(\"c\nd\")}", nil},
		// Unclosed at the end: still a URL.
		{`a{b:url(x`, []string{"x@8"}},
		{`@import "y`, []string{"y@9"}},
		// An escaped newline continues a string.
		{"@import \"a\\\nb\";", []string{"ab@9~"}},
	} {
		t.Run(tc.css, func(t *testing.T) {
			var got []string
			cssURLs(tc.css, func(u cssURL) {
				s := fmt.Sprintf("%s@%d", u.url, u.start)
				if !u.exact {
					s += "~"
				} else if !strings.HasPrefix(tc.css[u.start:], u.url) {
					t.Errorf("%q marked exact, the text at %d is %q", u.url, u.start, tc.css[u.start:])
				}
				got = append(got, s)
			})
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			for step := 1; step <= 4; step++ {
				if g := cssURLsInPieces(tc.css, step); g != fmt.Sprint(got) {
					t.Errorf("in pieces of %d bytes: %s, at once %s", step, g, got)
				}
			}
		})
	}
}

// cssURLsInPieces finds the URLs of css with a cssStream that is given
// step more bytes at a time, as a style element's text is read, and
// returns them as TestCSSURLs prints them.
func cssURLsInPieces(css string, step int) string {
	var got []string
	var cs cssStream
	fed := 0
	for end := 0; end < len(css); {
		end = min(end+step, len(css))
		from := fed
		fed += cs.scan(css[fed:end], end == len(css), func(u cssURL) {
			s := fmt.Sprintf("%s@%d", u.url, from+u.start)
			if !u.exact {
				s += "~"
			}
			got = append(got, s)
		})
	}
	return fmt.Sprint(got)
}

// FuzzCSSURLs: any CSS text, no panic, bounded work, and every exact
// URL is the text at its start.
func FuzzCSSURLs(f *testing.F) {
	for _, s := range []string{`a{b:url(x)}`, `@import "a";`, `u\72l(  "x" )`, `url(\`, `"\`, `/*`, `1e3url(x)`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, css string) {
		var all []string
		cssURLs(css, func(u cssURL) {
			all = append(all, fmt.Sprintf("%s@%d", u.url, u.start))
			if !u.exact {
				all[len(all)-1] += "~"
			}
			if u.start < 0 || u.start > len(css) {
				t.Fatalf("start %d out of the text", u.start)
			}
			if u.exact && !strings.HasPrefix(css[u.start:], u.url) {
				t.Errorf("%q marked exact, the text at %d is %q", u.url, u.start, css[u.start:])
			}
		})
		// Read in pieces, as a style element's text streams: the same.
		for _, step := range []int{1, 7} {
			if g := cssURLsInPieces(css, step); g != fmt.Sprint(all) {
				t.Errorf("in pieces of %d bytes: %s, at once %v", step, g, all)
			}
		}
	})
}
