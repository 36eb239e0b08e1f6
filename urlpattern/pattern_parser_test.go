package urlpattern

import (
	"errors"
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
