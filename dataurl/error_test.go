package dataurl

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorBounded: the message of a huge input quotes its first 64
// bytes, cut at a code point boundary, and gives its length; Input keeps
// the whole input (for a data: URL, its href).
func TestErrorBounded(t *testing.T) {
	for _, c := range []struct {
		in     string
		decode func(string) error
	}{
		{"data:;base64," + strings.Repeat("A", 1<<20) + "!", func(s string) error { _, err := Parse(s); return err }},
		{strings.Repeat("é", 1<<20), func(s string) error { _, err := DecodeBase64(s); return err }},
	} {
		err := c.decode(c.in)
		if !errors.Is(err, ErrBase64) {
			t.Fatalf("err = %v", err)
		}
		msg := err.Error()
		if len(msg) > 200 || !strings.Contains(msg, "... (input of ") || strings.Contains(msg, `\x`) {
			t.Errorf("message of %d bytes: %s", len(msg), msg)
		}
		var e *Error
		if !errors.As(err, &e) || e.Input != c.in {
			t.Error("Input does not keep the whole input")
		}
	}
}
