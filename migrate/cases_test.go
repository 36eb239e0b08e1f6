package migrate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestSharedCases ports ../shared/migrate-cases (five shapes of real
// programs on which an earlier tool broke a build or a test, and odd/,
// valid Go a rewriting tool must not trip on) with -fix, then requires
// go vet to pass for linux, windows and darwin and the cases' tests to
// pass: each package is ported so that it keeps working, or left
// unchanged with a reason. The cases have no licence of their own, so
// they are read where they are, not copied into testdata.
func TestSharedCases(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a module with the go command for three systems")
	}
	src := filepath.Join(sharedDir(), "migrate-cases")
	if _, err := os.Stat(filepath.Join(src, "go.mod")); err != nil {
		t.Skipf("no %s (set WEBURL_SHARED)", src)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	if err := os.CopyFS(tmp, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"run.sh", "README.md"} {
		os.Remove(filepath.Join(tmp, name))
	}
	// Packages with cgo do not build for another system here (no cross C
	// compiler): they are vetted for linux only.
	var all, cgo, nocgo []string
	filepath.WalkDir(tmp, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".go" {
			return nil
		}
		rel, _ := filepath.Rel(tmp, filepath.Dir(path))
		dir := "./" + filepath.ToSlash(rel)
		if !slices.Contains(all, dir) {
			all = append(all, dir)
		}
		if b, _ := os.ReadFile(path); bytes.Contains(b, []byte("import \"C\"")) {
			cgo = append(cgo, dir)
		}
		return nil
	})
	for _, d := range all {
		if !slices.Contains(cgo, d) {
			nocgo = append(nocgo, d)
		}
	}
	work := "go 1.26.0\n\nuse (\n\t.\n\t" + root + "\n)\n"
	if err := os.WriteFile(filepath.Join(tmp, "go.work"), []byte(work), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOWORK="+filepath.Join(tmp, "go.work"), "GOFLAGS=", "GOPROXY=off")
	var out bytes.Buffer
	code := Main(Options{Dir: tmp, Patterns: []string{"./..."}, Fix: true, Env: env, Out: &out})
	t.Logf("weburl-migrate -fix ./... (exit %d):\n%s", code, out.String())
	if code != ExitLeftOver {
		t.Errorf("exit %d, want %d: odd/ has packages it must leave on net/url", code, ExitLeftOver)
	}
	run := func(extra []string, args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = tmp
		cmd.Env = append(env, extra...)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%v go %v: %v\n%s", extra, args, err, b)
		}
	}
	run([]string{"GOOS=linux"}, "vet", "./...")
	for _, goos := range []string{"windows", "darwin"} {
		run([]string{"GOOS=" + goos}, append([]string{"vet"}, nocgo...)...)
	}
	run(nil, "test", "-count=1", "./...")
}
