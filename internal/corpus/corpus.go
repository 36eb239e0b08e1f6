// Package corpus finds the data folders that the module's tests read
// from outside the repository (the web-platform-tests corpus, a copy of
// trurl), so that every package reads the same environment variable the
// same way. Only tests import it.
//
// A test runs in its package's directory, but the README's commands run
// at the repository root: a relative WPT_DIR or TRURL_DIR is taken from
// the root, whatever the package.
package corpus

import (
	"os"
	"path/filepath"
)

// Missing is the line a test run prints when the WPT corpus is not
// there, saying how to get it.
const Missing = "WPT corpus not found, so its tests skip: scripts/fetch-wpt.sh downloads the pinned files into testdata/wpt (or set WPT_DIR to a folder holding them)"

// Env returns the folder that the environment variable name names, as a
// path from the directory of a package depth folders below the
// repository root (0 for the root package, 1 for dataurl, 2 for
// cmd/weburl): an absolute value as it is, a relative one taken from the
// repository root. It returns "" when the variable is unset or empty.
func Env(name string, depth int) string {
	dir := os.Getenv(name)
	if dir == "" || filepath.IsAbs(dir) {
		return dir
	}
	return filepath.Join(up(depth), dir)
}

// WPT returns the folder of the WPT corpus, as a path from the directory
// of a package depth folders below the repository root: $WPT_DIR when it
// is set (fromEnv is then true, and a file missing there should fail the
// test that reads it), else the repository's testdata/wpt when it holds
// probe, a file of the corpus; "" when neither.
func WPT(depth int, probe string) (dir string, fromEnv bool) {
	if dir := Env("WPT_DIR", depth); dir != "" {
		return dir, true
	}
	dir = filepath.Join(up(depth), "testdata", "wpt")
	if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
		return "", false
	}
	return dir, false
}

// up returns the relative path depth folders up ("." for 0).
func up(depth int) string {
	parts := []string{"."}
	for range depth {
		parts = append(parts, "..")
	}
	return filepath.Join(parts...)
}
