package urlbeam

import (
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn2x0[Link, func(Link)](&filterSourcesFn{})
	register.Function1x1(pageURL)
}

// Source names where a link was found: its Tag and Attr joined by "@",
// as Common Crawl's WAT files name them ("a@href", "img@src",
// "meta@og:image", "http@link", "http@content-location",
// "http@location" for a redirect, "robots.txt@sitemap"), or "" for a
// link with neither (a line of a URL list).
func (l Link) Source() string {
	if l.Tag == "" && l.Attr == "" {
		return ""
	}
	return l.Tag + "@" + l.Attr
}

// FilterSources keeps the links of links (a PCollection of [Link]) whose
// source one of sources names: a tag ("a", "meta", "http"), which takes
// every attribute, or a [Link.Source] ("meta@og:image").
func FilterSources(s beam.Scope, sources []string, links beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("urlbeam.FilterSources"), &filterSourcesFn{Sources: sources}, links)
}

type filterSourcesFn struct {
	Sources []string
}

func (f *filterSourcesFn) ProcessElement(l Link, emit func(Link)) {
	if keepSource(f.Sources, l) {
		emit(l)
	}
}

// keepSource reports whether one of sources names l's source.
func keepSource(sources []string, l Link) bool {
	src := l.Source()
	for _, s := range sources {
		if s == l.Tag || s == src {
			return true
		}
	}
	return false
}

// PageURLs returns the URLs of pages (a PCollection of [Page]), as
// [WebGraph] takes visited pages.
func PageURLs(s beam.Scope, pages beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("urlbeam.PageURLs"), pageURL, pages)
}

func pageURL(p Page) string { return p.URL }
