package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/weburl/url/beam/internal/genwarc"
	"github.com/weburl/url/beam/urlbeam"
)

var largeLinks = flag.Int("large-links", 0, "also compare the engines on a generated WARC file of this many links (2 a page), e.g. 100000")

// runBoth runs job on Prism and on the embedded engine, each into a
// directory of its own, and returns the two directories.
func runBoth(t *testing.T, job urlbeam.Job, memory string) (prism, embedded string) {
	t.Helper()
	prism, embedded = t.TempDir(), t.TempDir()
	j := job
	j.Output = filepath.Join(prism, "lg")
	p, err := build(config{job: j})
	if err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	j.Output = filepath.Join(embedded, "lg")
	if _, err := runEmbedded(context.Background(), config{job: j, memory: memory, run: urlbeam.RunOptions{TempDir: t.TempDir()}}, io.Discard, false); err != nil {
		t.Fatal(err)
	}
	return prism, embedded
}

// sameFiles fails unless dirs a and b hold the same files, byte for
// byte, and returns the number of lines of each file of a.
func sameFiles(t *testing.T, a, b string) map[string]int {
	t.Helper()
	names := func(dir string) []string {
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range es {
			out = append(out, e.Name())
		}
		return out
	}
	na, nb := names(a), names(b)
	if !slices.Equal(na, nb) {
		t.Fatalf("files differ:\nPrism    %q\nembedded %q", na, nb)
	}
	lines := map[string]int{}
	for _, n := range na {
		da, _ := os.ReadFile(filepath.Join(a, n))
		db, _ := os.ReadFile(filepath.Join(b, n))
		if !bytes.Equal(da, db) {
			t.Errorf("%s differs: Prism %d bytes, embedded %d bytes\n%s", n, len(da), len(db), firstDiff(da, db))
		}
		lines[n] = bytes.Count(da, []byte("\n"))
	}
	return lines
}

func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d: Prism %q, embedded %q", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("%d lines vs %d", len(la), len(lb))
}

// TestEnginesAgree runs the command's job on Prism and on the embedded
// engine over the repository's test files (the WARC and WAT files of
// each link source, the public WARC samples, a link list and HTML pages
// through a manifest) and requires the same files, byte for byte, in
// TSV, gzipped TSV and Parquet, in one shard and in three.
func TestEnginesAgree(t *testing.T) {
	dir := t.TempDir()
	links := filepath.Join(dir, "links.txt")
	os.WriteFile(links, []byte(strings.Join(append(slices.Clone(sampleLinks),
		"https://c.example.org/\thttps://c.example.org/\r",
		"last line without a newline\thttps://x.test/",
	), "\n")), 0o644)
	var manifest strings.Builder
	for i := range 12 {
		page := filepath.Join(dir, fmt.Sprintf("p%d.html", i))
		os.WriteFile(page, fmt.Appendf(nil, `<base href="https://h%d.example.net/dir/"><a href="../%d">x</a><img srcset="a.png 1x, //cdn.example.org/b.png 2x"><a href="http://[bad">`, i%3, i), 0o644)
		fmt.Fprintf(&manifest, "https://h%d.example.com/p%d\t%s\n", i%4, i, page)
	}
	manifest.WriteString("https://missing.example/\t" + filepath.Join(dir, "missing.html") + "\nnot a manifest line\n")
	os.WriteFile(filepath.Join(dir, "manifest.tsv"), []byte(manifest.String()), 0o644)

	inputs := []struct {
		name string
		job  urlbeam.Job
	}{
		{"sources", urlbeam.Job{Format: "warc", Input: "../../urlbeam/testdata/sources/*.warc"}},
		{"robots", urlbeam.Job{Format: "warc", Input: "../../urlbeam/testdata/sources/robotstxt/*.warc"}},
		{"public", urlbeam.Job{Format: "warc", Input: "../../warc/testdata/public/*"}},
		{"urls", urlbeam.Job{Format: "urls", Input: links}},
		{"html", urlbeam.Job{Format: "html", Input: filepath.Join(dir, "manifest.tsv")}},
	}
	writes := []struct {
		name    string
		write   urlbeam.WriteOptions
		reverse bool
		sources []string
	}{
		{"tsv", urlbeam.WriteOptions{}, false, nil},
		{"3 shards gzip reversed", urlbeam.WriteOptions{Shards: 3, Gzip: true}, true, nil},
		{"parquet a,link", urlbeam.WriteOptions{Shards: 2, Format: urlbeam.Parquet}, false, []string{"a", "link"}},
	}
	for _, in := range inputs {
		for _, w := range writes {
			if w.name != "tsv" && (in.name == "robots" || in.name == "html") {
				continue // the other inputs cover the write options
			}
			t.Run(in.name+" "+w.name, func(t *testing.T) {
				job := in.job
				job.Write, job.Graph.ReverseNames, job.Sources = w.write, w.reverse, w.sources
				// 1 MiB makes the embedded engine spill the larger inputs.
				prism, embedded := runBoth(t, job, "1MiB")
				lines := sameFiles(t, prism, embedded)
				if w.name == "tsv" && lines["lg.host-vertices-00000-of-00001.tsv"] == 0 {
					t.Errorf("no host vertices: %v", lines)
				}
			})
		}
	}
}

// TestEnginesAgreeLarge compares the engines on a generated WARC file of
// -large-links links (2 a page):
//
//	go test -run TestEnginesAgreeLarge ./cmd/linkgraph -large-links 100000
//
// (go test takes a test's own flags after the packages).
func TestEnginesAgreeLarge(t *testing.T) {
	if *largeLinks == 0 {
		t.Skip("-large-links not set")
	}
	path := filepath.Join(t.TempDir(), "large.warc.gz")
	writeGenerated(t, path, genwarc.Options{Pages: *largeLinks / 2, LinksPerPage: 2, Seed: 1})
	prism, embedded := runBoth(t, urlbeam.Job{Format: "warc", Input: path}, "256MiB")
	t.Logf("files and lines: %v", sameFiles(t, prism, embedded))
}

func writeGenerated(t testing.TB, path string, o genwarc.Options) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	if err := genwarc.Write(bw, o); err != nil {
		t.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}
