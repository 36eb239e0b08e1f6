package url

// The pin of the WPT corpus: testdata/wpt.sha256 holds the sha256 of each
// web-platform-tests file the suite runs, in sha256sum's format, so that
// `sha256sum -c` and scripts/fetch-wpt.sh read it too. A corpus that
// differs from the pin gives other results than the README's, so the
// tests say so instead of passing on other data.

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// wptPinPath is the committed table of the corpus's hashes.
const wptPinPath = "testdata/wpt.sha256"

// wptFilesOfPackages are the files of the corpus that packages beside the
// root run, in subfolders named after their web-platform-tests suites:
// dataurl/wpt_test.go runs these (rust-url's copies, see
// scripts/fetch-wpt.sh). The pin covers them too.
var wptFilesOfPackages = []string{
	"urlpattern/urlpatterntestdata.json",
	"fetch-data-urls/data-urls.json",
	"fetch-data-urls/base64.json",
	"mimesniff/mime-types.json",
	"mimesniff/generated-mime-types.json",
}

// validPinName reports whether name is a file name, or a folder and a
// file name joined by "/" (no "..", no other separator).
func validPinName(name string) bool {
	dir, file, sub := strings.Cut(name, "/")
	if !sub {
		dir, file = "", name
	}
	for _, part := range []string{dir, file} {
		if part == "." || part == ".." || strings.ContainsAny(part, "/\\") {
			return false
		}
	}
	return file != "" && (!sub || dir != "")
}

// readWPTPin returns the pinned sha256 (hex) of each file of
// testdata/wpt.sha256, whose lines are "HASH  NAME" as sha256sum writes
// them, with the names in the file's order.
func readWPTPin(t *testing.T) (map[string]string, []string) {
	t.Helper()
	f, err := os.Open(wptPinPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pin := map[string]string{}
	var names []string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != sha256.Size*2 || strings.ToLower(sum) != sum || !validPinName(name) {
			t.Fatalf("%s:%d: want \"<64 lower-case hex digits>  <file name or folder/file name>\", got %q", wptPinPath, line, sc.Text())
		}
		if _, err := hex.DecodeString(sum); err != nil {
			t.Fatalf("%s:%d: %v", wptPinPath, line, err)
		}
		if _, dup := pin[name]; dup {
			t.Fatalf("%s:%d: %s is pinned twice", wptPinPath, line, name)
		}
		pin[name] = sum
		names = append(names, name)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return pin, names
}

// fileSHA256 returns the sha256 of a file's contents, in hex.
func fileSHA256(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// TestWPTPin checks that the pin names exactly the files the suites run
// (wptFiles and wptFilesOfPackages), and that each file of the corpus the tests read (WPT_DIR,
// else testdata/wpt) has the pinned hash. It names each file that
// differs; it skips when there is no corpus, as the WPT tests do.
func TestWPTPin(t *testing.T) {
	pin, names := readWPTPin(t)
	want := slices.Concat(wptFiles, wptFilesOfPackages)
	slices.Sort(want)
	got := slices.Clone(names)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("%s pins %q; the suite runs %q", wptPinPath, got, want)
	}

	dir := wptDir(t)
	var differ []string
	for _, name := range names {
		path := filepath.Join(dir, name)
		sum, err := fileSHA256(path)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			differ = append(differ, name)
			continue
		}
		if sum != pin[name] {
			t.Errorf("%s differs from the pin: sha256 %s, %s says %s", path, sum, wptPinPath, pin[name])
			differ = append(differ, name)
		}
	}
	if len(differ) > 0 {
		t.Logf("the corpus in %s is not the pinned one (%s); fetch the pinned files with scripts/fetch-wpt.sh, or update %s and the README's figures if the corpus moved on on purpose",
			dir, strings.Join(differ, ", "), wptPinPath)
	}
}

func TestValidPinName(t *testing.T) {
	for name, want := range map[string]bool{
		"urltestdata.json": true, "mimesniff/mime-types.json": true,
		"": false, "/a.json": false, "a/": false, "a/b/c.json": false, "../a.json": false,
		"a\\b.json": false, "./a.json": false,
	} {
		if got := validPinName(name); got != want {
			t.Errorf("validPinName(%q) = %v, want %v", name, got, want)
		}
	}
}
