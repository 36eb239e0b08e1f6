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
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
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

// refCheckURL compares every attribute of u with the case.
func refCheckURL(c *checker, u *refURL, tc *urlTestCase) {
	c.equal("href", u.href(), tc.Href)
	c.equal("protocol", u.protocol(), tc.Protocol)
	c.equal("username", u.username, tc.Username)
	c.equal("password", u.password, tc.Password)
	c.equal("host", u.hostGetter(), tc.Host)
	c.equal("hostname", u.hostname(), tc.Hostname)
	c.equal("port", u.portGetter(), tc.Port)
	c.equal("pathname", u.pathname(), tc.Pathname)
	c.equal("search", u.search(), tc.Search)
	c.equal("hash", u.hash(), tc.Hash)
	if tc.Origin != nil {
		c.equal("origin", u.origin(), *tc.Origin)
	}
}

// refRunURLTestData runs one file in the urltestdata.json format on the
// reference.
func refRunURLTestData(t *testing.T, path, file string) {
	var raw []json.RawMessage
	loadJSON(t, path, &raw)
	expected := refExpected(unicodeExpectedFailures(t), file)
	cases := objects(t, raw)
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	for _, r := range cases {
		var tc urlTestCase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%s: %v in %s", path, err, r)
		}
		name := caseName(tc.Input, tc.Base)
		t.Run(name, func(t *testing.T) {
			var c checker
			u := refParseCase(tc.Input, tc.Base)
			switch {
			case tc.Failure && u != nil:
				c.errorf("parsed as %q, want failure", u.href())
			case tc.Failure:
				// As runURLTestData: relativeTo marks a failure that a base
				// would rescue.
				switch tc.RelativeTo {
				case "non-opaque-path-base":
					if u := refParseWithBase(tc.Input, "about:blank"); u != nil {
						c.errorf("against about:blank parsed as %q, want failure", u.href())
					}
				case "any-base":
					for _, b := range []string{"about:blank", "https://example.test/dir/file", "sc://host/"} {
						if refParseWithBase(tc.Input, b) == nil {
							c.errorf("against %q: failure, want success", b)
						}
					}
				}
			case u == nil:
				c.errorf("failed")
			default:
				refCheckURL(&c, u, &tc)
				// Re-parsing the href gives the same URL.
				if v := refParseWithBase(u.href()); v == nil || v.href() != u.href() {
					c.errorf("re-parse of %q gives %v", u.href(), v)
				}
			}
			conclude(t, refFile(file), name, &c, expected)
		})
	}
}

// TestReferenceURLTestData runs WPT's urltestdata.json on the reference.
func TestReferenceURLTestData(t *testing.T) {
	refRunURLTestData(t, filepath.Join(wptDir(t), "urltestdata.json"), "urltestdata.json")
}

// TestReferenceOwnURLTestData runs our own urltestdata cases on the
// reference.
func TestReferenceOwnURLTestData(t *testing.T) {
	refRunURLTestData(t, filepath.Join("testdata", "urltestdata-weburl.json"), "testdata/urltestdata-weburl.json")
}

// refRunSetterTests runs a file in the setters_tests.json format on the
// reference.
func refRunSetterTests(t *testing.T, path, file string) {
	var raw map[string]json.RawMessage
	loadJSON(t, path, &raw)
	expected := refExpected(unicodeExpectedFailures(t), file)
	attrs := make([]string, 0, len(raw))
	for attr := range raw {
		if attr != "comment" {
			attrs = append(attrs, attr)
		}
	}
	sort.Strings(attrs)
	getters := map[string]func(*refURL) string{}
	for _, g := range refGetters {
		getters[g.name] = g.ref
	}
	total := 0
	for _, attr := range attrs {
		set := refSetters[attr]
		if set == nil {
			t.Fatalf("%s: no setter for attribute %q", file, attr)
		}
		var cases []setterCase
		if err := json.Unmarshal(raw[attr], &cases); err != nil {
			t.Fatalf("%s: %s: %v", file, attr, err)
		}
		for _, tc := range cases {
			total++
			name := fmt.Sprintf("%s: %q set to %q", attr, tc.Href, tc.NewValue)
			t.Run(name, func(t *testing.T) {
				var c checker
				u := refParseWithBase(tc.Href)
				if u == nil {
					c.errorf("parse of %q failed", tc.Href)
					conclude(t, refFile(file), name, &c, expected)
					return
				}
				before := u.href()
				if refused := set(u, tc.NewValue); refused && attr == "href" && u.href() != before {
					c.errorf("href setter refused the value but changed the URL to %q", u.href())
				}
				keys := make([]string, 0, len(tc.Expected))
				for k := range tc.Expected {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					get := getters[k]
					if get == nil {
						c.errorf("no getter for %q", k)
						continue
					}
					c.equal(k, get(u), tc.Expected[k])
				}
				conclude(t, refFile(file), name, &c, expected)
			})
		}
	}
	if total == 0 {
		t.Fatalf("%s: no cases", file)
	}
}

// TestReferenceSetters runs WPT's setters_tests.json on the reference.
func TestReferenceSetters(t *testing.T) {
	refRunSetterTests(t, filepath.Join(wptDir(t), "setters_tests.json"), "setters_tests.json")
}

// TestReferenceOwnSetters runs our own setter cases on the reference.
func TestReferenceOwnSetters(t *testing.T) {
	refRunSetterTests(t, filepath.Join("testdata", "setters-weburl.json"), "testdata/setters-weburl.json")
}

// refRunToASCII runs a file in the toascii.json format on the reference,
// as runToASCII does: the input is the host of https://{input}/x, and
// the host and hostname setters of https://x/x take it too.
func refRunToASCII(t *testing.T, file string) {
	var raw []json.RawMessage
	loadWPT(t, file, &raw)
	expected := refExpectedFailures(t, file)
	for _, r := range objects(t, raw) {
		var tc toASCIICase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%s: %v in %s", file, err, r)
		}
		name := fmt.Sprintf("%q", tc.Input)
		t.Run(name, func(t *testing.T) {
			var c checker
			if tc.Input == "" {
				// As runToASCII: the case is about Unicode ToASCII of "",
				// which domain parser ToASCII runs.
				got, ok := refDomainParserToASCII(nil, false)
				if tc.Output == nil && ok {
					c.errorf("ToASCII(\"\") = %q, want failure", got)
				} else if tc.Output != nil {
					c.equal("ToASCII(\"\")", got, *tc.Output)
				}
				conclude(t, refFile(file), name, &c, expected)
				return
			}
			u := refParseWithBase("https://" + tc.Input + "/x")
			switch {
			case tc.Output == nil && u != nil:
				c.errorf("host = %q, want failure", u.hostGetter())
			case tc.Output == nil:
			case u == nil:
				c.errorf("failed, want host %q", *tc.Output)
			default:
				c.equal("host", u.hostGetter(), *tc.Output)
				c.equal("hostname", u.hostname(), *tc.Output)
				c.equal("pathname", u.pathname(), "/x")
				c.equal("href", u.href(), "https://"+*tc.Output+"/x")
			}
			for _, attr := range []string{"host", "hostname"} {
				u := refParseWithBase("https://x/x")
				refused := refSetters[attr](u, tc.Input)
				want := "https://x/x"
				if tc.Output != nil {
					want = "https://" + *tc.Output + "/x"
				}
				c.equal(attr+" setter: href", u.href(), want)
				if tc.Output == nil && !refused {
					c.errorf("%s setter: not refused for a failing host", attr)
				}
			}
			conclude(t, refFile(file), name, &c, expected)
		})
	}
}

// TestReferenceToASCII runs WPT's toascii.json on the reference.
func TestReferenceToASCII(t *testing.T) { refRunToASCII(t, "toascii.json") }

// TestReferenceIdnaTestV2 runs WPT's IdnaTestV2.json on the reference.
func TestReferenceIdnaTestV2(t *testing.T) { refRunToASCII(t, "IdnaTestV2.json") }

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
