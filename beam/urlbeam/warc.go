package urlbeam

import (
	"context"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	url "github.com/weburl/url"
	"github.com/weburl/url/beam/warc"
)

func init() {
	register.DoFn5x1[context.Context, fileio.ReadableFile, func(Page), func(Link), func(Failure), error](&readWARCFn{})
}

// ReadWARC reads the WARC files (ISO 28500; plain or ".warc.gz") that
// glob matches. Each HTTP response record of an HTML page gives a
// [Page] (its URL the record's WARC-Target-URI, its Charset the
// response's); each WAT metadata record (Common Crawl's JSON, which
// carries a page's links already extracted) gives that page's [Link]
// rows, resolved against the page's <base href> or URL. Other records
// are skipped. Records that cannot be read, pages larger than maxBytes
// (0 means [DefaultMaxPageBytes]) and links that do not resolve are
// [Failure] rows (stages "read" and "link"); a file that stops being
// WARC stops there, with a failure.
func ReadWARC(s beam.Scope, glob string, maxBytes int64) (pages, links, failures beam.PCollection) {
	s = s.Scope("urlbeam.ReadWARC")
	if maxBytes <= 0 {
		maxBytes = DefaultMaxPageBytes
	}
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob), fileio.ReadUncompressed())
	return beam.ParDo3(s, &readWARCFn{MaxBytes: maxBytes}, files)
}

type readWARCFn struct {
	MaxBytes int64
}

func (f *readWARCFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emitPage func(Page), emitLink func(Link), fail func(Failure)) error {
	rc, err := file.Open(ctx)
	if err != nil {
		fail(Failure{Stage: "read", Input: file.Metadata.Path, Err: err.Error()})
		return nil
	}
	defer rc.Close()
	return readWARC(rc, file.Metadata.Path, f.MaxBytes, emitPage, emitLink, fail)
}

// readWARC emits the pages and WAT links of the WARC file read from r.
func readWARC(r io.Reader, name string, max int64, emitPage func(Page), emitLink func(Link), fail func(Failure)) error {
	wr, err := warc.NewReader(r)
	if err != nil {
		fail(Failure{Stage: "read", Input: name, Err: err.Error()})
		return nil
	}
	for {
		rec, err := wr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			fail(Failure{Stage: "read", Input: name, Err: err.Error()})
			return nil
		}
		switch {
		case rec.IsHTTPResponse():
			resp, err := rec.HTTPResponse()
			if err != nil {
				fail(Failure{Stage: "read", Input: rec.TargetURI(), Err: err.Error()})
				continue
			}
			if resp.StatusCode != 200 || !warc.IsHTML(resp) {
				continue
			}
			body, err := readAtMost(resp.Body, max)
			if err != nil {
				fail(Failure{Stage: "read", Input: rec.TargetURI(), Err: err.Error()})
				continue
			}
			emitPage(Page{URL: rec.TargetURI(), Charset: warc.Charset(resp), Body: body})
		case rec.Type() == "metadata" && strings.HasPrefix(rec.ContentType(), "application/json"):
			p, err := warc.ParseWAT(rec.Content, max)
			if err != nil {
				fail(Failure{Stage: "read", Input: rec.TargetURI(), Err: err.Error()})
				continue
			}
			watLinks(p, emitLink, fail)
		}
	}
}

// watLinks resolves the links of a WAT record's page against the page's
// base URL: its <base href> resolved against its URL, or its URL.
func watLinks(p *warc.WATPage, emit func(Link), fail func(Failure)) {
	if len(p.Links) == 0 {
		return
	}
	page, err := url.Parse(p.TargetURI)
	if err != nil {
		fail(Failure{Stage: "link", Input: p.TargetURI, Err: err.Error()})
		return
	}
	base := page
	if p.Base != "" {
		if b, err := page.Parse(p.Base); err == nil {
			base = b
		}
	}
	for _, l := range p.Links {
		tag, attr, _ := strings.Cut(l.Path, "@/")
		u, err := base.Parse(l.URL)
		if err != nil {
			fail(Failure{Stage: "link", Input: l.URL, Base: p.TargetURI, Err: err.Error()})
			continue
		}
		emit(Link{Page: page.Href(), Tag: strings.ToLower(tag), Attr: strings.ToLower(attr), Raw: l.URL, Href: u.Href()})
	}
}
