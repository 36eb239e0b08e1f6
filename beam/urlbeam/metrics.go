package urlbeam

import "github.com/apache/beam/sdks/v2/go/pkg/beam"

// counters are the Beam metrics the transforms report, in the namespace
// "urlbeam": the runner sums them over workers (Prism and Dataflow show
// them with the job; beam.PipelineResult.Metrics reads them).
var counters = struct {
	records, pages, links, failures beam.Counter
	shards, writeBundles            beam.Counter
}{
	records:  beam.NewCounter("urlbeam", "records"),
	pages:    beam.NewCounter("urlbeam", "pages"),
	links:    beam.NewCounter("urlbeam", "links"),
	failures: beam.NewCounter("urlbeam", "failures"),
	// shards counts the files WriteShards writes, writeBundles the
	// bundles its writers run in.
	shards:       beam.NewCounter("urlbeam", "shards"),
	writeBundles: beam.NewCounter("urlbeam", "write-bundles"),
}
