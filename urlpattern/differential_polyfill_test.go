package urlpattern

// The differential test against urlpattern-polyfill, a JavaScript
// implementation of the URL Pattern Standard.
// testdata/urlpattern/gen.js (Node, run by hand) records what the
// polyfill answers for generated patterns and URLs (the WPT cases,
// mutations of them, and realistic allow-list and route patterns) in
// testdata/urlpattern/vectors.json.gz; this test replays them and needs
// no Node. Each case must agree exactly (the constructor's success, the
// eight pattern strings, hasRegExpGroups, and exec's result with every
// group), or be listed in testdata/urlpattern/expected-disagreements.tsv
// with its reason; a listed case that agrees fails the run.
//
// The disagreements file has one case a line:
//
//	case<TAB>reason
//
// where case is the subtest's name (the case's index and its arguments).

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const polyfillDir = "../testdata/urlpattern"

// polyfillCase is one case of vectors.json.gz (see gen.js).
type polyfillCase struct {
	P []json.RawMessage `json:"p"`
	I []json.RawMessage `json:"i"`
	R *struct {
		S [8]string       `json:"s"`
		G bool            `json:"g"`
		M json.RawMessage `json:"m"`
	} `json:"r"`
}

func loadPolyfillVectors(t *testing.T) (meta map[string]any, cases []polyfillCase) {
	f, err := os.Open(filepath.Join(polyfillDir, "vectors.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Generator string
		Node      string
		Polyfill  string
		Cases     []polyfillCase
	}
	if err := json.NewDecoder(zr).Decode(&v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no cases")
	}
	return map[string]any{"node": v.Node, "polyfill": v.Polyfill}, v.Cases
}

// loadExpectedDisagreements reads the listed cases and their reasons.
func loadExpectedDisagreements(t *testing.T) map[string]string {
	f, err := os.Open(filepath.Join(polyfillDir, "expected-disagreements.tsv"))
	if os.IsNotExist(err) {
		return map[string]string{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, "\t")
		if !ok || reason == "" {
			t.Fatalf("expected-disagreements.tsv:%d: want case<TAB>reason", n)
		}
		m[name] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDifferentialPolyfill(t *testing.T) {
	meta, cases := loadPolyfillVectors(t)
	expected := loadExpectedDisagreements(t)
	seen := map[string]bool{}
	agree, disagree := 0, 0
	// POLYFILL_DISAGREEMENTS=FILE writes every disagreement, listed or
	// not, as "case<TAB>difference" lines: the material to review when the
	// vectors are regenerated.
	var dump *os.File
	if path := os.Getenv("POLYFILL_DISAGREEMENTS"); path != "" {
		var err error
		if dump, err = os.Create(path); err != nil {
			t.Fatal(err)
		}
		defer dump.Close()
	}
	for n, c := range cases {
		name := fmt.Sprintf("%d %s %s", n, compactJSON(c.P), compactJSON(c.I))
		name = strings.NewReplacer("\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(name)
		diff := polyfillDiff(t, c)
		reason, listed := expected[name]
		seen[name] = true
		if dump != nil && diff != "" {
			fmt.Fprintf(dump, "%s\t%s\n", name, strings.NewReplacer("\t", `\t`, "\n", `\n`).Replace(diff))
		}
		switch {
		case diff == "" && listed:
			t.Errorf("%s: agrees with the polyfill, but expected-disagreements.tsv lists it (%s)", name, reason)
		case diff != "" && !listed:
			disagree++
			t.Errorf("%s: %s", name, diff)
		case diff != "":
			disagree++
		default:
			agree++
		}
	}
	for name := range expected {
		if !seen[name] {
			t.Errorf("expected-disagreements.tsv lists %q, which is not a case", name)
		}
	}
	t.Logf("%d cases (urlpattern-polyfill %v, Node %v): %d agree, %d disagree (listed)", len(cases), meta["polyfill"], meta["node"], agree, disagree)
}

// polyfillDiff returns "" when weburl answers the case as the polyfill
// did, else what differs.
func polyfillDiff(t *testing.T, c polyfillCase) string {
	p, err := polyfillConstruct(t, c.P)
	if c.R == nil {
		if err == nil {
			return fmt.Sprintf("constructor: the polyfill throws, weburl gives %q", patternStrings(p))
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf("constructor: the polyfill gives %q, weburl fails: %v", c.R.S, err)
	}
	if got := patternStrings(p); got != c.R.S {
		return fmt.Sprintf("pattern strings: polyfill %q, weburl %q", c.R.S, got)
	}
	if got := p.HasRegExpGroups(); got != c.R.G {
		return fmt.Sprintf("hasRegExpGroups: polyfill %v, weburl %v", c.R.G, got)
	}
	// exec's arguments.
	var r *Result
	execError := false
	switch {
	case len(c.I) == 0:
		r = p.ExecInit(Init{})
	case c.I[0][0] == '"':
		s, _ := isJSONString(c.I[0])
		if len(c.I) > 1 {
			b, _ := isJSONString(c.I[1])
			r = p.Exec(s, b)
		} else {
			r = p.Exec(s)
		}
	default:
		in, _ := decodeInit(t, c.I[0])
		if len(c.I) > 1 {
			execError = true // an init with a base URL: TypeError
		} else {
			r = p.ExecInit(in)
		}
	}
	m := string(c.R.M)
	switch {
	case m == `"error"`:
		if !execError {
			return fmt.Sprintf("exec: the polyfill throws, weburl gives %v", r)
		}
		return ""
	case execError:
		return "exec: weburl's API cannot make this call (an init with a base URL), the polyfill did not throw"
	case m == "null":
		if r != nil {
			return fmt.Sprintf("exec: the polyfill does not match, weburl does: %s", polyfillShow(r))
		}
		return ""
	}
	if r == nil {
		return "exec: the polyfill matches, weburl does not: " + m
	}
	var want any
	if err := json.Unmarshal(c.R.M, &want); err != nil {
		t.Fatalf("exec result %s: %v", m, err)
	}
	if got, want := polyfillShow(r), canonicalJSON(want); got != want {
		return fmt.Sprintf("exec: polyfill %s, weburl %s", want, got)
	}
	return ""
}

// polyfillConstruct calls the constructor with the case's arguments, as
// the WPT harness's construct does.
func polyfillConstruct(t *testing.T, args []json.RawMessage) (*Pattern, error) {
	return construct(t, args)
}

// polyfillShow renders a result as gen.js records exec's: for each
// component [input, [[name, value or null], ...]], groups in JavaScript's
// key order (array-index names first, ascending).
func polyfillShow(r *Result) string {
	var parts []any
	for c := range numComponents {
		cr := r.component(c)
		groups := []any{}
		for _, integers := range []bool{true, false} {
			var gs []Group
			for _, g := range cr.Groups {
				if isArrayIndex(g.Name) == integers {
					gs = append(gs, g)
				}
			}
			if integers {
				sortByIndex(gs)
			}
			for _, g := range gs {
				if g.Matched {
					groups = append(groups, []any{g.Name, g.Value})
				} else {
					groups = append(groups, []any{g.Name, nil})
				}
			}
		}
		parts = append(parts, []any{cr.Input, groups})
	}
	return canonicalJSON(parts)
}

// canonicalJSON encodes v without HTML escapes, so that two results
// compare as text.
func canonicalJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}

func isArrayIndex(s string) bool {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		if !isASCIIDigit(s[i]) {
			return false
		}
		n = n*10 + uint64(s[i]-'0')
	}
	return n < 1<<32-1
}

func sortByIndex(gs []Group) {
	val := func(s string) uint64 {
		var n uint64
		for i := 0; i < len(s); i++ {
			n = n*10 + uint64(s[i]-'0')
		}
		return n
	}
	for i := 1; i < len(gs); i++ {
		for j := i; j > 0 && val(gs[j].Name) < val(gs[j-1].Name); j-- {
			gs[j], gs[j-1] = gs[j-1], gs[j]
		}
	}
}
