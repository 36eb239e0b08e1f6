package urlbeam

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	url "github.com/weburl/url"
)

// sourcePaths are the files of testdata/sources.
func sourcePaths(t testing.TB) []string {
	var paths []string
	for _, g := range []string{"testdata/sources/*.warc", "testdata/sources/*/*.warc"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		t.Fatal("no testdata/sources")
	}
	slices.Sort(paths)
	return paths
}

// crawlResult is what plainCrawl finds.
type crawlResult struct {
	links    []Link
	visited  []string
	failures []Failure
}

// plainCrawl is ReadCrawl and ExtractLinks as a loop over files.
func plainCrawl(t testing.TB, paths []string) crawlResult {
	var r crawlResult
	var pages []Page
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		readCrawl(bytes.NewReader(data), p, DefaultMaxPageBytes, crawlEmitters{
			page:    func(p Page) { pages = append(pages, p) },
			link:    func(l Link) { r.links = append(r.links, l) },
			visited: func(u string) { r.visited = append(r.visited, u) },
			fail:    func(f Failure) { r.failures = append(r.failures, f) },
			record:  func() {},
		})
	}
	links, _ := plainExtract(pages)
	r.links = append(r.links, links...)
	return r
}

// surtHost is a host as cc-pyspark's ExtractHostLinksJob names it:
// reversed, without a leading "www." when more than two labels remain.
func surtHost(host string) string {
	if strings.Count(host, ".") >= 2 {
		host = strings.TrimPrefix(host, "www.")
	}
	return ReverseHost(host)
}

// TestSourcesAgainstCCPySpark holds ReadCrawl (with ExtractLinks for the
// HTML of WARC responses) to cc-pyspark's own extraction on
// testdata/sources: every page-level link of ExtractLinksJob and every
// host-level edge of ExtractHostLinksJob (testdata/ccpyspark/links.tsv,
// written by testdata/ccpyspark/extract.py) must be found. cc-pyspark
// leaves the links of HTTP headers unresolved; they are resolved here
// against their page, as a browser would.
func TestSourcesAgainstCCPySpark(t *testing.T) {
	got := plainCrawl(t, sourcePaths(t))
	pagePairs := map[[2]string]bool{}
	hostPairs := map[[2]string]bool{}
	for _, l := range got.links {
		pagePairs[[2]string{l.Page, l.Href}] = true
		from, to := url.MustParse(l.Page).Hostname(), url.MustParse(l.Href).Hostname()
		if from != "" && to != "" {
			hostPairs[[2]string{surtHost(from), surtHost(to)}] = true
		}
	}
	visited := map[string]bool{}
	for _, v := range got.visited {
		visited[v] = true
		if h := url.MustParse(v).Hostname(); h != "" {
			hostPairs[[2]string{surtHost(h), surtHost(h)}] = true // a vertex
		}
	}
	want := readLines(t, filepath.Join("testdata", "ccpyspark", "links.tsv"))
	var pageLinks, hostLinks, nodes int
	for _, line := range want {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("bad line %q", line)
		}
		switch f[0] {
		case "page":
			src := url.MustParse(f[1]).Href()
			if f[1] == f[2] {
				nodes++
				if !visited[src] {
					t.Errorf("page %s with no links is not visited", src)
				}
				continue
			}
			pageLinks++
			u, err := url.Parse(f[2], f[1])
			if err != nil {
				t.Errorf("cc-pyspark's link %q of %s does not parse: %v", f[2], f[1], err)
				continue
			}
			if !pagePairs[[2]string{src, u.Href()}] {
				t.Errorf("cc-pyspark finds %s -> %s (%q); ReadCrawl does not", src, u.Href(), f[2])
			}
		case "host":
			hostLinks++
			if !hostPairs[[2]string{f[1], f[2]}] {
				t.Errorf("cc-pyspark finds the host edge %s -> %s; ReadCrawl does not", f[1], f[2])
			}
		}
	}
	if pageLinks == 0 || hostLinks == 0 || nodes == 0 {
		t.Fatalf("links.tsv exercises too little: %d page links, %d host edges, %d pages with no links", pageLinks, hostLinks, nodes)
	}
	t.Logf("cc-pyspark: %d page links, %d host edges, %d pages with no links; ReadCrawl: %d links (%d distinct), %d visited pages, %d failures",
		pageLinks, hostLinks, nodes, len(got.links), len(pagePairs), len(got.visited), len(got.failures))
}
