package urlpattern

// Fuzz targets. FuzzNew: constructing any pattern string (with or
// without a base URL, ignoring case or not) returns a pattern or an
// *Error, never panics, and a pattern's own component pattern strings
// compile again to the same strings. FuzzMatch: a pattern built from a
// URL's own components matches that URL. FuzzTestExec: Test agrees with
// Exec, and the scans of fastmatch.go agree with the regular expressions.
// Seeds are the patterns and inputs of urlpatterntestdata.json when the
// corpus is available, and a few of our own.

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/corpus"
)

var fuzzSeedPatterns = []string{
	"https://*.example.com/books/:id(\\d+)",
	"http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews",
	"/foo/:bar?/*",
	"data:text/:type(plain|html),*",
	"https://[::1]:8080/a{/b}*",
	"(a(?:b)+)",
	"/([[a-z]--a])",
	":name\\:x{y}+",
}

var fuzzSeedURLs = []string{
	"https://user:pass@sub.example.com:8080/p/a/t/h?query=1#frag",
	"http://[::1]/",
	"data:text/plain,hello",
	"file:///C:/x",
	"sc://h/%41?%zz#a b",
	"mailto:a@b",
	"https://example.com/*/:x/(y)",
}

// wptSeeds returns the string patterns and string inputs of the WPT
// file, if it is available.
func wptSeeds() (patterns, inputs []string) {
	dir, _ := corpus.WPT(1, wptFile)
	if dir == "" {
		return nil, nil
	}
	data, err := os.ReadFile(filepath.Join(dir, wptFile))
	if err != nil {
		return nil, nil
	}
	var entries []wptEntry
	if json.Unmarshal(data, &entries) != nil {
		return nil, nil
	}
	for _, e := range entries {
		if len(e.Pattern) > 0 {
			if s, ok := isJSONString(e.Pattern[0]); ok {
				patterns = append(patterns, s)
			} else {
				var m map[string]any
				json.Unmarshal(e.Pattern[0], &m)
				if s, ok := m["pathname"].(string); ok {
					patterns = append(patterns, "https://h"+s)
				}
			}
		}
		if len(e.Inputs) > 0 {
			if s, ok := isJSONString(e.Inputs[0]); ok {
				inputs = append(inputs, s)
			}
		}
	}
	return patterns, inputs
}

func FuzzNew(f *testing.F) {
	patterns, _ := wptSeeds()
	for _, p := range append(fuzzSeedPatterns, patterns...) {
		f.Add(p, "", false)
		f.Add(p, "https://example.com/dir/", true)
	}
	f.Fuzz(func(t *testing.T, pattern, base string, ignoreCase bool) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		o := Options{IgnoreCase: ignoreCase}
		p, err := o.New(pattern, bases...)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not an *Error", err)
			}
			if len(e.Error()) > 4*maxQuoted+1000 {
				t.Fatalf("error message of %d bytes", len(e.Error()))
			}
			return
		}
		// The pattern strings are a fixed point: compiled again one
		// component at a time, they give the same pattern. Except where
		// the standard's "process a URLPatternInit" strips a delimiter
		// from an init's value (a protocol's trailing ":", a search's
		// leading "?", a hash's leading "#"): a pattern string that keeps
		// one (":0###" has hash pattern "#") loses it when it is given
		// back as an init, as it does in browsers.
		strs := patternStrings(p)
		if strings.HasSuffix(strs[0], ":") || strings.HasPrefix(strs[6], "?") || strings.HasPrefix(strs[7], "#") {
			return
		}
		q, err := o.NewInit(Init{
			Protocol: &strs[0], Username: &strs[1], Password: &strs[2], Hostname: &strs[3],
			Port: &strs[4], Pathname: &strs[5], Search: &strs[6], Hash: &strs[7],
		})
		if err != nil {
			t.Fatalf("the pattern strings %q do not compile: %v", strs, err)
		}
		if again := patternStrings(q); again != strs {
			t.Fatalf("the pattern strings %q compile to %q", strs, again)
		}
	})
}

func patternStrings(p *Pattern) [numComponents]string {
	var s [numComponents]string
	for c := range numComponents {
		s[c] = p.components[c].patternString
	}
	return s
}

func FuzzMatch(f *testing.F) {
	_, inputs := wptSeeds()
	for _, s := range append(fuzzSeedURLs, inputs...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		u, err := url.Parse(input)
		if err != nil {
			return
		}
		values := componentsOfURL(u)
		// The standard canonicalizes the fixed text of a pattern as a
		// special URL's (a dummy https: URL): the hostname as a domain, the
		// search with the special-query set. The components of a non-special
		// URL that this changes (the opaque host of "a://0A0", the "'" of
		// "a:/?'") cannot be matched by their own text: in browsers either.
		// A special URL's components are all fixed points.
		if c, changed := canonicalizationChanges(values, u.IsSpecial()); changed {
			if u.IsSpecial() {
				t.Fatalf("the %s %q of %q is not canonical for a pattern", c, values[c], u.Href())
			}
			return
		}
		// A pattern of the URL's own components, escaped as pattern
		// strings (the standard's process a base URL string does the same).
		var esc [numComponents]string
		for c := range numComponents {
			esc[c] = escapePatternString(values[c])
		}
		// Process search and hash for init remove one leading "?" and "#";
		// an escaped one stays.
		for _, c := range []component{componentSearch, componentHash} {
			if esc[c] != "" && (esc[c][0] == '?' || esc[c][0] == '#') {
				esc[c] = `\` + esc[c]
			}
		}
		p, err := NewInit(Init{
			Protocol: &esc[0], Username: &esc[1], Password: &esc[2], Hostname: &esc[3],
			Port: &esc[4], Pathname: &esc[5], Search: &esc[6], Hash: &esc[7],
		})
		if err != nil {
			t.Fatalf("the components %q of %q do not compile: %v", values, u.Href(), err)
		}
		if !p.TestURL(u) || !p.Test(u.Href()) {
			t.Fatalf("%q does not match the pattern of its own components %q", u.Href(), patternStrings(p))
		}
		r := p.ExecURL(u)
		if r == nil || r.Pathname.Input != u.Pathname() {
			t.Fatalf("ExecURL(%q) = %+v", u.Href(), r)
		}
		// And the pattern of no components matches everything.
		if any, _ := NewInit(Init{}); !any.TestURL(u) {
			t.Fatalf("the pattern {} does not match %q", u.Href())
		}
	})
}

func FuzzTestExec(f *testing.F) {
	patterns, inputs := wptSeeds()
	patterns = append(fuzzSeedPatterns, patterns...)
	inputs = append(fuzzSeedURLs, inputs...)
	for i := range max(len(patterns), len(inputs)) {
		f.Add(patterns[i%len(patterns)], inputs[i%len(inputs)])
	}
	f.Fuzz(func(t *testing.T, pattern, input string) {
		p, err := New(pattern, "https://example.com/")
		if err != nil {
			return
		}
		test := p.Test(input, "https://example.com/")
		r := p.Exec(input, "https://example.com/")
		if test != (r != nil) {
			t.Fatalf("Test = %v, Exec = %+v", test, r)
		}
		// The scans decide as the regular expressions do.
		u, err := url.Parse(input, "https://example.com/")
		if err != nil {
			return
		}
		values := componentsOfURL(u)
		for c := range numComponents {
			cc := &p.components[c]
			if cc.fast == nil {
				continue
			}
			ok, decided, groups := cc.fast.match(values[c], cc.groupNames, true)
			if !decided {
				continue
			}
			m := cc.regexp().FindStringSubmatchIndex(values[c])
			if ok != (m != nil) {
				t.Fatalf("%s %q on %q: scan %v, regexp %v", component(c), cc.patternString, values[c], ok, m != nil)
			}
			if ok {
				want := cc.matchResultGroups(values[c], m)
				for i := range want {
					if groups[i] != want[i] {
						t.Fatalf("%s %q on %q: scan groups %v, regexp %v", component(c), cc.patternString, values[c], groups, want)
					}
				}
			}
		}
	})
}

// canonicalizationChanges returns the first component whose value the
// pattern's encoding callback changes.
func canonicalizationChanges(values [numComponents]string, special bool) (component, bool) {
	for c := range numComponents {
		var cb encodingCallback
		switch c {
		case componentProtocol:
			cb = canonicalizeProtocol
		case componentUsername:
			cb = canonicalizeUsername
		case componentPassword:
			cb = canonicalizePassword
		case componentHostname:
			cb = canonicalizeHostname
			if hostnamePatternIsIPv6(values[c]) {
				cb = canonicalizeIPv6Hostname
			}
		case componentPort:
			cb = func(s string) (string, error) { return canonicalizePort(s) }
		case componentPathname:
			cb = canonicalizeOpaquePathname
			if special {
				cb = canonicalizePathname
			}
		case componentSearch:
			cb = canonicalizeSearch
		case componentHash:
			cb = canonicalizeHash
		}
		if v, err := cb(values[c]); err != nil || v != values[c] {
			return c, true
		}
	}
	return 0, false
}
