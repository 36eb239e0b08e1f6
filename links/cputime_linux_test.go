package links

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPUTime returns the CPU time the calling OS thread has used
// (clock_gettime CLOCK_THREAD_CPUTIME_ID, to the nanosecond): unlike
// the wall clock, it does not grow while other processes hold the CPU,
// so timing tests stay meaningful on a loaded machine. The caller must
// be locked to its thread.
func threadCPUTime() time.Duration {
	const clockThreadCPUTimeID = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return time.Duration(time.Now().UnixNano()) // the wall clock, as elsewhere
	}
	return time.Duration(ts.Nano())
}
