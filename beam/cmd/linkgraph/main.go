// Command linkgraph builds the web graph of a crawl, in the shape
// Common Crawl publishes and cc-webgraph ranks: the host graph and the
// domain graph (vertex ids and edge lists, link counts), per
// registrable domain how many links point into it and to how many
// distinct canonical URLs, and every input that fails, with its error,
// in a dead-letter output (never dropped).
//
// Usage:
//
//	linkgraph -input GLOB [-format urls|html|warc] [-output PREFIX]
//	    [-shards N] [-output-format tsv|parquet] [-gzip] [-reverse-hosts]
//	    [-sources LIST] [-max-page-bytes N] [-tmpdir DIR] [-memory SIZE]
//	    [-v] [-connect-timeout D] [Beam flags]
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
// .tsv.gz, or .parquet), each file's rows sorted:
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
// With no --runner, the job runs in this process on the embedded
// engine (urlbeam.Job.Run), which streams the input and sorts on disk
// in -tmpdir, so that the process stays within -memory (256MiB by
// default) whatever the input's size; on a terminal it shows its
// progress while it reads. --runner=prism runs the same job as a Beam
// pipeline in process; --runner=dataflow, flink or spark (with their
// options) submit it to a cluster (see docs/beam.md); the files are the
// same, byte for byte. A job server that does not answer within
// -connect-timeout is an error. Beam's filesystems for local paths,
// gs:// and s3:// are linked in. At the end it prints the job's
// counters by stage (records read, pages, links, failures, the rows
// written to each output) and their total, and, from the embedded
// engine, the sorted runs it wrote to disk and the most memory its sorts
// held at one time; -v also prints the Beam runner's INFO lines, which
// are off by default.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"   // gs:// paths
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"    // s3:// paths
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/dustin/go-humanize"
	"github.com/weburl/url/beam/urlbeam"
	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials/insecure"
)

// config is what the command's flags say.
type config struct {
	job     urlbeam.Job
	run     urlbeam.RunOptions
	sources string
	memory  string
	verbose bool
	timeout time.Duration
}

func main() {
	var c config
	var outFormat string
	flag.StringVar(&c.job.Input, "input", "", "files to read: a path or glob (required)")
	flag.StringVar(&c.job.Format, "format", "urls", "what -input matches: urls, html (manifests) or warc")
	flag.StringVar(&c.job.Output, "output", "linkgraph", "prefix of the output files")
	flag.Int64Var(&c.job.MaxPageBytes, "max-page-bytes", urlbeam.DefaultMaxPageBytes, "largest page or WAT record read; a larger one is a failure")
	flag.IntVar(&c.job.Write.Shards, "shards", 1, "number of files of each output, each written by one worker")
	flag.StringVar(&outFormat, "output-format", "tsv", "tsv or parquet")
	flag.BoolVar(&c.job.Write.Gzip, "gzip", false, "gzip the TSV files (Parquet: GZIP pages instead of SNAPPY)")
	flag.BoolVar(&c.job.Graph.ReverseNames, "reverse-hosts", false, "write host and domain names reversed (com.example.www), as Common Crawl does")
	flag.StringVar(&c.sources, "sources", "", "keep only links from these sources: tags or tag@attr, comma separated (default all)")
	flag.DurationVar(&c.timeout, "connect-timeout", time.Minute, "how long to wait for a runner's job server (-endpoint) to answer")
	flag.StringVar(&c.run.TempDir, "tmpdir", os.TempDir(), "embedded engine: directory of the sorted runs")
	flag.StringVar(&c.memory, "memory", "256MiB", "embedded engine: memory bound of the process (half of it holds records to sort)")
	flag.BoolVar(&c.verbose, "v", false, "print the Beam runner's INFO lines")
	flag.Parse()
	if !c.verbose {
		beamlog.LogLevel = "warn"
	}
	beam.Init()
	c.job.Write.Format = urlbeam.Format(outFormat)
	if c.sources != "" {
		c.job.Sources = strings.Split(c.sources, ",")
	}

	start := time.Now()
	var counts urlbeam.Counts
	var err error
	engine := "embedded engine"
	if *runners.Runner == "" {
		counts, err = runEmbedded(context.Background(), c, os.Stderr, isTerminal(os.Stderr))
	} else {
		engine = "Beam runner " + *runners.Runner
		counts, err = runBeam(context.Background(), c)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkgraph:", explain(err, c))
		var usage usageError
		if errors.As(err, &usage) {
			flag.Usage()
			os.Exit(2)
		}
		os.Exit(1)
	}
	report(os.Stderr, engine, time.Since(start), counts)
}

// usageError is an error in the flags.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// explain adds to an error what to do about it.
func explain(err error, c config) string {
	if errors.Is(err, syscall.ENOSPC) {
		return fmt.Sprintf("%v\nthe disk of -tmpdir %s (or of the output) is full: give -tmpdir a directory with more room", err, c.run.TempDir)
	}
	return err.Error()
}

// isTerminal reports whether f is a terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// runEmbedded runs the job in this process, with progress on w if asked.
func runEmbedded(ctx context.Context, c config, w io.Writer, progress bool) (urlbeam.Counts, error) {
	mem, err := humanize.ParseBytes(c.memory)
	if err != nil || mem == 0 {
		return urlbeam.Counts{}, usageError{fmt.Errorf("-memory %q: not a size (256MiB, 1GiB)", c.memory)}
	}
	debug.SetMemoryLimit(int64(mem))
	c.run.MemoryBytes = int64(mem) / 2
	if progress {
		start := time.Now()
		c.run.Progress = func(n urlbeam.Counts) {
			fmt.Fprint(w, "\r"+progressLine(n, time.Since(start))+"\x1b[K")
		}
	}
	counts, err := c.job.Run(ctx, c.run)
	if progress {
		fmt.Fprintln(w)
	}
	if errors.Is(err, urlbeam.ErrJob) || errors.Is(err, urlbeam.ErrWrite) {
		err = usageError{err}
	}
	return counts, err
}

// progressLine is what a terminal shows while the input is read.
func progressLine(n urlbeam.Counts, elapsed time.Duration) string {
	pct := 0.0
	if n.BytesTotal > 0 {
		pct = 100 * float64(n.Bytes) / float64(n.BytesTotal)
	}
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(n.Bytes) / s
	}
	return fmt.Sprintf("linkgraph: read %s of %s (%.0f%%), %s records, %s links, %s/s",
		humanize.IBytes(uint64(n.Bytes)), humanize.IBytes(uint64(n.BytesTotal)), pct,
		humanize.Comma(n.Records), humanize.Comma(n.Links), humanize.IBytes(uint64(rate)))
}

// runBeam runs the job's pipeline on the Beam runner the flags name.
func runBeam(ctx context.Context, c config) (urlbeam.Counts, error) {
	p, err := build(c)
	if err != nil {
		return urlbeam.Counts{}, usageError{err}
	}
	if err := checkEndpoint(*jobopts.Endpoint, c.timeout); err != nil {
		return urlbeam.Counts{}, err
	}
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return urlbeam.Counts{}, err
	}
	counts := urlbeam.Counts{Written: map[string]int64{}}
	if res == nil {
		return counts, nil
	}
	for _, r := range res.Metrics().AllMetrics().Counters() {
		if r.Key.Namespace != "urlbeam" {
			continue
		}
		v := r.Result()
		switch name := r.Key.Name; {
		case name == "records":
			counts.Records += v
		case name == "pages":
			counts.Pages += v
		case name == "links":
			counts.Links += v
		case strings.HasPrefix(name, "written-"):
			counts.Written[strings.TrimPrefix(name, "written-")] += v
		}
	}
	counts.Failures = counts.Written["failures"]
	return counts, nil
}

// report writes the job report: the counters by stage, then the total
// of the rows written.
func report(w io.Writer, engine string, elapsed time.Duration, n urlbeam.Counts) {
	fmt.Fprintf(w, "linkgraph: done in %v (%s)\n", elapsed.Round(time.Millisecond), engine)
	line := func(stage, counter string, v int64) {
		fmt.Fprintf(w, "  %-8s %-16s %15s\n", stage, counter, humanize.Comma(v))
	}
	if n.Files > 0 {
		line("read", "files", n.Files)
		line("read", "bytes", n.Bytes)
	}
	line("read", "records", n.Records)
	line("read", "pages", n.Pages)
	line("extract", "links", n.Links)
	line("extract", "failures", n.Failures)
	var total int64
	for _, name := range urlbeam.JobOutputs() {
		line("write", name, n.Written[name])
		total += n.Written[name]
	}
	line("total", "rows written", total)
	if n.MemoryPeak > 0 {
		line("sort", "runs", n.Runs)
		line("sort", "peak bytes held", n.MemoryPeak)
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
	p, s := beam.NewPipelineWithRoot()
	if err := c.job.Pipeline(s); err != nil {
		return nil, err
	}
	return p, nil
}
