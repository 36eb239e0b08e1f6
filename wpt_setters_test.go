package url

// WPT's setters_tests.json, our own setter cases in the same format, and
// the host/hostname setters driven by toascii.json.

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
)

type setterCase struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// setters maps an attribute name to its setter.
var setters = map[string]func(*URL, string) error{
	"href":     (*URL).SetHref,
	"protocol": (*URL).SetProtocol,
	"username": (*URL).SetUsername,
	"password": (*URL).SetPassword,
	"host":     (*URL).SetHost,
	"hostname": (*URL).SetHostname,
	"port":     (*URL).SetPort,
	"pathname": (*URL).SetPathname,
	"search":   (*URL).SetSearch,
	"hash":     (*URL).SetHash,
}

// getters maps an attribute name to its getter.
var getters = map[string]func(*URL) string{
	"href":     (*URL).Href,
	"origin":   (*URL).Origin,
	"protocol": (*URL).Protocol,
	"username": (*URL).Username,
	"password": (*URL).Password,
	"host":     (*URL).Host,
	"hostname": (*URL).Hostname,
	"port":     (*URL).Port,
	"pathname": (*URL).Pathname,
	"search":   (*URL).Search,
	"hash":     (*URL).Hash,
}

// runSetterTests runs a file in the setters_tests.json format: parse
// href, set the attribute to new_value, compare every expected attribute.
// It also checks the error contract (an error means the URL did not
// change), the invariants, and that the URL's live SearchParams follow
// its query.
func runSetterTests(t *testing.T, path, file string) {
	var raw map[string]json.RawMessage
	loadJSON(t, path, &raw)
	expected := expectedFailures(t)
	attrs := make([]string, 0, len(raw))
	for attr := range raw {
		if attr != "comment" {
			attrs = append(attrs, attr)
		}
	}
	sort.Strings(attrs)
	total := 0
	for _, attr := range attrs {
		set := setters[attr]
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
				u, err := Parse(tc.Href)
				if err != nil {
					c.errorf("Parse(%q): %v", tc.Href, err)
					conclude(t, file, name, &c, expected)
					return
				}
				sp := u.SearchParams()
				before := u.Href()
				if err := set(u, tc.NewValue); err != nil && u.Href() != before {
					c.errorf("setter returned %v but changed the URL to %q", err, u.Href())
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
				if err := u.checkInvariants(); err != nil {
					c.errorf("invariants: %v", err)
				}
				q, _ := u.RawQuery()
				c.equal("searchParams", sp.String(), (&SearchParams{list: ParseForm(q)}).String())
				if u.SearchParams() != sp {
					c.errorf("SearchParams() returned a different object after the setter")
				}
				conclude(t, file, name, &c, expected)
			})
		}
	}
	if total == 0 {
		t.Fatalf("%s: no cases", file)
	}
}

// TestSetters runs WPT's setters_tests.json.
func TestSetters(t *testing.T) {
	runSetterTests(t, filepath.Join(wptDir(t), "setters_tests.json"), "setters_tests.json")
}

// TestOwnSetters runs our own setter cases (testdata/setters-weburl.json):
// the WPT cases with a tab, newline or C0 control added to the value
// where the standard strips or encodes it.
func TestOwnSetters(t *testing.T) {
	runSetterTests(t, filepath.Join("testdata", "setters-weburl.json"), "testdata/setters-weburl.json")
}

// runToASCIISetters checks a toascii case through the host and hostname
// setters of https://x/x, as WPT's toascii.window.js does: a failure
// leaves the URL unchanged.
func runToASCIISetters(c *checker, tc *toASCIICase) {
	for _, attr := range []string{"host", "hostname"} {
		u := MustParse("https://x/x")
		err := setters[attr](u, tc.Input)
		if tc.Output == nil {
			if u.Href() != "https://x/x" {
				c.errorf("%s setter: URL became %q, want unchanged", attr, u.Href())
			}
			if err == nil {
				c.errorf("%s setter: no error for a failing host", attr)
			}
			continue
		}
		if err != nil {
			c.errorf("%s setter: %v", attr, err)
		}
		c.equal(attr+" setter: host", u.Host(), *tc.Output)
		c.equal(attr+" setter: hostname", u.Hostname(), *tc.Output)
		c.equal(attr+" setter: pathname", u.Pathname(), "/x")
	}
}

// searchParamsString is what a URL's searchParams serializes to.
func searchParamsString(u *URL) string { return u.SearchParams().String() }

func goVersion() string { return runtime.Version() }
