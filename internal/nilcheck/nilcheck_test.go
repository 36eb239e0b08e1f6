package nilcheck

import "testing"

// TestCheck checks that Check makes the call.
func TestCheck(t *testing.T) {
	ran := false
	Check(t, "call", func() { ran = true })
	if !ran {
		t.Error("the call was not made")
	}
}
