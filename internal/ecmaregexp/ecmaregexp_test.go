package ecmaregexp

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/weburl/url/internal/cputime"
)

// u is an undefined capture (ECMAScript's undefined, JSON null).
var u *string

func s(v string) *string { return &v }

// matchCase is a regular expression, an input and ECMAScript's exec()
// result: nil for no match, else group 0.. with nil for undefined. The
// expectations are hand-checked against ECMA-262 (and Node 20's
// new RegExp(source, "v"/"vi") where Node 20 has the feature).
type matchCase struct {
	source     string
	ignoreCase bool
	input      string
	want       []*string
}

func runMatchCases(t *testing.T, cases []matchCase) {
	t.Helper()
	for _, c := range cases {
		name := c.source + " on " + c.input
		if c.ignoreCase {
			name += " (i)"
		}
		t.Run(name, func(t *testing.T) {
			re, err := Compile(c.source, c.ignoreCase)
			if err != nil {
				t.Fatal(err)
			}
			got := execGroups(re.FindStringSubmatchIndex(c.input), c.input)
			if !equalGroups(got, c.want) {
				t.Errorf("RE2 %s\n got %s\nwant %s", re, showGroups(got), showGroups(c.want))
			}
		})
	}
}

// execGroups converts Go's submatch indexes to exec()'s groups.
func execGroups(idx []int, input string) []*string {
	if idx == nil {
		return nil
	}
	out := make([]*string, len(idx)/2)
	for i := range out {
		if idx[2*i] >= 0 {
			v := input[idx[2*i]:idx[2*i+1]]
			out[i] = &v
		}
	}
	return out
}

func equalGroups(a, b []*string) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		if (a[i] == nil) != (b[i] == nil) || a[i] != nil && *a[i] != *b[i] {
			return false
		}
	}
	return true
}

func showGroups(g []*string) string {
	if g == nil {
		return "null"
	}
	parts := make([]string, len(g))
	for i, v := range g {
		parts[i] = "undefined"
		if v != nil {
			parts[i] = `"` + *v + `"`
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// TestCompileRegExpSpecGenerated runs the shapes "generate a regular
// expression and name list" produces, with the segment wildcard, the full
// wildcard, escaped fixed text and regexp groups users write.
func TestCompileRegExpSpecGenerated(t *testing.T) {
	runMatchCases(t, []matchCase{
		// fixed text, escaped by "escape a regexp string"
		{`^\/foo\.bar\+\*\?\^\$\{\}\(\)\[\]\|\\$`, false, `/foo.bar+*?^${}()[]|\`, []*string{s(`/foo.bar+*?^${}()[]|\`)}},
		{`^\/foo$`, false, "/foo/", nil},
		{`^\/foo$`, true, "/FOO", []*string{s("/FOO")}},
		// segment wildcard with the "/" and "." delimiters
		{`^\/books\/([^\/]+?)$`, false, "/books/123", []*string{s("/books/123"), s("123")}},
		{`^\/books\/([^\/]+?)$`, false, "/books/1/2", nil},
		{`^([^\.]+?)\.example\.com$`, false, "api.example.com", []*string{s("api.example.com"), s("api")}},
		// optional named group with a prefix: undefined when absent
		{`^\/foo(?:\/([^\/]+?))?$`, false, "/foo", []*string{s("/foo"), u}},
		{`^\/foo(?:\/([^\/]+?))?$`, false, "/foo/x", []*string{s("/foo/x"), s("x")}},
		// full wildcard: "" when it matches empty
		{`^(.*)$`, false, "", []*string{s(""), s("")}},
		{`^\/(.*)$`, false, "/a/b", []*string{s("/a/b"), s("a/b")}},
		// optional full wildcard: the empty check leaves it undefined
		{`^(.*)?$`, false, "", []*string{s(""), u}},
		{`^(.*)?$`, false, "x", []*string{s("x"), s("x")}},
		// repeated named groups with a prefix
		{`^(?:\/((?:[^\/]+?)(?:\/(?:[^\/]+?))*))?$`, false, "/a/b/c", []*string{s("/a/b/c"), s("a/b/c")}},
		{`^(?:\/((?:[^\/]+?)(?:\/(?:[^\/]+?))*))?$`, false, "", []*string{s(""), u}},
		{`^((?:[^\/]+?)+)$`, false, "abc", []*string{s("abc"), s("abc")}},
		{`^((?:.*)*)$`, false, "", []*string{s(""), s("")}},
		// fixed text with a modifier
		{`^(?:foo)?bar$`, false, "bar", []*string{s("bar")}},
		// regexp groups users write
		{`^\/blog\/(\d+)\/(\d+)$`, false, "/blog/2012/02", []*string{s("/blog/2012/02"), s("2012"), s("02")}},
		{`^([a-z]+)$`, false, "abc", []*string{s("abc"), s("abc")}},
		{`^([a-z]+)$`, false, "aBc", nil},
		{`^([a-z]+)$`, true, "aBc", []*string{s("aBc"), s("aBc")}},
		{`^(foo|bar)$`, false, "bar", []*string{s("bar"), s("bar")}},
		{`^((?:\d{4})-(?:\d{2}))$`, false, "2024-01", []*string{s("2024-01"), s("2024-01")}},
		{`^(\d+?)(\d*)$`, false, "123", []*string{s("123"), s("1"), s("23")}},
		{`^(a{2,3})(a*)$`, false, "aaaaa", []*string{s("aaaaa"), s("aaa"), s("aa")}},
		{`^(a{2,3}?)(a*)$`, false, "aaaaa", []*string{s("aaaaa"), s("aa"), s("aaa")}},
	})
}

// TestCompileRegExpSemantics covers ECMAScript's meaning where it differs
// from RE2's or needs translating. The expected results are ECMA-262's,
// as Node 24 (V8 13.6) gives them.
func TestCompileRegExpSemantics(t *testing.T) {
	runMatchCases(t, []matchCase{
		// ES2025 modifiers: i and s on and off inside a group
		{`(?i:a)b`, false, `Ab`, []*string{s(`Ab`)}},
		{`(?i:a)b`, false, `AB`, nil},
		{`(?-i:a)b`, true, `aB`, []*string{s(`aB`)}},
		{`(?-i:a)b`, true, `AB`, nil},
		{`(?s:.)`, false, "\u000a", []*string{s("\u000a")}},
		{`.`, false, "\u000a", nil},
		{`.`, false, "\u2028", nil},
		{`.`, false, "\u0085", []*string{s("\u0085")}},
		{`(?s-i:a.)`, true, "A\u000d", nil},
		// ES2025 duplicate names in different alternatives
		{`(?<a>x)|(?<a>y)`, false, `y`, []*string{s(`y`), u, s(`y`)}},
		{`(?:(?<a>x)|(?<a>y))z`, false, `xz`, []*string{s(`xz`), s(`x`), u}},
		// \q{...}: the longest string first; set operations on strings
		{`^[\q{abc|ab|a}]`, false, `abc`, []*string{s(`abc`)}},
		{`^[\q{a|ab|abc}]`, false, `abd`, []*string{s(`ab`)}},
		{`^[\q{}x]$`, false, ``, []*string{s(``)}},
		{`[\q{ab|c}--\q{ab}]`, false, `ab`, nil},
		{`[\q{ab|c}&&\q{ab|d}]`, false, `xab`, []*string{s(`ab`)}},
		// strings written with escapes, or folded under i, and repeated
		{`^[\q{a\x62c|\u{1F600}x}]$`, false, `abc`, []*string{s(`abc`)}},
		{`^[\q{a\x62c|\u{1F600}x}]$`, false, "\U0001f600x", []*string{s("\U0001f600x")}},
		{`^[\q{Ab\x63}]$`, true, `aBC`, []*string{s(`aBC`)}},
		{`^[\q{Ab\x63}]$`, false, `aBC`, nil},
		{`^[\q{sk}]$`, true, "\u017f\u212a", []*string{s("\u017f\u212a")}},
		{`^[\q{ab}]+$`, false, `abab`, []*string{s(`abab`)}},
		{`^[\q{ab}]+$`, false, `aba`, nil},
		{`^(?:x[\q{ab|cd}]y)*$`, false, `xabyxcdy`, []*string{s(`xabyxcdy`)}},
		// i folds every operand before the set operation (MaybeSimpleCaseFolding)
		{`[[a-z]--b]`, true, `B`, nil},
		{`[[a-z]--b]`, true, `C`, []*string{s(`C`)}},
		{`[^\P{Ll}]`, true, `A`, []*string{s(`A`)}},
		{`\P{Ll}`, true, `A`, nil},
		{`[\w--k]`, true, "\u212a", nil},
		// \w under i adds U+017F and U+212A; simple case folding only (no ß -> ss, no Turkic i)
		{`\w`, true, "\u017f", []*string{s("\u017f")}},
		{`\w`, false, "\u017f", nil},
		{`\W`, true, "\u017f", nil},
		{`k`, true, "\u212a", []*string{s("\u212a")}},
		{"\u00df", true, "\u1e9e", []*string{s("\u1e9e")}},
		{"\u00df", true, `ss`, nil},
		{"\u03c3", true, "\u03c2", []*string{s("\u03c2")}},
		{"\u0130", true, `i`, nil},
		{"\u0131", true, `I`, nil},
		// \s is WhiteSpace and LineTerminator: U+FEFF and Zs, not U+0085, U+180E or U+200B
		{`\s`, false, "\ufeff", []*string{s("\ufeff")}},
		{`\s`, false, "\u3000", []*string{s("\u3000")}},
		{`\s`, false, "\u0085", nil},
		{`\s`, false, "\u180e", nil},
		{`\S`, false, "\u200b", []*string{s("\u200b")}},
		// \d is ASCII; escapes; a surrogate pair written as escapes is one code point
		{`\d`, false, "\u0661", nil},
		{`\u{1F600}`, false, "\U0001f600", []*string{s("\U0001f600")}},
		{`^\uD83D\uDE00$`, false, "\U0001f600", []*string{s("\U0001f600")}},
		{`^.$`, false, "\U0001f600", []*string{s("\U0001f600")}},
		{`\cJ`, false, "\u000a", []*string{s("\u000a")}},
		{`\0`, false, "\u0000", []*string{s("\u0000")}},
		{`[\b]`, false, "\u0008", []*string{s("\u0008")}},
		{`\x2F`, false, `/`, []*string{s(`/`)}},
		// with the v flag [[:alpha:]] is a nested class of : a l p h
		{`[[:alpha:]]`, false, `h`, []*string{s(`h`)}},
		{`[[:alpha:]]`, false, `b`, nil},
		{`[^]`, false, "\u000a", []*string{s("\u000a")}},
		{`[]`, false, `a`, nil},
		// the empty check: an iteration that matches empty fails, and the matcher backtracks into it
		{`(|a)*`, false, `aa`, []*string{s(`aa`), s(`a`)}},
		{`(a*?)*`, false, `aa`, []*string{s(`aa`), s(`a`)}},
		{`(?:a*b*)*`, false, `abab`, []*string{s(`abab`)}},
		{`^(?:a?)+?$`, false, `aa`, []*string{s(`aa`)}},
		{`(?:)*x`, false, `x`, []*string{s(`x`)}},
		{`(a){0}(b)`, false, `b`, []*string{s(`b`), u, s(`b`)}},
		{`(?:(a)|b){0,1}c`, false, `bc`, []*string{s(`bc`), u}},
		{`(a?){2}`, false, `a`, []*string{s(`a`), s(``)}},
		{`(\b)*x`, false, `x`, []*string{s(`x`), u}},
		{`x{0}y`, false, `xy`, []*string{s(`y`)}},
		{`^(a|ab)(c|bcd)(d*)$`, false, `abcd`, []*string{s(`abcd`), s(`a`), s(`bcd`), s(``)}},
		{"(?<$>x)(?<\u00e9>y)", false, `xy`, []*string{s(`xy`), s(`x`), s(`y`)}},
		// \b, \B, ^ and $ without the m flag
		{`\bk`, false, `a k`, []*string{s(`k`)}},
		{`\Bk`, false, `ak`, []*string{s(`k`)}},
		{`^$`, false, ``, []*string{s(``)}},
		{`a$`, false, "a\u000a", nil},
		{`^a`, false, "\u000aa", nil},
	})
}

// TestCompileRegExpWordBoundaryFold pins the one documented difference:
// with i, ECMAScript's \b counts U+212A (Kelvin sign) as a word character
// and RE2's does not. Inputs of URLPattern are ASCII URL components.
func TestCompileRegExpWordBoundaryFold(t *testing.T) {
	re, err := Compile(`\b`, true)
	if err != nil {
		t.Fatal(err)
	}
	if re.MatchString("\u212a") {
		t.Error(`\b under i matches at U+212A: the difference is gone; update the doc comment and README`)
	}
	if !re.MatchString("k") {
		t.Error(`\b under i does not match at "k"`)
	}
}

// TestCompileRegExpGroupNames checks that RE2 carries the ECMAScript names
// it can, at ECMAScript's numbers.
func TestCompileRegExpGroupNames(t *testing.T) {
	re, err := Compile(`(?<year>\d{4})-(\d{2})-(?<$d>\d{2})|(?<year>x)`, false)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(re.SubexpNames(), ",")
	if want := ",year,,,year"; got != want {
		t.Errorf("SubexpNames %q, want %q", got, want)
	}
}

// TestCompileRegExpRefused lists every refusal: ECMAScript syntax errors
// (Unsupported false) and what RE2 cannot do (Unsupported true).
func TestCompileRegExpRefused(t *testing.T) {
	for _, c := range []struct {
		source      string
		construct   string // a part of Error.Construct
		offset      int
		unsupported bool
	}{
		{`a(?=b)`, "lookahead", 1, true},
		{`a(?!b)`, "negative lookahead", 1, true},
		{`(?<=a)b`, "lookbehind", 0, true},
		{`(?<!a)b`, "negative lookbehind", 0, true},
		{`(a)\1`, `\1 backreference`, 3, true},
		{`(?<x>a)\k<x>`, `\k<x> backreference`, 7, true},
		{`\k<x>(?<x>a)`, `\k<x> backreference`, 0, true},
		{`(?m:^a)`, "modifier m", 0, true},
		{`\p{Script_Extensions=Latin}`, "Script_Extensions", 0, true},
		{`\p{scx=Latn}`, "scx", 0, true},
		{`\p{Emoji}`, "Emoji", 0, true},
		{`\p{RGI_Emoji}`, "property of strings", 0, true},
		{`a{1001}`, "{1001}", 1, true},
		{`a{2,5000}`, "{2,5000}", 1, true},
		{`(?:a{1000}){1000}`, "the whole expression", 0, true}, // RE2's own limit: invalid repeat count
		{`(?:(a)|b)+`, "capture group 1", 3, true},
		{`(?:(a)?b)*`, "capture group 1", 3, true},
		{`^(?:a|()){2}$`, "capture group 1", 6, true},
		{`(a*)+`, "capture group that can match the empty string", 4, true},
		{`(?:(a*)b*)*`, "capture group that can match the empty string", 10, true},
		{`(?P<n>a)`, "(?P<", 0, false},
		{`(?i)a`, "(?i)", 0, false},
		{`(?s)a`, "(?s)", 0, false},
		{`(?-:a)`, "(?-:", 0, false},
		{`(?ii:a)`, "(?ii", 0, false},
		{`(?x:a)`, "(?x", 0, false},
		{`a\z`, `\z`, 1, false},
		{`\Aa`, `\A`, 0, false},
		{`\Z`, `\Z`, 0, false},
		{`\Qa\E`, `\Q`, 0, false},
		{`\m`, `\m`, 0, false},
		{`\8`, `\8`, 0, false},
		{`\-`, `\-`, 0, false},
		{`\a`, `\a`, 0, false},
		{`\c`, `\c`, 0, false},
		{`\c1`, `\c`, 0, false},
		{`\x4`, `\x`, 0, false},
		{`\u12`, `\u12`, 0, false},
		{`\u{110000}`, `\u{110000}`, 0, false},
		{`\u{}`, `\u{}`, 0, false},
		{`\01`, `\01`, 0, false},
		{`a\`, `\`, 1, false},
		{`{`, "lone {", 0, false},
		{`a{`, "lone {", 1, false},
		{`a{1`, "lone {", 1, false},
		{`a{,5}`, "lone {", 1, false},
		{`}`, "lone }", 0, false},
		{`]`, "lone ]", 0, false},
		{`a)`, "lone )", 1, false},
		{`(a`, "(", 0, false},
		{`*a`, "*", 0, false},
		{`a**`, "*", 2, false},
		{`a{2}{3}`, "{3}", 4, false},
		{`a+?+`, "+", 3, false},
		{`^*`, "*", 1, false},
		{`$+`, "+", 1, false},
		{`\b+`, "+", 2, false},
		{`\B{2}`, "{2}", 2, false},
		{`a{2,1}`, "{2,1}", 1, false},
		{`[a`, "[", 0, false},
		{`[a-]`, "-", 2, false},
		{`[-a]`, "-", 1, false},
		{`[/]`, "/", 1, false},
		{`[(]`, "(", 1, false},
		{`[)]`, ")", 1, false},
		{`[{]`, "{", 1, false},
		{`[}]`, "}", 1, false},
		{`[|]`, "|", 1, false},
		{`[z-a]`, "z-a", 1, false},
		{`[\d-z]`, "-", 3, false},
		{`[a-\d]`, "-", 2, false},
		{`[a&&&b]`, "&&&", 4, false},
		{`[a&&]`, "&&", 2, false},
		{`[a--]`, "--", 2, false},
		{`[a-z&&b]`, "&&", 4, false},
		{`[a&&b--c]`, "--", 5, false},
		{`[a--b&&c]`, "&&", 5, false},
		{`[ab--c]`, "--", 3, false},
		{`[a--bc]`, "c", 5, false},
		{`[a&&b-c]`, "range", 4, false},
		{`[[:alpha::]]`, "::", 8, false},
		{`[!!]`, "!!", 1, false},
		{`[a##]`, "##", 2, false},
		{`[$$]`, "$$", 1, false},
		{`[%%]`, "%%", 1, false},
		{`[**]`, "**", 1, false},
		{`[++]`, "++", 1, false},
		{`[,,]`, ",,", 1, false},
		{`[..]`, "..", 1, false},
		{`[;;]`, ";;", 1, false},
		{`[<<]`, "<<", 1, false},
		{`[==]`, "==", 1, false},
		{`[>>]`, ">>", 1, false},
		{`[??]`, "??", 1, false},
		{`[@@]`, "@@", 1, false},
		{`[a^^]`, "^^", 2, false},
		{"[``]", "``", 1, false},
		{`[~~]`, "~~", 1, false},
		{`[&&]`, "&&", 1, false},
		{`[^\q{ab}]`, `[^\q{ab}]`, 0, false},
		{`[^\q{}]`, `[^\q{}]`, 0, false},
		{`[^[\q{ab}]]`, `[^[\q{ab}]]`, 0, false},
		{`[\q{a-b}]`, "-", 5, false},
		{`[\q{ab]`, "]", 6, false},
		{`[\qa]`, `\q`, 1, false},
		{`[\m]`, `\m`, 1, false},
		{`[\c]`, `\c`, 1, false},
		{`\p{Lu`, `\p{Lu`, 0, false},
		{`\p`, `\p`, 0, false},
		{`\p{lu}`, `\p{lu}`, 0, false},
		{`\p{Letter=Lu}`, `\p{Letter=Lu}`, 0, false},
		{`\p{gc=Latin}`, `\p{gc=Latin}`, 0, false},
		{`\p{sc=Lu}`, `\p{sc=Lu}`, 0, false},
		{`\p{Hyphen}`, `\p{Hyphen}`, 0, false},
		{`\P{RGI_Emoji}`, `\P{RGI_Emoji}`, 0, false},
		{`(?<a>x)(?<a>y)`, "(?<a>", 7, false},
		{`(?<a>x)|((?<a>y)(?<a>z))`, "(?<a>", 16, false},
		{`(?<1a>x)`, "1", 3, false},
		{`(?<a-b>x)`, "-", 4, false},
		{`(?<>x)`, "(?<>", 0, false},
		{`(?<a`, "(?<a", 0, false},
		{`\k<a>`, `\k<a>`, 0, false},
		{`\k`, `\k`, 0, false},
		{`(a)\2`, `\2`, 3, false},
		{"a\xffb", "byte", 1, false},
	} {
		t.Run(c.source, func(t *testing.T) {
			re, err := Compile(c.source, false)
			if err == nil {
				t.Fatalf("compiled to %s, want an error", re)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is no *Error", err, err)
			}
			if !strings.Contains(e.Construct, c.construct) || e.Offset != c.offset || e.Unsupported != c.unsupported || e.Source != c.source || e.Reason == "" {
				t.Errorf("got %#v\nwant construct containing %q at %d, unsupported %v", e, c.construct, c.offset, c.unsupported)
			}
		})
	}
}

// TestCompileRegExpReDoSLinear matches patterns from the ReDoS literature,
// on which a backtracking engine (V8's, every ECMAScript engine's) takes
// exponential or high polynomial time, against inputs of n and 8n
// characters that make them fail, and checks with checkLinear
// (size_test.go: thread CPU time) that the time grows linearly. With V8, /^(a+)+$/ on 30 a's and a "!" already takes seconds.
func TestCompileRegExpReDoSLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, c := range []struct {
		source string
		input  func(n int) string
	}{
		// Nested quantifiers (Kirrage et al., "Static analysis for
		// regular expression denial-of-service attacks").
		{`^(a+)+$`, func(n int) string { return strings.Repeat("a", n) + "!" }},
		// Overlapping alternatives in a loop.
		{`^(a|aa)+$`, func(n int) string { return strings.Repeat("a", n) + "!" }},
		{`^(?:a|a)*$`, func(n int) string { return strings.Repeat("a", n) + "!" }},
		// Polynomial: 20 copies of .* competing for the input.
		{`(.*a){20}`, func(n int) string { return strings.Repeat("a", 19) + strings.Repeat("b", n) }},
		// The OWASP e-mail validator example, its groups made
		// non-capturing (ECMAScript resets captures in a repetition,
		// which RE2 cannot; see TestCompileRegExpRefused).
		{`^(?:[a-zA-Z0-9])(?:(?:[\-.]|[_]+)?(?:[a-zA-Z0-9]+))*(?:@){1}[a-z0-9]+[.]{1}(?:(?:[a-z]{2,3})|(?:[a-z]{2,3}[.]{1}[a-z]{2,3}))$`,
			func(n int) string { return strings.Repeat("a", n) + "!" }},
		// Words and optional spaces.
		{`^(\w+\s?)*$`, func(n int) string { return strings.Repeat("aa ", n/3) + "!" }},
		// A URLPattern pathname with a repeated segment group.
		{`^(?:\/((?:[^\/]+?)(?:\/(?:[^\/]+?))*))?\/x$`, func(n int) string { return strings.Repeat("/a", n/2) + "/y" }},
	} {
		t.Run(c.source, func(t *testing.T) {
			re, err := Compile(c.source, false)
			if err != nil {
				t.Fatal(err)
			}
			n := 1 << 13
			small, large := c.input(n), c.input(8*n)
			if re.MatchString(small) || re.MatchString(large) {
				t.Fatal("the input matches; the test needs a failing one")
			}
			matchSmall, matchLarge := func() { re.MatchString(small) }, func() { re.MatchString(large) }
			if testing.Verbose() {
				ts, tl := cputime.Best(3, matchSmall), cputime.Best(3, matchLarge)
				t.Logf("%d chars: %v, %d chars: %v (thread CPU time), ratio %.1f", len(small), ts, len(large), tl, float64(tl)/float64(max(ts, 1)))
			}
			cputime.CheckLinear(t, 8, matchSmall, matchLarge)
		})
	}
}

// TestTranslateRegExpLinear checks that translation itself takes time
// linear in the source on shapes that stress it: long sequences of classes
// and properties under i, long alternations, and nullable repeated parts.
func TestTranslateRegExpLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, c := range []struct {
		name       string
		unit       string
		n          int
		ignoreCase bool
	}{
		{"classes under i", `[a-z\d]`, 500, true},
		{"properties under i", `\p{Lu}`, 50, true},
		{"set operations", `[[[a-z]--[aeiou]]&&\w]`, 200, false},
		{"alternation", `abc|`, 2000, false},
		{"nullable repeats", `(?:a*b?)*`, 300, false},
		{"escapes", `\u{1F600}\x41\cA\t`, 1000, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			small, large := strings.Repeat(c.unit, c.n), strings.Repeat(c.unit, 8*c.n)
			if strings.HasSuffix(c.unit, "|") {
				small, large = small+"x", large+"x"
			}
			for _, s := range []string{small, large} {
				if _, err := Translate(s, c.ignoreCase); err != nil {
					t.Fatal(err)
				}
			}
			cputime.CheckLinear(t, 8, func() { Translate(small, c.ignoreCase) }, func() { Translate(large, c.ignoreCase) })
		})
	}
}

// TestTranslateOneLargeClassLinear: one class of many items (distinct
// code points, ranges, or \q{...} strings) translates in time linear in
// its length; a union that re-sorted the class for each item was
// quadratic (64 KiB of code points took 0.53 s, 256 KiB 72 s).
func TestTranslateOneLargeClassLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, c := range []struct {
		name string
		item func(i int) string
	}{
		{"code points", func(i int) string { return fmt.Sprintf(`\u%04X`, 0x100+2*i) }},
		{"ranges", func(i int) string { return fmt.Sprintf(`\u%04X-\u%04X`, 0x100+3*i, 0x101+3*i) }},
		{"strings", func(i int) string { return fmt.Sprintf(`\q{a%d}`, i) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			build := func(n int) string {
				var b strings.Builder
				b.WriteByte('[')
				for i := 0; b.Len() < n; i++ {
					b.WriteString(c.item(i % 20000))
				}
				b.WriteByte(']')
				return b.String()
			}
			small, large := build(4<<10), build(64<<10)
			for _, s := range []string{small, large} {
				if _, err := Translate(s, false); err != nil {
					t.Fatal(err)
				}
			}
			cputime.CheckLinear(t, 16, func() { Translate(small, false) }, func() { Translate(large, false) })
		})
	}
}

// TestTranslateBytes: translating 64 KiB of one class (code points,
// ranges, or \q{...} strings, with and without i), of literal text, or
// of an alternation allocates at most maxBytesPerByte per source byte. A
// node per code point of each string made the strings cost 143 bytes
// per byte (165 under i); a node per literal code point made text cost
// 207 (167 with escapes under i, 212 the alternation).
func TestTranslateBytes(t *testing.T) {
	const maxBytesPerByte = 40
	for _, c := range []struct {
		name       string
		item       func(i int) string
		ignoreCase bool
	}{
		{"text", func(i int) string { return "abcdefgh" }, false},
		{"text with escapes under i", func(i int) string { return `a\/b\.` }, true},
		{"alternation", func(i int) string { return fmt.Sprintf("a%d|", i) }, false},
		{"code points", func(i int) string { return fmt.Sprintf(`\u%04X`, 0x100+2*(i%30000)) }, false},
		{"ranges", func(i int) string { return fmt.Sprintf(`\u%04X-\u%04X`, 0x100+3*(i%20000), 0x101+3*(i%20000)) }, false},
		{"strings", func(i int) string { return fmt.Sprintf(`\q{a%d}`, i) }, false},
		{"strings under i", func(i int) string { return fmt.Sprintf(`\q{a%d}`, i) }, true},
		{"escaped strings", func(i int) string { return fmt.Sprintf(`\q{\x61%d|b%d}`, i, i) }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			class := !strings.HasPrefix(c.name, "text") && c.name != "alternation"
			if class {
				b.WriteByte('[')
			}
			for i := 0; b.Len() < 64<<10; i++ {
				b.WriteString(c.item(i))
			}
			if class {
				b.WriteByte(']')
			} else {
				b.WriteByte('x')
			}
			src := b.String()
			var err error
			n := cputime.Allocated(func() { _, err = Translate(src, c.ignoreCase) })
			if err != nil {
				t.Fatal(err)
			}
			perByte := float64(n) / float64(len(src))
			t.Logf("%d bytes allocated, %.1f per source byte", n, perByte)
			if perByte > maxBytesPerByte {
				t.Errorf("%.1f bytes allocated per source byte, more than %d", perByte, maxBytesPerByte)
			}
		})
	}
}

// TestWriteFold: writeFold writes each code point's fold orbit as
// writeSet writes foldSet.
func TestWriteFold(t *testing.T) {
	var got, want strings.Builder
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0x20000 && r < unicode.MaxRune-1 && r%4093 != 0 {
			continue // no orbit of more than one code point above U+1FFFF (TestFoldablesBelow20000)
		}
		got.Reset()
		want.Reset()
		writeFold(&got, r)
		writeSet(&want, foldSet(r))
		if got.String() != want.String() {
			t.Errorf("U+%04X: writeFold %q, writeSet %q", r, got.String(), want.String())
		}
	}
}

// TestTranslateSetOperationChainLinear: a large class with many "--" or
// "&&" operands after it translates in time linear in its length (a
// subtraction per operand from the large set was quadratic: 64 KiB took
// 1.0 s against 9.5 ms at 4 KiB).
func TestTranslateSetOperationChainLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, op := range []string{"--", "&&"} {
		t.Run(op, func(t *testing.T) {
			build := func(n int) string {
				var b strings.Builder
				b.WriteString("[[")
				for i := 0; b.Len() < n/2; i++ {
					fmt.Fprintf(&b, `\u%04X`, 0x100+2*(i%30000))
				}
				b.WriteString("]")
				for i := 0; b.Len() < n; i++ {
					// Each operand takes one code point out of the set.
					if op == "--" {
						fmt.Fprintf(&b, `--\u%04X`, 0x100+4*(i%15000))
					} else {
						fmt.Fprintf(&b, `&&[^\u%04X]`, 0x100+4*(i%15000))
					}
				}
				b.WriteString("]")
				return b.String()
			}
			small, large := build(4<<10), build(64<<10)
			for _, s := range []string{small, large} {
				if _, err := Translate(s, false); err != nil {
					t.Fatal(err)
				}
			}
			cputime.CheckLinear(t, 16, func() { Translate(small, false) }, func() { Translate(large, false) })
		})
	}
}

// TestCompileRegExpNewScripts checks that a script newer than the Go
// release's Unicode tables (Garay, Unicode 16.0) is refused as
// unsupported, not as a syntax error, and works where the tables have it.
func TestCompileRegExpNewScripts(t *testing.T) {
	_, err := Compile(`\p{sc=Gara}`, false)
	if _, ok := unicode.Scripts["Garay"]; ok {
		if err != nil {
			t.Errorf("Unicode %s has Garay, got %v", unicode.Version, err)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) || !e.Unsupported || !strings.Contains(e.Reason, "Garay") {
		t.Errorf("Unicode %s lacks Garay: got %v, want it refused as unsupported", unicode.Version, err)
	}
}

// TestTranslateRegExpBounded checks that sources whose rewrite would grow
// without bound are refused, quickly (in CPU time, which a busy machine
// does not inflate as it does the wall clock).
func TestTranslateRegExpBounded(t *testing.T) {
	for _, src := range []string{
		strings.Repeat(`(?:`, 40) + `a?` + strings.Repeat(`){1,2}`, 40),
		strings.Repeat(`(?:a?b?`, 30) + strings.Repeat(`)*`, 30),
		strings.Repeat(`(`, maxNesting+1) + strings.Repeat(`)`, maxNesting+1),
		strings.Repeat(`[`, maxNesting+1) + strings.Repeat(`]`, maxNesting+1),
	} {
		var err error
		d := cputime.Best(1, func() { _, err = Compile(src, false) })
		var e *Error
		if !errors.As(err, &e) || !e.Unsupported {
			t.Errorf("%.40s...: got %v, want an unsupported Error", src, err)
		}
		if d > 2*time.Second {
			t.Errorf("%.40s...: took %v of CPU time", src, d)
		}
	}
}

// FuzzCompileRegExp checks, for any source of up to 4 KiB: no panic; a
// refusal is a *Error with its offset inside the source; the
// translation is deterministic; what compiles can match without
// panicking; translation and compilation finish within 5 s (the linear
// tests above bound the growth; this catches a blow-up the fuzzer finds).
func FuzzCompileRegExp(f *testing.F) {
	for _, s := range []string{
		`^\/books\/([^\/]+?)$`, `^(.*)?$`, `(?<y>\d{4})-(?<m>\d{2})`, `[[a-z]--[aeiou]]`, `[\d&&[0-1]]`,
		`[\q{abc|d}x]`, `\p{Lu}\P{sc=Grek}`, `(?i:a)b`, `(|a)*`, `(?:a*b*)*`, `(a)\1`, `(?=a)`, `\u{1F600}`,
		`[^\s\S]`, `a{2,3}?`, `(?<a>x)|(?<a>y)`, `[\q{}]`, `.\b\B^$`, `(?:(a)|b)+`,
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, ignoreCase bool) {
		if len(src) > 1<<12 {
			return
		}
		var out1 string
		var err1 error
		if d := cputime.Best(1, func() { out1, err1 = Translate(src, ignoreCase) }); d > 5*time.Second {
			t.Fatalf("translating %d bytes took %v of CPU time", len(src), d)
		}
		out2, err2 := Translate(src, ignoreCase)
		if out1 != out2 || (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Fatalf("not deterministic: %q %v / %q %v", out1, err1, out2, err2)
		}
		re, err := Compile(src, ignoreCase)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is no *Error", err)
			}
			if e.Offset < 0 || e.Offset > len(src) || e.Construct == "" || e.Reason == "" {
				t.Fatalf("bad error %#v", e)
			}
			return
		}
		for _, in := range []string{"", "a", "aB0/-_ ſK", src} {
			re.FindStringSubmatchIndex(in)
		}
	})
}

// BenchmarkCompileRegExp compiles what the URL Pattern Standard generates
// for a route with a regexp group, with and without ignoreCase.
func BenchmarkCompileRegExp(b *testing.B) {
	for _, c := range []struct {
		name, source string
		ignoreCase   bool
	}{
		{"route", `^\/books\/([^\/]+?)\/(\d+)(?:\/((?:.*)(?:\/(?:.*))*))?$`, false},
		{"route-i", `^\/books\/([^\/]+?)\/(\d+)(?:\/((?:.*)(?:\/(?:.*))*))?$`, true},
		{"hostname", `^(?:([^\.]+?)\.)?example\.com$`, false},
		{"class-set", `^([[\p{L}\d]--[aeiou]]+)$`, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(c.source, c.ignoreCase); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRegExpErrorBounded: a Error's message quotes at most
// maxQuoted bytes of the expression, however long it is, for callers
// who reach it through errors.As rather than the wrapping *Error.
func TestRegExpErrorBounded(t *testing.T) {
	src := strings.Repeat("a", 1<<20) + "(?=x)"
	_, err := Compile(src, false)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%.40s...: %v, want a *Error", src, err)
	}
	if n := len(e.Error()); n > 2*maxQuoted+200 {
		t.Errorf("message of %d bytes for a %d-byte expression", n, len(src))
	}
	if !strings.Contains(e.Error(), "lookahead") {
		t.Errorf("message %.300q lost the construct", e.Error())
	}
}

// TestBackreferenceSyntaxErrorFirst: a backreference ECMAScript rejects
// is a SyntaxError (Unsupported false) even after one it accepts, which
// RE2 cannot run (the check stopped at the first backreference).
func TestBackreferenceSyntaxErrorFirst(t *testing.T) {
	for _, src := range []string{`(a)\1\k<x>`, `(a)\1\2`} {
		_, err := Compile(src, false)
		var e *Error
		if !errors.As(err, &e) || e.Unsupported {
			t.Errorf("%s: %v, want a syntax error", src, err)
		}
	}
	_, err := Compile(`(a)\1`, false)
	var e *Error
	if !errors.As(err, &e) || !e.Unsupported {
		t.Errorf(`(a)\1: %v, want unsupported`, err)
	}
}

// TestRuneSetCounts: complementRanges and overlaps, which writeSet uses
// to avoid building sets, agree with the sets built.
func TestRuneSetCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	edges := []rune{0, 1, 0xD7FE, 0xD7FF, 0xD800, 0xD801, 0xDFFF, 0xE000, 0xE001, unicode.MaxRune - 1, unicode.MaxRune}
	pick := func() rune {
		if rng.IntN(2) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return rng.Int32N(unicode.MaxRune + 1)
	}
	for range 20000 {
		var pairs []rune
		for range rng.IntN(5) {
			lo, hi := pick(), pick()
			pairs = append(pairs, min(lo, hi), max(lo, hi))
		}
		s := newRuneSet(pairs...)
		if got, want := complementRanges(s, surrogates), len(s.union(surrogates).complement())/2; got != want {
			t.Fatalf("%X: complementRanges %d, want %d", s, got, want)
		}
		if got, want := s.overlaps(surrogates), len(s.intersect(surrogates)) > 0; got != want {
			t.Fatalf("%X: overlaps %v, want %v", s, got, want)
		}
	}
}
