package urlpattern

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
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
