package bench

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	rfc2397 "github.com/vincent-petithory/dataurl"
	"github.com/weburl/url/dataurl"
)

// dataURLCases are data: URLs of the shapes pages hold: a small base64
// image, an SVG written percent-encoded, a short text, and a 1 MiB
// base64 image, as canvas.toDataURL() makes them. Each is one that
// RFC 2397 and the Fetch Standard read alike, so that both packages do
// the same work.
func dataURLCases() []struct{ name, href string } {
	blob := make([]byte, 768)
	for i := range blob {
		blob[i] = byte(i * 7)
	}
	big := bytes.Repeat(blob, (1<<20)/len(blob))
	return []struct{ name, href string }{
		{"png-1KB", "data:image/png;base64," + base64.StdEncoding.EncodeToString(blob)},
		{"svg-percent", "data:image/svg+xml," + strings.Repeat("%3Cpath%20d=%22M0%200L10%2010%22/%3E", 20)},
		{"text", "data:text/plain;charset=utf-8,Hello%2C%20World%21"},
		{"png-1MB", "data:image/png;base64," + base64.StdEncoding.EncodeToString(big)},
	}
}

// BenchmarkDataURL decodes each data: URL with weburl's dataurl.Parse
// (the URL parser, then the Fetch Standard's data: URL processor) and
// with github.com/vincent-petithory/dataurl's DecodeString (RFC 2397),
// after checking that both give the same body. Beside go test's figures
// it reports cpu-ns/op, the process's CPU time per op (GC and every
// goroutine included), which other processes on a loaded machine do not
// inflate as they do ns/op; run it on one CPU:
//
//	GOMAXPROCS=1 taskset -c 0 go test -run '^$' -bench DataURL -count 5
func BenchmarkDataURL(b *testing.B) {
	for _, c := range dataURLCases() {
		mine, err := dataurl.Parse(c.href)
		if err != nil {
			b.Fatal(err)
		}
		peer, err := rfc2397.DecodeString(c.href)
		if err != nil {
			b.Fatal(err)
		}
		if !bytes.Equal(mine.Body, peer.Data) {
			b.Fatalf("%s: the bodies differ", c.name)
		}
		b.Run(c.name+"/weburl", func(b *testing.B) {
			cpuLoop(b, len(c.href), func() {
				if _, err := dataurl.Parse(c.href); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(c.name+"/rfc2397", func(b *testing.B) {
			cpuLoop(b, len(c.href), func() {
				if _, err := rfc2397.DecodeString(c.href); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// cpuLoop runs f b.N times, reporting allocations and the process CPU
// time per op (cpu-ns/op).
func cpuLoop(b *testing.B, size int, f func()) {
	b.ReportAllocs()
	b.SetBytes(int64(size))
	start := processCPUTime()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64((processCPUTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
