package url

// WPT's percent-encoding.json (through the URL parser's encoding
// argument) and urlencoded-parser-data.json (the
// application/x-www-form-urlencoded parser and URLSearchParams).

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"testing"
)

// TestPercentEncodingData runs percent-encoding.json as WPT does: the
// input is the query of a special URL parsed in a document with that
// encoding, so Parser.Encoding applies; a non-special URL (and ws:) always
// uses UTF-8.
func TestPercentEncodingData(t *testing.T) {
	const file = "percent-encoding.json"
	var raw []json.RawMessage
	loadWPT(t, file, &raw)
	expected := expectedFailures(t)
	total := 0
	for _, r := range objects(t, raw) {
		var tc struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%s: %v in %s", file, err, r)
		}
		labels := make([]string, 0, len(tc.Output))
		for label := range tc.Output {
			labels = append(labels, label)
		}
		sort.Strings(labels)
		for _, label := range labels {
			total++
			want := tc.Output[label]
			name := fmt.Sprintf("%q in %s", tc.Input, label)
			t.Run(name, func(t *testing.T) {
				var c checker
				enc, err := LookupEncoding(label)
				if err != nil {
					c.errorf("LookupEncoding(%q): %v", label, err)
					conclude(t, file, name, &c, expected)
					return
				}
				got := string(appendPercentEncodeAfterEncoding(nil, enc, tc.Input, SpecialQuerySet, false))
				c.equal("percent-encode after encoding", got, want)
				p := Parser{Encoding: enc}
				u, err := p.Parse("https://doesnotmatter.invalid/?" + tc.Input + "#" + tc.Input)
				if err != nil {
					c.errorf("parse: %v", err)
				} else {
					c.equal("search", u.Search(), "?"+want)
					// The fragment is always UTF-8.
					c.equal("hash", u.Hash(), "#"+PercentEncode(tc.Input, FragmentSet))
				}
				for _, prefix := range []string{"sc://doesnotmatter.invalid/?", "wss://doesnotmatter.invalid/?"} {
					utf8, _ := Parse(prefix + tc.Input)
					if u, err := p.Parse(prefix + tc.Input); err != nil || utf8 == nil || u.Href() != utf8.Href() {
						c.errorf("%s: encoding %s applied where UTF-8 is required: %v vs %v (%v)", prefix, label, u, utf8, err)
					}
				}
				conclude(t, file, name, &c, expected)
			})
		}
	}
	if total == 0 {
		t.Fatalf("%s: no cases", file)
	}
}

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
