package url

// TestDocCommands runs, as a stranger would, the command lines of the
// README's and docs/'s ```sh blocks that need nothing but Go and this
// repository: in a fresh clone of the repository (git clone of HEAD,
// standing in for "<this repository's URL>"), with the command
// installed into a temporary GOBIN. Run it with
//
//	go test -run TestDocCommands -doc-commands .
//
// (.ci/run does). The other lines (the tests and benchmarks, what needs
// the network, Chromium, a peer's checkout or ../shared) are logged as
// not run.

import (
	"bufio"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var docCommands = flag.Bool("doc-commands", false, "run TestDocCommands: the offline command lines of README.md's and docs/'s sh blocks, in a fresh clone")

// docCommandPrefixes are the starts of the command lines TestDocCommands
// runs: the clone recipe, the commands' install and run lines.
var docCommandPrefixes = []string{
	"git clone <this repository's URL> ",
	"cd weburl",
	"go install ./cmd/weburl ",
	"go install ./cmd/weburl\t",
	"go run ./cmd/weburl ",
	"weburl ",
	"(cd migrate && go install ./cmd/weburl-migrate",
}

// shBlock is a ```sh block of a Markdown file: its command lines (a
// line ending in a backslash joined with the next), and where it is.
type shBlock struct {
	file  string
	line  int
	lines []string
}

// readShBlocks returns the ```sh blocks of a Markdown file.
func readShBlocks(t *testing.T, file string) []shBlock {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []shBlock
	var cur *shBlock
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && (line == "```sh" || line == "```bash"):
			cur = &shBlock{file: file, line: n}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			if k := len(cur.lines); k > 0 && strings.HasSuffix(cur.lines[k-1], "\\") {
				cur.lines[k-1] = strings.TrimSuffix(cur.lines[k-1], "\\") + strings.TrimSpace(line)
			} else if s := strings.TrimSpace(line); s != "" && !strings.HasPrefix(s, "#") {
				cur.lines = append(cur.lines, line)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return blocks
}

// runsOffline reports whether TestDocCommands runs the command line.
func runsOffline(line string) bool {
	line += " "
	for _, p := range docCommandPrefixes {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

func TestDocCommands(t *testing.T) {
	if !*docCommands {
		t.Skip("builds and installs the command in a fresh clone: run with -doc-commands")
	}
	for _, tool := range []string{"bash", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s: %v", tool, err)
		}
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"README.md"}, files...)

	work := t.TempDir()
	gobin := filepath.Join(work, "bin")
	env := append(os.Environ(), "GOBIN="+gobin, "PATH="+gobin+string(os.PathListSeparator)+os.Getenv("PATH"))
	run := func(dir, script string) (string, error) {
		cmd := exec.Command("bash", "-e", "-o", "pipefail", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	// The clone that blocks without a clone line run in, with the
	// urls.txt the README's example reads.
	if out, err := run(work, "git clone -q "+root+" weburl"); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	clone := filepath.Join(work, "weburl")
	writeFile(t, filepath.Join(clone, "urls.txt"), "https://example.com/?id=7\nhttp://user@[::1]:8080/a?id=8#x\n")

	ran := 0
	for _, file := range files {
		for _, b := range readShBlocks(t, file) {
			var script []string
			dir := clone
			for _, line := range b.lines {
				if !runsOffline(line) {
					t.Logf("%s:%d: not run: %s", b.file, b.line, line)
					continue
				}
				if strings.HasPrefix(line, "git clone ") {
					dir = t.TempDir()
					line = strings.Replace(line, "<this repository's URL>", root, 1)
				}
				script = append(script, line)
			}
			if len(script) == 0 {
				continue
			}
			ran += len(script)
			if out, err := run(dir, strings.Join(script, "\n")); err != nil {
				t.Errorf("%s:%d: %v\n%s\n%s", b.file, b.line, err, strings.Join(script, "\n"), out)
			}
		}
	}
	if ran == 0 {
		t.Error("no command line ran")
	}
	t.Logf("%d command lines ran", ran)
}
