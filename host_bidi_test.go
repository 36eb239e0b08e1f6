package url

import (
	"strings"
	"testing"
)

// TestBidiRuleOnMappedLabels checks domain to ASCII's Bidi rule on the
// mapped labels (UTS #46 section 4.1, criterion 8), which x/net/idna
// skips when the code point that maps to a right-to-left letter is
// itself left-to-right (U+2135..U+2138). The URL-level cases are in
// testdata/urltestdata-weburl.json.
func TestBidiRuleOnMappedLabels(t *testing.T) {
	for _, tc := range []struct {
		domain, want string // want "" for failure
		rule         string
	}{
		{"a\u2135b", "", "U+2135 maps to U+05D0 (R) in an L label"},
		{"x.\u2137b", "", "U+2137 maps to U+05D2 (R), then L 'b' in an RTL label"},
		{"\u2135", "xn--4db", "U+05D0 alone is a valid RTL label"},
		{"\u2138.com", "xn--7db.com", "an RTL label beside an LTR label"},
		{"a\u05d0b", "", "the unmapped letter: x/net/idna already rejects it"},
		{"\u00e9.com", "xn--9ca.com", "no Bidi domain: nothing to check"},
	} {
		got, err := ToASCII(tc.domain)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ToASCII(%+q) = %q, want failure (%s)", tc.domain, got, tc.rule)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ToASCII(%+q) = %q, %v; want %q (%s)", tc.domain, got, err, tc.want, tc.rule)
		}
	}
}

// TestBidiRuleLongLabel: a label of thousands of distinct code points,
// whose Punycode x/net/idna encodes but refuses to decode, still parses:
// the Bidi re-check must not reject what it cannot decode.
func TestBidiRuleLongLabel(t *testing.T) {
	var b strings.Builder
	for r := rune(0x4E00); r < 0x4E00+2048; r++ {
		b.WriteRune(r)
	}
	want, err := idnaProfile.ToASCII(b.String())
	if err != nil {
		t.Fatal(err)
	}
	u, err := Parse("https://" + b.String() + "/")
	if err != nil {
		t.Fatalf("2048 distinct CJK code points: %v", err)
	}
	if u.Hostname() != want {
		t.Fatalf("2048 distinct CJK code points: hostname of %d bytes, want the %d of ToASCII", len(u.Hostname()), len(want))
	}
}
