package url

// Validation errors: the reference parser records the standard's
// validation errors by name, in the order its steps meet them
// (refParser.errors); Validate reports the library's. This test compares
// the two lists on every input of urltestdata.json and of our own cases.
// The cases where they are known to differ are listed, with the reason,
// in testdata/reference-validation-disagreements.tsv (case<TAB>reason,
// the case named as the WPT subtests are); a listed case that agrees
// fails the run, so the list shrinks as the library catches up. Draft it
// with
//
//	WPT_RECORD_FAILURES=/tmp/v.tsv WPT_DIR=../shared/wpt go test -run TestReferenceValidationErrors .

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const refValidationFile = "reference validation errors"

// refValidationDisagreements reads the list of known disagreements,
// keyed as conclude wants it.
func refValidationDisagreements(t *testing.T) map[string]map[string]string {
	path := filepath.Join("testdata", "reference-validation-disagreements.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		name, reason, ok := strings.Cut(text, "\t")
		if !ok || reason == "" {
			t.Fatalf("%s:%d: want case<TAB>reason, got %q", path, line, text)
		}
		if _, dup := out[name]; dup {
			t.Fatalf("%s:%d: %s listed twice", path, line, name)
		}
		out[name] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return map[string]map[string]string{refValidationFile: out}
}

// TestReferenceValidationErrors compares Validate's validation errors
// with the reference's, by name and in order.
func TestReferenceValidationErrors(t *testing.T) {
	expected := refValidationDisagreements(t)
	paths := []string{filepath.Join(wptDir(t), "urltestdata.json"), filepath.Join("testdata", "urltestdata-weburl.json")}
	for _, path := range paths {
		var raw []json.RawMessage
		loadJSON(t, path, &raw)
		for _, r := range objects(t, raw) {
			var tc urlTestCase
			if err := json.Unmarshal(r, &tc); err != nil {
				t.Fatalf("%s: %v in %s", path, err, r)
			}
			var base *refURL
			var bases []string
			if tc.Base != nil {
				if base, _ = refParse(*tc.Base, nil); base == nil {
					continue // the API URL parser fails before parsing the input
				}
				bases = []string{*tc.Base}
			}
			name := caseName(tc.Input, tc.Base)
			t.Run(name, func(t *testing.T) {
				var c checker
				p := &refParser{}
				p.parse(tc.Input, base, nil, refNoOverride)
				_, errs, _ := Validate(tc.Input, bases...)
				var got []string
				for _, e := range errs {
					got = append(got, e.Kind.String())
				}
				if !slices.Equal(got, p.errors) {
					c.errorf("Validate reports %q, the reference %q", got, p.errors)
				}
				conclude(t, refValidationFile, name, &c, expected)
			})
		}
	}
}
