package rfc3986

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/url"
	"github.com/weburl/url/ecmascript"
	"github.com/weburl/url/internal/percent"
)

func TestEncode(t *testing.T) {
	for _, c := range []struct{ in, want, rule string }{
		{"", "", "empty string"},
		{"AZaz09-._~", "AZaz09-._~", "unreserved kept (RFC 3986 2.3)"},
		{"!'()*", "%21%27%28%29%2A", "sub-delims encoded, unlike encodeURIComponent"},
		{":/?#[]@$&+,;=", "%3A%2F%3F%23%5B%5D%40%24%26%2B%2C%3B%3D", "reserved encoded"},
		{"a b", "a%20b", "space is %20, never + (RFC 5849 3.6)"},
		{"%", "%25", "% itself encoded"},
		{"\x00\x7f", "%00%7F", "controls encoded, uppercase hex (RFC 5849 3.6)"},
		{"é€😀", "%C3%A9%E2%82%AC%F0%9F%98%80", "UTF-8 bytes (RFC 5849 3.6)"},
		{"\xff\xED\xA0\x80", "%FF%ED%A0%80", "invalid UTF-8 encoded byte by byte"},
		// RFC 5849 3.4.1.3.2's example parameter values.
		{"Ladies + Gentlemen", "Ladies%20%2B%20Gentlemen", "RFC 5849 example"},
		{"a3=2 q", "a3%3D2%20q", "RFC 5849 example"},
		{"!", "%21", "RFC 5849 example"},
	} {
		if got := Encode(c.in); got != c.want {
			t.Errorf("Encode(%+q) = %q; want %q (%s)", c.in, got, c.want, c.rule)
		}
		if got := url.PercentDecodeString(Encode(c.in)); got != c.in {
			t.Errorf("url.PercentDecodeString(Encode(%+q)) = %+q", c.in, got)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Encode("unchanged-._~") }); n != 0 {
		t.Errorf("EncodeRFC3986 of unreserved input: %v allocations; want 0", n)
	}
}

// TestEncodeAllBytes checks each byte against the definition
// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~", and, for valid
// UTF-8, the MDN recipe: encodeURIComponent, then encode !'()*.
func TestEncodeAllBytes(t *testing.T) {
	for b := 0; b < 256; b++ {
		s := string([]byte{byte(b)})
		keep := strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~", rune(b))
		want := s
		if !keep {
			want = "%" + string(percent.UpperHex[b>>4]) + string(percent.UpperHex[b&15])
		}
		if got := Encode(s); got != want {
			t.Errorf("Encode(%+q) = %q; want %q", s, got, want)
		}
		if utf8.ValidString(s) {
			c, _ := ecmascript.EncodeURIComponent(s)
			c = strings.NewReplacer("!", "%21", "'", "%27", "(", "%28", ")", "%29", "*", "%2A").Replace(c)
			if c != want {
				t.Errorf("EncodeURIComponent recipe gives %q for %+q; want %q", c, s, want)
			}
		}
	}
}
