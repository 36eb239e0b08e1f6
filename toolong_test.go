package url

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// lowerHrefLimit makes hrefLimit n for the rest of the test, so that the
// refusal of hrefs past 4 GiB can be tested without 4 GiB of memory.
func lowerHrefLimit(t *testing.T, n uint64) {
	old := hrefLimit
	hrefLimit = n
	t.Cleanup(func() { hrefLimit = old })
}

func TestHrefLimitIsUint32(t *testing.T) {
	var pr Parser
	if got := pr.limit(); got != math.MaxUint32 {
		t.Errorf("limit of the zero Parser = %d, want %d (offsets are uint32)", got, uint64(math.MaxUint32))
	}
	pr.MaxLength = math.MaxInt
	if got := pr.limit(); got != math.MaxUint32 {
		t.Errorf("limit with a huge MaxLength = %d, want %d", got, uint64(math.MaxUint32))
	}
}

// TestParseTooLong: an input, or the href it gives, longer than the
// limit fails with ErrTooLong; at the limit it parses. Before, an href of
// 4 GiB or more wrapped the uint32 offsets and Parse returned success
// with wrong components.
func TestParseTooLong(t *testing.T) {
	const limit = 1000
	lowerHrefLimit(t, limit)
	atLimit := "https://h/" + strings.Repeat("a", limit-len("https://h/"))
	tests := []struct {
		name, input string
		base        []string
		ok          bool
	}{
		{"href at the limit", atLimit, nil, true},
		{"input over the limit", atLimit + "a", nil, false},
		{"input over the limit, spaces trimmed", " " + atLimit + " ", nil, false},
		{"invalid UTF-8 grows ninefold", "https://h/" + strings.Repeat("\xff", 120), nil, false},
		{"invalid UTF-8 in the query", "https://h/?" + strings.Repeat("\xff", 120), nil, false},
		{"invalid UTF-8 in the fragment", "https://h/#" + strings.Repeat("\xff", 120), nil, false},
		{"encoded userinfo", "https://" + strings.Repeat("\x01", 400) + "@h/", nil, false},
		{"opaque path", "sc:" + strings.Repeat("a\x01", 300), nil, false},
		{"opaque host", "sc://" + strings.Repeat("\x7f", 400) + "/", nil, false},
		{"relative against a long base", strings.Repeat("b", 600), []string{"https://h/" + strings.Repeat("a/", 300)}, false},
		{"query after a base's path", "?q", []string{atLimit[:limit-2]}, true},
		{"query after a base's path, over", "?qq", []string{atLimit[:limit-2]}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := Parse(tt.input, tt.base...)
			if tt.ok {
				if err != nil {
					t.Fatalf("Parse: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrTooLong) {
				t.Fatalf("Parse = %v, %v; want ErrTooLong", u, err)
			}
			var e *Error
			if !errors.As(err, &e) || e.Input != tt.input {
				t.Errorf("error %#v does not carry the input", err)
			}
			if CanParse(tt.input, tt.base...) {
				t.Errorf("CanParse = true")
			}
		})
	}
}

// TestParserMaxLength: a server's own limit applies to the input and to
// the href.
func TestParserMaxLength(t *testing.T) {
	pr := Parser{MaxLength: 30}
	if _, err := pr.Parse("https://example.com/a/b/c/d/e/f/g"); !errors.Is(err, ErrTooLong) {
		t.Errorf("long input: %v, want ErrTooLong", err)
	}
	if _, err := pr.Parse("https://h/\xff\xff\xff"); !errors.Is(err, ErrTooLong) {
		t.Errorf("href grown past MaxLength: %v, want ErrTooLong", err)
	}
	if u, err := pr.Parse("https://example.com/"); err != nil || u.Href() != "https://example.com/" {
		t.Errorf("short input: %v, %v", u, err)
	}
	if _, err := pr.Parse("/x", "https://example.com/"+strings.Repeat("a", 40)); !errors.Is(err, ErrTooLong) {
		t.Errorf("long base: %v, want ErrTooLong", err)
	}
}

// TestSettersTooLong: a setter whose result would pass the limit leaves
// the URL unchanged and returns ErrTooLong.
func TestSettersTooLong(t *testing.T) {
	const limit = 1000
	lowerHrefLimit(t, limit)
	big := strings.Repeat("\xff", 120) // 1080 bytes once encoded
	// The protocol setter is left out: a scheme is at most as long as
	// its input, and the href setter is Parse.
	for _, name := range []string{"username", "password", "host", "hostname", "pathname", "search", "hash"} {
		t.Run(name, func(t *testing.T) {
			const href = "sc://u:p@h:1/p?q#f"
			u := MustParse(href)
			value := big
			if name == "host" || name == "hostname" {
				value = strings.Repeat("\x7f", 400)
			}
			err := setters[name](u, value)
			if !errors.Is(err, ErrTooLong) {
				t.Errorf("set %s: %v, want ErrTooLong", name, err)
			}
			if u.Href() != href {
				t.Errorf("set %s changed the URL to %q", name, u.Href())
			}
			if err := u.checkInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSearchParamsTooLong: changes to a URL's SearchParams whose
// serialization would make the href longer than a URL can hold leave
// the URL's query as it was (the offsets are 32-bit: it wrapped them),
// while the list itself changes.
func TestSearchParamsTooLong(t *testing.T) {
	const limit = 1000
	lowerHrefLimit(t, limit)
	u := MustParse("https://h/p?a=1#f")
	sp := u.SearchParams()
	sp.Append("b", strings.Repeat("~", 400)) // "~" serializes as "%7E"
	if got, want := u.Href(), "https://h/p?a=1#f"; got != want {
		t.Errorf("after an append over the limit: Href = %.80q..., want %q", got, want)
	}
	if sp.Len() != 2 {
		t.Errorf("Len = %d, want 2: the list changes", sp.Len())
	}
	if err := u.checkInvariants(); err != nil {
		t.Error(err)
	}
	sp.Delete("b")
	if got, want := u.Href(), "https://h/p?a=1#f"; got != want {
		t.Errorf("after the delete: Href = %q, want %q", got, want)
	}
	sp.Set("c", "d")
	if got, want := u.Href(), "https://h/p?a=1&c=d#f"; got != want {
		t.Errorf("within the limit again: Href = %q, want %q", got, want)
	}
}
