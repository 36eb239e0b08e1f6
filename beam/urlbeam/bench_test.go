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
