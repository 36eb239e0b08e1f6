//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkEditDataset times, on kasztp.txt of ../shared/datasets
// (URL_DATASETS), weburl parse -field href (the yardstick) and the
// editing mode's --set and --get on the same lines read with -f -, one
// pass of each per iteration (paired, so that a busy machine slows all
// alike), and reports each per line and the editing mode's rate as a
// share of parse -field href's, without the process start. The time is
// the process's CPU time (user and system, garbage collection included),
// which a busy machine disturbs less than the wall clock.
//
//	URL_DATASETS=$PWD/../shared/datasets taskset -c 0 go test -run '^$' -bench EditDataset -benchtime 20x ./cmd/weburl
func BenchmarkEditDataset(b *testing.B) {
	dir := os.Getenv("URL_DATASETS")
	if dir == "" {
		b.Skip("URL_DATASETS not set")
	}
	data, err := os.ReadFile(filepath.Join(dir, "kasztp.txt"))
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Count(string(data), "\n") + 1
	runs := []struct {
		name string
		args []string
	}{
		{"parse-field-href", []string{"parse", "-field", "href"}},
		{"set-port", []string{"-f", "-", "--set", "port=8080"}},
		{"set-fragment", []string{"-f", "-", "--set", "fragment=top"}},
		{"get-host", []string{"-f", "-", "--get", "{host}"}},
		{"get-query-name", []string{"-f", "-", "--get", "{scheme} {host} {query:q}"}},
	}
	spent := make([]time.Duration, len(runs))
	b.ReportAllocs()
	for b.Loop() {
		for i, r := range runs {
			t0 := processCPU(b)
			run(r.args, bytes.NewReader(data), io.Discard, io.Discard)
			spent[i] += processCPU(b) - t0
		}
	}
	for i, r := range runs {
		b.ReportMetric(float64(spent[i].Nanoseconds())/float64(b.N*lines), r.name+"-ns/line")
		if i > 0 {
			b.ReportMetric(100*float64(spent[0])/float64(spent[i]), r.name+"-rate-%")
		}
	}
	b.ReportMetric(0, "ns/op")
}

// processCPU is the CPU time the process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
