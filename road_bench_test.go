package url

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/weburl/url/internal/cputime"
)

// benchLines returns the non-empty lines of the file name.
func benchLines(b *testing.B, name string) []string {
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// BenchmarkRoad times the road (route.go) on perf-ada's inputs, in the
// thread's CPU time per operation (cpu-ns/op), for an A/B of two builds
// on a shared machine (docs/performance.md, "The parser's road"): Parse and Href of
// each line of idn.txt and nonnormal.txt (perf-ada's workloads, in
// WEBURL_WORKLOADS) and of kasztp.txt and isaacs_files.txt (the
// datasets, in WEBURL_DATASETS); base.Parse(ref) and Href of each line
// of rel.txt; CanParse of kasztp's lines and of rel's. Skipped unless
// both are set:
//
//	WEBURL_WORKLOADS=/tmp/perf-ada-cache/workloads-20261124 WEBURL_DATASETS=../shared/datasets \
//		taskset -c 1 go test -run '^$' -bench Road .
func BenchmarkRoad(b *testing.B) {
	workloads, datasets := os.Getenv("WEBURL_WORKLOADS"), os.Getenv("WEBURL_DATASETS")
	if workloads == "" || datasets == "" {
		b.Skip("WEBURL_WORKLOADS and WEBURL_DATASETS name no directories")
	}
	for _, w := range []string{"idn", "nonnormal", "kasztp", "isaacs_files"} {
		dir := workloads
		if w == "kasztp" || w == "isaacs_files" {
			dir = datasets
		}
		lines := benchLines(b, filepath.Join(dir, w+".txt"))
		b.Run(w, func(b *testing.B) {
			n := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			start := cputime.Thread()
			for b.Loop() {
				u, err := Parse(lines[n%len(lines)])
				if err == nil {
					_ = u.Href()
				}
				n++
			}
			b.ReportMetric(float64((cputime.Thread()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
	lines := benchLines(b, filepath.Join(datasets, "kasztp.txt"))
	b.Run("canparse-kasztp", func(b *testing.B) {
		n := 0
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := cputime.Thread()
		for b.Loop() {
			CanParse(lines[n%len(lines)])
			n++
		}
		b.ReportMetric(float64((cputime.Thread()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
	rel := benchLines(b, filepath.Join(workloads, "rel.txt"))
	b.Run("rel", func(b *testing.B) {
		n := 0
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		bases := make([]*URL, len(rel))
		refs := make([]string, len(rel))
		for k, l := range rel {
			base, ref, _ := strings.Cut(l, "\t")
			bases[k], _ = Parse(base)
			refs[k] = ref
		}
		start := cputime.Thread()
		for b.Loop() {
			k := n % len(rel)
			if bases[k] != nil {
				if u, err := bases[k].Parse(refs[k]); err == nil {
					_ = u.Href()
				}
			}
			n++
		}
		b.ReportMetric(float64((cputime.Thread()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
	b.Run("canparse-rel", func(b *testing.B) {
		n := 0
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := cputime.Thread()
		for b.Loop() {
			base, ref, _ := strings.Cut(rel[n%len(rel)], "\t")
			CanParse(ref, base)
			n++
		}
		b.ReportMetric(float64((cputime.Thread()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
}
