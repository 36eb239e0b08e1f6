package url

import (
	"encoding/json"
	"os"
	"path/filepath"
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

// FuzzParse checks, for any input and base: no panic; a parsed URL's
// href is printable ASCII and its offsets hold (checkInvariants);
// re-parsing the href gives the same href; CanParse agrees with Parse;
// parsing with validation errors reported gives the same result.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f, func(input, base string) { f.Add(input, base) })
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		u, err := Parse(input, bases...)
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

// FuzzSetters checks every setter on URLs from the corpus with any value:
// no panic; the invariants hold; a setter that returns an error leaves
// the URL unchanged; the result re-parses to itself.
func FuzzSetters(f *testing.F) {
	fuzzSeeds(f, func(input, base string) {
		if base == "" {
			f.Add(input, "example.com:81", uint8(0))
		}
	})
	names := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	f.Fuzz(func(t *testing.T, href, value string, which uint8) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		name := names[int(which)%len(names)]
		before := u.Href()
		err = setters[name](u, value)
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
