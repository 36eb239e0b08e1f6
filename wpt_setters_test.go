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

// runSetterTests runs a file in the setters_tests.json format on s:
// parse href, set the attribute to new_value, compare every expected
// attribute (and what s checks after a setter: see wptURL).
func runSetterTests(t *testing.T, s wptSubject, path, file string) {
	var raw map[string]json.RawMessage
	loadJSON(t, path, &raw)
	expected := s.expected(t, file)
	attrs := make([]string, 0, len(raw))
	for attr := range raw {
		if attr != "comment" {
			attrs = append(attrs, attr)
		}
	}
	sort.Strings(attrs)
	total := 0
	for _, attr := range attrs {
		if setters[attr] == nil {
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
				defer conclude(t, s.tallyName(file), name, &c, expected)
				u, ok := s.parse(&c, tc.Href, nil)
				if !ok {
					c.errorf("parse of %q failed", tc.Href)
					return
				}
				u.set(&c, attr, tc.NewValue)
				keys := make([]string, 0, len(tc.Expected))
				for k := range tc.Expected {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					got, ok := u.get(k)
					if !ok {
						c.errorf("no getter for %q", k)
						continue
					}
					c.equal(k, got, tc.Expected[k])
				}
				u.check(&c)
			})
		}
	}
	if total == 0 {
		t.Fatalf("%s: no cases", file)
	}
}

// TestSetters runs WPT's setters_tests.json.
func TestSetters(t *testing.T) {
	runSetterTests(t, prodSubject{}, filepath.Join(wptDir(t), "setters_tests.json"), "setters_tests.json")
}

// TestOwnSetters runs our own setter cases (testdata/setters-weburl.json):
// the WPT cases with a tab, newline or C0 control added to the value
// where the standard strips or encodes it.
func TestOwnSetters(t *testing.T) {
	runSetterTests(t, prodSubject{}, filepath.Join("testdata", "setters-weburl.json"), "testdata/setters-weburl.json")
}

// runToASCIISetters checks a toascii case through the host and hostname
// setters of https://x/x, as WPT's toascii.window.js does: a failure
// leaves the URL unchanged, and is refused.
func runToASCIISetters(c *checker, s wptSubject, tc *toASCIICase) {
	for _, attr := range []string{"host", "hostname"} {
		u, ok := s.parse(c, "https://x/x", nil)
		if !ok {
			c.errorf("parse of https://x/x failed")
			return
		}
		refused := u.set(c, attr, tc.Input)
		want := "https://x/x"
		if tc.Output != nil {
			want = "https://" + *tc.Output + "/x"
		}
		got, _ := u.get("href")
		c.equal(attr+" setter: href", got, want)
		switch {
		case tc.Output == nil && !refused:
			c.errorf("%s setter: not refused for a failing host", attr)
		case tc.Output != nil && refused:
			c.errorf("%s setter: refused a valid host", attr)
		}
		u.check(c)
	}
}

// searchParamsString is what a URL's searchParams serializes to.
func searchParamsString(u *URL) string { return u.SearchParams().String() }

func goVersion() string { return runtime.Version() }
