package url

// The reference implementation (reference_test.go) held to the same data
// as the production code: WPT's urltestdata.json, setters_tests.json,
// toascii.json and IdnaTestV2.json, our own cases in the same formats
// under testdata/, and the whatwg-url vectors of testdata/whatwg-url. It
// is allowed exactly the failures the production code is (the
// Unicode-version lists of testdata/expected-failures-unicode-*.tsv and
// testdata/whatwg-url/expected-disagreements.tsv), through the same
// checker and conclude; its results are tallied apart, as "reference
// <file>".

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/net/idna"
)

// refFile names a data file in the reference's tally.
func refFile(file string) string { return "reference " + file }

// refExpected keys the expected failures of file under refFile(file).
func refExpected(expected map[string]map[string]string, file string) map[string]map[string]string {
	return map[string]map[string]string{refFile(file): expected[file]}
}

// refPassesUnicodeListed are the cases of the Unicode-version lists that
// the reference passes where the production code fails, by file and
// Unicode version of x/net/idna's tables. U+2F868 is "disallowed" in the
// IDNA Mapping Table of Unicode 15.0 and "mapped" to U+36FC from 15.1
// (which the WPT data follows). x/net/idna records the error in the Map
// step, as UTS #46 did up to 15.0; the reference follows the current
// UTS #46, which leaves a disallowed code point to the validity criteria,
// after Normalize has turned U+2F868 into U+36FC (a valid code point).
var refPassesUnicodeListed = map[string]map[string][]string{
	"15.0.0": {
		"toascii.json":    {`"\U0002F868.com"`},
		"IdnaTestV2.json": {`"\uF951\U0002F868\U0002F874\U0002F91F\U0002F95F\U0002F9BF"`},
	},
}

// refExpectedFailures is expectedFailures for the reference: the same
// lists, less refPassesUnicodeListed.
func refExpectedFailures(t *testing.T, file string) map[string]map[string]string {
	expected := refExpected(unicodeExpectedFailures(t), file)
	names := expected[refFile(file)]
	for _, name := range refPassesUnicodeListed[idna.UnicodeVersion][file] {
		n, err := strconv.Unquote(name)
		if err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprintf("%q", n)
		if _, ok := names[key]; !ok {
			t.Errorf("%s: %s is not in the expected failures: update refPassesUnicodeListed", file, key)
		}
		delete(names, key)
	}
	return expected
}

// refParseCase parses a case's input against its base with the API URL
// parser.
func refParseCase(input string, base *string) *refURL {
	if base == nil {
		return refParseWithBase(input)
	}
	return refParseWithBase(input, *base)
}

// TestReferenceURLTestData runs WPT's urltestdata.json on the reference.
func TestReferenceURLTestData(t *testing.T) {
	runURLTestData(t, refSubject{}, filepath.Join(wptDir(t), "urltestdata.json"), "urltestdata.json")
}

// TestReferenceOwnURLTestData runs our own urltestdata cases on the
// reference.
func TestReferenceOwnURLTestData(t *testing.T) {
	runURLTestData(t, refSubject{}, filepath.Join("testdata", "urltestdata-weburl.json"), "testdata/urltestdata-weburl.json")
}

// TestReferenceSetters runs WPT's setters_tests.json on the reference.
func TestReferenceSetters(t *testing.T) {
	runSetterTests(t, refSubject{}, filepath.Join(wptDir(t), "setters_tests.json"), "setters_tests.json")
}

// TestReferenceOwnSetters runs our own setter cases on the reference.
func TestReferenceOwnSetters(t *testing.T) {
	runSetterTests(t, refSubject{}, filepath.Join("testdata", "setters-weburl.json"), "testdata/setters-weburl.json")
}

// TestReferenceToASCII runs WPT's toascii.json on the reference.
func TestReferenceToASCII(t *testing.T) { runToASCII(t, refSubject{}, "toascii.json") }

// TestReferenceIdnaTestV2 runs WPT's IdnaTestV2.json on the reference.
func TestReferenceIdnaTestV2(t *testing.T) { runToASCII(t, refSubject{}, "IdnaTestV2.json") }

// refCheckGetters compares every getter of u with whatwg-url's values.
func refCheckGetters(c *checker, u *refURL, want []string) {
	if len(want) != len(refGetters) {
		c.errorf("vector has %d getters, want %d", len(want), len(refGetters))
		return
	}
	for k, g := range refGetters {
		c.equal(g.name, g.ref(u), want[k])
	}
}

// TestReferenceWhatwgURLParse replays the whatwg-url parse vectors on the
// reference.
func TestReferenceWhatwgURLParse(t *testing.T) {
	v := loadWhatwgVectors(t)
	kind := whatwgFile("parse")
	expected := refExpected(expectedDisagreements(t), kind)
	for _, tc := range v.Parse {
		name := caseName(tc.I, tc.B)
		t.Run(name, func(t *testing.T) {
			var c checker
			u := refParseCase(tc.I, tc.B)
			switch {
			case tc.R == nil && u != nil:
				c.errorf("parsed as %q; whatwg-url throws", u.href())
			case tc.R == nil:
			case u == nil:
				c.errorf("failed; whatwg-url gives %q", (*tc.R)[0])
			default:
				refCheckGetters(&c, u, *tc.R)
			}
			conclude(t, refFile(kind), name, &c, expected)
		})
	}
}

// TestReferenceWhatwgURLSetters replays the whatwg-url setter vectors on
// the reference: every getter after each setter, and the href setter
// refused exactly when whatwg-url throws.
func TestReferenceWhatwgURLSetters(t *testing.T) {
	v := loadWhatwgVectors(t)
	kind := whatwgFile("setters")
	expected := refExpected(expectedDisagreements(t), kind)
	for _, tc := range v.Setters {
		name := setterCaseName(tc.I, tc.S)
		t.Run(name, func(t *testing.T) {
			var c checker
			defer conclude(t, refFile(kind), name, &c, expected)
			if len(tc.S) != len(tc.R) || len(tc.S) == 0 {
				t.Fatalf("malformed vector: %d setters, %d results", len(tc.S), len(tc.R))
			}
			u := refParseWithBase(tc.I)
			if u == nil {
				c.errorf("parse failed; whatwg-url parses it")
				return
			}
			for k, s := range tc.S {
				set, ok := refSetters[s[0]]
				if !ok {
					t.Fatalf("unknown setter %q", s[0])
				}
				refused := set(u, s[1])
				if tc.R[k] == nil {
					if !refused || s[0] != "href" {
						c.errorf("after %s=%q: not refused, href %q; whatwg-url throws", s[0], s[1], u.href())
					}
					continue
				}
				if s[0] == "href" && refused {
					c.errorf("after href=%q: refused; whatwg-url gives %q", s[1], (*tc.R[k])[0])
				}
				var step checker
				refCheckGetters(&step, u, *tc.R[k])
				for _, p := range step.problems {
					c.errorf("after %s=%q: %s", s[0], s[1], p)
				}
				if len(step.problems) > 0 {
					return // later steps start from a different URL
				}
			}
		})
	}
}
