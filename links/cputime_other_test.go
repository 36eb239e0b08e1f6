//go:build !linux

package links

import "time"

var processStart = time.Now()

// threadCPUTime falls back to the wall clock where the thread's CPU time
// is not at hand.
func threadCPUTime() time.Duration { return time.Since(processStart) }
