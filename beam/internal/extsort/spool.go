package extsort

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"os"
)

// A Spool keeps records in the order they are added, in a file, to be
// read back in that order as many times as needed (as a sorted stream
// that two merge joins read). Its memory is one buffer.
type Spool struct {
	dir  string
	f    *os.File
	w    *bufio.Writer
	err  error
	tmp  [2 * binary.MaxVarintLen64]byte
	open []*os.File
}

// NewSpool returns a Spool whose file is in dir ("" is os.TempDir()).
func NewSpool(dir string) *Spool {
	if dir == "" {
		dir = os.TempDir()
	}
	return &Spool{dir: dir}
}

// Add appends a record.
func (s *Spool) Add(key []byte, val uint64) error {
	if s.err != nil {
		return s.err
	}
	if s.f == nil {
		f, err := os.CreateTemp(s.dir, "extsort-*.spool")
		if err != nil {
			s.err = fmt.Errorf("extsort: creating a spool file in %s: %w", s.dir, err)
			return s.err
		}
		s.f, s.w = f, bufio.NewWriterSize(f, bufSize)
	}
	n := binary.PutUvarint(s.tmp[:], uint64(len(key)))
	s.w.Write(s.tmp[:n])
	s.w.Write(key)
	n = binary.PutUvarint(s.tmp[:], val)
	if _, err := s.w.Write(s.tmp[:n]); err != nil {
		s.err = fmt.Errorf("extsort: writing a spool file in %s: %w", s.dir, err)
	}
	return s.err
}

// Iter returns the records from the first.
func (s *Spool) Iter() (*SpoolIter, error) {
	if s.err != nil {
		return nil, s.err
	}
	if s.f == nil {
		return &SpoolIter{}, nil
	}
	if err := s.w.Flush(); err != nil {
		s.err = fmt.Errorf("extsort: writing a spool file in %s: %w", s.dir, err)
		return nil, s.err
	}
	f, err := os.Open(s.f.Name())
	if err != nil {
		return nil, fmt.Errorf("extsort: %w", err)
	}
	s.open = append(s.open, f)
	return &SpoolIter{r: &runReader{f: f, r: bufio.NewReaderSize(f, bufSize), name: f.Name()}}, nil
}

// Close removes the spool's file.
func (s *Spool) Close() error {
	for _, f := range s.open {
		f.Close()
	}
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
	}
	return nil
}

// SpoolIter reads a Spool's records.
type SpoolIter struct {
	r *runReader
}

// Next advances to the next record, reporting whether there is one.
func (it *SpoolIter) Next() bool { return it.r != nil && it.r.next() }

// Key is the current record's key, valid until the next call to Next.
func (it *SpoolIter) Key() []byte { return it.r.key }

// Value is the current record's value.
func (it *SpoolIter) Value() uint64 { return it.r.val }

// Err is the error that ended the iteration early, if any.
func (it *SpoolIter) Err() error {
	if it.r == nil {
		return nil
	}
	return it.r.err
}

// AddString appends a record whose key is a string.
func (s *Spool) AddString(key string, val uint64) error {
	return s.Add([]byte(key), val)
}
