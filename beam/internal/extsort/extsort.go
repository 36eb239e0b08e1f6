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
// Memory is bounded by [Options.MemoryBytes] (the records, their index
// and hash table, the buffers of the runs being written or merged),
// whatever the input's size; disk holds the runs. A [Meter] adds up the
// memory of Sorters that run at once.
// A run that cannot be written (a full disk) is an error that wraps the
// system's (errors.Is(err, syscall.ENOSPC)) and names the directory.
package extsort

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
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

// recSize is the size of a record's index entry held in memory.
const recSize = int(unsafe.Sizeof(rec{}))

// bufSize is the size of each run file's write buffer, and the most of
// each run's read buffer while merging.
const bufSize = 64 << 10

// ErrClosed is returned by [Sorter.Add] after [Sorter.Sort].
var ErrClosed = errors.New("extsort: Add after Sort")

// Options configure a [Sorter]. The zero value sorts in memory up to
// DefaultMemoryBytes, then in os.TempDir, keeping every record.
type Options struct {
	// Dir is where run files are written ("" is os.TempDir()).
	Dir string
	// MemoryBytes bounds the memory the Sorter holds (0 is
	// DefaultMemoryBytes): the records in memory with their index (and,
	// with Sum, their hash table), and, while merging, the runs' read
	// buffers. A single record larger than that is held all the same.
	MemoryBytes int
	// Sum makes records of equal keys one, with the sum of their
	// values.
	Sum bool
	// Meter, if set, adds up the memory of the Sorters that share it.
	Meter *Meter
}

// A Meter adds up the memory held by the Sorters that share it
// (Options.Meter), as each accounts for it, keeps the most they held at
// one time, and counts the run files they wrote. Its zero value is ready
// to use. Like a Sorter, it is not safe for concurrent use.
type Meter struct {
	held, peak, runs int64
}

// Runs is the number of run files written (the merges' among them).
func (m *Meter) Runs() int64 { return m.runs }

// Held is the memory held now, in bytes.
func (m *Meter) Held() int64 { return m.held }

// Peak is the most memory held at one time, in bytes.
func (m *Meter) Peak() int64 { return m.peak }

func (m *Meter) add(n int) {
	if m == nil {
		return
	}
	m.held += int64(n)
	m.peak = max(m.peak, m.held)
}

// A Sorter gathers records with Add and gives them back sorted with
// Sort. Its zero value is a Sorter with the zero Options.
//
// Records held in memory are their keys, one after another in buf, and
// an index entry for each; with Sum, an open-addressing hash table of
// index positions finds a key already held. None of it holds pointers,
// so that the garbage collector has nothing to scan, and what it holds
// is the capacity of three slices, which the Sorter grows itself,
// within its bound.
type Sorter struct {
	opt Options

	buf   []byte
	recs  []rec
	table []uint32 // Sum: position in recs + 1 of each slot's key, 0 if free
	seed  maphash.Seed

	held   int // bytes accounted to the Meter
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

// account sets the memory the Sorter holds to n bytes.
func (s *Sorter) account(n int) {
	s.opt.Meter.add(n - s.held)
	s.held = n
}

// ioBufSize is the size of a run file's buffer: the records' buffers
// and the writer of a run, or the merge of MaxFanIn runs and its
// writer, fit in the bound.
func (s *Sorter) ioBufSize() int {
	return min(bufSize, max(16, s.limit()/(MaxFanIn+2)))
}

// recordBound is the most the records' buffers may hold.
func (s *Sorter) recordBound() int { return s.limit() - s.ioBufSize() }

func (s *Sorter) capacity() int {
	return cap(s.buf) + recSize*cap(s.recs) + 4*cap(s.table)
}

// Runs returns the number of run files written so far.
func (s *Sorter) Runs() int { return len(s.runs) }

// Add adds a record. key is copied. An error writing a run is returned
// here, and by every later call.
func (s *Sorter) Add(key []byte, val uint64) error {
	return s.AddString(unsafe.String(unsafe.SliceData(key), len(key)), val)
}

// AddString adds a record whose key is a string.
func (s *Sorter) AddString(key string, val uint64) error {
	if s.err != nil {
		return s.err
	}
	if s.sorted {
		return ErrClosed
	}
	if s.opt.Sum && len(s.table) > 0 {
		if i, ok := s.find(key); ok {
			s.recs[i].val += val
			return nil
		}
	}
	if err := s.room(len(key)); err != nil {
		return err
	}
	s.recs = append(s.recs, rec{off: uint32(len(s.buf)), n: uint32(len(key)), val: val})
	s.buf = append(s.buf, key...)
	if s.opt.Sum {
		s.insert(len(s.recs) - 1)
	}
	if s.capacity() > s.recordBound() { // a record larger than the bound
		return s.spill()
	}
	return nil
}

func (s *Sorter) key(r rec) []byte { return s.buf[r.off : r.off+r.n] }

// find returns the position in recs of key, if held.
func (s *Sorter) find(key string) (int, bool) {
	mask := len(s.table) - 1
	for slot := int(maphash.String(s.seed, key)) & mask; ; slot = (slot + 1) & mask {
		i := s.table[slot]
		if i == 0 {
			return 0, false
		}
		if r := s.recs[i-1]; int(r.n) == len(key) && string(s.key(r)) == key {
			return int(i - 1), true
		}
	}
}

// insert puts recs[i], which the table does not hold, in the table.
func (s *Sorter) insert(i int) {
	mask := len(s.table) - 1
	slot := int(maphash.Bytes(s.seed, s.key(s.recs[i]))) & mask
	for s.table[slot] != 0 {
		slot = (slot + 1) & mask
	}
	s.table[slot] = uint32(i + 1)
}

// room makes room for one more record of n key bytes: it grows the
// buffers that are full (doubling them) if they stay within the bound,
// and otherwise spills the records held and uses the buffers again.
func (s *Sorter) room(n int) error {
	if len(s.buf)+n > 1<<32-1 || len(s.recs) == 1<<32-2 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	bound := s.recordBound()
	bufCap, recCap, tableLen := cap(s.buf), cap(s.recs), len(s.table)
	over := func() int { return bufCap + recSize*recCap + 4*tableLen - bound }
	if s.opt.Sum && 2*(len(s.recs)+1) > tableLen {
		tableLen = max(2*tableLen, 8)
	}
	if len(s.recs) == recCap { // double, or take what the bound leaves
		recCap = max(2*recCap, 4)
		if o := over(); o > 0 {
			recCap = max(len(s.recs)+1, recCap-o/recSize)
		}
	}
	if len(s.buf)+n > bufCap {
		bufCap = max(2*bufCap, len(s.buf)+n, 64)
		if o := over(); o > 0 {
			bufCap = max(len(s.buf)+n, bufCap-o)
		}
	}
	if len(s.recs) > 0 && over() > 0 {
		if err := s.spill(); err != nil {
			return err
		}
		return s.room(n)
	}
	if bufCap > cap(s.buf) {
		s.buf = append(make([]byte, 0, bufCap), s.buf...)
	}
	if recCap > cap(s.recs) {
		s.recs = append(make([]rec, 0, recCap), s.recs...)
	}
	if tableLen > len(s.table) {
		if s.table == nil {
			s.seed = maphash.MakeSeed()
		}
		s.table = make([]uint32, tableLen)
		for i := range s.recs {
			s.insert(i)
		}
	}
	s.account(s.capacity())
	return nil
}

// memIter returns the records held in memory, sorted (and summed: Sum
// holds each key once).
func (s *Sorter) memIter() *sliceIter {
	slices.SortFunc(s.recs, func(a, b rec) int { return bytes.Compare(s.key(a), s.key(b)) })
	return &sliceIter{s: s}
}

// reset empties the buffers, keeping their memory.
func (s *Sorter) reset() {
	s.buf, s.recs = s.buf[:0], s.recs[:0]
	clear(s.table)
}

// release drops the buffers and their memory.
func (s *Sorter) release() {
	s.buf, s.recs, s.table = nil, nil, nil
	s.account(0)
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
	if s.opt.Meter != nil {
		s.opt.Meter.runs++
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("extsort: writing a run file in %s: %w", s.dir(), cerr)
		}
	}()
	size := s.ioBufSize()
	s.account(s.held + size)
	defer s.account(s.held - size)
	w := bufio.NewWriterSize(f, size)
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
	if len(s.recs) > 0 {
		if err := s.writeRun(s.memIter()); err != nil {
			s.release()
			s.removeRuns()
			return nil, err
		}
	}
	s.release()
	for len(s.runs) > MaxFanIn {
		group := s.runs[:MaxFanIn]
		m, err := s.openMerge(group)
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
	m, err := s.openMerge(s.runs)
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
	s.release()
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
	it.s.release()
	return nil
}

// sliceIter walks the records held in memory, once sorted.
type sliceIter struct {
	s *Sorter
	i int // the current record is s.recs[i-1]
}

func (it *sliceIter) Next() bool {
	if it.i >= len(it.s.recs) {
		return false
	}
	it.i++
	return true
}
func (it *sliceIter) Key() []byte   { return it.s.key(it.s.recs[it.i-1]) }
func (it *sliceIter) Value() uint64 { return it.s.recs[it.i-1].val }
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
	release func() // gives back the read buffers' memory
	h       mergeHeap
	all     []*runReader
	cur     *runReader
	err     error
}

// openMerge opens a merge of the runs names, whose read buffers the
// Sorter accounts for until the merge is closed.
func (s *Sorter) openMerge(names []string) (*merge, error) {
	size := s.ioBufSize()
	m := &merge{release: func() { s.account(s.held - size*len(names)) }}
	s.account(s.held + size*len(names))
	for i, name := range names {
		f, err := os.Open(name)
		if err != nil {
			m.close()
			return nil, fmt.Errorf("extsort: %w", err)
		}
		r := &runReader{f: f, r: bufio.NewReaderSize(f, size), name: name, seq: i}
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
	if m.release != nil {
		m.release()
		m.release = nil
	}
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
