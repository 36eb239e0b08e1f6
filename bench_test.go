package url

// Benchmarks over the real URL lists of ../shared/datasets (set
// URL_DATASETS to the folder; the benchmarks skip without it), beside
// net/url in the same run, so that ratios can be read off one run:
//
//	URL_DATASETS=../shared/datasets go test -run '^$' -bench . -benchmem
//
// Each benchmark op parses every URL of one file; ns/url and allocs/url
// are reported per URL.

import (
	"bufio"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var datasetNames = []string{"kasztp.txt", "node_files.txt", "isaacs_files.txt"}

// loadDataset returns the lines of one dataset file, without a leading
// byte order mark and blank lines.
func loadDataset(b *testing.B, name string) []string {
	dir := os.Getenv("URL_DATASETS")
	if dir == "" {
		b.Skip("URL_DATASETS not set (e.g. URL_DATASETS=../shared/datasets)")
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimPrefix(sc.Text(), "\uFEFF")
		if line != "" {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines
}

// report sets the per-URL metrics of a benchmark whose op handles urls.
func report(b *testing.B, urls []string) {
	n := float64(b.N) * float64(len(urls))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/url")
	b.ReportMetric(0, "ns/op")
}

func totalBytes(urls []string) int64 {
	var n int64
	for _, u := range urls {
		n += int64(len(u))
	}
	return n
}

// benchDatasets runs parse over every URL of each dataset, as one op.
func benchDatasets(b *testing.B, parse func(string) int) {
	for _, name := range datasetNames {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			urls := loadDataset(b, name)
			b.SetBytes(totalBytes(urls))
			b.ReportAllocs()
			sink := 0
			for b.Loop() {
				for _, s := range urls {
					sink += parse(s)
				}
			}
			report(b, urls)
		})
	}
}

func BenchmarkParse(b *testing.B) {
	benchDatasets(b, func(s string) int {
		if _, err := Parse(s); err != nil {
			return 0
		}
		return 1
	})
}

func BenchmarkParseHref(b *testing.B) {
	benchDatasets(b, func(s string) int {
		if u, err := Parse(s); err == nil {
			return len(u.Href())
		}
		return 0
	})
}

func BenchmarkCanParse(b *testing.B) {
	benchDatasets(b, func(s string) int {
		if CanParse(s) {
			return 1
		}
		return 0
	})
}

// BenchmarkNetURLParseString is the peer: net/url's Parse and String.
func BenchmarkNetURLParseString(b *testing.B) {
	benchDatasets(b, func(s string) int {
		if u, err := neturl.Parse(s); err == nil {
			return len(u.String())
		}
		return 0
	})
}

// BenchmarkParseDeclined parses inputs that the fast path (fastpath.go)
// declines only at their last bytes, so that the general parser starts
// over: the most a decline costs. Without URL_DATASETS.
func BenchmarkParseDeclined(b *testing.B) {
	const page = "https://example.com/a/long/path/to/the/page.html"
	for _, c := range []struct{ name, input string }{
		{"fragment-space", page + "?query=string#frag ment"},
		{"query-quote", page + "?query=it's"},
		{"dot-segment", page + "/.."},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.input)))
			b.ReportAllocs()
			for b.Loop() {
				if u, err := Parse(c.input); err == nil {
					_ = u.Href()
				}
			}
		})
	}
}

// setterRuns are the values BenchmarkSetters sets, in turn, on the
// URLs of kasztp.txt: a pathname, a search and a hash, of the kinds
// perf-ada's setters workload draws from (spaces and non-ASCII to
// encode, with and without the leading "?" and "#").
var setterRuns = [][3]string{
	{"/rpg2/wodgraphics/", "q=165710&s=a b", "#ü"},
	{"/group/WebtvSigHelp/", "?367540&lang=en", "#top"},
	{"/projects/cosm/new page", "?669784&sort=desc&x=1", "frag ment"},
	{"/help/dccresum.txt", "q=2", "section-2"},
}

// BenchmarkSetters parses each URL of kasztp.txt, sets its pathname,
// search and hash, and reads the href: perf-ada's setters workload on
// the real list (one allocation per URL: the href buffer).
func BenchmarkSetters(b *testing.B) {
	urls := loadDataset(b, "kasztp.txt")
	b.ReportAllocs()
	sink := 0
	for b.Loop() {
		for i, s := range urls {
			u, err := Parse(s)
			if err != nil {
				continue
			}
			r := &setterRuns[i%len(setterRuns)]
			u.SetPathname(r[0])
			u.SetSearch(r[1])
			u.SetHash(r[2])
			sink += len(u.Href())
		}
	}
	report(b, urls)
}
