package browsertest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/weburl/url/internal/urlattr"
)

// wptCase is one case of urltestdata.json: its input and base, and the
// attributes expected (Origin "" where the case gives none).
type wptCase struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
	// Failure: the URL Standard's parser returns failure.
	Failure bool `json:"failure"`
	urlattr.Attrs
}

// base is the case's base, "" for none (the viewer's empty base field).
func (c *wptCase) base() string {
	if c.Base == nil {
		return ""
	}
	return *c.Base
}

// name names the case in a subtest, as the library's WPT harness does.
func (c *wptCase) name() string {
	if c.Base == nil {
		return c.Input
	}
	return c.Input + " against " + *c.Base
}

// wptDir is where the WPT corpus is: $WPT_DIR, or ../../shared/wpt (the
// shared copy beside the worktrees). It is never copied here.
func wptDir() string {
	if d := os.Getenv("WPT_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "wpt")
}

// loadURLTestData reads urltestdata.json: the cases (the comments left
// out) and the file's text. A missing corpus fails the test.
func loadURLTestData(t *testing.T) ([]wptCase, []byte) {
	t.Helper()
	path := filepath.Join(wptDir(), "urltestdata.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the WPT corpus is required (set WPT_DIR): %v", err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var cases []wptCase
	for _, e := range entries {
		if len(e) > 0 && e[0] == '"' {
			continue // a comment
		}
		var c wptCase
		if err := json.Unmarshal(e, &c); err != nil {
			t.Fatalf("%s: %v in %s", path, err, e)
		}
		cases = append(cases, c)
	}
	if len(cases) < 800 {
		t.Fatalf("%s holds only %d cases", path, len(cases))
	}
	return cases, raw
}
