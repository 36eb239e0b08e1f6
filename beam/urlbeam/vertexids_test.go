package urlbeam

import (
	"fmt"
	"slices"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

// TestVertexIDs numbers 300 names on Prism in 1, 3 and 16 shards (16:
// more shards than the 300 names' sample splits evenly, so some ranges
// are narrow) and in 400 (more shards than names: most are empty), and
// checks that every name gets its index in the sorted names.
func TestVertexIDs(t *testing.T) {
	var names []string
	for i := range 300 {
		names = append(names, fmt.Sprintf("com.example%d.www", (i*7919)%1000))
	}
	sorted := slices.Sorted(slices.Values(names))
	var want []Vertex
	for i, n := range sorted {
		want = append(want, Vertex{ID: int64(i), Name: n})
	}
	for _, shards := range []int{1, 3, 16, 400} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			got := vertexIDs(s, beam.CreateList(s, names), shards)
			passert.Equals(s, got, beam.CreateList(s, want))
			ptest.RunAndValidate(t, p)
		})
	}
}

// TestSampleSplits checks the split points of a sample: Shards-1 of
// them, sorted, each range of the sample about the same size, and the
// sample's size bounded however many names are added.
func TestSampleSplits(t *testing.T) {
	for _, n := range []int{0, 1, 10, 5000} {
		for _, shards := range []int{1, 4, 100} {
			t.Run(fmt.Sprintf("%d-names-%d-shards", n, shards), func(t *testing.T) {
				f := &sampleSplitsFn{Shards: shards}
				a, b := f.CreateAccumulator(), f.CreateAccumulator()
				var names []string
				for i := range n {
					name := fmt.Sprintf("name%05d", i)
					names = append(names, name)
					if i%2 == 0 {
						a = f.AddInput(a, name)
					} else {
						b = f.AddInput(b, name)
					}
					if len(a.Names) >= 2*f.size() || len(b.Names) >= 2*f.size() {
						t.Fatalf("the sample holds %d and %d names, more than twice %d", len(a.Names), len(b.Names), f.size())
					}
				}
				splits := f.ExtractOutput(f.MergeAccumulators(a, b))
				if n == 0 {
					if len(splits) != 0 {
						t.Fatalf("splits of no names: %q", splits)
					}
					return
				}
				if len(splits) != shards-1 || !slices.IsSorted(splits) {
					t.Fatalf("%d splits (want %d), sorted %v", len(splits), shards-1, slices.IsSorted(splits))
				}
				if n < f.size() {
					return // every name is in the sample: nothing to balance
				}
				// 5000 names in 4 shards from a sample of 256: each
				// range within a factor 2 of the mean.
				sizes := make([]int, shards)
				for _, name := range names {
					i, found := slices.BinarySearch(splits, name)
					if found {
						i++
					}
					sizes[i]++
				}
				for i, c := range sizes {
					if c < n/shards/2 || c > 2*n/shards {
						t.Errorf("shard %d has %d of %d names", i, c, n)
					}
				}
			})
		}
	}
}
