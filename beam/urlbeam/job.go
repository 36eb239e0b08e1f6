package urlbeam

import (
	"errors"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// Job is one run of the link graph, as the linkgraph command runs it:
// what it reads and what it writes. Two engines run it with the same
// per-record code and the same output, byte for byte: [Job.Pipeline]
// builds it as a Beam pipeline (Prism in process, Dataflow, Flink,
// Spark), and [Job.Run] runs it in this process, streaming, in bounded
// memory.
type Job struct {
	// Input is a path or glob of the files to read.
	Input string
	// Format says what Input matches: "urls" (link lists, as
	// [LinksFromLines] reads them; the default, ""), "html" (manifests,
	// as [ReadHTML] reads them) or "warc" (WARC and WAT files, as
	// [ReadCrawl] reads them).
	Format string
	// MaxPageBytes bounds a page or WAT record (0 is
	// [DefaultMaxPageBytes]).
	MaxPageBytes int64
	// Sources, if not empty, keeps only the links of these sources (see
	// [FilterSources]).
	Sources []string
	// Graph shapes the host and domain graphs.
	Graph GraphOptions
	// Write says how the outputs are written; Write.RowsCounter is set
	// per output by the job.
	Write WriteOptions
	// Output is the prefix of the output files (see [JobOutputs]).
	Output string
}

// ErrJob is the cause of the errors a [Job] with a missing or unknown
// setting returns.
var ErrJob = errors.New("urlbeam: job")

// JobOutputs returns the names of a [Job]'s outputs: each is written to
// Write.Shards files named by [ShardName] with prefix Output+"."+name.
//
//	domains          domain, links, distinct URLs ([DomainStat])
//	hosts            from host, to host, links ([HostEdge], self-loops included)
//	host-vertices    id, host ([Vertex])
//	host-edges       from id, to id, links ([Edge])
//	domain-vertices  id, domain
//	domain-edges     from id, to id, links
//	failures         stage, input, base, error ([Failure])
func JobOutputs() []string {
	return []string{"domains", "hosts", "host-vertices", "host-edges", "domain-vertices", "domain-edges", "failures"}
}

// check returns j with its defaults, or an error.
func (j Job) check() (Job, error) {
	if j.Input == "" {
		return j, fmt.Errorf("%w: no input", ErrJob)
	}
	switch j.Format {
	case "":
		j.Format = "urls"
	case "urls", "html", "warc":
	default:
		return j, fmt.Errorf("%w: unknown input format %q (urls, html or warc)", ErrJob, j.Format)
	}
	if j.MaxPageBytes <= 0 {
		j.MaxPageBytes = DefaultMaxPageBytes
	}
	if j.Output == "" {
		j.Output = "linkgraph"
	}
	if j.Write.Shards <= 0 {
		j.Write.Shards = 1
	}
	if j.Write.Format == "" {
		j.Write.Format = TSV
	}
	if j.Write.Format != TSV && j.Write.Format != Parquet {
		return j, fmt.Errorf("%w: unknown format %q (tsv or parquet)", ErrWrite, string(j.Write.Format))
	}
	if err := validScheme(j.Output); err != nil {
		return j, err
	}
	return j, nil
}

// rowsCounter is the Beam counter of the rows written to an output.
func rowsCounter(output string) string { return "written-" + output }

// Pipeline adds the job to a Beam pipeline: read, extract, filter, the
// domain statistics ([LinkGraph]), the host and domain graphs
// ([WebGraph]) and [WriteShards] for each output, with a Beam counter
// "written-NAME" of the rows of each. A missing input or an unknown
// format is an error wrapping [ErrJob] or [ErrWrite].
func (j Job) Pipeline(s beam.Scope) error {
	j, err := j.check()
	if err != nil {
		return err
	}
	var links, visited beam.PCollection
	var failures []beam.PCollection
	switch j.Format {
	case "urls":
		var failed beam.PCollection
		links, failed = LinksFromLines(s, ReadLines(s, j.Input))
		failures = append(failures, failed)
		visited = beam.CreateList(s, []string{})
	case "html":
		pages, readFailed := ReadHTML(s, j.Input, j.MaxPageBytes)
		var failed beam.PCollection
		links, failed = ExtractLinks(s, pages)
		failures = append(failures, readFailed, failed)
		visited = PageURLs(s, pages)
	case "warc":
		crawl := ReadCrawl(s, j.Input, j.MaxPageBytes)
		pageLinks, failed := ExtractLinks(s, crawl.Pages)
		links = beam.Flatten(s, pageLinks, crawl.Links)
		failures = append(failures, crawl.Failures, failed)
		visited = crawl.Visited
	}
	if len(j.Sources) > 0 {
		links = FilterSources(s, j.Sources, links)
	}
	domains, _, failed := LinkGraph(s, links)
	failures = append(failures, failed)
	j.Graph.VertexShards = j.Write.Shards
	hosts, doms := WebGraph(s, visited, links, j.Graph)
	cols := map[string]beam.PCollection{
		"domains":         domains,
		"hosts":           hosts.Named,
		"host-vertices":   hosts.Vertices,
		"host-edges":      hosts.Edges,
		"domain-vertices": doms.Vertices,
		"domain-edges":    doms.Edges,
		"failures":        beam.Flatten(s, failures...),
	}
	for _, name := range JobOutputs() {
		opt := j.Write
		opt.RowsCounter = rowsCounter(name)
		if err := WriteShards(s, j.Output+"."+name, cols[name], opt); err != nil {
			return err
		}
	}
	return nil
}
