package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/weburl/url/beam/urlbeam"
)

// TestReport checks the job report: one line a counter, named by stage,
// and the total of the rows written.
func TestReport(t *testing.T) {
	var b bytes.Buffer
	report(&b, "embedded engine", 1500*time.Millisecond, urlbeam.Counts{Files: 1, Bytes: 2048, Records: 30, Pages: 10, Links: 1234, Failures: 2,
		Written: map[string]int64{"host-vertices": 5, "host-edges": 7, "failures": 2}, MemoryPeak: 1 << 20, Runs: 3})
	got := b.String()
	for _, want := range []string{
		"linkgraph: done in 1.5s (embedded engine)\n",
		"  read     records                       30\n",
		"  read     pages                         10\n",
		"  extract  links                      1,234\n",
		"  extract  failures                       2\n",
		"  write    host-vertices                  5\n",
		"  write    domain-edges                   0\n",
		"  total    rows written                  14\n",
		"  sort     runs                           3\n",
		"  sort     peak bytes held        1,048,576\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}

func TestProgressLine(t *testing.T) {
	got := progressLine(urlbeam.Counts{Bytes: 512 << 20, BytesTotal: 2 << 30, Records: 12345, Links: 1234567}, 4*time.Second)
	want := "linkgraph: read 512 MiB of 2.0 GiB (25%), 12,345 records, 1,234,567 links, 128 MiB/s"
	if got != want {
		t.Errorf("progressLine = %q, want %q", got, want)
	}
}

// TestProgress checks that a run shows its progress when asked (on a
// terminal) and writes nothing when not.
func TestProgress(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "links.txt")
	os.WriteFile(in, []byte("https://a.example/\thttps://b.example/\n"), 0o644)
	for _, tty := range []bool{false, true} {
		t.Run(fmt.Sprint("terminal ", tty), func(t *testing.T) {
			var b bytes.Buffer
			c := config{job: urlbeam.Job{Input: in, Output: filepath.Join(dir, "lg")}, memory: "16MiB"}
			if _, err := runEmbedded(context.Background(), c, &b, tty); err != nil {
				t.Fatal(err)
			}
			if tty != strings.Contains(b.String(), "1 records, 1 links") {
				t.Errorf("terminal %v: %q", tty, b.String())
			}
		})
	}
}

// TestDiskFull checks what the command says when the disk fills.
func TestDiskFull(t *testing.T) {
	err := fmt.Errorf("extsort: writing a run file in /tmp/x: %w", &os.PathError{Op: "write", Path: "/tmp/x/r", Err: syscall.ENOSPC})
	got := explain(err, config{run: urlbeam.RunOptions{TempDir: "/tmp/x"}})
	if !strings.Contains(got, "no space left on device") || !strings.Contains(got, "-tmpdir /tmp/x") {
		t.Errorf("explain = %q", got)
	}
}
