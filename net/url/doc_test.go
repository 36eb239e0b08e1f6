package url_test

import (
	"errors"
	neturl "net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	weburl "github.com/weburl/url"
	"github.com/weburl/url/net/url"
)

const docPath = "../../docs/neturl-package.md"

// docSection returns the table rows (lines starting with "| <a id=") of
// the section of docs/neturl-package.md headed title, split into cells.
func docSection(t *testing.T, title string) [][]string {
	t.Helper()
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(data), "\n"+title+"\n")
	if !ok {
		t.Fatalf("%s: no section %q", docPath, title)
	}
	if i := strings.Index(sec, "\n#"); i >= 0 {
		sec = sec[:i]
	}
	var rows [][]string
	for _, line := range strings.Split(sec, "\n") {
		if strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| ---") {
			rows = append(rows, strings.Split(strings.Trim(line, "| "), " | "))
		}
	}
	return rows[1:] // the header
}

// quoted reads a cell holding a Go string literal in backticks.
func quoted(t *testing.T, cell string) string {
	t.Helper()
	s, err := strconv.Unquote(strings.Trim(cell, "`"))
	if err != nil {
		t.Fatalf("cell %s: %v", cell, err)
	}
	return s
}

// TestDocSilentChanges checks every row of the doc's silent changes: the
// input, String() after the swap, and net/url's String() (or "error").
func TestDocSilentChanges(t *testing.T) {
	rows := docSection(t, "### Changes that break code silently")
	if len(rows) < 10 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		if len(r) != 4 {
			t.Fatalf("row %q: want 4 cells", r)
		}
		in := quoted(t, r[1])
		t.Run(in, func(t *testing.T) {
			u, err := url.Parse(in)
			if err != nil || u.String() != quoted(t, r[2]) {
				t.Errorf("Parse = %v, %v; the doc says %s", u, err, r[2])
			}
			n, err := neturl.Parse(in)
			switch {
			case r[3] == "error":
				if err == nil {
					t.Errorf("net/url gives %q, the doc says error", n)
				}
			case err != nil || n.String() != quoted(t, r[3]):
				t.Errorf("net/url gives %v, %v; the doc says %s", n, err, r[3])
			}
		})
	}
}

// TestDocNowFails checks every row of the doc's inputs that now fail:
// net/url accepts the input, this package fails with the error kind the
// row names.
func TestDocNowFails(t *testing.T) {
	kinds := map[string]weburl.ErrorKind{}
	for _, k := range weburl.ErrorKinds() {
		kinds[k.String()] = k
	}
	for _, r := range docSection(t, "### Input that now fails") {
		if len(r) != 3 {
			t.Fatalf("row %q: want 3 cells", r)
		}
		in := quoted(t, r[1])
		t.Run(in, func(t *testing.T) {
			kind, ok := kinds[strings.Trim(r[2], "`")]
			if !ok {
				t.Fatalf("%s is no error kind", r[2])
			}
			if _, err := url.Parse(in); !errors.Is(err, kind) {
				t.Errorf("Parse: %v, the doc says %v", err, kind)
			}
			if _, err := neturl.Parse(in); err != nil {
				t.Errorf("net/url fails too: %v", err)
			}
		})
	}
}

// TestDocFunctions: the doc's table of functions has a row naming each
// exported name of the package.
func TestDocFunctions(t *testing.T) {
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	_, sec, _ := strings.Cut(string(data), "\n## Every function\n")
	var first strings.Builder
	for _, line := range strings.Split(sec, "\n") {
		if strings.HasPrefix(line, "| ") {
			cell, _, _ := strings.Cut(line[2:], " | ")
			first.WriteString(cell + "\n")
		}
	}
	for name := range api {
		if !strings.Contains(first.String(), "`"+name) {
			t.Errorf("%s has no row in the doc's table of functions", name)
		}
	}
	for _, name := range additions {
		if !strings.Contains(first.String(), "`"+name) {
			t.Errorf("%s has no row in the doc's table of functions", name)
		}
	}
}
