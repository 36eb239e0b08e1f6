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

// TestManyParameters: the first of each name is kept, in order, up to
// maxParams parameters; the rest are dropped, new names or not.
func TestManyParameters(t *testing.T) {
	var in, want strings.Builder
	in.WriteString("a/b")
	want.WriteString("a/b")
	for i := range 100 {
		n := strconv.Itoa(i)
		in.WriteString(";p" + n + "=" + n + ";P" + n + "=dup")
		if i < maxParams {
			want.WriteString(";p" + n + "=" + n)
		}
	}
	m, err := ParseMIMEType(in.String())
	if err != nil {
		t.Fatal(err)
	}
	if m.String() != want.String() || m.NumParams() != maxParams {
		t.Errorf("got %d parameters: %.80s...", m.NumParams(), m)
	}
	last := strconv.Itoa(maxParams - 1)
	if v, ok := m.Param("p" + last); v != last || !ok {
		t.Errorf("Param(p%s) = %q, %v", last, v, ok)
	}
	if v, ok := m.Param("p" + strconv.Itoa(maxParams)); ok {
		t.Errorf("Param(p%d) = %q, past the limit", maxParams, v)
	}
	if got, _ := slowParseMIMEType(in.String()); got != want.String() {
		t.Errorf("slowParseMIMEType keeps %.80s...", got)
	}
}
