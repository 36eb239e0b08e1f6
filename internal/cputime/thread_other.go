//go:build !linux

package cputime

import "time"

var start = time.Now()

// Thread falls back to the wall clock where the thread's CPU time is not
// at hand.
func Thread() time.Duration { return time.Since(start) }
