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

func TestLowerByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := byte(c)
		if 'A' <= c && c <= 'Z' {
			want = byte(c) + 32
		}
		if got := LowerByte(byte(c)); got != want {
			t.Errorf("LowerByte(%#x) = %#x, want %#x", c, got, want)
		}
	}
	if got := Lower("HTTPS://Ü.Example/"); got != "https://Ü.example/" {
		t.Errorf("Lower = %q", got)
	}
}
