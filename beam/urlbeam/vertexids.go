package urlbeam

import (
	"cmp"
	"hash/fnv"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	for _, t := range []any{nameSample{}, vertexRank{}, shardCount{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}
	register.Combiner3[nameSample, string, []string](&sampleSplitsFn{})
	register.DoFn3x2[beam.Window, string, func(*[]string) bool, int, string](&rangeShardFn{})
	register.DoFn4x0[int, func(*string) bool, func(vertexRank), func(shardCount)](&rankShardFn{})
	register.DoFn3x1[beam.Window, vertexRank, func(*shardCount) bool, Vertex](&vertexIDFn{})
	register.Emitter1[vertexRank]()
	register.Emitter1[shardCount]()
	register.Iter1[[]string]()
	register.Iter1[shardCount]()
}

// samplePerShard is how many names per vertex shard the sample that
// picks the shards' boundaries holds; maxSample bounds it, so that the
// one worker that reads the sample holds at most that many names.
const (
	samplePerShard = 64
	maxSample      = 1 << 16
)

// vertexIDs numbers distinct names (a PCollection of string) in their
// sorted order: the name that sorts first is 0, the last the number of
// names minus one, whatever the number of shards. No worker holds every
// name: a sample of the names (the samplePerShard*shards with the
// smallest hashes, combined) gives shards-1 split points; each name goes
// to the shard of its range, so that every name of shard i sorts before
// every name of shard i+1; one worker per shard sorts its names and
// ranks them; a name's id is its rank plus the number of names in the
// shards before its own (a side input of one count per shard).
func vertexIDs(s beam.Scope, names beam.PCollection, shards int) beam.PCollection {
	s = s.Scope("vertexIDs")
	splits := beam.Combine(s, &sampleSplitsFn{Shards: shards}, names)
	keyed := beam.ParDo(s, &rangeShardFn{}, names, beam.SideInput{Input: splits})
	ranks, counts := beam.ParDo2(s, &rankShardFn{}, beam.GroupByKey(s, keyed))
	return beam.ParDo(s, &vertexIDFn{}, ranks, beam.SideInput{Input: counts})
}

// nameSample is a bottom-k sample of names: the k names with the
// smallest hashes, which are a uniform sample that merges exactly.
type nameSample struct {
	Hashes []uint64
	Names  []string
}

func (a *nameSample) add(h uint64, name string) {
	a.Hashes = append(a.Hashes, h)
	a.Names = append(a.Names, name)
}

// trim keeps the k names of smallest hash (ties by name).
func (a nameSample) trim(k int) nameSample {
	if len(a.Names) <= k {
		return a
	}
	idx := make([]int, len(a.Names))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		return cmp.Or(cmp.Compare(a.Hashes[i], a.Hashes[j]), cmp.Compare(a.Names[i], a.Names[j]))
	})
	var out nameSample
	for _, i := range idx[:k] {
		out.add(a.Hashes[i], a.Names[i])
	}
	return out
}

// sampleHash is the FNV-1a hash of name through MurmurHash3's
// finalizer: FNV-1a alone orders names that differ in their last bytes
// ("name00001", "name00002") by those bytes, which is no sample.
func sampleHash(name string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(name))
	h := f.Sum64()
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// sampleSplitsFn samples names and returns the Shards-1 names that
// split the sample into Shards ranges of equal size.
type sampleSplitsFn struct {
	Shards int
}

func (f *sampleSplitsFn) size() int { return min(samplePerShard*f.Shards, maxSample) }

func (f *sampleSplitsFn) CreateAccumulator() nameSample { return nameSample{} }

// AddInput keeps at most twice the sample's size between trims, so that
// adding a name costs O(log k) on average.
func (f *sampleSplitsFn) AddInput(a nameSample, name string) nameSample {
	a.add(sampleHash(name), name)
	if len(a.Names) >= 2*f.size() {
		a = a.trim(f.size())
	}
	return a
}

func (f *sampleSplitsFn) MergeAccumulators(a, b nameSample) nameSample {
	a.Hashes = append(a.Hashes, b.Hashes...)
	a.Names = append(a.Names, b.Names...)
	return a.trim(f.size())
}

func (f *sampleSplitsFn) ExtractOutput(a nameSample) []string {
	names := slices.Clone(a.trim(f.size()).Names)
	slices.Sort(names)
	if len(names) == 0 {
		return []string{}
	}
	splits := make([]string, 0, f.Shards-1)
	for i := 1; i < f.Shards; i++ {
		splits = append(splits, names[i*len(names)/f.Shards])
	}
	return splits
}

// rangeShardFn keys a name by the range of the split points it falls
// in: shard i holds the names from split i-1 (included) to split i.
type rangeShardFn struct {
	window beam.Window
	splits []string
	loaded bool
}

// StartBundle forgets the split points of the last bundle (Beam passes
// StartBundle the side inputs of ProcessElement; they are read there).
func (f *rangeShardFn) StartBundle(func(*[]string) bool) { f.loaded = false }

func (f *rangeShardFn) ProcessElement(w beam.Window, name string, splits func(*[]string) bool) (int, string) {
	if !f.loaded || !f.window.Equals(w) {
		f.splits, f.window, f.loaded = nil, w, true
		var sp []string
		for splits(&sp) {
			f.splits = sp
		}
	}
	i, found := slices.BinarySearch(f.splits, name)
	if found {
		i++
	}
	return i, name
}

// vertexRank is a name's shard and its rank among the shard's names.
type vertexRank struct {
	Name        string
	Shard, Rank int
}

// shardCount is the number of names in a shard.
type shardCount struct {
	Shard, Count int
}

// rankShardFn sorts the names of one shard and ranks them.
type rankShardFn struct{}

func (rankShardFn) ProcessElement(shard int, iter func(*string) bool, emit func(vertexRank), count func(shardCount)) {
	var names []string
	var n string
	for iter(&n) {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, n := range names {
		emit(vertexRank{Name: n, Shard: shard, Rank: i})
	}
	count(shardCount{Shard: shard, Count: len(names)})
}

// vertexIDFn gives a ranked name its id: the number of names in the
// shards before its own, plus its rank. The offsets are read from the
// side input once per bundle and window.
type vertexIDFn struct {
	window  beam.Window
	offsets map[int]int64
}

// StartBundle forgets the offsets of the last bundle.
func (f *vertexIDFn) StartBundle(func(*shardCount) bool) { f.offsets = nil }

func (f *vertexIDFn) ProcessElement(w beam.Window, r vertexRank, counts func(*shardCount) bool) Vertex {
	if f.offsets == nil || !f.window.Equals(w) {
		var all []shardCount
		var c shardCount
		for counts(&c) {
			all = append(all, c)
		}
		slices.SortFunc(all, func(a, b shardCount) int { return cmp.Compare(a.Shard, b.Shard) })
		f.window, f.offsets = w, make(map[int]int64, len(all))
		var sum int64
		for _, c := range all {
			f.offsets[c.Shard] = sum
			sum += int64(c.Count)
		}
	}
	return Vertex{ID: f.offsets[r.Shard] + int64(r.Rank), Name: r.Name}
}
