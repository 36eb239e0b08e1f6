package cputime

import (
	"runtime"
	"testing"
	"time"
)

func spin(n int) {
	x := 0
	for i := range n {
		x += i
	}
	runtime.KeepAlive(x)
}

func TestThreadAdvances(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := Thread()
	spin(50_000_000)
	if d := Thread() - start; d <= 0 || d > time.Minute {
		t.Errorf("a busy loop took %v of thread CPU time", d)
	}
}

// TestCheckLinear: a linear pair passes; a quadratic pair fails.
func TestCheckLinear(t *testing.T) {
	CheckLinear(t, 8, func() { spin(1_000_000) }, func() { spin(8_000_000) })
	var rec recorder
	CheckLinear(&rec, 8, func() { spin(100_000) }, func() { spin(64 * 64 * 100_000) })
	if !rec.failed {
		t.Error("a 4096x larger cost for an 8x larger input passed as linear")
	}
}

// recorder is a testing.TB that records a failure instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()                        {}
func (r *recorder) Errorf(format string, a ...any) { r.failed = true }
