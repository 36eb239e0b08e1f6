package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/url/internal/corpus"
)

// trurlCase is one case of trurl's tests.json: the arguments, and the
// expected standard output (a string, or for --json the array, parsed),
// standard error (a string, a list of strings any of which will do, or
// true/false for "something"/"nothing") and exit code.
type trurlCase struct {
	Input struct {
		Arguments []string `json:"arguments"`
	} `json:"input"`
	Expected struct {
		Stdout     json.RawMessage `json:"stdout"`
		Stderr     json.RawMessage `json:"stderr"`
		Returncode int             `json:"returncode"`
	} `json:"expected"`
	Required []string `json:"required"`
	Excludes []string `json:"excludes"`
}

// trurlDifferencesFile lists the cases of trurl's suite whose answer is
// not trurl's, each with the reason.
const trurlDifferencesFile = "testdata/trurl-differences.txt"

// TestTrurlSuite runs every case of trurl's own test suite (tests.json
// in $TRURL_DIR, a copy of github.com/curl/trurl, a relative path taken
// from the repository root as WPT_DIR is; CI points it at
// ../shared/peers/trurl) against weburl with the same arguments, from
// that folder, as trurl's test.py does. A case passes, or is listed in
// testdata/trurl-differences.txt with the reason it differs; a listed
// case that passes fails the test (the list must shrink with it).
// Messages are compared with trurl's program name read as weburl's.
func TestTrurlSuite(t *testing.T) {
	dir := corpus.Env("TRURL_DIR", 2) // a relative TRURL_DIR is taken from the repository root, as WPT_DIR is
	if dir == "" {
		t.Skip("TRURL_DIR is not set: it names a copy of github.com/curl/trurl (tests.json, testfiles/)")
	}
	data, err := os.ReadFile(filepath.Join(dir, "tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []trurlCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("%s: %v", filepath.Join(dir, "tests.json"), err)
	}
	listed := readTrurlDifferences(t)
	dir, err = filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	passed := 0
	for i, c := range cases {
		name := strconv.Itoa(i) + ":" + strings.Join(c.Input.Arguments, " ")
		if len(name) > 120 {
			name = name[:120]
		}
		reason, isListed := listed[i]
		delete(listed, i)
		t.Run(name, func(t *testing.T) {
			ok, got := runTrurlCase(c)
			switch {
			case ok && isListed:
				t.Errorf("case %d (%q) passes but is listed in %s (%s): remove it", i, c.Input.Arguments, trurlDifferencesFile, reason)
			case ok:
				passed++
			case !isListed:
				t.Errorf("case %d %q: got %s\nwant stdout %s stderr %s exit %d", i, c.Input.Arguments, got,
					c.Expected.Stdout, c.Expected.Stderr, c.Expected.Returncode)
			}
		})
	}
	for i := range listed {
		t.Errorf("%s lists case %d, which tests.json does not have", trurlDifferencesFile, i)
	}
	t.Logf("trurl's suite: %d of %d cases pass, %d differ (listed in %s)", passed, len(cases), len(cases)-passed, trurlDifferencesFile)
}

// runTrurlCase runs one case and reports whether it passes as trurl's
// test.py judges it, and what weburl printed.
func runTrurlCase(c trurlCase) (bool, string) {
	var stdout, stderr bytes.Buffer
	code := run(c.Input.Arguments, strings.NewReader(""), &stdout, &stderr)
	got := "stdout " + strconv.Quote(stdout.String()) + " stderr " + strconv.Quote(stderr.String()) + " exit " + strconv.Itoa(code)
	if code != c.Expected.Returncode {
		return false, got
	}
	var want any
	if err := json.Unmarshal(c.Expected.Stdout, &want); err != nil {
		return false, got
	}
	switch w := want.(type) {
	case string:
		if stdout.String() != w {
			return false, got
		}
	default:
		var have any
		if json.Unmarshal(stdout.Bytes(), &have) != nil || !reflect.DeepEqual(have, w) {
			return false, got
		}
	}
	if len(c.Expected.Stderr) == 0 {
		return true, got
	}
	var wantErr any
	if err := json.Unmarshal(c.Expected.Stderr, &wantErr); err != nil {
		return false, got
	}
	return stderrMatches(stderr.String(), wantErr), got
}

// stderrMatches is test.py's testComponent for standard error.
func stderrMatches(got string, want any) bool {
	asWeburl := func(s string) string { return strings.ReplaceAll(s, "trurl ", "weburl ") }
	switch w := want.(type) {
	case bool:
		return (got != "") == w
	case string:
		return got == asWeburl(w)
	case []any:
		for _, alt := range w {
			if s, ok := alt.(string); ok && got == asWeburl(s) {
				return true
			}
		}
	}
	return false
}

// readTrurlDifferences reads testdata/trurl-differences.txt: lines
// "N<TAB>reason", N the index of a case in tests.json; "#" starts a
// comment.
func readTrurlDifferences(t *testing.T) map[int]string {
	f, err := os.Open(trurlDifferencesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[int]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		num, reason, ok := strings.Cut(line, "\t")
		i, err := strconv.Atoi(num)
		if !ok || err != nil || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s:%d: want \"N<TAB>reason\", have %q", trurlDifferencesFile, n, line)
		}
		if _, dup := m[i]; dup {
			t.Fatalf("%s:%d: case %d listed twice", trurlDifferencesFile, n, i)
		}
		m[i] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}
