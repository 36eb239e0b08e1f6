// Command linkgraph summarizes a set of links on Apache Beam: per
// registrable domain, how many links point into it and to how many
// distinct canonical URLs, and the host-level link graph (source host →
// target host, with counts: the shape of Common Crawl's host graph).
// Inputs that fail are written to a dead-letter file with their errors,
// never dropped.
//
// Usage:
//
//	linkgraph -input GLOB [-format urls|html|warc] [-output PREFIX] [-max-page-bytes N] [Beam flags]
//
// -format says what GLOB matches:
//   - urls (the default): text files of links, one per line, each a URL,
//     or "PAGE<TAB>REF" (a reference on a page, resolved against it);
//   - html: manifests, each line "PAGEURL<TAB>PATH[<TAB>CHARSET]" naming an
//     HTML file and the URL it came from;
//   - warc: WARC files (".warc" or ".warc.gz"): the HTML pages of their
//     response records, and the links of Common Crawl WAT records.
//
// It writes three TSV files: PREFIX.domains.tsv (domain, links, distinct
// URLs), PREFIX.hosts.tsv (from host, to host, links) and
// PREFIX.failures.tsv (stage, input, base, error). PREFIX defaults to
// "linkgraph".
//
// Beam's own flags choose the runner: by default the pipeline runs in
// process on Prism; --runner=dataflow, flink or spark (with their
// options) submit it; see the beam module's README section.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/weburl/url/beam/urlbeam"
)

var (
	input    = flag.String("input", "", "files to read: a path or glob (required)")
	format   = flag.String("format", "urls", "what -input matches: urls, html (manifests) or warc")
	output   = flag.String("output", "linkgraph", "prefix of the three output files")
	maxBytes = flag.Int64("max-page-bytes", urlbeam.DefaultMaxPageBytes, "largest page read; a larger one is a failure")
)

func main() {
	flag.Parse()
	beam.Init()
	p, err := build(*input, *format, *output, *maxBytes)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkgraph:", err)
		flag.Usage()
		os.Exit(2)
	}
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Fprintln(os.Stderr, "linkgraph:", err)
		os.Exit(1)
	}
}

// build constructs the pipeline.
func build(input, format, output string, maxBytes int64) (*beam.Pipeline, error) {
	if input == "" {
		return nil, errors.New("-input is required")
	}
	p, s := beam.NewPipelineWithRoot()
	var links beam.PCollection
	var failures []beam.PCollection
	switch format {
	case "urls":
		var failed beam.PCollection
		links, failed = urlbeam.LinksFromLines(s, urlbeam.ReadLines(s, input))
		failures = append(failures, failed)
	case "html":
		pages, readFailed := urlbeam.ReadHTML(s, input, maxBytes)
		var failed beam.PCollection
		links, failed = urlbeam.ExtractLinks(s, pages)
		failures = append(failures, readFailed, failed)
	case "warc":
		pages, watLinks, readFailed := urlbeam.ReadWARC(s, input, maxBytes)
		pageLinks, failed := urlbeam.ExtractLinks(s, pages)
		links = beam.Flatten(s, pageLinks, watLinks)
		failures = append(failures, readFailed, failed)
	default:
		return nil, fmt.Errorf("unknown -format %q (urls, html or warc)", format)
	}
	domains, edges, failed := urlbeam.LinkGraph(s, links)
	failures = append(failures, failed)
	urlbeam.WriteTSV(s, output+".domains.tsv", domains)
	urlbeam.WriteTSV(s, output+".hosts.tsv", edges)
	urlbeam.WriteTSV(s, output+".failures.tsv", beam.Flatten(s, failures...))
	return p, nil
}
