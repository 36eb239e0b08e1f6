package url

// Input that is not valid UTF-8. The URL Standard parses a string of
// Unicode scalar values; a Go string may hold any bytes. The package
// reads every byte that is not part of a valid UTF-8 sequence as U+FFFD
// (see the package documentation), which the parser percent-encodes as
// %EF%BF%BD wherever it encodes non-ASCII code points, and which domain
// to ASCII rejects (UTS #46 disallows U+FFFD).
//
// "Per byte" is Go's convention (utf8.DecodeRuneInString returns
// RuneError with size 1): a truncated sequence such as "\xE2\x82" (the
// first two bytes of "€") gives two U+FFFD. The Encoding Standard's UTF-8
// decoder would give one (it replaces a maximal subpart with a single
// U+FFFD); a browser never sees such input because its strings are
// already scalar values, so the choice is this package's, and these
// tests pin it.

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// fffd is U+FFFD, UTF-8 percent-encoded.
const fffd = "%EF%BF%BD"

func TestInvalidUTF8Parse(t *testing.T) {
	for _, tc := range []struct {
		input, base string
		href        string // "" means failure
		kind        ErrorKind
	}{
		// Path: the byte is U+FFFD, path percent-encode set.
		{"https://x/a\xffb", "", "https://x/a" + fffd + "b", 0},
		// Query, special: special-query percent-encode set.
		{"https://x/?\xff", "", "https://x/?" + fffd, 0},
		// Query, non-special: query percent-encode set.
		{"sc://x/?\xff", "", "sc://x/?" + fffd, 0},
		// Fragment: fragment percent-encode set.
		{"https://x/#\xff", "", "https://x/#" + fffd, 0},
		// Path, query and fragment at once: delimiters still found.
		{"https://x/\xff?\xff#\xff", "", "https://x/" + fffd + "?" + fffd + "#" + fffd, 0},
		// Username and password: userinfo percent-encode set.
		{"https://\xff:\xfe@x/", "", "https://" + fffd + ":" + fffd + "@x/", 0},
		// Opaque path: C0 control percent-encode set encodes non-ASCII.
		{"sc:\xff", "", "sc:" + fffd, 0},
		// Opaque host: C0 control percent-encode set.
		{"sc://\xff/", "", "sc://" + fffd + "/", 0},
		// Opaque host with a truncated sequence: one U+FFFD per byte.
		{"sc://a\xe2\x82b/", "", "sc://a" + fffd + fffd + "b/", 0},
		// File URL path.
		{"file:///\xff", "", "file:///" + fffd, 0},
		// A special URL's domain: U+FFFD is disallowed by ToASCII.
		{"https://\xff/", "", "", DomainToASCII},
		// ...inside a label too.
		{"https://a\xff.com/", "", "", DomainToASCII},
		// ...and in a file URL's host.
		{"file://\xff/", "", "", DomainToASCII},
		// The percent-encoded form: the host parser UTF-8 decodes the
		// percent-decoded bytes without BOM, giving U+FFFD: failure.
		{"https://%ff/", "", "", DomainToASCII},
		// Truncated 3-byte sequence at the end: two U+FFFD (per byte).
		{"https://x/\xe2\x82", "", "https://x/" + fffd + fffd, 0},
		// Truncated 3-byte sequence before ASCII: still two, then "z".
		{"https://x/\xe2\x82z", "", "https://x/" + fffd + fffd + "z", 0},
		// Truncated 4-byte sequence: three U+FFFD.
		{"https://x/\xf0\x9f\x98", "", "https://x/" + fffd + fffd + fffd, 0},
		// UTF-8 encoded surrogate U+D800 (ED A0 80): not a scalar value,
		// invalid UTF-8, three U+FFFD.
		{"https://x/\xed\xa0\x80", "", "https://x/" + fffd + fffd + fffd, 0},
		// Overlong encoding of U+0000 (C0 80): two U+FFFD.
		{"https://x/\xc0\x80", "", "https://x/" + fffd + fffd, 0},
		// Above U+10FFFF (F4 90 80 80): four U+FFFD.
		{"https://x/\xf4\x90\x80\x80", "", "https://x/" + fffd + fffd + fffd + fffd, 0},
		// Valid UTF-8 of every length encodes byte for byte.
		{"https://x/A\u00e9\u20ac\U0001F600", "", "https://x/A%C3%A9%E2%82%AC%F0%9F%98%80", 0},
		// The largest scalar value and the last before the surrogates.
		{"https://x/\U0010FFFF\uD7FF", "", "https://x/%F4%8F%BF%BF%ED%9F%BF", 0},
		// An invalid byte in what looked like a scheme: no scheme, so a
		// path-relative reference against the base.
		{"ht\xfftp://x", "https://b/", "https://b/ht" + fffd + "tp://x", 0},
		// An invalid byte in a port: port-invalid.
		{"https://x:8\xff/", "", "", PortInvalid},
		// An invalid byte in an IPv6 address.
		{"https://[::\xff]/", "", "", IPv6InvalidCodePoint},
		// An invalid byte first: no scheme, no base.
		{"\xffhttps://x/", "", "", MissingSchemeNonRelativeURL},
	} {
		name := fmt.Sprintf("%q", tc.input)
		var base []string
		if tc.base != "" {
			name += fmt.Sprintf(" against %q", tc.base)
			base = []string{tc.base}
		}
		t.Run(name, func(t *testing.T) {
			u, err := Parse(tc.input, base...)
			if can := CanParse(tc.input, base...); can != (err == nil) {
				t.Errorf("CanParse = %v, Parse error = %v", can, err)
			}
			if tc.href == "" {
				if err == nil {
					t.Fatalf("parsed as %q, want %v", u.Href(), tc.kind)
				}
				if !errors.Is(err, tc.kind) {
					t.Errorf("error = %v, want %v", err, tc.kind)
				}
				return
			}
			if err != nil {
				t.Fatalf("failed: %v, want %q", err, tc.href)
			}
			if u.Href() != tc.href {
				t.Errorf("href = %q, want %q", u.Href(), tc.href)
			}
			if err := u.checkInvariants(); err != nil {
				t.Errorf("invariants: %v", err)
			}
			// The href is valid UTF-8 and parses to itself.
			if v, err := Parse(u.Href()); err != nil || v.Href() != u.Href() {
				t.Errorf("re-parse of %q: %v, %v", u.Href(), v, err)
			}
			// The invalid bytes are U+FFFD: the input with each bad byte
			// replaced by hand parses to the same href.
			fixed := perByteFFFD(tc.input)
			if v, err := Parse(fixed, base...); err != nil || v.Href() != u.Href() {
				t.Errorf("Parse(%q) = %v, %v; want the same href as the invalid input", fixed, v, err)
			}
		})
	}
}

// perByteFFFD replaces each byte of s that is not part of a valid UTF-8
// sequence with U+FFFD (strings.ToValidUTF8 would replace a whole run of
// them with one).
func perByteFFFD(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// TestInvalidUTF8Offsets checks that a validation error after an invalid
// byte is reported at its offset in the caller's input, although the
// parser works on the input with each bad byte widened to three bytes.
func TestInvalidUTF8Offsets(t *testing.T) {
	for _, tc := range []struct {
		input  string
		offset int
	}{
		{"https://x/\xff>", 11},     // one bad byte before ">"
		{"https://x/\xe2\x82>", 12}, // two bad bytes before ">"
		{"https://x/\xff\t>", 12},   // a bad byte, a removed tab, then ">"
	} {
		t.Run(fmt.Sprintf("%q", tc.input), func(t *testing.T) {
			_, errs, err := Validate(tc.input)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, e := range errs {
				if e.Kind == InvalidURLUnit && e.Offset == tc.offset {
					found = true
				}
			}
			if !found {
				t.Errorf("errors = %v, want invalid-URL-unit at %d", errs, tc.offset)
			}
		})
	}
	// A fatal error after an invalid byte, in a port.
	_, err := Parse("https://x:8\xff/")
	var v *ValidationError
	if !errors.As(err, &v) || v.Offset != 11 {
		t.Errorf("port error = %v, want port-invalid at 11", err)
	}
}

// TestInvalidUTF8Setters checks the same rules through the setters: the
// value "a\xff\xe2\x82b" holds one lone byte and one truncated sequence,
// three U+FFFD in all.
func TestInvalidUTF8Setters(t *testing.T) {
	const value = "a\xff\xe2\x82b"
	const enc = "a" + fffd + fffd + fffd + "b"
	for _, tc := range []struct {
		attr, href string
		want       string // "" means the setter fails and the URL is unchanged
		kind       ErrorKind
	}{
		// pathname: path percent-encode set.
		{"pathname", "https://x/", "https://x/" + enc, 0},
		// pathname of a non-special URL.
		{"pathname", "sc://x/", "sc://x/" + enc, 0},
		// search: special-query percent-encode set.
		{"search", "https://x/", "https://x/?" + enc, 0},
		// search on an opaque path.
		{"search", "sc:x", "sc:x?" + enc, 0},
		// hash: fragment percent-encode set.
		{"hash", "https://x/", "https://x/#" + enc, 0},
		// hash on an opaque path.
		{"hash", "sc:x", "sc:x#" + enc, 0},
		// username: no parser, UTF-8 percent-encode with the userinfo set.
		{"username", "https://x/", "https://" + enc + "@x/", 0},
		// password: likewise.
		{"password", "https://x/", "https://:" + enc + "@x/", 0},
		// host of a special URL: domain to ASCII fails, unchanged.
		{"host", "https://x/", "", DomainToASCII},
		// hostname of a special URL: likewise.
		{"hostname", "https://x/", "", DomainToASCII},
		// host of a non-special URL: an opaque host, encoded.
		{"host", "sc://x/", "sc://" + enc + "/", 0},
		// hostname of a non-special URL.
		{"hostname", "sc://x/", "sc://" + enc + "/", 0},
		// port: not digits, unchanged.
		{"port", "https://x:1/", "", PortInvalid},
	} {
		t.Run(fmt.Sprintf("%s of %q", tc.attr, tc.href), func(t *testing.T) {
			u := MustParse(tc.href)
			sp := u.SearchParams()
			err := setters[tc.attr](u, value)
			if tc.want == "" {
				if err == nil || !errors.Is(err, tc.kind) {
					t.Errorf("error = %v, want %v", err, tc.kind)
				}
				if u.Href() != tc.href {
					t.Errorf("href = %q, want unchanged %q", u.Href(), tc.href)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if u.Href() != tc.want {
				t.Errorf("href = %q, want %q", u.Href(), tc.want)
			}
			if err := u.checkInvariants(); err != nil {
				t.Errorf("invariants: %v", err)
			}
			if tc.attr == "search" {
				// The URL's SearchParams follow: one name, three U+FFFD.
				if got := sp.String(); got != enc+"=" {
					t.Errorf("SearchParams = %q, want %q", got, enc+"=")
				}
			}
		})
	}
	// protocol: U+FFFD is not a scheme code point: unchanged.
	u := MustParse("https://x/")
	if err := u.SetProtocol("\xff"); err == nil || u.Href() != "https://x/" {
		t.Errorf("SetProtocol(\\xff) = %v, href %q", err, u.Href())
	}
	// href: parsed as a whole.
	if err := u.SetHref("https://x/\xed\xa0\x80"); err != nil || u.Href() != "https://x/"+fffd+fffd+fffd {
		t.Errorf("SetHref = %v, href %q", err, u.Href())
	}
	if err := u.SetHref("https://\xff/"); !errors.Is(err, DomainToASCII) || u.Href() != "https://x/"+fffd+fffd+fffd {
		t.Errorf("SetHref(https://\\xff/) = %v, href %q", err, u.Href())
	}
}

// TestInvalidUTF8Runs: runs of invalid bytes, which preprocessing
// replaces in bulk when nobody listens for validation errors, give one
// U+FFFD per byte, as the byte-by-byte replacement does: runs longer
// than the bulk chunk, runs after a byte that only looks like the start
// of a sequence, and runs that end in one.
func TestInvalidUTF8Runs(t *testing.T) {
	for _, run := range []string{
		strings.Repeat("\xff", 31), strings.Repeat("\xff", 32), strings.Repeat("\x80", 33), strings.Repeat("\xfe\xc0\xc1\xf5", 100),
		"\xe2" + strings.Repeat("\x82", 40), "\xe2\x82" + strings.Repeat("\xff", 40) + "\xe2\x82\xac", strings.Repeat("\xbf", 40) + "\xf0\x9f",
		"\xc2" + strings.Repeat("\x80\x80", 20), strings.Repeat("\xff\xc2\x80\xff\xf4\x8f\xbf\xbf", 10), "é\xffé\xff", strings.Repeat("\xff\t", 20),
	} {
		for _, input := range []string{"https://x/" + run + "?" + run + "#" + run, "sc:" + run, "https://" + run + "@x/"} {
			t.Run(fmt.Sprintf("%q", input), func(t *testing.T) {
				u, err := Parse(input)
				g, gerr := generalParse(input, nil) // byte by byte: errors are reported
				if err != nil || gerr != nil {
					t.Fatalf("Parse: %v; byte by byte: %v", err, gerr)
				}
				if u.Href() != g.Href() {
					t.Errorf("Href = %q, byte by byte %q", u.Href(), g.Href())
				}
				if strings.HasPrefix(input, "https://x/") {
					if want := "/" + PercentEncode(perByteFFFD(strings.ReplaceAll(run, "\t", "")), PathSet); u.Pathname() != want {
						t.Errorf("Pathname = %q, want %q", u.Pathname(), want)
					}
				}
			})
		}
	}
}
