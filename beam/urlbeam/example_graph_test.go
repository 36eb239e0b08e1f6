package urlbeam_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/weburl/url/beam/urlbeam"
	"github.com/weburl/url/beam/warc"
)

func ExampleWebGraph() {
	p, s := beam.NewPipelineWithRoot()
	visited := beam.Create(s, "https://quiet.example.org/")
	links := beam.Create(s,
		urlbeam.Link{Page: "https://www.example.com/", Href: "https://blog.example.com/post"},
		urlbeam.Link{Page: "https://www.example.com/", Href: "https://blog.example.com/other"},
		urlbeam.Link{Page: "https://blog.example.com/post", Href: "https://www.example.com/"})
	hosts, domains := urlbeam.WebGraph(s, visited, links, urlbeam.GraphOptions{ReverseNames: true})
	print(p, s, hosts.Vertices, hosts.Edges, domains.Vertices)
	// Output:
	// "0\tcom.example.blog"
	// "1\tcom.example.www"
	// "2\torg.example.quiet"
	// "0\t1\t1"
	// "1\t0\t2"
	// "0\tcom.example"
	// "1\torg.example"
}

func ExampleGraph() {
	_, s := beam.NewPipelineWithRoot()
	hosts, _ := urlbeam.WebGraph(s, beam.Create(s, "https://example.com/"), beam.Create(s, urlbeam.Link{Href: "https://example.org/"}), urlbeam.GraphOptions{})
	fmt.Println(hosts.Vertices.Type(), hosts.Edges.Type(), hosts.Named.Type())
	// Output: urlbeam.Vertex urlbeam.Edge urlbeam.HostEdge
}

func ExampleGraphOptions() {
	opt := urlbeam.GraphOptions{ReverseNames: true, VertexShards: 4}
	fmt.Println(opt.ReverseNames, opt.VertexShards)
	// Output: true 4
}

func ExampleReverseHost() {
	fmt.Println(urlbeam.ReverseHost("www.example.com"), urlbeam.ReverseHost("192.0.2.1"))
	// Output: com.example.www 192.0.2.1
}

func ExampleVertex() {
	v := urlbeam.Vertex{ID: 7, Name: "com.example"}
	fmt.Println(v.ID, v.Name)
	// Output: 7 com.example
}

func ExampleVertex_String() {
	fmt.Printf("%q\n", urlbeam.Vertex{ID: 7, Name: "com.example"}.String())
	// Output: "7\tcom.example"
}

func ExampleEdge() {
	e := urlbeam.Edge{From: 1, To: 2, Links: 3}
	fmt.Println(e.From, "->", e.To, e.Links)
	// Output: 1 -> 2 3
}

func ExampleEdge_String() {
	fmt.Printf("%q\n", urlbeam.Edge{From: 1, To: 2, Links: 3}.String())
	// Output: "1\t2\t3"
}

func ExampleLink_Source() {
	fmt.Println(urlbeam.Link{Tag: "meta", Attr: "og:image"}.Source(), urlbeam.Link{Tag: "http", Attr: "location"}.Source())
	// Output: meta@og:image http@location
}

func ExampleFilterSources() {
	p, s := beam.NewPipelineWithRoot()
	links := beam.Create(s,
		urlbeam.Link{Page: "https://a.example/", Tag: "a", Attr: "href", Href: "https://b.example/"},
		urlbeam.Link{Page: "https://a.example/", Tag: "meta", Attr: "og:image", Href: "https://c.example/i.png"},
		urlbeam.Link{Page: "https://a.example/", Tag: "meta", Attr: "og:url", Href: "https://a.example/"})
	print(p, s, urlbeam.FilterSources(s, []string{"a", "meta@og:image"}, links))
	// Output:
	// "https://a.example/\ta\thref\t\t\thttps://b.example/"
	// "https://a.example/\tmeta\tog:image\t\t\thttps://c.example/i.png"
}

func ExamplePageURLs() {
	p, s := beam.NewPipelineWithRoot()
	print(p, s, urlbeam.PageURLs(s, beam.Create(s, urlbeam.Page{URL: "https://example.com/"})))
	// Output: "https://example.com/"
}

func ExampleShardName() {
	fmt.Println(urlbeam.ShardName("out/hosts", 1, 4, urlbeam.WriteOptions{Gzip: true}))
	fmt.Println(urlbeam.ShardName("out/hosts", 0, 1, urlbeam.WriteOptions{Format: urlbeam.Parquet}))
	// Output:
	// out/hosts-00001-of-00004.tsv.gz
	// out/hosts-00000-of-00001.parquet
}

func ExampleWriteOptions() {
	opt := urlbeam.WriteOptions{Shards: 16, Format: urlbeam.TSV, Gzip: true}
	fmt.Println(opt.Shards, opt.Format, opt.Gzip)
	// Output: 16 tsv true
}

func ExampleFormat() {
	fmt.Println(urlbeam.TSV, urlbeam.Parquet)
	// Output: tsv parquet
}

func ExampleErrWrite() {
	_, s := beam.NewPipelineWithRoot()
	err := urlbeam.WriteShards(s, "out", beam.Create(s, "x"), urlbeam.WriteOptions{Format: "csv"})
	fmt.Println(errors.Is(err, urlbeam.ErrWrite), err)
	// Output: true urlbeam: write: unknown format "csv" (tsv or parquet)
}

func ExampleWriteShards() {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	rows := beam.Create(s, urlbeam.Vertex{ID: 0, Name: "a.example"}, urlbeam.Vertex{ID: 1, Name: "b.example"})
	if err := urlbeam.WriteShards(s, filepath.Join(dir, "v"), rows, urlbeam.WriteOptions{Shards: 2}); err != nil {
		fmt.Println(err)
		return
	}
	print(p, s)
	names, _ := filepath.Glob(filepath.Join(dir, "v-*"))
	fmt.Println(len(names))
	// Output: 2
}

func ExampleReadCrawl() {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	defer os.RemoveAll(dir)
	f, _ := os.Create(filepath.Join(dir, "crawl.warc"))
	w := warc.NewWriter(f)
	w.WriteRecord(warc.Header{
		{Name: "WARC-Type", Value: "response"},
		{Name: "WARC-Target-URI", Value: "http://example.com/"},
		{Name: "Content-Type", Value: "application/http; msgtype=response"},
	}, []byte("HTTP/1.1 301 Moved Permanently\r\nLocation: https://www.example.com/\r\n\r\n"))
	w.WriteRecord(warc.Header{
		{Name: "WARC-Type", Value: "response"},
		{Name: "WARC-Target-URI", Value: "https://www.example.com/robots.txt"},
		{Name: "Content-Type", Value: "application/http; msgtype=response"},
	}, []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nSitemap: https://www.example.com/sitemap.xml\n"))
	f.Close()
	p, s := beam.NewPipelineWithRoot()
	c := urlbeam.ReadCrawl(s, filepath.Join(dir, "*.warc"), 0)
	print(p, s, c.Links, c.Visited)
	// Output:
	// "http://example.com/\thttp\tlocation\tnavigation\thttps://www.example.com/\thttps://www.example.com/"
	// "https://www.example.com/robots.txt\trobots.txt\tsitemap\t\thttps://www.example.com/sitemap.xml\thttps://www.example.com/sitemap.xml"
	// "http://example.com/"
	// "https://www.example.com/robots.txt"
}

func ExampleCrawl() {
	_, s := beam.NewPipelineWithRoot()
	c := urlbeam.ReadCrawl(s, "crawl/*.warc.gz", 0)
	fmt.Println(c.Pages.Type(), c.Links.Type(), c.Visited.Type(), c.Failures.Type())
	// Output: urlbeam.Page urlbeam.Link string urlbeam.Failure
}
