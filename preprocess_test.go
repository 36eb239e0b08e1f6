package url

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
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

// TestValidRuneLen: validRuneLen agrees with utf8.DecodeRuneInString on
// every lead byte above ASCII followed by every second byte and a set of
// third and fourth bytes at the edges of the continuation range,
// truncated at each length.
func TestValidRuneLen(t *testing.T) {
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF}
	for b0 := 0x80; b0 <= 0xFF; b0++ {
		for b1 := 0; b1 <= 0xFF; b1++ {
			for _, b2 := range edges {
				for _, b3 := range edges {
					full := string([]byte{byte(b0), byte(b1), b2, b3})
					for n := 1; n <= 4; n++ {
						s := full[:n]
						want := 0
						if r, size := utf8.DecodeRuneInString(s); r != utf8.RuneError || size != 1 {
							want = size
						}
						if got := validRuneLen(s, 0); got != want {
							t.Fatalf("% x: %d, want %d", s, got, want)
						}
					}
				}
			}
		}
	}
}
