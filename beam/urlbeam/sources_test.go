package urlbeam

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
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
	n := checkCCPySpark(t, got, filepath.Join("testdata", "ccpyspark", "links.tsv"))
	if n.pageLinks == 0 || n.hostLinks == 0 || n.nodes == 0 {
		t.Fatalf("links.tsv exercises too little: %d page links, %d host edges, %d pages with no links", n.pageLinks, n.hostLinks, n.nodes)
	}
	n.log(t, got)
}

// ccPySparkCounts are the lines of a file of cc-pyspark's output, by
// kind.
type ccPySparkCounts struct {
	pageLinks, hostLinks, nodes, hostNodes int
}

func (n ccPySparkCounts) log(t *testing.T, got crawlResult) {
	t.Helper()
	pages := map[[2]string]bool{}
	for _, l := range got.links {
		pages[[2]string{l.Page, l.Href}] = true
	}
	t.Logf("cc-pyspark: %d page links, %d pages with no links, %d host edges, %d hosts of pages with no links; ReadCrawl: %d links (%d distinct), %d visited pages, %d failures",
		n.pageLinks, n.nodes, n.hostLinks, n.hostNodes, len(got.links), len(pages), len(got.visited), len(got.failures))
}

// checkCCPySpark requires every line of want, a file extract.py wrote
// (lines starting with "#" are comments), to be found in got: a page
// link ("page SOURCE TARGET", TARGET resolved against SOURCE) as a link,
// a page with no links ("page URL URL") as a visited page, a host edge
// ("host FROM TO", hosts as surtHost names them) as the hosts of a link,
// and the host of a page with no links ("host HOST HOST") as the host of
// a visited page or of a link within it.
func checkCCPySpark(t *testing.T, got crawlResult, want string) ccPySparkCounts {
	t.Helper()
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
	var n ccPySparkCounts
	for _, line := range readLines(t, want) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("bad line %q", line)
		}
		switch f[0] {
		case "page":
			src, err := url.Parse(f[1])
			if err != nil {
				t.Errorf("cc-pyspark's page %q does not parse: %v", f[1], err)
				continue
			}
			if f[1] == f[2] {
				n.nodes++
				if !visited[src.Href()] {
					t.Errorf("page %s with no links is not visited", src.Href())
				}
				continue
			}
			n.pageLinks++
			u, err := url.Parse(f[2], f[1])
			if err != nil {
				t.Errorf("cc-pyspark's link %q of %s does not parse: %v", f[2], f[1], err)
				continue
			}
			if !pagePairs[[2]string{src.Href(), u.Href()}] {
				t.Errorf("cc-pyspark finds %s -> %s (%q); ReadCrawl does not", src.Href(), u.Href(), f[2])
			}
		case "host":
			if f[1] == f[2] {
				n.hostNodes++
			} else {
				n.hostLinks++
			}
			if !hostPairs[[2]string{f[1], f[2]}] {
				t.Errorf("cc-pyspark finds the host edge %s -> %s; ReadCrawl does not", f[1], f[2])
			}
		default:
			t.Fatalf("bad line %q", line)
		}
	}
	return n
}

// publicGlob matches the public sample WARC files of the warc package
// (warcio's and gowarc's test files; see its testdata/public/README.md),
// all but the README.
var publicGlob = filepath.Join("..", "warc", "testdata", "public", "*.warc*")

// publicPaths are the files publicGlob matches.
func publicPaths(t testing.TB) []string {
	paths, err := filepath.Glob(publicGlob)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no public sample files")
	}
	slices.Sort(paths)
	return paths
}

// TestPublicSamplesAgainstCCPySpark holds ReadCrawl to cc-pyspark's own
// extraction on the public sample files: every line of
// testdata/ccpyspark/public-links.tsv (written by extract.py with the
// files read by warcio, as sparkcc reads them; its "#" lines say what
// each file gave) must be found.
//
// The files hold no WAT record, no redirect and no robots.txt, so
// cc-pyspark, which takes from WARC files only redirects and sitemaps,
// finds no link in them: only the pages of their response records, as
// pages with no links (7 URLs, 6 hosts). It finds nothing at all in
// gowarc-empty.warc.gz.open (no records), warcio-example-digest.warc
// (request records only), warcio-example-resource.warc.gz and
// warcio-example-space-in-target-uri.warc.gz (resource records, no
// response), and warcio-example-bad-non-chunked.warc.gz and
// warcio-example-bad.warc.gz.bad (warcio stops after their warcinfo
// record). warcio stops early in seven files (ArchiveLoadFailed, which
// sparkcc logs as "Invalid WARC" and goes on): those compressed as one
// gzip member, the two corrupted gowarc files and
// warcio-example-wrong-chunks.warc.gz; cc-pyspark keeps what it found
// before, and ReadCrawl reads further, so it visits more pages.
func TestPublicSamplesAgainstCCPySpark(t *testing.T) {
	got := plainCrawl(t, publicPaths(t))
	n := checkCCPySpark(t, got, filepath.Join("testdata", "ccpyspark", "public-links.tsv"))
	if n.nodes == 0 || n.hostNodes == 0 {
		t.Fatalf("public-links.tsv exercises too little: %d pages with no links, %d hosts of them", n.nodes, n.hostNodes)
	}
	n.log(t, got)
}

// TestPublicSamplesGraph runs ReadCrawl, ExtractLinks and WebGraph on
// Prism over the public sample files and checks the links, the visited
// pages, the failures and both graphs (vertices with their ids, edges
// by id and by name) against the plain loop's.
func TestPublicSamplesGraph(t *testing.T) {
	plain := plainCrawl(t, publicPaths(t))
	want := plainWebGraph(plain.visited, plain.links, true)

	p, s := beam.NewPipelineWithRoot()
	c := ReadCrawl(s, publicGlob, 0)
	pageLinks, _ := ExtractLinks(s, c.Pages)
	links := beam.Flatten(s, c.Links, pageLinks)
	passert.Equals(s, links, anys(plain.links)...)
	passert.Equals(s, c.Visited, anys(plain.visited)...)
	passert.Count(s, c.Failures, "read failures", len(plain.failures))
	hosts, domains := WebGraph(s, c.Visited, links, GraphOptions{ReverseNames: true})
	for _, g := range []struct {
		got   Graph
		names map[string]bool
		edges map[[2]string]int
	}{
		{hosts, want.hostNames, want.hostEdges},
		{domains, want.domainNames, want.domainEdges},
	} {
		vertices, edges, named := graphRows(g.names, g.edges)
		passert.Equals(s, g.got.Vertices, vertices...)
		passert.Equals(s, g.got.Edges, edges...)
		passert.Equals(s, g.got.Named, named...)
	}
	ptest.RunAndValidate(t, p)
	t.Logf("plain loop: %d links, %d visited pages, %d failures; %d hosts, %d host edges (self-loops included); %d domains, %d domain edges",
		len(plain.links), len(plain.visited), len(plain.failures), len(want.hostNames), len(want.hostEdges), len(want.domainNames), len(want.domainEdges))
}

// graphRows are the Vertex, Edge and HostEdge values WebGraph must give
// for a graph of the plain loop: ids in the sorted order of the names,
// edges between distinct vertices by id, all edges by name.
func graphRows(names map[string]bool, counts map[[2]string]int) (vertices, edges, named []any) {
	sorted := slices.Sorted(maps.Keys(names))
	id := map[string]int64{}
	for i, name := range sorted {
		id[name] = int64(i)
		vertices = append(vertices, Vertex{ID: int64(i), Name: name})
	}
	for e, n := range counts {
		named = append(named, HostEdge{From: e[0], To: e[1], Links: n})
		if e[0] != e[1] {
			edges = append(edges, Edge{From: id[e[0]], To: id[e[1]], Links: n})
		}
	}
	return vertices, edges, named
}
