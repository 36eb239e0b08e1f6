package bench

import (
	"bufio"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/weburl/url"
)

// sample is the dataset used when URL_DATASETS is not set: a few URLs of
// each shape, so that the benchmarks always build and run.
var sample = []string{
	"https://example.com/",
	"https://www.example.com/a/b/c.html?q=1&r=2#frag",
	"http://user:pass@example.com:8080/path/to/file.txt",
	"https://EXAMPLE.com/a/./b/../c",
	"https://example.com/with space/and%20encoded",
	"https://192.168.0.1:8443/x",
	"https://[2001:db8::1]/",
	"https://xn--nxasmq6b.com/",
	"https://bücher.example/",
	"file:///C:/Windows/System32/drivers/etc/hosts",
	"mailto:someone@example.com",
	"https://cdn.example.net/assets/app.min.js?v=3.2.1",
	"https://github.com/nodejs/node/blob/main/lib/url.js",
	"https://registry.npmjs.org/@scope/package/-/package-1.0.0.tgz",
}

type dataset struct {
	name string
	urls []string
}

// datasets returns the URL lists to run on: the files of URL_DATASETS,
// or the built-in sample.
func datasets(b *testing.B) []dataset {
	dir := os.Getenv("URL_DATASETS")
	if dir == "" {
		return []dataset{{"sample", sample}}
	}
	var ds []dataset
	for _, name := range []string{"kasztp", "node_files", "isaacs_files"} {
		ds = append(ds, dataset{name, readLines(b, filepath.Join(dir, name+".txt"))})
	}
	return ds
}

// readLines returns the non-empty lines of a file, split on "\n" only,
// byte-exact (as the shared perf-ada harness reads them).
func readLines(b *testing.B, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines
}

func totalBytes(urls []string) int64 {
	n := 0
	for _, u := range urls {
		n += len(u)
	}
	return int64(n)
}

// impl is one implementation's way of doing the benchmarked operation on
// one URL; it returns a number so that the work cannot be optimized away.
type impl struct {
	name string
	op   func(s string) int
}

var sink int

// run times each implementation on each dataset: one op is a pass over
// every URL of the dataset.
func run(b *testing.B, impls []impl, prepare func([]string) []string) {
	for _, d := range datasets(b) {
		urls := d.urls
		if prepare != nil {
			urls = prepare(urls)
		}
		for _, im := range impls {
			b.Run(d.name+"/"+im.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(totalBytes(urls))
				for b.Loop() {
					for _, s := range urls {
						sink += im.op(s)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(urls)), "ns/url")
			})
		}
	}
}

var whatwgParser = whatwg.NewParser()

// BenchmarkParse: parse, keep nothing.
func BenchmarkParse(b *testing.B) {
	run(b, []impl{
		{"weburl", func(s string) int {
			if _, err := url.Parse(s); err != nil {
				return 0
			}
			return 1
		}},
		{"neturl", func(s string) int {
			if _, err := neturl.Parse(s); err != nil {
				return 0
			}
			return 1
		}},
		{"nlnwa", func(s string) int {
			if _, err := whatwgParser.Parse(s); err != nil {
				return 0
			}
			return 1
		}},
	}, nil)
}

// BenchmarkParseHref: parse and serialize, as the perf-ada harness does.
func BenchmarkParseHref(b *testing.B) {
	run(b, []impl{
		{"weburl", func(s string) int {
			if u, err := url.Parse(s); err == nil {
				return len(u.Href())
			}
			return 0
		}},
		{"neturl", func(s string) int {
			if u, err := neturl.Parse(s); err == nil {
				return len(u.String())
			}
			return 0
		}},
		{"nlnwa", func(s string) int {
			if u, err := whatwgParser.Parse(s); err == nil {
				return len(u.Href(false))
			}
			return 0
		}},
	}, nil)
}

// BenchmarkParseKeep: parse and keep the URL (a crawler's frontier), so
// the URL is on the heap.
func BenchmarkParseKeep(b *testing.B) {
	var keepW *url.URL
	var keepN *neturl.URL
	var keepX *whatwg.Url
	run(b, []impl{
		{"weburl", func(s string) int { keepW, _ = url.Parse(s); return 1 }},
		{"neturl", func(s string) int { keepN, _ = neturl.Parse(s); return 1 }},
		{"nlnwa", func(s string) int { keepX, _ = whatwgParser.Parse(s); return 1 }},
	}, nil)
	_, _, _ = keepW, keepN, keepX
}

// BenchmarkCanParse: validity only (net/url and nlnwa have no such call:
// their Parse stands in).
func BenchmarkCanParse(b *testing.B) {
	run(b, []impl{
		{"weburl", func(s string) int {
			if url.CanParse(s) {
				return 1
			}
			return 0
		}},
		{"neturl", func(s string) int {
			if _, err := neturl.Parse(s); err != nil {
				return 0
			}
			return 1
		}},
		{"nlnwa", func(s string) int {
			if _, err := whatwgParser.Parse(s); err != nil {
				return 0
			}
			return 1
		}},
	}, nil)
}

const resolveBase = "https://www.example.com/section/sub/page.html?x=1"

// relativeRefs turns each URL into a link as a page would hold it:
// path-relative, or scheme-relative for a third of them.
func relativeRefs(urls []string) []string {
	refs := make([]string, 0, len(urls))
	for i, s := range urls {
		u, err := url.Parse(s)
		if err != nil || u.HasOpaquePath() {
			refs = append(refs, s)
			continue
		}
		switch i % 3 {
		case 0:
			refs = append(refs, "//"+u.Host()+u.Pathname()+u.Search())
		case 1:
			refs = append(refs, strings.TrimPrefix(u.Pathname(), "/")+u.Search()+u.Hash())
		default:
			refs = append(refs, "../"+strings.TrimPrefix(u.Pathname(), "/"))
		}
	}
	return refs
}

// BenchmarkResolve: resolve links against an already parsed page URL
// and serialize the result.
func BenchmarkResolve(b *testing.B) {
	baseW := url.MustParse(resolveBase)
	baseN, _ := neturl.Parse(resolveBase)
	baseX, _ := whatwgParser.Parse(resolveBase)
	run(b, []impl{
		{"weburl", func(s string) int {
			if u, err := baseW.Parse(s); err == nil {
				return len(u.Href())
			}
			return 0
		}},
		{"neturl", func(s string) int {
			if u, err := baseN.Parse(s); err == nil {
				return len(u.String())
			}
			return 0
		}},
		{"nlnwa", func(s string) int {
			if u, err := baseX.Parse(s); err == nil {
				return len(u.Href(false))
			}
			return 0
		}},
	}, relativeRefs)
}

// BenchmarkSetters: parse, then set the host, path, query and fragment,
// and serialize (net/url assigns its fields).
func BenchmarkSetters(b *testing.B) {
	run(b, []impl{
		{"weburl", func(s string) int {
			u, err := url.Parse(s)
			if err != nil {
				return 0
			}
			u.SetHostname("example.org")
			u.SetPathname("/new/path")
			u.SetSearch("?q=1")
			u.SetHash("#top")
			return len(u.Href())
		}},
		{"neturl", func(s string) int {
			u, err := neturl.Parse(s)
			if err != nil {
				return 0
			}
			u.Host = "example.org"
			u.Path = "/new/path"
			u.RawQuery = "q=1"
			u.Fragment = "top"
			return len(u.String())
		}},
		{"nlnwa", func(s string) int {
			u, err := whatwgParser.Parse(s)
			if err != nil {
				return 0
			}
			u.SetHostname("example.org")
			u.SetPathname("/new/path")
			u.SetSearch("?q=1")
			u.SetHash("#top")
			return len(u.Href(false))
		}},
	}, nil)
}

// BenchmarkSearchParams: parse, read and change the query through the
// URL's search parameters, and serialize.
func BenchmarkSearchParams(b *testing.B) {
	run(b, []impl{
		{"weburl", func(s string) int {
			u, err := url.Parse(s)
			if err != nil {
				return 0
			}
			sp := u.SearchParams()
			n := len(sp.Get("q"))
			sp.Append("utm_source", "crawler")
			sp.Delete("utm_source")
			sp.Set("page", "2")
			return n + len(u.Href())
		}},
		{"neturl", func(s string) int {
			u, err := neturl.Parse(s)
			if err != nil {
				return 0
			}
			q := u.Query()
			n := len(q.Get("q"))
			q.Add("utm_source", "crawler")
			u.RawQuery = q.Encode()
			q.Del("utm_source")
			u.RawQuery = q.Encode()
			q.Set("page", "2")
			u.RawQuery = q.Encode()
			return n + len(u.String())
		}},
		{"nlnwa", func(s string) int {
			u, err := whatwgParser.Parse(s)
			if err != nil {
				return 0
			}
			sp := u.SearchParams()
			n := len(sp.Get("q"))
			sp.Append("utm_source", "crawler")
			sp.Delete("utm_source")
			sp.Set("page", "2")
			return n + len(u.Href(false))
		}},
	}, nil)
}
