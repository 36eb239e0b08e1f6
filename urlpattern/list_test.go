package urlpattern

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/weburl/url/internal/cputime"
)

// TestListAgreesWithEachPattern checks that a List finds exactly the
// patterns that match when each is tried in turn, in order, with the
// same groups: the hostname index skips only patterns that cannot match.
func TestListAgreesWithEachPattern(t *testing.T) {
	patterns := []string{
		"https://example.com/*", "https://*.example.com/*", "https://{:sub.}?example.com/*", "https://example.org/:p",
		"https://*/*", "http{s}?://localhost:*/*", "https://[\\:\\:1]/*", "https://example.com:8080/*", "https://*example.com/*",
		"https://example.(com|org)/*", "https://1.2.3.4/*", "https://{*.}?example.org/*", "https://{(a|b).}+example.com/*", "https://a.b.example.com/:x/:y?", "file:///*", "data\\:*",
	}
	var ps []*Pattern
	for _, s := range patterns {
		ps = append(ps, MustNew(s))
	}
	l := NewList(ps...)
	hosts := []string{"example.com", "a.example.com", "a.b.example.com", "myexample.com", "example.org", "localhost", "[::1]", "1.2.3.4", "example.com.evil", "com"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		u := fmt.Sprintf("%s://%s%s/%s/%s", []string{"https", "http"}[rng.IntN(2)], hosts[rng.IntN(len(hosts))],
			[]string{"", ":8080", ":443"}[rng.IntN(3)], []string{"a", "b", ""}[rng.IntN(3)], []string{"c", ""}[rng.IntN(2)])
		var want []Match
		for i, p := range ps {
			if r := p.Exec(u); r != nil {
				want = append(want, Match{Index: i, Pattern: p, Result: r})
			}
		}
		got := l.ExecAll(u)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: List %v, each in turn %v", u, got, want)
		}
		if first, ok := l.Exec(u); ok != (len(want) > 0) || ok && !reflect.DeepEqual(first, want[0]) {
			t.Fatalf("%s: Exec %v %v, want %v", u, first, ok, want)
		}
		if l.Test(u) != (len(want) > 0) {
			t.Fatalf("%s: Test %v", u, l.Test(u))
		}
	}
}

// TestListPathIndexAgrees: the pathname and protocol index skips only
// patterns that cannot match, over patterns whose pathnames share
// prefixes, end at a "/" or not, and ignore case.
func TestListPathIndexAgrees(t *testing.T) {
	patterns := []string{
		"https://h/a/b/*", "https://h/a/:x", "https://h/a/b", "https://h/ab/*", "https://h/a{/b}?/c", "https://h/*",
		"http://h/a/*", "http{s}?://h/a/b/c", "(http|https)://h/a/*", "*://h/b/*", "https://h/:x/b", "https://h/a/(b|c)/*",
		"https://*/a/b/*", "https://h/a/b/c/d/e/f/g/h/i/j/*", "https://h/A/*", "https://h/a*", "https://h/a/b\\:c",
	}
	var ps []*Pattern
	for _, s := range patterns {
		ps = append(ps, MustNew(s))
	}
	ps = append(ps, Options{IgnoreCase: true}.MustNewForTest(t, "https://h/A/b/*"))
	l := NewList(ps...)
	segs := []string{"a", "b", "c", "A", "ab", ""}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		path := ""
		for range rng.IntN(5) {
			path += "/" + segs[rng.IntN(len(segs))]
		}
		if rng.IntN(8) == 0 {
			path += "/d/e/f/g/h/i/j/k"
		}
		u := fmt.Sprintf("%s://%s%s", []string{"https", "http", "ftp"}[rng.IntN(3)], []string{"h", "x.h", "h2"}[rng.IntN(3)], path)
		var want []Match
		for i, p := range ps {
			if r := p.Exec(u); r != nil {
				want = append(want, Match{Index: i, Pattern: p, Result: r})
			}
		}
		if got := l.ExecAll(u); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: List %v, each in turn %v", u, got, want)
		}
	}
}

// MustNewForTest compiles a pattern with the options, failing t.
func (o Options) MustNewForTest(t *testing.T, s string) *Pattern {
	t.Helper()
	p, err := o.New(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestListTimeFlatInPatternsPerHost: a query costs no more when ten
// times as many patterns share the URL's host, each with its own
// pathname prefix (a routing table), and nothing matches.
func TestListTimeFlatInPatternsPerHost(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	build := func(n int) *List {
		ps := make([]*Pattern, n)
		for i := range ps {
			ps[i] = MustNew(fmt.Sprintf("https://example.com/p%d/:id", i))
		}
		return NewList(ps...)
	}
	small, large := build(1000), build(10000)
	query := func(l *List) func() {
		return func() {
			for i := range 200 {
				// Nothing matches: each pattern the index leaves in
				// is tried.
				if l.Test(fmt.Sprintf("https://example.com/p%d/x/y", i*3)) {
					t.Fatal("matched")
				}
			}
		}
	}
	cputime.CheckLinear(t, 1, query(small), query(large))
}
