package links

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/net/html"

	url "github.com/weburl/url"

	"github.com/weburl/url/internal/cputime"

	"github.com/weburl/url/internal/ascii"
)

// linkString is a Link in one line, for comparisons:
// "LINE:COL tag attr raw -> href" or "... -> error: KIND".
func linkString(l Link) string {
	s := fmt.Sprintf("%s %s %s %q -> ", l.Position, l.Tag, l.Attr, l.Raw)
	if l.Err != nil {
		var ve *url.ValidationError
		errors.As(l.Err, &ve)
		return s + "error: " + ve.Kind.String()
	}
	return s + l.URL.Href()
}

func TestExtractLinks(t *testing.T) {
	const doc = "https://example.com/dir/page.html"
	tests := []struct {
		name string
		html string
		want []string
	}{
		// The plain case, with a character reference decoded.
		{"a href", `<a href="/x?a=1&amp;b=2">x</a>`,
			[]string{`1:10 a href "/x?a=1&b=2" -> https://example.com/x?a=1&b=2`}},
		// Leading and trailing whitespace, newlines included, are not
		// part of the URL; the position is that of its first byte.
		{"whitespace around", "<a href=\"\n   rel.html \t\n\">",
			[]string{`2:4 a href "rel.html" -> https://example.com/dir/rel.html`}},
		// A tab or newline inside is removed by the URL parser.
		{"newline inside", "<a href='/a\n/b'>",
			[]string{`1:10 a href "/a\n/b" -> https://example.com/a/b`}},
		// <base href> is resolved against the document URL and applies
		// to the links before it too; its own href is a link.
		{"base after links", `<a href=x></a><base href="../other/"><img src=y.png>`,
			[]string{
				`1:9 a href "x" -> https://example.com/other/x`,
				`1:27 base href "../other/" -> https://example.com/other/`,
				`1:47 img src "y.png" -> https://example.com/other/y.png`,
			}},
		// Only the first base element with an href counts.
		{"first base with href", `<base target=_blank><base href=/b1/><base href=/b2/><a href=z>`,
			[]string{
				`1:32 base href "/b1/" -> https://example.com/b1/`,
				`1:48 base href "/b2/" -> https://example.com/b2/`,
				`1:61 a href "z" -> https://example.com/b1/z`,
			}},
		// A base href that fails to parse leaves the document URL.
		{"failing base", `<base href="http://a b/"><a href=z>`,
			[]string{
				`1:13 base href "http://a b/" -> error: domain-to-ASCII`,
				`1:34 a href "z" -> https://example.com/dir/z`,
			}},
		// Tag and attribute names in any case; unquoted values.
		{"upper case, unquoted", `<A HREF=/up>x</A><IMG SRC=i.png ALT=x>`,
			[]string{
				`1:9 a href "/up" -> https://example.com/up`,
				`1:27 img src "i.png" -> https://example.com/dir/i.png`,
			}},
		// A tag over several lines; the column counts bytes, é is two.
		{"multi-line tag", "<p>é</p>\n<img\n  alt=\"é\"\n  src = \"pic.png\"\n>",
			[]string{`4:10 img src "pic.png" -> https://example.com/dir/pic.png`}},
		// srcset: candidates split on commas and whitespace, a comma
		// inside a URL kept, descriptors dropped, a candidate with a
		// bad descriptor skipped as browsers skip it.
		{"srcset", `<img srcset="a.png 1x, b,c.png 2x,d.png, data:image/png;base64,AA== 100w, e.png 3q, f.png,g.png">`,
			[]string{
				`1:14 img srcset "a.png" -> https://example.com/dir/a.png`,
				`1:24 img srcset "b,c.png" -> https://example.com/dir/b,c.png`,
				`1:35 img srcset "d.png" -> https://example.com/dir/d.png`,
				`1:42 img srcset "data:image/png;base64,AA==" -> data:image/png;base64,AA==`,
				`1:85 img srcset "f.png,g.png" -> https://example.com/dir/f.png,g.png`,
			}},
		// srcset on source and link imagesrcset; srcset descriptors in
		// parentheses (future ones) are skipped whole.
		{"source srcset", `<picture><source srcset="s.webp 480w (max-width: 1px), t.webp 800w"></picture><link rel=preload imagesrcset="u.png 1.5x">`,
			[]string{
				`1:56 source srcset "t.webp" -> https://example.com/dir/t.webp`,
				`1:110 link imagesrcset "u.png" -> https://example.com/dir/u.png`,
			}},
		// The other URL-valued attributes.
		{"kinds", `<link rel=stylesheet href=s.css><script src=j.js></script><iframe src=f.html></iframe>` +
			`<video poster=p.jpg src=v.mp4><track src=t.vtt></video><audio src=a.ogg></audio><embed src=e.swf>` +
			`<object data=o.pdf></object><form action=/post><button formaction=/other>b</button></form>` +
			`<blockquote cite=/q1></blockquote><q cite=/q2></q><del cite=/d></del><ins cite=/i></ins><area href=ar>`,
			[]string{
				`1:27 link href "s.css" -> https://example.com/dir/s.css`,
				`1:45 script src "j.js" -> https://example.com/dir/j.js`,
				`1:71 iframe src "f.html" -> https://example.com/dir/f.html`,
				`1:101 video poster "p.jpg" -> https://example.com/dir/p.jpg`,
				`1:111 video src "v.mp4" -> https://example.com/dir/v.mp4`,
				`1:128 track src "t.vtt" -> https://example.com/dir/t.vtt`,
				`1:153 audio src "a.ogg" -> https://example.com/dir/a.ogg`,
				`1:178 embed src "e.swf" -> https://example.com/dir/e.swf`,
				`1:197 object data "o.pdf" -> https://example.com/dir/o.pdf`,
				`1:225 form action "/post" -> https://example.com/post`,
				`1:250 button formaction "/other" -> https://example.com/other`,
				`1:291 blockquote cite "/q1" -> https://example.com/q1`,
				`1:316 q cite "/q2" -> https://example.com/q2`,
				`1:334 del cite "/d" -> https://example.com/d`,
				`1:353 ins cite "/i" -> https://example.com/i`,
				`1:373 area href "ar" -> https://example.com/dir/ar`,
			}},
		// input src only with type=image (in any case).
		{"input", `<input type=text src=no.png><input TYPE=" Image " src=yes.png formaction=/go>`,
			[]string{
				`1:55 input src "yes.png" -> https://example.com/dir/yes.png`,
				`1:74 input formaction "/go" -> https://example.com/go`,
			}},
		// Script, style, textarea and comments are not markup.
		{"not markup", `<script>var s = '<a href="/no1">';</script><style>/* <a href="/no2"> */</style>` +
			`<!-- <a href="/no3"> --><textarea><a href="/no4"></textarea><a href=/yes>`,
			[]string{`1:148 a href "/yes" -> https://example.com/yes`}},
		// Links inside template and noscript are returned; a base
		// element inside them does not count.
		{"template and noscript", `<template><base href=/t/><a href=t1></template><noscript><base href=/n/><img src=n1></noscript><a href=z>`,
			[]string{
				`1:22 base href "/t/" -> https://example.com/t/`,
				`1:34 a href "t1" -> https://example.com/dir/t1`,
				`1:69 base href "/n/" -> https://example.com/n/`,
				`1:82 img src "n1" -> https://example.com/dir/n1`,
				`1:104 a href "z" -> https://example.com/dir/z`,
			}},
		// A byte order mark counts in the offset, not in the column.
		{"BOM", "\uFEFF<a href=x>", []string{`1:9 a href "x" -> https://example.com/dir/x`}},
		// CRLF and lone CR end lines.
		{"CRLF", "<p>\r\n<a\rhref=x>", []string{`3:6 a href "x" -> https://example.com/dir/x`}},
		// A repeated attribute: the first counts (HTML drops the rest).
		{"repeated attribute", `<a href=first href=second>`,
			[]string{`1:9 a href "first" -> https://example.com/dir/first`}},
		// An empty href is the base URL itself; a link that fails to
		// parse is returned with its error.
		{"empty and failing", `<a href="">e</a><a href="https://[::1">f</a>`,
			[]string{
				`1:10 a href "" -> https://example.com/dir/page.html`,
				`1:26 a href "https://[::1" -> error: IPv6-unclosed`,
			}},
		// Attributes of end tags and of other elements are not links.
		{"other attributes", `<div href=/no data=/no></a href=/no><img data-src=/no>`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// As UTF-8, so that positions are the file's (a page that
			// declares no encoding is windows-1252, decoded).
			links, err := LinkExtractor{Charset: "utf-8"}.Extract(strings.NewReader(tt.html), doc)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range links {
				got = append(got, linkString(l))
				checkLinkPosition(t, tt.html, l)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// checkLinkPosition checks that l's Line and Col agree with its Offset
// in doc and, when Raw is written as it is, that it is there. It costs
// O(log lines) per link, after one pass over doc, so that fuzzing a
// document of many links stays linear.
func checkLinkPosition(t *testing.T, doc string, l Link) {
	t.Helper()
	checkLinkPositionIn(t, newLineIndex(doc), doc, l)
}

func checkLinkPositionIn(t *testing.T, lines lineIndex, doc string, l Link) {
	t.Helper()
	if l.Offset < 0 || l.Offset > len(doc) {
		t.Fatalf("%v: offset %d out of the document", l.Raw, l.Offset)
	}
	if line, col := lines.position(l.Offset); l.Line != line || l.Col != col {
		t.Errorf("%q: at %d:%d, offset %d is %d:%d", l.Raw, l.Line, l.Col, l.Offset, line, col)
	}
	if l.exact && !strings.HasPrefix(doc[l.Offset:], l.Raw) {
		t.Errorf("%q is marked exact, the document has %q at offset %d", l.Raw, doc[l.Offset:min(len(doc), l.Offset+len(l.Raw))], l.Offset)
	}
}

// A lineIndex holds the offsets where a document's lines start, as
// ExtractLinks counts them: after a byte order mark, a line ends at LF,
// CRLF or a lone CR, and columns count bytes from 1.
type lineIndex []int

func newLineIndex(doc string) lineIndex {
	start := 0
	if strings.HasPrefix(doc, "\uFEFF") {
		start = 3
	}
	starts := lineIndex{start}
	for i := start; i < len(doc); i++ {
		if doc[i] == '\n' || doc[i] == '\r' && (i+1 == len(doc) || doc[i+1] != '\n') {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// position returns the 1-based line and column of offset.
func (starts lineIndex) position(offset int) (line, col int) {
	if offset <= starts[0] {
		return 1, 1
	}
	n := sort.SearchInts(starts, offset+1) // the line starts at or before offset
	return n, offset - starts[n-1] + 1
}

// TestExtractLinksValidation checks that each validation error is
// placed at its line and column, exactly when the attribute is written
// as it is, at the value's start when a character reference changed it.
func TestExtractLinksValidation(t *testing.T) {
	const html = "<a href=\"https://example.com/a b\">\n" +
		"<a href='/x\n\t/y'>\n" +
		"<a href=\"https://example.com/&amp;a b\">\n" +
		"<a href=\"https://u:p@example.com/\">"
	links, err := LinkExtractor{Validate: true}.Extract(strings.NewReader(html), "https://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range links {
		for _, e := range l.ValidationErrors {
			got = append(got, fmt.Sprintf("%s %s", l.PositionOf(e.Offset), e.Kind))
		}
	}
	want := strings.Join([]string{
		"1:31 invalid-URL-unit",    // the space
		"2:12 invalid-URL-unit",    // the newline inside the value, at the end of line 2
		"4:10 invalid-URL-unit",    // "&amp;": the value's start
		"5:21 invalid-credentials", // at the "@"
	}, "\n")
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("got\n%s\nwant\n%s", g, want)
	}
}

// TestExtractLinksNoValidation: without Validate, no validation errors.
func TestExtractLinksNoValidation(t *testing.T) {
	links, err := ExtractLinks(strings.NewReader(`<a href="https://example.com/a b">`), "https://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	if len(links) != 1 || links[0].ValidationErrors != nil {
		t.Errorf("links = %+v, want one without validation errors", links)
	}
}

// TestExtractLinksBadDocumentURL: a document URL that does not parse is
// the error of Extract.
func TestExtractLinksBadDocumentURL(t *testing.T) {
	_, err := ExtractLinks(strings.NewReader(`<a href=x>`), "not a url")
	var e *url.Error
	if !errors.As(err, &e) || !errors.Is(err, url.MissingSchemeNonRelativeURL) {
		t.Errorf("err = %v, want an *Error with missing-scheme-non-relative-URL", err)
	}
}

// TestExtractLinksPage runs over the sample page in testdata/links and
// checks every link's position.
func TestExtractLinksPage(t *testing.T) {
	b, err := os.ReadFile("testdata/page.html")
	if err != nil {
		t.Fatal(err)
	}
	links, err := LinkExtractor{Validate: true}.Extract(strings.NewReader(string(b)), "https://docs.example.org/guide/install.html")
	if err != nil {
		t.Fatal(err)
	}
	if len(links) < 30 {
		t.Errorf("%d links, want at least 30", len(links))
	}
	for _, l := range links {
		checkLinkPosition(t, string(b), l)
	}
}

// FuzzExtractLinks: any document, no panic, and every link's position
// agrees with its offset and, when exact, with the document's bytes.
func FuzzExtractLinks(f *testing.F) {
	for _, s := range []string{
		`<a href=x>`, "<a\nhref = ' y '\n>", `<img srcset="a 1x, b 2x">`, `<base href=/b/><a href=c>`,
		`<a =href=x href=y>`, `<a href="x`, `<noscript><a href=x></noscript>`, "\uFEFF<a href=&amp;x>",
		`<a / href=x/>`, `<input type=image src=x>`, "<a href=x\r\n\rhref=y>",
		`<svg><a xlink:href=x><style>a{}</style><![CDATA[<a href=y>]]></svg>`, `<p style="background:url( 'a\62 c' )">`,
		`<style>@import "x.css"; b{background:u\72l(y)}</style>`, `<meta http-equiv=Refresh content="0;URL='/n'">`,
		"<script><!--<script></script>--></script><a ping='p q'>", "<meta charset=shift_jis><a href=\x8c\x9f>",
		`<svg><style>a{b:url(&quot;x&quot;)}<![CDATA[c{d:url(y)}]]><g>e{f:url(z)}</g></style></svg>`,
		`<math><a href=x><mtext><a href=y></mtext><annotation-xml encoding=TEXT/HTML><a href=z></annotation-xml></math>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		// Sniffed (the fuzzer's bytes can look like any encoding): no
		// panic, and each link has a URL or an error.
		sniffed, err := LinkExtractor{}.Extract(strings.NewReader(doc), "https://example.com/d/")
		if err != nil {
			t.Fatal(err)
		}
		// In whatever encoding it was read (but UTF-16, whose newlines
		// are two bytes), positions are in the file's bytes: lines and
		// columns agree with the offset, and an exact link is the
		// file's bytes there.
		utf16 := strings.HasPrefix(doc, "\xFE\xFF") || strings.HasPrefix(doc, "\xFF\xFE")
		sniffedLines := newLineIndex(doc)
		for _, l := range sniffed {
			if (l.URL == nil) == (l.Err == nil) {
				t.Errorf("%q: URL %v and Err %v", l.Raw, l.URL, l.Err)
			}
			if !utf16 {
				checkLinkPositionIn(t, sniffedLines, doc, l)
			}
		}
		// Read a byte at a time: the same links.
		bytewise, err := LinkExtractor{}.Extract(iotest.OneByteReader(strings.NewReader(doc)), "https://example.com/d/")
		if err != nil {
			t.Fatal(err)
		}
		if len(bytewise) != len(sniffed) {
			t.Fatalf("a byte at a time: %d links, at once %d", len(bytewise), len(sniffed))
		}
		for i := range bytewise {
			if g, w := linkDump(bytewise[i]), linkDump(sniffed[i]); g != w {
				t.Errorf("a byte at a time, link %d is\n%s\nat once\n%s", i, g, w)
			}
		}
		// As UTF-8: positions in the file, and the reference.
		links, err := LinkExtractor{Validate: true, Charset: "utf-8"}.Extract(strings.NewReader(doc), "https://example.com/d/")
		if err != nil {
			t.Fatal(err)
		}
		checkSameLinks(t, doc, "https://example.com/d/")
		lines := newLineIndex(doc)
		for _, l := range links {
			checkLinkPositionIn(t, lines, doc, l)
			if (l.URL == nil) == (l.Err == nil) {
				t.Errorf("%q: URL %v and Err %v", l.Raw, l.URL, l.Err)
			}
			for _, e := range l.ValidationErrors {
				if p := l.PositionOf(e.Offset); p.Offset < l.Offset || p.Offset > len(doc) {
					t.Errorf("%q: %v at %v, out of the link", l.Raw, e, p)
				}
			}
		}
	})
}

// FuzzAttrValueSpans checks the mirror of x/net/html's attribute
// reader: for every start tag, attrValueSpans finds as many attributes
// as the Tokenizer returns, the raw text of each key is the key in lower
// case, and the raw text of each value is the value whenever no
// character reference, CR or NUL could change it; tagName finds the
// tag's name.
func FuzzAttrValueSpans(f *testing.F) {
	for _, s := range []string{
		`<a href=x>`, `<a =x href = "y" HREF='z' / b c=d>`, "<a\fhref\t=\n'x'\r>", `<a href="x`,
		`<a href=x/>`, `<a b= >`, `<a b=>`, `<a/b/c=d>`, `<a "x"=y>`, `<img src=a.png alt="a>b">`,
		`</TEMPLATE x=y>`, "</a\tb>", `<A/HREF=x>`, "<A\xdc>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		z := html.NewTokenizer(strings.NewReader(doc))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt == html.EndTagToken {
				raw := z.Raw()
				n := string(tagName(raw[2:]))
				if name, _ := z.TagName(); !strings.Contains(n, "\x00") && string(name) != ascii.Lower(n) {
					t.Errorf("%q: end tag name %q, read from raw %q", raw, name, n)
				}
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			raw := []byte(string(z.Raw()))
			spans := attrValueSpans(raw)
			name, more := z.TagName()
			if n := tagName(raw[1:]); !strings.Contains(string(n), "\x00") && string(name) != ascii.Lower(string(n)) {
				t.Errorf("%q: tag name %q, read from raw %q", raw, name, n)
			}
			var keys, vals []string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				keys = append(keys, string(k))
				vals = append(vals, string(v))
			}
			if len(spans) != len(vals) {
				t.Fatalf("%q: %d spans, %d attributes", raw, len(spans), len(vals))
			}
			for i, s := range spans {
				if k := string(raw[s.ks:s.ke]); !strings.Contains(k, "\x00") && ascii.Lower(k) != keys[i] {
					t.Errorf("%q: attribute %d is named %q, its span %q", raw, i, keys[i], k)
				}
				w := string(raw[s.vs:s.ve])
				if !strings.ContainsAny(w, "&\r\x00") && w != vals[i] {
					t.Errorf("%q: attribute %d is %q, its span %q", raw, i, vals[i], w)
				}
			}
		}
	})
}

// attrValueSpans returns the attributes of the start tag raw that
// x/net/html's Tokenizer returns, in its order: appendAttrSpans's,
// keeping, as the Tokenizer does, only the first of each name.
func attrValueSpans(raw []byte) []attrSpan {
	var spans []attrSpan
	seen := map[string]bool{}
	for _, s := range appendAttrSpans(nil, raw) {
		key := ascii.Lower(string(raw[s.ks:s.ke])) // as x/net/html lowers attribute names
		if !seen[key] {
			seen[key] = true
			spans = append(spans, s)
		}
	}
	return spans
}

func TestSrcsetCandidates(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"", ""},
		{" , ,", ""},
		{"a.png", "a.png@0"},
		{"a.png,b.png", "a.png,b.png@0"},
		{"a.png, b.png", "a.png@0 b.png@7"},
		{"a.png,, b.png 2x", "a.png@0 b.png@8"},
		{"a.png 1x 2x, b.png", "b.png@13"}, // two densities
		{"a.png 100w 50h", "a.png@0"},      // width and height
		{"a.png 50h", ""},                  // height without width
		{"a.png 0w", ""},                   // zero width
		{"a.png -1x", ""},                  // negative density
		{"a.png .5x, b.png 1e1x, c.png 1.x", "a.png@0 b.png@11"},
		{"a.png (x, y) 1x, b.png", "b.png@17"}, // unknown descriptor
		{"\ta.png\n1x\f,\rb.png", "a.png@1 b.png@12"},
	} {
		var got []string
		for _, c := range srcsetCandidates(tc.in) {
			got = append(got, fmt.Sprintf("%s@%d", c.url, c.start))
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("srcsetCandidates(%q) = %q, want %q", tc.in, g, tc.want)
		}
	}
}

// BenchmarkExtractLinks times ExtractLinks on two documents, the
// sample page (3.6 KB) and a generated one of about 100 KB, beside two
// reference points measured in the same run: x/net/html's Tokenizer
// alone over the document ("tokenize", the floor; "tokenize-attrs" also
// reads every start tag's name and attributes, as any extractor must)
// and Parser.ParseRef of the document's links against its base ("parse",
// the URL cost). links/op is how many links the document has, to divide
// allocs/op by.
func BenchmarkExtractLinks(b *testing.B) {
	page, err := os.ReadFile("testdata/page.html")
	if err != nil {
		b.Fatal(err)
	}
	docs := []struct{ name, doc, url string }{
		{"page", string(page), "https://docs.example.org/guide/install.html"},
		{"large", benchLinksDocument(100 << 10), "https://shop.example.com/catalog/index.html"},
	}
	for _, d := range docs {
		links, err := ExtractLinks(strings.NewReader(d.doc), d.url)
		if err != nil {
			b.Fatal(err)
		}
		perLink := func(b *testing.B) {
			b.ReportMetric(float64(len(links)), "links/op")
		}
		b.Run(d.name+"/extract", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(d.doc)))
			for b.Loop() {
				if _, err := ExtractLinks(strings.NewReader(d.doc), d.url); err != nil {
					b.Fatal(err)
				}
			}
			perLink(b)
		})
		b.Run(d.name+"/validate", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(d.doc)))
			x := LinkExtractor{Validate: true}
			for b.Loop() {
				if _, err := x.Extract(strings.NewReader(d.doc), d.url); err != nil {
					b.Fatal(err)
				}
			}
			perLink(b)
		})
		b.Run(d.name+"/tokenize", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(d.doc)))
			for b.Loop() {
				z := html.NewTokenizer(strings.NewReader(d.doc))
				for z.Next() != html.ErrorToken {
				}
			}
			perLink(b)
		})
		b.Run(d.name+"/tokenize-attrs", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(d.doc)))
			for b.Loop() {
				z := html.NewTokenizer(strings.NewReader(d.doc))
				for {
					tt := z.Next()
					if tt == html.ErrorToken {
						break
					}
					if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
						for _, more := z.TagName(); more; {
							_, _, more = z.TagAttr()
						}
					}
				}
			}
			perLink(b)
		})
		b.Run(d.name+"/parse", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(d.doc)))
			docURL := url.MustParse(d.url)
			base := docURL
			for _, l := range links {
				if l.Tag == "base" && l.URL != nil {
					base = l.URL
					break
				}
			}
			var p url.Parser
			urls := make([]*url.URL, len(links)) // kept, as Extract keeps them
			for b.Loop() {
				for i, l := range links {
					against := base
					if l.Tag == "base" {
						against = docURL
					}
					urls[i], _ = p.ParseRef(against, l.Raw)
				}
			}
			perLink(b)
		})
	}
}

// benchLinksDocument returns a document of about size bytes, built as a
// shop's catalogue page is: a head of link, meta and script elements,
// then repeated product cards (anchors, img with srcset, a form, inline
// text with character references), a script and a style block between
// them.
func benchLinksDocument(size int) string {
	var sb strings.Builder
	sb.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Catalogue &mdash; Example Shop</title>
  <base href="/catalog/">
  <link rel="stylesheet" href="/static/css/site.css?v=2026.11">
  <link rel="preconnect" href="https://cdn.example.net">
  <link rel="icon" type="image/png" href="/static/favicon-32.png">
  <link rel="preload" as="image" href="/static/hero.jpg" imagesrcset="/static/hero-640.jpg 640w, /static/hero-1280.jpg 1280w">
  <script src="/static/js/vendor.js" defer></script>
  <script src="https://analytics.example.org/t.js?id=SHOP-1&amp;mode=async" async></script>
  <style>.card { display: grid; } .card img { width: 100%; }</style>
</head>
<body class="catalogue">
<header><nav><a href="/">Home</a> &middot; <a href="../deals/">Deals</a> &middot; <a href="https://help.example.com/faq?lang=en&amp;topic=shipping">Help</a></nav></header>
<main>
`)
	for i := 0; sb.Len() < size-600; i++ {
		fmt.Fprintf(&sb, `<article class="card" id="p%[1]d">
  <a href="products/widget-%[1]d.html?ref=list&amp;pos=%[1]d" title="Widget &#8470;%[1]d">
    <img src="https://cdn.example.net/img/w%[1]d-320.jpg" alt="Widget %[1]d" loading="lazy"
         srcset="https://cdn.example.net/img/w%[1]d-320.jpg 320w, https://cdn.example.net/img/w%[1]d-640.jpg 640w,
                 https://cdn.example.net/img/w%[1]d-1280.jpg 1280w" sizes="(max-width: 600px) 100vw, 33vw">
  </a>
  <h2><a href="products/widget-%[1]d.html">Widget &laquo;%[1]d&raquo;</a></h2>
  <p>Hand-made in Lyon &ndash; ships in 2&ndash;3 days. Rated %[2]d/5 by <a href="reviews/%[1]d/">%[3]d reviewers</a>.
     Compare with <a href='products/widget-%[4]d.html#specs'>widget %[4]d</a> or read the
     <a href="https://blog.example.com/2026/widgets?tag=w%[1]d&amp;utm_source=shop">story behind it</a>.</p>
  <form action="/cart/add" method="post"><input type="hidden" name="sku" value="W-%[1]d">
    <input type="number" name="qty" value="1" min="1"><button type="submit">Add to cart</button>
    <button formaction="/wishlist/add?sku=W-%[1]d">Save</button></form>
</article>
`, i, 1+i%5, 3+i*7%200, i+1)
		if i%10 == 9 {
			fmt.Fprintf(&sb, `<script>window.dataLayer.push({"page": %d, "html": "<a href='/not-a-link'>"});</script>
<script src="/static/js/lazy-%d.js" defer></script>
`, i/10, i/10)
		}
	}
	sb.WriteString(`</main>
<footer><a href="/legal/terms.html">Terms</a> &middot; <a href="/legal/privacy.html">Privacy</a> &middot; <a href="mailto:shop@example.com">Contact</a></footer>
</body>
</html>
`)
	return sb.String()
}

// TestExtractLinksLinearTime extracts links from hostile documents at
// 16 KiB and at 256 KiB (16 times larger): the larger may take at most 64
// times as long, where quadratic time would take 256 times. The shapes
// are hostileShapes (memory_test.go), the ones a crawler meets on a
// hostile page: many links, many lines, one huge attribute, a huge
// srcset, validation errors, unclosed tags, character references, many
// attributes, open elements and deep nesting.
func TestExtractLinksLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, s := range hostileShapes {
		t.Run(s.name, func(t *testing.T) {
			small, large := s.build(16<<10).String(), s.build(256<<10).String()
			extract := func(doc string) func() {
				return func() {
					if _, err := (LinkExtractor{Validate: true}).Extract(strings.NewReader(doc), "https://example.com/d/"); err != nil {
						t.Fatal(err)
					}
				}
			}
			cputime.CheckLinear(t, 16, extract(small), extract(large))
		})
	}
}

// linkDump is every field of l in one line, for the differential tests.
func linkDump(l Link) string {
	href := "<nil>"
	if l.URL != nil {
		href = l.URL.Href()
	}
	return fmt.Sprintf("%d:%d@%d %s %s %q exact=%v -> %s err=%v verrs=%v+%d",
		l.Line, l.Col, l.Offset, l.Tag, l.Attr, l.Raw, l.exact, href, l.Err, l.ValidationErrors, l.MoreValidationErrors)
}

// checkSameLinks checks that Extract finds in doc, with and without
// validation, exactly the links referenceLinks finds.
func checkSameLinks(t *testing.T, doc, documentURL string) {
	t.Helper()
	for _, validate := range []bool{false, true} {
		all, err := LinkExtractor{Validate: validate, Charset: "utf-8"}.Extract(strings.NewReader(doc), documentURL)
		want, werr := referenceLinks([]byte(doc), documentURL, validate)
		// The reference reads attributes that hold a URL: not ping,
		// meta refresh or CSS.
		var got []Link
		for _, l := range all {
			if l.Attr != "ping" && l.Attr != "style" && l.Attr != "" && l.Tag != "meta" {
				got = append(got, l)
			}
		}
		if (err == nil) != (werr == nil) {
			t.Fatalf("validate=%v: err %v, the reference's %v", validate, err, werr)
		}
		if len(got) != len(want) {
			t.Errorf("validate=%v: %d links, the reference has %d", validate, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if g, w := linkDump(got[i]), linkDump(want[i]); g != w {
				t.Errorf("validate=%v: link %d is\n%s\nthe reference's\n%s", validate, i, g, w)
			}
		}
	}
}

// TestExtractLinksReference compares Extract with referenceLinks on the
// sample page, the benchmarks' generated page and the cases of
// TestExtractLinks, and on variants of them in which every attribute
// holds a character reference, a CR or a NUL (the extractor's slow path).
func TestExtractLinksReference(t *testing.T) {
	page, err := os.ReadFile("testdata/page.html")
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{string(page), benchLinksDocument(20 << 10),
		`<a href="/x?a=1&amp;b=2">x</a>`, "<a href=\"\n   rel.html \t\n\">", `<a href=x></a><base href="../other/"><img src=y.png>`,
		`<A HREF=/up>x</A><IMG SRC=i.png ALT=x>`, "<p>é</p>\n<img\n  alt=\"é\"\n  src = \"pic.png\"\n>",
		`<img srcset="a.png 1x, b,c.png 2x,d.png, data:image/png;base64,AA== 100w, e.png 3q, f.png,g.png">`,
		`<input type=text src=no.png><input TYPE=" Image " src=yes.png formaction=/go>`,
		`<template><base href=/t/><a href=t1></template><noscript><base href=/n/><img src=n1></noscript><a href=z>`,
		"\uFEFF<a href=x>", "<p>\r\n<a\rhref=x>", `<a href=first HREF=second>`, `<div href=/no></a href=/no>`,
		"<a href='x\r\ny'><a href=\"&#x20;a b&#x20;\"><img srcset='&amp;a 1x,\rb 2x'><a href=\x00x>",
		"<input type=\"&#x69;mage\" src=i><input type=\"image\r\" src=j><input type=\"imag\x00\" src=k>",
		"<a href=\"&amp\"><a href=x&amp=y><a href='\r'><base href=\"&#47;b&#47;\"><a href=c>",
		"<a href=\"&amp;amp;&amp;&#38;\"><a href=' &amp;x&amp;y '><a href=&amp;&amp;><a href=\"&&amp;\"><a href=\"&AMP;\">",
		"<img srcset=' a&amp;b 1x, c&amp;d&amp; 2x'><input type=\"im&amp;age\" src=x><a href=\"&amp;\r\"><a href=\"&amp;\x00\">",
	}
	plain := docs
	for _, d := range plain {
		for _, r := range []string{"&amp;", "\r", "\x00"} {
			docs = append(docs, strings.NewReplacer(`href="`, `href="`+r, `src="`, `src="`+r, `srcset="`, `srcset="`+r, "href=", "href="+r).Replace(d))
		}
	}
	for i, d := range docs {
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkSameLinks(t, d, "https://example.com/dir/page.html") })
	}
}
