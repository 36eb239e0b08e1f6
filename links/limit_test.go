package links

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestMaxValueBytes checks that each kind of value longer than
// MaxValueBytes is one Link with a *ValueTooLongError, and that the
// links after it are found as they are without the limit: read at once,
// when the value is whole in the window, and a byte at a time, when the
// extractor drops it as it reads it (a CSS token skipped to its end).
func TestMaxValueBytes(t *testing.T) {
	const limit = 64
	long := strings.Repeat("a", 300)
	for _, c := range []struct {
		doc  string
		want []string // tag, attr and raw of each link; "!" for a ValueTooLongError
		// wantStream, if not nil, is want when the document is read a
		// byte at a time: a url() is reported once it passes the limit,
		// before what follows may make it a bad URL (which is no link)
		// or a function whose string argument is short.
		wantStream []string
	}{
		{`<a href="` + long + `"><a href=ok>`, []string{"a href !", "a href ok"}, nil},
		{`<a href=` + long + `><a href=ok>`, []string{"a href !", "a href ok"}, nil},
		{`<a href="` + strings.Repeat("&amp;", 60) + `"><a href=ok>`, []string{"a href !", "a href ok"}, nil},
		{`<a ping="` + long + ` x"><a href=ok>`, []string{"a ping !", "a href ok"}, nil},
		{`<meta http-equiv=refresh content="0; url=` + long + `"><a href=ok>`, []string{"meta content !", "a href ok"}, nil},
		{`<img srcset="` + long + ` 1x, ok 2x">`, []string{"img srcset !", "img srcset ok"}, nil},
		{`<img srcset="` + long + `,, ok">`, []string{"img srcset !", "img srcset ok"}, nil},
		{`<img srcset="` + long + `,ok">`, []string{"img srcset !"}, nil},
		{`<img srcset="a ` + strings.Repeat("1", 300) + `x, ok 2x">`, []string{"img srcset ok"}, nil},
		{`<img srcset="a (` + long + `), ok 2x">`, []string{"img srcset ok"}, nil},
		{`<style>a{b:url(` + long + `)} c{d:url(ok)}</style>`, []string{"style  !", "style  ok"}, nil},
		{`<style>a{b:url(` + long + `\)` + long + `)} c{d:url(ok)}</style>`, []string{"style  !", "style  ok"}, nil},
		{`<style>a{b:url(` + long + ` x)} c{d:url(ok)}</style>`, []string{"style  ok"}, []string{"style  !", "style  ok"}},
		{`<style>a{b:u\72l(` + long + `)} c{d:url(ok)}</style>`, []string{"style  !", "style  ok"}, nil},
		{`<style>@import "` + long + `"; a{b:url(ok)}</style>`, []string{"style  !", "style  ok"}, nil},
		{`<style>@import '` + long + `\'` + long + `'; a{b:url(ok)}</style>`, []string{"style  !", "style  ok"}, nil},
		{`<style>a{content:"` + long + `"} b{c:url(ok)}</style>`, []string{"style  ok"}, nil},
		{"<style>a{content:\"" + long + "\n} b{c:url(ok)}</style>", []string{"style  ok"}, nil},
		{"<style>a{content:\"" + long + "\\\r\n" + long + "\"} b{c:url(ok)}</style>", []string{"style  ok"}, nil},
		{`<style>a{b:url( "` + long + `" )} c{d:url(ok)}</style>`, []string{"style  !", "style  ok"}, nil},
		{`<style>a{b:url(` + strings.Repeat(" ", 300) + `"x")} c{d:url(ok)}</style>`, []string{"style  x", "style  ok"}, []string{"style  !", "style  ok"}},
		{`<p style="b:url(` + long + `);c:url(ok)">`, []string{"p style !", "p style ok"}, nil},
		{`<svg><style>a{b:url(` + long + `)} c{d:url(ok)}</style></svg>`, []string{"style  !", "style  ok"}, nil},
		{`<base href="` + long + `"><a href=ok>`, []string{"base href !", "a href ok"}, nil},
		// NULs become U+FFFD: no raw is the mark of a value too long.
		{"<a href=\"\x00\"><img srcset=\"\x00\"><style>a{b:url(\x00)}</style><p style='b:url(\x00)'>", []string{"a href \uFFFD", "img srcset \uFFFD", "style  \uFFFD", "p style \uFFFD"}, nil},
	} {
		t.Run(c.doc, func(t *testing.T) {
			for _, r := range []struct {
				name string
				r    func() io.Reader
			}{
				{"at once", func() io.Reader { return strings.NewReader(c.doc) }},
				// After the first 1024 bytes, which the encoding sniffer
				// reads at once.
				{"byte by byte", func() io.Reader {
					return iotest.OneByteReader(strings.NewReader("<!--" + strings.Repeat("-", 1024) + "-->" + c.doc))
				}},
			} {
				links, err := LinkExtractor{MaxValueBytes: limit}.Extract(r.r(), "https://example.com/d/")
				if err != nil {
					t.Fatalf("%s: %v", r.name, err)
				}
				var got []string
				for _, l := range links {
					raw := l.Raw
					var tl *ValueTooLongError
					if errors.As(l.Err, &tl) {
						if raw != "" || l.URL != nil || tl.Limit != limit {
							t.Errorf("%s: a value too long: Raw %q, URL %v, limit %d", r.name, raw, l.URL, tl.Limit)
						}
						raw = "!"
					} else if l.URL != nil && raw == "ok" && l.URL.Href() != "https://example.com/d/ok" {
						t.Errorf("%s: ok resolved to %s", r.name, l.URL.Href())
					}
					got = append(got, fmt.Sprintf("%s %s %s", l.Tag, l.Attr, raw))
				}
				want := c.want
				if r.name == "byte by byte" && c.wantStream != nil {
					want = c.wantStream
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: got %q, want %q", r.name, got, want)
				}
			}
		})
	}
}

// TestMaxValueBytesNone checks that a negative MaxValueBytes reads a
// value of any length, and that the zero value's limit is
// DefaultMaxValueBytes.
func TestMaxValueBytesNone(t *testing.T) {
	long := strings.Repeat("a", DefaultMaxValueBytes+1)
	for _, c := range []struct {
		max     int
		tooLong bool
	}{{0, true}, {-1, false}, {DefaultMaxValueBytes + 1, false}} {
		t.Run(fmt.Sprint(c.max), func(t *testing.T) {
			links, err := LinkExtractor{MaxValueBytes: c.max}.Extract(strings.NewReader(`<a href="`+long+`">`), "https://example.com/d/")
			if err != nil || len(links) != 1 {
				t.Fatal(len(links), err)
			}
			var tl *ValueTooLongError
			if errors.As(links[0].Err, &tl) != c.tooLong || !c.tooLong && links[0].Raw != long {
				t.Errorf("Err %v, Raw of %d bytes", links[0].Err, len(links[0].Raw))
			}
		})
	}
}

// FuzzMaxValueBytes reads documents with a limit of 16 bytes, at once
// and a byte at a time: no panic, each link has a URL, an error or is a
// value too long, none is longer than the limit, and each link that is
// not too long is one the extractor finds without a limit, at the same
// place (a value skipped as it is read is skipped to its end).
func FuzzMaxValueBytes(f *testing.F) {
	long := strings.Repeat("a", 20)
	for _, s := range []string{
		`<a href=` + long + `><a href=x>`, `<img srcset="` + long + ` 1x, b 2x">`, `<a ping="x ` + long + `">`,
		`<style>a{b:url(` + long + `\)` + long + `)} c{d:url(x)}</style>`, `<style>@import "` + long + "\\\n" + long + `"; @import "y";</style>`,
		`<p style="b:url( '` + long + `' );c:url(x)">`, `<svg><style>a{b:url(` + long + `)} c{d:url(x)}</style></svg>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		const limit = 16
		free, err := LinkExtractor{MaxValueBytes: -1}.Extract(strings.NewReader(doc), "https://example.com/d/")
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]int{}
		for _, l := range free {
			found[linkDump(l)]++
		}
		for _, r := range []io.Reader{strings.NewReader(doc), iotest.OneByteReader(strings.NewReader(doc))} {
			links, err := LinkExtractor{MaxValueBytes: limit}.Extract(r, "https://example.com/d/")
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]int{}
			for _, l := range links {
				var tl *ValueTooLongError
				switch {
				case errors.As(l.Err, &tl):
					continue
				case (l.URL == nil) == (l.Err == nil):
					t.Errorf("%q: URL %v and Err %v", l.Raw, l.URL, l.Err)
				case len(l.Raw) > limit:
					t.Errorf("%q: longer than the limit", l.Raw)
				}
				d := linkDump(l)
				if seen[d]++; seen[d] > found[d] {
					t.Errorf("%s: not found without a limit", d)
				}
			}
		}
	})
}
