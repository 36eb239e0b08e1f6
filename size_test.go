package url

import (
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/weburl/url/internal/cputime"
)

// pathological inputs, each built at a given size: the parse must take
// time linear in the size.
var growingInputs = []struct {
	name  string
	build func(n int) string
}{
	{"segments", func(n int) string { return "https://h/" + strings.Repeat("a/", n/2) }},
	{"dot-dot", func(n int) string { return "https://h/" + strings.Repeat("a/../", n/5) }},
	{"dot-dot-only", func(n int) string { return "https://h/" + strings.Repeat("../", n/3) }},
	{"encoded-dots", func(n int) string { return "https://h/" + strings.Repeat("%2e%2E/", n/7) }},
	{"at-signs", func(n int) string { return "https://" + strings.Repeat("a@", n/2) + "h/" }},
	{"colons", func(n int) string { return "https://" + strings.Repeat("a:", n/2) + "@h/" }},
	{"long-host", func(n int) string { return "https://" + strings.Repeat("a.", n/2) + "com/" }},
	{"non-ascii-host", func(n int) string { return "https://" + strings.Repeat("é", n/2) + "/" }},
	{"idna-distinct", func(n int) string { return "https://" + distinctHost(n) + "/" }},
	{"idna-label", func(n int) string { return "https://" + distinctIdeographs(n) + "/" }},
	{"non-ascii-labels", func(n int) string { return "https://" + strings.Repeat("\u00e9\u00e9.", n/5) + "a/" }},
	{"mapped-host", func(n int) string { return "https://" + strings.Repeat("\u00c9", n/2) + "/" }},
	{"query", func(n int) string { return "https://h/?" + strings.Repeat("a=b c&", n/6) }},
	{"tabs", func(n int) string { return "https://h/" + strings.Repeat("a\t", n/2) }},
	{"invalid-utf8", func(n int) string { return "https://h/" + strings.Repeat("\xff", n) }},
	{"backslashes", func(n int) string { return "https:" + strings.Repeat("\\", n) + "h" }},
	{"opaque", func(n int) string { return "sc:" + strings.Repeat("a ", n/2) + "?" }},
	{"file-drive", func(n int) string { return "file:///C:/" + strings.Repeat("../", n/3) }},
	{"ipv6-ish", func(n int) string { return "https://[" + strings.Repeat("1:", n/2) + "]/" }},
	{"ipv4-digits", func(n int) string { return "https://" + strings.Repeat("9", n) + "/" }},
	{"empty-segments", func(n int) string { return "https://h/" + strings.Repeat("/", n) }},
	{"empty-segments-backslash", func(n int) string { return "https://h\\" + strings.Repeat("\\", n) }},
	{"empty-segments-query", func(n int) string { return "https://h/" + strings.Repeat("/", n) + "?q" }},
	{"percent", func(n int) string { return "https://h/" + strings.Repeat("%", n) }},
	{"spaces", func(n int) string { return "https://h/" + strings.Repeat(" ", n) + "x" }},
	{"dots", func(n int) string { return "https://h/" + strings.Repeat("./", n/2) }},
	{"non-special-slashes", func(n int) string { return "sc://h/" + strings.Repeat("/", n) }},
	{"file-slashes", func(n int) string { return "file:///" + strings.Repeat("/", n) }},
}

// TestLinearTime parses each pathological input at 64 KiB and at 1 MiB
// (16 times larger): the larger may take at most 64 times as long (plus
// slack for a noisy machine), where quadratic time would take 256 times.
// Its searchparams subtests time runs of changes to a URL's live
// SearchParams the same way (searchParamsLinearTime).
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, in := range growingInputs {
		t.Run(in.name, func(t *testing.T) {
			small, large := in.build(64<<10), in.build(1<<20)
			checkLinear(t, 16,
				func() { Parse(small, "https://base.example/dir/") },
				func() { Parse(large, "https://base.example/dir/") })
		})
	}
	t.Run("searchparams", searchParamsLinearTime)
}

// BenchmarkParseSize parses each pathological input at growing sizes.
func BenchmarkParseSize(b *testing.B) {
	for _, in := range growingInputs {
		for _, n := range []int{1 << 10, 64 << 10, 1 << 20} {
			s := in.build(n)
			b.Run(in.name+"/"+sizeName(n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				for b.Loop() {
					Parse(s)
				}
			})
		}
	}
}

// BenchmarkParseHuge parses each pathological input at 1 MiB and at
// 64 MiB and reports cpu-ns/B: the least CPU time of the parsing thread
// (cputime_test.go) over the iterations, per input byte, each iteration
// after a garbage collection, so that neither other processes on a busy
// machine nor earlier garbage inflate it. Linear time means about the
// same figure at both sizes. It is long (seconds per size), so -short
// skips it; run it with -benchtime 3x.
func BenchmarkParseHuge(b *testing.B) {
	if testing.Short() {
		b.Skip("64 MiB inputs")
	}
	for _, in := range growingInputs {
		for _, n := range []int{1 << 20, 64 << 20} {
			b.Run(in.name+"/"+sizeName(n), func(b *testing.B) {
				s := in.build(n)
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				best := time.Duration(math.MaxInt64)
				for b.Loop() {
					runtime.GC()
					start := cputime.Thread()
					Parse(s)
					best = min(best, cputime.Thread()-start)
				}
				b.ReportMetric(float64(best.Nanoseconds())/float64(len(s)), "cpu-ns/B")
			})
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}

// TestSetterLinearTime: each setter given a 64 KiB and a 1 MiB value of
// the same pattern takes time linear in the size.
func TestSetterLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	values := map[string]func(n int) string{
		"pathname": func(n int) string { return strings.Repeat("a/../", n/5) },
		"search":   func(n int) string { return strings.Repeat("a b&", n/4) },
		"hash":     func(n int) string { return strings.Repeat("#x ", n/3) },
		"host":     func(n int) string { return strings.Repeat("a.", n/2) + "com" },
		"username": func(n int) string { return strings.Repeat("@:", n/2) },
		"protocol": func(n int) string { return strings.Repeat("h", n) },
		"port":     func(n int) string { return strings.Repeat("0", n) + "1" },
	}
	for name, build := range values {
		t.Run(name, func(t *testing.T) {
			small, large := build(64<<10), build(1<<20)
			checkLinear(t, 16,
				func() { setters[name](MustParse("https://h/p?q#f"), small) },
				func() { setters[name](MustParse("https://h/p?q#f"), large) })
		})
	}
}

// growingMutations are runs of n changes to a URL's live SearchParams,
// each followed by one read of the href: the run must take time linear
// in n. The URL grows with n (a long path or fragment, or the appended
// pairs), so an href rewritten on every change costs O(n) per change:
// O(n²) per run. Set and Delete of a name the list holds scan the list,
// as the standard's list operations do: those runs keep it short; Set
// and Delete of a name the list does not hold must not scan it.
var growingMutations = []struct {
	name string
	run  func(n int) string
}{
	{"append", func(n int) string {
		u := MustParse("https://h/p#f")
		sp := u.SearchParams()
		for i := range n {
			sp.Append("k", mutationValues[i%len(mutationValues)])
		}
		return u.Href()
	}},
	{"set-same-name", func(n int) string {
		u := MustParse("https://h/" + strings.Repeat("p", n) + "?a=1#f")
		sp := u.SearchParams()
		for i := range n {
			sp.Set("a", mutationValues[i%len(mutationValues)])
		}
		return u.Href()
	}},
	{"append-delete", func(n int) string {
		u := MustParse("https://h/p?a=1#" + strings.Repeat("f", n))
		sp := u.SearchParams()
		for i := range n / 2 {
			sp.Append("t", mutationValues[i%len(mutationValues)])
			sp.Delete("t")
		}
		return u.Href()
	}},
	{"set-distinct-names", func(n int) string {
		// As when copying a form into a URL: each Set looks for a name
		// the list does not hold yet.
		u := MustParse("https://h/p#f")
		sp := u.SearchParams()
		for i := range n {
			sp.Set("k"+strconv.Itoa(i), "v")
		}
		return u.Href()
	}},
	{"delete-absent-names", func(n int) string {
		u := MustParse("https://h/p#f")
		sp := u.SearchParams()
		for i := range n / 2 {
			sp.Append("k"+strconv.Itoa(i), "v")
		}
		for i := range n / 2 {
			sp.Delete("x" + strconv.Itoa(i))
		}
		return u.Href()
	}},
	{"append-then-sort", func(n int) string {
		u := MustParse("https://h/p")
		sp := u.SearchParams()
		for i := range n {
			sp.Append(mutationValues[i%len(mutationValues)], "v")
		}
		sp.Sort()
		return u.Href()
	}},
}

// mutationValues are the values the runs of growingMutations use, some
// of which need percent-encoding.
var mutationValues = []string{"a", "b c", "d&e", "\u00e9", "12345", "x=y", "", "~"}

// searchParamsLinearTime runs each pattern of growingMutations with
// 10,000 and with 640,000 changes (for append, an href of 64 KB and
// 4 MB), the median thread CPU time of 9 and of 5 runs, and compares
// the time per change: the larger may take at most twice as long per
// change, plus 2 ms; append-then-sort, whose sort takes O(n log n),
// twice the ratio of the logarithms. The patterns whose names all
// differ are run with 160,000 changes and may take four times as long:
// a Go map of that many names, the counts, costs more per name than one
// of 10,000, in cache misses and in the collector's marking of its
// keys. Before the long list lived in an arena (SearchParams.spans),
// append took 4.0 to 8.1 times as long per change at 640,000 changes,
// in the collector's marking of the pointers of a []Param as it grew,
// and passed the check this one replaces (CheckLinear at 1,024 and
// 16,384 changes: four times, plus 20 ms, which the larger run never
// came near). Before the update steps ran lazily, append took 37 ms and
// 8.3 s at 1,024 and 16,384 changes.
func searchParamsLinearTime(t *testing.T) {
	const small = 10_000
	for _, m := range growingMutations {
		t.Run(m.name, func(t *testing.T) {
			skipIfInvariantChecks(t)
			large, growth := 640_000, 2.0
			switch m.name {
			case "set-distinct-names", "delete-absent-names":
				large, growth = 160_000, 4
			case "append-then-sort":
				growth *= math.Log(float64(large)) / math.Log(small)
			}
			var perSmall, perLarge float64 // ns per change
			for range 3 {
				perSmall = float64(medianCPUTime(9, func() { m.run(small) })) / small
				perLarge = float64(medianCPUTime(5, func() { m.run(large) })) / float64(large)
				if perLarge <= growth*perSmall+float64(2*time.Millisecond)/float64(large) {
					t.Logf("%.1f ns per change in %d, %.1f ns in %d", perSmall, small, perLarge, large)
					return
				}
			}
			t.Errorf("%.1f ns per change in %d, %.1f ns in %d: more than %.1fx", perSmall, small, perLarge, large, growth)
		})
	}
}

// medianCPUTime returns the median CPU time of its thread that f took
// in runs calls, each after a garbage collection. Unlike the least time
// (cputime.Best), the median keeps what the collector costs f in a
// typical run: the marking that f's own garbage brings on, which a
// lucky run may leave to the collector's own threads.
func medianCPUTime(runs int, f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	times := make([]time.Duration, runs)
	for i := range times {
		runtime.GC()
		start := cputime.Thread()
		f()
		times[i] = cputime.Thread() - start
	}
	slices.Sort(times)
	return times[runs/2]
}

// TestParseMemory: Parse allocates at most about twice the size of the
// href it returns, whatever the input holds: the offset map for
// validation errors is not built when nobody asked for them (it cost
// 107 B per input byte of invalid UTF-8, 44 B per byte of tabs).
func TestParseMemory(t *testing.T) {
	skipIfInvariantChecks(t)
	for _, in := range growingInputs {
		t.Run(in.name, func(t *testing.T) {
			s := in.build(1 << 20)
			var u *URL
			n := cputime.Allocated(func() { u, _ = Parse(s) })
			href := 0
			if u != nil {
				href = len(u.Href())
			}
			limit := 2*href + 64<<10
			if in.name == "mapped-host" {
				// golang.org/x/net/idna maps "\u00c9" to "\u00e9" into
				// a []byte grown by append from nothing (about 5 times
				// the mapped host over the growth) and copies it into a
				// string: 6.0 bytes per input byte, out of reach from
				// here. Weburl's own part (the output, the Punycode
				// encoder) is what it is for an unmapped host.
				limit += 6*len(s) + len(s)/2
			}
			if n > uint64(limit) {
				t.Errorf("Parse of %d bytes allocated %d bytes for an href of %d bytes (%.1f B per input byte)",
					len(s), n, href, float64(n)/float64(len(s)))
			}
		})
	}
}

// ideographRanges are blocks of CJK ideographs outside the BMP that
// UTS #46 leaves valid and unmapped in Unicode 15 and 17 (Extensions B
// to H), in ascending order. Taken in order they give up to 69,462
// distinct code points, four UTF-8 bytes each, none of them mapped,
// with gaps small enough that Punycode's 32-bit delta cannot overflow
// even when the sequence repeats up to 1 MiB.
var ideographRanges = [][2]rune{
	{0x20000, 0x2A6DF}, // Extension B
	{0x2A700, 0x2B739}, // Extension C
	{0x2B740, 0x2B81D}, // Extension D
	{0x2B820, 0x2CEA1}, // Extension E
	{0x2CEB0, 0x2EBE0}, // Extension F
	{0x30000, 0x3134A}, // Extension G
	{0x31350, 0x323AF}, // Extension H
}

// distinctIdeographs returns a single domain label of at least n bytes
// made of distinct CJK ideographs (repeating from the start once all
// 69,462 are used): the input for which an O(length x distinct code
// points) Punycode encoder is quadratic.
func distinctIdeographs(n int) string {
	var b strings.Builder
	b.Grow(n + 4)
	for b.Len() < n {
		for _, r := range ideographRanges {
			for c := r[0]; c <= r[1] && b.Len() < n; c++ {
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// distinctHost returns a host of at least n bytes made of labels of
// 256 KiB (65,536 distinct code points) of distinctIdeographs, the last
// one shorter: per byte, a 1 MiB host then costs what a 256 KiB one
// does with an O(n log n) encoder, and 4 times more than a 64 KiB one
// with a quadratic one.
func distinctHost(n int) string {
	var labels []string
	for ; n > 0; n -= 256 << 10 {
		labels = append(labels, distinctIdeographs(min(n, 256<<10)))
	}
	return strings.Join(labels, ".")
}

// TestLinearTimeIDNA: domain to ASCII of a host of distinct code points
// takes time linear (n log n) in its length, through Parse, ToASCII and
// the host and hostname setters. The input is one label of distinct CJK
// ideographs, 16 KiB and 256 KiB: all distinct at both sizes, so a
// quadratic encoder takes 256 times as long on the larger, and both
// stay short enough (milliseconds) that a busy machine rarely preempts
// one and not the other.
func TestLinearTimeIDNA(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	small, large := distinctIdeographs(16<<10), distinctIdeographs(256<<10)
	ops := map[string]func(host string) error{
		"parse": func(host string) error {
			_, err := Parse("https://" + host + "/")
			return err
		},
		"ToASCII": func(host string) error {
			_, err := ToASCII(host)
			return err
		},
		"host":     func(host string) error { return MustParse("https://h/p").SetHost(host) },
		"hostname": func(host string) error { return MustParse("https://h/p").SetHostname(host) },
	}
	for name, op := range ops {
		t.Run(name, func(t *testing.T) {
			run := func(host string) func() {
				return func() {
					if err := op(host); err != nil {
						t.Fatalf("%d bytes: %v", len(host), err)
					}
				}
			}
			checkLinear(t, 16, run(small), run(large))
		})
	}
}

// TestToASCIIMemory: ToASCII of a 1 MiB domain of non-ASCII labels
// allocates at most twice its result plus 64 KiB, as Parse does (it
// allocated 4.0 to 7.0 bytes per input byte: a buffer of the input's
// size and 12 bytes of Punycode scratch per code point).
func TestToASCIIMemory(t *testing.T) {
	for name, domain := range map[string]string{
		"one-label-distinct": distinctIdeographs(1 << 20),
		"one-label-repeated": strings.Repeat("\u00e9", 1<<19),
		"labels-distinct":    distinctHost(1 << 20),
		"short-labels":       strings.Repeat("\u00e9\u00e9.", 1<<20/5),
	} {
		t.Run(name, func(t *testing.T) {
			var got string
			n := cputime.Allocated(func() {
				var err error
				if got, err = ToASCII(domain); err != nil {
					t.Fatal(err)
				}
			})
			if limit := 2*len(got) + 64<<10; n > uint64(limit) {
				t.Errorf("ToASCII of %d bytes allocated %d bytes for a result of %d (%.1f B per input byte); want at most %d",
					len(domain), n, len(got), float64(n)/float64(len(domain)), limit)
			}
		})
	}
}

// BenchmarkIDNADistinct converts a host of one label of distinct CJK
// ideographs to ASCII at growing sizes; with b.SetBytes, ns/op divided
// by the size (MB/s) stays flat when the cost is linear.
func BenchmarkIDNADistinct(b *testing.B) {
	ops := []struct {
		name string
		op   func(host string)
	}{
		{"parse", func(host string) { Parse("https://" + host + "/") }},
		{"ToASCII", func(host string) { ToASCII(host) }},
		{"hostname", func(host string) { MustParse("https://h/p").SetHostname(host) }},
	}
	for _, o := range ops {
		for _, n := range []int{1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10} {
			host := distinctIdeographs(n)
			b.Run(o.name+"/"+sizeName(n), func(b *testing.B) {
				b.SetBytes(int64(len(host)))
				b.ReportAllocs()
				for b.Loop() {
					o.op(host)
				}
			})
		}
	}
}

// BenchmarkParseMemory reports the bytes Parse allocates per input byte
// at 64 KiB and 1 MiB on the inputs that used to cost the most: invalid
// UTF-8 and tab-laden input (the offset map), and hosts of non-ASCII
// labels (domain to ASCII).
func BenchmarkParseMemory(b *testing.B) {
	for _, name := range []string{"invalid-utf8", "tabs", "non-ascii-host", "non-ascii-labels", "mapped-host", "idna-distinct", "idna-label"} {
		for _, in := range growingInputs {
			if in.name != name {
				continue
			}
			for _, n := range []int{64 << 10, 1 << 20} {
				s := in.build(n)
				b.Run(name+"/"+sizeName(n), func(b *testing.B) {
					b.SetBytes(int64(len(s)))
					b.ReportAllocs()
					var total uint64
					for b.Loop() {
						total += cputime.Allocated(func() { Parse(s) })
					}
					b.ReportMetric(float64(total)/float64(b.N)/float64(len(s)), "B/inputB")
				})
			}
		}
	}
}

// hostileValidateInputs are 1 MiB inputs that make the parser meet a
// validation error, or rewrite the input, at nearly every byte.
var hostileValidateInputs = []struct {
	name  string
	input string
}{
	{"percent", "https://h/" + strings.Repeat("%", 1<<20)},
	{"invalid-utf8", "https://h/" + strings.Repeat("\xff", 1<<20)},
	{"tabs-newlines", "https://h/" + strings.Repeat("a\t\n", 1<<20/3)},
}

// reportAllocPerInputByte runs f b.N times and reports the bytes it
// allocates per byte of input, the figure issue 7 bounds.
func reportAllocPerInputByte(b *testing.B, n int, f func()) {
	b.ReportAllocs()
	b.SetBytes(int64(n))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		f()
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(n), "allocB/inB")
}

// BenchmarkValidateHostile measures Validate's memory on hostile input:
// the bytes it allocates per input byte must stay a small constant.
func BenchmarkValidateHostile(b *testing.B) {
	for _, in := range hostileValidateInputs {
		b.Run(in.name, func(b *testing.B) {
			reportAllocPerInputByte(b, len(in.input), func() { Validate(in.input) })
		})
	}
}

// TestValidateMemory: on 1 MiB inputs with a validation error or an
// edit at nearly every byte, Validate allocates a small constant per
// byte of the href it returns (it allocated 55-131 per input byte when
// it kept every error and a 16-byte offset-map entry per edit).
func TestValidateMemory(t *testing.T) {
	for _, in := range hostileValidateInputs {
		t.Run(in.name, func(t *testing.T) {
			var href string
			n := cputime.Allocated(func() {
				u, _, err := Validate(in.input)
				if err != nil {
					t.Fatal(err)
				}
				href = u.Href()
			})
			if limit := 4*uint64(len(href)) + 4*uint64(len(in.input)); n > limit {
				t.Errorf("%d bytes allocated for %d input bytes and a %d-byte href (%.1f per input byte); want at most %d",
					n, len(in.input), len(href), float64(n)/float64(len(in.input)), limit)
			}
		})
	}
}

// TestCallbackMemory: a Parser with an OnValidationError callback keeps
// nothing per validation error (the callback decides what to keep), and
// at most a few bytes per input byte for the offset map of an input it
// had to edit.
func TestCallbackMemory(t *testing.T) {
	skipIfInvariantChecks(t)
	for _, in := range hostileValidateInputs {
		t.Run(in.name, func(t *testing.T) {
			n := 0
			p := Parser{OnValidationError: func(ValidationError) { n++ }}
			var href string
			b := cputime.Allocated(func() {
				u, err := p.Parse(in.input)
				if err != nil {
					t.Fatal(err)
				}
				href = u.Href()
			})
			if in.name == "percent" && n < 1<<20 {
				t.Fatalf("%d validation errors: the test input is wrong", n)
			}
			// What Parse may allocate (twice the href: see
			// TestParseMemory) plus the offset map, at most ~2.4 bytes
			// per input byte; nothing per error. (The comparison is not
			// with a parse without a callback: that one takes fast paths
			// that size the output exactly.)
			if limit := 2*len(href) + 3*len(in.input) + 64<<10; b > uint64(limit) {
				t.Errorf("%d validation errors: the parse allocated %d bytes (href %d bytes, input %d); want at most %d",
					n, b, len(href), len(in.input), limit)
			}
		})
	}
}
