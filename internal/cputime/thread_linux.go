package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread returns the CPU time the calling OS thread has used
// (clock_gettime CLOCK_THREAD_CPUTIME_ID, to the nanosecond), or the
// wall clock if that fails. The caller must be locked to its thread
// (runtime.LockOSThread).
func Thread() time.Duration {
	const clockThreadCPUTimeID = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
