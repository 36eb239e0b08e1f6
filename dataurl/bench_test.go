package dataurl

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/cputime"
)

// BenchmarkLarge decodes data: URLs of 1, 10 and 100 MB (a base64 body,
// as canvas.toDataURL() makes, and a percent-encoded one, as inline SVG
// is written): Parse (the URL parser, then the processor), Process of a
// parsed URL, and reading the body through NewReader into a 32 KiB
// buffer. SetBytes is the URL's length; cpu-ns/B is the least thread CPU
// time of an iteration per input byte (meaningful on a loaded machine,
// where MB/s is not), allocB/inB the bytes allocated per input byte.
//
//	GOMAXPROCS=1 taskset -c 0 go test -run '^$' -bench Large -benchtime 3x ./dataurl
func BenchmarkLarge(b *testing.B) {
	for _, mb := range []int{1, 10, 100} {
		size := mb << 20
		for _, kind := range []struct{ name, prefix, unit string }{
			{"base64", "data:image/png;base64,", "iVBO"},
			{"percent", "data:image/svg+xml,", "%3Cg%3E"},
		} {
			href := kind.prefix + strings.Repeat(kind.unit, (size-len(kind.prefix))/len(kind.unit))
			name := kind.name + "/" + strconv.Itoa(mb) + "MB"
			b.Run(name+"/Parse", func(b *testing.B) {
				measureLarge(b, len(href), func() {
					if _, err := Parse(href); err != nil {
						b.Fatal(err)
					}
				})
			})
			u := url.MustParse(href)
			b.Run(name+"/Process", func(b *testing.B) {
				measureLarge(b, len(href), func() {
					if _, err := Process(u); err != nil {
						b.Fatal(err)
					}
				})
			})
			buf := make([]byte, 32<<10)
			b.Run(name+"/Reader", func(b *testing.B) {
				measureLarge(b, len(href), func() {
					r, err := NewReader(u)
					if err != nil {
						b.Fatal(err)
					}
					for {
						if _, err := r.Read(buf); err != nil {
							break
						}
					}
				})
			})
		}
	}
}

// measureLarge runs f b.N times and reports, beside go test's figures,
// the least thread CPU time of a run per input byte and the bytes
// allocated per input byte.
func measureLarge(b *testing.B, size int, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.SetBytes(int64(size))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	best := time.Duration(1 << 62)
	for b.Loop() {
		start := cputime.Thread()
		f()
		best = min(best, cputime.Thread()-start)
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(best.Nanoseconds())/float64(size), "cpu-ns/B")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(size), "allocB/inB")
}
