package url

// Tests of scripts/fetch-wpt.sh, the one command that gets the WPT
// corpus: its sources name exactly the pinned files, each at a commit,
// and it keeps downloads only when every hash matches the pin. They run
// the script offline, on file:// URLs (curl reads them), in a copy of
// the script and the pin in a temporary folder.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const fetchWPTScript = "scripts/fetch-wpt.sh"

// needTools skips the test when a program the script needs is missing.
func needTools(t *testing.T, names ...string) {
	t.Helper()
	for _, name := range names {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("%s needs %s: %v", fetchWPTScript, name, err)
		}
	}
}

// runFetchWPT runs the script at root with the environment env added and
// the arguments args, and returns its output and error.
func runFetchWPT(t *testing.T, root string, env []string, args ...string) (string, error) {
	t.Helper()
	root, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", append([]string{filepath.Join(root, fetchWPTScript)}, args...)...)
	cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "WPT_")
	}), env...)
	cmd.Dir = t.TempDir() // "from anywhere"
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// fetchWPTSourceRE is a source of the script's table: a file of a GitHub
// repository at a full commit, on raw.githubusercontent.com.
var fetchWPTSourceRE = regexp.MustCompile(`^https://raw\.githubusercontent\.com/([\w.-]+/[\w.-]+)/([0-9a-f]{40})/([\w./-]+\.json)$`)

// fetchWPTSources returns the script's sources (scripts/fetch-wpt.sh -n)
// as name and URL pairs, in the script's order.
func fetchWPTSources(t *testing.T) [][2]string {
	t.Helper()
	needTools(t, "bash", "awk")
	out, err := runFetchWPT(t, ".", nil, "-n")
	if err != nil {
		t.Fatalf("%s -n: %v\n%s", fetchWPTScript, err, out)
	}
	var sources [][2]string
	for line := range strings.Lines(out) {
		name, src, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			t.Fatalf("%s -n printed %q, want a name and a URL", fetchWPTScript, line)
		}
		sources = append(sources, [2]string{name, src})
	}
	return sources
}

// TestFetchWPTSources holds the script's table to the pin: one source
// for each pinned file, in the pin's order (so the count is the same),
// each a file of a public GitHub repository at a full commit.
func TestFetchWPTSources(t *testing.T) {
	_, names := readWPTPin(t)
	sources := fetchWPTSources(t)
	var got []string
	for _, s := range sources {
		got = append(got, s[0])
		if !fetchWPTSourceRE.MatchString(s[1]) {
			t.Errorf("%s: source %s is not a file of a GitHub repository at a full commit", s[0], s[1])
		}
	}
	if !slices.Equal(got, names) {
		t.Errorf("%s downloads %q; %s pins %q", fetchWPTScript, got, wptPinPath, names)
	}
}

// fakeFetchWPTRoot makes a repository root holding the script and a pin
// of made-up contents for the given names, and returns the root and the
// contents of each name.
func fakeFetchWPTRoot(t *testing.T, names []string) (string, map[string]string) {
	t.Helper()
	root := t.TempDir()
	script, err := os.ReadFile(fetchWPTScript)
	if err != nil {
		t.Fatal(err)
	}
	contents := map[string]string{}
	var pin strings.Builder
	for _, name := range names {
		contents[name] = fmt.Sprintf("[%q]\n", name)
		sum := sha256.Sum256([]byte(contents[name]))
		fmt.Fprintf(&pin, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	writeFile(t, filepath.Join(root, fetchWPTScript), string(script))
	writeFile(t, filepath.Join(root, wptPinPath), pin.String())
	return root, contents
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkCorpus fails t unless root's testdata/wpt holds exactly want.
func checkCorpus(t *testing.T, root string, want map[string]string) {
	t.Helper()
	got := map[string]string{}
	dir := filepath.Join(root, "testdata", "wpt")
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			got[filepath.ToSlash(rel)] = string(data)
		}
		return nil
	})
	if len(got) != len(want) {
		t.Errorf("testdata/wpt holds %d files, want %d", len(got), len(want))
	}
	for name, data := range want {
		if got[name] != data {
			t.Errorf("testdata/wpt/%s = %q, want %q", name, got[name], data)
		}
	}
}

// TestFetchWPTScript runs the script offline on made-up files: from the
// table's sources (through WPT_RAW_URL, a mirror laid out as
// raw.githubusercontent.com is) and from a folder (WPT_BASE_URL); every
// file lands in testdata/wpt when all match the pin, and none when one
// differs or is missing.
func TestFetchWPTScript(t *testing.T) {
	needTools(t, "curl")
	sources := fetchWPTSources(t)
	var names []string
	for _, s := range sources {
		names = append(names, s[0])
	}

	t.Run("sources", func(t *testing.T) {
		t.Parallel()
		root, contents := fakeFetchWPTRoot(t, names)
		mirror := t.TempDir()
		for _, s := range sources {
			writeFile(t, filepath.Join(mirror, strings.TrimPrefix(s[1], "https://raw.githubusercontent.com/")), contents[s[0]])
		}
		if out, err := runFetchWPT(t, root, []string{"WPT_RAW_URL=file://" + filepath.ToSlash(mirror)}); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		checkCorpus(t, root, contents)
	})

	t.Run("folder", func(t *testing.T) {
		t.Parallel()
		root, contents := fakeFetchWPTRoot(t, names)
		folder := t.TempDir()
		for name, data := range contents {
			writeFile(t, filepath.Join(folder, name), data)
		}
		env := []string{"WPT_BASE_URL=file://" + filepath.ToSlash(folder)}
		if out, err := runFetchWPT(t, root, env); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		checkCorpus(t, root, contents)

		// One file differs and another is missing: the script names
		// both, exits 1 and leaves testdata/wpt as it was.
		writeFile(t, filepath.Join(folder, names[0]), "changed\n")
		os.Remove(filepath.Join(folder, names[1]))
		out, err := runFetchWPT(t, root, env)
		if code := exitCode(err); code != 1 ||
			!strings.Contains(out, names[0]+" from ") || !strings.Contains(out, "differs from the pin") ||
			!strings.Contains(out, "could not download") || !strings.Contains(out, names[1]) {
			t.Errorf("a changed %s and a missing %s: exit %d, output %q; want exit 1 naming both", names[0], names[1], code, out)
		}
		checkCorpus(t, root, contents)
	})
}

// exitCode returns a command's exit status from its error (0 for nil).
func exitCode(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
