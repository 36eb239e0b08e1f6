package url

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkMakeRelative checks MakeRelative's promises for one pair: a
// reference that resolves to exactly target's href, no longer than it.
func checkMakeRelative(t *testing.T, base, target *URL) (string, bool) {
	t.Helper()
	ref, ok := base.MakeRelative(target)
	if !ok {
		if ref != "" {
			t.Errorf("MakeRelative = %q, false", ref)
		}
		return ref, ok
	}
	if len(ref) > len(target.Href()) {
		t.Errorf("reference %q is longer than the href %q", ref, target.Href())
	}
	v, err := base.Parse(ref)
	if err != nil {
		t.Fatalf("%q against %q: %v", ref, base.Href(), err)
	}
	if v.Href() != target.Href() {
		t.Errorf("%q against %q = %q, want %q", ref, base.Href(), v.Href(), target.Href())
	}
	return ref, ok
}

// shorterThanRustURL lists the rust-url cases where MakeRelative gives a
// shorter reference than rust-url (a path from the root where rust-url
// climbs with "../"), by base and target.
var shorterThanRustURL = map[[2]string]string{
	{"http://127.0.0.1:8080/test/", "http://127.0.0.1:8080/test"}:             "/test",
	{"http://127.0.0.1:8080/test/", "http://127.0.0.1:8080/test2/video"}:      "/test2/video",
	{"http://127.0.0.1:8080/test/bla", "http://127.0.0.1:8080/test2/video"}:   "/test2/video",
	{"http://127.0.0.1:8080/test/bla/", "http://127.0.0.1:8080/test2/video"}:  "/test2/video",
	{"http://127.0.0.1:8080/test/", "http://127.0.0.1:8080/test?baz=meh#456"}: "/test?baz=meh#456",
}

// TestMakeRelativeRustURL runs rust-url's make_relative cases
// (testdata/makerelative-rust-url.json): the same answer, or the shorter
// one listed in shorterThanRustURL (rust-url's own answer must then
// resolve too); no reference where rust-url has none.
func TestMakeRelativeRustURL(t *testing.T) {
	var raw []json.RawMessage
	loadJSON(t, filepath.Join("testdata", "makerelative-rust-url.json"), &raw)
	for _, r := range objects(t, raw) {
		var c struct {
			Base, Target string
			Relative     *string
		}
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		t.Run(c.Target+" against "+c.Base, func(t *testing.T) {
			base, target := MustParse(c.Base), MustParse(c.Target)
			ref, ok := checkMakeRelative(t, base, target)
			if c.Relative == nil {
				if ok {
					t.Errorf("MakeRelative = %q, true; rust-url has none", ref)
				}
				return
			}
			want := *c.Relative
			if shorter, listed := shorterThanRustURL[[2]string{c.Base, c.Target}]; listed {
				if v, err := base.Parse(want); err != nil || v.Href() != c.Target {
					t.Errorf("rust-url's %q does not resolve to the target: %v %v", want, v, err)
				}
				want = shorter
			}
			if !ok || ref != want {
				t.Errorf("MakeRelative = %q, %v; want %q", ref, ok, want)
			}
		})
	}
}

func TestMakeRelative(t *testing.T) {
	for _, c := range []struct {
		base, target, want string
		ok                 bool
	}{
		// Only the fragment differs: the fragment, or the empty reference.
		{"https://h/a?q#x", "https://h/a?q#y", "#y", true},
		{"https://h/a?q#x", "https://h/a?q#", "#", true},
		{"https://h/a?q#x", "https://h/a?q", "", true},
		// The query: "?q", or the last segment when the target has none.
		{"https://h/a/b?x", "https://h/a/b?", "?", true},
		{"https://h/a/b?x", "https://h/a/b", "b", true},
		{"https://h/a/?x", "https://h/a/", ".", true},
		{"https://h/a/b", "https://h/a/?q", ".?q", true},
		// Up to a directory: ".." rather than "../".
		{"https://h/a/b/c", "https://h/a/", "..", true},
		{"https://h/a/b/c/d", "https://h/a/", "/a/", true},
		// A segment that would read as a scheme, or an empty one as a host.
		{"https://h/a/x", "https://h/a/b:c", "./b:c", true},
		{"https://h/a", "https://h/b:c", "/b:c", true},
		{"https://h/a/", "https://h/a//b", ".//b", true},
		{"https://h/x", "https://h//b", ".//b", true},
		{"https://h/x/y/z", "https://h//b", "/.//b", true},
		// Non-special URLs: an empty path, and a null host whose path
		// starts with "//" (serialized "/.//").
		{"sc://h/x", "sc://h", "//h", true},
		{"sc:/x/y/z", "sc:/.//p", "/.//p", true},
		{"sc:/x/y", "sc:/.//p", "..//p", true}, // as short as "/.//p": the earlier kind
		{"sc:/x", "sc:/y", "y", true},
		// file: URLs and Windows drive letters.
		{"file:///C:/a/b", "file:///C:/c", "../c", true},
		{"file:///C:/a", "file:///D:/b", "/D:/b", true},
		{"file://host/a", "file://host/b?c", "b?c", true},
		// The default port is no port.
		{"http://h:80/a", "http://h/b", "b", true},
		// Opaque paths: only a fragment.
		{"mailto:a@example.com", "mailto:a@example.com#x", "#x", true},
		{"mailto:a@example.com#x", "mailto:a@example.com", "", false},
		{"data:,x", "data:,y", "", false},
		{"sc:/a", "sc:b", "", false},
		{"sc:b", "sc:/a", "", false},
		// Another scheme, user, password, host or port.
		{"http://h/", "https://h/", "", false},
		{"http://u@h/", "http://h/", "", false},
		{"http://u:p@h/", "http://u:q@h/", "", false},
		{"http://h/", "http://g/", "", false},
		{"http://h:81/", "http://h:82/", "", false},
		{"file:///a", "file://h/a", "", false},
	} {
		t.Run(c.target+" against "+c.base, func(t *testing.T) {
			ref, ok := checkMakeRelative(t, MustParse(c.base), MustParse(c.target))
			if ref != c.want || ok != c.ok {
				t.Errorf("MakeRelative = %q, %v; want %q, %v", ref, ok, c.want, c.ok)
			}
		})
	}
	if ref, ok := MustParse("https://h/").MakeRelative(nil); ref != "" || ok {
		t.Errorf("MakeRelative(nil) = %q, %v", ref, ok)
	}
}

// FuzzMakeRelative checks, for pairs of URLs (seeded with the WPT inputs
// and bases, and with lines of the datasets when URL_DATASETS is set),
// that a reference resolves to exactly the target, no longer than its
// href; and that one is found whenever the target has a host, the same
// scheme, credentials, host and port as the base, and the base a path
// that is not opaque (the network-path reference always resolves then).
func FuzzMakeRelative(f *testing.F) {
	var urls []string
	fuzzSeeds(f, func(input, base string) {
		if base != "" {
			urls = append(urls, base)
			if u, err := Parse(input, base); err == nil {
				urls = append(urls, u.Href())
			}
		}
	})
	if dir := os.Getenv("URL_DATASETS"); dir != "" {
		for _, name := range []string{"kasztp.txt", "node_files.txt", "isaacs_files.txt"} {
			file, err := os.Open(filepath.Join(dir, name))
			if err != nil {
				f.Fatal(err)
			}
			sc := bufio.NewScanner(file)
			for i := 0; sc.Scan() && i < 200; i++ {
				urls = append(urls, sc.Text())
			}
			file.Close()
		}
	}
	// Pairs of neighbours (often the same host) and of far-apart ones.
	for i := 1; i < len(urls); i++ {
		f.Add(urls[i-1], urls[i])
		f.Add(urls[i], urls[(i*7919)%len(urls)])
	}
	f.Fuzz(func(t *testing.T, b, tg string) {
		base, err := Parse(b)
		if err != nil {
			return
		}
		target, err := Parse(tg)
		if err != nil {
			return
		}
		_, ok := checkMakeRelative(t, base, target)
		sameServer := base.Protocol() == target.Protocol() && base.Username() == target.Username() &&
			base.Password() == target.Password() && base.Host() == target.Host()
		hasHost := strings.HasPrefix(target.Href()[len(target.Protocol()):], "//")
		if !ok && sameServer && hasHost && !base.HasOpaquePath() {
			t.Errorf("no reference from %q to %q", b, tg)
		}
	})
}

// BenchmarkMakeRelative times MakeRelative on the links of a page (the
// link-rewriting case) beside resolving the references it returns, its
// inverse: each candidate it tries is such a resolution.
func BenchmarkMakeRelative(b *testing.B) {
	page := MustParse("https://example.com/docs/guide/intro.html?lang=en")
	var targets []*URL
	for _, s := range []string{
		"https://example.com/docs/guide/setup.html#install",
		"https://example.com/docs/api/",
		"https://example.com/blog/2026/11/post.html",
		"https://example.com/docs/guide/intro.html?lang=fr",
		"https://example.com/docs/guide/intro.html?lang=en#top",
		"https://cdn.example.com/app.js",
	} {
		targets = append(targets, MustParse(s))
	}
	refs := make([]string, len(targets))
	for i, tg := range targets {
		refs[i], _ = page.MakeRelative(tg)
	}
	b.Run("MakeRelative", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, tg := range targets {
				page.MakeRelative(tg)
			}
		}
	})
	b.Run("Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range refs {
				page.Parse(r)
			}
		}
	})
}
