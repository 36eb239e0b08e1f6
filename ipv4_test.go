package url

// Unit tests of the IPv4 parser's helpers, each named after the spec
// algorithm it implements; expectations come from the
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
		few        = IPv4TooFewParts
	)
	for _, tc := range []struct {
		in   string
		addr uint32
		fail ErrorKind
		warn []ErrorKind // non-fatal, in order
	}{
		{"1.2.3.4", 0x01020304, 0, nil},                                     // four parts
		{"1.2.3.4.", 0x01020304, 0, []ErrorKind{empty}},                     // trailing dot: reported, dropped
		{"1.2.3", 0x01020003, 0, []ErrorKind{few}},                          // three parts: last is 16 bits; IPv4-too-few-parts (step 4)
		{"1.2", 0x01000002, 0, []ErrorKind{few}},                            // two parts: last is 24 bits
		{"1", 1, 0, []ErrorKind{few}},                                       // one part: 32 bits
		{"0x7f.1", 0x7f000001, 0, []ErrorKind{few, nonDecimal}},             // hex part
		{"0x7f.0.0.01", 0x7f000001, 0, []ErrorKind{nonDecimal, nonDecimal}}, // one error per non-decimal part (step 6.3); a lone "0" is decimal
		{"1.256", 0x01000100, 0, []ErrorKind{few, outOfRange}},              // last part over 255 but fits: one error (step 7)
		{"1.16777216", 0, outOfRange, []ErrorKind{few}},                     // last part 2^24: the failure is the step 7 error, once
		{"256.1", 0, outOfRange, []ErrorKind{few}},                          // non-last part over 255
		{"4294967296", 0, outOfRange, []ErrorKind{few}},                     // 2^32
		{"1.2.3.4.5", 0, IPv4TooManyParts, nil},                             // five parts
		{"0x1.2.3.4.5", 0, IPv4TooManyParts, nil},                           // too many parts before any part is parsed (step 4)
		{"1.x.3.4.5", 0, IPv4TooManyParts, nil},                             // too many parts wins over non-numeric (step 4 before 6)
		{"1.2.3.4.5.", 0, IPv4TooManyParts, []ErrorKind{empty}},             // the empty part comes first (step 2)
		{"1.2.x", 0, IPv4NonNumericPart, []ErrorKind{few}},                  // non-numeric
		{"1..2", 0, IPv4NonNumericPart, []ErrorKind{few}},                   // empty middle part
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
