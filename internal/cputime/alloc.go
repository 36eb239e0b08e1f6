package cputime

import "runtime"

// Allocated returns the bytes f allocates (the heap's total allocation
// before and after it, after a garbage collection), for the tests that
// hold a cost in memory to a constant per input byte.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
