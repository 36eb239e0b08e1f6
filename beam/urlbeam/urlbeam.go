// Package urlbeam is weburl on Apache Beam: transforms that parse,
// resolve and canonicalize URLs and extract the links of HTML pages as
// browsers do, key them by host and registrable domain, and build a
// host-level link graph, for link sets that outgrow one machine. The
// same pipeline runs in process on Beam's Prism runner (offline, as the
// tests do) and on Dataflow, Flink or Spark.
//
// Nothing is dropped silently: every transform that can fail has a
// second output, a PCollection of [Failure] (a dead-letter output), with
// the input and the error.
//
// It lives in the module github.com/weburl/url/beam, apart from the URL
// library, so that users of the library never download Beam.
package urlbeam

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// Failure is a row of a dead-letter output: an input a transform could
// not process, and why.
type Failure struct {
	// Stage names the transform: "parse", "resolve", "canonicalize",
	// "read", "extract", "link".
	Stage string
	// Input is what failed: a URL, a reference, a file's path.
	Input string
	// Base is the base URL or page URL the input was read against, if
	// any.
	Base string
	// Err is the error's message.
	Err string
}

// Ref is a reference to resolve against a base URL, as a link of a page
// is resolved against the page's URL.
type Ref struct {
	Base, Ref string
}

// Page is an HTML page and where it came from.
type Page struct {
	// URL is the URL the page was fetched from: its links resolve
	// against it (or against its <base href>).
	URL string
	// Charset is the transport's charset (the charset parameter of the
	// HTTP Content-Type), or "" when unknown.
	Charset string
	// Body is the document's bytes, as served.
	Body []byte
}

// Link is one link of a page, resolved.
type Link struct {
	// Page is the URL of the page the link is on, or "" for a link with
	// no page (a line of a URL list).
	Page string
	// Tag and Attr name the element and attribute the link came from,
	// in lower case ("a" and "href"), or are empty.
	Tag, Attr string
	// Kind is what a browser does with the link, as links.Kind says it:
	// "navigation" (a crawler follows it), "subresource" (loaded with
	// the page: a link checker checks it) or "reference"; "" when not
	// known (a line of a URL list, a WAT record's link).
	Kind string
	// Raw is the link as written.
	Raw string
	// Href is the link resolved against the page's base URL, serialized.
	Href string
}

// DomainStat counts the links that point into one registrable domain
// (or, for a host that has none, such as an IP address, that host) and
// how many distinct URLs they point to, after canonicalization.
type DomainStat struct {
	Domain       string
	Links        int
	DistinctURLs int
}

// HostEdge is an edge of the host-level link graph: Links links from
// pages on host From point to host To.
type HostEdge struct {
	From, To string
	Links    int
}

func init() {
	for _, t := range []any{Failure{}, Ref{}, Page{}, Link{}, DomainStat{}, HostEdge{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}
}
