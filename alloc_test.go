package url

import (
	"strings"
	"testing"
)

var (
	sinkURL *URL
	sinkInt int
)

// Inputs already in normal form: their href is the input itself.
var normalizedInputs = []string{
	"https://example.com/",
	"https://example.com/a/b?c=d#e",
	"http://user:pass@example.com:8080/p/a/t/h?query=string#hash",
	"https://192.168.0.1/",
	"https://[::1]:8443/x",
	"file:///etc/passwd",
	"mailto:someone@example.com",
	"sc://opaque.host/path?q",
	"https://xn--nxasmq6b.com/",
	"https://example.com/" + strings.Repeat("segment/", 100),
	"  https://example.com/ ", // the href is a substring of the input
}

// Inputs whose href differs from the input.
var rewrittenInputs = []string{
	"HTTPS://EXAMPLE.COM/",
	"https://example.com:443/a/./b/../c",
	"https://example.com/a b",
	"https:\\\\example.com\\x",
	"https://EXAMPLE.com/" + strings.Repeat("a/../", 100),
}

// Inputs that preprocessing must copy. CanParse reads them in place,
// but for a tab or newline before the path: it then copies the part up
// to the path (canparse.go).
var copiedInputs = []string{
	"https://h/\xff",
	"https://h/a\tb?c\nd#e\rf",
	"\xff://h/",
	"https://u\xff:p\xff@h/",
	"sc://\xff/",
}

// Inputs with a tab or newline before the path.
var tabbedInputs = []string{
	"https://exa\tmple.com/",
	"https://h\n/",
	"ht\ttps://h/",
}

// Long inputs that preprocessing would copy, with their parse result
// and CanParse's allocations.
var longCopiedInputs = []struct {
	name, input string
	ok          bool
	allocs      float64
}{
	{"tabs in path", "https://example.com/" + strings.Repeat("\t", 1<<20) + "x", true, 0},
	{"invalid UTF-8 in path", "https://h/" + strings.Repeat("\xff", 1<<20), true, 0},
	{"invalid UTF-8 in opaque host", "sc://" + strings.Repeat("\xff", 1<<20) + "/", true, 0},
	{"invalid UTF-8 in host", "https://" + strings.Repeat("\xff", 1<<20) + "/", false, 0},
	{"invalid UTF-8 and tabs", "https://h/" + strings.Repeat("\xe2\t\x82\xac", 1<<18), true, 0},
	// One copy, of the part up to the path only.
	{"tabs in host", "https://exa" + strings.Repeat("\t", 1<<20) + "mple.com/" + strings.Repeat("\xff", 1<<20), true, 1},
	{"tabs before host", "https://" + strings.Repeat("\n", 1<<20) + "example.com/", true, 1},
}

// Bases that are not in normal form: the parse of the base would copy.
var nonNormalBases = []string{
	"HTTPS://EXAMPLE.COM/dir/page.html",
	"https://example.com/a/../dir/./page.html?q r#f",
	"https://h/\xff/",
	"https://h/d\tir/",
	"file:///C|/dir/",
	"sc://H/a b",
	"sc:opaque path",
	"https://example.com/" + strings.Repeat("\xff", 1<<16),
}

// TestAllocs pins the allocation counts of issue 8: a parse-and-read
// loop that does not keep the URL allocates nothing for an input in
// normal form; a kept *URL costs one allocation, two when the href
// differs from the input; CanParse allocates nothing, invalid UTF-8 and
// bases not in normal form included, but one copy of the part up to the
// path of an input (or base) with a tab or newline there.
func TestAllocs(t *testing.T) {
	skipIfInvariantChecks(t)
	check := func(t *testing.T, what string, want float64, f func()) {
		t.Helper()
		if got := testing.AllocsPerRun(100, f); got != want {
			t.Errorf("%s: %v allocs, want %v", what, got, want)
		}
	}
	for _, in := range normalizedInputs {
		t.Run(in, func(t *testing.T) {
			check(t, "Parse+Href, URL not kept", 0, func() {
				if u, err := Parse(in); err == nil {
					sinkInt += len(u.Href()) + len(u.Hostname()) + len(u.Pathname())
				}
			})
			check(t, "Parse, URL kept", 1, func() { sinkURL, _ = Parse(in) })
			check(t, "CanParse", 0, func() { CanParse(in) })
			var pr Parser
			check(t, "(*Parser).Parse, URL not kept", 0, func() {
				if u, err := pr.Parse(in); err == nil {
					sinkInt += len(u.Href())
				}
			})
		})
	}
	for _, in := range rewrittenInputs {
		t.Run(in, func(t *testing.T) {
			check(t, "Parse+Href, URL not kept", 1, func() {
				if u, err := Parse(in); err == nil {
					sinkInt += len(u.Href())
				}
			})
			check(t, "Parse, URL kept", 2, func() { sinkURL, _ = Parse(in) })
			check(t, "CanParse", 0, func() { CanParse(in) })
		})
	}
	for _, in := range copiedInputs {
		t.Run(in, func(t *testing.T) {
			check(t, "CanParse", 0, func() { CanParse(in) })
		})
	}
	for _, in := range tabbedInputs {
		t.Run(in, func(t *testing.T) {
			check(t, "CanParse", 1, func() { CanParse(in) })
			check(t, "CanParse, as the base", 1, func() { CanParse("other.html", in) })
		})
	}
	for _, tc := range longCopiedInputs {
		t.Run(tc.name, func(t *testing.T) {
			if got := CanParse(tc.input); got != tc.ok {
				t.Fatalf("CanParse = %v, want %v", got, tc.ok)
			}
			if got := testing.AllocsPerRun(2, func() { CanParse(tc.input) }); got != tc.allocs {
				t.Errorf("CanParse: %v allocs, want %v", got, tc.allocs)
			}
		})
	}
	for _, base := range nonNormalBases {
		name := base
		if len(name) > 60 {
			name = name[:60]
		}
		for _, in := range []string{"other.html", "../up?q", "//cdn.example.net/x.js", "#top", "?q", "", "/C:/x", "https://elsewhere.example/"} {
			t.Run(in+" against "+name, func(t *testing.T) {
				check(t, "CanParse", 0, func() { CanParse(in, base) })
			})
		}
	}
	base := "https://example.com/dir/page.html"
	for _, in := range []string{"other.html", "../up?q", "//cdn.example.net/x.js", "#top", "https://elsewhere.example/", "\\x?y#z"} {
		t.Run(in+" against "+base, func(t *testing.T) {
			check(t, "CanParse", 0, func() { CanParse(in, base) })
		})
	}
	for _, in := range []string{"", "http://", "https://h:99999/", "ht tp://x", "//x", "https://a b/"} {
		t.Run("invalid "+in, func(t *testing.T) {
			check(t, "CanParse", 0, func() { CanParse(in) })
		})
	}
	// Setters: one allocation in a run of setters on one URL, the href
	// buffer the first change makes (hrefbuf.go), which the changes
	// after it write into; none when nothing changes. Each run copies
	// a parsed URL, with no buffer yet, into a URL already on the
	// heap, and sets a and then b: two changes, one allocation; or,
	// with a twice, none. (SetHref parses its value: a value in normal
	// form is the href itself, and no allocation.)
	const href = "https://www.example.com/archives/2006/02/page.shtml?q=395704&sort=desc#top"
	for _, tc := range []struct {
		name string
		set  func(*URL, string) error
		a, b string
	}{
		{"SetPathname", (*URL).SetPathname, "/projects/cosm/", "/group/Web tv/x.html"},
		{"SetPathname dot segments", (*URL).SetPathname, "/a/../projects/cosm/", "/group/./Web tv/x.html"},
		{"SetSearch", (*URL).SetSearch, "?q=545727&sort=desc&x=1", "q=165710&s=a b"},
		{"SetHash", (*URL).SetHash, "#top", "frag ment"},
		{"SetHost", (*URL).SetHost, "example.org", "www.example.net:8080"},
		{"SetHostname", (*URL).SetHostname, "example.org", "www.example.net"},
		{"SetPort", (*URL).SetPort, "8080", ""},
		{"SetProtocol", (*URL).SetProtocol, "http", "https"},
		{"SetUsername", (*URL).SetUsername, "user", "us er"},
		{"SetPassword", (*URL).SetPassword, "secret", "pass word"},
		{"SetHref", (*URL).SetHref, "https://a.example/", "HTTPS://B.example/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parsed := MustParse(href)
			u := new(URL)
			check(t, "two changes", 1, func() { *u = *parsed; tc.set(u, tc.a); tc.set(u, tc.b) })
			*u = *parsed
			tc.set(u, tc.a)
			check(t, "no change", 0, func() { tc.set(u, tc.a) })
			*u = *parsed
			same := getterOf(tc.name)(u)
			check(t, "no change on a URL without a buffer", 0, func() { tc.set(u, same) })
		})
	}
	// Runs of three setters of every kind on one URL: one allocation
	// each. (A first buffer has room for the href and about two more of
	// its length: a longer run of rewrites allocates about once every
	// three; hrefbuf_test.go.)
	for _, run := range []struct {
		set  func(u *URL)
		want string
	}{
		{func(u *URL) { u.SetHost("example.org:8080"); u.SetPort("8443"); u.SetPathname("/new page") },
			"https://example.org:8443/new%20page?q=395704&sort=desc#top"},
		{func(u *URL) { u.SetProtocol("http"); u.SetUsername("user"); u.SetHash("") },
			"http://user@www.example.com/archives/2006/02/page.shtml?q=395704&sort=desc"},
		{func(u *URL) { u.SetPassword("pass"); u.SetHostname("www.example.net"); u.SetSearch("q=1") },
			"https://:pass@www.example.net/archives/2006/02/page.shtml?q=1#top"},
	} {
		t.Run("run to "+run.want, func(t *testing.T) {
			parsed := MustParse(href)
			u := new(URL)
			check(t, "three setters", 1, func() { *u = *parsed; run.set(u) })
			if u.Href() != run.want {
				t.Errorf("Href() = %q, want %q", u.Href(), run.want)
			}
		})
	}
	// Removing what ends the href (the fragment, or the query of a URL
	// with no fragment) leaves a prefix of it: no allocation. (Direct
	// calls: through a func value the URL would escape.)
	t.Run("SetHash empty", func(t *testing.T) {
		check(t, "Parse+SetHash+Href", 0, func() {
			u, _ := Parse(href)
			u.SetHash("")
			sinkInt += len(u.Href())
		})
	})
	t.Run("SetSearch empty", func(t *testing.T) {
		check(t, "Parse+SetSearch+Href", 0, func() {
			u, _ := Parse("https://www.example.com/archives/page.shtml?q=395704&sort=desc")
			u.SetSearch("")
			sinkInt += len(u.Href())
		})
	})
	t.Run("setters on a URL not kept", func(t *testing.T) {
		check(t, "Parse+SetPathname+SetSearch+SetHash+Href", 1, func() {
			u, _ := Parse(href)
			u.SetPathname("/new page")
			u.SetSearch("q=1")
			u.SetHash("bottom")
			sinkInt += len(u.Href())
		})
	})
	// A URL with a fragment: the query the search setter adds lies
	// before it, in the search setter's href and the hash setter's (the
	// setters workload's lines that needed a second buffer).
	t.Run("setters on a URL with a fragment", func(t *testing.T) {
		check(t, "Parse+SetPathname+SetSearch+SetHash+Href", 1, func() {
			u, _ := Parse("https://snarfed.org/space/software#patches")
			u.SetPathname("/~lmauldin/index.htm")
			u.SetSearch("q=734750&sort=desc&x=1")
			u.SetHash("#comments")
			sinkInt += len(u.Href())
		})
	})
	// Internationalized hosts: the href alone (appendUTS46FastASCII decides them,
	// upper case too); a domain it leaves to x/net/idna costs more (its
	// ToUnicode copies its profile, and builds the mapped domain).
	for _, in := range idnInputs {
		t.Run("IDN "+in, func(t *testing.T) {
			check(t, "Parse+Href, URL not kept", 1, func() {
				if u, err := Parse(in); err == nil {
					sinkInt += len(u.Href())
				}
			})
			check(t, "CanParse", 0, func() {
				if CanParse(in) {
					sinkInt++
				}
			})
		})
	}
	// Relative references: the href, or nothing when it is a prefix of
	// the base's (the fast path, resolveNormalized, gives a substring).
	page := MustParse("https://example.com/dir/sub/page.html?x#y")
	for _, ref := range []string{"other.html", "../up?q", "../../x", "./x?q", "/abs/path?q", "?q=1", "#frag", "//cdn.example.net/x.js", "img/a b.png", "", "#y", "page.html?x", "./", ".."} {
		want := 1.0
		if ref == "" || ref == "./" || ref == ".." {
			want = 0
		}
		t.Run("relative "+ref+" against "+page.Href(), func(t *testing.T) {
			check(t, "(*URL).Parse+Href, URL not kept", want, func() {
				if v, err := page.Parse(ref); err == nil {
					sinkInt += len(v.Href())
				}
			})
		})
	}
	t.Run("relative against a normal base", func(t *testing.T) {
		u := MustParse(base)
		check(t, "(*URL).Parse+Href, URL not kept", 1, func() {
			if v, err := u.Parse("other.html"); err == nil {
				sinkInt += len(v.Href())
			}
		})
		check(t, "(*URL).Parse, URL not kept, same href", 0, func() {
			if v, err := u.Parse("https://example.com/"); err == nil {
				sinkInt += len(v.Href())
			}
		})
	})
}

// TestSearchParamsAllocs pins what a standalone URLSearchParams costs:
// parse a query, append, sort, serialize. A list of up to smallPairs
// pairs lives in the object, which stays on the caller's stack, and its
// names and values are decoded only when read: the result string is the
// one allocation. A longer list costs the slice, the one buffer for
// every name and value that decoding changes, and the string.
func TestSearchParamsAllocs(t *testing.T) {
	skipIfInvariantChecks(t)
	long := strings.Repeat("k=v+w&", smallPairs)
	for _, tc := range []struct {
		query string
		want  float64
	}{
		{"limit=foo%2Fbar&doi=jas.2002.453.456&category=a%20b&q=hello+world&article=1001", 1},
		{"a=1&b=2&c=3", 1}, // nothing to decode
		{"", 1},
		{"caf%C3%A9=%E2%82%AC&+a=%ff&\xff=1", 1}, // raw names sort and serialize decoded
		{strings.Repeat("q=hello+world&", smallPairs-1), 1}, // room for the appended pair
		{long, 3},
	} {
		t.Run(tc.query, func(t *testing.T) {
			got := testing.AllocsPerRun(100, func() {
				sp := NewSearchParams(tc.query)
				sp.Append("x&y", "a b")
				sp.Sort()
				sinkInt += len(sp.String())
			})
			if got != tc.want {
				t.Errorf("NewSearchParams+Append+Sort+String: %v allocs, want %v", got, tc.want)
			}
		})
	}
}

// BenchmarkKeptURLFloor times what keeping a parsed URL adds to Parse:
// one allocation of a URL, kept in a variable (the floor of the
// weburlkeep workload of ../shared/tools/perf-ada), beside Parse of a URL
// in normal form with and without keeping it.
func BenchmarkKeptURLFloor(b *testing.B) {
	const in = "https://www.example.com/archives/2006/02/page.shtml?q=395704"
	b.Run("new(URL)", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkURL = new(URL)
		}
	})
	b.Run("Parse, kept", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkURL, _ = Parse(in)
		}
	})
	b.Run("Parse, not kept", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if u, err := Parse(in); err == nil {
				sinkInt += len(u.Href())
			}
		}
	})
}

// BenchmarkKeptURLFloorKasztp is BenchmarkKeptURLFloor over the lines of
// kasztp.txt (URL_DATASETS), as perf-ada's weburl and weburlkeep loops
// run: the dataset is live, so the collector's marking, assists and
// write barriers are in the figures, one op being one line. "new(URL)"
// is what keeping costs without parsing.
func BenchmarkKeptURLFloorKasztp(b *testing.B) {
	lines := loadDataset(b, "kasztp.txt")
	b.Run("new(URL)", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			u := new(URL)
			u.href = lines[i%len(lines)]
			sinkURL = u
		}
	})
	b.Run("Parse, kept", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			sinkURL, _ = Parse(lines[i%len(lines)])
		}
	})
	b.Run("Parse, not kept", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if u, err := Parse(lines[i%len(lines)]); err == nil {
				sinkInt += len(u.Href())
			}
		}
	})
}

// getterOf returns the getter of the attribute that the setter named
// name (its first word) sets.
func getterOf(name string) func(*URL) string {
	name, _, _ = strings.Cut(name, " ")
	return map[string]func(*URL) string{
		"SetHref": (*URL).Href, "SetProtocol": (*URL).Protocol,
		"SetUsername": (*URL).Username, "SetPassword": (*URL).Password,
		"SetHost": (*URL).Host, "SetHostname": (*URL).Hostname,
		"SetPort": (*URL).Port, "SetPathname": (*URL).Pathname,
		"SetSearch": (*URL).Search, "SetHash": (*URL).Hash,
	}[name]
}
