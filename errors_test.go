package url

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorMessages pins the one form of the package's error messages
// (see Error): "url: ", the operation, the quoted input, and the cause,
// which for a validation error is its spec name, a gloss in
// parentheses, and its offset.
func TestErrorMessages(t *testing.T) {
	u := MustParse("https://example.com/")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"parse", second(Parse("http://[::1")),
			`url: parse "http://[::1": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7`},
		{"parse base", second(Parse("x", "http://h:99999/")),
			`url: parse base "http://h:99999/": port-out-of-range (port is greater than 65535) at offset 9`},
		{"too many bases", second(Parse("x", "http://a/", "http://b/")),
			`url: parse "x": more than one base URL`},
		{"Validate, parse base", third(Validate("x", "http://h:99999/")),
			`url: parse base "http://h:99999/": port-out-of-range (port is greater than 65535) at offset 9`},
		{"set port", u.SetPort("x"),
			`url: set port "x": port-invalid (port is not a number)`},
		{"set host", u.SetHost("exa mple.com"),
			`url: set host "exa mple.com": domain-invalid-code-point (domain holds a forbidden code point) at offset 3`},
		{"set username", MustParse("file:///x").SetUsername("me"),
			`url: set username "me": the URL cannot have a username, password or port`},
		{"domain to Unicode, no offset", second(ToUnicode("xn--a.com")),
			`url: domain to Unicode "xn--a.com": domain-to-Unicode (Unicode ToUnicode failed on the domain)`},
		{"URIError", second(DecodeURI("%C0%AF")),
			`url: DecodeURI "%C0%AF": malformed URI (overlong UTF-8 encoding) at offset 0`},
		{"DialError", &DialError{Network: "tcp4", Address: "127.0.0.1:9", Err: ErrNotGloballyReachable},
			`url: dial tcp4 "127.0.0.1:9": address is not globally reachable`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err == nil || tc.err.Error() != tc.want {
				t.Errorf("Error() = %v\nwant       %s", tc.err, tc.want)
			}
		})
	}
}

func second[T any](_ T, err error) error { return err }

func third[T, U any](_ T, _ U, err error) error { return err }

// TestErrorKindGlosses: every validation error kind has a gloss, and a
// ValidationError's message is the spec name, the gloss in parentheses
// and the offset, which errors.Is still matches by kind.
func TestErrorKindGlosses(t *testing.T) {
	for _, k := range ErrorKinds() {
		g := k.gloss()
		if g == "" || strings.ContainsAny(g, "()") {
			t.Errorf("%v: gloss %q, want a short phrase without parentheses", k, g)
		}
		e := &ValidationError{Kind: k, Offset: 3}
		if want := k.String() + " (" + g + ") at offset 3"; e.Error() != want {
			t.Errorf("Error() = %q, want %q", e.Error(), want)
		}
		if !errors.Is(e, k) {
			t.Errorf("errors.Is(%v, %v) = false", e, k)
		}
	}
	if g := ErrorKind(0).gloss(); g != "" {
		t.Errorf("ErrorKind(0).gloss() = %q, want empty", g)
	}
}
