package urlbeam

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func init() {
	filesystem.Register("slowfs", func(context.Context) filesystem.Interface { return slowFS{} })
}

// slowWrite is how long a writer of slowFS takes to close: the time a
// large shard takes to write.
const slowWrite = 400 * time.Millisecond

// slowFS is the filesystem of "slowfs://PATH" names: the local file
// PATH, whose writer takes slowWrite to close and then records, in
// PATH.time, when it was opened and closed (Unix nanoseconds).
type slowFS struct{}

func (slowFS) Close() error { return nil }
func (slowFS) List(context.Context, string) ([]string, error) {
	return nil, nil
}
func (slowFS) OpenRead(_ context.Context, name string) (io.ReadCloser, error) {
	return os.Open(strings.TrimPrefix(name, "slowfs://"))
}
func (slowFS) Size(_ context.Context, name string) (int64, error) {
	fi, err := os.Stat(strings.TrimPrefix(name, "slowfs://"))
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
func (slowFS) OpenWrite(_ context.Context, name string) (io.WriteCloser, error) {
	path := strings.TrimPrefix(name, "slowfs://")
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &slowWriter{File: f, path: path, opened: time.Now()}, nil
}

type slowWriter struct {
	*os.File
	path   string
	opened time.Time
}

func (w *slowWriter) Close() error {
	time.Sleep(slowWrite)
	if err := w.File.Close(); err != nil {
		return err
	}
	return os.WriteFile(w.path+".time", fmt.Appendf(nil, "%d %d", w.opened.UnixNano(), time.Now().UnixNano()), 0o644)
}

// TestShardWritersSplit writes 8 shards whose files each take 400 ms to
// close, as large shards take time to write, and reports how Prism ran
// the writer: each shard is one key of a group by key, and the writer
// runs once per key, so a runner can give shards to bundles and workers
// one by one. Prism gives all the keys of a group by key to one bundle,
// and splits a bundle that makes no progress for two of its progress
// reports (100 ms apart) into two; the test checks that the 8 files were
// written from more than one bundle, and that their union is the input.
func TestShardWritersSplit(t *testing.T) {
	const shards = 8
	var rows []string
	for i := range 800 {
		rows = append(rows, "row"+strconv.Itoa(i))
	}
	dir := t.TempDir()
	prefix := "slowfs://" + filepath.Join(dir, "rows")
	p, s := beam.NewPipelineWithRoot()
	opt := WriteOptions{Shards: shards}
	if err := WriteShards(s, prefix, beam.CreateList(s, rows), opt); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res := ptest.RunAndValidate(t, p)
	elapsed := time.Since(start)
	files, bundles := counter(res, "shards"), counter(res, "write-bundles")

	var got []string
	type span struct{ from, to int64 }
	var spans []span
	for i := range shards {
		name := strings.TrimPrefix(ShardName(prefix, i, shards, opt), "slowfs://")
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Fields(string(data))...)
		tm, err := os.ReadFile(name + ".time")
		if err != nil {
			t.Fatal(err)
		}
		var sp span
		if _, err := fmt.Sscan(string(tm), &sp.from, &sp.to); err != nil {
			t.Fatal(err)
		}
		spans = append(spans, sp)
	}
	// The most writers open at one time.
	most := 0
	for _, a := range spans {
		n := 0
		for _, b := range spans {
			if b.from <= a.from && a.from < b.to {
				n++
			}
		}
		most = max(most, n)
	}
	t.Logf("Prism: %d files in %d bundles, at most %d writers at a time, %v", files, bundles, most, elapsed.Round(time.Millisecond))
	if files != shards {
		t.Errorf("%d files written, want %d", files, shards)
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(rows))
	if !slices.Equal(got, want) {
		t.Errorf("the shards hold %d rows, want the %d written", len(got), len(want))
	}
	if bundles < 2 {
		t.Errorf("the 8 slow shards were written in %d bundle", bundles)
	}
}
