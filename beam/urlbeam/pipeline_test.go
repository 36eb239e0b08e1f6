package urlbeam

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	url "github.com/weburl/url"
	"github.com/weburl/url/beam/warc"
	weblinks "github.com/weburl/url/links"
)

// TestMain runs the pipelines of these tests on Beam's default test
// runner, Prism, in process and offline.
func TestMain(m *testing.M) { ptest.Main(m) }

// datasetsDir is the shared URL lists: $URL_DATASETS, or ../shared/datasets
// beside the repository.
func datasetsDir(t testing.TB) string {
	dir := os.Getenv("URL_DATASETS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "datasets")
	}
	if _, err := os.Stat(filepath.Join(dir, "kasztp.txt")); err != nil {
		t.Fatalf("the URL datasets are missing (%v): set URL_DATASETS", err)
	}
	return dir
}

func readLines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// graph is what the plain loop computes: the pipeline's outputs, as
// plain values.
type graph struct {
	domains  []any // DomainStat
	edges    []any // HostEdge
	failures int
}

// plainGraph is the single-process loop the pipeline must equal: the
// same library calls, aggregated with maps.
func plainGraph(links []Link) graph {
	type dstat struct {
		links    int
		distinct map[string]bool
	}
	doms := map[string]*dstat{}
	edges := map[[2]string]int{}
	var g graph
	for _, l := range links {
		canon, err := url.Crawler.Canonicalize(l.Href)
		if err != nil {
			g.failures++
			continue
		}
		cu := url.MustParse(canon)
		d := cu.RegistrableDomain()
		if d == "" {
			d = cu.Hostname()
		}
		if doms[d] == nil {
			doms[d] = &dstat{distinct: map[string]bool{}}
		}
		doms[d].links++
		doms[d].distinct[canon] = true
		if l.Page != "" {
			edges[[2]string{url.MustParse(l.Page).Hostname(), cu.Hostname()}]++
		}
	}
	for d, s := range doms {
		g.domains = append(g.domains, DomainStat{Domain: d, Links: s.links, DistinctURLs: len(s.distinct)})
	}
	for e, n := range edges {
		g.edges = append(g.edges, HostEdge{From: e[0], To: e[1], Links: n})
	}
	return g
}

// plainLinksFromLines is LinksFromLines as a loop.
func plainLinksFromLines(lines []string) (links []Link, failures int) {
	for _, line := range lines {
		if line == "" {
			continue
		}
		page, ref, ok := strings.Cut(line, "\t")
		var u *url.URL
		var err error
		if ok {
			u, err = url.Parse(ref, page)
		} else {
			u, err = url.Parse(line)
			page, ref = "", line
		}
		if err != nil {
			failures++
			continue
		}
		links = append(links, Link{Page: page, Raw: ref, Href: u.Href()})
	}
	return links, failures
}

// TestLinkGraphDatasets runs the pipeline on the three URL datasets
// (each line a link with no page) and on lines of "PAGE<TAB>REF" made
// from them, and checks every output against the plain loop.
func TestLinkGraphDatasets(t *testing.T) {
	dir := datasetsDir(t)
	var lines []string
	for _, name := range []string{"kasztp.txt", "node_files.txt", "isaacs_files.txt"} {
		lines = append(lines, readLines(t, filepath.Join(dir, name))...)
	}
	// Pages linking to one another: each kasztp URL links to the next,
	// as written, as a path-absolute reference, or broken.
	kasztp := readLines(t, filepath.Join(dir, "kasztp.txt"))
	for i := 0; i+1 < len(kasztp); i += 7 {
		next, err := url.Parse(kasztp[i+1])
		if err != nil {
			continue
		}
		switch i % 3 {
		case 0:
			lines = append(lines, kasztp[i]+"\t"+kasztp[i+1])
		case 1:
			lines = append(lines, kasztp[i]+"\t"+next.Pathname()+next.Search())
		default:
			lines = append(lines, kasztp[i]+"\thttps://exa mple.com/"+next.Pathname())
		}
	}
	links, lineFailures := plainLinksFromLines(lines)
	want := plainGraph(links)
	if lineFailures == 0 || len(want.edges) == 0 {
		t.Fatalf("the inputs exercise too little: %d line failures, %d edges", lineFailures, len(want.edges))
	}
	t.Logf("%d lines: %d links, %d line failures, %d domains, %d host edges, %d canonicalization failures",
		len(lines), len(links), lineFailures, len(want.domains), len(want.edges), want.failures)

	p, s := beam.NewPipelineWithRoot()
	in := beam.CreateList(s, lines)
	got, failed := LinksFromLines(s, in)
	domains, edges, canonFailed := LinkGraph(s, got)
	passert.Count(s, got, "links", len(links))
	passert.Count(s, failed, "line failures", lineFailures)
	passert.Count(s, canonFailed, "canonicalization failures", want.failures)
	passert.Equals(s, domains, want.domains...)
	passert.Equals(s, edges, want.edges...)
	ptest.RunAndValidate(t, p)
}

// pages makes n HTML pages on kasztp's URLs with links to other kasztp
// URLs written in many ways, some of which do not parse, and some pages
// in Shift_JIS.
func pages(t testing.TB, n int) []Page {
	var urls []string
	for _, u := range readLines(t, filepath.Join(datasetsDir(t), "kasztp.txt")) {
		if url.CanParse(u) {
			urls = append(urls, u)
		}
	}
	rng := rand.New(rand.NewPCG(20261124, 19))
	var out []Page
	for i := range n {
		page := urls[rng.IntN(len(urls))]
		var b strings.Builder
		b.WriteString("<!doctype html><title>page</title>")
		if i%10 == 0 {
			b.WriteString(`<base href="/base/dir/">`)
		}
		for j := range 5 + rng.IntN(20) {
			target := url.MustParse(urls[rng.IntN(len(urls))])
			var ref string
			switch j % 6 {
			case 0:
				ref = target.Href()
			case 1:
				ref = target.Pathname() + target.Search()
			case 2:
				ref = "../" + strings.TrimPrefix(target.Pathname(), "/")
			case 3:
				ref = "//" + target.Host() + target.Pathname()
			case 4:
				ref = "https://[" + target.Hostname() + "]/" // fails
			default:
				ref = "?q=" + target.Hostname() + "&amp;x=1#frag"
			}
			fmt.Fprintf(&b, `<a href="%s">link</a> <img src="%s" alt="">`, ref, ref)
		}
		out = append(out, Page{URL: page, Body: []byte(b.String())})
	}
	return out
}

// plainExtract is ExtractLinks as a loop.
func plainExtract(ps []Page) (links []Link, failures int) {
	for _, p := range ps {
		ls, err := weblinks.LinkExtractor{Charset: p.Charset}.Extract(bytes.NewReader(p.Body), url.MustParse(p.URL).Href())
		if err != nil {
			failures++
			continue
		}
		for _, l := range ls {
			if l.Err != nil {
				failures++
				continue
			}
			links = append(links, Link{Page: url.MustParse(p.URL).Href(), Tag: l.Tag, Attr: l.Attr, Kind: l.Kind.String(), Raw: l.Raw, Href: l.URL.Href()})
		}
	}
	return links, failures
}

func anys[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// writeWARC writes ps as the HTTP response records of a ".warc.gz" file,
// with a request record, a non-HTML response and a WAT record between
// them, and returns the file's path and the links of the WAT records.
func writeWARC(t testing.TB, dir string, ps []Page) (string, []Link) {
	path := filepath.Join(dir, "crawl.warc.gz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := warc.NewGzipWriter(f)
	var watLinks []Link
	for i, p := range ps {
		ct := "text/html"
		if p.Charset != "" {
			ct += "; charset=" + p.Charset
		}
		w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "request"}, {Name: "WARC-Target-URI", Value: p.URL},
			{Name: "Content-Type", Value: "application/http; msgtype=request"}}, []byte("GET / HTTP/1.1\r\n\r\n"))
		msg := fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", ct, len(p.Body), p.Body)
		if err := w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: p.URL},
			{Name: "Content-Type", Value: "application/http; msgtype=response"}}, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		if i%5 == 0 {
			w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: p.URL + "logo.png"},
				{Name: "Content-Type", Value: "application/http; msgtype=response"}}, []byte("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG"))
		}
		if i%4 == 0 {
			page := url.MustParse(p.URL)
			js := fmt.Sprintf(`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":%q},`+
				`"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"path":"A@/href","url":"/wat/%d"},{"path":"IMG@/src","url":"https://[wat"}]}}}}}`, p.URL, i)
			w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "metadata"}, {Name: "WARC-Target-URI", Value: p.URL},
				{Name: "Content-Type", Value: "application/json"}}, []byte(js))
			watLinks = append(watLinks, Link{Page: page.Href(), Tag: "a", Attr: "href", Raw: fmt.Sprintf("/wat/%d", i),
				Href: url.MustParse(fmt.Sprintf("/wat/%d", i), page.Href()).Href()})
		}
	}
	return path, watLinks
}

// TestPagesAndWARC extracts the links of generated pages read three
// ways, from memory, from HTML files named by a manifest and from a WARC
// file, and checks links, failures and the graph against the plain loop.
func TestPagesAndWARC(t *testing.T) {
	ps := pages(t, 300)
	ps[1].Body = append([]byte(`<meta charset="shift_jis">`), ps[1].Body...)
	ps[2].Charset = "windows-1252"
	links, failures := plainExtract(ps)
	want := plainGraph(links)

	dir := t.TempDir()
	var manifest strings.Builder
	for i, p := range ps {
		name := filepath.Join(dir, fmt.Sprintf("page%d.html", i))
		if err := os.WriteFile(name, p.Body, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&manifest, "%s\t%s\n", p.URL, name)
	}
	manifest.WriteString("not a manifest line\n")
	manifest.WriteString("https://example.com/\t" + filepath.Join(dir, "missing.html") + "\n")
	if err := os.WriteFile(filepath.Join(dir, "manifest.tsv"), []byte(manifest.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	warcPath, watLinks := writeWARC(t, dir, ps)

	p, s := beam.NewPipelineWithRoot()
	memLinks, memFailed := ExtractLinks(s, beam.CreateList(s, ps))
	passert.Equals(s, memLinks, anys(links)...)
	passert.Count(s, memFailed, "failures from memory", failures)
	domains, edges, _ := LinkGraph(s, memLinks)
	passert.Equals(s, domains, want.domains...)
	passert.Equals(s, edges, want.edges...)

	filePages, readFailed := ReadHTML(s, filepath.Join(dir, "manifest.tsv"), 0)
	passert.Count(s, readFailed, "manifest failures", 2)
	fileLinks, fileFailed := ExtractLinks(s, filePages)
	passert.Equals(s, fileLinks, anys(links)...)
	passert.Count(s, fileFailed, "failures from files", failures)

	warcPages, warcLinks, warcFailed := ReadWARC(s, warcPath, 0)
	passert.Count(s, warcPages, "pages from WARC", len(ps))
	passert.Equals(s, warcLinks, anys(watLinks)...)
	passert.Count(s, warcFailed, "WAT links that fail", len(watLinks))
	pageLinks, _ := ExtractLinks(s, warcPages)
	passert.Equals(s, pageLinks, anys(links)...)
	ptest.RunAndValidate(t, p)
}

// TestWrongExpectationFails makes sure the checks above can fail: the
// same pipeline with one count changed must not pass.
func TestWrongExpectationFails(t *testing.T) {
	ps := pages(t, 20)
	links, _ := plainExtract(ps)
	want := plainGraph(links)
	sort.Slice(want.domains, func(i, j int) bool { return want.domains[i].(DomainStat).Domain < want.domains[j].(DomainStat).Domain })
	wrong := append([]any(nil), want.domains...)
	d := wrong[0].(DomainStat)
	d.Links++
	wrong[0] = d

	p, s := beam.NewPipelineWithRoot()
	got, _ := ExtractLinks(s, beam.CreateList(s, ps))
	domains, _, _ := LinkGraph(s, got)
	passert.Equals(s, domains, wrong...)
	if err := ptest.Run(p); err == nil {
		t.Fatal("a pipeline checked against a wrong count passed")
	}

	p, s = beam.NewPipelineWithRoot()
	got, _ = ExtractLinks(s, beam.CreateList(s, ps))
	passert.Count(s, got, "links", len(links)+1)
	if err := ptest.Run(p); err == nil {
		t.Fatal("a pipeline checked against a wrong link count passed")
	}
}
