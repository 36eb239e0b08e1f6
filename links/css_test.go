package links

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/weburl/url/internal/cputime"
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

// TestStyleAttrCostsAsStyleElement: the URLs of a long style attribute
// cost about what the same CSS costs in a style element. The attribute's
// text reaches the CSS scanner in pieces as long as a read, and each URL's
// position was counted from its piece's start, not from the URL before
// it: 60 times the element's time on 1 MiB of "background:url(x);".
func TestStyleAttrCostsAsStyleElement(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	css := strings.Repeat("background:url(x);", (256<<10)/18)
	run := func(doc string) func() {
		return func() {
			n := 0
			for _, err := range (LinkExtractor{}).Links(strings.NewReader(doc), "https://example.com/d/") {
				if err != nil {
					t.Fatal(err)
				}
				n++
			}
			if n != (256<<10)/18 {
				t.Fatalf("%d links, want %d", n, (256<<10)/18)
			}
		}
	}
	element, attr := run("<style>p{"+css+"}</style>"), run(`<p style="`+css+`">`)
	var te, ta time.Duration
	for range 3 { // a failure is measured twice more before it counts
		te, ta = cputime.Best(3, element), cputime.Best(3, attr)
		if ta <= 4*te+20*time.Millisecond {
			return
		}
	}
	t.Errorf("the style attribute took %v, the same CSS in a style element %v: more than 4 times", ta, te)
}

// TestStyleAttrPositions: every URL of a long style attribute, over
// lines ending in "\n" (where the URLs of a piece of text are placed one
// from the other) and in "\r\n" and a lone "\r" (which end a piece), read
// whole and a byte at a time, is at the position counted from the
// document's start: its offset, and the line and column there.
func TestStyleAttrPositions(t *testing.T) {
	doc := `<p style="` + strings.Repeat("a:url(x);\nb:url( yy );\n\nc:url(z)", 2000) +
		strings.Repeat("a:url(x);\r\nb:url( yy\r);\nc:url(z)\r", 1000) + `">`
	for name, r := range map[string]func() io.Reader{
		"whole":    func() io.Reader { return strings.NewReader(doc) },
		"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(doc)) },
	} {
		links, err := ExtractLinks(r(), "https://example.com/d/")
		if err != nil {
			t.Fatal(err)
		}
		if len(links) != 9000 {
			t.Fatalf("%s: %d links, want 9000", name, len(links))
		}
		for i, l := range links {
			if !strings.HasPrefix(doc[l.Offset:], l.Raw) {
				t.Fatalf("%s: link %d, %q, at offset %d, where the document has %.12q", name, i, l.Raw, l.Offset, doc[l.Offset:])
			}
			line, col := 1, 1
			for j := 0; j < l.Offset; j++ {
				switch {
				case doc[j] == '\n', doc[j] == '\r' && (j+1 == len(doc) || doc[j+1] != '\n'):
					line, col = line+1, 1
				default:
					col++
				}
			}
			if l.Line != line || l.Col != col {
				t.Fatalf("%s: link %d, %q, at %d:%d, want %d:%d", name, i, l.Raw, l.Line, l.Col, line, col)
			}
		}
	}
}
