package urlbeam

import (
	"bytes"
	"context"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	url "github.com/weburl/url"
	"github.com/weburl/url/links"
)

func init() {
	register.Function4x0(extractFn)
	register.Emitter1[Link]()
}

// ExtractLinks extracts the links of each [Page] of pages (a PCollection
// of Page), resolved as a browser resolves them (the page's <base href>
// applies, a srcset gives one link per image candidate; the page is
// decoded, and its queries encoded, in the encoding its Charset or
// HTML's sniffing gives it). It returns the
// links as [Link] rows, and as [Failure] rows the pages that cannot be
// read (stage "extract", Input the page's URL) and the links that do not
// resolve to a URL (stage "link", Input the link as written, Base the
// page's URL). It counts links and failures in the Beam counters "links"
// and "failures" of namespace "urlbeam".
func ExtractLinks(s beam.Scope, pages beam.PCollection) (links, failures beam.PCollection) {
	s = s.Scope("urlbeam.ExtractLinks")
	return beam.ParDo2(s, extractFn, pages)
}

func extractFn(ctx context.Context, p Page, emitLink func(Link), failure func(Failure)) {
	extractPage(p,
		func(l Link) { counters.links.Inc(ctx, 1); emitLink(l) },
		func(f Failure) { counters.failures.Inc(ctx, 1); failure(f) })
}

// extractPage emits the links of p, or its failures: the per-page work
// of ExtractLinks, which both engines run.
func extractPage(p Page, emit func(Link), fail func(Failure)) {
	page, err := url.Parse(p.URL)
	if err != nil {
		fail(Failure{Stage: "extract", Input: p.URL, Err: err.Error()})
		return
	}
	ls, err := links.LinkExtractor{Charset: p.Charset}.Extract(bytes.NewReader(p.Body), page.Href())
	if err != nil {
		fail(Failure{Stage: "extract", Input: p.URL, Err: err.Error()})
		return
	}
	for _, l := range ls {
		if l.Err != nil {
			fail(Failure{Stage: "link", Input: l.Raw, Base: page.Href(), Err: l.Err.Error()})
			continue
		}
		emit(Link{Page: page.Href(), Tag: l.Tag, Attr: l.Attr, Kind: l.Kind.String(), Raw: l.Raw, Href: l.URL.Href()})
	}
}
