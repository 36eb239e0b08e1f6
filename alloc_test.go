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

// Inputs that preprocessing must copy: CanParse copies them once too.
var copiedInputs = []string{
	"https://exa\tmple.com/",
	"https://h/\xff",
	"https://h\n/",
}

// TestAllocs pins the allocation counts of issue 8: a parse-and-read
// loop that does not keep the URL allocates nothing for an input in
// normal form; a kept *URL costs one allocation, two when the href
// differs from the input; CanParse allocates nothing, but for one copy
// of an input that holds tabs, newlines or invalid UTF-8.
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
			check(t, "CanParse", 1, func() { CanParse(in) })
		})
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
