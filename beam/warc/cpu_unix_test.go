//go:build unix

package warc_test

import "syscall"

// processCPU returns the CPU time, user and system, that the process
// has used, in nanoseconds: unlike the wall clock (ns/op), it does not
// grow while other processes hold the CPU, and it counts every thread,
// the garbage collector's too.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
