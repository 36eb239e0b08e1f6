package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"flag"
	"io"
	neturl "net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/url/beam/internal/genwarc"
	"github.com/weburl/url/beam/urlbeam"
)

var (
	checkInput  = flag.String("check-input", "", "a generated .warc.gz file whose host edges TestHostEdgesNaive counts")
	checkOutput = flag.String("check-output", "", "the -output prefix of a linkgraph run over -check-input (one shard, TSV)")
)

var (
	targetURI = regexp.MustCompile(`^WARC-Target-URI: (\S+)`)
	warcType  = regexp.MustCompile(`^WARC-Type: (\S+)`)
	hrefAttr  = regexp.MustCompile(`<a href="([^"]*)"`)
)

// naiveHostEdges counts the links between hosts of a generated WARC
// file (genwarc's: one <a href> a line, double-quoted, no <base>) with
// nothing of this project's: gzip, regular expressions and net/url.
// It returns the links per "FROM\tTO", self-loops included.
func naiveHostEdges(t *testing.T, path string) map[string]int {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f) // reads every member, one after another
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	edges := map[string]int{}
	var page *neturl.URL
	var typ string
	for sc.Scan() {
		line := sc.Text()
		if m := warcType.FindStringSubmatch(line); m != nil {
			typ, page = m[1], nil
			continue
		}
		if m := targetURI.FindStringSubmatch(line); m != nil && typ == "response" {
			if page, err = neturl.Parse(m[1]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if page == nil {
			continue
		}
		for _, m := range hrefAttr.FindAllStringSubmatch(line, -1) {
			ref, err := neturl.Parse(m[1])
			if err != nil {
				t.Fatal(err)
			}
			to := page.ResolveReference(ref)
			edges[strings.ToLower(page.Hostname())+"\t"+strings.ToLower(to.Hostname())]++
		}
	}
	if err := sc.Err(); err != nil && err != io.EOF {
		t.Fatal(err)
	}
	return edges
}

// checkHostEdges holds the files of a run (prefix, one TSV shard) to
// the naive count: the named host edges, and the id edges through the
// vertices, which leave self-loops out.
func checkHostEdges(t *testing.T, want map[string]int, prefix string) {
	read := func(name string) [][]string {
		b, err := os.ReadFile(prefix + "." + name + "-00000-of-00001.tsv")
		if err != nil {
			t.Fatal(err)
		}
		var rows [][]string
		for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if l != "" {
				rows = append(rows, strings.Split(l, "\t"))
			}
		}
		return rows
	}
	hosts := read("hosts")
	if len(hosts) != len(want) {
		t.Errorf("%d named host edges, the naive count has %d", len(hosts), len(want))
	}
	var links, loops int
	for _, r := range hosts {
		n, _ := strconv.Atoi(r[2])
		if want[r[0]+"\t"+r[1]] != n {
			t.Errorf("%s -> %s: %d links, the naive count has %d", r[0], r[1], n, want[r[0]+"\t"+r[1]])
		}
		links += n
	}
	names := map[string]string{}
	for _, r := range read("host-vertices") {
		names[r[0]] = r[1]
	}
	edges := read("host-edges")
	for k := range want {
		if from, to, _ := strings.Cut(k, "\t"); from == to {
			loops++
		}
	}
	if len(edges) != len(want)-loops {
		t.Errorf("%d host edges, the naive count has %d without self-loops", len(edges), len(want)-loops)
	}
	for _, r := range edges {
		n, _ := strconv.Atoi(r[2])
		if k := names[r[0]] + "\t" + names[r[1]]; want[k] != n {
			t.Errorf("edge %s (%s): %d links, the naive count has %d", r[:2], k, n, want[k])
		}
	}
	t.Logf("%d host edges with %d links (%d self-loops) agree with the naive count", len(want), links, loops)
}

// TestHostEdgesNaive counts the host edges of a generated WARC file
// without the project's code and holds the embedded engine's files to
// that count. With -check-input and -check-output it checks the files
// of a run made beforehand (docs/beam.md).
func TestHostEdgesNaive(t *testing.T) {
	if *checkInput != "" {
		checkHostEdges(t, naiveHostEdges(t, *checkInput), *checkOutput)
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "gen.warc.gz")
	writeGenerated(t, path, genwarc.Options{Pages: 3000, LinksPerPage: 7, Hosts: 120, Seed: 3})
	out := filepath.Join(dir, "lg")
	c := config{job: urlbeam.Job{Format: "warc", Input: path, Output: out}, memory: "2MiB", run: urlbeam.RunOptions{TempDir: dir}}
	if _, err := runEmbedded(context.Background(), c, io.Discard, false); err != nil {
		t.Fatal(err)
	}
	checkHostEdges(t, naiveHostEdges(t, path), out)
}
