package url

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/weburl/url/internal/cputime"
)

// TestInvalidUTF8Setters checks the rules of TestInvalidUTF8Parse
// (url_test.go) through the setters: the
// value "a\xff\xe2\x82b" holds one lone byte and one truncated sequence,
// three U+FFFD in all.
func TestInvalidUTF8Setters(t *testing.T) {
	const value = "a\xff\xe2\x82b"
	const enc = "a" + fffd + fffd + fffd + "b"
	for _, tc := range []struct {
		attr, href string
		want       string // "" means the setter fails and the URL is unchanged
		kind       ErrorKind
	}{
		// pathname: path percent-encode set.
		{"pathname", "https://x/", "https://x/" + enc, 0},
		// pathname of a non-special URL.
		{"pathname", "sc://x/", "sc://x/" + enc, 0},
		// search: special-query percent-encode set.
		{"search", "https://x/", "https://x/?" + enc, 0},
		// search on an opaque path.
		{"search", "sc:x", "sc:x?" + enc, 0},
		// hash: fragment percent-encode set.
		{"hash", "https://x/", "https://x/#" + enc, 0},
		// hash on an opaque path.
		{"hash", "sc:x", "sc:x#" + enc, 0},
		// username: no parser, UTF-8 percent-encode with the userinfo set.
		{"username", "https://x/", "https://" + enc + "@x/", 0},
		// password: likewise.
		{"password", "https://x/", "https://:" + enc + "@x/", 0},
		// host of a special URL: domain to ASCII fails, unchanged.
		{"host", "https://x/", "", DomainToASCII},
		// hostname of a special URL: likewise.
		{"hostname", "https://x/", "", DomainToASCII},
		// host of a non-special URL: an opaque host, encoded.
		{"host", "sc://x/", "sc://" + enc + "/", 0},
		// hostname of a non-special URL.
		{"hostname", "sc://x/", "sc://" + enc + "/", 0},
		// port: not digits, unchanged.
		{"port", "https://x:1/", "", PortInvalid},
	} {
		t.Run(fmt.Sprintf("%s of %q", tc.attr, tc.href), func(t *testing.T) {
			u := MustParse(tc.href)
			sp := u.SearchParams()
			err := setters[tc.attr](u, value)
			if tc.want == "" {
				if err == nil || !errors.Is(err, tc.kind) {
					t.Errorf("error = %v, want %v", err, tc.kind)
				}
				if u.Href() != tc.href {
					t.Errorf("href = %q, want unchanged %q", u.Href(), tc.href)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if u.Href() != tc.want {
				t.Errorf("href = %q, want %q", u.Href(), tc.want)
			}
			if err := u.checkInvariants(); err != nil {
				t.Errorf("invariants: %v", err)
			}
			if tc.attr == "search" {
				// The URL's SearchParams follow: one name, three U+FFFD.
				if got := sp.String(); got != enc+"=" {
					t.Errorf("SearchParams = %q, want %q", got, enc+"=")
				}
			}
		})
	}
	// protocol: U+FFFD is not a scheme code point: unchanged.
	u := MustParse("https://x/")
	if err := u.SetProtocol("\xff"); err == nil || u.Href() != "https://x/" {
		t.Errorf("SetProtocol(\\xff) = %v, href %q", err, u.Href())
	}
	// href: parsed as a whole.
	if err := u.SetHref("https://x/\xed\xa0\x80"); err != nil || u.Href() != "https://x/"+fffd+fffd+fffd {
		t.Errorf("SetHref = %v, href %q", err, u.Href())
	}
	if err := u.SetHref("https://\xff/"); !errors.Is(err, DomainToASCII) || u.Href() != "https://x/"+fffd+fffd+fffd {
		t.Errorf("SetHref(https://\\xff/) = %v, href %q", err, u.Href())
	}
}

// TestSettersTooLong: a setter whose result would pass the limit leaves
// the URL unchanged and returns ErrTooLong.
func TestSettersTooLong(t *testing.T) {
	const limit = 1000
	lowerHrefLimit(t, limit)
	big := strings.Repeat("\xff", 120) // 1080 bytes once encoded
	// The protocol setter is left out: a scheme is at most as long as
	// its input, and the href setter is Parse.
	for _, name := range []string{"username", "password", "host", "hostname", "pathname", "search", "hash"} {
		t.Run(name, func(t *testing.T) {
			const href = "sc://u:p@h:1/p?q#f"
			u := MustParse(href)
			value := big
			if name == "host" || name == "hostname" {
				value = strings.Repeat("\x7f", 400)
			}
			err := setters[name](u, value)
			if !errors.Is(err, ErrTooLong) {
				t.Errorf("set %s: %v, want ErrTooLong", name, err)
			}
			if u.Href() != href {
				t.Errorf("set %s changed the URL to %q", name, u.Href())
			}
			if err := u.checkInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSetterSearchParams: the setters' plain load of the SearchParams
// pointer (setterSearchParams) reads what the atomic load reads.
func TestSetterSearchParams(t *testing.T) {
	u := MustParse("https://example.com/?a=1")
	if u.setterSearchParams() != nil {
		t.Fatal("a URL with no SearchParams yet has some")
	}
	sp := u.SearchParams()
	if got := u.setterSearchParams(); got != sp {
		t.Fatalf("setterSearchParams() = %p, want %p", got, sp)
	}
	if err := u.SetSearch("b=2"); err != nil || sp.Get("b") != "2" || sp.Has("a") {
		t.Fatalf("SetSearch: err %v, params %q", err, sp.String())
	}
	if c := u.Clone(); c.setterSearchParams() != nil {
		t.Fatal("a clone of a URL took its SearchParams")
	}
}

// BenchmarkSetter times each setter on a URL of typical size, the value
// alternating between two so that every call changes the href (one
// allocation, the new href), and once with the value the URL holds
// (none).
func BenchmarkSetter(b *testing.B) {
	const href = "https://www.example.com/archives/2006/02/page.shtml?q=395704&sort=desc#top"
	for _, tc := range []struct {
		name string
		set  func(*URL, string) error
		a, b string
	}{
		{"pathname", (*URL).SetPathname, "/projects/cosm/", "/group/Web tv/x.html"},
		{"search", (*URL).SetSearch, "?q=545727&sort=desc&x=1", "q=165710&s=a b"},
		{"hash", (*URL).SetHash, "#top", "frag ment"},
		{"host", (*URL).SetHost, "example.org", "www.example.net:8080"},
		{"hostname", (*URL).SetHostname, "example.org", "www.example.net"},
		{"port", (*URL).SetPort, "8080", ""},
		{"protocol", (*URL).SetProtocol, "http", "https"},
		{"username", (*URL).SetUsername, "user", "us er"},
		{"password", (*URL).SetPassword, "secret", "pass word"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			u := MustParse(href)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				v := tc.a
				if i&1 != 0 {
					v = tc.b
				}
				i++
				tc.set(u, v)
			}
		})
		b.Run(tc.name+"/unchanged", func(b *testing.B) {
			u := MustParse(href)
			tc.set(u, tc.a)
			b.ReportAllocs()
			for b.Loop() {
				tc.set(u, tc.a)
			}
		})
	}
}

// TestMayHoldDotSegment: the eight-bytes-at-a-time check equals its
// definition (a segment starting with "." or "%", or a "\\" in a special
// URL) on every string of up to 9 bytes over "/", ".", "%", "\\" and "a",
// and on longer random ones, so that words, their boundaries and the
// padded tail are all crossed.
func TestMayHoldDotSegment(t *testing.T) {
	const alphabet = "/.%\\a"
	model := func(s string, special bool) bool {
		if special && strings.Contains(s, "\\") {
			return true
		}
		for _, seg := range strings.Split(s, "/") {
			if seg != "" && (seg[0] == '.' || seg[0] == '%') {
				return true
			}
		}
		return false
	}
	check := func(s string) {
		for _, special := range []bool{false, true} {
			if got, want := mayHoldDotSegment(s, special), model(s, special); got != want {
				t.Fatalf("mayHoldDotSegment(%q, %v) = %v, want %v", s, special, got, want)
			}
		}
	}
	forEachString(alphabet, 9, "/aaaaaaa.%\\", 30, 5, check)
}

// TestWritePath: the pathname setter's walk (writePath, appendPath)
// gives the URL the state machine gives (parsePath), on every value of
// up to 6 bytes over "/", "\\", ".", "%", "2", "e", "a", " ", "?" and
// "#", and on longer random ones, for a special URL and one that is
// not, each with a path, a query and a fragment.
func TestWritePath(t *testing.T) {
	const alphabet = "/\\.%2ea ?#"
	for _, href := range []string{"https://h/x/y?q#f", "sc://h/x/y?q#f", "sc://h"} {
		check := func(value string) {
			input, count := setterValue(value, PathSet)
			if input == "" {
				return
			}
			a, b := MustParse(href), MustParse(href)
			if !a.writePath(input, count) {
				t.Fatalf("%s: writePath(%q) declined", href, value)
			}
			if err := b.parsePath("set pathname", value, input, count); err != nil {
				t.Fatalf("%s: parsePath(%q): %v", href, value, err)
			}
			if a.href != b.href || a.components != b.components {
				t.Fatalf("%s, %q: writePath %q %+v; parsePath %q %+v", href, value, a.href, a.components, b.href, b.components)
			}
		}
		forEachString(alphabet, 6, "/aaa.%2e\\ ?#", 20, 5, check)
	}
}

// BenchmarkSettersWorkload times the setters on perf-ada's setters.txt
// (in WEBURL_WORKLOADS: a URL, a path, a query and a fragment a line),
// in the thread's CPU time per line (cpu-ns/op), for an A/B of two
// builds on a shared machine (docs/performance.md, "One writer of the
// path, query and fragment"): "run" is perf-ada's operation (Parse,
// SetPathname, SetSearch, SetHash, Href); "pathname" is SetPathname
// alone on a copy of the parsed URL, with the line's path as it is and
// ("pathname-dot") after "../x/./", which SetPathname walks with
// appendPath. Skipped unless WEBURL_WORKLOADS is set:
//
//	WEBURL_WORKLOADS=/tmp/perf-ada-cache/workloads-20261124 taskset -c 1 go test -run '^$' -bench SettersWorkload .
func BenchmarkSettersWorkload(b *testing.B) {
	workloads := os.Getenv("WEBURL_WORKLOADS")
	if workloads == "" {
		b.Skip("WEBURL_WORKLOADS names no directory")
	}
	var lines [][]string
	var urls []*URL
	for _, l := range benchLines(b, filepath.Join(workloads, "setters.txt")) {
		c := strings.Split(l, "\t")
		if len(c) < 4 {
			continue
		}
		if u, err := Parse(c[0]); err == nil {
			urls, lines = append(urls, u), append(lines, c)
		}
	}
	timed := func(b *testing.B, op func(k int)) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		n := 0
		start := cputime.Thread()
		for b.Loop() {
			op(n % len(lines))
			n++
		}
		b.ReportMetric(float64((cputime.Thread()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	sink := 0
	b.Run("run", func(b *testing.B) {
		timed(b, func(k int) {
			c := lines[k]
			u, err := Parse(c[0])
			if err != nil {
				return
			}
			u.SetPathname(c[1])
			u.SetSearch(c[2])
			u.SetHash(c[3])
			sink += len(u.Href())
		})
	})
	var v URL
	for _, prefix := range []struct{ name, s string }{{"pathname", ""}, {"pathname-dot", "../x/./"}} {
		b.Run(prefix.name, func(b *testing.B) {
			timed(b, func(k int) {
				v = *urls[k]
				v.SetPathname(prefix.s + lines[k][1])
			})
		})
	}
	sinkInt += sink
}
