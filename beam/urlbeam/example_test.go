package urlbeam_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/weburl/url/beam/urlbeam"
	"github.com/weburl/url/beam/warc"
)

// print runs p (on Prism, in process) after writing each named
// PCollection to a file, then prints each file's lines, sorted (a
// PCollection has no order). A failure's error message is cut after
// its first words.
func print(p *beam.Pipeline, s beam.Scope, cols ...beam.PCollection) {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	defer os.RemoveAll(dir)
	for i, c := range cols {
		urlbeam.WriteTSV(s, filepath.Join(dir, fmt.Sprint(i)), c)
	}
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Println(err)
		return
	}
	for i := range cols {
		b, _ := os.ReadFile(filepath.Join(dir, fmt.Sprint(i)))
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		slices.Sort(lines)
		for _, l := range lines {
			if i := strings.Index(l, "\turl: parse "); i >= 0 {
				l = l[:i] + "\turl: parse ..."
			}
			fmt.Printf("%q\n", l)
		}
	}
}

func Example() {
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s,
		"https://news.example.com/today\t/sport",
		"https://news.example.com/today\thttps://video.example.net/live",
		"https://blog.example.org/\thttps://news.example.com/today#top",
		"https://blog.example.org/\thttp://[broken")
	links, failed := urlbeam.LinksFromLines(s, lines)
	domains, edges, canonFailed := urlbeam.LinkGraph(s, links)
	print(p, s, domains, edges, beam.Flatten(s, failed, canonFailed))
	// Output:
	// "example.com\t2\t2"
	// "example.net\t1\t1"
	// "blog.example.org\tnews.example.com\t1"
	// "news.example.com\tnews.example.com\t1"
	// "news.example.com\tvideo.example.net\t1"
	// "link\thttp://[broken\thttps://blog.example.org/\turl: parse ..."
}

func ExampleParseURLs() {
	p, s := beam.NewPipelineWithRoot()
	hrefs, failed := urlbeam.ParseURLs(s, beam.Create(s, "HTTPS://Example.COM/a/../b", "/relative"))
	print(p, s, hrefs, failed)
	// Output:
	// "https://example.com/b"
	// "parse\t/relative\t\turl: parse ..."
}

func ExampleResolve() {
	p, s := beam.NewPipelineWithRoot()
	hrefs, _ := urlbeam.Resolve(s, beam.Create(s, urlbeam.Ref{Base: "https://example.com/docs/guide/", Ref: "../img/logo.png"}))
	print(p, s, hrefs)
	// Output: "https://example.com/docs/img/logo.png"
}

func ExampleRef() {
	r := urlbeam.Ref{Base: "https://example.com/a/", Ref: "b"}
	fmt.Println(r.Base + r.Ref)
	// Output: https://example.com/a/b
}

func ExampleCanonicalize() {
	p, s := beam.NewPipelineWithRoot()
	canon, _, err := urlbeam.Canonicalize(s, urlbeam.SafeBrowsing, beam.Create(s, "http://www.GOOgle.com/blah/..#frag"))
	if err != nil {
		fmt.Println(err)
		return
	}
	print(p, s, canon)
	// Output: "http://www.google.com/"
}

func ExampleProfile() {
	_, s := beam.NewPipelineWithRoot()
	_, _, err := urlbeam.Canonicalize(s, urlbeam.Profile("aggressive"), beam.Create(s, "https://example.com/"))
	fmt.Println(err, urlbeam.Crawler, urlbeam.SafeBrowsing)
	// Output: urlbeam: unknown canonicalization profile "aggressive" crawler safebrowsing
}

func ExampleKeyByHost() {
	p, s := beam.NewPipelineWithRoot()
	keyed := urlbeam.KeyByHost(s, beam.Create(s, "https://a.example.com:8443/x"))
	print(p, s, beam.DropValue(s, keyed))
	// Output: "a.example.com"
}

func ExampleKeyByRegistrableDomain() {
	p, s := beam.NewPipelineWithRoot()
	keyed := urlbeam.KeyByRegistrableDomain(s, beam.Create(s, "https://a.b.example.co.uk/", "http://127.0.0.1/"))
	print(p, s, beam.DropValue(s, keyed))
	// Output:
	// "127.0.0.1"
	// "example.co.uk"
}

func ExampleExtractLinks() {
	p, s := beam.NewPipelineWithRoot()
	page := urlbeam.Page{URL: "https://example.com/dir/", Body: []byte(`<a href="../about">About</a><img srcset="a.png 1x, b.png 2x">`)}
	links, _ := urlbeam.ExtractLinks(s, beam.Create(s, page))
	print(p, s, links)
	// Output:
	// "https://example.com/dir/\ta\thref\tnavigation\t../about\thttps://example.com/about"
	// "https://example.com/dir/\timg\tsrcset\tsubresource\ta.png\thttps://example.com/dir/a.png"
	// "https://example.com/dir/\timg\tsrcset\tsubresource\tb.png\thttps://example.com/dir/b.png"
}

func ExamplePage() {
	page := urlbeam.Page{URL: "https://example.jp/", Charset: "Shift_JIS", Body: []byte("<a href=x>x</a>")}
	fmt.Println(page.URL, page.Charset, len(page.Body))
	// Output: https://example.jp/ Shift_JIS 15
}

func ExampleLink() {
	l := urlbeam.Link{Page: "https://example.com/", Tag: "a", Attr: "href", Raw: "/x", Href: "https://example.com/x"}
	fmt.Println(l.Href)
	// Output: https://example.com/x
}

func ExampleLink_String() {
	l := urlbeam.Link{Page: "https://example.com/", Tag: "a", Attr: "href", Kind: "navigation", Raw: "/x\t", Href: "https://example.com/x"}
	fmt.Printf("%q\n", l.String())
	// Output: "https://example.com/\ta\thref\tnavigation\t/x \thttps://example.com/x"
}

func ExampleLinkGraph() {
	p, s := beam.NewPipelineWithRoot()
	links := beam.Create(s,
		urlbeam.Link{Page: "https://a.example/", Href: "https://b.example/x"},
		urlbeam.Link{Page: "https://a.example/", Href: "https://b.example/x#y"})
	domains, edges, _ := urlbeam.LinkGraph(s, links)
	print(p, s, domains, edges)
	// Output:
	// "b.example\t2\t1"
	// "a.example\tb.example\t2"
}

func ExampleDomainStat() {
	d := urlbeam.DomainStat{Domain: "example.com", Links: 3, DistinctURLs: 2}
	fmt.Println(d.Links - d.DistinctURLs)
	// Output: 1
}

func ExampleDomainStat_String() {
	fmt.Printf("%q\n", urlbeam.DomainStat{Domain: "example.com", Links: 3, DistinctURLs: 2}.String())
	// Output: "example.com\t3\t2"
}

func ExampleHostEdge() {
	e := urlbeam.HostEdge{From: "a.example", To: "b.example", Links: 4}
	fmt.Println(e.From, "->", e.To, e.Links)
	// Output: a.example -> b.example 4
}

func ExampleHostEdge_String() {
	fmt.Printf("%q\n", urlbeam.HostEdge{From: "a.example", To: "b.example", Links: 4}.String())
	// Output: "a.example\tb.example\t4"
}

func ExampleFailure() {
	f := urlbeam.Failure{Stage: "parse", Input: "/x", Err: "no base"}
	fmt.Println(f.Stage, f.Input)
	// Output: parse /x
}

func ExampleFailure_String() {
	fmt.Printf("%q\n", urlbeam.Failure{Stage: "link", Input: "a\tb", Base: "https://example.com/", Err: "bad"}.String())
	// Output: "link\ta b\thttps://example.com/\tbad"
}

func ExampleReadLines() {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "urls.txt"), []byte("https://example.com/\nhttps://example.org/\n"), 0o644)
	p, s := beam.NewPipelineWithRoot()
	print(p, s, urlbeam.ReadLines(s, filepath.Join(dir, "*.txt")))
	// Output:
	// "https://example.com/"
	// "https://example.org/"
}

func ExampleLinksFromLines() {
	p, s := beam.NewPipelineWithRoot()
	links, _ := urlbeam.LinksFromLines(s, beam.Create(s, "https://example.com/a/\tb", "https://example.org/"))
	print(p, s, links)
	// Output:
	// "\t\t\t\thttps://example.org/\thttps://example.org/"
	// "https://example.com/a/\t\t\t\tb\thttps://example.com/a/b"
}

func ExampleReadHTML() {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<a href="next.html">next</a>`), 0o644)
	os.WriteFile(filepath.Join(dir, "manifest.tsv"), []byte("https://example.com/book/\t"+filepath.Join(dir, "index.html")+"\n"), 0o644)
	p, s := beam.NewPipelineWithRoot()
	pages, _ := urlbeam.ReadHTML(s, filepath.Join(dir, "manifest.tsv"), 0)
	links, _ := urlbeam.ExtractLinks(s, pages)
	print(p, s, links)
	// Output: "https://example.com/book/\ta\thref\tnavigation\tnext.html\thttps://example.com/book/next.html"
}

func ExampleReadWARC() {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	defer os.RemoveAll(dir)
	f, _ := os.Create(filepath.Join(dir, "crawl.warc.gz"))
	warc.NewGzipWriter(f).WriteRecord(warc.Header{
		{Name: "WARC-Type", Value: "response"},
		{Name: "WARC-Target-URI", Value: "https://example.com/"},
		{Name: "Content-Type", Value: "application/http; msgtype=response"},
	}, []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=/about>About</a>"))
	f.Close()
	p, s := beam.NewPipelineWithRoot()
	pages, _, _ := urlbeam.ReadWARC(s, filepath.Join(dir, "*.warc.gz"), 0)
	links, _ := urlbeam.ExtractLinks(s, pages)
	print(p, s, links)
	// Output: "https://example.com/\ta\thref\tnavigation\t/about\thttps://example.com/about"
}

func ExampleWriteTSV() {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	urlbeam.WriteTSV(s, filepath.Join(dir, "out.tsv"), beam.Create(s, urlbeam.HostEdge{From: "a", To: "b", Links: 1}))
	beamx.Run(context.Background(), p)
	b, _ := os.ReadFile(filepath.Join(dir, "out.tsv"))
	fmt.Printf("%q\n", b)
	// Output: "a\tb\t1\n"
}

func ExampleDefaultMaxPageBytes() {
	fmt.Println(urlbeam.DefaultMaxPageBytes >> 20)
	// Output: 16
}
