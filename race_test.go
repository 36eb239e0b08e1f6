package url

// Concurrent readers of one *URL (docs/design.md, "Concurrency"): a URL
// nobody mutates is safe to read from many goroutines, including the
// first call of SearchParams, which makes the URL's live URLSearchParams
// object lazily. Run with the race detector:
//
//	go test -race -run Race
//
// Without -race the test still checks what a lost race would break: every
// goroutine must get the same *SearchParams (two objects would mean that
// one reader's later mutations are lost from the URL), and every reader
// sees the same values.

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestRaceConcurrentReaders(t *testing.T) {
	const (
		readers = 64
		rounds  = 50
	)
	inputs := []string{
		"https://user:pass@example.com:8080/a/b?q=1&r=2&q=3#frag",
		"sc://h/p?x=%20y&z",
		"blob:https://example.org/uuid?k=v",
		"file:///c:/dir/file?a=b",
	}
	for _, input := range inputs {
		t.Run(fmt.Sprintf("%q", input), func(t *testing.T) {
			for round := 0; round < rounds; round++ {
				u := MustParse(input)
				// What every reader must see, from a private copy so that
				// the shared URL's SearchParams is still unmade when the
				// readers start.
				ref := MustParse(input)
				want := snapshot(ref, ref.SearchParams())

				var (
					start sync.WaitGroup
					done  sync.WaitGroup
					mu    sync.Mutex
					seen  = map[*SearchParams]int{}
					bad   []string
				)
				start.Add(1)
				for g := 0; g < readers; g++ {
					done.Add(1)
					go func() {
						defer done.Done()
						start.Wait() // all readers race for the first SearchParams call
						sp := u.SearchParams()
						got := snapshot(u, sp)
						again := u.SearchParams()
						mu.Lock()
						defer mu.Unlock()
						seen[sp]++
						if again != sp {
							bad = append(bad, "SearchParams() returned two different objects to one reader")
						}
						if got != want {
							bad = append(bad, fmt.Sprintf("reader saw\n%s\nwant\n%s", got, want))
						}
					}()
				}
				start.Done()
				done.Wait()
				if len(seen) != 1 {
					t.Fatalf("round %d: readers got %d different *SearchParams, want 1", round, len(seen))
				}
				for p := range seen {
					if p != u.SearchParams() {
						t.Fatalf("round %d: the readers' SearchParams is not the URL's", round)
					}
				}
				if len(bad) > 0 {
					t.Fatalf("round %d: %s", round, bad[0])
				}
			}
		})
	}
}

// snapshot reads every getter of u and walks sp with All, Keys, Values,
// Get, GetAll, Has, Len and String: everything a reader may do.
func snapshot(u *URL, sp *SearchParams) string {
	var b strings.Builder
	for _, s := range []string{
		u.Href(), u.String(), u.Origin(), u.Protocol(), u.Username(), u.Password(),
		u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(),
		u.HrefWithoutFragment(), u.HostKind().String(),
	} {
		b.WriteString(s)
		b.WriteByte('|')
	}
	fmt.Fprintf(&b, "special=%v opaque=%v len=%d\n", u.IsSpecial(), u.HasOpaquePath(), sp.Len())
	for name, value := range sp.All() {
		fmt.Fprintf(&b, "%s=%s get=%s all=%v has=%v;", name, value, sp.Get(name), sp.GetAll(name), sp.Has(name, value))
	}
	for k := range sp.Keys() {
		b.WriteString(k)
	}
	for v := range sp.Values() {
		b.WriteString(v)
	}
	b.WriteString(sp.String())
	return b.String()
}

// TestRaceParseShared checks that one Parser and one base URL may be used
// from many goroutines at once (a crawler resolving links against a page
// URL): (*URL).Parse reads the base and must not touch it.
func TestRaceParseShared(t *testing.T) {
	base := MustParse("https://example.com/dir/page?x=1#f")
	var errs []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	var p Parser
	for g := 0; g < 32; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			ref := fmt.Sprintf("../other/%d?q=%d", g, g)
			want := fmt.Sprintf("https://example.com/other/%d?q=%d", g, g)
			for i := 0; i < 100; i++ {
				u, err := base.Parse(ref)
				v, err2 := p.ParseRef(base, ref)
				if err != nil || err2 != nil || u.Href() != want || v.Href() != want {
					mu.Lock()
					errs = append(errs, fmt.Sprintf("%q: %v %v %v %v", ref, u, err, v, err2))
					mu.Unlock()
					return
				}
			}
		}(g)
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	if base.Href() != "https://example.com/dir/page?x=1#f" {
		t.Errorf("base changed to %q", base.Href())
	}
}

// TestRaceReadersAfterChange: after a change to a URL's SearchParams, the
// href is rebuilt by its first reader (docs of URL, "Concurrency"), so
// readers that start together after a change race to rebuild it. Each
// phase changes the SearchParams (no reader running), then 16 readers
// call every reading method of the URL and its SearchParams at once and
// must all see what a URL changed the same way, read by one goroutine,
// shows. Run with -race.
func TestRaceReadersAfterChange(t *testing.T) {
	const readers = 16
	changes := []func(sp *SearchParams, phase int){
		func(sp *SearchParams, phase int) {
			for i := range 50 {
				sp.Append(fmt.Sprintf("k%d", i%7), fmt.Sprintf("v %d/%d", phase, i))
			}
		},
		func(sp *SearchParams, phase int) { sp.Set("k3", fmt.Sprint(phase)); sp.Delete("k5") },
		func(sp *SearchParams, phase int) { sp.Sort() },
		func(sp *SearchParams, phase int) { sp.Delete("k3", "0"); sp.Append("é", "&") },
	}
	for _, input := range []string{
		"https://user:pass@example.com:8080/a/b?q=1&r=2&q=3#frag",
		"sc:opaque?x#y",
		"file:///c:/dir/file",
	} {
		t.Run(fmt.Sprintf("%q", input), func(t *testing.T) {
			u, ref := MustParse(input), MustParse(input)
			sp, refSP := u.SearchParams(), ref.SearchParams()
			for phase := range 2 * len(changes) {
				change := changes[phase%len(changes)]
				change(sp, phase)
				change(refSP, phase)
				want := observe(ref) + snapshot(ref, refSP)
				var (
					start, done sync.WaitGroup
					mu          sync.Mutex
					bad         []string
				)
				start.Add(1)
				for range readers {
					done.Add(1)
					go func() {
						defer done.Done()
						start.Wait() // all readers race for the first read
						got := observe(u) + snapshot(u, u.SearchParams())
						if got != want {
							mu.Lock()
							bad = append(bad, fmt.Sprintf("reader saw\n%s\nwant\n%s", got, want))
							mu.Unlock()
						}
					}()
				}
				start.Done()
				done.Wait()
				if len(bad) > 0 {
					t.Fatalf("phase %d: %d readers wrong; %s", phase, len(bad), bad[0])
				}
				if err := u.checkInvariants(); err != nil {
					t.Fatalf("phase %d: %v", phase, err)
				}
			}
		})
	}
}
