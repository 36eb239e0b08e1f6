package urlpattern

// Benchmarks over router-like patterns (a sample of
// ../shared/tools/perf-urlpattern's patterns.txt): compiling, and
// matching URLs that mostly do not match.

import (
	"strconv"
	"testing"
)

var benchPatterns = []string{
	"https://tools.ietf.org/html/rfc:num(\\d+)",
	"https://www.angelfire.com/:dir/:site/*",
	"https://:lang.wikipedia.org/wiki/:title",
	"http{s}?://*.wikipedia.org/*",
	"https://sourceforge.net/projects/:project/*?",
	"https://members.tripod.com/*.html",
	"https://www.wired.com/:section/:year(\\d{4})/:month(\\d{2})/*",
	"https://*.microsoft.com/*",
	"https://api.example.com/v:version(\\d+)/users/:id/posts/:post?",
	"https://cdn.example.com/assets/*.:ext(js|css|png|jpg|svg)",
	"*://*/*.:ext(pdf|ps|zip|gz|tar)",
	"(http|https)://*.edu/*",
}

var benchURLs = []string{
	"https://en.wikipedia.org/wiki/Go_(programming_language)",
	"https://www.angelfire.com/ca/site/index.html",
	"https://tools.ietf.org/html/rfc3986",
	"http://www.cs.cmu.edu/~user/papers/a.pdf",
	"https://news.cnet.com/2100-1001-1.html?tag=x",
}

func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range benchPatterns {
			if _, err := New(p); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func benchMatch(b *testing.B, f func(p *Pattern, u string) bool) {
	ps := make([]*Pattern, len(benchPatterns))
	for i, s := range benchPatterns {
		ps[i] = MustNew(s)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range benchURLs {
			for _, p := range ps {
				f(p, u)
			}
		}
	}
}

func BenchmarkTest(b *testing.B) {
	benchMatch(b, func(p *Pattern, u string) bool { return p.Test(u) })
}

func BenchmarkExec(b *testing.B) {
	benchMatch(b, func(p *Pattern, u string) bool { return p.Exec(u) != nil })
}

// BenchmarkListSharedHost: one query of a List whose patterns all share
// the URL's host, each with its own pathname prefix; the URL matches
// none of them.
func BenchmarkListSharedHost(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		ps := make([]*Pattern, n)
		for i := range ps {
			ps[i] = MustNew("https://example.com/p" + strconv.Itoa(i) + "/:id")
		}
		l := NewList(ps...)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if l.Test("https://example.com/p4242/x/y") {
					b.Fatal("matched")
				}
			}
		})
	}
}
