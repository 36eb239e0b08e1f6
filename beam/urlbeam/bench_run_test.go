//go:build linux

package urlbeam

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/weburl/url/beam/internal/genwarc"
)

var crawlFile = flag.String("crawl-file", "", "BenchmarkRun: the WARC file to read (default: a generated file of 20,000 links, 2 a page)")

// benchCrawlFile is -crawl-file, or a generated WARC file of 10,000
// pages with 2 links each.
func benchCrawlFile(b *testing.B) string {
	if *crawlFile != "" {
		return *crawlFile
	}
	path := filepath.Join(b.TempDir(), "gen.warc.gz")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := genwarc.Write(w, genwarc.Options{Pages: 10_000, LinksPerPage: 2, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// cpuTime is the CPU time (user and system) of this process so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// resetPeakRSS returns the heap to the system and resets the process's
// peak resident size (Linux 4.0 and later), reporting whether it could.
func resetPeakRSS() bool {
	debug.FreeOSMemory()
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// peakRSS is the process's peak resident size since it was reset, in
// bytes (VmHWM), or 0 if unknown.
func peakRSS() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range bytes.Lines(data) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmHWM:")); ok {
			kb, err := strconv.ParseFloat(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 64)
			if err == nil {
				return kb * 1024
			}
		}
	}
	return 0
}

// runMetrics runs run b.N times and reports per link its CPU time (user
// and system, every thread: the garbage collector's too) and the bytes
// it allocated, and the peak resident size of the process (which includes
// the test binary's and what the runtime keeps), in MiB.
func runMetrics(b *testing.B, run func() int64) {
	b.ReportAllocs()
	rss := resetPeakRSS()
	var links int64
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	alloc := ms.TotalAlloc
	cpu := cpuTime(b)
	for b.Loop() {
		links += run()
	}
	cpu = cpuTime(b) - cpu
	runtime.ReadMemStats(&ms)
	alloc = ms.TotalAlloc - alloc
	if links == 0 {
		b.Fatal("no links")
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(links), "cpu-ns/link")
	b.ReportMetric(float64(alloc)/float64(links), "alloc-B/link")
	b.ReportMetric(float64(links)/float64(b.N), "links/op")
	if rss {
		b.ReportMetric(peakRSS()/(1<<20), "peak-RSS-MiB")
	}
}

// BenchmarkRun is the web graph of one WARC file (-crawl-file, or a
// generated one) three ways: the embedded engine as linkgraph runs it by
// default (Job.Run with 128 MiB for the sorts, in a process whose Go
// runtime is held to 256 MiB), and the plain loop that the docs compare
// the engines with (plainCrawl and plainWebGraph: the whole file, its
// pages and links in memory, the graph in maps, nothing written).
//
//	go test -run '^$' -bench BenchmarkRun -benchtime 1x -crawl-file /tmp/400k-2.warc.gz .
func BenchmarkRun(b *testing.B) {
	path := benchCrawlFile(b)
	b.Run("engine=embedded", func(b *testing.B) {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
		out := b.TempDir()
		runMetrics(b, func() int64 {
			job := Job{Input: path, Format: "warc", Output: filepath.Join(out, "lg")}
			n, err := job.Run(context.Background(), RunOptions{TempDir: b.TempDir(), MemoryBytes: 128 << 20})
			if err != nil {
				b.Fatal(err)
			}
			return n.Links
		})
	})
	b.Run("engine=loop", func(b *testing.B) {
		runMetrics(b, func() int64 {
			r := plainCrawl(b, []string{path})
			plainWebGraph(r.visited, r.links, false)
			return int64(len(r.links))
		})
	})
}
