package extsort

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
)

type kv struct {
	key string
	val uint64
}

// randomKeys returns n keys drawn from distinct values, with repeats,
// of lengths 0 to 40.
func randomKeys(n, distinct int, seed uint64) []kv {
	rng := rand.New(rand.NewPCG(seed, 7))
	pool := make([]string, distinct)
	for i := range pool {
		b := make([]byte, rng.IntN(41))
		for j := range b {
			b[j] = byte(rng.IntN(256))
		}
		pool[i] = string(b)
	}
	out := make([]kv, n)
	for i := range out {
		out[i] = kv{pool[rng.IntN(distinct)], uint64(rng.IntN(1000))}
	}
	return out
}

func drain(t *testing.T, it *Iterator) []kv {
	t.Helper()
	var out []kv
	for it.Next() {
		out = append(out, kv{string(it.Key()), it.Value()})
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	it.Close()
	return out
}

// TestSort holds the sorter to slices.Sort and to a map of sums, with
// everything in memory, with a few runs, and with more runs than
// MaxFanIn (a merge in two passes); the run files are gone after Close.
func TestSort(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n        int
		memory   int
		wantRuns func(int) bool
	}{
		{"in memory", 2000, 1 << 20, func(r int) bool { return r == 0 }},
		{"a few runs", 5000, 16 << 10, func(r int) bool { return r > 1 && r <= MaxFanIn }},
		{"more runs than MaxFanIn", 20000, 2 << 10, func(r int) bool { return r > MaxFanIn }},
	} {
		for _, sum := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s sum=%v", tc.name, sum), func(t *testing.T) {
				dir := t.TempDir()
				in := randomKeys(tc.n, tc.n/2, uint64(tc.n))
				s := New(Options{Dir: dir, MemoryBytes: tc.memory, Sum: sum})
				for _, r := range in {
					if err := s.AddString(r.key, r.val); err != nil {
						t.Fatal(err)
					}
				}
				runs := s.Runs()
				it, err := s.Sort()
				if err != nil {
					t.Fatal(err)
				}
				if sum && !tc.wantRuns(runs) {
					// Sum mode spills only once the distinct keys fill memory.
					t.Logf("%d runs", runs)
				} else if !sum && !tc.wantRuns(runs) {
					t.Errorf("%d runs", runs)
				}
				got := drain(t, it)
				var want []kv
				if sum {
					sums := map[string]uint64{}
					for _, r := range in {
						sums[r.key] += r.val
					}
					for _, k := range slices.Sorted(maps.Keys(sums)) {
						want = append(want, kv{k, sums[k]})
					}
				} else {
					want = slices.Clone(in)
					slices.SortFunc(want, func(a, b kv) int {
						return strings.Compare(a.key, b.key)
					})
					// equal keys come in any order: compare the values as
					// multisets by sorting them too.
					slices.SortStableFunc(got, func(a, b kv) int {
						if c := strings.Compare(a.key, b.key); c != 0 {
							return c
						}
						return int(a.val) - int(b.val)
					})
					slices.SortStableFunc(want, func(a, b kv) int {
						if c := strings.Compare(a.key, b.key); c != 0 {
							return c
						}
						return int(a.val) - int(b.val)
					})
				}
				if !slices.Equal(got, want) {
					t.Fatalf("got %d records, want %d", len(got), len(want))
				}
				left, _ := os.ReadDir(dir)
				if len(left) != 0 {
					t.Errorf("%d files left in the temporary directory", len(left))
				}
			})
		}
	}
}

// TestSumSpills checks that Sum mode with many distinct keys spills and
// still sums keys that fall in different runs.
func TestSumSpills(t *testing.T) {
	s := New(Options{Dir: t.TempDir(), MemoryBytes: 4 << 10, Sum: true})
	for round := range 3 {
		for i := range 1000 {
			s.AddString(fmt.Sprintf("key%04d", i), uint64(round+1))
		}
	}
	if s.Runs() < 2 {
		t.Fatalf("%d runs", s.Runs())
	}
	it, err := s.Sort()
	if err != nil {
		t.Fatal(err)
	}
	got := drain(t, it)
	if len(got) != 1000 {
		t.Fatalf("%d keys", len(got))
	}
	for _, r := range got {
		if r.val != 6 {
			t.Fatalf("%q: %d, want 6", r.key, r.val)
		}
	}
}

func TestEmpty(t *testing.T) {
	var s Sorter
	it, err := s.Sort()
	if err != nil {
		t.Fatal(err)
	}
	if got := drain(t, it); len(got) != 0 {
		t.Errorf("%d records", len(got))
	}
	if err := s.Add([]byte("x"), 1); !errors.Is(err, ErrClosed) {
		t.Errorf("Add after Sort: %v", err)
	}
	if _, err := s.Sort(); !errors.Is(err, ErrClosed) {
		t.Errorf("Sort after Sort: %v", err)
	}
}

// fullDisk is a run file on a disk with room for limit bytes.
type fullDisk struct {
	f     *os.File
	limit *int
}

func (d fullDisk) Write(p []byte) (int, error) {
	if len(p) > *d.limit {
		n, _ := d.f.Write(p[:*d.limit])
		*d.limit = 0
		return n, &os.PathError{Op: "write", Path: d.f.Name(), Err: syscall.ENOSPC}
	}
	*d.limit -= len(p)
	return d.f.Write(p)
}

func (d fullDisk) Close() error { return d.f.Close() }

// TestDiskFull fills a disk of 100 KiB: Add (or Sort) fails with an
// error that wraps ENOSPC and names the directory, every later Add
// fails the same way, and no run file is left.
func TestDiskFull(t *testing.T) {
	for _, room := range []int{0, 100 << 10} {
		t.Run(fmt.Sprintf("room %d", room), func(t *testing.T) {
			dir := t.TempDir()
			left := room
			s := New(Options{Dir: dir, MemoryBytes: 8 << 10})
			s.create = func(dir string) (io.WriteCloser, string, error) {
				f, name, err := createRun(dir)
				if err != nil {
					return nil, "", err
				}
				return fullDisk{f.(*os.File), &left}, name, nil
			}
			var err error
			for i := 0; i < 100000 && err == nil; i++ {
				err = s.AddString(fmt.Sprintf("a key of some length %08d", i), 1)
			}
			if err == nil {
				_, err = s.Sort()
			}
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("error %v, want ENOSPC", err)
			}
			if !strings.Contains(err.Error(), dir) || !strings.HasPrefix(err.Error(), "extsort: ") {
				t.Errorf("error %q does not name %s", err, dir)
			}
			if err2 := s.AddString("more", 1); !errors.Is(err2, syscall.ENOSPC) {
				t.Errorf("Add after the error: %v", err2)
			}
			if _, err2 := s.Sort(); !errors.Is(err2, syscall.ENOSPC) {
				t.Errorf("Sort after the error: %v", err2)
			}
			if files, _ := os.ReadDir(dir); len(files) != 0 {
				t.Errorf("%d run files left", len(files))
			}
		})
	}
}

// TestMissingDir is an error naming the directory, not a panic.
func TestMissingDir(t *testing.T) {
	dir := t.TempDir() + "/missing"
	s := New(Options{Dir: dir, MemoryBytes: 1})
	err := s.AddString("x", 1)
	if err == nil || !strings.Contains(err.Error(), dir) || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("error %v", err)
	}
}

func BenchmarkSort(b *testing.B) {
	in := randomKeys(200000, 100000, 1)
	for _, sum := range []bool{false, true} {
		b.Run(fmt.Sprintf("sum=%v", sum), func(b *testing.B) {
			b.ReportAllocs()
			dir := b.TempDir()
			for b.Loop() {
				s := New(Options{Dir: dir, MemoryBytes: 1 << 20, Sum: sum})
				for _, r := range in {
					s.AddString(r.key, r.val)
				}
				it, err := s.Sort()
				if err != nil {
					b.Fatal(err)
				}
				for it.Next() {
				}
				it.Close()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in)), "ns/record")
		})
	}
}

func TestSpool(t *testing.T) {
	dir := t.TempDir()
	s := NewSpool(dir)
	for i := range 1000 {
		s.AddString(fmt.Sprintf("k%d", i), uint64(i))
	}
	for range 2 {
		it, err := s.Iter()
		if err != nil {
			t.Fatal(err)
		}
		i := 0
		for it.Next() {
			if string(it.Key()) != fmt.Sprintf("k%d", i) || it.Value() != uint64(i) {
				t.Fatalf("record %d: %q %d", i, it.Key(), it.Value())
			}
			i++
		}
		if it.Err() != nil || i != 1000 {
			t.Fatalf("%d records, %v", i, it.Err())
		}
	}
	s.Close()
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("%d files left", len(files))
	}
}
