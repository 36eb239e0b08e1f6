package urlbeam_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/weburl/url/beam/urlbeam"
)

// exampleLinks writes a link list and returns its path and an output
// prefix beside it.
func exampleLinks() (input, output string) {
	dir, _ := os.MkdirTemp("", "urlbeam-example")
	input = filepath.Join(dir, "links.txt")
	os.WriteFile(input, []byte("https://www.example.com/\thttps://blog.example.com/post\n"+
		"https://www.example.com/\t/about\nhttps://blog.example.com/post\thttps://www.example.com/\n"), 0o644)
	return input, filepath.Join(dir, "graph")
}

func ExampleJob_Run() {
	input, output := exampleLinks()
	defer os.RemoveAll(filepath.Dir(input))
	job := urlbeam.Job{Input: input, Format: "urls", Output: output}
	counts, err := job.Run(context.Background(), urlbeam.RunOptions{MemoryBytes: 16 << 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(counts.Records, "lines,", counts.Links, "links,", counts.Written["host-edges"], "host edges")
	edges, _ := os.ReadFile(output + ".host-edges-00000-of-00001.tsv")
	fmt.Print(string(edges))
	// Output:
	// 3 lines, 3 links, 2 host edges
	// 0	1	1
	// 1	0	1
}

func ExampleJob() {
	job := urlbeam.Job{Input: "crawl/*.warc.gz", Format: "warc", Output: "/tmp/graph",
		Write: urlbeam.WriteOptions{Shards: 4, Gzip: true}}
	fmt.Println(urlbeam.ShardName(job.Output+".host-edges", 0, job.Write.Shards, job.Write))
	// Output: /tmp/graph.host-edges-00000-of-00004.tsv.gz
}

func ExampleJob_Pipeline() {
	p, s := beam.NewPipelineWithRoot()
	err := urlbeam.Job{Input: "links.txt", Format: "urls"}.Pipeline(s)
	edges, _, _ := p.Build()
	fmt.Println(err, len(edges) > 0)
	// Output: <nil> true
}

func ExampleJobOutputs() {
	fmt.Println(urlbeam.JobOutputs())
	// Output: [domains hosts host-vertices host-edges domain-vertices domain-edges failures]
}

func ExampleErrJob() {
	_, err := urlbeam.Job{Format: "warc"}.Run(context.Background(), urlbeam.RunOptions{})
	fmt.Println(errors.Is(err, urlbeam.ErrJob), err)
	// Output: true urlbeam: job: no input
}

func ExampleRunOptions() {
	input, output := exampleLinks()
	defer os.RemoveAll(filepath.Dir(input))
	var reports int
	opt := urlbeam.RunOptions{TempDir: os.TempDir(), MemoryBytes: 64 << 20,
		Progress: func(urlbeam.Counts) { reports++ }}
	urlbeam.Job{Input: input, Output: output}.Run(context.Background(), opt)
	fmt.Println(reports > 0)
	// Output: true
}

func ExampleCounts() {
	input, output := exampleLinks()
	defer os.RemoveAll(filepath.Dir(input))
	counts, _ := urlbeam.Job{Input: input, Output: output}.Run(context.Background(), urlbeam.RunOptions{})
	fmt.Println(counts.Files, counts.Bytes == counts.BytesTotal, counts.Written["host-vertices"], counts.Failures)
	// Output: 1 true 2 0
}

func ExampleDefaultRunMemory() {
	fmt.Println(urlbeam.DefaultRunMemory >> 20)
	// Output: 128
}
