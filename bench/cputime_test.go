package bench

import (
	"syscall"
	"time"
)

// processCPUTime returns the CPU time the process has used, user and
// system, all threads (getrusage RUSAGE_SELF): unlike the wall clock it
// does not grow while other processes hold the CPU, and unlike one
// thread's CPU time it counts a peer's goroutines on other threads (the
// RFC 2397 package lexes on a goroutine of its own) and the garbage
// collector. Microsecond resolution: time a loop, not one call. The
// wall clock where getrusage fails.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
