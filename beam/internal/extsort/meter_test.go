package extsort

import (
	"fmt"
	"runtime"
	"testing"
)

// TestMeterBound adds many records to three Sorters that share a Meter,
// each bounded to 64 KiB, and checks that what they held at once never
// went over the sum of their bounds, that they spilled, and that
// nothing is held once their iterators are closed.
func TestMeterBound(t *testing.T) {
	for _, sum := range []bool{false, true} {
		t.Run(fmt.Sprintf("sum=%v", sum), func(t *testing.T) {
			var m Meter
			const bound = 64 << 10
			var ss []*Sorter
			for range 3 {
				ss = append(ss, New(Options{Dir: t.TempDir(), MemoryBytes: bound, Sum: sum, Meter: &m}))
			}
			for i, r := range randomKeys(30000, 20000, 5) {
				if err := ss[i%3].AddString(r.key, r.val); err != nil {
					t.Fatal(err)
				}
			}
			for _, s := range ss {
				if s.Runs() < 2 {
					t.Errorf("%d runs, want some", s.Runs())
				}
				it, err := s.Sort()
				if err != nil {
					t.Fatal(err)
				}
				drain(t, it)
			}
			if m.Peak() > 3*bound || m.Peak() < bound {
				t.Errorf("peak %d bytes held, want at most 3 × %d and more than one bound", m.Peak(), bound)
			}
			if m.Held() != 0 {
				t.Errorf("%d bytes held after Close", m.Held())
			}
		})
	}
}

// TestMeterHonest checks that the memory a Sorter accounts for is at
// least the heap it really holds: records held in memory, no spill, the
// live heap measured after a collection.
func TestMeterHonest(t *testing.T) {
	in := randomKeys(50000, 40000, 9)
	for _, sum := range []bool{false, true} {
		t.Run(fmt.Sprintf("sum=%v", sum), func(t *testing.T) {
			var m Meter
			live := func() int64 {
				var ms runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&ms)
				return int64(ms.HeapAlloc)
			}
			before := live()
			s := New(Options{MemoryBytes: 1 << 30, Sum: sum, Meter: &m})
			for _, r := range in {
				s.AddString(string([]byte(r.key)), r.val) // keys the Sorter must copy
			}
			held := live() - before
			if s.Runs() != 0 {
				t.Fatalf("%d runs", s.Runs())
			}
			t.Logf("%d records: %d bytes accounted, %d bytes of live heap", len(in), m.Held(), held)
			if held > m.Held()+64<<10 {
				t.Errorf("%d bytes accounted, but %d bytes of live heap", m.Held(), held)
			}
			runtime.KeepAlive(s)
			s.Close()
		})
	}
}
