package urlbeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/weburl/url/beam/internal/extsort"
)

// DefaultRunMemory is the memory [Job.Run] holds records in when
// RunOptions.MemoryBytes is 0.
const DefaultRunMemory = 128 << 20

// RunOptions say how [Job.Run] runs. The zero value sorts in
// os.TempDir() with DefaultRunMemory and reports no progress.
type RunOptions struct {
	// TempDir is where the sorted runs are written ("" is
	// os.TempDir()).
	TempDir string
	// MemoryBytes bounds the records held in memory (0 is
	// DefaultRunMemory), shared among the sorts that run at once; the
	// process's memory is that plus the Go runtime's and the largest
	// page's (MaxPageBytes).
	MemoryBytes int64
	// Progress, if set, is called with the counts so far about every
	// 200 ms while the input is read, and once when it has been read.
	Progress func(Counts)
}

// Counts are the counters of a run, by stage.
type Counts struct {
	// Files and Bytes are the input files and their bytes read (of
	// BytesTotal), as stored (compressed or not).
	Files, Bytes, BytesTotal int64
	// Records is the WARC records read (format warc) or lines (urls,
	// html).
	Records int64
	// Pages is the pages visited: the HTTP responses of the WARC files
	// (the Visited URLs of [ReadCrawl]) or the pages of the manifests.
	Pages int64
	// Links is the links found, before FilterSources.
	Links int64
	// Failures is the rows of the failures output.
	Failures int64
	// Written is the rows written to each output, by name.
	Written map[string]int64
	// MemoryPeak is the most memory the engine's sorts held at one time
	// (records, their indexes and hash tables, the buffers of the runs
	// being written or merged), which RunOptions.MemoryBytes bounds;
	// Runs is the sorted runs they wrote to disk. [Job.Run] only.
	MemoryPeak, Runs int64
}

// Run runs the job in this process, streaming: it reads each input file
// once, runs the per-record work of [Job.Pipeline]'s transforms on each
// record (the same functions), and where the graph must be grouped or
// sorted (counts by host pair and domain, distinct URLs, vertex ids,
// the joins of edges to ids, the rows of each file) sorts in bounded
// runs on disk and merges them, so that its memory does not grow with
// the input. Its files are those of [Job.Pipeline] on any runner, byte
// for byte. A disk that fills is an error that wraps the system's
// (syscall.ENOSPC) and names the directory.
func (j Job) Run(ctx context.Context, opt RunOptions) (Counts, error) {
	j, err := j.check()
	if err != nil {
		return Counts{}, err
	}
	e := newEngine(ctx, j, opt)
	defer e.close()
	if err := e.read(); err != nil {
		return e.counts, err
	}
	if opt.Progress != nil {
		opt.Progress(e.snapshot())
	}
	if err := e.finish(); err != nil {
		return e.counts, err
	}
	e.counts.Failures = e.counts.Written["failures"]
	e.counts.MemoryPeak, e.counts.Runs = e.meter.Peak(), e.meter.Runs()
	return e.snapshot(), nil
}

// sortersAtOnce is how many sorts share RunOptions.MemoryBytes: the
// most that hold memory at one time (four while reading, beside the
// failures' rows; the graph's names, edges and rows after).
const sortersAtOnce = 8

type engine struct {
	ctx    context.Context
	j      Job
	opt    RunOptions
	counts Counts
	ends   graphEndsFn
	err    error // the first error of a sort

	hostPairs, domainPairs, domainLinks, domainURLs *extsort.Sorter
	failures                                        *outputSorter

	ticks    int
	lastTick time.Time
	sorters  []*extsort.Sorter
	meter    extsort.Meter
}

func newEngine(ctx context.Context, j Job, opt RunOptions) *engine {
	if opt.MemoryBytes <= 0 {
		opt.MemoryBytes = DefaultRunMemory
	}
	e := &engine{ctx: ctx, j: j, opt: opt, ends: graphEndsFn{Reverse: j.Graph.ReverseNames},
		counts: Counts{Written: map[string]int64{}}, lastTick: time.Now()}
	e.hostPairs = e.sorter(true)
	e.domainPairs = e.sorter(true)
	e.domainLinks = e.sorter(true)
	e.domainURLs = e.sorter(true)
	e.failures = e.output("failures", Failure{})
	return e
}

// sorter returns a new sort, whose run files close removes.
func (e *engine) sorter(sum bool) *extsort.Sorter {
	s := extsort.New(extsort.Options{Dir: e.opt.TempDir, MemoryBytes: int(e.opt.MemoryBytes / sortersAtOnce), Sum: sum, Meter: &e.meter})
	e.sorters = append(e.sorters, s)
	return s
}

func (e *engine) close() {
	for _, s := range e.sorters {
		s.Close()
	}
}

func (e *engine) snapshot() Counts {
	c := e.counts
	c.Written = make(map[string]int64, len(e.counts.Written))
	for k, v := range e.counts.Written {
		c.Written[k] = v
	}
	return c
}

// tick counts a record and reports progress every 200 ms.
func (e *engine) tick() {
	e.counts.Records++
	if e.opt.Progress == nil {
		return
	}
	if e.ticks++; e.ticks%64 != 0 {
		return
	}
	if now := time.Now(); now.Sub(e.lastTick) >= 200*time.Millisecond {
		e.lastTick = now
		e.opt.Progress(e.snapshot())
	}
}

// keep records the first error of a sort.
func (e *engine) keep(err error) {
	if err != nil && e.err == nil {
		e.err = err
	}
}

// The emitters of the per-record work.

func (e *engine) fail(f Failure) { e.keep(e.failures.add(f.String())) }

func (e *engine) link(l Link) {
	e.counts.Links++
	if len(e.j.Sources) > 0 && !keepSource(e.j.Sources, l) {
		return
	}
	linkFactFn(l, e.fact, e.fail)
	e.ends.ProcessElement(l, e.hostPair, e.domainPair)
}

func (e *engine) fact(f linkFact) {
	e.keep(e.domainLinks.AddString(factDomain(f), 1))
	e.keep(e.domainURLs.AddString(factDomainURL(f), 1))
}

func (e *engine) hostPair(p string)   { e.keep(e.hostPairs.AddString(p, 1)) }
func (e *engine) domainPair(p string) { e.keep(e.domainPairs.AddString(p, 1)) }

func (e *engine) visited(u string) {
	e.counts.Pages++
	e.ends.ProcessElement(visitedLink(u), e.hostPair, e.domainPair)
}

func (e *engine) page(p Page) { extractPage(p, e.link, e.fail) }

// countingReader counts the bytes read into the engine's counts.
type countingReader struct {
	r io.Reader
	n *int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// read reads every input file.
func (e *engine) read() error {
	fs, err := filesystem.New(e.ctx, e.j.Input)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrJob, err)
	}
	defer fs.Close()
	files, err := fs.List(e.ctx, e.j.Input)
	if err != nil {
		return fmt.Errorf("urlbeam: listing %s: %w", e.j.Input, err)
	}
	if len(files) == 0 {
		return fmt.Errorf("%w: no file matches %s", ErrJob, e.j.Input)
	}
	for _, f := range files {
		size, err := fs.Size(e.ctx, f)
		if err != nil {
			return fmt.Errorf("urlbeam: %s: %w", f, err)
		}
		e.counts.BytesTotal += size
	}
	for _, f := range files {
		if err := e.readFile(fs, f); err != nil {
			return err
		}
		e.counts.Files++
		if e.err != nil {
			return e.err
		}
		if err := e.ctx.Err(); err != nil {
			return err
		}
	}
	return e.err
}

func (e *engine) readFile(fs filesystem.Interface, path string) error {
	rc, err := fs.OpenRead(e.ctx, path)
	if err != nil {
		if e.j.Format == "warc" { // as readCrawlFn: a failure, not an error
			e.fail(Failure{Stage: "read", Input: path, Err: err.Error()})
			return nil
		}
		return fmt.Errorf("urlbeam: %w", err)
	}
	defer rc.Close()
	var r io.Reader = countingReader{rc, &e.counts.Bytes}
	if e.j.Format == "warc" {
		readCrawl(r, path, e.j.MaxPageBytes, crawlEmitters{
			page: e.page, link: e.link, visited: e.visited, fail: e.fail, record: e.tick,
		})
		return nil
	}
	if strings.HasSuffix(path, ".gz") { // as textio's compression by extension
		zr, err := gzip.NewReader(r)
		if err != nil {
			return fmt.Errorf("urlbeam: %s: %w", path, err)
		}
		r = zr
	}
	pages := &readPageFn{MaxBytes: e.j.MaxPageBytes}
	br := bufio.NewReaderSize(r, 1<<16)
	for {
		line, err := br.ReadString('\n') // as textio.Read splits lines
		if len(line) > 0 || err == nil {
			e.tick()
			line = strings.TrimSuffix(line, "\n")
			if e.j.Format == "urls" {
				lineLinkFn(line, e.link, e.fail)
			} else {
				pages.ProcessElement(e.ctx, line, func(p Page) { e.visited(pageURL(p)); e.page(p) }, e.fail)
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("urlbeam: reading %s: %w", path, err)
		}
	}
}

// finish writes the outputs from the sorted records.
func (e *engine) finish() error {
	if err := e.failures.write(e); err != nil {
		return err
	}
	if err := e.domains(); err != nil {
		return err
	}
	if err := e.graph(e.hostPairs, "hosts", "host-vertices", "host-edges"); err != nil {
		return err
	}
	return e.graph(e.domainPairs, "", "domain-vertices", "domain-edges")
}

// domains joins the count of links into each domain with the count of
// its distinct canonical URLs (keys DOMAIN\x00URL, which sort in the
// order of the domains).
func (e *engine) domains() error {
	links, err := e.domainLinks.Sort()
	if err != nil {
		return err
	}
	defer links.Close()
	urls, err := e.domainURLs.Sort()
	if err != nil {
		return err
	}
	defer urls.Close()
	out := e.output("domains", DomainStat{})
	more := urls.Next()
	for links.Next() {
		domain := links.Key()
		var distinct int
		for more {
			d, _, _ := bytes.Cut(urls.Key(), []byte{0})
			if !bytes.Equal(d, domain) {
				break
			}
			distinct++
			more = urls.Next()
		}
		stat := domainStat(string(domain), one(int(links.Value())), one(distinct))
		if err := out.add(stat.String()); err != nil {
			return err
		}
	}
	if err := firstErr(links.Err(), urls.Err()); err != nil {
		return err
	}
	return out.write(e)
}

// one is an iterator of one value, as a CoGroupByKey gives domainStat.
func one(n int) func(*int) bool {
	done := false
	return func(p *int) bool {
		if done {
			return false
		}
		*p, done = n, true
		return true
	}
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// graph builds a graph from its counted pairs ("FROM\x00TO", or
// "\x00TO" for a vertex with no edge) and writes its named edges (if
// named is not ""), vertices and edges:
//   - the pairs, in order, give the named edges and the names;
//   - the distinct names, in order, are the vertices: a name's id is its
//     rank; they are spooled to be read twice;
//   - the edges between distinct vertices, in order of FROM, get FROM's
//     id in a merge join with the vertices, and are sorted again by TO
//     (then FROM's id) for a second merge join that gives TO's id.
func (e *engine) graph(pairs *extsort.Sorter, named, vertices, edges string) error {
	it, err := pairs.Sort()
	if err != nil {
		return err
	}
	defer it.Close()
	names := e.sorter(true)
	byFrom := e.sorter(false)
	var namedOut *outputSorter
	if named != "" {
		namedOut = e.output(named, HostEdge{})
	}
	var key []byte
	for it.Next() {
		pair := string(it.Key())
		edge := namedEdge(pair, int(it.Value()))
		if namedOut != nil {
			dropNodeRowsFn{}.ProcessElement(edge, func(h HostEdge) { e.keep(namedOut.add(h.String())) })
		}
		pairNamesFn{}.ProcessElement(pair, func(n string) { e.keep(names.AddString(n, 1)) })
		edgeRowFn{}.ProcessElement(edge, func(h HostEdge) {
			key = append(append(append(key[:0], h.From...), 0), h.To...)
			e.keep(byFrom.Add(key, uint64(h.Links)))
		})
	}
	if err := firstErr(it.Err(), e.err); err != nil {
		return err
	}
	if namedOut != nil {
		if err := namedOut.write(e); err != nil {
			return err
		}
	}

	nameIt, err := names.Sort()
	if err != nil {
		return err
	}
	defer nameIt.Close()
	spool := extsort.NewSpool(e.opt.TempDir)
	defer spool.Close()
	vertexOut := e.output(vertices, Vertex{})
	var id int64
	for nameIt.Next() {
		if err := firstErr(spool.Add(nameIt.Key(), 0),
			vertexOut.add(Vertex{ID: id, Name: string(nameIt.Key())}.String())); err != nil {
			return err
		}
		id++
	}
	if err := firstErr(nameIt.Err(), vertexOut.write(e)); err != nil {
		return err
	}

	// FROM's id, then by TO.
	fromIt, err := byFrom.Sort()
	if err != nil {
		return err
	}
	defer fromIt.Close()
	byTo := e.sorter(false)
	ids, err := newIDJoin(spool)
	if err != nil {
		return err
	}
	for fromIt.Next() {
		from, to, _ := bytes.Cut(fromIt.Key(), []byte{0})
		fromID, err := ids.id(from)
		if err != nil {
			return err
		}
		key = binary.BigEndian.AppendUint64(append(append(key[:0], to...), 0), uint64(fromID))
		if err := byTo.Add(key, fromIt.Value()); err != nil {
			return err
		}
	}
	if err := fromIt.Err(); err != nil {
		return err
	}

	// TO's id.
	toIt, err := byTo.Sort()
	if err != nil {
		return err
	}
	defer toIt.Close()
	if ids, err = newIDJoin(spool); err != nil {
		return err
	}
	edgeOut := e.output(edges, Edge{})
	for toIt.Next() {
		k := toIt.Key()
		to, fromID := k[:len(k)-9], int64(binary.BigEndian.Uint64(k[len(k)-8:]))
		toID, err := ids.id(to)
		if err != nil {
			return err
		}
		if err := edgeOut.add(Edge{From: fromID, To: toID, Links: int(toIt.Value())}.String()); err != nil {
			return err
		}
	}
	if err := toIt.Err(); err != nil {
		return err
	}
	return edgeOut.write(e)
}

// idJoin gives the ids of names asked for in sorted order, reading the
// sorted vertex names once.
type idJoin struct {
	it  *extsort.SpoolIter
	cur int64
	ok  bool
}

func newIDJoin(spool *extsort.Spool) (*idJoin, error) {
	it, err := spool.Iter()
	if err != nil {
		return nil, err
	}
	j := &idJoin{it: it, cur: -1}
	return j, nil
}

// id returns the id of name, which must not sort before the last name
// asked for.
func (j *idJoin) id(name []byte) (int64, error) {
	for !j.ok || !bytes.Equal(j.it.Key(), name) {
		if !j.it.Next() {
			if err := j.it.Err(); err != nil {
				return 0, err
			}
			return 0, fmt.Errorf("urlbeam: internal error: no vertex %q", name)
		}
		j.ok = true
		j.cur++
	}
	return j.cur, nil
}

// outputSorter sorts the rows of one output by shard, then by row (see
// appendRowKey), and writes each shard's file.
type outputSorter struct {
	name    string
	cols    []string
	numeric int
	shards  int
	s       *extsort.Sorter
	key     []byte
}

func (e *engine) output(name string, row any) *outputSorter {
	cols := columns[reflect.TypeOf(row)]
	return &outputSorter{name: name, cols: cols, numeric: numericColumns(cols), shards: e.j.Write.Shards, s: e.sorter(false)}
}

func (o *outputSorter) add(row string) error {
	o.key = binary.BigEndian.AppendUint32(o.key[:0], uint32(shardOf(row, o.shards)))
	o.key = appendRowKey(o.key, row, o.numeric)
	return o.s.Add(o.key, 0)
}

// write writes the shards' files.
func (o *outputSorter) write(e *engine) error {
	it, err := o.s.Sort()
	if err != nil {
		return err
	}
	defer it.Close()
	opt := e.j.Write
	n := opt.Shards
	more := it.Next()
	var line []byte
	for shard := range n {
		rows := func(row *string) bool {
			if !more || int(binary.BigEndian.Uint32(it.Key())) != shard {
				return false
			}
			line = rowOfKey(line[:0], it.Key()[4:], o.numeric)
			*row = string(line)
			more = it.Next()
			return true
		}
		written, err := writeShard(e.ctx, ShardName(e.j.Output+"."+o.name, shard, n, opt), opt, o.cols, rows)
		e.counts.Written[o.name] += written
		if err != nil {
			return err
		}
	}
	return it.Err()
}
