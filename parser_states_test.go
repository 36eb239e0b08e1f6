package url

import (
	"errors"
	"strings"
	"testing"
)

// TestFailOffsetWithoutMap: the offset of a fatal error in the caller's
// input is the same whether or not validation errors are reported (with
// them, an offset map is built while preprocessing; without, the offset
// is found by rescanning the input).
func TestFailOffsetWithoutMap(t *testing.T) {
	inputs := []string{
		"\thttps://\xffa b\n:99999/",
		"https://h\t\t:\n1\xff/",
		"https://\xff\xfe\t@/",
		"ht\ttp://h:8\n0x/",
		"https://h:\xff/",
		"\xff\xffab",
		"https://[::1\t\xff]/",
		"https://h\t" + strings.Repeat("\xff", 100) + ":1\t2x/",
		"a\xff\tb\xff",
	}
	for _, in := range inputs {
		t.Run(in, func(t *testing.T) {
			_, err := Parse(in)
			var got *ValidationError
			if !errors.As(err, &got) {
				t.Fatalf("Parse(%q) = %v, want a validation error", in, err)
			}
			_, errs, _ := Validate(in)
			want := errs[len(errs)-1]
			if got.Kind != want.Kind || got.Offset != want.Offset {
				t.Errorf("Parse: %v at %d; Validate: %v at %d", got.Kind, got.Offset, want.Kind, want.Offset)
			}
		})
	}
}

// TestScan checks scan, eight bytes at a time with an overlapping last
// step, against a byte-by-byte loop, at every start offset of strings
// of every length up to 40, with the match at every place.
func TestScan(t *testing.T) {
	naive := func(s string, i int, tab *[256]uint8, mask uint8) int {
		for i < len(s) && tab[s[i]]&mask == 0 {
			i++
		}
		return i
	}
	for n := 0; n <= 40; n++ {
		for hit := -1; hit < n; hit++ {
			b := []byte(strings.Repeat("a", n))
			if hit >= 0 {
				b[hit] = '/'
			}
			if n > 3 {
				b[n/3] = '?' // in the table, not in the mask
			}
			s := string(b)
			for i := 0; i <= n; i++ {
				if got, want := scan(s, i, &delimClass, delimSlash), naive(s, i, &delimClass, delimSlash); got != want {
					t.Fatalf("scan(%q, %d) = %d, want %d", s, i, got, want)
				}
			}
		}
	}
}

// TestSingleDotRuns: the path state skips a run of "./" segments in one
// step when nobody listens for validation errors; the href is the one
// the segment-by-segment path (which runs when errors are reported)
// gives.
func TestSingleDotRuns(t *testing.T) {
	for _, tc := range []struct{ input, href string }{
		{"https://h/./././x", "https://h/x"},
		{"https://h/.\\.\\x", "https://h/x"},
		{"https://h/.//./x", "https://h//x"},
		{"https://h/./", "https://h/"},
		{"https://h/./.", "https://h/"},
		{"https://h/a/./../b/./", "https://h/b/"},
		{"sc://h/./.\\x", "sc://h/.\\x"},
		{"sc:/././/x", "sc:/.//x"},
		{"file:///./C:/./x", "file:///C:/x"},
		{"file:///././C|/x", "file:///C:/x"},
		{"https://h/" + strings.Repeat("./", 1000) + "x", "https://h/x"},
	} {
		t.Run(tc.input, func(t *testing.T) {
			u, err := Parse(tc.input)
			g, gerr := generalParse(tc.input, nil)
			if err != nil || gerr != nil {
				t.Fatalf("Parse: %v; segment by segment: %v", err, gerr)
			}
			if u.Href() != tc.href || g.Href() != tc.href {
				t.Errorf("Href = %q, segment by segment %q, want %q", u.Href(), g.Href(), tc.href)
			}
		})
	}
}
