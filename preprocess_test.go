package url

import (
	"errors"
	"fmt"
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

// TestInvalidUTF8Offsets checks that a validation error after an invalid
// byte is reported at its offset in the caller's input, although the
// parser works on the input with each bad byte widened to three bytes.
func TestInvalidUTF8Offsets(t *testing.T) {
	for _, tc := range []struct {
		input  string
		offset int
	}{
		{"https://x/\xff>", 11},     // one bad byte before ">"
		{"https://x/\xe2\x82>", 12}, // two bad bytes before ">"
		{"https://x/\xff\t>", 12},   // a bad byte, a removed tab, then ">"
	} {
		t.Run(fmt.Sprintf("%q", tc.input), func(t *testing.T) {
			_, errs, err := Validate(tc.input)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, e := range errs {
				if e.Kind == InvalidURLUnit && e.Offset == tc.offset {
					found = true
				}
			}
			if !found {
				t.Errorf("errors = %v, want invalid-URL-unit at %d", errs, tc.offset)
			}
		})
	}
	// A fatal error after an invalid byte, in a port.
	_, err := Parse("https://x:8\xff/")
	var v *ValidationError
	if !errors.As(err, &v) || v.Offset != 11 {
		t.Errorf("port error = %v, want port-invalid at 11", err)
	}
}
