package migrate

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The packages under testdata/src whose files the tool rewrites: each .go
// file with a .golden beside it must become exactly the golden file.
var fixed = []string{"keepliteral", "importswap", "reads", "writes", "literals", "hostport", "boundary", "methodvalue", "keepvalue", "serialized"}

// The packages the tool must refuse or keep on net/url: each refused or
// kept site carries a `want` comment, and no file changes (earlierrun: a
// file an earlier run ported, with values kept on net/url).
var refused = []string{"earlierrun", "refusezero", "refusewrite", "refuseliteral", "refuseerror", "refuseparse", "refuseflow", "refuseopaque", "refuseany", "errorkept"}

// TestRules runs the analyzer once over every package of testdata/src (one
// load: each load type-checks net/http from source). A fixed package's files
// must become their .golden files; a refused package must get a diagnostic
// at each "want" comment and no fix.
func TestRules(t *testing.T) {
	if *updateGoldens {
		writeGoldens(t)
		return
	}
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), Analyzer, append(slices.Clone(fixed), refused...)...)
	n := map[string]int{}
	for _, r := range results {
		pkg := r.Action.Package.PkgPath
		for _, d := range r.Diagnostics {
			n[pkg]++
			if slices.Contains(refused, pkg) && len(d.SuggestedFixes) != 0 {
				t.Errorf("%s: a refused package got a fix: %s", pkg, d.Message)
			}
		}
	}
	for _, pkg := range append(slices.Clone(fixed), refused...) {
		if n[pkg] == 0 {
			t.Errorf("%s: no diagnostic", pkg)
		}
	}
}

var updateGoldens = flag.Bool("update-goldens", false, "rewrite the .golden files of testdata/src with the analyzer's fixes")

// writeGoldens writes each fixed package's files, with the analyzer's
// fixes applied, to their .golden files (the "want" comments are kept).
func writeGoldens(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), Analyzer, fixed...)
	edits := map[string][]analysis.TextEdit{}
	var fset *token.FileSet
	for _, r := range results {
		fset = r.Action.Package.Fset
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					name := fset.File(e.Pos).Name()
					edits[name] = append(edits[name], e)
				}
			}
		}
	}
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out, err := apply(fset, src, es)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := os.WriteFile(name+".golden", out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRulesMatchMigrationDoc holds the tool's table of rules and
// docs/migration.md's table "Every exported name of net/url" to the same
// set of names: a row added to one must be added to the other.
func TestRulesMatchMigrationDoc(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "docs", "migration.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var doc []string
	in := false
	row := regexp.MustCompile("^\\| `([A-Za-z.]+)` \\|")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = strings.Contains(line, "Every exported name of net/url")
			continue
		}
		if m := row.FindStringSubmatch(line); in && m != nil {
			doc = append(doc, m[1])
		}
	}
	if len(doc) == 0 {
		t.Fatal(`docs/migration.md has no table under "Every exported name of net/url"`)
	}
	var tool []string
	for _, r := range rules {
		tool = append(tool, r.Name)
	}
	slices.Sort(doc)
	slices.Sort(tool)
	for _, n := range doc {
		if !slices.Contains(tool, n) {
			t.Errorf("migration.md names net/url's %s; the tool has no rule for it", n)
		}
	}
	for _, n := range tool {
		if !slices.Contains(doc, n) {
			t.Errorf("the tool has a rule for %s; migration.md has no row for it", n)
		}
	}
}

// newRootNames are the root's names that arrive with the neturlapi
// branch; a golden file that uses one is compiled only once the root
// declares it.
var newRootNames = []string{"HostPort", "ParseRequestURI"}

// TestGoldensCompile builds and vets every golden file against this
// repository's root package (through a go.work, with no network), and runs
// the tool on the result: a second run must find nothing to do.
func TestGoldensCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	declared := rootNames(t, root)
	tmp := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(tmp, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/golden\n\ngo 1.26.0\n\nrequire github.com/weburl/url v0.4.0\n")
	write("go.work", "go 1.26.0\n\nuse (\n\t.\n\t"+root+"\n)\n\nreplace github.com/weburl/url v0.4.0 => "+root+"\n")
	want := regexp.MustCompile(" *// want( `[^`]*`)+")
	var pkgs, written []string
	for _, pkg := range fixed {
		goldens, _ := filepath.Glob(filepath.Join("testdata", "src", pkg, "*.golden"))
		var missing []string
		var texts []string
		for _, g := range goldens {
			b, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			text := want.ReplaceAllString(string(b), "")
			for _, n := range newRootNames {
				if strings.Contains(text, "url."+n+"(") && !declared[n] {
					missing = append(missing, n)
				}
			}
			texts = append(texts, text)
		}
		if len(missing) > 0 {
			t.Logf("%s: not compiled: the root does not declare %v yet (branch neturlapi)", pkg, missing)
			continue
		}
		for i, g := range goldens {
			write(filepath.Join(pkg, strings.TrimSuffix(filepath.Base(g), ".golden")), texts[i])
		}
		written = append(written, texts...)
		pkgs = append(pkgs, pkg)
	}
	if len(pkgs) == 0 {
		t.Fatal("no golden package to compile")
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(tmp, "go.work"), "GOPROXY=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of the golden files: %v\n%s", err, out)
	}
	t.Logf("compiled and vetted: %v", pkgs)
	// A second run changes nothing: its only diagnostics are, in each file
	// that keeps values on net/url (imports it as neturl), the one at the
	// import that lists them, with no fix.
	var second errorList
	for _, r := range analysistest.Run(&second, tmp, Analyzer, "./...") {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) != 0 {
				t.Errorf("second run: a fix: %s: %s", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	earlier := regexp.MustCompile(`unexpected diagnostic: weburl-migrate: kept: an earlier run ported this file and left [1-9][0-9]* uses? of net/url in it \(neturl\.\)$`)
	keeping := 0
	for _, text := range written {
		if strings.Contains(text, `neturl "net/url"`) {
			keeping++
		}
	}
	for _, e := range second {
		if !earlier.MatchString(e) {
			t.Errorf("second run: %s", e)
		}
	}
	if len(second) != keeping {
		t.Errorf("second run: %d diagnostics, want one for each of the %d files that keep net/url", len(second), keeping)
	}
}

// errorList collects what analysistest reports, for a run whose
// diagnostics are checked by hand.
type errorList []string

func (l *errorList) Errorf(format string, args ...any) {
	*l = append(*l, fmt.Sprintf(format, args...))
}

// rootNames returns the package-level names the root package declares.
func rootNames(t *testing.T, root string) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	names := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(root, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}
