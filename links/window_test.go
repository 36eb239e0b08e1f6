package links

import (
	"errors"
	"io"
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
// last.
func TestLinksIterator(t *testing.T) {
	doc := `<base href=/b/>` + strings.Repeat(`<a href=x>`, 100000)
	r := &countingReader{r: strings.NewReader(doc)}
	n := 0
	for l, err := range (LinkExtractor{}).Links(r, "https://example.com/") {
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
	if r.n > 2*readSize {
		t.Errorf("read %d bytes for 10 links after the base element", r.n)
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
