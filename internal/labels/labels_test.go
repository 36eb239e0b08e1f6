package labels

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/url/internal/legacy"
)

// encodingsJSON is the content of the Encoding Standard's encodings.json:
// groups of encodings, each with its name and labels.
type encodingsJSON []struct {
	Heading   string `json:"heading"`
	Encodings []struct {
		Name   string   `json:"name"`
		Labels []string `json:"labels"`
	} `json:"encodings"`
}

func readEncodingsJSON(t testing.TB) encodingsJSON {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "legacy", "testdata", "encodings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var groups encodingsJSON
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatalf("encodings.json: %v", err)
	}
	return groups
}

// TestLookup looks up every label of encodings.json, as
// written there, upper-cased and between ASCII whitespace.
func TestLookup(t *testing.T) {
	groups := readEncodingsJSON(t)
	n := 0
	for _, g := range groups {
		for _, e := range g.Encodings {
			for _, label := range e.Labels {
				for _, l := range []string{label, strings.ToUpper(label), "\t\n\f\r " + label + " \r\f\n\t"} {
					n++
					enc, ok := Lookup(l)
					if !ok {
						t.Errorf("Lookup(%q) failed", l)
						continue
					}
					if name := legacy.Name(enc); name != strings.ToLower(e.Name) {
						t.Errorf("Lookup(%q) = %s, want %s", l, name, e.Name)
					}
				}
			}
		}
	}
	if n < 3*200 {
		t.Errorf("only %d labels", n)
	}
	if n != 3*len(labels) {
		t.Errorf("labels.go has %d labels, encodings.json %d", len(labels), n/3)
	}
	for _, l := range []string{"\u212Aoi8-r", "utf-8\x00", "utf8 ", "", "x-user-defined-but-longer-than-any-label"} {
		if _, ok := Lookup(l); ok != (l == "utf8 ") {
			t.Errorf("Lookup(%q) ok = %v", l, ok)
		}
	}
}

// TestNames: the table names the 40 encodings of encodings.json.
func TestNames(t *testing.T) {
	var want []string
	for _, g := range readEncodingsJSON(t) {
		for _, e := range g.Encodings {
			want = append(want, strings.ToLower(e.Name))
		}
	}
	slices.Sort(want)
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %q\nencodings.json has %q", got, want)
	}
}
