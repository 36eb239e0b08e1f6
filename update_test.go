package url

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update makes the tests that check a generated file rewrite it instead
// (the list is at the top of wpt_test.go):
//
//	WPT_DIR=../shared/wpt go test . -update
var update = flag.Bool("update", false, "rewrite the generated files (docs/*.md tables, testdata/setters-weburl.json) instead of checking them")

// checkGenerated compares a generated file (path relative to the
// package directory, slash-separated) with what test generates, or
// writes it with -update.
func checkGenerated(t *testing.T, path string, want []byte, test string) {
	t.Helper()
	path = filepath.FromSlash(path)
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v; run: go test -run %s -update", err, test)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale or was edited by hand; regenerate it: go test -run %s -update", path, test)
	}
}
