package url

// Validation errors (URL Standard, section 1.1): every kind is reported
// for the spec's own example, fatal exactly where the spec's table says
// "Failure: Yes", at a sensible offset; exact ordered lists for a few
// inputs (as jsdom whatwg-url's tests check them); hrefs of the WPT corpus
// report nothing they should not; errors.Is works on Parse errors; and
// nobody pays for validation when nobody asks.

import (
	"errors"
	"fmt"
	"net"
	neturl "net/url"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/url/internal/errfmt"
)

// validationCase is one input (with an optional base) and the validation
// error it must report.
type validationCase struct {
	input  string
	base   []string
	kind   ErrorKind
	fatal  bool
	offset int // offset of the error of this kind in input
}

func (c validationCase) name() string {
	if len(c.base) == 0 {
		return fmt.Sprintf("%q", c.input)
	}
	return fmt.Sprintf("%q against %q", c.input, c.base[0])
}

// validationExamples are the examples of the spec's validation-error
// table (section 1.1), one row per example, plus a second example where
// a kind is fatal in one case and not in another.
var validationExamples = []validationCase{
	// domain-to-ASCII: fatal for a non-ASCII domain that ToASCII rejects
	// (a lone soft hyphen maps to the empty string).
	{"https://\u00ad/", nil, DomainToASCII, true, 8},
	// domain-to-ASCII: an all-ASCII domain never fails (WPT's newer rule,
	// see docs/design.md), the invalid Punycode is only reported.
	{"https://xn--a.xn--nxa/", nil, DomainToASCII, false, 8},
	// domain-to-ASCII: the strict ToASCII (CheckHyphens,
	// UseSTD3ASCIIRules, VerifyDnsLength) fails though the parser's
	// succeeds: "_" is not a letter, digit or hyphen; a label ends in "-".
	{"https://_dmarc.example.com/", nil, DomainToASCII, false, 8},
	{"https://a-.com/", nil, DomainToASCII, false, 8},
	// domain-to-ASCII: the spec's example; "%23" decodes to "#", a
	// forbidden domain code point, so the domain parser fails (the
	// domain-invalid-code-point of the 2025 standard).
	{"https://exa%23mple.org", nil, DomainToASCII, true, 8},
	// domain-to-ASCII: a forbidden domain code point as it is, reported
	// at that code point.
	{"https://exa mple.org", nil, DomainToASCII, true, 11},
	// domain-percent-encoded: the spec's example, at the "%".
	{"https://exam%70le.org", nil, DomainPercentEncoded, false, 12},
	// host-invalid-code-point: "[" in an opaque host, at the "[".
	{"foo://exa[mple.org", nil, HostInvalidCodePoint, true, 9},
	// IPv4-empty-part: a trailing dot; not fatal.
	{"https://127.0.0.1./", nil, IPv4EmptyPart, false, 8},
	// IPv4-too-few-parts: three parts; not fatal.
	{"https://1.2.3/", nil, IPv4TooFewParts, false, 8},
	// IPv4-too-many-parts: five parts; fatal.
	{"https://1.2.3.4.5/", nil, IPv4TooManyParts, true, 8},
	// IPv4-non-numeric-part: the last label is numeric, so it must be an
	// IPv4 address, and "test" is not a number; fatal.
	{"https://test.42", nil, IPv4NonNumericPart, true, 8},
	// IPv4-non-decimal-part: "0x0"; not fatal.
	{"https://127.0.0x0.1", nil, IPv4NonDecimalPart, false, 8},
	// IPv4-out-of-range-part: 4000 in a non-last part; fatal.
	{"https://255.255.4000.1", nil, IPv4OutOfRangePart, true, 8},
	// IPv4-out-of-range-part: 256 in the last of two parts fits in three
	// bytes; reported, not fatal.
	{"https://1.256/", nil, IPv4OutOfRangePart, false, 8},
	// IPv4-non-ASCII-input: full-width digits map to an IPv4 address
	// (whatwg/url#925).
	{"https://\uff11\uff12\uff17.0.0.1/", nil, IPv4NonASCIIInput, false, 8},
	// IPv4-non-ASCII-input: an ideographic full stop.
	{"https://127\u30020.0.1/", nil, IPv4NonASCIIInput, false, 8},
	// IPv6-unclosed.
	{"https://[::1", nil, IPv6Unclosed, true, 8},
	// IPv6-invalid-compression: a single leading colon.
	{"https://[:1]", nil, IPv6InvalidCompression, true, 8},
	// IPv6-too-many-pieces.
	{"https://[1:2:3:4:5:6:7:8:9]", nil, IPv6TooManyPieces, true, 8},
	// IPv6-multiple-compression.
	{"https://[1::1::1]", nil, IPv6MultipleCompression, true, 8},
	// IPv6-invalid-code-point: "!".
	{"https://[1:2:3!:4]", nil, IPv6InvalidCodePoint, true, 8},
	// IPv6-invalid-code-point: ends unexpectedly after ":".
	{"https://[1:2:3:]", nil, IPv6InvalidCodePoint, true, 8},
	// IPv6-too-few-pieces.
	{"https://[1:2:3]", nil, IPv6TooFewPieces, true, 8},
	// IPv6-piece-leading-zero: "01".
	{"https://[::01]/", nil, IPv6PieceLeadingZero, false, 8},
	// IPv6-piece-leading-zero: "0000" is four digits for a zero piece.
	{"https://[1:0000::1]/", nil, IPv6PieceLeadingZero, false, 8},
	// IPv4-in-IPv6-too-many-pieces.
	{"https://[1:1:1:1:1:1:1:127.0.0.1]", nil, IPv4InIPv6TooManyPieces, true, 8},
	// IPv4-in-IPv6-invalid-code-point: an empty IPv4 part.
	{"https://[ffff::.0.0.1]", nil, IPv4InIPv6InvalidCodePoint, true, 8},
	// IPv4-in-IPv6-invalid-code-point: a non-digit.
	{"https://[ffff::127.0.xyz.1]", nil, IPv4InIPv6InvalidCodePoint, true, 8},
	// IPv4-in-IPv6-invalid-code-point: a non-digit right after a part.
	{"https://[ffff::127.0xyz]", nil, IPv4InIPv6InvalidCodePoint, true, 8},
	// IPv4-in-IPv6-invalid-code-point: a leading 0.
	{"https://[ffff::127.00.0.1]", nil, IPv4InIPv6InvalidCodePoint, true, 8},
	// IPv4-in-IPv6-invalid-code-point: too many IPv4 parts.
	{"https://[ffff::127.0.0.1.2]", nil, IPv4InIPv6InvalidCodePoint, true, 8},
	// IPv4-in-IPv6-out-of-range-part.
	{"https://[ffff::127.0.0.4000]", nil, IPv4InIPv6OutOfRangePart, true, 8},
	// IPv4-in-IPv6-too-few-parts.
	{"https://[ffff::127.0.0]", nil, IPv4InIPv6TooFewParts, true, 8},
	// invalid-URL-unit: ">" is not a URL code point.
	{"https://example.org/>", nil, InvalidURLUnit, false, 20},
	// invalid-URL-unit: leading and trailing space (reported once, at 0).
	{" https://example.org ", nil, InvalidURLUnit, false, 0},
	// invalid-URL-unit: a newline, at the newline.
	{"ht\ntps://example.org", nil, InvalidURLUnit, false, 2},
	// invalid-URL-unit: "%" not followed by two hex digits.
	{"https://example.org/%s", nil, InvalidURLUnit, false, 20},
	// special-scheme-missing-following-solidus: file: without "//".
	{"file:c:/my-secret-folder", nil, SpecialSchemeMissingFollowingSolidus, false, 5},
	// special-scheme-missing-following-solidus: https: without "//".
	{"https:example.org", nil, SpecialSchemeMissingFollowingSolidus, false, 6},
	// special-scheme-missing-following-solidus: relative to a base of the
	// same scheme.
	{"https:foo.html", []string{"https://example.org/"}, SpecialSchemeMissingFollowingSolidus, false, 6},
	// missing-scheme-non-relative-URL: no base.
	{"💩", nil, MissingSchemeNonRelativeURL, true, 0},
	// missing-scheme-non-relative-URL: a base with an opaque path.
	{"💩", []string{"mailto:user@example.org"}, MissingSchemeNonRelativeURL, true, 0},
	// invalid-reverse-solidus: the first "\".
	{"https://example.org\\path\\to\\file", nil, InvalidReverseSolidus, false, 19},
	// invalid-credentials: special URL; reported at the "@" (authority state, c is "@").
	{"https://user@example.org", nil, InvalidCredentials, false, 12},
	// invalid-credentials: non-special URL.
	{"ssh://user@example.org", nil, InvalidCredentials, false, 10},
	// host-missing: nothing before "#".
	{"https://#fragment", nil, HostMissing, true, 8},
	// host-missing: a port but no host.
	{"https://:443", nil, HostMissing, true, 8},
	// host-missing: credentials but no host, at the end of the input.
	{"https://user:pass@", nil, HostMissing, true, 18},
	// port-out-of-range: at the start of the port.
	{"https://example.org:70000", nil, PortOutOfRange, true, 20},
	// port-invalid: at the first code point that is not a digit.
	{"https://example.org:7z", nil, PortInvalid, true, 21},
	// file-invalid-Windows-drive-letter: the spec's example is
	// "/c:/path/to/file" against "file:///c:/", but the parser's only
	// step that reports this error (file state, 4.4) is reached by a
	// reference that starts with the drive letter itself: "/c:/..." goes
	// through the file slash state, which reports nothing. So the input
	// here has no leading "/", and "|" for ":" ("c:/path" would be a URL
	// whose scheme is "c").
	{"c|/path/to/file", []string{"file:///c:/"}, FileInvalidWindowsDriveLetter, false, 0},
	// file-invalid-Windows-drive-letter-host: at the host.
	{"file://c:", nil, FileInvalidWindowsDriveLetterHost, false, 7},
}

// TestValidationErrorExamples checks that each example reports its kind,
// fatal as the spec's table says, at the expected offset, and that a
// fatal kind fails the parse (and is the last error) while a non-fatal
// one does not.
func TestValidationErrorExamples(t *testing.T) {
	for _, tc := range validationExamples {
		t.Run(tc.name(), func(t *testing.T) {
			u, errs, err := Validate(tc.input, tc.base...)
			found := false
			for _, e := range errs {
				if e.Kind == tc.kind && e.Fatal == tc.fatal && e.Offset == tc.offset {
					found = true
				}
				if e.Offset < 0 || e.Offset > len(tc.input) {
					t.Errorf("%v at offset %d, outside the input", e.Kind, e.Offset)
				}
			}
			if !found {
				t.Errorf("errors = %v, want %v (fatal %v) at offset %d", errs, tc.kind, tc.fatal, tc.offset)
			}
			if tc.fatal {
				if err == nil || u != nil {
					t.Fatalf("parsed as %v, want failure", u)
				}
				if last := errs[len(errs)-1]; last.Kind != tc.kind || !last.Fatal {
					t.Errorf("last error = %+v, want the fatal %v", last, tc.kind)
				}
				if !errors.Is(err, tc.kind) {
					t.Errorf("errors.Is(%v, %v) = false", err, tc.kind)
				}
				for _, e := range errs[:len(errs)-1] {
					if e.Fatal {
						t.Errorf("%+v is fatal but not last", e)
					}
				}
				// Parse fails the same way when nobody collects errors.
				if _, perr := Parse(tc.input, tc.base...); !errors.Is(perr, tc.kind) {
					t.Errorf("Parse error = %v, want %v", perr, tc.kind)
				}
				return
			}
			if err != nil {
				t.Fatalf("failed: %v, want success", err)
			}
			for _, e := range errs {
				if e.Fatal {
					t.Errorf("%+v is fatal in a successful parse", e)
				}
			}
		})
	}
}

// TestEveryErrorKindCovered checks that the examples cover every kind
// ErrorKinds returns, however many there are.
func TestEveryErrorKindCovered(t *testing.T) {
	covered := map[ErrorKind]bool{}
	for _, tc := range validationExamples {
		covered[tc.kind] = true
	}
	for _, k := range ErrorKinds() {
		if !covered[k] {
			t.Errorf("no example reports %v", k)
		}
	}
}

// TestErrorKindTable checks the one table of kinds: every kind from 1
// up to numErrorKinds has a row, with a name in the spec's form
// (letters, digits and hyphens, unique), a gloss and a description;
// String and Error give the name; and a value outside the table has
// neither.
func TestErrorKindTable(t *testing.T) {
	kinds := ErrorKinds()
	if len(kinds) != int(numErrorKinds)-1 {
		t.Fatalf("ErrorKinds() has %d kinds, the table %d", len(kinds), numErrorKinds-1)
	}
	names := map[string]ErrorKind{}
	for i, k := range kinds {
		if k != ErrorKind(i+1) {
			t.Errorf("ErrorKinds()[%d] = %d, want %d", i, k, i+1)
		}
		row := errorKindTable[k]
		if row.name == "" || strings.Trim(row.name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != "" ||
			row.name[0] == '-' || row.name[len(row.name)-1] == '-' {
			t.Errorf("kind %d: name %q is not in the spec's form", k, row.name)
		}
		if other, dup := names[row.name]; dup {
			t.Errorf("kinds %d and %d are both named %q", other, k, row.name)
		}
		names[row.name] = k
		if row.gloss == "" || row.description == "" || !strings.HasSuffix(row.description, ".") {
			t.Errorf("%s: gloss %q, description %q", row.name, row.gloss, row.description)
		}
		if k.String() != row.name || k.Error() != row.name || k.Description() != row.description || k.gloss() != row.gloss {
			t.Errorf("%s: String %q, Error %q, Description %q, gloss %q", row.name, k.String(), k.Error(), k.Description(), k.gloss())
		}
	}
	for _, k := range []ErrorKind{0, numErrorKinds, 255} {
		if k.Description() != "" || k.gloss() != "" || k.String() != "ErrorKind("+strconv.Itoa(int(k))+")" {
			t.Errorf("ErrorKind(%d): String %q, Description %q", k, k.String(), k.Description())
		}
	}
}

// TestRemovedErrorKinds: the URL Standard of 2026 has no
// domain-invalid-code-point and no domain-to-Unicode; the failures the
// first named are domain-to-ASCII, and ToUnicode's error is
// ErrToUnicode, with the domain returned as it is.
func TestRemovedErrorKinds(t *testing.T) {
	for _, k := range ErrorKinds() {
		if s := k.String(); s == "domain-invalid-code-point" || s == "domain-to-Unicode" {
			t.Errorf("kind %d is %s", k, s)
		}
	}
	got, err := ToUnicode("xn--a.com")
	if got != "xn--a.com" || !errors.Is(err, ErrToUnicode) {
		t.Errorf("ToUnicode(%q) = %q, %v; want the input and ErrToUnicode", "xn--a.com", got, err)
	}
	var ve *ValidationError
	if errors.As(err, &ve) {
		t.Errorf("ToUnicode's error %v holds a validation error", err)
	}
}

// ve abbreviates a ValidationError in the tables below.
type ve = ValidationError

// TestValidationErrorLists checks the exact, ordered list of errors for
// inputs with several, as jsdom whatwg-url's tests do.
func TestValidationErrorLists(t *testing.T) {
	for _, tc := range []struct {
		input string
		base  []string
		want  []ValidationError
	}{
		// Two backslashes for "//": the special authority slashes state
		// reports the first, then the ignore-slashes state reports it
		// again and the next (4.4); the path's "\" is
		// invalid-reverse-solidus.
		{"https:\\\\x\\y", nil, []ve{
			{SpecialSchemeMissingFollowingSolidus, 6, false},
			{SpecialSchemeMissingFollowingSolidus, 6, false},
			{SpecialSchemeMissingFollowingSolidus, 7, false},
			{InvalidReverseSolidus, 9, false}}},
		// "http:/x": one "/" is not "//" (slashes state), and that "/"
		// is then ignored with an error (ignore-slashes state).
		{"http:/x/", nil, []ve{
			{SpecialSchemeMissingFollowingSolidus, 5, false},
			{SpecialSchemeMissingFollowingSolidus, 5, false}}},
		// Tabs and newlines: one error for all of them (4.4 step 2), at
		// the first.
		{"ht\ttps://ex\nample.org", nil, []ve{{InvalidURLUnit, 2, false}}},
		// Leading/trailing C0 control or space (step 1.2), then a tab
		// inside them is stripped too and not reported again.
		{" \thttps://x/ ", nil, []ve{{InvalidURLUnit, 0, false}}},
		// Leading spaces shift nothing: ">" is at its own offset.
		{"  https://x/>", nil, []ve{{InvalidURLUnit, 0, false}, {InvalidURLUnit, 12, false}}},
		// Offsets are in the caller's input, after removed tabs: ">" is
		// at 14, not 12.
		{"https://x/a\n\tb>c", nil, []ve{{InvalidURLUnit, 11, false}, {InvalidURLUnit, 14, false}}},
		// Each code point that is not a URL unit, in order.
		{"https://example.org/a>b<c", nil, []ve{{InvalidURLUnit, 21, false}, {InvalidURLUnit, 23, false}}},
		// "%z" and a final "%".
		{"https://x/%zz%", nil, []ve{{InvalidURLUnit, 10, false}, {InvalidURLUnit, 13, false}}},
		// Spaces in the query and the fragment.
		{"https://x/?a b#c d", nil, []ve{{InvalidURLUnit, 12, false}, {InvalidURLUnit, 16, false}}},
		// Credentials, then a fatal port.
		{"https://user:pass@example.org:70000", nil, []ve{{InvalidCredentials, 17, false}, {PortOutOfRange, 30, true}}},
		// A tab in the port: reported, removed, and the port error is at
		// the "z" in the caller's input.
		{"https://x:\t8z/", nil, []ve{{InvalidURLUnit, 10, false}, {PortInvalid, 12, true}}},
		// A relative drive letter against a file base; "|" is not a URL
		// code point (the path state sees it before it becomes ":").
		{"c|", []string{"file:///c:/"}, []ve{{FileInvalidWindowsDriveLetter, 0, false}, {InvalidURLUnit, 1, false}}},
		// Trailing dot of an IPv4 address: the strict ToASCII fails on
		// the empty last label (VerifyDnsLength), then IPv4-empty-part.
		{"http://1.2.3.4./", nil, []ve{{DomainToASCII, 7, false}, {IPv4EmptyPart, 7, false}}},
		// A path segment ending in "\": its own invalid-URL-unit first,
		// then the "\" that ends it (path state: step 2.1 for each code
		// point of the segment, step 1.1 at the "\").
		{"https://x/a b\\", nil, []ve{{InvalidURLUnit, 11, false}, {InvalidReverseSolidus, 13, false}}},
		{"https://x/a\\b c\\", nil, []ve{{InvalidReverseSolidus, 11, false}, {InvalidURLUnit, 13, false}, {InvalidReverseSolidus, 15, false}}},
		// An opaque host: invalid-URL-unit at most twice, once for a
		// code point that is not a URL unit (the first '"') and once for
		// a "%" without two hex digits (the first "%"): steps 2 and 3 of
		// the opaque-host parser.
		{"sc://a\"b\"%zz%/", nil, []ve{{InvalidURLUnit, 6, false}, {InvalidURLUnit, 9, false}}},
		// IDNA maps full-width digits and an ideographic full stop to an
		// IPv4 address: IPv4-non-ASCII-input before the IPv4 parser's
		// own errors.
		{"https://\uff11\uff12\uff17.0.0.1/", nil, []ve{{IPv4NonASCIIInput, 8, false}}},
		{"https://127\u30020.1/", nil, []ve{{IPv4NonASCIIInput, 8, false}, {IPv4TooFewParts, 8, false}}},
		// A percent-encoded domain: domain-percent-encoded at the first
		// percent-encoded byte, then the strict ToASCII's error ("_").
		{"https://a%5F.b/", nil, []ve{{DomainPercentEncoded, 9, false}, {DomainToASCII, 8, false}}},
		// IPv6: a leading zero in each of two pieces, one error each.
		{"https://[01::0a:1]/", nil, []ve{{IPv6PieceLeadingZero, 8, false}, {IPv6PieceLeadingZero, 8, false}}},
		// Credentials then host-missing at the end.
		{"https://user:pass@", nil, []ve{{InvalidCredentials, 17, false}, {HostMissing, 18, true}}},
		// A valid URL string: none.
		{"https://example.org/a/b?c=d#e", nil, nil},
		// A valid relative-URL string against a base: none.
		{"../x?y#z", []string{"https://example.org/a/b/c"}, nil},
	} {
		name := fmt.Sprintf("%q", tc.input)
		if len(tc.base) > 0 {
			name += fmt.Sprintf(" against %q", tc.base[0])
		}
		t.Run(name, func(t *testing.T) {
			_, errs, _ := Validate(tc.input, tc.base...)
			if fmt.Sprint(errs) != fmt.Sprint(tc.want) {
				t.Errorf("errors =\n\t%v\nwant\n\t%v", errs, tc.want)
			}
			// Parser.OnValidationError sees the same list.
			var got []ValidationError
			p := Parser{OnValidationError: func(e ValidationError) { got = append(got, e) }}
			p.Parse(tc.input, tc.base...)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("OnValidationError saw\n\t%v\nwant\n\t%v", got, tc.want)
			}
		})
	}
}

// TestParseErrorsIs checks that errors.Is and errors.As see the spec's
// kind through the *Error that Parse and the setters return.
func TestParseErrorsIs(t *testing.T) {
	for _, tc := range []struct {
		input string
		kind  ErrorKind
	}{
		{"https://example.org:7z", PortInvalid},            // letter in the port
		{"https://example.org:70000", PortOutOfRange},      // port over 65535
		{"https://#x", HostMissing},                        // special URL without a host
		{"x", MissingSchemeNonRelativeURL},                 // no scheme, no base
		{"https://[::1", IPv6Unclosed},                     // unclosed IPv6
		{"https://a b/", DomainToASCII},                    // space in a domain
		{"sc://a b/", HostInvalidCodePoint},                // space in an opaque host
		{"https://1.2.3.4.5/", IPv4TooManyParts},           // five parts
		{"https://4294967296/", IPv4OutOfRangePart},        // 2^32
		{"https://\u00ad/", DomainToASCII},                 // maps to nothing
		{"https://[ffff::127.0.0]", IPv4InIPv6TooFewParts}, // three IPv4 parts
	} {
		t.Run(fmt.Sprintf("%q", tc.input), func(t *testing.T) {
			_, err := Parse(tc.input)
			if !errors.Is(err, tc.kind) {
				t.Fatalf("errors.Is(%v, %v) = false", err, tc.kind)
			}
			for _, other := range ErrorKinds() {
				if other != tc.kind && errors.Is(err, other) {
					t.Errorf("errors.Is(%v, %v) = true too", err, other)
				}
			}
			var e *Error
			if !errors.As(err, &e) || e.Op != "parse" || e.Input != tc.input {
				t.Errorf("errors.As *Error = %+v", e)
			}
			var v *ValidationError
			if !errors.As(err, &v) || v.Kind != tc.kind || !v.Fatal {
				t.Errorf("errors.As *ValidationError = %+v", v)
			}
			if !strings.Contains(err.Error(), tc.kind.String()) {
				t.Errorf("Error() = %q does not name %q", err.Error(), tc.kind)
			}
		})
	}
	// A bad base fails as "parse base".
	_, err := Parse("x", "https://[::1")
	var e *Error
	if !errors.As(err, &e) || e.Op != "parse base" || !errors.Is(err, IPv6Unclosed) {
		t.Errorf("bad base: %v", err)
	}
	// A setter's error carries the kind too.
	u := MustParse("https://example.org/")
	if err := u.SetHref("https://example.org:7z"); !errors.Is(err, PortInvalid) {
		t.Errorf("SetHref error = %v, want PortInvalid", err)
	}
	// Too many bases is not a validation error.
	if _, err := Parse("x", "https://a/", "https://b/"); !errors.Is(err, ErrTooManyBases) {
		t.Errorf("two bases: %v, want ErrTooManyBases", err)
	}
}

// TestNoValidationWithoutCallback checks that validation errors cost
// nothing when nobody asks: parsing a normalized URL with a zero Parser
// (OnValidationError nil) allocates only the *URL, whereas the same
// parse with a callback finds errors that the nil-callback parse never
// looks for.
func TestNoValidationWithoutCallback(t *testing.T) {
	skipIfInvariantChecks(t)
	const normalized = "https://example.com/a/b?c=d#e"
	var p Parser
	// The URLs are kept (in keep), so that each costs its allocation;
	// one nobody keeps lives on the stack (TestAllocs).
	var keep *URL
	allocs := testing.AllocsPerRun(1000, func() {
		var err error
		if keep, err = p.Parse(normalized); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 1 {
		t.Errorf("Parse(%q) with OnValidationError nil: %v allocs, want 1 (the *URL)", normalized, allocs)
	}
	allocs = testing.AllocsPerRun(1000, func() { keep, _ = Parse(normalized) })
	if allocs != 1 {
		t.Errorf("package Parse(%q): %v allocs, want 1", normalized, allocs)
	}
	// An input with many validation errors but nothing to rewrite is
	// also one allocation when nobody listens: the errors are not even
	// built.
	const invalid = "https://user@example.com/a|b?c^d#`e"
	allocs = testing.AllocsPerRun(1000, func() { keep, _ = p.Parse(invalid) })
	n := 0
	q := Parser{OnValidationError: func(ValidationError) { n++ }}
	q.Parse(invalid)
	if n == 0 {
		t.Fatalf("%q reports no validation error: the test input is wrong", invalid)
	}
	if allocs > 2 {
		t.Errorf("Parse(%q) with OnValidationError nil: %v allocs, want at most 2", invalid, allocs)
	}
	_ = keep
}

// TestValidateBounded: Validate keeps at most MaxValidationErrors errors
// whatever the input, and when the parse fails the fatal error is still
// the last one returned.
func TestValidateBounded(t *testing.T) {
	for _, tc := range []struct {
		input     string
		wantFatal bool
	}{
		{"https://h/" + strings.Repeat("%", 10000), false},
		{"https://h/" + strings.Repeat("\t", 10000), false},
		{strings.Repeat("%", 10000) + "://h:x/", true},
		{"https://" + strings.Repeat("a@", 5000) + "h:99999/", true},
		{"https://h/" + strings.Repeat("|", 5000) + "?" + strings.Repeat("^", 5000) + "#" + strings.Repeat("`", 5000), false},
		{"sc:" + strings.Repeat(" ", 10000) + "\x00", false},
		{"https://[" + strings.Repeat("%", 10000), true},
	} {
		name := tc.input
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			_, errs, err := Validate(tc.input)
			if (err != nil) != tc.wantFatal {
				t.Fatalf("err = %v, want failure %v", err, tc.wantFatal)
			}
			if len(errs) > MaxValidationErrors {
				t.Errorf("Validate returned %d errors, more than MaxValidationErrors (%d)", len(errs), MaxValidationErrors)
			}
			if len(errs) == 0 {
				t.Fatal("no validation error: the test input is wrong")
			}
			if last := errs[len(errs)-1]; last.Fatal != tc.wantFatal {
				t.Errorf("last error %+v, want Fatal %v", last, tc.wantFatal)
			}
			for _, e := range errs[:len(errs)-1] {
				if e.Fatal {
					t.Errorf("fatal error %+v before the last", e)
				}
			}
		})
	}
}

// TestValidationLog: a ValidationLog keeps the first Max errors, counts
// them all, and keeps the fatal error last when it is full.
func TestValidationLog(t *testing.T) {
	const input = "https://u@h/%|%^?%`:99999" // 6 invalid-URL-unit and invalid-credentials, no failure
	var all []ValidationError
	(&Parser{OnValidationError: func(e ValidationError) { all = append(all, e) }}).Parse(input)
	for _, max := range []int{1, 2, 3, len(all), len(all) + 1} {
		log := ValidationLog{Max: max}
		p := Parser{OnValidationError: log.Add}
		if _, err := p.Parse(input); err != nil {
			t.Fatal(err)
		}
		want := all[:min(max, len(all))]
		if log.Total != len(all) || fmt.Sprint(log.Errors) != fmt.Sprint(want) {
			t.Errorf("Max %d: Errors %v, Total %d; want %v, %d", max, log.Errors, log.Total, want, len(all))
		}
	}

	// A failure: the fatal error takes the last place.
	const bad = " \thttps:\\\\u@h:99999/" // invalid-URL-unit twice, and so on, then port-out-of-range
	all = all[:0]
	(&Parser{OnValidationError: func(e ValidationError) { all = append(all, e) }}).Parse(bad)
	log := ValidationLog{Max: 2}
	p := Parser{OnValidationError: log.Add}
	if _, err := p.Parse(bad); err == nil {
		t.Fatal("no failure: the test input is wrong")
	}
	want := []ValidationError{all[0], all[len(all)-1]}
	if !want[1].Fatal || log.Total != len(all) || fmt.Sprint(log.Errors) != fmt.Sprint(want) {
		t.Errorf("Errors %v, Total %d; want %v, %d", log.Errors, log.Total, want, len(all))
	}

	// The zero ValidationLog keeps MaxValidationErrors.
	var zero ValidationLog
	for range 2 * MaxValidationErrors {
		zero.Add(ValidationError{Kind: InvalidURLUnit})
	}
	if len(zero.Errors) != MaxValidationErrors || zero.Total != 2*MaxValidationErrors {
		t.Errorf("zero ValidationLog: %d kept, Total %d; want %d, %d", len(zero.Errors), zero.Total, MaxValidationErrors, 2*MaxValidationErrors)
	}
}

// TestErrorStringBounded: an *Error's message quotes at most a window of
// its input around the failure, plus the input's length, however long the
// input; the whole input stays on the *Error. (It quoted the whole input:
// a 1 MiB bad URL gave a 1 MiB message, 1 MiB of 0xFF a 4 MiB one.)
func TestErrorStringBounded(t *testing.T) {
	const n = 1 << 20
	for _, tc := range []struct {
		name    string
		input   string
		context string // must appear in the message (quoted)
	}{
		{"failure at the start", "https://exa mple.com/" + strings.Repeat("a", n), "https://exa mple.com/"},
		{"failure at the end", strings.Repeat("a", n) + "://h:x/", "aaa://h:x/"},
		{"failure in the middle", "https://" + strings.Repeat("a", n) + "@[" + strings.Repeat("b", n), "aaaa@[bbbb"},
		{"invalid UTF-8", strings.Repeat("\xff", n), `\xff\xff`},
		{"non-ASCII", "https://" + strings.Repeat("é", n) + "%/", "https://ééé"},
		{"non-printable", strings.Repeat("\U000E0001", n), `\U000e0001`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.input)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse: %v, want an *Error", err)
			}
			if e.Input != tc.input {
				t.Errorf("*Error.Input is %d bytes, want the whole input (%d)", len(e.Input), len(tc.input))
			}
			msg := e.Error()
			checkBoundedMessage(t, msg, tc.input, tc.context)
			if !strings.HasSuffix(msg, ": "+e.Err.Error()) {
				t.Errorf("Error() = %q, want it to end with the cause %q", msg, e.Err.Error())
			}
			// The excerpt is whole code points: unquoted, it is a
			// substring of the input.
			open, close := strings.IndexByte(msg, '"'), strings.LastIndexByte(msg, '"')
			excerpt, qerr := strconv.Unquote(msg[open : close+1])
			if qerr != nil || !strings.Contains(tc.input, excerpt) || (utf8.ValidString(tc.input) && !utf8.ValidString(excerpt)) {
				t.Errorf("excerpt %q (%v) is not a whole substring of the input", msg[open:close+1], qerr)
			}
		})
	}
	// A short input is quoted whole, as net/url does.
	_, err := Parse("http://[::1")
	if want := `url: parse "http://[::1": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7`; err == nil || err.Error() != want {
		t.Errorf("Error() = %v, want %q", err, want)
	}
}

// checkBoundedMessage checks an error message about a long input: a few
// hundred bytes at most, showing context, and giving the input's length.
func checkBoundedMessage(t *testing.T, msg, input, context string) {
	t.Helper()
	if err := errfmt.CheckBounded(msg, input, context); err != nil {
		t.Error(err)
	}
}

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
			`url: set host "exa mple.com": domain-to-ASCII (Unicode ToASCII failed on the domain) at offset 3`},
		{"set username", MustParse("file:///x").SetUsername("me"),
			`url: set username "me": the URL cannot have a username, password or port`},
		{"domain to Unicode, no offset", second(ToUnicode("xn--a.com")),
			`url: domain to Unicode "xn--a.com": ToUnicode (UTS #46) records an error; the domain is left as it is`},
		{"UnmarshalJSON", new(URL).UnmarshalJSON([]byte("12")),
			`url: unmarshal JSON "12": json: cannot unmarshal number into Go value of type string`},
		{"Scan", new(URL).Scan(12),
			`url: scan int: not a string, []byte or nil`},
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

// netTimeoutError is a cause with net.Error's methods, as an I/O error
// from package net has.
type netTimeoutError struct{ timeout, temporary bool }

func (e netTimeoutError) Error() string   { return "i/o timeout" }
func (e netTimeoutError) Timeout() bool   { return e.timeout }
func (e netTimeoutError) Temporary() bool { return e.temporary }

// TestErrorNetError: *Error satisfies net.Error, and Timeout and
// Temporary answer as *net/url.Error's do for the same cause.
func TestErrorNetError(t *testing.T) {
	var _ net.Error = (*Error)(nil)
	var _ net.Error = (*neturl.Error)(nil)
	_, parseErr := Parse("http://[::1/")
	causes := map[string]error{
		"parse failure":     errors.Unwrap(parseErr),
		"sentinel":          ErrTooLong,
		"timeout":           netTimeoutError{timeout: true},
		"temporary":         netTimeoutError{temporary: true},
		"timeout temporary": netTimeoutError{timeout: true, temporary: true},
		"neither":           netTimeoutError{},
		"wrapped timeout":   fmt.Errorf("wrapped: %w", netTimeoutError{timeout: true}),
	}
	for name, cause := range causes {
		t.Run(name, func(t *testing.T) {
			ours := &Error{Op: "parse", Input: "x", Err: cause}
			theirs := &neturl.Error{Op: "parse", URL: "x", Err: cause}
			if ours.Timeout() != theirs.Timeout() || ours.Temporary() != theirs.Temporary() {
				t.Errorf("Timeout, Temporary = %v, %v; net/url: %v, %v", ours.Timeout(), ours.Temporary(), theirs.Timeout(), theirs.Temporary())
			}
		})
	}
	var ne net.Error
	//lint:ignore SA1019 net/url's Error has Temporary, and so must its counterpart
	if !errors.As(parseErr, &ne) || ne.Timeout() || ne.Temporary() {
		t.Errorf("errors.As(Parse error, *net.Error) = %v; want a net.Error that is neither timeout nor temporary", ne)
	}
}

// TestErrorZero: the zero Error, one without a cause and a nil *Error
// have a message, as a usable zero value should; they panicked.
func TestErrorZero(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  *Error
		want string
	}{
		{"nil", nil, "<nil>"},
		{"zero", &Error{}, `url:  "": no cause`},
		{"no cause", &Error{Op: "parse", Input: "x"}, `url: parse "x": no cause`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
			if tc.err.Timeout() || tc.err.Temporary() || tc.err.Unwrap() != nil {
				t.Errorf("Timeout, Temporary or Unwrap of %#v are not zero", tc.err)
			}
		})
	}
}
