package cputime

import "testing"

var sink []byte

// TestAllocated: a 1 MiB allocation is counted, and nothing is counted
// for a function that allocates nothing.
func TestAllocated(t *testing.T) {
	if got := Allocated(func() { sink = make([]byte, 1<<20) }); got < 1<<20 || got > 1<<20+64<<10 {
		t.Errorf("Allocated(make 1 MiB) = %d, want about %d", got, 1<<20)
	}
	if got := Allocated(func() {}); got > 1<<10 {
		t.Errorf("Allocated(nothing) = %d, want about 0", got)
	}
}
