package ecmaregexp

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// nodeVectors is testdata/ecmaregexp/vectors.json.gz, written by gen.js
// there from Node's RegExp.
type nodeVectors struct {
	Node    string `json:"node"`
	Unicode string `json:"unicode"`
	Cases   []struct {
		Pattern string            `json:"p"`
		Flags   string            `json:"f"`
		Error   string            `json:"e"`
		Matches []json.RawMessage `json:"m"`
	} `json:"cases"`
	Sets          map[string][][2]rune `json:"sets"`
	ScriptAliases map[string]string    `json:"scriptAliases"`
	Folds         [][]rune             `json:"folds"`
}

func loadNodeVectors(t *testing.T) *nodeVectors {
	t.Helper()
	f, err := os.Open("testdata/ecmaregexp/vectors.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var v nodeVectors
	if err := json.NewDecoder(zr).Decode(&v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no cases in vectors.json.gz")
	}
	return &v
}

// nodeDisagreements are the known reasons a result here differs from
// Node's, each a narrow test on the case; TestCompileRegExpNode counts
// them and fails on any other difference.
var nodeDisagreements = []struct {
	reason  string
	applies func(pattern string, ignoreCase bool, input string) bool
}{
	{
		// Our deviation: RE2's \b and \B know only ASCII word
		// characters. ECMAScript's with u or v and i add U+017F and
		// U+212A. URLPattern matches canonical URL components, which
		// are ASCII, so it cannot tell.
		"\\b and \\B under i: RE2's word characters lack U+017F and U+212A",
		func(p string, i bool, in string) bool {
			return i && (strings.Contains(p, `\b`) || strings.Contains(p, `\B`)) && strings.ContainsAny(in, "\u017F\u212A")
		},
	},
	{
		// V8's deviation: it does not fold the one-code-point strings
		// of \q{...} under vi (/[\q{a}]/vi.test("A") is false), where
		// ECMA-262's MaybeSimpleCaseFolding folds every member.
		"\\q{...} under i: V8 leaves one-code-point strings unfolded",
		func(p string, i bool, in string) bool { return i && strings.Contains(p, `\q{`) },
	},
	{
		// V8's deviation, shared by the other engines (tc39/ecma262
		// issue 3443): under vi a property's folded set is matched
		// without canonicalizing the input, so /\p{ASCII}/vi misses
		// U+212A, which ECMA-262's CharacterSetMatcher canonicalizes to
		// "k" and matches.
		"\\p{...} under i: engines do not canonicalize the input (ecma262#3443)",
		func(p string, i bool, in string) bool {
			return i && (strings.Contains(p, `\p{`) || strings.Contains(p, `\P{`))
		},
	},
}

// TestCompileRegExpNode replays what Node answered for each pattern (with
// "v" or "vi") and input: a SyntaxError must be a Error with
// Unsupported false; an accepted pattern must match every input as Node
// did, groups and undefined groups alike, unless it is refused as
// Unsupported, which is counted by construct, or the difference is one of
// nodeDisagreements, counted by reason.
func TestCompileRegExpNode(t *testing.T) {
	v := loadNodeVectors(t)
	refused := map[string]int{}
	known := map[string]int{}
	var matched, inputs int
	for _, c := range v.Cases {
		name := c.Pattern + " /" + c.Flags
		re, err := Compile(c.Pattern, strings.Contains(c.Flags, "i"))
		var rerr *Error
		if err != nil && !errors.As(err, &rerr) {
			t.Errorf("%s: error %v is no *Error", name, err)
			continue
		}
		if c.Error != "" {
			if err == nil {
				t.Errorf("%s: compiled to %s; Node: %s", name, re, c.Error)
			} else if rerr.Unsupported {
				t.Errorf("%s: refused as unsupported (%v); Node: %s", name, err, c.Error)
			}
			continue
		}
		if err != nil {
			if !rerr.Unsupported {
				t.Errorf("%s: %v; Node accepts it", name, err)
			}
			refused[rerr.Construct]++
			continue
		}
		matched++
		for _, raw := range c.Matches {
			var m []json.RawMessage
			if err := json.Unmarshal(raw, &m); err != nil || len(m) != 2 {
				t.Fatalf("%s: bad case %s", name, raw)
			}
			var input string
			var want []*string
			if err := json.Unmarshal(m[0], &input); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(m[1], &want); err != nil {
				t.Fatal(err)
			}
			inputs++
			got := execGroups(re.FindStringSubmatchIndex(input), input)
			if equalGroups(got, want) {
				continue
			}
			reason := ""
			for _, d := range nodeDisagreements {
				if d.applies(c.Pattern, strings.Contains(c.Flags, "i"), input) {
					reason = d.reason
					break
				}
			}
			if reason != "" {
				known[reason]++
				continue
			}
			t.Errorf("%s on %q: got %s, Node %s (RE2 %s)", name, input, showGroups(got), showGroups(want), re)
		}
	}
	keys := make([]string, 0, len(refused))
	for k := range refused {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%d patterns from %s: %d compiled and matched on %d inputs as Node does; refused as unsupported:", len(v.Cases), v.Node, matched, inputs)
	for _, k := range keys {
		t.Logf("  %4d  %s", refused[k], k)
	}
	t.Logf("known disagreements:")
	for _, d := range nodeDisagreements {
		t.Logf("  %4d  %s", known[d.reason], d.reason)
	}
}

// setOf returns the code points the single-character source matches
// (without i), as this package computes them.
func setOf(t *testing.T, source string, ignoreCase bool) runeSet {
	t.Helper()
	p := &reParser{src: source, ignoreCase: ignoreCase}
	n, err := p.parse()
	if err != nil {
		t.Fatalf("%s: %v", source, err)
	}
	if n.op != opSet {
		t.Fatalf("%s: parsed to op %d, not a set", source, n.op)
	}
	return n.set.subtract(surrogates)
}

// versionFree are the sets that do not depend on the Unicode version.
var versionFree = map[string]bool{`\s`: true, `\w`: true, `\w (i)`: true, `\d`: true, `.`: true, `\p{Any}`: true, `\p{ASCII}`: true}

// TestRegExpSetsNode compares the class escapes, ".", and the
// properties with the code points Node's RegExp matches. When Go's
// Unicode version is not Node's (Go 1.26 has 15.0, Go 1.27 and Node 24
// have 17.0), only the sets that no Unicode version changes are compared,
// and the others' differences are logged.
func TestRegExpSetsNode(t *testing.T) {
	v := loadNodeVectors(t)
	sameVersion := strings.TrimSuffix(unicode.Version, ".0") == strings.TrimSuffix(v.Unicode, ".0") ||
		unicode.Version == v.Unicode
	names := make([]string, 0, len(v.Sets))
	for k := range v.Sets {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src, ic := name, false
			if strings.HasSuffix(name, " (i)") {
				src, ic = strings.TrimSuffix(name, " (i)"), true
			}
			var pairs []rune
			for _, r := range v.Sets[name] {
				pairs = append(pairs, r[0], r[1])
			}
			want := newRuneSet(pairs...)
			got := setOf(t, src, ic)
			extra, missing := got.subtract(want), want.subtract(got)
			if !sameVersion && !versionFree[name] {
				if len(extra) > 0 || len(missing) > 0 {
					t.Logf("Unicode %s here, %s in Node: %s more, %s fewer", unicode.Version, v.Unicode, showSet(extra), showSet(missing))
				}
				return
			}
			if len(extra) > 0 || len(missing) > 0 {
				t.Errorf("Go (Unicode %s) has %s more and %s fewer than Node (Unicode %s)", unicode.Version, showSet(extra), showSet(missing), v.Unicode)
			}
		})
	}
}

func showSet(s runeSet) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); i += 2 {
		n += int(s[i+1]-s[i]) + 1
		if i < 20 {
			fmt.Fprintf(&b, " %04X-%04X", s[i], s[i+1])
		}
	}
	return fmt.Sprintf("%d code points [%s ]", n, b.String())
}

// TestScriptAliasesNode checks every alias in scriptAliases against Node:
// \p{sc=alias} and \p{sc=long name} match the same code points there.
func TestScriptAliasesNode(t *testing.T) {
	v := loadNodeVectors(t)
	for short, long := range scriptAliases {
		if long == "Unknown" {
			continue
		}
		if got := v.ScriptAliases[short]; got != "same" {
			t.Errorf("alias %s of %s: Node says %q", short, long, got)
		}
	}
}

// TestFoldOrbitsNode compares the case-fold orbits of [unicode.SimpleFold]
// with those "vi" matching has in Node, over the code points both
// Unicode versions assign.
func TestFoldOrbitsNode(t *testing.T) {
	v := loadNodeVectors(t)
	if !strings.HasPrefix(unicode.Version, strings.TrimSuffix(v.Unicode, ".0")) {
		// Case pairs come and go with Unicode versions too (U+0390 and
		// U+1FD3 fold together from Unicode 16.0 on); compare only
		// where the versions agree.
		t.Skipf("Go's Unicode %s is not Node's %s", unicode.Version, v.Unicode)
	}
	goAssigned := assigned()
	seen := map[rune]bool{}
	for _, orbit := range v.Folds {
		var want []rune
		for _, r := range orbit {
			if goAssigned.contains(r) {
				want = append(want, r)
			}
		}
		if len(want) < 2 {
			continue
		}
		got := runeSet{want[0], want[0]}.foldClose()
		got = got.intersect(goAssigned)
		if w := newRuneSetOf(want); !equalSets(got, w) {
			t.Errorf("orbit of %U: Go %s, Node %s", want[0], showSet(got), showSet(w))
		}
		for _, r := range want {
			seen[r] = true
		}
	}
	for _, r := range foldables() {
		if !seen[r] {
			t.Errorf("Go folds %U (%c) with %U, Node does not", r, r, unicode.SimpleFold(r))
		}
	}
}

func newRuneSetOf(rs []rune) runeSet {
	var pairs []rune
	for _, r := range rs {
		pairs = append(pairs, r, r)
	}
	return newRuneSet(pairs...)
}

func equalSets(a, b runeSet) bool {
	return len(a.subtract(b)) == 0 && len(b.subtract(a)) == 0
}

// TestFoldablesBelow20000 checks the bound foldables relies on: no code
// point at or above U+20000 has a case mapping in Go's tables.
func TestFoldablesBelow20000(t *testing.T) {
	for _, cr := range unicode.CaseRanges {
		if cr.Hi >= 0x20000 {
			t.Errorf("case range %U-%U reaches U+20000", cr.Lo, cr.Hi)
		}
	}
}
