package bench

// URL patterns: github.com/weburl/url/urlpattern beside
// github.com/dunglas/go-urlpattern, each compiling a pattern once and
// matching every URL of a dataset against it; a list of 100 patterns
// matched against every URL; and compiling. Each op handles every URL
// of a dataset (ns/url is the time per URL).
//
//	URL_DATASETS=../../shared/datasets GOMAXPROCS=1 taskset -c 0 go test -run '^$' -bench URLPattern -benchmem -benchtime 3x

import (
	"fmt"
	"net/url"
	"runtime"
	"sort"
	"testing"
	"time"

	dunglas "github.com/dunglas/go-urlpattern"
	"github.com/weburl/url/internal/cputime"
	"github.com/weburl/url/urlpattern"
)

// patternCases are patterns of the shapes servers and crawlers use, on
// hosts of the kasztp dataset so that some of its URLs match.
var patternCases = []struct{ name, pattern string }{
	{"scope", "https://tools.ietf.org/*"},                   // a crawl scope: fixed host, any path
	{"subdomains", "http{s}?://*.wikipedia.org/*"},          // any subdomain, either scheme
	{"route", "https://tools.ietf.org/html/:doc"},           // a named group
	{"regexp", "https://tools.ietf.org/html/rfc:num(\\d+)"}, // a group with a regular expression
	{"wildcards", "*://*/*.:ext(html|htm|txt)"},             // everything wildcarded but an extension
}

func BenchmarkURLPatternTest(b *testing.B) {
	for _, pc := range patternCases {
		w := urlpattern.MustNew(pc.pattern)
		d, err := dunglas.New(pc.pattern, "", nil)
		if err != nil {
			b.Fatalf("dunglas %s: %v", pc.pattern, err)
		}
		for _, ds := range datasets(b) {
			b.Run(pc.name+"/"+ds.name+"/weburl", func(b *testing.B) {
				runURLs(b, ds.urls, func(u string) bool { return w.Test(u) })
			})
			b.Run(pc.name+"/"+ds.name+"/dunglas", func(b *testing.B) {
				runURLs(b, ds.urls, func(u string) bool { return d.Test(u, "") })
			})
		}
	}
}

func BenchmarkURLPatternExec(b *testing.B) {
	for _, pc := range patternCases {
		w := urlpattern.MustNew(pc.pattern)
		d, err := dunglas.New(pc.pattern, "", nil)
		if err != nil {
			b.Fatalf("dunglas %s: %v", pc.pattern, err)
		}
		for _, ds := range datasets(b) {
			b.Run(pc.name+"/"+ds.name+"/weburl", func(b *testing.B) {
				runURLs(b, ds.urls, func(u string) bool { return w.Exec(u) != nil })
			})
			b.Run(pc.name+"/"+ds.name+"/dunglas", func(b *testing.B) {
				runURLs(b, ds.urls, func(u string) bool { return d.Exec(u, "") != nil })
			})
		}
	}
}

// runURLs runs f on every URL per op and reports ns/url (wall time),
// cpu-ns/url (the CPU time of the benchmark's thread, which other
// processes on a busy machine do not inflate: the figure to compare) and
// the number of URLs that matched (the same for every library).
func runURLs(b *testing.B, urls []string, f func(string) bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(totalBytes(urls))
	b.ReportAllocs()
	matched := 0
	var cpu time.Duration
	for b.Loop() {
		matched = 0
		start := cputime.Thread()
		for _, u := range urls {
			if f(u) {
				matched++
			}
		}
		cpu += cputime.Thread() - start
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*len(urls)), "cpu-ns/url")
	b.ReportMetric(float64(matched), "matched")
}

// listPatterns returns 100 patterns for the hosts of a dataset, most
// frequent first: a fixed host with any path, any subdomain of it with a
// named first segment, and so on in turn.
func listPatterns(urls []string) []string {
	count := map[string]int{}
	for _, u := range urls {
		if pu, err := url.Parse(u); err == nil && plainHost(pu.Hostname()) {
			count[pu.Hostname()]++
		}
	}
	hosts := make([]string, 0, len(count))
	for h := range count {
		hosts = append(hosts, h)
	}
	sort.Slice(hosts, func(i, j int) bool {
		if count[hosts[i]] != count[hosts[j]] {
			return count[hosts[i]] > count[hosts[j]]
		}
		return hosts[i] < hosts[j]
	})
	var ps []string
	for i := 0; len(ps) < 100; i++ {
		h := fmt.Sprintf("h%d.example", i)
		if i < len(hosts) {
			h = hosts[i]
		}
		switch i % 4 {
		case 0:
			ps = append(ps, "https://"+h+"/*")
		case 1:
			ps = append(ps, "http{s}?://"+h+"/:section/*")
		case 2:
			ps = append(ps, "http://"+h+"/*.html")
		default:
			ps = append(ps, "http{s}?://{*.}?"+h+"/*")
		}
	}
	return ps
}

// plainHost reports whether h is a domain of ASCII letters, digits, "-"
// and ".", which a pattern can hold as it is.
func plainHost(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// BenchmarkURLPatternList100 matches URLs (every 16th of the dataset)
// against 100 patterns (for the dataset's 100 most frequent hosts):
// weburl's List (the URL parsed once, only the patterns its hostname can
// match tried), the same 100 weburl patterns tried in turn, and
// go-urlpattern's tried in turn. Each reports how many URLs matched some
// pattern.
func BenchmarkURLPatternList100(b *testing.B) {
	for _, ds := range datasets(b) {
		if ds.name != "kasztp" && ds.name != "sample" {
			continue // the file: and node: URLs of the other datasets have no hosts to list
		}
		// Every 16th URL: go-urlpattern takes about 2 ms per URL here.
		var urls []string
		for i := 0; i < len(ds.urls); i += 16 {
			urls = append(urls, ds.urls[i])
		}
		srcs := listPatterns(ds.urls)
		var ws []*urlpattern.Pattern
		var ds2 []*dunglas.URLPattern
		for _, s := range srcs {
			ws = append(ws, urlpattern.MustNew(s))
			d, err := dunglas.New(s, "", nil)
			if err != nil {
				b.Fatalf("dunglas %s: %v", s, err)
			}
			ds2 = append(ds2, d)
		}
		list := urlpattern.NewList(ws...)
		b.Run(ds.name+"/weburl-list", func(b *testing.B) {
			runURLs(b, urls, func(u string) bool { return list.Test(u) })
		})
		b.Run(ds.name+"/weburl-each", func(b *testing.B) {
			runURLs(b, urls, func(u string) bool {
				for _, p := range ws {
					if p.Test(u) {
						return true
					}
				}
				return false
			})
		})
		b.Run(ds.name+"/dunglas-each", func(b *testing.B) {
			runURLs(b, urls, func(u string) bool {
				for _, p := range ds2 {
					if p.Test(u, "") {
						return true
					}
				}
				return false
			})
		})
	}
}

// BenchmarkURLPatternCompile compiles each pattern of patternCases (the
// metrics per URL are per pattern here).
func BenchmarkURLPatternCompile(b *testing.B) {
	srcs := make([]string, len(patternCases))
	for i, pc := range patternCases {
		srcs[i] = pc.pattern
	}
	b.Run("weburl", func(b *testing.B) {
		runURLs(b, srcs, func(s string) bool {
			_, err := urlpattern.New(s)
			return err == nil
		})
	})
	b.Run("dunglas", func(b *testing.B) {
		runURLs(b, srcs, func(s string) bool {
			_, err := dunglas.New(s, "", nil)
			return err == nil
		})
	})
}
