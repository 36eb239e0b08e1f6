// Package extsort sorts records that need not fit in memory, as a
// database or Spark does: records are gathered in memory up to a bound,
// sorted there and written to a run file on disk when the bound is
// reached; the runs are merged at the end, at most [MaxFanIn] at a
// time. A record is a key (bytes, sorted in byte order) and a uint64
// value.
//
// With [Options.Sum], records of equal keys are one record whose value
// is the sum of theirs: they are summed in memory as they arrive (in a
// hash table, so that a key seen a million times costs one entry), in
// the runs and in the merge. That is a count by key, or, ignoring the
// value, the distinct keys.
//
// Memory is bounded by [Options.MemoryBytes] (record bytes plus a fixed
// overhead per record), whatever the input's size; disk holds the runs.
// A run that cannot be written (a full disk) is an error that wraps the
// system's (errors.Is(err, syscall.ENOSPC)) and names the directory.
package extsort

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"unsafe"
)

// MaxFanIn is the most runs merged at once; more runs are first merged
// into fewer, so that open files and read buffers stay bounded.
const MaxFanIn = 64

// DefaultMemoryBytes is the bound on memory when Options.MemoryBytes is
// 0.
const DefaultMemoryBytes = 64 << 20

// perRecord is what one record held in memory costs beyond its key: its
// index entry (plain), or its hash table entry, value and index (Sum).
const (
	perRecordPlain = 16
	perRecordSum   = 64
)

// bufSize is the size of each run file's write and read buffer.
const bufSize = 64 << 10

// ErrClosed is returned by [Sorter.Add] after [Sorter.Sort].
var ErrClosed = errors.New("extsort: Add after Sort")

// Options configure a [Sorter]. The zero value sorts in memory up to
// DefaultMemoryBytes, then in os.TempDir, keeping every record.
type Options struct {
	// Dir is where run files are written ("" is os.TempDir()).
	Dir string
	// MemoryBytes bounds the records held in memory (0 is
	// DefaultMemoryBytes).
	MemoryBytes int
	// Sum makes records of equal keys one, with the sum of their
	// values.
	Sum bool
}

// A Sorter gathers records with Add and gives them back sorted with
// Sort. Its zero value is a Sorter with the zero Options.
type Sorter struct {
	opt Options

	// plain mode: keys in buf, one index entry per record.
	buf  []byte
	recs []rec

	// Sum mode: index of each key in keys/vals.
	index map[string]int
	keys  []string
	vals  []uint64

	used   int // memory accounted
	runs   []string
	sorted bool
	err    error

	// create opens a new run file; tests replace it.
	create func(dir string) (io.WriteCloser, string, error)
}

type rec struct {
	off, n uint32
	val    uint64
}

// New returns a Sorter with options opt.
func New(opt Options) *Sorter { return &Sorter{opt: opt} }

func (s *Sorter) limit() int {
	if s.opt.MemoryBytes > 0 {
		return s.opt.MemoryBytes
	}
	return DefaultMemoryBytes
}

// Runs returns the number of run files written so far.
func (s *Sorter) Runs() int { return len(s.runs) }

// Add adds a record. key is copied. An error writing a run is returned
// here, and by every later call.
func (s *Sorter) Add(key []byte, val uint64) error {
	if s.opt.Sum {
		if i, ok := s.index[string(key)]; ok && s.err == nil && !s.sorted {
			s.vals[i] += val
			return nil
		}
		return s.add(string(key), val)
	}
	return s.add(unsafe.String(unsafe.SliceData(key), len(key)), val)
}

// AddString adds a record whose key is a string.
func (s *Sorter) AddString(key string, val uint64) error {
	if s.opt.Sum {
		if i, ok := s.index[key]; ok && s.err == nil && !s.sorted {
			s.vals[i] += val
			return nil
		}
	}
	return s.add(key, val)
}

// add adds a record whose key, in Sum mode, is new; without Sum, key is
// copied and not kept.
func (s *Sorter) add(key string, val uint64) error {
	if s.err != nil {
		return s.err
	}
	if s.sorted {
		return ErrClosed
	}
	if s.opt.Sum {
		if s.index == nil {
			s.index = map[string]int{}
		}
		s.index[key] = len(s.keys)
		s.keys = append(s.keys, key)
		s.vals = append(s.vals, val)
		s.used += len(key) + perRecordSum
	} else {
		if len(s.buf)+len(key) > 1<<32-1 {
			if err := s.spill(); err != nil {
				return err
			}
		}
		s.recs = append(s.recs, rec{off: uint32(len(s.buf)), n: uint32(len(key)), val: val})
		s.buf = append(s.buf, key...)
		s.used += len(key) + perRecordPlain
	}
	if s.used >= s.limit() {
		return s.spill()
	}
	return nil
}

// memIter returns the records held in memory, sorted (and summed).
func (s *Sorter) memIter() *sliceIter {
	it := &sliceIter{}
	if s.opt.Sum {
		order := make([]int, len(s.keys))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int { return cmp.Compare(s.keys[a], s.keys[b]) })
		it.next = func(i int) ([]byte, uint64, bool) {
			if i >= len(order) {
				return nil, 0, false
			}
			k := s.keys[order[i]]
			return unsafe.Slice(unsafe.StringData(k), len(k)), s.vals[order[i]], true
		}
		return it
	}
	buf := s.buf
	slices.SortFunc(s.recs, func(a, b rec) int {
		return bytes.Compare(buf[a.off:a.off+a.n], buf[b.off:b.off+b.n])
	})
	recs := s.recs
	it.next = func(i int) ([]byte, uint64, bool) {
		if i >= len(recs) {
			return nil, 0, false
		}
		r := recs[i]
		return buf[r.off : r.off+r.n], r.val, true
	}
	return it
}

func (s *Sorter) reset() {
	s.buf, s.recs = s.buf[:0], s.recs[:0]
	clear(s.index)
	s.keys, s.vals = s.keys[:0], s.vals[:0]
	s.used = 0
}

func createRun(dir string) (io.WriteCloser, string, error) {
	f, err := os.CreateTemp(dir, "extsort-*.run")
	if err != nil {
		return nil, "", err
	}
	return f, f.Name(), nil
}

func (s *Sorter) dir() string {
	if s.opt.Dir != "" {
		return s.opt.Dir
	}
	return os.TempDir()
}

// spill writes the records held in memory to a new run.
func (s *Sorter) spill() error {
	err := s.writeRun(s.memIter())
	s.reset()
	if err != nil {
		s.err = err
		s.removeRuns()
	}
	return err
}

// iter is a sorted source of records.
type iter interface {
	Next() bool
	Key() []byte
	Value() uint64
	Err() error
}

// writeRun writes the records of it to a new run file, summing equal
// keys in Sum mode.
func (s *Sorter) writeRun(it iter) (err error) {
	create := s.create
	if create == nil {
		create = createRun
	}
	f, name, err := create(s.dir())
	if err != nil {
		return fmt.Errorf("extsort: creating a run file in %s: %w", s.dir(), err)
	}
	s.runs = append(s.runs, name)
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("extsort: writing a run file in %s: %w", s.dir(), cerr)
		}
	}()
	w := bufio.NewWriterSize(f, bufSize)
	var tmp [2 * binary.MaxVarintLen64]byte
	emit := func(key []byte, val uint64) error {
		n := binary.PutUvarint(tmp[:], uint64(len(key)))
		w.Write(tmp[:n])
		w.Write(key)
		n = binary.PutUvarint(tmp[:], val)
		_, err := w.Write(tmp[:n])
		return err
	}
	if s.opt.Sum {
		it = &sumIter{in: it}
	}
	for it.Next() {
		if err := emit(it.Key(), it.Value()); err != nil {
			return fmt.Errorf("extsort: writing a run file in %s: %w", s.dir(), err)
		}
	}
	if err := it.Err(); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("extsort: writing a run file in %s: %w", s.dir(), err)
	}
	return nil
}

// Sort ends the input and returns the records in key order (records of
// equal keys, without Sum, in no particular order). The Iterator must
// be closed, which removes the run files.
func (s *Sorter) Sort() (*Iterator, error) {
	if s.err != nil {
		s.removeRuns()
		return nil, s.err
	}
	if s.sorted {
		return nil, ErrClosed
	}
	s.sorted = true
	if len(s.runs) == 0 {
		return &Iterator{in: s.memIter(), s: s}, nil
	}
	if s.used > 0 {
		if err := s.writeRun(s.memIter()); err != nil {
			s.reset()
			s.removeRuns()
			return nil, err
		}
	}
	s.reset()
	s.buf, s.recs, s.index, s.keys, s.vals = nil, nil, nil, nil, nil
	for len(s.runs) > MaxFanIn {
		group := s.runs[:MaxFanIn]
		m, err := openMerge(group)
		if err != nil {
			s.removeRuns()
			return nil, err
		}
		rest := slices.Clone(s.runs[MaxFanIn:])
		s.runs = rest
		err = s.writeRun(m)
		m.close()
		for _, name := range group {
			os.Remove(name)
		}
		if err != nil {
			s.removeRuns()
			return nil, err
		}
	}
	m, err := openMerge(s.runs)
	if err != nil {
		s.removeRuns()
		return nil, err
	}
	var it iter = m
	if s.opt.Sum {
		it = &sumIter{in: m}
	}
	return &Iterator{in: it, m: m, s: s}, nil
}

func (s *Sorter) removeRuns() {
	for _, name := range s.runs {
		os.Remove(name)
	}
	s.runs = nil
}

// Close removes the Sorter's run files and drops its records; an
// Iterator of it must not be used after. It may be called more than
// once.
func (s *Sorter) Close() error {
	s.removeRuns()
	s.buf, s.recs, s.index, s.keys, s.vals = nil, nil, nil, nil, nil
	s.sorted = true
	return nil
}

// Iterator returns sorted records.
type Iterator struct {
	in iter
	m  *merge
	s  *Sorter
}

// Next advances to the next record, reporting whether there is one.
func (it *Iterator) Next() bool { return it.in.Next() }

// Key is the current record's key, valid until the next call to Next.
func (it *Iterator) Key() []byte { return it.in.Key() }

// Value is the current record's value.
func (it *Iterator) Value() uint64 { return it.in.Value() }

// Err is the error that ended the iteration early, if any.
func (it *Iterator) Err() error { return it.in.Err() }

// Close removes the run files.
func (it *Iterator) Close() error {
	if it.m != nil {
		it.m.close()
	}
	it.s.removeRuns()
	it.s.buf, it.s.recs, it.s.index, it.s.keys, it.s.vals = nil, nil, nil, nil, nil
	return nil
}

// sliceIter walks records held in memory.
type sliceIter struct {
	next func(i int) ([]byte, uint64, bool)
	i    int
	key  []byte
	val  uint64
}

func (it *sliceIter) Next() bool {
	k, v, ok := it.next(it.i)
	if !ok {
		return false
	}
	it.i++
	it.key, it.val = k, v
	return true
}
func (it *sliceIter) Key() []byte   { return it.key }
func (it *sliceIter) Value() uint64 { return it.val }
func (it *sliceIter) Err() error    { return nil }

// sumIter sums the values of consecutive equal keys.
type sumIter struct {
	in      iter
	key     []byte
	val     uint64
	pending bool // in holds the first record of the next key
	done    bool
}

func (it *sumIter) Next() bool {
	if it.done {
		return false
	}
	if !it.pending {
		if !it.in.Next() {
			it.done = true
			return false
		}
	}
	it.key = append(it.key[:0], it.in.Key()...)
	it.val = it.in.Value()
	it.pending = false
	for it.in.Next() {
		if !bytes.Equal(it.in.Key(), it.key) {
			it.pending = true
			return true
		}
		it.val += it.in.Value()
	}
	return true
}
func (it *sumIter) Key() []byte   { return it.key }
func (it *sumIter) Value() uint64 { return it.val }
func (it *sumIter) Err() error    { return it.in.Err() }

// runReader reads one run file.
type runReader struct {
	f    *os.File
	r    *bufio.Reader
	name string
	key  []byte
	val  uint64
	err  error
	seq  int // position among the runs, for a stable merge
}

func (r *runReader) next() bool {
	n, err := binary.ReadUvarint(r.r)
	if err == io.EOF {
		return false
	}
	if err == nil {
		r.key = slices.Grow(r.key[:0], int(n))[:n]
		_, err = io.ReadFull(r.r, r.key)
	}
	if err == nil {
		r.val, err = binary.ReadUvarint(r.r)
	}
	if err != nil {
		r.err = fmt.Errorf("extsort: reading run file %s: %w", r.name, err)
		return false
	}
	return true
}

// merge is a k-way merge of runs through a heap.
type merge struct {
	h   mergeHeap
	all []*runReader
	cur *runReader
	err error
}

func openMerge(names []string) (*merge, error) {
	m := &merge{}
	for i, name := range names {
		f, err := os.Open(name)
		if err != nil {
			m.close()
			return nil, fmt.Errorf("extsort: %w", err)
		}
		r := &runReader{f: f, r: bufio.NewReaderSize(f, bufSize), name: name, seq: i}
		m.all = append(m.all, r)
		if r.next() {
			m.h = append(m.h, r)
		} else if r.err != nil {
			m.close()
			return nil, r.err
		}
	}
	heap.Init(&m.h)
	return m, nil
}

func (m *merge) Next() bool {
	if m.err != nil {
		return false
	}
	if m.cur != nil {
		if m.cur.next() {
			heap.Fix(&m.h, 0)
		} else {
			if m.cur.err != nil {
				m.err = m.cur.err
				return false
			}
			heap.Pop(&m.h)
		}
		m.cur = nil
	}
	if len(m.h) == 0 {
		return false
	}
	m.cur = m.h[0]
	return true
}
func (m *merge) Key() []byte   { return m.cur.key }
func (m *merge) Value() uint64 { return m.cur.val }
func (m *merge) Err() error    { return m.err }

func (m *merge) close() {
	for _, r := range m.all {
		r.f.Close()
	}
	m.all, m.h = nil, nil
}

type mergeHeap []*runReader

func (h mergeHeap) Len() int { return len(h) }
func (h mergeHeap) Less(i, j int) bool {
	if c := bytes.Compare(h[i].key, h[j].key); c != 0 {
		return c < 0
	}
	return h[i].seq < h[j].seq
}
func (h mergeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *mergeHeap) Push(x any)   { *h = append(*h, x.(*runReader)) }
func (h *mergeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
