package dataurl

import (
	"strconv"
	"strings"
	"testing"
)

// TestCollectHTTPQuotedString runs the Fetch Standard's examples of
// "collect an HTTP quoted string" with extract-value true, and where the
// position ends.
func TestCollectHTTPQuotedString(t *testing.T) {
	for _, c := range []struct {
		input, want string
		end         int
	}{
		{`"\`, `\`, 2},
		{`"Hello" World`, `Hello`, 7},
		{`"Hello \\ World\""`, `Hello \ World"`, 18},
		{`"unclosed`, `unclosed`, 9},
		{`"a\é"`, `aé`, 6}, // an escaped code point of two bytes is taken whole
	} {
		pos := 0
		if got := collectHTTPQuotedString(c.input, &pos); got != c.want || pos != c.end {
			t.Errorf("collectHTTPQuotedString(%q) = %q, position %d; want %q, %d", c.input, got, pos, c.want, c.end)
		}
	}
}

// TestTokenCodePoints: the table is the standard's list, and nothing
// outside ASCII is a token code point.
func TestTokenCodePoints(t *testing.T) {
	const list = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	for c := range 256 {
		if want := strings.IndexByte(list, byte(c)) >= 0; tokenCodePoints[c] != want {
			t.Errorf("tokenCodePoints[%#x] = %v", c, tokenCodePoints[c])
		}
	}
}

// TestQuotedStringTokenCodePoints: tab, U+0020-U+007E and U+0080-U+00FF,
// nothing else, and an invalid byte is U+FFFD.
func TestQuotedStringTokenCodePoints(t *testing.T) {
	for r := rune(0); r < 0x300; r++ {
		want := r == '\t' || 0x20 <= r && r <= 0x7E || 0x80 <= r && r <= 0xFF
		if got := solelyQuotedStringTokenCodePoints(string(r)); got != want {
			t.Errorf("U+%04X: %v", r, got)
		}
	}
	for _, s := range []string{"\xe9", "a\xc3", "\xff"} {
		if solelyQuotedStringTokenCodePoints(s) {
			t.Errorf("%q counts as quoted-string token code points", s)
		}
	}
}

// TestManyParameters: past paramSetMin parameters the duplicate check
// uses a set, and keeps the first of each name, in order.
func TestManyParameters(t *testing.T) {
	var in, want strings.Builder
	in.WriteString("a/b")
	want.WriteString("a/b")
	for i := range 100 {
		n := strconv.Itoa(i)
		in.WriteString(";p" + n + "=" + n + ";P" + n + "=dup")
		want.WriteString(";p" + n + "=" + n)
	}
	m, err := ParseMIMEType(in.String())
	if err != nil {
		t.Fatal(err)
	}
	if m.String() != want.String() || m.NumParams() != 100 {
		t.Errorf("got %d parameters: %.80s...", m.NumParams(), m)
	}
	if v, ok := m.Param("p99"); v != "99" || !ok {
		t.Errorf("Param(p99) = %q, %v", v, ok)
	}
}
