package urlbeam

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	url "github.com/weburl/url"
	"github.com/weburl/url/beam/warc"
)

func init() {
	register.DoFn6x1[context.Context, fileio.ReadableFile, func(Page), func(Link), func(string), func(Failure), error](&readCrawlFn{})
	register.Emitter1[string]()
}

// Crawl is what [ReadCrawl] reads from WARC and WAT files.
type Crawl struct {
	// Pages is a PCollection of [Page]: the HTML pages of HTTP 200
	// responses, for [ExtractLinks].
	Pages beam.PCollection
	// Links is a PCollection of [Link]: the links the records carry
	// beside their HTML (see [ReadCrawl]), already resolved.
	Links beam.PCollection
	// Visited is a PCollection of string: the URL of every HTTP
	// response the files record (each WARC response record and each WAT
	// record of one), so that a page with no links is still a node of
	// the graph.
	Visited beam.PCollection
	// Failures is a PCollection of [Failure], stages "read" and "link".
	Failures beam.PCollection
}

// ReadWARC reads the WARC files that glob matches as [ReadCrawl] does,
// and returns its pages, links and failures.
func ReadWARC(s beam.Scope, glob string, maxBytes int64) (pages, links, failures beam.PCollection) {
	c := ReadCrawl(s, glob, maxBytes)
	return c.Pages, c.Links, c.Failures
}

// ReadCrawl reads the WARC files (ISO 28500; plain or ".warc.gz") that
// glob matches, Common Crawl's WARC and WAT files among them, and finds
// every link source that Common Crawl's cc-pyspark reads:
//
//   - an HTTP 200 response of an HTML page gives a [Page] (its URL the
//     record's WARC-Target-URI, its Charset the response's), whose links
//     [ExtractLinks] finds;
//   - any HTTP response gives the links of its Link and
//     Content-Location headers (Tag "http", Attr "link" or
//     "content-location");
//   - a redirect (301, 302, 303, 307, 308) gives its Location (Tag
//     "http", Attr "location", Kind "navigation");
//   - a 200 response for a /robots.txt gives its Sitemap lines (Tag
//     "robots.txt", Attr "sitemap");
//   - a WAT record of a response gives the links Common Crawl extracted:
//     the HTTP Link and Content-Location headers, <link>, the <meta>
//     elements that carry URLs (Attr the meta's property or name, such
//     as "og:image"), <script src> and the links of the body (Tag and
//     Attr from the WAT path, such as "a" and "href"), resolved against
//     the page's <base href> or URL.
//
// Records that cannot be read, pages larger than maxBytes (0 means
// [DefaultMaxPageBytes]) and links that do not resolve are [Failure]
// rows (stages "read" and "link"); a file that stops being WARC stops
// there, with a failure. The Beam counters of namespace "urlbeam" count
// what it reads: "records" (WARC records), "pages" (HTTP responses,
// the URLs of Visited), "links" and "failures".
func ReadCrawl(s beam.Scope, glob string, maxBytes int64) Crawl {
	s = s.Scope("urlbeam.ReadCrawl")
	if maxBytes <= 0 {
		maxBytes = DefaultMaxPageBytes
	}
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob), fileio.ReadUncompressed())
	pages, links, visited, failures := beam.ParDo4(s, &readCrawlFn{MaxBytes: maxBytes}, files)
	return Crawl{Pages: pages, Links: links, Visited: visited, Failures: failures}
}

type readCrawlFn struct {
	MaxBytes int64
}

func (f *readCrawlFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emitPage func(Page), emitLink func(Link), emitVisited func(string), fail func(Failure)) error {
	out := crawlEmitters{
		page:    emitPage,
		link:    func(l Link) { counters.links.Inc(ctx, 1); emitLink(l) },
		visited: func(u string) { counters.pages.Inc(ctx, 1); emitVisited(u) },
		fail:    func(x Failure) { counters.failures.Inc(ctx, 1); fail(x) },
		record:  func() { counters.records.Inc(ctx, 1) },
	}
	rc, err := file.Open(ctx)
	if err != nil {
		out.fail(Failure{Stage: "read", Input: file.Metadata.Path, Err: err.Error()})
		return nil
	}
	defer rc.Close()
	readCrawl(rc, file.Metadata.Path, f.MaxBytes, out)
	return nil
}

// crawlEmitters are the outputs of readCrawl.
type crawlEmitters struct {
	page    func(Page)
	link    func(Link)
	visited func(string)
	fail    func(Failure)
	record  func()
}

// readCrawl emits what the WARC file read from r holds (see ReadCrawl).
func readCrawl(r io.Reader, name string, max int64, out crawlEmitters) {
	wr, err := warc.NewReader(r)
	if err != nil {
		out.fail(Failure{Stage: "read", Input: name, Err: err.Error()})
		return
	}
	for {
		rec, err := wr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			out.fail(Failure{Stage: "read", Input: name, Err: err.Error()})
			return
		}
		out.record()
		switch {
		case rec.IsHTTPResponse():
			readResponse(rec, max, out)
		case rec.Type() == "metadata" && strings.HasPrefix(rec.ContentType(), "application/json"):
			data, err := readAtMost(rec.Content, max)
			if err != nil {
				out.fail(Failure{Stage: "read", Input: rec.TargetURI(), Err: err.Error()})
				continue
			}
			readWAT(data, out)
		}
	}
}

// redirectStatus is the set of HTTP statuses whose Location cc-pyspark
// takes as a link.
var redirectStatus = map[int]bool{301: true, 302: true, 303: true, 307: true, 308: true}

// sitemapLine matches a Sitemap line of robots.txt, as cc-pyspark does.
var sitemapLine = regexp.MustCompile(`(?i)^Sitemap:\s*(\S+)`)

// readResponse emits what one HTTP response record holds.
func readResponse(rec *warc.Record, max int64, out crawlEmitters) {
	target := rec.TargetURI()
	resp, err := rec.HTTPResponse()
	if err != nil {
		out.fail(Failure{Stage: "read", Input: target, Err: err.Error()})
		return
	}
	page, err := url.Parse(target)
	if err != nil {
		out.fail(Failure{Stage: "read", Input: target, Err: err.Error()})
		return
	}
	out.visited(page.Href())
	for _, l := range headerLinks(resp.Header) {
		emitResolved(page, l, "", out)
	}
	switch {
	case redirectStatus[resp.StatusCode]:
		if loc := resp.Header.Get("Location"); loc != "" {
			emitResolved(page, watLink{Tag: "http", Attr: "location", Raw: loc}, "navigation", out)
		}
	case resp.StatusCode != 200:
	case page.Pathname() == "/robots.txt":
		body, err := readAtMost(resp.Body, max)
		if err != nil {
			out.fail(Failure{Stage: "read", Input: target, Err: err.Error()})
			return
		}
		sc := bufio.NewScanner(strings.NewReader(string(body)))
		sc.Buffer(nil, len(body)+1)
		for sc.Scan() {
			if m := sitemapLine.FindStringSubmatch(sc.Text()); m != nil {
				emitResolved(page, watLink{Tag: "robots.txt", Attr: "sitemap", Raw: m[1]}, "", out)
			}
		}
	case warc.IsHTML(resp):
		body, err := readAtMost(resp.Body, max)
		if err != nil {
			out.fail(Failure{Stage: "read", Input: target, Err: err.Error()})
			return
		}
		out.page(Page{URL: target, Charset: warc.Charset(resp), Body: body})
	}
}

// headerLinks returns the links of an HTTP response's Link and
// Content-Location headers.
func headerLinks(h http.Header) []watLink {
	var links []watLink
	for _, v := range h.Values("Link") {
		for _, m := range httpLinkValue.FindAllStringSubmatch(v, -1) {
			links = append(links, watLink{Tag: "http", Attr: "link", Raw: m[1]})
		}
	}
	for _, v := range h.Values("Content-Location") {
		links = append(links, watLink{Tag: "http", Attr: "content-location", Raw: v})
	}
	return links
}

// emitResolved resolves l against base and emits it as a link of page
// base, or a failure.
func emitResolved(base *url.URL, l watLink, kind string, out crawlEmitters) {
	u, err := base.Parse(l.Raw)
	if err != nil {
		out.fail(Failure{Stage: "link", Input: l.Raw, Base: base.Href(), Err: err.Error()})
		return
	}
	out.link(Link{Page: base.Href(), Tag: l.Tag, Attr: l.Attr, Kind: kind, Raw: l.Raw, Href: u.Href()})
}

// readWAT emits the links of a WAT record, resolved against the page's
// base URL (its <base href> resolved against its URL, or its URL); the
// HTTP headers' links resolve against the page's URL.
func readWAT(data []byte, out crawlEmitters) {
	target, baseHref, links, isResponse, err := parseWATLinks(data)
	if err != nil {
		out.fail(Failure{Stage: "read", Input: target, Err: err.Error()})
		return
	}
	if !isResponse {
		return
	}
	page, err := url.Parse(target)
	if err != nil {
		out.fail(Failure{Stage: "link", Input: target, Err: err.Error()})
		return
	}
	out.visited(page.Href())
	base := page
	if baseHref != "" {
		if b, err := page.Parse(baseHref); err == nil {
			base = b
		}
	}
	for _, l := range links {
		against := base
		if l.Tag == "http" {
			against = page
		}
		u, err := against.Parse(l.Raw)
		if err != nil {
			out.fail(Failure{Stage: "link", Input: l.Raw, Base: page.Href(), Err: err.Error()})
			continue
		}
		out.link(Link{Page: page.Href(), Tag: l.Tag, Attr: l.Attr, Raw: l.Raw, Href: u.Href()})
	}
}
