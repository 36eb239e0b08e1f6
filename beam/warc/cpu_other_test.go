//go:build !unix

package warc_test

import "time"

var startTime = time.Now()

// processCPU falls back to the wall clock where the process's CPU time
// is not at hand.
func processCPU() int64 { return int64(time.Since(startTime)) }
