package urlbeam

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/weburl/url/beam/internal/genwarc"
)

// TestRunMemoryBound runs the embedded engine with 1 MiB for its sorts
// on generated WARC files of 7,000 and 21,000 links and checks its own
// accounting: the most memory its sorts held at one time (records,
// indexes, hash tables, run buffers) is within the bound at both sizes,
// and the larger input spilled runs to disk rather than holding more.
func TestRunMemoryBound(t *testing.T) {
	const bound = 1 << 20
	for _, pages := range []int{1000, 3000} {
		t.Run(fmt.Sprintf("%d pages of 7 links", pages), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "gen.warc.gz")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			w := bufio.NewWriter(f)
			if err := genwarc.Write(w, genwarc.Options{Pages: pages, LinksPerPage: 7, Seed: 2}); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			f.Close()
			job := Job{Input: path, Format: "warc", Output: filepath.Join(dir, "lg")}
			n, err := job.Run(context.Background(), RunOptions{TempDir: dir, MemoryBytes: bound})
			if err != nil {
				t.Fatal(err)
			}
			if n.Links != int64(7*pages) {
				t.Errorf("%d links, want %d", n.Links, 7*pages)
			}
			t.Logf("%d links: peak %d bytes held by the sorts, %d runs", n.Links, n.MemoryPeak, n.Runs)
			if n.MemoryPeak > bound || n.MemoryPeak < bound/8 {
				t.Errorf("peak %d bytes held by the sorts, want at most %d (and more than an eighth of it)", n.MemoryPeak, bound)
			}
			if n.Runs == 0 {
				t.Errorf("no runs written")
			}
		})
	}
}
