package urlpattern

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorLengthBounded checks that an error quotes at most a bounded
// part of a long pattern, whichever step fails.
func TestErrorLengthBounded(t *testing.T) {
	long := strings.Repeat("a", 1<<20)
	for _, p := range []string{
		"https://h/{" + long,               // a required "}" missing: the next token's value
		"https://h/({" + long + "})",       // an invalid regexp
		"https://h/:" + long + "/:" + long, // a duplicate name
		"https://" + long + " /",           // an invalid hostname
		"https://h/" + long + "(",          // a tokenizing error
		"https://h/{(" + long + ")a",       // a regexp token where "}" is required
	} {
		_, err := New(p)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%.40s...: %v is not an *Error", p, err)
		}
		if n := len(err.Error()); n > 4*maxQuoted+1000 {
			t.Errorf("%.40s...: error of %d bytes", p, n)
		}
	}
}
