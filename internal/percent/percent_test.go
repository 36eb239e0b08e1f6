package percent

import (
	"strings"
	"testing"
	"time"

	"github.com/weburl/url/internal/cputime"
)

// set is a small table for the tests: bit 1 holds the bytes that are not
// ASCII letters and digits, bit 2 holds only '%'.
var set = func() (t [256]uint8) {
	for c := range t {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			t[c] |= 1
		}
	}
	t['%'] |= 2
	return t
}()

func TestAppend(t *testing.T) {
	for _, tc := range []struct {
		in          string
		mask        uint8
		spaceAsPlus bool
		want        string
	}{
		{"", 1, false, ""},
		{"abc", 1, false, "abc"},                               // nothing to encode: copied as it is
		{"a b/c", 1, false, "a%20b%2Fc"},                       // uppercase hex
		{"a b", 1, true, "a+b"},                                // space as plus
		{"a b", 2, true, "a+b"},                                // space as plus even when space is not in the set
		{"a b%", 2, false, "a b%25"},                           // only the bytes of the mask
		{"\x00\x7f\x80\xff", 1, false, "%00%7F%80%FF"},         // bytes as they are, valid UTF-8 or not
		{"é", 1, false, "%C3%A9"},                              // UTF-8 bytes
		{strings.Repeat("ab", 3) + "~", 1, false, "ababab%7E"}, // run copied, then an escape
	} {
		got := string(Append([]byte("x"), tc.in, &set, tc.mask, tc.spaceAsPlus))
		if got != "x"+tc.want {
			t.Errorf("Append(%+q, mask %d, plus %v) = %+q; want %+q", tc.in, tc.mask, tc.spaceAsPlus, got, "x"+tc.want)
		}
		if got := string(Append(nil, []byte(tc.in), &set, tc.mask, tc.spaceAsPlus)); got != tc.want {
			t.Errorf("Append([]byte %+q) = %+q; want %+q", tc.in, got, tc.want)
		}
	}
}

func TestAppendUTF8(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\xffb", "a%EF%BF%BDb"},                       // an invalid byte is U+FFFD
		{"\xf0\x9f\x98", "%EF%BF%BD%EF%BF%BD%EF%BF%BD"}, // one U+FFFD per byte of a truncated sequence
		{"\xed\xa0\x80", "%EF%BF%BD%EF%BF%BD%EF%BF%BD"}, // a surrogate in generalized UTF-8
		{"é😀 ", "%C3%A9%F0%9F%98%80+"},                  // valid UTF-8 is encoded byte by byte
		{"\xc3\xa9\xc3", "%C3%A9%EF%BF%BD"},             // invalid at the end
	} {
		if got := string(AppendUTF8(nil, tc.in, &set, 1, true)); got != tc.want {
			t.Errorf("AppendUTF8(%+q) = %+q; want %+q", tc.in, got, tc.want)
		}
	}
}

// TestAppendUTF8Linear: an input of invalid bytes is encoded in one pass
// (each invalid byte must not rescan the rest of the input). The bound
// is in CPU time, which other processes on a busy machine do not add to:
// one pass took 20 ms of CPU time here (2026-12-07), a rescan per byte
// would take hours.
func TestAppendUTF8Linear(t *testing.T) {
	s := strings.Repeat("\xff", 1<<20)
	var out []byte
	d := cputime.Best(1, func() { out = AppendUTF8(nil, s, &set, 1, false) })
	if len(out) != 9*len(s) {
		t.Fatalf("len = %d; want %d", len(out), 9*len(s))
	}
	if d > 5*time.Second {
		t.Errorf("1 MiB of invalid bytes took %v of CPU time", d)
	}
}

func TestDecodeAt(t *testing.T) {
	for _, tc := range []struct {
		s  string
		i  int
		c  byte
		ok bool
	}{
		{"%41", 0, 'A', true},
		{"x%c3", 1, 0xC3, true},
		{"%4", 0, 0, false},
		{"%G1", 0, 0, false},
		{"%1g", 0, 0, false},
	} {
		c, ok := DecodeAt(tc.s, tc.i)
		if c != tc.c || ok != tc.ok {
			t.Errorf("DecodeAt(%q, %d) = %#x, %v; want %#x, %v", tc.s, tc.i, c, ok, tc.c, tc.ok)
		}
	}
	for c := 0; c < 256; c++ {
		want := strings.IndexByte("0123456789abcdefABCDEF", byte(c)) >= 0
		if IsHex(byte(c)) != want {
			t.Errorf("IsHex(%#x) = %v", c, !want)
		}
		if want && UpperHex[Unhex(byte(c))] != strings.ToUpper(string(rune(c)))[0] {
			t.Errorf("Unhex(%q) = %d", byte(c), Unhex(byte(c)))
		}
	}
}

func TestAppendByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		got := string(AppendByte(nil, byte(c)))
		if len(got) != 3 || got[0] != '%' {
			t.Fatalf("AppendByte(%#x) = %q", c, got)
		}
		if d, ok := DecodeAt(got, 0); !ok || d != byte(c) || strings.ToUpper(got) != got {
			t.Errorf("AppendByte(%#x) = %q", c, got)
		}
	}
}
