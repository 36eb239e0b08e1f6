package url

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// spanMap is the plain offset map offsetMap replaces: every mark as a
// pair, found by binary search. The tests hold offsetMap to it.
type spanMap struct{ proc, orig []int }

func (s *spanMap) add(proc, orig int) {
	s.proc = append(s.proc, proc)
	s.orig = append(s.orig, orig)
}

func (s *spanMap) lookup(i, lead int) int {
	n := sort.Search(len(s.proc), func(k int) bool { return s.proc[k] > i })
	if n == 0 {
		return lead + i
	}
	return s.orig[n-1] + i - s.proc[n-1]
}

// TestOffsetMapMatchesSpans feeds random mark sequences of the shapes
// preprocessing makes (runs of tabs: same proc; runs of invalid bytes:
// proc +3, orig +1; long valid stretches; huge jumps) to both maps and
// compares every lookup.
func TestOffsetMapMatchesSpans(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 300 {
		var m offsetMap
		var ref spanMap
		lead := rng.IntN(5)
		proc, orig := 0, lead
		n := rng.IntN(4 * offsetMapStride)
		for range n {
			copied := 0
			switch rng.IntN(4) {
			case 1:
				copied = rng.IntN(20)
			case 2:
				copied = rng.IntN(1 << 20)
			}
			proc += copied
			orig += copied + 1
			if rng.IntN(2) == 0 { // an invalid byte, not a tab
				proc += 3
			}
			m.add(proc, orig)
			ref.add(proc, orig)
		}
		for i := 0; i <= proc+4; i++ {
			if got, want := m.lookup(i, lead), ref.lookup(i, lead); got != want {
				t.Fatalf("trial %d (%d marks): lookup(%d) = %d, want %d", trial, n, i, got, want)
			}
			if i > 1000 { // past the dense part, sample
				i += rng.IntN(1 << 12)
			}
		}
	}
}

// TestOffsetMapEmpty: with no mark, offsets are shifted by the stripped
// lead only, and nothing is allocated.
func TestOffsetMapEmpty(t *testing.T) {
	var m offsetMap
	if got := m.lookup(10, 3); got != 13 {
		t.Errorf("lookup(10, 3) = %d, want 13", got)
	}
	if m.enc != nil || m.checkpoints != nil {
		t.Error("an empty offsetMap allocated")
	}
}

// TestOffsetMapSize bounds the memory the map keeps for the worst
// inputs: one mark per input byte, of each kind.
func TestOffsetMapSize(t *testing.T) {
	const n = 1 << 16
	for _, in := range []struct {
		name  string
		input string
	}{
		{"tabs", strings.Repeat("\t", n)},
		{"invalid-utf8", strings.Repeat("\xff", n)},
		{"mixed", strings.Repeat("a\xff\tbc\t\xffdefghijk\t", n/14)},
	} {
		t.Run(in.name, func(t *testing.T) {
			p := parser{report: func(ValidationError) {}}
			p.clean(in.input, 0, len(in.input))
			m := &p.offsets
			if m.marks == 0 {
				t.Fatal("no marks: the input is not hostile")
			}
			kept := cap(m.enc) + 24*cap(m.checkpoints)
			t.Logf("%d marks for %d input bytes: %d bytes kept (%.2f per input byte)",
				m.marks, len(in.input), kept, float64(kept)/float64(len(in.input)))
			// At most ~1.2 bytes used per input byte (one per mark,
			// and a checkpoint per offsetMapStride marks); growth by
			// doubling may leave up to twice that in capacity.
			if kept > 3*len(in.input) {
				t.Errorf("%d marks for %d input bytes keep %d bytes (%.2f per input byte)",
					m.marks, len(in.input), kept, float64(kept)/float64(len(in.input)))
			}
		})
	}
}
