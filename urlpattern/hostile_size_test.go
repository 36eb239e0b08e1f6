package urlpattern

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// hostileShapes are pattern strings built at a given size, each a shape
// that once cost far more than linear time or memory.
var hostileShapes = []struct {
	name  string
	build func(n int) string
}{
	{"one-large-class", func(n int) string {
		var b strings.Builder
		b.WriteString("https://h/([")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, `\u%04X`, 0x100+2*(i%30000))
		}
		b.WriteString("])")
		return b.String()
	}},
	{"class-strings", func(n int) string {
		var b strings.Builder
		b.WriteString("https://h/([")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, `\q{a%d}`, i)
		}
		b.WriteString("])")
		return b.String()
	}},
	{"wildcard-segments", func(n int) string { return "https://h" + strings.Repeat("/*", n/2) }},
	{"nested-open-braces", func(n int) string { return "https://h/" + strings.Repeat("{a", n/2) }},
}

// allocated returns the bytes f allocates and the time it takes.
func allocated(f func()) (uint64, time.Duration) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, d
}

// TestHostileShapeSizes constructs each hostile shape at 64 KiB and at
// 1 MiB. At 64 KiB, construction (a pattern or an error) allocates at
// most maxBytesPerByte per pattern byte (measured 2026-11-28: one large
// class 106, class strings 257, wildcard segments 63, open braces 58;
// before: 167, 314, 1352, 74); at 1 MiB, the pattern exceeds
// maxPatternBytes and is refused before any work, with an error that
// unwraps to ErrTooLarge, allocating next to nothing (before: 139, 318,
// 1153 and 73 bytes per byte, 2.6 s, 7 s, 33 s and 0.4 s).
func TestHostileShapeSizes(t *testing.T) {
	const maxBytesPerByte = 300
	for _, g := range hostileShapes {
		t.Run(g.name, func(t *testing.T) {
			s := g.build(64 << 10)
			var err error
			b, d := allocated(func() { _, err = New(s) })
			t.Logf("64 KiB: %d B (%.1f B/B) in %v: %.100v", b, float64(b)/float64(len(s)), d, err)
			if b > maxBytesPerByte*uint64(len(s)) {
				t.Errorf("64 KiB: %d bytes allocated, %.1f per pattern byte (at most %d)", b, float64(b)/float64(len(s)), maxBytesPerByte)
			}
			s = g.build(1 << 20)
			b, d = allocated(func() { _, err = New(s) })
			if !errors.Is(err, ErrTooLarge) {
				t.Errorf("1 MiB: %.100v, want ErrTooLarge", err)
			}
			if b > 64<<10 {
				t.Errorf("1 MiB: %d bytes allocated before the refusal", b)
			}
			if d > 100*time.Millisecond {
				t.Errorf("1 MiB: refused after %v", d)
			}
		})
	}
}
