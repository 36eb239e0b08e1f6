package url

// Unit tests of the parser's helpers, each named after the spec
// algorithm or definition it implements; expectations come from the
// spec's text, row by row.

import (
	"fmt"
	"slices"
	"testing"
)

// https://url.spec.whatwg.org/#ends-in-a-number-checker
func TestEndsInANumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"1.2.3.4", true},      // last label all digits
		{"example.com", false}, // last label a word
		{"a.1", true},          // only the last label counts
		{"1.a", false},         // an earlier numeric label does not
		{"a.1.", true},         // one trailing dot is ignored
		{"a.1..", false},       // two are not: the last label is empty
		{"a.0x1f", true},       // hex is an IPv4 number
		{"a.0x", true},         // "0x" alone is the number 0
		{"a.0xg", false},       // not hex
		{"a.09", true},         // all digits, even if not octal: the IPv4 parser then fails
		{"a.1e", false},        // decimal digits then a letter
		{"", false},            // nothing
		{".", false},           // a lone dot: the last label is empty
		{"0", true},            // one digit
	} {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			if got := endsInANumber(tc.in); got != tc.want {
				t.Errorf("endsInANumber(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

// https://url.spec.whatwg.org/#ipv4-number-parser
func TestParseIPv4Number(t *testing.T) {
	for _, tc := range []struct {
		in         string
		n          uint64
		nonDecimal bool
		ok         bool
	}{
		{"", 0, false, false},                   // empty: failure
		{"0", 0, false, true},                   // a single 0 is decimal
		{"00", 0, true, true},                   // leading 0: octal
		{"010", 8, true, true},                  // octal 10
		{"08", 0, false, false},                 // 8 is not an octal digit
		{"0x", 0, true, true},                   // empty after the prefix: 0
		{"0X1F", 31, true, true},                // upper-case prefix and digits
		{"0x1f", 31, true, true},                // lower-case
		{"0xg", 0, false, false},                // not a hex digit
		{"255", 255, false, true},               // decimal
		{"1a", 0, false, false},                 // a letter in decimal
		{"4294967295", 4294967295, false, true}, // 2^32-1
	} {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			n, nonDecimal, ok := parseIPv4Number(tc.in)
			if ok != tc.ok || ok && (n != tc.n || nonDecimal != tc.nonDecimal) {
				t.Errorf("parseIPv4Number(%q) = %d, %v, %v; want %d, %v, %v", tc.in, n, nonDecimal, ok, tc.n, tc.nonDecimal, tc.ok)
			}
		})
	}
	// Any number of digits: the value stays out of range instead of
	// wrapping around (2^64+1 would wrap to 1).
	for _, in := range []string{"18446744073709551617", "0x10000000000000001", "0200000000000000000000001", "99999999999999999999999999999999999999"} {
		if n, _, ok := parseIPv4Number(in); !ok || n <= 0xFFFFFFFF {
			t.Errorf("parseIPv4Number(%q) = %d, %v; want a value above 2^32-1", in, n, ok)
		}
	}
}

// https://url.spec.whatwg.org/#concept-ipv4-parser
func TestParseIPv4(t *testing.T) {
	const (
		empty      = IPv4EmptyPart
		nonDecimal = IPv4NonDecimalPart
		outOfRange = IPv4OutOfRangePart
	)
	for _, tc := range []struct {
		in   string
		addr uint32
		fail ErrorKind
		warn []ErrorKind // non-fatal, in order
	}{
		{"1.2.3.4", 0x01020304, 0, nil},                                     // four parts
		{"1.2.3.4.", 0x01020304, 0, []ErrorKind{empty}},                     // trailing dot: reported, dropped
		{"1.2.3", 0x01020003, 0, nil},                                       // three parts: last is 16 bits
		{"1.2", 0x01000002, 0, nil},                                         // two parts: last is 24 bits
		{"1", 1, 0, nil},                                                    // one part: 32 bits
		{"0x7f.1", 0x7f000001, 0, []ErrorKind{nonDecimal}},                  // hex part
		{"0x7f.0.0.01", 0x7f000001, 0, []ErrorKind{nonDecimal, nonDecimal}}, // one error per non-decimal part (step 5.3); a lone "0" is decimal
		{"1.256", 0x01000100, 0, []ErrorKind{outOfRange}},                   // last part over 255 but fits: one error (step 6)
		{"1.16777216", 0, outOfRange, nil},                                  // last part 2^24: the failure is the step 6 error, once
		{"256.1", 0, outOfRange, nil},                                       // non-last part over 255
		{"4294967296", 0, outOfRange, nil},                                  // 2^32
		{"1.2.3.4.5", 0, IPv4TooManyParts, nil},                             // five parts
		{"0x1.2.3.4.5", 0, IPv4TooManyParts, nil},                           // too many parts before any part is parsed (step 3)
		{"1.x.3.4.5", 0, IPv4TooManyParts, nil},                             // too many parts wins over non-numeric (step 3 before 5)
		{"1.2.3.4.5.", 0, IPv4TooManyParts, []ErrorKind{empty}},             // the empty part comes first (step 2)
		{"1.2.x", 0, IPv4NonNumericPart, nil},                               // non-numeric
		{"1..2", 0, IPv4NonNumericPart, nil},                                // empty middle part
	} {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			var got []ErrorKind
			p := parser{report: func(e ValidationError) {
				if !e.Fatal {
					got = append(got, e.Kind)
				}
			}}
			addr, r := p.parseIPv4(tc.in, 0)
			var fail ErrorKind
			if r != outcomeOK {
				fail = p.failKind
			}
			if fail != tc.fail || fail == 0 && addr != tc.addr {
				t.Errorf("parseIPv4(%q) = %#x, %v; want %#x, %v", tc.in, addr, fail, tc.addr, tc.fail)
			}
			if !slices.Equal(got, tc.warn) {
				t.Errorf("parseIPv4(%q) warnings = %v, want %v", tc.in, got, tc.warn)
			}
		})
	}
}

// https://url.spec.whatwg.org/#concept-ipv6-parser and
// https://url.spec.whatwg.org/#concept-ipv6-serializer
func TestIPv6ParseSerialize(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		fail     ErrorKind
	}{
		{"::", "::", 0},                                             // all zero
		{"0:0:0:0:0:0:0:1", "::1", 0},                               // loopback
		{"1:0:0:2:0:0:0:3", "1:0:0:2::3", 0},                        // longest run
		{"1:0:0:2:0:0:3:4", "1::2:0:0:3:4", 0},                      // tie: the first
		{"1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7", 0},                   // a single zero stays
		{"1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0", 0},                   // compression of one piece
		{"ABCD:EF::", "abcd:ef::", 0},                               // lower-case
		{"::ffff:1.2.3.4", "::ffff:102:304", 0},                     // IPv4 in IPv6
		{"1:2:3:4:5:6:255.255.255.255", "1:2:3:4:5:6:ffff:ffff", 0}, // IPv4 in the last two pieces
		{":1", "", IPv6InvalidCompression},                          // single leading colon
		{"1:2:3:4:5:6:7:8:9", "", IPv6TooManyPieces},                // nine pieces
		{"1::1::1", "", IPv6MultipleCompression},                    // two compressions
		{"1:2:3!:4", "", IPv6InvalidCodePoint},                      // "!"
		{"1:2:3:", "", IPv6InvalidCodePoint},                        // ends after ":"
		{"12345::", "", IPv6InvalidCodePoint},                       // five hex digits
		{"1:2:3", "", IPv6TooFewPieces},                             // three pieces, no compression
		{"1:1:1:1:1:1:1:1.2.3.4", "", IPv4InIPv6TooManyPieces},      // IPv4 after seven pieces
		{"::.1.2.3", "", IPv4InIPv6InvalidCodePoint},                // empty IPv4 part
		{"::1.02.3.4", "", IPv4InIPv6InvalidCodePoint},              // leading zero
		{"::1.2.3.4.5", "", IPv4InIPv6InvalidCodePoint},             // five IPv4 parts
		{"::1.2.3.256", "", IPv4InIPv6OutOfRangePart},               // 256
		{"::1.2.3", "", IPv4InIPv6TooFewParts},                      // three IPv4 parts
	} {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			var p parser
			addr, r := p.parseIPv6(tc.in, 0)
			var fail ErrorKind
			if r != outcomeOK {
				fail = p.failKind
			}
			if fail != tc.fail {
				t.Fatalf("parseIPv6(%q) fail = %v, want %v", tc.in, fail, tc.fail)
			}
			if fail != 0 {
				return
			}
			if got := string(appendIPv6(nil, &addr)); got != tc.want {
				t.Errorf("serialized %q, want %q", got, tc.want)
			}
		})
	}
}

// https://url.spec.whatwg.org/#single-dot-path-segment and
// https://url.spec.whatwg.org/#double-dot-path-segment
func TestDotSegments(t *testing.T) {
	for _, tc := range []struct {
		in             string
		single, double bool
	}{
		{".", true, false},
		{"%2e", true, false},
		{"%2E", true, false},
		{"..", false, true},
		{".%2e", false, true},
		{".%2E", false, true},
		{"%2e.", false, true},
		{"%2E.", false, true},
		{"%2e%2e", false, true},
		{"%2E%2e", false, true},
		{"%2e%2", false, false}, // incomplete
		{"...", false, false},   // three dots
		{"%2f", false, false},   // a percent-encoded slash
		{"%2", false, false},    // incomplete
		{"", false, false},      // empty
		{".%2f", false, false},  // dot and slash
		{"%3e", false, false},   // ">", not "."
	} {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			if got := isSingleDotSegment(tc.in); got != tc.single {
				t.Errorf("isSingleDotSegment = %v, want %v", got, tc.single)
			}
			if got := isDoubleDotSegment(tc.in); got != tc.double {
				t.Errorf("isDoubleDotSegment = %v, want %v", got, tc.double)
			}
		})
	}
}

// https://url.spec.whatwg.org/#windows-drive-letter and
// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter
func TestWindowsDriveLetters(t *testing.T) {
	for _, tc := range []struct {
		in                        string
		letter, normalized, start bool
	}{
		{"c:", true, true, true},         // normalized
		{"C|", true, false, true},        // "|" is a drive letter, not normalized
		{"c:/x", false, false, true},     // followed by "/"
		{"c:\\x", false, false, true},    // followed by "\"
		{"c:?x", false, false, true},     // followed by "?"
		{"c:#x", false, false, true},     // followed by "#"
		{"c:x", false, false, false},     // followed by anything else: no
		{"cc:", false, false, false},     // two letters
		{"1:", false, false, false},      // a digit
		{"c", false, false, false},       // too short
		{"c;", false, false, false},      // ";" is not ":" or "|"
		{"\u00e9:", false, false, false}, // ASCII alpha only
	} {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			if got := isWindowsDriveLetter(tc.in); got != tc.letter {
				t.Errorf("isWindowsDriveLetter = %v, want %v", got, tc.letter)
			}
			if got := isNormalizedWindowsDriveLetter(tc.in); got != tc.normalized {
				t.Errorf("isNormalizedWindowsDriveLetter = %v, want %v", got, tc.normalized)
			}
			if got := startsWithWindowsDriveLetter(tc.in); got != tc.start {
				t.Errorf("startsWithWindowsDriveLetter = %v, want %v", got, tc.start)
			}
		})
	}
}

// https://url.spec.whatwg.org/#url-code-points
func TestIsURLCodePoint(t *testing.T) {
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{'a', true}, {'Z', true}, {'0', true}, {'~', true}, {'!', true}, {'/', true}, {'?', true}, {'@', true},
		{'%', false},  // only as part of a percent-encoded byte
		{' ', false},  // space
		{'"', false},  // not listed
		{'<', false},  // not listed
		{'\\', false}, // not listed
		{'^', false},  // not listed
		{'`', false},  // not listed
		{'{', false},  // not listed
		{'|', false},  // not listed
		{'\x7f', false},
		{0x9F, false},     // C1 control
		{0xA0, true},      // first non-ASCII URL code point
		{0xD7FF, true},    // before the surrogates
		{0xD800, false},   // surrogate
		{0xDFFF, false},   // surrogate
		{0xE000, true},    // private use
		{0xFDCF, true},    // before the noncharacter block
		{0xFDD0, false},   // noncharacter
		{0xFDEF, false},   // noncharacter
		{0xFDF0, true},    // after it
		{0xFFFD, true},    // the replacement character is a URL code point
		{0xFFFE, false},   // noncharacter
		{0xFFFF, false},   // noncharacter
		{0x1FFFE, false},  // noncharacter in plane 1
		{0x10FFFD, true},  // last URL code point
		{0x10FFFE, false}, // noncharacter
		{0x10FFFF, false}, // noncharacter
	} {
		if got := isURLCodePoint(tc.r); got != tc.want {
			t.Errorf("isURLCodePoint(%U) = %v, want %v", tc.r, got, tc.want)
		}
	}
}
