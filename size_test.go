package url

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// pathological inputs, each built at a given size: the parse must take
// time linear in the size.
var growingInputs = []struct {
	name  string
	build func(n int) string
}{
	{"segments", func(n int) string { return "https://h/" + strings.Repeat("a/", n/2) }},
	{"dot-dot", func(n int) string { return "https://h/" + strings.Repeat("a/../", n/5) }},
	{"dot-dot-only", func(n int) string { return "https://h/" + strings.Repeat("../", n/3) }},
	{"encoded-dots", func(n int) string { return "https://h/" + strings.Repeat("%2e%2E/", n/7) }},
	{"at-signs", func(n int) string { return "https://" + strings.Repeat("a@", n/2) + "h/" }},
	{"colons", func(n int) string { return "https://" + strings.Repeat("a:", n/2) + "@h/" }},
	{"long-host", func(n int) string { return "https://" + strings.Repeat("a.", n/2) + "com/" }},
	{"non-ascii-host", func(n int) string { return "https://" + strings.Repeat("é", n/2) + "/" }},
	{"query", func(n int) string { return "https://h/?" + strings.Repeat("a=b c&", n/6) }},
	{"tabs", func(n int) string { return "https://h/" + strings.Repeat("a\t", n/2) }},
	{"invalid-utf8", func(n int) string { return "https://h/" + strings.Repeat("\xff", n) }},
	{"backslashes", func(n int) string { return "https:" + strings.Repeat("\\", n) + "h" }},
	{"opaque", func(n int) string { return "sc:" + strings.Repeat("a ", n/2) + "?" }},
	{"file-drive", func(n int) string { return "file:///C:/" + strings.Repeat("../", n/3) }},
	{"ipv6-ish", func(n int) string { return "https://[" + strings.Repeat("1:", n/2) + "]/" }},
	{"ipv4-digits", func(n int) string { return "https://" + strings.Repeat("9", n) + "/" }},
}

// TestLinearTime parses each pathological input at 64 KiB and at 1 MiB
// (16 times larger): the larger may take at most 64 times as long (plus
// slack for a noisy machine), where quadratic time would take 256 times.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, in := range growingInputs {
		t.Run(in.name, func(t *testing.T) {
			small, large := in.build(64<<10), in.build(1<<20)
			measure := func(s string) time.Duration {
				best := time.Duration(1 << 62)
				for range 3 {
					start := time.Now()
					Parse(s, "https://base.example/dir/")
					if d := time.Since(start); d < best {
						best = d
					}
				}
				return best
			}
			ts, tl := measure(small), measure(large)
			// Linear: tl ~ 16*ts. Quadratic would be ~256*ts.
			if tl > 64*ts+20*time.Millisecond {
				t.Errorf("64 KiB: %v, 1 MiB: %v: worse than linear", ts, tl)
			}
		})
	}
}

// BenchmarkParseSize parses each pathological input at growing sizes.
func BenchmarkParseSize(b *testing.B) {
	for _, in := range growingInputs {
		for _, n := range []int{1 << 10, 64 << 10, 1 << 20} {
			s := in.build(n)
			b.Run(in.name+"/"+sizeName(n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				for b.Loop() {
					Parse(s)
				}
			})
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}
