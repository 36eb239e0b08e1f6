package url

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCrawler covers each rule of the Crawler profile, one per row.
func TestCrawler(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// Already canonical: unchanged.
		{"https://example.com/a/b?x=1&y=2", "https://example.com/a/b?x=1&y=2"},
		// WHATWG parsing: scheme and host lowercased, default port, dots.
		{"HTTP://Example.COM:80/a/./b/../c", "http://example.com/a/c"},
		// The fragment is dropped.
		{"https://example.com/a#frag", "https://example.com/a"},
		{"https://example.com/a?b=1#", "https://example.com/a?b=1"},
		// Unreserved characters are decoded, other escapes uppercased.
		{"http://example.com/%7euser/%41%2d%5F%2E", "http://example.com/~user/A-_."},
		{"http://example.com/a%2fb%3a", "http://example.com/a%2Fb%3A"},
		{"http://%41:%62@example.com/", "http://A:b@example.com/"},
		{"http://example.com/?q=%7e%2b", "http://example.com/?q=~%2B"},
		{"sc://h%6Fst/p%61th?%71#f", "sc://host/path?q"},
		{"mailto:%6Ae@example.com", "mailto:je@example.com"},
		// ... but never into a new escape: "%%34%31" stays.
		{"http://example.com/%%34%31", "http://example.com/%%341"},
		{"http://example.com/%4%31", "http://example.com/%4%31"},
		{"http://example.com/%%3a%31", "http://example.com/%%3A1"},
		{"http://example.com/%%7e", "http://example.com/%~"},
		// Invalid escapes stay as they are.
		{"http://example.com/%zz?%zz", "http://example.com/%zz?%zz"},
		// Query parameters sorted stably by name, raw bytes kept.
		{"http://example.com/?b=2&a=1&b=1&a=2", "http://example.com/?a=1&a=2&b=2&b=1"},
		{"http://example.com/?b&%zz&a", "http://example.com/?%zz&a&b"},
		{"http://example.com/?b=%zz&a=%ZZ", "http://example.com/?a=%ZZ&b=%zz"},
		{"http://example.com/?%62=1&a=2", "http://example.com/?a=2&b=1"},
		{"http://example.com/?c=1&a+b=2&a%20c=3", "http://example.com/?a+b=2&a%20c=3&c=1"},
		// Names compared by UTF-16 code units: U+10000 before U+FFFD.
		{"http://example.com/?%EF%BF%BD=1&%F0%90%80%80=2", "http://example.com/?%F0%90%80%80=2&%EF%BF%BD=1"},
		// Empty parameters and an empty query are dropped.
		{"http://example.com/?", "http://example.com/"},
		{"http://example.com/?&&", "http://example.com/"},
		{"http://example.com/?a&&b&", "http://example.com/?a&b"},
		// Only in web URLs: other schemes keep their query as it is.
		{"sc://host/?b&a&", "sc://host/?b&a&"},
		{"data:text/plain,x?b&a", "data:text/plain,x?b&a"},
		{"file:///tmp/x?b&a", "file:///tmp/x?b&a"},
		// Heuristic rewrites are off in Crawler.
		{"http://www.example.com/index.html?utm_source=x&jsessionid=1", "http://www.example.com/index.html?jsessionid=1&utm_source=x"},
		{"http://example.com/a/", "http://example.com/a/"},
		// A file URL whose decoding makes a drive letter is parsed again.
		{"file:///%43|/x", "file:///C:/x"},
		{"file:///%63%3a/x", "file:///c%3A/x"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Crawler.Canonicalize(tc.in)
			if err != nil || got != tc.want {
				t.Fatalf("Crawler.Canonicalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			again, err := Crawler.Canonicalize(got)
			if err != nil || again != got {
				t.Fatalf("not idempotent: Crawler.Canonicalize(%q) = %q, %v", got, again, err)
			}
		})
	}
}

func TestCrawlerErrors(t *testing.T) {
	for _, in := range []string{"", "/relative", "http://[::1", "https://exa mple.com/"} {
		t.Run(in, func(t *testing.T) {
			got, err := Crawler.Canonicalize(in)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Crawler.Canonicalize(%q) = %q, %v; want an *Error", in, got, err)
			}
		})
	}
	if _, err := Crawler.CanonicalizeURL(nil); err == nil {
		t.Fatal("CanonicalizeURL(nil) succeeded")
	}
	if _, err := Crawler.CanonicalizeURL(&URL{}); err == nil {
		t.Fatal("CanonicalizeURL(zero URL) succeeded")
	}
}

// TestCanonicalizerOptions covers each option, alone and together.
func TestCanonicalizerOptions(t *testing.T) {
	all := Crawler
	all.StripWWW = true
	all.RemoveTrackingParams = true
	all.RemoveSessionIDs = true
	all.RemoveIndexPage = true
	all.TrailingSlash = RemoveTrailingSlash
	for _, tc := range []struct {
		name    string
		set     func(*Canonicalizer)
		in      string
		want    string
		nothing bool // the option must not apply
	}{
		{"StripWWW", func(c *Canonicalizer) { c.StripWWW = true }, "http://www.example.com/", "http://example.com/", false},
		{"StripWWW", func(c *Canonicalizer) { c.StripWWW = true }, "http://WWW.www.example.com:8080/", "http://example.com:8080/", false},
		{"StripWWW", func(c *Canonicalizer) { c.StripWWW = true }, "http://u@www.example.com./", "http://u@example.com./", false},
		{"StripWWW", func(c *Canonicalizer) { c.StripWWW = true }, "http://www.co.uk/", "http://www.co.uk/", true},
		{"StripWWW", func(c *Canonicalizer) { c.StripWWW = true }, "http://www.com/", "http://www.com/", true},
		{"StripWWW", func(c *Canonicalizer) { c.StripWWW = true }, "http://wwwx.example.com/", "http://wwwx.example.com/", true},
		{"StripWWW", func(c *Canonicalizer) { c.StripWWW = true }, "sc://www.example.com/", "sc://www.example.com/", true},
		{"RemoveTrackingParams", func(c *Canonicalizer) { c.RemoveTrackingParams = true }, "http://e.com/?utm_source=a&id=1&UTM_Medium=b&gclid=x&fbclid=y&%75tm_x=1", "http://e.com/?id=1", false},
		{"RemoveTrackingParams", func(c *Canonicalizer) { c.RemoveTrackingParams = true }, "http://e.com/?utm_source=a", "http://e.com/", false},
		{"RemoveTrackingParams", func(c *Canonicalizer) { c.RemoveTrackingParams = true }, "http://e.com/?gclidx=1&utm=2", "http://e.com/?gclidx=1&utm=2", true},
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com/a;jsessionid=ABC?PHPSESSID=1&x=2&sid=3&ASPSESSIONIDQQ=4", "http://e.com/a?x=2", false},
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com/;JSESSIONID=1", "http://e.com/", false},
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com/a;v=1?sidx=1", "http://e.com/a;v=1?sidx=1", true},
		// What the removal leaves may be a dot segment: it is resolved.
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com/a/%2e;jsessionid=1", "http://e.com/a/", false},
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com/a/b/..;jsessionid=1", "http://e.com/a/", false},
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com/a/b/.%2E;JSESSIONID=1?x", "http://e.com/a/?x", false},
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com/..;jsessionid=1", "http://e.com/", false},
		{"RemoveSessionIDs", func(c *Canonicalizer) { c.RemoveSessionIDs = true }, "http://e.com///.;jsessionid=1", "http://e.com///", false},
		{"RemoveIndexPage", func(c *Canonicalizer) { c.RemoveIndexPage = true }, "http://e.com/docs/index.html", "http://e.com/docs/", false},
		{"RemoveIndexPage", func(c *Canonicalizer) { c.RemoveIndexPage = true }, "http://e.com/Default.ASPX?x=1", "http://e.com/?x=1", false},
		{"RemoveIndexPage", func(c *Canonicalizer) { c.RemoveIndexPage = true }, "http://e.com/%69ndex.php", "http://e.com/", false},
		{"RemoveIndexPage", func(c *Canonicalizer) { c.RemoveIndexPage = true }, "http://e.com/index.html/x", "http://e.com/index.html/x", true},
		{"RemoveIndexPage", func(c *Canonicalizer) { c.RemoveIndexPage = true }, "http://e.com/myindex.html", "http://e.com/myindex.html", true},
		{"RemoveTrailingSlash", func(c *Canonicalizer) { c.TrailingSlash = RemoveTrailingSlash }, "http://e.com/a/b//", "http://e.com/a/b", false},
		{"RemoveTrailingSlash", func(c *Canonicalizer) { c.TrailingSlash = RemoveTrailingSlash }, "http://e.com/", "http://e.com/", true},
		{"RemoveTrailingSlash", func(c *Canonicalizer) { c.TrailingSlash = RemoveTrailingSlash }, "http://e.com//", "http://e.com/", false},
		{"AddTrailingSlash", func(c *Canonicalizer) { c.TrailingSlash = AddTrailingSlash }, "http://e.com/a/b?q", "http://e.com/a/b/?q", false},
		{"AddTrailingSlash", func(c *Canonicalizer) { c.TrailingSlash = AddTrailingSlash }, "http://e.com/a/b.html", "http://e.com/a/b.html", true},
		{"AddTrailingSlash", func(c *Canonicalizer) { c.TrailingSlash = AddTrailingSlash }, "http://e.com/a/b%2Ehtml", "http://e.com/a/b.html", true},
		{"AddTrailingSlash", func(c *Canonicalizer) { c.TrailingSlash = AddTrailingSlash }, "sc://e.com/a", "sc://e.com/a", true},
		{"all", func(c *Canonicalizer) { *c = all }, "http://www.e.com/a/index.html/;jsessionid=1/?utm_id=1&b=2&a=1#x", "http://e.com/a?a=1&b=2", false},
		{"all", func(c *Canonicalizer) { *c = all }, "http://www.e.com/index.jsp;jsessionid=1", "http://e.com/", false},
	} {
		t.Run(tc.name+"/"+tc.in, func(t *testing.T) {
			c := Crawler
			tc.set(&c)
			got, err := c.Canonicalize(tc.in)
			if err != nil || got != tc.want {
				t.Fatalf("Canonicalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			if again, err := c.Canonicalize(got); err != nil || again != got {
				t.Fatalf("not idempotent: Canonicalize(%q) = %q, %v", got, again, err)
			}
			plain, _ := Crawler.Canonicalize(tc.in)
			if tc.nothing != (plain == got) {
				t.Fatalf("Crawler gives %q, the option %q: the option should apply: %v", plain, got, !tc.nothing)
			}
		})
	}
	if (Crawler != Canonicalizer{}) {
		t.Fatal("the Crawler profile was modified")
	}
}

func TestCanonicalizeRef(t *testing.T) {
	base := MustParse("https://Example.com/dir/page.html?x#top")
	for _, tc := range []struct {
		c         Canonicalizer
		base      *URL
		ref, want string
	}{
		{Crawler, base, "../%7Ea?b=1&a=2#f", "https://example.com/~a?a=2&b=1"},
		{Crawler, base, "#only-fragment", "https://example.com/dir/page.html?x"},
		{Crawler, nil, "http://e.com/#x", "http://e.com/"},
		{SafeBrowsing, base, "../a/..//b/%2525", "https://example.com/b/%25"},
		{SafeBrowsing, nil, "www.example.com", "http://www.example.com/"},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			got, err := tc.c.CanonicalizeRef(tc.base, tc.ref)
			if err != nil || got != tc.want {
				t.Fatalf("CanonicalizeRef(%v, %q) = %q, %v; want %q", tc.base, tc.ref, got, err, tc.want)
			}
		})
	}
	if _, err := Crawler.CanonicalizeRef(base, "http://[::1"); err == nil {
		t.Fatal("CanonicalizeRef of an invalid reference succeeded")
	}
}

// TestCompareFormNames checks the lazy comparison against decoding the
// names with the form parser and comparing them as SearchParams.Sort
// does.
func TestCompareFormNames(t *testing.T) {
	names := []string{
		"", "a", "b", "a+b", "a%20b", "%61", "%zz", "%", "%4", "%C3%A9", "%C3", "%C3%28",
		"%E2%82", "%E2%82X", "%EF%BF%BD", "%F0%90%80%80", "%EF%BC%A1", "%ED%A0%80", "%F4%90%80%80",
		"%E0%80%80", "%F0%80", "%FF", "%C0%AF", "%EFA", "~", "%7E",
	}
	decode := func(s string) string {
		return decodeFormComponent(s)
	}
	sign := func(n int) int {
		switch {
		case n < 0:
			return -1
		case n > 0:
			return 1
		}
		return 0
	}
	for _, a := range names {
		for _, b := range names {
			if got, want := sign(compareFormNames(a, b)), sign(compareUTF16(decode(a), decode(b))); got != want {
				t.Errorf("compareFormNames(%q, %q) = %d, want %d (decoded %q, %q)", a, b, got, want, decode(a), decode(b))
			}
		}
	}
}

// TestCrawlerAllocs: a canonical URL costs nothing beyond Parse; one
// that changes costs one allocation more.
func TestCrawlerAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	for _, tc := range []struct {
		in    string
		extra float64
	}{
		{"https://example.com/a/b?x=1&y=2", 0},
		{"https://example.com/a/b?x=1&y=2#frag", 0},
		{"https://example.com/%7Ea/b?y=1&x=2", 1},
		{"https://example.com/a/b?p9=1&p8=1&p7=1&p6=1&p5=1&p4=1&p3=1&p2=1&p1=1&p0=1", 1},
	} {
		parse := testing.AllocsPerRun(100, func() { _, _ = Parse(tc.in) })
		canon := testing.AllocsPerRun(100, func() { _, _ = Crawler.Canonicalize(tc.in) })
		if canon != parse+tc.extra {
			t.Errorf("%q: Canonicalize %v allocations, Parse %v; want Parse + %v", tc.in, canon, parse, tc.extra)
		}
	}
}

// canonFuzzProfiles are the profiles and option sets the fuzz target
// checks for idempotence.
func canonFuzzProfiles() map[string]Canonicalizer {
	all := Crawler
	all.StripWWW, all.RemoveTrackingParams, all.RemoveSessionIDs, all.RemoveIndexPage = true, true, true, true
	all.TrailingSlash = RemoveTrailingSlash
	add := all
	add.TrailingSlash = AddTrailingSlash
	idx := Crawler
	idx.RemoveIndexPage, idx.TrailingSlash = true, AddTrailingSlash
	return map[string]Canonicalizer{
		"SafeBrowsing": SafeBrowsing, "Crawler": Crawler,
		"all+remove-slash": all, "all+add-slash": add, "index+add-slash": idx,
	}
}

// FuzzCanonicalize checks that every profile is idempotent, that a
// Crawler key parses to itself, and that nothing panics.
func FuzzCanonicalize(f *testing.F) {
	for _, tc := range safeBrowsingPageExamples {
		f.Add(tc.in)
	}
	fuzzSeeds(f, func(input, base string) {
		if base == "" {
			f.Add(input)
		}
	})
	f.Add("http://www.e.com/a/index.html/;jsessionid=1/?utm_id=1&b=2&a=1#x")
	f.Add("http://example.com/%%34%31?b=%7e&a=%zz&&")
	profiles := canonFuzzProfiles()
	f.Fuzz(func(t *testing.T, input string) {
		for name, c := range profiles {
			key, err := c.Canonicalize(input)
			if err != nil {
				continue
			}
			again, err := c.Canonicalize(key)
			if err != nil || again != key {
				t.Fatalf("%s: Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", name, input, key, key, again, err)
			}
			if name == "SafeBrowsing" {
				continue
			}
			u, err := Parse(key)
			if err != nil || u.Href() != key {
				t.Fatalf("%s: key %q of %q does not parse to itself: %v", name, key, input, err)
			}
		}
	})
}

// BenchmarkCanonicalize times the profiles over the datasets; run it
// beside BenchmarkParse to read the cost of canonicalization off one run:
//
//	URL_DATASETS=../shared/datasets go test -run '^$' -bench 'Parse$|Canonicalize' -benchmem
func BenchmarkCanonicalize(b *testing.B) {
	for _, p := range []struct {
		name string
		c    Canonicalizer
	}{{"Crawler", Crawler}, {"SafeBrowsing", SafeBrowsing}} {
		b.Run(p.name, func(b *testing.B) {
			benchDatasets(b, func(s string) int {
				key, err := p.c.Canonicalize(s)
				if err != nil {
					return 0
				}
				return len(key)
			})
		})
	}
}

// BenchmarkCanonicalizeVsParse times Crawler.Canonicalize and Parse on
// the same chunks of 256 URLs of each dataset, alternately and in
// alternating order, so that both see the same load on a shared machine;
// it reports the ratio of their total times (canon/parse) beside each
// one's ns/url:
//
//	URL_DATASETS=../shared/datasets go test -run '^$' -bench CanonicalizeVsParse
func BenchmarkCanonicalizeVsParse(b *testing.B) {
	parsePass := func(urls []string) (n int) {
		for _, s := range urls {
			if u, err := Parse(s); err == nil {
				n += len(u.Href())
			}
		}
		return n
	}
	canonPass := func(urls []string) (n int) {
		for _, s := range urls {
			key, _ := Crawler.Canonicalize(s)
			n += len(key)
		}
		return n
	}
	for _, name := range datasetNames {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			urls := loadDataset(b, name)
			var parse, canon time.Duration
			sink, flip := 0, false
			for b.Loop() {
				for i := 0; i < len(urls); i += 256 {
					chunk := urls[i:min(i+256, len(urls))]
					flip = !flip
					t0 := time.Now()
					if flip {
						sink += parsePass(chunk)
					} else {
						sink += canonPass(chunk)
					}
					t1 := time.Now()
					if flip {
						sink += canonPass(chunk)
					} else {
						sink += parsePass(chunk)
					}
					t2 := time.Now()
					if flip {
						parse, canon = parse+t1.Sub(t0), canon+t2.Sub(t1)
					} else {
						canon, parse = canon+t1.Sub(t0), parse+t2.Sub(t1)
					}
				}
			}
			n := float64(b.N) * float64(len(urls))
			b.ReportMetric(float64(parse.Nanoseconds())/n, "parse-ns/url")
			b.ReportMetric(float64(canon.Nanoseconds())/n, "canon-ns/url")
			b.ReportMetric(float64(canon)/float64(parse), "canon/parse")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// TestCanonicalizeLinear: long inputs of the shapes that cost the most
// (many parameters to sort, many escapes, many path segments) stay
// fast: a quadratic step would take minutes here.
func TestCanonicalizeLinear(t *testing.T) {
	n := 1 << 16
	var params []string
	for i := n; i > 0; i-- {
		params = append(params, "p"+strings.Repeat("x", i%7)+"=1")
	}
	inputs := []string{
		"http://e.com/?" + strings.Join(params, "&"),
		"http://e.com/" + strings.Repeat("%%34%31%7e", n),
		"http://www.e.com/" + strings.Repeat("index.html/", n),
		"http://e.com/" + strings.Repeat("a/../", n),
	}
	all := canonFuzzProfiles()["all+remove-slash"]
	for _, in := range inputs {
		for _, c := range []Canonicalizer{Crawler, all, SafeBrowsing} {
			if _, err := c.Canonicalize(in); err != nil {
				t.Fatalf("%.40q: %v", in, err)
			}
		}
	}
}

// TestCanonicalizeConcurrent: the profiles and a copy with options are
// used from many goroutines at once (run with -race); the profiles are
// values that no method modifies.
func TestCanonicalizeConcurrent(t *testing.T) {
	inputs := []string{
		"http://www.example.com/a/index.html?utm_source=x&b=2&a=1#f",
		"http://host/%25%32%35", "https://example.com/%7e?",
	}
	want := map[string][3]string{}
	profiles := canonFuzzProfiles()
	for name, c := range profiles {
		var w [3]string
		for i, in := range inputs {
			w[i], _ = c.Canonicalize(in)
		}
		want[name] = w
	}
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func() {
			var err error
			for range 50 {
				for name, c := range profiles {
					for i, in := range inputs {
						if got, _ := c.Canonicalize(in); got != want[name][i] && err == nil {
							err = errors.New(name + ": " + in + " gave " + got)
						}
					}
				}
			}
			done <- err
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	if (Crawler != Canonicalizer{}) || (SafeBrowsing != Canonicalizer{safeBrowsing: true}) {
		t.Fatal("a profile was modified")
	}
}

// TestCanonicalizeIdempotentTokens strings together random pieces of URL
// syntax that the rules treat specially (escapes, dot segments, session
// ids, index pages, brackets, IDNA-mapped delimiters) and checks every
// profile's keys for idempotence. The fuzzer finds such combinations
// slowly; this found two bugs it had missed.
func TestCanonicalizeIdempotentTokens(t *testing.T) {
	tokens := []string{
		"%", "2", "5", "3", "4", "1", "e", "E", "a", "F", "/", ".", "..", "?", "&", "=", "#", "@", ":",
		"[", "]", "www.", "WWW.", "index.html", "Index.HTML", "%69ndex.php", ";jsessionid=", ";JSESSIONID=x",
		"..;jsessionid=1", "C|", "c:", "file:", "http:", "https://", "sc:", "sc://", "//", "\\", "\xEF\xBC\xA0",
		"\xEF\xBC\x8F", "\xC3\xBC", "\xE3\x80\x82", "\xE2\x85\xA8", "\xff", "\x80", "0x", "0", "077", "255",
		"4294967296", " ", "\t", "+", "%2e", "%2E%2e", "%7e", "%41", "%25", "%%", "%zz", "%3B", "%40", "%2F",
		"%3F", "%23", "%5B", "%F0%90%80%80", "%EF%BF%BD", "%C3", "utm_a=1", "sid", "?a=1", "&b", "[::1]",
		"mailto:", "data:,", "ws:", "ftp:", "www.co.uk", "xn--", "-",
	}
	starts := []string{"", "http://", "https://www.", "file:///", "sc://", "http://h/"}
	profiles := canonFuzzProfiles()
	// A fixed linear congruential sequence: the same inputs every run.
	state := uint64(1)
	next := func(n int) int {
		state = state*6364136223846793005 + 1442695040888963407
		return int(state>>33) % n
	}
	for range 30000 {
		var b strings.Builder
		b.WriteString(starts[next(len(starts))])
		for k := 1 + next(12); k > 0; k-- {
			b.WriteString(tokens[next(len(tokens))])
		}
		input := b.String()
		for name, c := range profiles {
			key, err := c.Canonicalize(input)
			if err != nil {
				continue
			}
			if again, err := c.Canonicalize(key); err != nil || again != key {
				t.Fatalf("%s: Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", name, input, key, key, again, err)
			}
		}
	}
}
