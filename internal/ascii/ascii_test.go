package ascii

import "testing"

// TestLower: only A-Z change; a string without them is returned
// as it is.
func TestLower(t *testing.T) {
	for in, want := range map[string]string{"": "", "abc": "abc", "ABC": "abc", "aÉb": "aÉb", "X/Y": "x/y"} {
		if got := Lower(in); got != want {
			t.Errorf("Lower(%q) = %q", in, got)
		}
	}
	if testing.AllocsPerRun(10, func() { Lower("already-lower") }) != 0 {
		t.Error("Lower allocates for a string without upper case")
	}
}
