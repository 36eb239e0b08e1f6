// Command linkgraph builds the web graph of a crawl on Apache Beam, in
// the shape Common Crawl publishes and cc-webgraph ranks: the host graph
// and the domain graph (vertex ids and edge lists, link counts), per
// registrable domain how many links point into it and to how many
// distinct canonical URLs, and every input that fails, with its error,
// in a dead-letter output (never dropped).
//
// Usage:
//
//	linkgraph -input GLOB [-format urls|html|warc] [-output PREFIX]
//	    [-shards N] [-output-format tsv|parquet] [-gzip] [-reverse-hosts]
//	    [-sources LIST] [-max-page-bytes N] [-connect-timeout D] [Beam flags]
//
// -format says what GLOB matches:
//   - urls (the default): text files of links, one per line, each a URL,
//     or "PAGE<TAB>REF" (a reference on a page, resolved against it);
//   - html: manifests, each line "PAGEURL<TAB>PATH[<TAB>CHARSET]" naming an
//     HTML file and the URL it came from;
//   - warc: WARC files (".warc" or ".warc.gz"), Common Crawl's WARC and
//     WAT files among them: the links of HTML pages, of WAT records, of
//     HTTP Link and Content-Location headers, of redirects and of the
//     Sitemap lines of robots.txt (see urlbeam.ReadCrawl).
//
// It writes, each as -shards files PREFIX.NAME-SSSSS-of-NNNNN.tsv (or
// .tsv.gz, or .parquet), each written by one worker:
//
//	domains          domain, links, distinct URLs
//	hosts            from host, to host, links (self-loops included)
//	host-vertices    id, host (cc-webgraph's vertices)
//	host-edges       from id, to id, links (cc-webgraph's edges: cut -f1,2)
//	domain-vertices  id, domain
//	domain-edges     from id, to id, links
//	failures         stage, input, base, error
//
// -sources keeps only the links from the sources it lists, comma
// separated: a tag ("a", "img", "link", "meta", "script", "http",
// "robots.txt") or a tag and attribute ("meta@og:image",
// "http@location" for redirects, "robots.txt@sitemap"). PREFIX defaults
// to "linkgraph".
//
// Beam's own flags choose the runner: by default the pipeline runs in
// process on Prism; --runner=dataflow, flink or spark (with their
// options) submit it (see docs/beam.md). A job server that does not
// answer within -connect-timeout is an error. Beam's filesystems for
// local paths, gs:// and s3:// are linked in.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"   // gs:// paths
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"    // s3:// paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/weburl/url/beam/urlbeam"
	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials/insecure"
)

// config is what the command's flags say.
type config struct {
	input, format, output string
	maxBytes              int64
	sources               string
	graph                 urlbeam.GraphOptions
	write                 urlbeam.WriteOptions
}

func main() {
	var c config
	var outFormat string
	var timeout time.Duration
	flag.StringVar(&c.input, "input", "", "files to read: a path or glob (required)")
	flag.StringVar(&c.format, "format", "urls", "what -input matches: urls, html (manifests) or warc")
	flag.StringVar(&c.output, "output", "linkgraph", "prefix of the output files")
	flag.Int64Var(&c.maxBytes, "max-page-bytes", urlbeam.DefaultMaxPageBytes, "largest page or WAT record read; a larger one is a failure")
	flag.IntVar(&c.write.Shards, "shards", 1, "number of files of each output, each written by one worker")
	flag.StringVar(&outFormat, "output-format", "tsv", "tsv or parquet")
	flag.BoolVar(&c.write.Gzip, "gzip", false, "gzip the TSV files (Parquet: GZIP pages instead of SNAPPY)")
	flag.BoolVar(&c.graph.ReverseNames, "reverse-hosts", false, "write host and domain names reversed (com.example.www), as Common Crawl does")
	flag.StringVar(&c.sources, "sources", "", "keep only links from these sources: tags or tag@attr, comma separated (default all)")
	flag.DurationVar(&timeout, "connect-timeout", time.Minute, "how long to wait for a runner's job server (-endpoint) to answer")
	flag.Parse()
	beam.Init()
	c.write.Format = urlbeam.Format(outFormat)
	c.graph.VertexShards = c.write.Shards

	p, err := build(c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkgraph:", err)
		flag.Usage()
		os.Exit(2)
	}
	if err := checkEndpoint(*jobopts.Endpoint, timeout); err != nil {
		fmt.Fprintln(os.Stderr, "linkgraph:", err)
		os.Exit(1)
	}
	res, err := beamx.RunWithMetrics(context.Background(), p)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkgraph:", err)
		os.Exit(1)
	}
	if res != nil {
		for _, r := range res.Metrics().AllMetrics().Counters() {
			fmt.Fprintf(os.Stderr, "linkgraph: %s %s: %d\n", r.Key.Namespace, r.Key.Name, r.Result())
		}
	}
}

// checkEndpoint makes sure that a job server's endpoint (host:port), if
// one is given, answers gRPC within timeout, so that a runner that
// cannot be reached is an error rather than a job submission that waits
// for ever (Beam's universal runner dials the job server with no
// deadline). It dials TCP, which reports a refused connection at once,
// then waits for a gRPC connection to be ready: the server must answer
// the HTTP/2 handshake, which a port that accepts and stays silent
// never does.
func checkEndpoint(endpoint string, timeout time.Duration) error {
	if endpoint == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", endpoint)
	if err != nil {
		return fmt.Errorf("job server %s does not answer: %w", endpoint, err)
	}
	conn.Close()
	cc, err := grpc.NewClient("passthrough:///"+endpoint, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fmt.Errorf("job server %s: %w", endpoint, err)
	}
	defer cc.Close()
	cc.Connect()
	for {
		state := cc.GetState()
		if state == connectivity.Ready {
			return nil
		}
		if !cc.WaitForStateChange(ctx, state) {
			return fmt.Errorf("job server %s does not answer gRPC within %v (connection %v): %w",
				endpoint, timeout, state, context.DeadlineExceeded)
		}
	}
}

// build constructs the pipeline.
func build(c config) (*beam.Pipeline, error) {
	if c.input == "" {
		return nil, errors.New("-input is required")
	}
	p, s := beam.NewPipelineWithRoot()
	var links, visited beam.PCollection
	var failures []beam.PCollection
	switch c.format {
	case "urls":
		var failed beam.PCollection
		links, failed = urlbeam.LinksFromLines(s, urlbeam.ReadLines(s, c.input))
		failures = append(failures, failed)
		visited = beam.CreateList(s, []string{})
	case "html":
		pages, readFailed := urlbeam.ReadHTML(s, c.input, c.maxBytes)
		var failed beam.PCollection
		links, failed = urlbeam.ExtractLinks(s, pages)
		failures = append(failures, readFailed, failed)
		visited = urlbeam.PageURLs(s, pages)
	case "warc":
		crawl := urlbeam.ReadCrawl(s, c.input, c.maxBytes)
		pageLinks, failed := urlbeam.ExtractLinks(s, crawl.Pages)
		links = beam.Flatten(s, pageLinks, crawl.Links)
		failures = append(failures, crawl.Failures, failed)
		visited = crawl.Visited
	default:
		return nil, fmt.Errorf("unknown -format %q (urls, html or warc)", c.format)
	}
	if c.sources != "" {
		links = urlbeam.FilterSources(s, strings.Split(c.sources, ","), links)
	}
	domains, _, failed := urlbeam.LinkGraph(s, links)
	failures = append(failures, failed)
	hosts, doms := urlbeam.WebGraph(s, visited, links, c.graph)
	for _, out := range []struct {
		name string
		col  beam.PCollection
	}{
		{"domains", domains},
		{"hosts", hosts.Named},
		{"host-vertices", hosts.Vertices},
		{"host-edges", hosts.Edges},
		{"domain-vertices", doms.Vertices},
		{"domain-edges", doms.Edges},
		{"failures", beam.Flatten(s, failures...)},
	} {
		if err := urlbeam.WriteShards(s, c.output+"."+out.name, out.col, c.write); err != nil {
			return nil, err
		}
	}
	return p, nil
}
