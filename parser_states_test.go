package url

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestScan checks scan, eight bytes at a time with an overlapping last
// step, against a byte-by-byte loop, at every start offset of strings
// of every length up to 40, with the match at every place.
func TestScan(t *testing.T) {
	naive := func(s string, i int, tab *[256]uint8, mask uint8) int {
		for i < len(s) && tab[s[i]]&mask == 0 {
			i++
		}
		return i
	}
	for n := 0; n <= 40; n++ {
		for hit := -1; hit < n; hit++ {
			b := []byte(strings.Repeat("a", n))
			if hit >= 0 {
				b[hit] = '/'
			}
			if n > 3 {
				b[n/3] = '?' // in the table, not in the mask
			}
			s := string(b)
			for i := 0; i <= n; i++ {
				if got, want := scan(s, i, &delimClass, delimSlash), naive(s, i, &delimClass, delimSlash); got != want {
					t.Fatalf("scan(%q, %d) = %d, want %d", s, i, got, want)
				}
			}
		}
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

// TestDotSegmentAt: the one function that tells dot segments, at the
// start of a segment and ended by the delimiters its callers give it (a
// special URL's, a setter's "/" only, or none: the whole string), agrees
// with the spec's two predicates on the segment those delimiters make:
// a table of cases, then every string of up to six bytes over the bytes
// that matter.
func TestDotSegmentAt(t *testing.T) {
	const special = delimSlash | delimBackslash | delimQuery | delimFragment
	for _, tc := range []struct {
		s      string
		i      int
		delims uint8
		want   dotKind
		end    int
	}{
		{"..", 0, special, doubleDot, 2},
		{"../x", 0, special, doubleDot, 2},
		{"a/%2E%2e/b", 2, special, doubleDot, 8},
		{"..\\x", 0, special, doubleDot, 2},
		{"..?q", 0, special, doubleDot, 2},
		{".#f", 0, special, singleDot, 1},
		{"%2e/", 0, special, singleDot, 3},
		{"..?q", 0, delimSlash, notDot, 0}, // with state override, "?" is no delimiter
		{"../x", 0, delimSlash, doubleDot, 2},
		{"..x/", 0, special, notDot, 0},
		{"...", 0, special, notDot, 0},
		{"%2e%2e%2e/", 0, special, notDot, 0},
		{".. ", 0, special, notDot, 0}, // a byte the path encodes is part of the segment
		{"", 0, special, notDot, 0},
		{"x/", 2, special, notDot, 2},
		{"%2e.", 0, 0, doubleDot, 4},
		{"%2e.x", 0, 0, notDot, 0},
		{"%2", 0, special, notDot, 0},
	} {
		t.Run(fmt.Sprintf("%q at %d", tc.s, tc.i), func(t *testing.T) {
			got, end := dotSegmentAt(tc.s, tc.i, tc.delims)
			if got != tc.want || end != tc.end {
				t.Errorf("dotSegmentAt = %d, %d; want %d, %d", got, end, tc.want, tc.end)
			}
		})
	}
	const alphabet = "./%2eEx?"
	var b []byte
	var walk func(n int)
	walk = func(n int) {
		for _, delims := range []uint8{special, delimSlash, 0} {
			s := string(b)
			end := len(s)
			for k := range len(s) {
				if pathClass[s[k]]&delims != 0 {
					end = k
					break
				}
			}
			want := notDot
			switch seg := s[:end]; {
			case isDoubleDotSegment(seg):
				want = doubleDot
			case isSingleDotSegment(seg):
				want = singleDot
			}
			if got, e := dotSegmentAt(s, 0, delims); got != want || want != notDot && e != end {
				t.Fatalf("dotSegmentAt(%q, 0, %#x) = %d, %d; want %d, %d", s, delims, got, e, want, end)
			}
		}
		if n == 0 {
			return
		}
		for k := range len(alphabet) {
			b = append(b, alphabet[k])
			walk(n - 1)
			b = b[:len(b)-1]
		}
	}
	walk(6)
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

// TestOverrideOutcomes: with a state override, run ends with an
// outcome, not an error kind: the spec's "return" (outcomeOK), a
// "return failure" that names no validation error
// (outcomeOverrideFailure), one after a validation error
// (outcomeFailure, with the kind in failKind), and the protocol
// setter's refusal (outcomeSchemeRefused). Each setter maps it to its
// error.
func TestOverrideOutcomes(t *testing.T) {
	for _, tc := range []struct {
		href, value string
		st          state
		want        outcome
		kind        ErrorKind // with outcomeFailure
		set         func(*URL, string) error
		cause       error // the setter's error's cause; nil: no error
	}{
		{"https://x/", "ftp:", stateSchemeStart, outcomeOK, 0, (*URL).SetProtocol, nil},
		{"https://x/", "sc:", stateSchemeStart, outcomeSchemeRefused, 0, (*URL).SetProtocol, ErrSchemeChange},
		{"https://x/", "1x:", stateSchemeStart, outcomeOverrideFailure, 0, (*URL).SetProtocol, ErrInvalidValue},
		{"https://x/", "h:1", stateHostname, outcomeOverrideFailure, 0, (*URL).SetHostname, ErrInvalidValue},
		{"https://x/", "", stateHost, outcomeFailure, HostMissing, (*URL).SetHost, HostMissing},
		{"https://x/", "exa mple", stateHost, outcomeFailure, DomainToASCII, (*URL).SetHost, DomainToASCII},
		{"https://x/", "x", statePort, outcomeOverrideFailure, 0, (*URL).SetPort, PortInvalid},
		{"https://x/", "99999", statePort, outcomeFailure, PortOutOfRange, (*URL).SetPort, PortOutOfRange},
		{"https://x/", "8080", statePort, outcomeOK, 0, (*URL).SetPort, nil},
	} {
		t.Run(fmt.Sprintf("%s %q", tc.href, tc.value), func(t *testing.T) {
			u := MustParse(tc.href)
			var p parser
			u.startOverride(&p, tc.value, tc.st, 0)
			r := p.run(tc.st, 0)
			if r != tc.want || r == outcomeFailure && p.failKind != tc.kind {
				t.Errorf("run = %d (kind %v), want %d (kind %v)", r, p.failKind, tc.want, tc.kind)
			}
			err := tc.set(MustParse(tc.href), strings.TrimSuffix(tc.value, ":"))
			if (err == nil) != (tc.cause == nil) || tc.cause != nil && !errors.Is(err, tc.cause) {
				t.Errorf("setter error = %v, want cause %v", err, tc.cause)
			}
		})
	}
}

// TestSingleDotRuns: the path state skips a run of "./" segments in one
// step when nobody listens for validation errors; the href is the one
// the segment-by-segment path (which runs when errors are reported)
// gives.
func TestSingleDotRuns(t *testing.T) {
	for _, tc := range []struct{ input, href string }{
		{"https://h/./././x", "https://h/x"},
		{"https://h/.\\.\\x", "https://h/x"},
		{"https://h/.//./x", "https://h//x"},
		{"https://h/./", "https://h/"},
		{"https://h/./.", "https://h/"},
		{"https://h/a/./../b/./", "https://h/b/"},
		{"sc://h/./.\\x", "sc://h/.\\x"},
		{"sc:/././/x", "sc:/.//x"},
		{"file:///./C:/./x", "file:///C:/x"},
		{"file:///././C|/x", "file:///C:/x"},
		{"https://h/" + strings.Repeat("./", 1000) + "x", "https://h/x"},
	} {
		t.Run(tc.input, func(t *testing.T) {
			u, err := Parse(tc.input)
			g, gerr := generalParse(tc.input, nil)
			if err != nil || gerr != nil {
				t.Fatalf("Parse: %v; segment by segment: %v", err, gerr)
			}
			if u.Href() != tc.href || g.Href() != tc.href {
				t.Errorf("Href = %q, segment by segment %q, want %q", u.Href(), g.Href(), tc.href)
			}
		})
	}
}
