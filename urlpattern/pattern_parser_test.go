package urlpattern

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestParsePatternStringErrorOrder: the parser stops at its first error,
// and a tokenizing error anywhere in the pattern string still comes
// first, as the standard tokenizes the whole string before parsing it.
func TestParsePatternStringErrorOrder(t *testing.T) {
	braces := strings.Repeat("{a", 1000)
	for _, c := range []struct {
		in   string
		want error
		msg  string
	}{
		{braces, ErrUnexpectedToken, `expected close, found open "{" at code point 2`},
		{braces + `\`, ErrTokenize, `at code point 2000`},
		{braces + ":", ErrTokenize, `':' at code point 2000`},
		{braces + "(a", ErrTokenize, `'(' at code point 2000`},
		{braces + "(a)", ErrUnexpectedToken, `at code point 2`},
		{"é{a{" + strings.Repeat("é", 10) + "(é)", ErrTokenize, `'(' at code point 14`},
		{"é{a{" + strings.Repeat("é", 10), ErrUnexpectedToken, `found open "{" at code point 3`},
		{":a/:a/" + strings.Repeat("x", 100) + "\\", ErrTokenize, `at code point 106`},
		{":a/:a/" + strings.Repeat("x", 100), ErrDuplicateName, `"a"`},
	} {
		t.Run(c.in[max(len(c.in)-20, 0):], func(t *testing.T) {
			_, err := parsePatternString(c.in, defaultOptions, func(s string) (string, error) { return s, nil })
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v, want %v with %q", err, c.want, c.msg)
			}
		})
	}
}

// TestParsePatternStringStopsAtError: a pattern string that fails early
// keeps no token list: one of 512 KiB of "{a" allocates next to nothing.
func TestParsePatternStringStopsAtError(t *testing.T) {
	in := strings.Repeat("{a", 256<<10)
	var err error
	n, _ := allocated(func() {
		_, err = parsePatternString(in, defaultOptions, func(s string) (string, error) { return s, nil })
	})
	if !errors.Is(err, ErrUnexpectedToken) {
		t.Fatalf("got %v", err)
	}
	if n > 4<<10 {
		t.Errorf("%d bytes allocated for an error at code point 2 of %d bytes", n, len(in))
	}
}

// TestParsePatternStringMaxGroups: a component of more than maxGroups
// groups is refused, a "{...}" with a modifier counting as one (each is
// a group of the expression Go's regexp compiles: 64 KiB of "{a}?" cost
// 556 bytes per pattern byte before it counted).
func TestParsePatternStringMaxGroups(t *testing.T) {
	for _, c := range []struct{ unit string }{
		{":a"}, {"*"}, {"(a)"}, {"{a}?"}, {"{b}+"}, {"{c}*"},
		{"{d}"}, // no modifier: fixed text, not a group
	} {
		for _, n := range []int{maxGroups, maxGroups + 1} {
			var b strings.Builder
			for i := range n {
				u := c.unit
				if u == ":a" {
					u = ":a" + strconv.Itoa(i)
				}
				b.WriteString("/" + u)
			}
			t.Run(c.unit+" x"+strconv.Itoa(n), func(t *testing.T) {
				_, err := parsePatternString(b.String(), pathnameOptions, func(s string) (string, error) { return s, nil })
				tooLarge := n > maxGroups && c.unit != "{d}"
				if tooLarge != errors.Is(err, ErrTooLarge) || !tooLarge && err != nil {
					t.Errorf("got %v, want ErrTooLarge %v", err, tooLarge)
				}
			})
		}
	}
}

// TestMaxRegexpBytes: a component's regexp groups of maxRegexpBytes
// together are compiled, one byte more is refused with ErrTooLarge,
// counted over the component's groups, not per group.
func TestMaxRegexpBytes(t *testing.T) {
	half := strings.Repeat("a", maxRegexpBytes/2)
	for _, tc := range []struct {
		name, pattern string
		tooLarge      bool
	}{
		{"one group of the bound", "/(" + half + half + ")", false},
		{"one group a byte over", "/(" + half + half + "a)", true},
		{"two groups of the bound", "/(" + half + ")/(" + half + ")", false},
		{"two groups a byte over", "/(" + half + ")/(" + half + "a)", true},
		{"the bound in each of two components", "/(" + half + half + ")#(" + half + half + ")", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.pattern, "https://example.com/")
			if got := errors.Is(err, ErrTooLarge); got != tc.tooLarge {
				t.Errorf("New: %.200v; ErrTooLarge %v, want %v", err, got, tc.tooLarge)
			}
		})
	}
}
