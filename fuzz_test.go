package url

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzSeeds adds the inputs and bases of urltestdata.json (from the WPT
// corpus, when there is one: see findWPTDir) and of our own cases to the
// corpus.
func fuzzSeeds(f *testing.F, add func(input, base string)) {
	var paths []string
	if dir, ok := findWPTDir(); ok {
		paths = append(paths, filepath.Join(dir, "urltestdata.json"))
	}
	paths = append(paths, filepath.Join("testdata", "urltestdata-weburl.json"))
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var cases []json.RawMessage
		if json.Unmarshal(data, &cases) != nil {
			continue
		}
		for _, r := range cases {
			var tc urlTestCase
			if json.Unmarshal(r, &tc) != nil {
				continue
			}
			base := ""
			if tc.Base != nil {
				base = *tc.Base
			}
			add(tc.Input, base)
		}
	}
	add("https://user:pass@example.com:8080/a/b?c=d#e", "")
	add("../x", "file:///C:/a/b")
}

// refDeviation reports whether a disagreement between production and
// the reference's URL r (nil for failure) may be one the library chose
// (testdata/expected-deviations.tsv) or one of the Unicode 15.0 tables
// (refUnicodeQuirk on the strings given): r's host has an xn-- label that
// decodes to more than 1,024 code points, which golang.org/x/net/idna
// refuses to decode.
func refDeviation(r *refURL, strs ...string) bool {
	if refUnicodeQuirk(strs...) {
		return true
	}
	if r == nil || r.host == nil || r.host.kind != refDomain {
		return false
	}
	for label := range strings.SplitSeq(r.host.name, ".") {
		if rest, ok := strings.CutPrefix(label, "xn--"); ok {
			if decoded, ok := refPunycodeDecode([]rune(rest)); ok && len(decoded) > 1024 {
				return true
			}
		}
	}
	return false
}

// diffReference compares a production URL (nil when Parse or the
// setter failed) with the reference's (nil for failure): failure or
// success, then every getter. It returns "" when they agree.
func diffReference(u *URL, r *refURL) string {
	switch {
	case u == nil && r == nil:
		return ""
	case u == nil:
		return fmt.Sprintf("production fails, the reference gives %q", r.href())
	case r == nil:
		return fmt.Sprintf("production gives %q, the reference fails", u.Href())
	}
	for _, g := range refGetters {
		if got, want := g.prod(u), g.ref(r); got != want {
			return fmt.Sprintf("%s = %q, the reference %q (href %q, the reference %q)", g.name, got, want, u.Href(), r.href())
		}
	}
	return ""
}

// fuzzSetterSeeds adds the cases of setters_tests.json (from the WPT
// corpus, when there is one) and of our own setter cases: the href, the
// setter's index in names, and the new value.
func fuzzSetterSeeds(names []string, add func(href string, which uint8, value string)) {
	var paths []string
	if dir, ok := findWPTDir(); ok {
		paths = append(paths, filepath.Join(dir, "setters_tests.json"))
	}
	paths = append(paths, filepath.Join("testdata", "setters-weburl.json"))
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var raw map[string]json.RawMessage
		if json.Unmarshal(data, &raw) != nil {
			continue
		}
		for which, name := range names {
			var cases []setterCase
			if json.Unmarshal(raw[name], &cases) != nil {
				continue
			}
			for _, tc := range cases {
				add(tc.Href, uint8(which), tc.NewValue)
			}
		}
	}
}

// FuzzParse checks, for any input and base: no panic; Parse, and the
// base's Parse method, agree with the reference parser
// (reference_test.go) on failure and on every getter; a parsed URL's href is printable ASCII and its offsets hold
// (checkInvariants); re-parsing the href gives the same href; CanParse
// agrees with Parse; parsing with validation errors reported gives the
// same result.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f, func(input, base string) { f.Add(input, base) })
	// The hosts of toascii.json, as its harness writes them.
	if dir, ok := findWPTDir(); ok {
		if data, err := os.ReadFile(filepath.Join(dir, "toascii.json")); err == nil {
			var cases []json.RawMessage
			_ = json.Unmarshal(data, &cases) // a corpus that does not decode adds no seeds
			for _, r := range cases {
				var tc toASCIICase
				if json.Unmarshal(r, &tc) == nil && tc.Input != "" {
					f.Add("https://"+tc.Input+"/x", "")
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		u, err := Parse(input, bases...)
		r := refParseWithBase(input, bases...)
		if d := diffReference(u, r); d != "" && !refDeviation(r, input, base) {
			t.Fatalf("Parse(%q, %q): %s (error %v)", input, base, d, err)
		}
		if b, berr := Parse(base); base != "" && berr == nil {
			// (*URL).Parse resolves against a parsed base, by its own path.
			v, verr := b.Parse(input)
			if verr != nil {
				v = nil
			}
			if d := diffReference(v, r); d != "" && !refDeviation(r, input, base) {
				t.Fatalf("Parse(%q).Parse(%q): %s (error %v)", base, input, d, verr)
			}
		}
		if CanParse(input, bases...) != (err == nil) {
			t.Fatalf("CanParse(%q, %q) disagrees with Parse error %v", input, base, err)
		}
		v, verrs, verr := Validate(input, bases...)
		if (verr == nil) != (err == nil) {
			t.Fatalf("Validate error %v, Parse error %v", verr, err)
		}
		if err != nil {
			if len(bases) == 0 || CanParse(base) {
				if len(verrs) == 0 || !verrs[len(verrs)-1].Fatal {
					t.Fatalf("failed parse of %q (%v) reported no fatal validation error: %v", input, err, verrs)
				}
			}
			return
		}
		if v.Href() != u.Href() {
			t.Fatalf("Validate href %q, Parse href %q", v.Href(), u.Href())
		}
		if err := u.checkInvariants(); err != nil {
			t.Fatalf("Parse(%q, %q) = %q: %v", input, base, u.Href(), err)
		}
		w, err := Parse(u.Href())
		if err != nil {
			t.Fatalf("re-parse of %q failed: %v", u.Href(), err)
		}
		if w.Href() != u.Href() {
			t.Fatalf("re-parse of %q gives %q", u.Href(), w.Href())
		}
	})
}

// checkSetterAgainstReference runs setter name with value on u and on
// r, the reference's parse of the same href, and checks that they agree
// on every getter after it, and that the setter returned an error
// exactly when the reference's setter steps refused the value and left
// the href as it was. It returns the setter's error.
func checkSetterAgainstReference(t *testing.T, trail string, u *URL, r *refURL, name, value string) error {
	t.Helper()
	refBefore := r.href()
	err := setters[name](u, value)
	refused := refSetters[name](r, value)
	if d := diffReference(u, r); d != "" && refDeviation(r, value) {
		// Production and the reference may part here, so the rest of the
		// sequence goes on from production's URL.
		*r = *refParseWithBase(u.Href())
		return err
	}
	if d := diffReference(u, r); d != "" {
		t.Fatalf("%s: %s (error %v, reference refused %v)", trail, d, err, refused)
	}
	if want := refused && r.href() == refBefore; (err != nil) != want {
		t.Fatalf("%s: error %v; the reference refused the value: %v, and left the href as it was: %v", trail, err, refused, r.href() == refBefore)
	}
	return err
}

// FuzzSetters checks every setter on URLs from the corpus with any value:
// no panic; the setter agrees with the reference's (reference_setters_test.go)
// on every getter and on whether it fails; the invariants hold; a setter
// that returns an error leaves the URL unchanged; the result re-parses to
// itself.
func FuzzSetters(f *testing.F) {
	fuzzSeeds(f, func(input, base string) {
		if base == "" {
			f.Add(input, "example.com:81", uint8(0))
		}
	})
	names := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	fuzzSetterSeeds(names, func(href string, which uint8, value string) { f.Add(href, value, which) })
	f.Fuzz(func(t *testing.T, href, value string, which uint8) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		r := refParseWithBase(href)
		if d := diffReference(u, r); d != "" {
			if !refDeviation(r, href) {
				t.Fatalf("Parse(%q): %s", href, d)
			}
			r = refParseWithBase(u.Href())
		}
		name := names[int(which)%len(names)]
		before := u.Href()
		err = checkSetterAgainstReference(t, fmt.Sprintf("%q then %s(%q)", href, name, value), u, r, name, value)
		if err != nil && u.Href() != before {
			t.Fatalf("%s(%q) on %q returned %v but changed the URL to %q", name, value, before, err, u.Href())
		}
		if err := u.checkInvariants(); err != nil {
			t.Fatalf("%s(%q) on %q gave %q: %v", name, value, before, u.Href(), err)
		}
		w, err := Parse(u.Href())
		if err != nil || w.Href() != u.Href() {
			t.Fatalf("%s(%q) on %q gave %q, which re-parses to %v, %v", name, value, before, u.Href(), w, err)
		}
	})
}
