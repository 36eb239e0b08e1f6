package url

// Tests of the parser as a whole, through Parse and Parser: input that
// is not valid UTF-8, and the length limits (hrefLimit, MaxLength).
//
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
	"math"
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

// lowerHrefLimit makes hrefLimit n for the rest of the test, so that the
// refusal of hrefs past 4 GiB can be tested without 4 GiB of memory.
func lowerHrefLimit(t *testing.T, n uint64) {
	old := hrefLimit
	hrefLimit = n
	t.Cleanup(func() { hrefLimit = old })
}

func TestHrefLimitIsUint32(t *testing.T) {
	var pr Parser
	if got := pr.limit(); got != math.MaxUint32 {
		t.Errorf("limit of the zero Parser = %d, want %d (offsets are uint32)", got, uint64(math.MaxUint32))
	}
	pr.MaxLength = math.MaxInt
	if got := pr.limit(); got != math.MaxUint32 {
		t.Errorf("limit with a huge MaxLength = %d, want %d", got, uint64(math.MaxUint32))
	}
}

// TestParseTooLong: an input, or the href it gives, longer than the
// limit fails with ErrTooLong; at the limit it parses. Before, an href of
// 4 GiB or more wrapped the uint32 offsets and Parse returned success
// with wrong components.
func TestParseTooLong(t *testing.T) {
	const limit = 1000
	lowerHrefLimit(t, limit)
	atLimit := "https://h/" + strings.Repeat("a", limit-len("https://h/"))
	tests := []struct {
		name, input string
		base        []string
		ok          bool
	}{
		{"href at the limit", atLimit, nil, true},
		{"input over the limit", atLimit + "a", nil, false},
		{"input over the limit, spaces trimmed", " " + atLimit + " ", nil, false},
		{"invalid UTF-8 grows ninefold", "https://h/" + strings.Repeat("\xff", 120), nil, false},
		{"invalid UTF-8 in the query", "https://h/?" + strings.Repeat("\xff", 120), nil, false},
		{"invalid UTF-8 in the fragment", "https://h/#" + strings.Repeat("\xff", 120), nil, false},
		{"encoded userinfo", "https://" + strings.Repeat("\x01", 400) + "@h/", nil, false},
		{"opaque path", "sc:" + strings.Repeat("a\x01", 300), nil, false},
		{"opaque host", "sc://" + strings.Repeat("\x7f", 400) + "/", nil, false},
		{"relative against a long base", strings.Repeat("b", 600), []string{"https://h/" + strings.Repeat("a/", 300)}, false},
		{"query after a base's path", "?q", []string{atLimit[:limit-2]}, true},
		{"query after a base's path, over", "?qq", []string{atLimit[:limit-2]}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := Parse(tt.input, tt.base...)
			if tt.ok {
				if err != nil {
					t.Fatalf("Parse: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrTooLong) {
				t.Fatalf("Parse = %v, %v; want ErrTooLong", u, err)
			}
			var e *Error
			if !errors.As(err, &e) || e.Input != tt.input {
				t.Errorf("error %#v does not carry the input", err)
			}
			if CanParse(tt.input, tt.base...) {
				t.Errorf("CanParse = true")
			}
		})
	}
}

// TestParserMaxLength: a server's own limit applies to the input and to
// the href.
func TestParserMaxLength(t *testing.T) {
	pr := Parser{MaxLength: 30}
	if _, err := pr.Parse("https://example.com/a/b/c/d/e/f/g"); !errors.Is(err, ErrTooLong) {
		t.Errorf("long input: %v, want ErrTooLong", err)
	}
	if _, err := pr.Parse("https://h/\xff\xff\xff"); !errors.Is(err, ErrTooLong) {
		t.Errorf("href grown past MaxLength: %v, want ErrTooLong", err)
	}
	if u, err := pr.Parse("https://example.com/"); err != nil || u.Href() != "https://example.com/" {
		t.Errorf("short input: %v, %v", u, err)
	}
	if _, err := pr.Parse("/x", "https://example.com/"+strings.Repeat("a", 40)); !errors.Is(err, ErrTooLong) {
		t.Errorf("long base: %v, want ErrTooLong", err)
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

// TestSpecialSchemes checks each row of specialSchemes through what reads
// it: the scheme's recognition in any case, the default port the parser
// drops, the fast path, and the origin. It reads the table, so a new row
// is tested without a new case here.
func TestSpecialSchemes(t *testing.T) {
	for st := schemeType(1); int(st) < len(specialSchemes); st++ {
		row := specialSchemes[st]
		t.Run(row.name, func(t *testing.T) {
			if got := schemeTypeOf(strings.ToUpper(row.name)); got != st {
				t.Errorf("schemeTypeOf(%q) = %d, want %d", strings.ToUpper(row.name), got, st)
			}
			href := row.name + "://example.com/x"
			if st == schemeFile {
				href = "file:///x"
			}
			u := MustParse(strings.ToUpper(row.name) + href[len(row.name):])
			if !u.IsSpecial() || u.Href() != href {
				t.Errorf("Parse: %q special=%v, want %q special", u.Href(), u.IsSpecial(), href)
			}
			if c := (components{}); !ok(parseNormalized(href, &c)) || c.scheme != st {
				t.Errorf("parseNormalized(%q) = scheme %d; want %d, true", href, c.scheme, st)
			}
			wantOrigin := "null"
			if row.port >= 0 {
				withPort := MustParse(fmt.Sprintf("%s://example.com:%d/", row.name, row.port))
				if withPort.Port() != "" {
					t.Errorf("the default port %d stays: %q", row.port, withPort.Href())
				}
				wantOrigin = row.name + "://example.com"
			}
			if got := u.Origin(); got != wantOrigin {
				t.Errorf("Origin() = %q, want %q", got, wantOrigin)
			}
		})
	}
	for _, s := range []string{"", "gopher", "htt", "httpss", "blob", "http+unix", "fil"} {
		if got := schemeTypeOf(s); got != schemeOther {
			t.Errorf("schemeTypeOf(%q) = %d, want schemeOther", s, got)
		}
	}
}

// TestLowerInto: lowerInto lowercases A-Z and keeps every other byte,
// at each offset of inputs of every length up to 19 (words, the
// overlapping last word, and the bytes of an input shorter than one).
func TestLowerInto(t *testing.T) {
	for n := 0; n <= 19; n++ {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < n; pos++ {
				in := []byte("0123456789abcdefghi"[:n])
				in[pos] = byte(c)
				got := make([]byte, n)
				lowerInto(got, string(in)+"TAIL")
				for k, b := range in {
					if 'A' <= b && b <= 'Z' {
						b += 'a' - 'A'
					}
					if got[k] != b {
						t.Fatalf("length %d, byte %#x at %d: got %q at %d, want %q", n, c, pos, got[k], k, b)
					}
				}
			}
		}
	}
}
