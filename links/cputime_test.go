package links

import (
	"runtime"
	"testing"
	"time"
)

// The timing helpers of the root package's cputime_test.go, for the
// linear-time tests of link extraction.

// bestTime returns the least CPU time (wall time off Linux) that f took
// in runs calls, after a garbage collection, so that neither other
// processes on a busy machine nor garbage left by earlier work is
// charged to f.
func bestTime(runs int, f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := time.Duration(1 << 62)
	for range runs {
		runtime.GC()
		start := threadCPUTime()
		f()
		best = min(best, threadCPUTime()-start)
	}
	return best
}

// checkLinear times small and large (factor times larger) and fails t
// when large took more than 4*factor times as long (plus slack for the
// timer's granularity), where quadratic growth would take factor*factor
// times. A failure is measured twice more before it counts.
func checkLinear(t *testing.T, factor int, small, large func()) {
	t.Helper()
	var ts, tl time.Duration
	for range 3 {
		ts, tl = bestTime(3, small), bestTime(3, large)
		if tl <= time.Duration(4*factor)*ts+20*time.Millisecond {
			return
		}
	}
	t.Errorf("small: %v, %dx larger: %v: worse than linear", ts, factor, tl)
}
