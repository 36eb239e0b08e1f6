package ecmascript

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/url"
	"github.com/weburl/url/internal/errfmt"
	"github.com/weburl/url/internal/percent"
)

// ecmaCase is one hand-written case: the result, or "" and err for
// ErrMalformedURI.
type ecmaCase struct {
	in, want string
	err      bool
	offset   int // of the error
	rule     string
}

func runECMACases(t *testing.T, name string, f func(string) (string, error), cases []ecmaCase) {
	t.Helper()
	for _, c := range cases {
		got, err := f(c.in)
		if c.err {
			var uerr *URIError
			if !errors.Is(err, ErrMalformedURI) || !errors.As(err, &uerr) || uerr.Offset != c.offset || uerr.Func != name {
				t.Errorf("%s(%+q) = %+q, %v; want error at %d (%s)", name, c.in, got, err, c.offset, c.rule)
			}
			if got != "" {
				t.Errorf("%s(%+q) returned %+q with the error", name, c.in, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s(%+q) = %+q, %v; want %+q (%s)", name, c.in, got, err, c.want, c.rule)
		}
	}
}

func TestEncodeURI(t *testing.T) {
	runECMACases(t, "EncodeURI", EncodeURI, []ecmaCase{
		{in: "", want: "", rule: "empty string"},
		{in: "#[]!'()*", want: "#%5B%5D!'()*", rule: "RFC 2396: # kept, [ ] encoded, marks kept"},
		{in: ";/?:@&=+$,#", want: ";/?:@&=+$,#", rule: "uriReserved and # kept"},
		{in: "-_.!~*'()", want: "-_.!~*'()", rule: "uriMark kept"},
		{in: "a b%\"<>\\^`{|}", want: "a%20b%25%22%3C%3E%5C%5E%60%7B%7C%7D", rule: "everything else encoded"},
		{in: "\x00\x1f\x7f", want: "%00%1F%7F", rule: "controls encoded"},
		{in: "é€😀", want: "%C3%A9%E2%82%AC%F0%9F%98%80", rule: "UTF-8 bytes, uppercase hex"},
		{in: "\uFFFD", want: "%EF%BF%BD", rule: "a real U+FFFD is valid"},
		{in: "a\xED\xA0\x80", err: true, offset: 1, rule: "lone surrogate (WTF-8) throws"},
		{in: "\xED\xA0\xBD\xED\xB8\x80", err: true, offset: 0, rule: "CESU-8 pair is two lone surrogates"},
		{in: "ab\xff", err: true, offset: 2, rule: "invalid UTF-8 is an error"},
		{in: "\xC0\xAF", err: true, offset: 0, rule: "overlong UTF-8 is an error"},
		{in: "\xE2\x82", err: true, offset: 0, rule: "truncated UTF-8 is an error"},
	})
}

func TestEncodeURIComponent(t *testing.T) {
	runECMACases(t, "EncodeURIComponent", EncodeURIComponent, []ecmaCase{
		{in: "-_.!~*'()AZaz09", want: "-_.!~*'()AZaz09", rule: "uriUnescaped kept"},
		{in: ";/?:@&=+$,#", want: "%3B%2F%3F%3A%40%26%3D%2B%24%2C%23", rule: "uriReserved and # encoded"},
		{in: "[]", want: "%5B%5D", rule: "brackets encoded"},
		{in: "a b", want: "a%20b", rule: "space is %20, never +"},
		{in: "😀", want: "%F0%9F%98%80", rule: "non-BMP as 4 UTF-8 bytes"},
		{in: "x\xED\xBF\xBF", err: true, offset: 1, rule: "lone low surrogate throws"},
		{in: "\x80", err: true, offset: 0, rule: "stray continuation byte is an error"},
	})
}

func TestDecodeURI(t *testing.T) {
	runECMACases(t, "DecodeURI", DecodeURI, []ecmaCase{
		{in: "%23%5B%5D%21%27%28%29%2A", want: "%23[]!'()*", rule: "# stays escaped, RFC 3986 additions decoded"},
		{in: "%3B%2F%3F%3A%40%26%3D%2B%24%2C%23", want: "%3B%2F%3F%3A%40%26%3D%2B%24%2C%23", rule: "reserved set stays escaped"},
		{in: "%2f%2F%3a", want: "%2f%2F%3a", rule: "kept escapes keep their case"},
		{in: "%25", want: "%", rule: "% is not reserved"},
		{in: "%2525", want: "%25", rule: "decode once"},
		{in: "%41%62", want: "Ab", rule: "upper and lower hex"},
		{in: "%C3%A9%e2%82%ac%F0%9F%98%80", want: "é€😀", rule: "UTF-8 sequences"},
		{in: "%EF%BF%BD", want: "\uFFFD", rule: "escaped U+FFFD is valid"},
		{in: "+", want: "+", rule: "+ is not a space"},
		{in: "a\xED\xA0\x80%41", want: "a\xED\xA0\x80A", rule: "literal lone surrogate copied, as in JS"},
		{in: "%", err: true, offset: 0, rule: "truncated escape"},
		{in: "ab%4", err: true, offset: 2, rule: "truncated escape"},
		{in: "%G1", err: true, offset: 0, rule: "non-hex escape"},
		{in: "%C0%AF", err: true, offset: 0, rule: "overlong /"},
		{in: "%C1%BF", err: true, offset: 0, rule: "overlong, C1 lead"},
		{in: "%E0%80%AF", err: true, offset: 0, rule: "overlong, three bytes"},
		{in: "%F0%8F%BF%BF", err: true, offset: 0, rule: "overlong, four bytes"},
		{in: "x%ED%A0%80", err: true, offset: 1, rule: "surrogate U+D800 in UTF-8"},
		{in: "%ED%A0%BD%ED%B8%80", err: true, offset: 0, rule: "CESU-8 pair"},
		{in: "%F4%90%80%80", err: true, offset: 0, rule: "above U+10FFFF"},
		{in: "%F5%80%80%80", err: true, offset: 0, rule: "lead byte F5"},
		{in: "%F8%88%80%80%80", err: true, offset: 0, rule: "five-byte form"},
		{in: "%FF", err: true, offset: 0, rule: "lead byte FF"},
		{in: "%80", err: true, offset: 0, rule: "stray continuation byte"},
		{in: "%C3", err: true, offset: 0, rule: "truncated sequence at end"},
		{in: "%C3%", err: true, offset: 3, rule: "truncated sequence, short escape"},
		{in: "%C3A9", err: true, offset: 0, rule: "continuation not escaped"},
		{in: "%C3%41", err: true, offset: 0, rule: "ASCII is not a continuation"},
		{in: "%C3%ZZ", err: true, offset: 3, rule: "non-hex continuation escape"},
		{in: "%uD800", err: true, offset: 0, rule: "%u is not a decodeURI escape"},
	})
}

func TestDecodeURIComponent(t *testing.T) {
	runECMACases(t, "DecodeURIComponent", DecodeURIComponent, []ecmaCase{
		{in: "%23%5B%5D%21%27%28%29%2A", want: "#[]!'()*", rule: "nothing kept escaped"},
		{in: "%3b%2F%3F%3A%40%26%3D%2B%24%2C", want: ";/?:@&=+$,", rule: "reserved decoded"},
		{in: "%00%7F", want: "\x00\x7f", rule: "controls decoded"},
		{in: "a+b", want: "a+b", rule: "+ is not a space"},
		{in: "%E2%82%AC", want: "€", rule: "UTF-8 sequence"},
		{in: "%E2%82", err: true, offset: 0, rule: "truncated sequence"},
		{in: "%C0%80", err: true, offset: 0, rule: "overlong NUL"},
		{in: "%ED%BF%BF", err: true, offset: 0, rule: "surrogate U+DFFF in UTF-8"},
	})
}

func TestEscape(t *testing.T) {
	// Escape never fails.
	f := func(s string) (string, error) { return Escape(s), nil }
	runECMACases(t, "Escape", f, []ecmaCase{
		{in: "@*_+-./AZaz09", want: "@*_+-./AZaz09", rule: "Annex B unescaped set kept"},
		{in: " !\"#$%&'()~", want: "%20%21%22%23%24%25%26%27%28%29%7E", rule: "other ASCII is %XX"},
		{in: "é\u00ff", want: "%E9%FF", rule: "code units below 0x100 are %XX, Latin-1, not UTF-8"},
		{in: "\u0100€\uFFFF", want: "%u0100%u20AC%uFFFF", rule: "other BMP code units are %uXXXX"},
		{in: "😀", want: "%uD83D%uDE00", rule: "non-BMP is a surrogate pair, two %uXXXX"},
		{in: "a\xED\xA0\x80", want: "a%uD800", rule: "WTF-8 lone surrogate is its code unit"},
		{in: "\xED\xA0\xBD\xED\xB8\x80", want: "%uD83D%uDE00", rule: "CESU-8 pair gives the same as the pair"},
		{in: "\xff", want: "%uFFFD", rule: "other invalid UTF-8 byte is U+FFFD"},
		{in: "\xC0\xAF", want: "%uFFFD%uFFFD", rule: "overlong UTF-8: U+FFFD per byte"},
	})
}

func TestUnescape(t *testing.T) {
	f := func(s string) (string, error) { return Unescape(s), nil }
	runECMACases(t, "Unescape", f, []ecmaCase{
		{in: "%41%u0042", want: "AB", rule: "%XX and %uXXXX"},
		{in: "%E9%e9", want: "éé", rule: "%XX is a Latin-1 code unit, not a UTF-8 byte"},
		{in: "%C3%A9", want: "Ã©", rule: "UTF-8 escapes give two Latin-1 characters"},
		{in: "%u20AC%u20ac", want: "€€", rule: "any case of hex"},
		{in: "%U20AC", want: "%U20AC", rule: "only a lowercase u"},
		{in: "%uD83D%uDE00", want: "😀", rule: "escaped surrogate pair joins"},
		{in: "%uD83D\xED\xB8\x80", want: "😀", rule: "escaped high + literal WTF-8 low join"},
		{in: "\xED\xA0\xBD%uDE00", want: "😀", rule: "literal WTF-8 high + escaped low join"},
		{in: "%uD800", want: "\uFFFD", rule: "lone high surrogate becomes U+FFFD"},
		{in: "%uDE00%uD83D", want: "\uFFFD\uFFFD", rule: "reversed pair: two lone surrogates"},
		{in: "%uD83Dx", want: "\uFFFDx", rule: "high surrogate before a literal"},
		{in: "%uD83D%", want: "\uFFFD%", rule: "high surrogate before a literal %"},
		{in: "%uD83D😀", want: "\uFFFD😀", rule: "high surrogate before a literal pair"},
		{in: "%uD83D%uD83D%uDE00", want: "\uFFFD😀", rule: "second high pairs"},
		{in: "a\xED\xA0\x80b", want: "a\uFFFDb", rule: "literal lone surrogate becomes U+FFFD"},
		{in: "\xff", want: "\uFFFD", rule: "invalid UTF-8 becomes U+FFFD"},
		{in: "%", want: "%", rule: "lone % kept"},
		{in: "%4", want: "%4", rule: "short escape kept"},
		{in: "%u123", want: "%u123", rule: "short %u escape kept"},
		{in: "%u123G", want: "%u123G", rule: "%u with a non-hex digit kept; %u1 is not %XX"},
		{in: "%u12%41", want: "%u12A", rule: "next escape still decoded"},
		{in: "%%41", want: "%A", rule: "first % kept"},
		{in: "%2541", want: "%41", rule: "decode once"},
		{in: "+", want: "+", rule: "+ is not a space"},
	})
}

// TestEncodeURIComponentIsurl.ComponentSet checks the URL Standard's note that
// the component percent-encode set gives encodeURIComponent's results.
func TestEncodeURIComponentIsComponentSet(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		s := string(rune(c)) + "é😀"
		got, err := EncodeURIComponent(s)
		if want := url.PercentEncode(s, url.ComponentSet); err != nil || got != want {
			t.Errorf("EncodeURIComponent(%+q) = %q, %v; PercentEncode gives %q", s, got, err, want)
		}
	}
}

// TestECMANoAllocation checks that unchanged input is returned as it is.
func TestECMANoAllocation(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(string) string
		in   string
	}{
		{"EncodeURI", func(s string) string { r, _ := EncodeURI(s); return r }, "http://a/b?c=d&e#f"},
		{"EncodeURIComponent", func(s string) string { r, _ := EncodeURIComponent(s); return r }, "abc-_.!~*'()"},
		{"DecodeURI", func(s string) string { r, _ := DecodeURI(s); return r }, "a%2Fb%23c/é"},
		{"DecodeURIComponent", func(s string) string { r, _ := DecodeURIComponent(s); return r }, "plain/é"},
		{"Escape", Escape, "a@b*c_d+e-f.g/h"},
		{"Unescape", Unescape, "a%u12%zz/é"},
	} {
		if got := c.f(c.in); got != c.in {
			t.Errorf("%s(%q) = %q; want it unchanged", c.name, c.in, got)
		}
		if n := testing.AllocsPerRun(100, func() { c.f(c.in) }); n != 0 {
			t.Errorf("%s(%q): %v allocations; want 0", c.name, c.in, n)
		}
	}
}

// TestECMALinear checks that a long input takes linear time (no rescans)
// and that each function handles long inputs.
func TestECMALinear(t *testing.T) {
	long := strings.Repeat("a%C3%A9%uD83D%uDE00 é😀#", 20000)
	if _, err := DecodeURI(long); err == nil {
		t.Error("DecodeURI accepted %u")
	}
	enc, err := EncodeURIComponent(long)
	if err != nil {
		t.Fatal(err)
	}
	if dec, err := DecodeURIComponent(enc); err != nil || dec != long {
		t.Errorf("DecodeURIComponent(EncodeURIComponent(long)) differs, %v", err)
	}
	if Unescape(Escape(long)) != long {
		t.Error("Unescape(Escape(long)) differs")
	}
}

// TestURIErrorMessage checks the error text and the errors.Is/As chain.
func TestURIErrorMessage(t *testing.T) {
	_, err := DecodeURIComponent("ab%C0%AF")
	want := `ecmascript: DecodeURIComponent "ab%C0%AF": malformed URI (overlong UTF-8 encoding) at offset 2`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v; want %s", err, want)
	}
	if !errors.Is(err, ErrMalformedURI) {
		t.Error("errors.Is(err, ErrMalformedURI) = false")
	}
	_, err = EncodeURI("\xED\xA0\x80")
	want = `ecmascript: EncodeURI "\xed\xa0\x80": malformed URI (lone surrogate) at offset 0`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v; want %s", err, want)
	}
}

// FuzzDecodeURIComponent checks that decoding never panics, that a
// successful decode of valid UTF-8 is valid UTF-8 that encodes and decodes
// back to itself, and that Escape and Unescape round-trip it.
func FuzzDecodeURIComponent(f *testing.F) {
	for _, s := range []string{"", "%41", "%C3%A9", "%F0%9F%98%80", "%C0%AF", "%ED%A0%80", "%F4%90%80%80",
		"%", "%u00e9", "%uD83D%uDE00", "a+b%2B", "%23%5B", "\xED\xA0\x80", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := DecodeURIComponent(s)
		du, erru := DecodeURI(s)
		if (err == nil) != (erru == nil) {
			t.Fatalf("DecodeURIComponent and DecodeURI disagree on failing: %v, %v", err, erru)
		}
		Unescape(s)
		Escape(s)
		// Encoding fails exactly on invalid UTF-8.
		if _, err := EncodeURI(s); (err == nil) != utf8.ValidString(s) {
			t.Fatalf("EncodeURI(%+q): %v", s, err)
		}
		if _, err := EncodeURIComponent(s); (err == nil) != utf8.ValidString(s) {
			t.Fatalf("EncodeURIComponent(%+q): %v", s, err)
		}
		// An oracle: a successful decode is the plain percent-decoding;
		// and when s is valid UTF-8 with every "%" starting an escape,
		// the decode fails exactly when that decoding is not UTF-8.
		pd := url.PercentDecodeString(s)
		if err == nil && d != pd {
			t.Fatalf("DecodeURIComponent(%+q) = %+q; PercentDecodeString gives %+q", s, d, pd)
		}
		if utf8.ValidString(s) && allEscapesWellFormed(s) && (err == nil) != utf8.ValidString(pd) {
			t.Fatalf("DecodeURIComponent(%+q): err %v, but percent-decoding is %+q", s, err, pd)
		}
		if err != nil {
			if !errors.Is(err, ErrMalformedURI) {
				t.Fatalf("error %v is not ErrMalformedURI", err)
			}
			return
		}
		if !utf8.ValidString(s) {
			return // literal invalid bytes are copied; Encode would reject them
		}
		if !utf8.ValidString(d) || !utf8.ValidString(du) {
			t.Fatalf("DecodeURIComponent(%+q) = %+q, not valid UTF-8", s, d)
		}
		e, err := EncodeURIComponent(d)
		if err != nil {
			t.Fatalf("EncodeURIComponent(%+q): %v", d, err)
		}
		if d2, err := DecodeURIComponent(e); err != nil || d2 != d {
			t.Fatalf("DecodeURIComponent(EncodeURIComponent(%+q)) = %+q, %v", d, d2, err)
		}
		eu, err := EncodeURI(d)
		if err != nil {
			t.Fatalf("EncodeURI(%+q): %v", d, err)
		}
		if d2, err := DecodeURI(eu); err != nil || d2 != d {
			t.Fatalf("DecodeURI(EncodeURI(%+q)) = %+q, %v", d, d2, err)
		}
		if u := Unescape(Escape(d)); u != d {
			t.Fatalf("Unescape(Escape(%+q)) = %+q", d, u)
		}
	})
}

// allEscapesWellFormed reports whether every "%" in s is followed by two
// hex digits.
func allEscapesWellFormed(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if _, ok := percent.DecodeAt(s, i); !ok {
				return false
			}
		}
	}
	return true
}

// TestURIErrorStringBounded: a *URIError's message quotes its input only
// around the offset at fault, as *Error does (it quoted the whole input:
// a megabyte of input made a megabyte message).
func TestURIErrorStringBounded(t *testing.T) {
	const n = 1 << 20
	for _, tc := range []struct {
		name    string
		input   string
		call    func(string) (string, error)
		context string
	}{
		{"bad escape at the end", strings.Repeat("a", n) + "%zz", DecodeURIComponent, "aaa%zz"},
		{"overlong escape at the start", "%C0%80" + strings.Repeat("a", n), DecodeURI, "%C0%80aaa"},
		{"lone surrogate in the middle", strings.Repeat("a", n) + "\xed\xa0\x80" + strings.Repeat("b", n), EncodeURIComponent, `aaa\xed\xa0\x80bbb`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.call(tc.input)
			var e *URIError
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want a *URIError", err)
			}
			if e.Input != tc.input {
				t.Errorf("Input is %d bytes, want the whole input (%d)", len(e.Input), len(tc.input))
			}
			if err := errfmt.CheckBounded(e.Error(), tc.input, tc.context); err != nil {
				t.Error(err)
			}
		})
	}
}
