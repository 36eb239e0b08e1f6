package urlbeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	url "github.com/weburl/url"
	"github.com/xitongsys/parquet-go/reader"
	"github.com/xitongsys/parquet-go/source"
)

// plainGraphs is WebGraph as a loop: for hosts and for domains, the
// vertex names and the link count of each named edge ("" From for a
// vertex only).
type plainGraphs struct {
	hostNames, domainNames map[string]bool
	hostEdges, domainEdges map[[2]string]int
}

func plainWebGraph(visited []string, links []Link, reverse bool) plainGraphs {
	g := plainGraphs{map[string]bool{}, map[string]bool{}, map[[2]string]int{}, map[[2]string]int{}}
	names := func(href string) (string, string) {
		u, err := url.Parse(href)
		if err != nil || u.Hostname() == "" {
			return "", ""
		}
		h, d := u.Hostname(), u.RegistrableDomain()
		if d == "" {
			d = h
		}
		if reverse {
			return ReverseHost(h), ReverseHost(d)
		}
		return h, d
	}
	add := func(page, href string) {
		th, td := names(href)
		if th == "" {
			return
		}
		var fh, fd string
		if page != "" {
			if fh, fd = names(page); fh == "" {
				return
			}
			g.hostNames[fh], g.domainNames[fd] = true, true
			g.hostEdges[[2]string{fh, th}]++
			g.domainEdges[[2]string{fd, td}]++
		}
		g.hostNames[th], g.domainNames[td] = true, true
	}
	for _, v := range visited {
		add("", v)
	}
	for _, l := range links {
		add(l.Page, l.Href)
	}
	return g
}

// readShards reads the rows of the shard files of prefix: every one of
// the n must be there.
func readShards(t *testing.T, prefix string, n int, opt WriteOptions, cols []string) [][]string {
	t.Helper()
	var rows [][]string
	for i := range n {
		name := ShardName(prefix, i, n, opt)
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("shard %d of %d: %v", i, n, err)
		}
		if opt.Format == Parquet {
			rows = append(rows, readParquet(t, data, cols)...)
			continue
		}
		var r io.Reader = bytes.NewReader(data)
		if opt.Gzip {
			zr, err := gzip.NewReader(r)
			if err != nil {
				t.Fatal(err)
			}
			r = zr
		}
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			rows = append(rows, strings.Split(sc.Text(), "\t"))
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return rows
}

// memFile is a Parquet file in memory, for reading back.
type memFile struct {
	*bytes.Reader
	data []byte
}

func (m memFile) Write([]byte) (int, error)                 { return 0, errors.ErrUnsupported }
func (m memFile) Close() error                              { return nil }
func (m memFile) Create(string) (source.ParquetFile, error) { return nil, errors.ErrUnsupported }
func (m memFile) Open(string) (source.ParquetFile, error) {
	return memFile{bytes.NewReader(m.data), m.data}, nil
}
func readParquet(t *testing.T, data []byte, cols []string) [][]string {
	t.Helper()
	pr, err := reader.NewParquetReader(memFile{bytes.NewReader(data), data}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer pr.ReadStop()
	n := int(pr.GetNumRows())
	var rows [][]string
	for c, col := range cols {
		name, _, _ := strings.Cut(col, ":")
		vals, _, _, err := pr.ReadColumnByIndex(int64(c), int64(n))
		if err != nil {
			t.Fatalf("column %s: %v", name, err)
		}
		if len(vals) != n {
			t.Fatalf("column %s: %d values, %d rows", name, len(vals), n)
		}
		for i, v := range vals {
			if c == 0 {
				rows = append(rows, make([]string, len(cols)))
			}
			rows[i][c] = fmt.Sprint(v)
		}
	}
	return rows
}

// TestWebGraphShards builds the host and domain graphs of the generated
// pages' WARC file and of testdata/sources on Prism, writes them in n
// shards as gzipped TSV and as Parquet, reads every shard back and
// checks that their union is the plain loop's graph: each vertex once
// with a dense id, each edge between distinct vertices once with its
// link count.
func TestWebGraphShards(t *testing.T) {
	ps := pages(t, 120)
	dir := t.TempDir()
	warcPath, _ := writeWARC(t, dir, ps)
	paths := append(sourcePaths(t), warcPath)
	plain := plainCrawl(t, paths)
	want := plainWebGraph(plain.visited, plain.links, true)

	for _, n := range []int{1, 4} {
		for _, opt := range []WriteOptions{{Shards: n, Gzip: true}, {Shards: n, Format: Parquet}} {
			t.Run(fmt.Sprintf("%d-%s-gzip=%v", n, opt.Format, opt.Gzip), func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "g")
				p, s := beam.NewPipelineWithRoot()
				var links, visited []beam.PCollection
				for _, glob := range []string{"testdata/sources/*.warc", "testdata/sources/*/*.warc", warcPath} {
					c := ReadCrawl(s, glob, 0)
					pl, _ := ExtractLinks(s, c.Pages)
					links = append(links, c.Links, pl)
					visited = append(visited, c.Visited)
				}
				hosts, domains := WebGraph(s, beam.Flatten(s, visited...), beam.Flatten(s, links...),
					GraphOptions{ReverseNames: true, VertexShards: n})
				for name, col := range map[string]beam.PCollection{
					"host-vertices": hosts.Vertices, "host-edges": hosts.Edges, "hosts": hosts.Named,
					"domain-vertices": domains.Vertices, "domain-edges": domains.Edges,
				} {
					if err := WriteShards(s, out+"."+name, col, opt); err != nil {
						t.Fatal(err)
					}
				}
				res := ptest.RunAndValidate(t, p)
				written, bundles := counter(res, "shards"), counter(res, "write-bundles")
				if written != int64(5*n) {
					t.Errorf("%d shard files written, want %d (5 outputs of %d)", written, 5*n, n)
				}
				t.Logf("%d shard files written in %d bundles", written, bundles)

				checkGraph(t, "host", want.hostNames, want.hostEdges,
					readShards(t, out+".host-vertices", n, opt, columns[vertexType]),
					readShards(t, out+".host-edges", n, opt, columns[edgeType]))
				checkGraph(t, "domain", want.domainNames, want.domainEdges,
					readShards(t, out+".domain-vertices", n, opt, columns[vertexType]),
					readShards(t, out+".domain-edges", n, opt, columns[edgeType]))
				named := map[[2]string]int{}
				for _, r := range readShards(t, out+".hosts", n, opt, columns[hostEdgeType]) {
					c, _ := strconv.Atoi(r[2])
					named[[2]string{r[0], r[1]}] = c
				}
				for e, c := range want.hostEdges {
					if named[e] != c {
						t.Errorf("named host edge %v: %d links, want %d", e, named[e], c)
					}
				}
				if len(named) != len(want.hostEdges) {
					t.Errorf("%d named host edges, want %d", len(named), len(want.hostEdges))
				}
			})
		}
	}
}

// counter returns the value of a counter of namespace urlbeam, summed
// over the steps that report it.
func counter(res beam.PipelineResult, name string) int64 {
	var n int64
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Key.Namespace == "urlbeam" && c.Key.Name == name {
			n += c.Result()
		}
	}
	return n
}

// checkGraph holds vertex and edge rows read back to the plain loop's
// graph. The plain loop numbers the names in their sorted order, as
// cc-webgraph does: every vertex must have that id, whatever the number
// of shards.
func checkGraph(t *testing.T, level string, names map[string]bool, edges map[[2]string]int, vrows, erows [][]string) {
	t.Helper()
	sorted := slices.Sorted(maps.Keys(names))
	byID := map[int64]string{}
	for _, r := range vrows {
		id, err := strconv.ParseInt(r[0], 10, 64)
		if err != nil || id < 0 || id >= int64(len(names)) {
			t.Fatalf("%s vertex %q: id not in 0..%d", level, r, len(names)-1)
		}
		if _, dup := byID[id]; dup {
			t.Fatalf("%s vertex id %d twice", level, id)
		}
		if !names[r[1]] {
			t.Errorf("%s vertex %q is not in the plain graph", level, r[1])
		} else if sorted[id] != r[1] {
			t.Errorf("%s vertex %q has id %d, the plain loop's is %d", level, r[1], id, slices.Index(sorted, r[1]))
		}
		byID[id] = r[1]
	}
	if len(byID) != len(names) {
		t.Errorf("%d %s vertices, want %d", len(byID), level, len(names))
	}
	got := map[[2]string]int{}
	for _, r := range erows {
		from, _ := strconv.ParseInt(r[0], 10, 64)
		to, _ := strconv.ParseInt(r[1], 10, 64)
		n, _ := strconv.Atoi(r[2])
		e := [2]string{byID[from], byID[to]}
		if _, dup := got[e]; dup {
			t.Errorf("%s edge %v twice", level, e)
		}
		got[e] = n
	}
	var wantN int
	for e, n := range edges {
		if e[0] == e[1] {
			continue
		}
		wantN++
		if got[e] != n {
			t.Errorf("%s edge %v: %d links, want %d", level, e, got[e], n)
		}
	}
	if len(got) != wantN {
		t.Errorf("%d %s edges, want %d", len(got), level, wantN)
	}
	if len(edges) == 0 || len(names) < 10 {
		t.Fatalf("the %s graph is too small to test: %d vertices, %d edges", level, len(names), len(edges))
	}
}

var (
	vertexType   = reflect.TypeOf(Vertex{})
	edgeType     = reflect.TypeOf(Edge{})
	hostEdgeType = reflect.TypeOf(HostEdge{})
)

func TestReverseHost(t *testing.T) {
	for in, want := range map[string]string{
		"www.example.com":       "com.example.www",
		"example.com":           "com.example",
		"localhost":             "localhost",
		"192.0.2.1":             "192.0.2.1",
		"[2001:db8::1]":         "[2001:db8::1]",
		"xn--bcher-kva.example": "example.xn--bcher-kva",
	} {
		t.Run(in, func(t *testing.T) {
			if got := ReverseHost(in); got != want {
				t.Errorf("ReverseHost(%q) = %q, want %q", in, got, want)
			}
		})
	}
}
