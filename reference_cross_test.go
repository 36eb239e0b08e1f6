package url

// Production against the reference parser on a cross product of the WPT
// inputs: every input of urltestdata.json and of our own cases against
// every base (each base of those files, and each input that parses on
// its own), and every value of setters_tests.json through its setter on
// every such URL and every href of that file. About 850,000 comparisons
// and a minute or more, so it runs only when asked:
//
//	WPT_DIR=../shared/wpt go test -run TestReferenceCross -reference.cross .

import (
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"sort"
	"testing"
)

var referenceCross = flag.Bool("reference.cross", false, "run TestReferenceCross: the WPT inputs against every WPT base, and every setter value on every URL, production against the reference parser")

// TestReferenceCross compares Parse and the setters with the reference
// on the cross products described above.
func TestReferenceCross(t *testing.T) {
	if !*referenceCross {
		t.Skip("takes a minute or more: run with -reference.cross")
	}
	var pairs [][2]string
	fuzzSeeds(nil, func(input, base string) { pairs = append(pairs, [2]string{input, base}) })
	inputSet, baseSet := map[string]bool{}, map[string]bool{}
	for _, p := range pairs {
		inputSet[p[0]] = true
		if p[1] != "" {
			baseSet[p[1]] = true
		}
		if refParseWithBase(p[0]) != nil {
			baseSet[p[0]] = true
		}
	}
	sorted := func(m map[string]bool) []string {
		s := make([]string, 0, len(m))
		for k := range m {
			s = append(s, k)
		}
		sort.Strings(s)
		return s
	}
	inputs, bases := sorted(inputSet), sorted(baseSet)

	var problems []string
	disagreements := 0
	report := func(format string, args ...any) {
		disagreements++
		if len(problems) < 50 {
			problems = append(problems, fmt.Sprintf(format, args...))
		}
	}
	parses := 0
	for _, base := range bases {
		for _, input := range inputs {
			parses++
			u, err := Parse(input, base)
			r := refParseWithBase(input, base)
			if d := diffReference(u, r); d != "" && !refDeviation(r, input, base) {
				report("Parse(%q, %q): %s (error %v)", input, base, d, err)
			}
		}
	}

	var raw map[string]json.RawMessage
	loadJSON(t, filepath.Join(wptDir(t), "setters_tests.json"), &raw)
	hrefSet := map[string]bool{}
	for _, b := range bases {
		hrefSet[b] = true
	}
	values := map[string][]string{}
	for name := range refSetters {
		var cases []setterCase
		if err := json.Unmarshal(raw[name], &cases); err != nil {
			t.Fatalf("setters_tests.json: %s: %v", name, err)
		}
		seen := map[string]bool{}
		for _, c := range cases {
			hrefSet[c.Href] = true
			if !seen[c.NewValue] {
				seen[c.NewValue] = true
				values[name] = append(values[name], c.NewValue)
			}
		}
	}
	hrefs := sorted(hrefSet)
	calls := 0
	for _, name := range sorted(map[string]bool{"href": true, "protocol": true, "username": true, "password": true,
		"host": true, "hostname": true, "port": true, "pathname": true, "search": true, "hash": true}) {
		for _, value := range values[name] {
			for _, href := range hrefs {
				u, err := Parse(href)
				if err != nil {
					continue
				}
				r := refParseWithBase(href)
				if r == nil || refUnicodeQuirk(href, value) {
					continue
				}
				calls++
				before := r.href()
				serr := setters[name](u, value)
				refused := refSetters[name](r, value)
				if d := diffReference(u, r); d != "" {
					report("%q then %s(%q): %s", href, name, value, d)
				} else if want := refused && r.href() == before; (serr != nil) != want {
					report("%q then %s(%q): error %v; the reference refused the value: %v", href, name, value, serr, refused)
				}
			}
		}
	}
	t.Logf("%d parses (%d inputs against %d bases), %d setter calls", parses, len(inputs), len(bases), calls)
	for _, p := range problems {
		t.Error(p)
	}
	if disagreements > len(problems) {
		t.Errorf("... %d disagreements in all", disagreements)
	}
}
