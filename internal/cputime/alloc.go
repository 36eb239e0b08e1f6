package cputime

import "runtime"

// Allocated returns the bytes f allocates, for the tests that hold a
// cost in memory to a constant per input byte: the heap's total
// allocation before and after f, after a garbage collection, the lesser
// of two calls of f. The count is process-wide, and the runtime itself
// now and then allocates in the background: 5,320 bytes at a time, in 4
// of 39,000 calls of an f that allocates nothing (at most twice in one
// process), and in neither call of any of 15,000 pairs (2026-12-07, on
// the loaded 2-core machine). Taking the lesser of two calls keeps such
// an allocation out of the figure, and with it what f allocates only
// once (a table built on first use), so the figure is what f allocates
// each time it runs.
func Allocated(f func()) uint64 {
	return min(allocatedOnce(f), allocatedOnce(f))
}

// allocatedOnce returns the heap's total allocation across one call of f.
func allocatedOnce(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
