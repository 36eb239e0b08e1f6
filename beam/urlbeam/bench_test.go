package urlbeam

import (
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

// datasetLines is the three URL datasets, one link a line.
func datasetLines(b *testing.B) []string {
	dir := datasetsDir(b)
	var lines []string
	for _, name := range []string{"kasztp.txt", "node_files.txt", "isaacs_files.txt"} {
		lines = append(lines, readLines(b, filepath.Join(dir, name))...)
	}
	return lines
}

// BenchmarkLinkGraphPrism is the whole link graph of the datasets on
// Prism, in process: one op is one pipeline run over every line.
func BenchmarkLinkGraphPrism(b *testing.B) {
	lines := datasetLines(b)
	b.ReportAllocs()
	for b.Loop() {
		p, s := beam.NewPipelineWithRoot()
		links, _ := LinksFromLines(s, beam.CreateList(s, lines))
		LinkGraph(s, links)
		if err := ptest.Run(p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/line")
}

// BenchmarkLinkGraphLoop is the same work as a plain loop in one
// process (plainLinksFromLines and plainGraph).
func BenchmarkLinkGraphLoop(b *testing.B) {
	lines := datasetLines(b)
	b.ReportAllocs()
	for b.Loop() {
		links, _ := plainLinksFromLines(lines)
		plainGraph(links)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/line")
}

// BenchmarkCrawlGraphPrism is the web graph of a WARC file of 300
// generated pages (with WAT records) on Prism, in process: ReadCrawl,
// ExtractLinks and WebGraph, one pipeline run per op.
func BenchmarkCrawlGraphPrism(b *testing.B) {
	ps := pages(b, 300)
	path, _ := writeWARC(b, b.TempDir(), ps)
	b.ReportAllocs()
	for b.Loop() {
		p, s := beam.NewPipelineWithRoot()
		c := ReadCrawl(s, path, 0)
		links, _ := ExtractLinks(s, c.Pages)
		WebGraph(s, c.Visited, beam.Flatten(s, links, c.Links), GraphOptions{})
		if err := ptest.Run(p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(ps)*b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkCrawlGraphLoop is the same work as a plain loop (plainCrawl
// and plainWebGraph).
func BenchmarkCrawlGraphLoop(b *testing.B) {
	ps := pages(b, 300)
	path, _ := writeWARC(b, b.TempDir(), ps)
	b.ReportAllocs()
	for b.Loop() {
		r := plainCrawl(b, []string{path})
		plainWebGraph(r.visited, r.links, false)
	}
	b.ReportMetric(float64(len(ps)*b.N)/b.Elapsed().Seconds(), "pages/s")
}
