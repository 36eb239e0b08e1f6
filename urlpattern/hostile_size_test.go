package urlpattern

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/weburl/url/internal/cputime"
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
	{"regexp-text", func(n int) string { return "https://h/(" + strings.Repeat("a", n) + ")" }},
	{"regexp-optionals", func(n int) string { return "https://h/(" + strings.Repeat("a?", n/2) + ")" }},
}

// regexpShapes are the shapes that are one long regexp group, which
// maxRegexpBytes bounds: each is measured at that size, with its bound
// in bytes per pattern byte, and refused at 64 KiB. The bound is
// maxGoCompiledBytesPerByte where the memory is mostly Go's regexp
// compiling the group's translation (its parser and compiler allocate
// 150-760 bytes per byte of such a group; the class of strings is an
// alternation of its strings).
var regexpShapes = map[string]bool{
	"one-large-class": false,
	"class-strings":   true, "regexp-text": true, "regexp-optionals": true,
	"regexp-alternation": true, "regexp-classes": true,
}

// allocated returns the bytes f allocates and the time it takes.
func allocated(f func()) (uint64, time.Duration) {
	var d time.Duration
	n := cputime.Allocated(func() {
		start := time.Now()
		f()
		d = time.Since(start)
	})
	return n, d
}

// TestHostileShapeSizes constructs each hostile shape, and each growing
// pattern of size_test.go, at 64 KiB and at 1 MiB. At 64 KiB,
// construction (a pattern or an error) allocates at most maxBytesPerByte
// per pattern byte (the regexpShapes are measured at maxRegexpBytes, at
// most maxGoCompiledBytesPerByte where Go's regexp compiles them, and
// refused at 64 KiB; docs/urlpattern.md has the figures of each); at
// 1 MiB, the pattern exceeds maxPatternBytes and is refused before any work, with an error
// that unwraps to ErrTooLarge, allocating next to nothing. With
// URLPATTERN_SIZES_NEAR_LIMIT set, it also logs the bytes of each shape
// at 1 MiB - 1 KiB, the largest accepted, when its 64 KiB figure is at
// most 200 bytes per byte.
func TestHostileShapeSizes(t *testing.T) {
	const maxBytesPerByte, maxGoCompiledBytesPerByte = 64, 800
	type shape struct {
		name  string
		base  []string
		build func(n int) string
	}
	var shapes []shape
	for _, g := range hostileShapes {
		shapes = append(shapes, shape{g.name, nil, g.build})
	}
	for _, g := range growingPatterns {
		shapes = append(shapes, shape{g.name, []string{"https://base.example/"}, g.build})
	}
	for _, g := range shapes {
		t.Run(g.name, func(t *testing.T) {
			size, limit := 64<<10, maxBytesPerByte
			var err error
			if goCompiled, ok := regexpShapes[g.name]; ok {
				// Measured at the longest regexp groups accepted, and
				// refused at 64 KiB before Go's regexp runs.
				s := g.build(64 << 10)
				b, d := allocated(func() { _, err = New(s, g.base...) })
				t.Logf("64 KiB: %d B (%.1f B/B) in %v: %.100v", b, float64(b)/float64(len(s)), d, err)
				if !errors.Is(err, ErrTooLarge) || b > 64<<10 {
					t.Errorf("64 KiB: %.100v after %d bytes, want ErrTooLarge after at most 64 KiB", err, b)
				}
				size = maxRegexpBytes - 64
				if goCompiled {
					limit = maxGoCompiledBytesPerByte
				}
			}
			s := g.build(size)
			b, d := allocated(func() { _, err = New(s, g.base...) })
			perByte := float64(b) / float64(len(s))
			t.Logf("%d B: %d B (%.1f B/B) in %v: %.100v", len(s), b, perByte, d, err)
			if perByte > float64(limit) {
				t.Errorf("%d B: %d bytes allocated, %.1f per pattern byte (at most %d)", len(s), b, perByte, limit)
			}
			if os.Getenv("URLPATTERN_SIZES_NEAR_LIMIT") != "" && perByte <= 200 {
				// The largest patterns accepted, for the figures of
				// docs/urlpattern.md (not run by default: up to 200 MB).
				s = g.build(1<<20 - 1024)
				b, d = allocated(func() { _, err = New(s, g.base...) })
				t.Logf("1 MiB - 1 KiB: %d B (%.1f B/B) in %v: %.100v", b, float64(b)/float64(len(s)), d, err)
			}
			s = g.build(1 << 20)
			b, d = allocated(func() { _, err = New(s, g.base...) })
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
