package links

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// TestExtractLinksStreaming: read a byte at a time, or in odd pieces,
// the links of a document are the same as read at once: the window
// holds what straddles its reads (values, lines, CRLFs, end tags).
func TestExtractLinksStreaming(t *testing.T) {
	docs := []string{
		benchLinksDocument(200 << 10),
		"<a\r\nhref='x\r\ny'>\r\n<style>a{b:url(c)}\r\n</style><a href=z>",
		"<script><!--<script></script>--></script><a href=y><!-- x --!><a href=w>",
		`<a href="` + strings.Repeat("long/", 20000) + `">`,
		// A style attribute of many URLs, over lines: each URL's position
		// is counted on from the one before it in a piece of text.
		`<p style="` + strings.Repeat("a:url(x);\nb:url( y z );\n", 3000) + `">`,
		// Streamed text: srcset, a style element's CSS, an SVG style
		// element's text and CDATA, with references and CRs across reads.
		"<img srcset='a&amp;b 1x,\r\nc&#x2C;d 2x, e&#" + strings.Repeat("0", 100) + "102;g 3x'>" +
			"<style>/* " + strings.Repeat("-", 100) + " */ a{b:url(x\\79 z)} @import 'i'</style>" +
			"<svg><style>a{b:url(&#" + strings.Repeat("0", 200) + "120;)}<![CDATA[c{d:url(\r\ny)}]]>&#99999999999999999;{e:url(&quot;q&quot;)}</style></svg>",
	}
	for i, doc := range docs {
		want, err := LinkExtractor{Validate: true}.Extract(strings.NewReader(doc), "https://example.com/d/")
		if err != nil {
			t.Fatal(err)
		}
		for name, r := range map[string]io.Reader{
			"one byte": iotest.OneByteReader(strings.NewReader(doc)),
			"half":     iotest.HalfReader(strings.NewReader(doc)),
		} {
			got, err := LinkExtractor{Validate: true}.Extract(r, "https://example.com/d/")
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("doc %d, %s: %d links, want %d", i, name, len(got), len(want))
			}
			for j := range got {
				if g, w := linkDump(got[j]), linkDump(want[j]); g != w {
					t.Errorf("doc %d, %s: link %d is\n%s\nwant\n%s", i, name, j, g, w)
				}
			}
		}
	}
}

// TestExtractLinksMaxBytes: past MaxBytes, a *TooLargeError, with the
// links found before it; at MaxBytes exactly, no error.
func TestExtractLinksMaxBytes(t *testing.T) {
	doc := strings.Repeat(`<a href=x>`, 300) // 3000 bytes
	links, err := LinkExtractor{MaxBytes: 2000}.Extract(strings.NewReader(doc), "https://example.com/")
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 2000 {
		t.Fatalf("err = %v, want a *TooLargeError of 2000", err)
	}
	if len(links) != 200 {
		t.Errorf("%d links before the limit, want 200", len(links))
	}
	if _, err := (LinkExtractor{MaxBytes: 3000}).Extract(strings.NewReader(doc), "https://example.com/"); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	// A limit inside the first 1024 bytes, read for the encoding.
	if _, err := (LinkExtractor{MaxBytes: 100}).Extract(strings.NewReader(doc), "https://example.com/"); !errors.As(err, &tl) {
		t.Errorf("limit 100: err = %v", err)
	}
}

// TestLinksIterator: the iterator yields the links as Extract returns
// them, stops reading when the loop breaks, and yields a read error
// last. A document whose encoding is certain (the transport's charset)
// yields its links as soon as its base URL is known; one whose encoding
// is tentative (no charset, no <meta> in its first 1024 bytes) holds
// them until it is past changeBound, where a <meta> could no longer
// change its encoding.
func TestLinksIterator(t *testing.T) {
	doc := `<base href=/b/>` + strings.Repeat(`<a href=x>`, 100000)
	for _, tc := range []struct {
		charset string
		max     int
	}{
		{"utf-8", 2 * readSize},
		{"", changeBound + changeSlack + readSize},
	} {
		r := &countingReader{r: strings.NewReader(doc)}
		n := 0
		for l, err := range (LinkExtractor{Charset: tc.charset}).Links(r, "https://example.com/") {
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 && l.Tag != "base" {
				t.Errorf("first link %v", l)
			}
			n++
			if n == 10 {
				break
			}
		}
		if r.n > tc.max {
			t.Errorf("charset %q: read %d bytes for 10 links after the base element, more than %d", tc.charset, r.n, tc.max)
		}
	}
	boom := errors.New("boom")
	var last error
	count := 0
	for _, err := range (LinkExtractor{}).Links(io.MultiReader(strings.NewReader(`<a href=x><a href=y>`), iotest.ErrReader(boom)), "https://example.com/") {
		count++
		last = err
	}
	if count != 3 || last != boom {
		t.Errorf("%d values, the last error %v; want 2 links and boom", count, last)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestExtractLinksStreamedText: what the tokenizer decodes as it reads
// (srcset values, the text of SVG style elements) with long numeric
// character references, which it carries in short form.
func TestExtractLinksStreamedText(t *testing.T) {
	zeros := strings.Repeat("0", 100)
	doc := "<img srcset='e&#" + zeros + "102;g 3x, h&#x" + zeros + "FFFFFFFFFFF 2x'>" +
		"<svg><style>a{b:url(&#" + zeros + "120;)} c{d:url(&#" + zeros + "99999999999;)}</style></svg>"
	links, err := ExtractLinks(iotest.OneByteReader(strings.NewReader(doc)), "https://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range links {
		got = append(got, l.Tag+" "+l.Raw+" "+l.Position.String())
	}
	want := []string{"img efg 1:14", "img h\uFFFD 1:127", "style x 1:267", "style \uFFFD 1:384"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWindowFitsShortDocument: a document shorter than one read, from a
// reader that tells its length (bytes.Reader, strings.Reader,
// bytes.Buffer), costs the window its length, not readSize: a crawler
// extracts the links of millions of small pages. The links are the same
// whether the length is told or not, and a reader whose Len is wrong
// (shorter than the document) is read to the end all the same.
func TestWindowFitsShortDocument(t *testing.T) {
	for _, doc := range []string{
		"",
		`<a href="/a">`,
		benchLinksDocument(4 << 10),
		benchLinksDocument(readSize - 100),
		benchLinksDocument(3 * readSize),
	} {
		t.Run(strconv.Itoa(len(doc))+" bytes", func(t *testing.T) {
			want, err := ExtractLinks(iotest.OneByteReader(strings.NewReader(doc)), "https://example.com/d/")
			if err != nil {
				t.Fatal(err)
			}
			for name, r := range map[string]func() io.Reader{
				"strings.Reader": func() io.Reader { return strings.NewReader(doc) },
				"bytes.Buffer":   func() io.Reader { return bytes.NewBufferString(doc) },
				"Len too short":  func() io.Reader { return shortLen{strings.NewReader(doc)} },
			} {
				got, err := ExtractLinks(r(), "https://example.com/d/")
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(want) {
					t.Fatalf("%s: %d links, want %d (read a byte at a time)", name, len(got), len(want))
				}
				for j := range got {
					if g, w := linkDump(got[j]), linkDump(want[j]); g != w {
						t.Errorf("%s: link %d is\n%s\nwant\n%s", name, j, g, w)
					}
				}
			}
			if len(doc) >= readSize {
				return
			}
			r := strings.NewReader(doc)
			w := newWindow(r, r.Len())
			for w.more() {
				w.i = len(w.buf)
			}
			if cap(w.buf) > len(doc)+1 {
				t.Errorf("window's buffer: %d bytes for a document of %d", cap(w.buf), len(doc))
			}
		})
	}
}

// shortLen is a reader whose Len says it has less than it does.
type shortLen struct{ *strings.Reader }

func (s shortLen) Len() int { return s.Reader.Len() / 2 }
