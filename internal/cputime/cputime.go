// Package cputime measures what work costs, for the module's tests and
// benchmarks that check costs (linear time, time or memory per byte) on
// a machine that other work keeps busy: CPU time, which unlike the wall
// clock does not grow while other processes hold the CPU, and the memory
// a function allocates ([Allocated]). Only tests import it.
package cputime

import (
	"runtime"
	"testing"
	"time"
)

// Best returns the least CPU time of its thread (the wall clock where
// that is not at hand) that f took in runs calls, each after a garbage
// collection, so that neither other processes nor garbage left by
// earlier work is charged to f.
func Best(runs int, f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := time.Duration(1 << 62)
	for range runs {
		runtime.GC()
		start := Thread()
		f()
		best = min(best, Thread()-start)
	}
	return best
}

// CheckLinear times small and large (factor times larger) with [Best]
// and fails t when large took more than 4*factor times as long (plus
// 20 ms of slack for the timer's granularity), where quadratic growth
// would take factor*factor times. A failure is measured twice more
// before it counts.
func CheckLinear(t testing.TB, factor int, small, large func()) {
	t.Helper()
	var ts, tl time.Duration
	for range 3 {
		ts, tl = Best(3, small), Best(3, large)
		if tl <= time.Duration(4*factor)*ts+20*time.Millisecond {
			return
		}
	}
	t.Errorf("small: %v, %dx larger: %v: worse than linear", ts, factor, tl)
}
