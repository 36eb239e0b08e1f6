package url

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/url/internal/cputime"
)

// BenchmarkParseURLList times Parse+Href over the lines of the file that
// WEBURL_URL_LIST names (skipped when it is unset), in the order of the
// file, as perf-ada's weburl loop does, and reports the thread CPU time
// per URL (cpu-ns/url). Each sub-benchmark takes the file's first lines
// ("1900", "3810", or "all" of them) with the same mix of shapes: a
// branch predictor learns more of a short list's branches, so that the
// time per URL grows with the list's length, which is what a crawler's
// list is like (docs/performance.md). Run it pinned to one CPU:
//
//	python3 scripts/reallist.py 29 ../shared/datasets/kasztp.txt /tmp/reallist.txt
//	WEBURL_URL_LIST=/tmp/reallist.txt taskset -c 1 go test -run '^$' -bench ParseURLList .
func BenchmarkParseURLList(b *testing.B) {
	name := os.Getenv("WEBURL_URL_LIST")
	if name == "" {
		b.Skip("WEBURL_URL_LIST names no file of URLs")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, n := range []int{1900, 3810, len(lines)} {
		if n > len(lines) {
			continue
		}
		label := strconv.Itoa(n)
		if n == len(lines) {
			label = "all"
		}
		list := lines[:n]
		b.Run(label, func(b *testing.B) {
			b.ReportAllocs()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			sum := 0
			start := cputime.Thread()
			for b.Loop() {
				for _, s := range list {
					if u, err := Parse(s); err == nil {
						sum += len(u.Href())
					}
				}
			}
			cpu := cputime.Thread() - start
			sinkInt += sum
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(len(list)), "cpu-ns/url")
		})
	}
}
