package dataurl

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/cputime"
)

// growing are pathological inputs built at a given size: processing must
// take time linear in it.
var growing = []struct {
	name  string
	build func(n int) string
	run   func(s string)
}{
	{"mime-params", func(n int) string { return "a/b" + strings.Repeat(";x=y", n/4) }, mime},
	{"mime-distinct-params", distinctParams, mime},
	{"mime-escapes", func(n int) string { return `a/b;x="` + strings.Repeat(`\"`, n/2) }, mime},
	{"mime-semicolons", func(n int) string { return "a/b" + strings.Repeat(";", n) }, mime},
	{"mime-whitespace", func(n int) string { return "a/b" + strings.Repeat(" ", n) + "c" }, mime},
	{"base64-whitespace", func(n int) string { return "data:;base64," + strings.Repeat("%20A", n/4) }, data},
	{"base64-percent", func(n int) string { return "data:;base64," + strings.Repeat("%41", n/3) }, data},
	{"base64-plain", func(n int) string { return "data:;base64," + strings.Repeat("A", n) }, data},
	{"base64-late-failure", func(n int) string { return "data:;base64," + strings.Repeat("A", n) + "=A" }, data},
	{"percent", func(n int) string { return "data:," + strings.Repeat("%", n) }, data},
	{"long-mime-type", func(n int) string { return "data:a/b" + strings.Repeat(";x=\"y\"", n/6) + ";base64,AA" }, data},
	{"base64-suffix-spaces", func(n int) string { return "data:;" + strings.Repeat(" ", n) + "base64,AA" }, data},
}

func mime(s string) { ParseMIMEType(s) }

func data(s string) {
	r, err := NewReader(url.MustParse(s))
	if err == nil {
		io.Copy(io.Discard, r)
	}
}

// distinctParams is a MIME type of about n bytes of parameters with
// distinct names.
func distinctParams(n int) string {
	var b strings.Builder
	b.WriteString("a/b")
	for i := 0; b.Len() < n; i++ {
		b.WriteString(";p")
		for v := i; ; v /= 26 {
			b.WriteByte(byte('a' + v%26))
			if v < 26 {
				break
			}
		}
		b.WriteString("=v")
	}
	return b.String()
}

// TestLinearTime runs each input at 64 KiB and 1 MiB (16 times larger):
// the larger may take at most 64 times as long (plus 20 ms of slack for
// a noisy machine), where quadratic time would take 256 times. A
// failure is measured twice more before it counts.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, g := range growing {
		t.Run(g.name, func(t *testing.T) {
			small, large := g.build(64<<10), g.build(1<<20)
			var ts, tl time.Duration
			for range 3 {
				ts, tl = cputime.Best(3, func() { g.run(small) }), cputime.Best(3, func() { g.run(large) })
				if tl <= 64*ts+20*time.Millisecond {
					return
				}
			}
			t.Errorf("64 KiB: %v, 1 MiB: %v: worse than linear", ts, tl)
		})
	}
}

// TestMemory checks the memory bound on a 4 MiB data: URL (base64 and
// percent-encoded): Process allocates its body and little more (the
// body's size plus 1 KiB), and reading through NewReader allocates less
// than 1 KiB whatever the body's size.
func TestMemory(t *testing.T) {
	const size = 4 << 20
	for _, c := range []struct{ name, href string }{
		{"base64", "data:application/octet-stream;base64," + strings.Repeat("QUJD", size/4)},
		{"percent", "data:image/svg+xml," + strings.Repeat("%3Csvg%3E", size/9)},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := url.MustParse(c.href)
			var d *DataURL
			got := cputime.Allocated(func() {
				var err error
				if d, err = Process(u); err != nil {
					t.Fatal(err)
				}
			})
			if limit := uint64(len(d.Body)) + 8<<10; got > limit {
				t.Errorf("Process allocated %d bytes for a body of %d", got, len(d.Body))
			}
			buf := make([]byte, 32<<10)
			got = cputime.Allocated(func() {
				r, err := NewReader(u)
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				for {
					m, err := r.Read(buf)
					n += m
					if err != nil {
						break
					}
				}
				if n != len(d.Body) {
					t.Errorf("read %d bytes, want %d", n, len(d.Body))
				}
			})
			if got > 1<<10 {
				t.Errorf("NewReader and reading the body allocated %d bytes", got)
			}
		})
	}
}

// TestMIMETypeMemory checks that ParseMIMEType allocates at most 4 bytes
// per input byte on each MIME type of growing, at 64 KiB and 1 MiB:
// issue 29's MIME type of 100,000 to 400,000 distinct parameters cost
// 16 to 28. WEBURL_MEMORY_TABLE=1 prints the figures.
func TestMIMETypeMemory(t *testing.T) {
	for _, g := range growing {
		if !strings.HasPrefix(g.name, "mime-") {
			continue
		}
		for _, size := range []int{64 << 10, 1 << 20} {
			t.Run(fmt.Sprintf("%s/%d", g.name, size), func(t *testing.T) {
				s := g.build(size)
				perByte := float64(cputime.Allocated(func() { ParseMIMEType(s) })) / float64(len(s))
				if os.Getenv("WEBURL_MEMORY_TABLE") == "1" {
					fmt.Printf("| %s | %d | %.2f |\n", g.name, len(s), perByte)
				}
				if perByte > 4 {
					t.Errorf("ParseMIMEType allocated %.2f bytes per input byte", perByte)
				}
			})
		}
	}
}
