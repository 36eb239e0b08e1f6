package url

// WPT's urlencoded-parser-data.json (the
// application/x-www-form-urlencoded parser and URLSearchParams).
// percent-encoding.json goes through the URL parser's encoding argument
// and is run by wpt_test.go.

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// TestURLEncodedParserData runs urlencoded-parser-data.json through
// ParseForm, NewSearchParams and a URL's live SearchParams.
func TestURLEncodedParserData(t *testing.T) {
	const file = "urlencoded-parser-data.json"
	var raw []json.RawMessage
	loadWPT(t, file, &raw)
	expected := expectedFailures(t)
	cases := objects(t, raw)
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", file)
	}
	for _, r := range cases {
		var tc struct {
			Input  string      `json:"input"`
			Output [][2]string `json:"output"`
		}
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%s: %v in %s", file, err, r)
		}
		name := fmt.Sprintf("%q", tc.Input)
		t.Run(name, func(t *testing.T) {
			var c checker
			want := make([]Param, 0, len(tc.Output))
			for _, o := range tc.Output {
				want = append(want, Param{o[0], o[1]})
			}
			if got := ParseForm(tc.Input); !slices.Equal(got, want) {
				c.errorf("ParseForm = %+q, want %+q", got, want)
			}
			sp := NewSearchParams(tc.Input)
			var got []Param
			for name, value := range sp.All() {
				got = append(got, Param{name, value})
			}
			if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				c.errorf("NewSearchParams pairs = %+q, want %+q", got, want)
			}
			if again := ParseForm(sp.String()); !slices.Equal(again, want) && !(len(again) == 0 && len(want) == 0) {
				c.errorf("ParseForm(%q) = %+q, want %+q", sp.String(), again, want)
			}
			// A URL's searchParams reads its query the same way.
			if u, err := Parse("https://example.com/"); err == nil {
				u.SetSearch(tc.Input)
				got = got[:0]
				for name, value := range u.SearchParams().All() {
					got = append(got, Param{name, value})
				}
				// The search setter percent-encodes the value first, which
				// the parse undoes; "?" at the start is the setter's.
				if tc.Input != "" && tc.Input[0] != '?' && !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
					c.errorf("URL.SearchParams after SetSearch = %+q, want %+q", got, want)
				}
			}
			conclude(t, file, name, &c, expected)
		})
	}
}
