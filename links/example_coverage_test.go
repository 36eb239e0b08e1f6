package links_test

// A copy of the root package's test of the same name, for this package.

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExampleCoverage keeps the promise that the package documents every
// exported name with a runnable example, as go doc and pkg.go.dev show it.
// It reads the package and its tests with go/parser and lets go/doc attach
// the examples to names, exactly as the documentation tools do. It fails
//
//   - when the package has no plain package-level Example (Example_suffix
//     ones are extra);
//   - for every exported function, type, and method of an exported type
//     that has no example: ExampleF, ExampleT, ExampleT_M, each also with
//     a lower-case suffix (ExampleT_M_suffix);
//   - for every example that go/doc attaches to nothing, so that the
//     documentation would silently drop it: ExampleT_F for a struct
//     field F (fields take a suffix instead: ExampleT_fieldName), or
//     ExampleV for a variable or constant V;
//   - for every exported const or var declaration none of whose names any
//     example uses.
//
// Constants and variables are covered through what uses them: the
// constants of a type (ErrorKind, HostKind, EncodeSet, ...) belong to its
// type's example, and an error sentinel (ErrTooLong, ErrOpaquePath, ...)
// to the example of a function that returns it, which shows errors.Is
// with it. The last rule only checks that each declaration group appears
// in some example at all.
func TestExampleCoverage(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files, testFiles []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		if ok, err := build.Default.MatchFile(".", name); err != nil {
			t.Fatal(err)
		} else if !ok {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(".", name), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		if strings.HasSuffix(name, "_test.go") {
			testFiles = append(testFiles, f)
		}
	}
	pkg, err := doc.NewFromFiles(fset, files, "github.com/weburl/url/links")
	if err != nil {
		t.Fatal(err)
	}

	var missing []string
	attached := map[string]bool{}
	need := func(name string, examples []*doc.Example) {
		if len(examples) == 0 {
			missing = append(missing, name)
		}
		for _, ex := range examples {
			attached["Example"+ex.Name] = true
		}
	}
	if !slices.ContainsFunc(pkg.Examples, func(ex *doc.Example) bool { return ex.Suffix == "" }) {
		missing = append(missing, "package (func Example)")
	}
	for _, ex := range pkg.Examples {
		attached["Example"+ex.Name] = true
	}
	for _, f := range pkg.Funcs {
		need(f.Name, f.Examples)
	}
	for _, typ := range pkg.Types {
		need(typ.Name, typ.Examples)
		for _, f := range typ.Funcs {
			need(f.Name, f.Examples)
		}
		for _, m := range typ.Methods {
			need(typ.Name+"."+m.Name, m.Examples)
		}
	}
	for _, name := range missing {
		t.Errorf("%s has no example", name)
	}

	// Examples go/doc attached to nothing, and the identifiers examples use.
	used := map[string]bool{}
	for _, ex := range doc.Examples(testFiles...) {
		if !attached["Example"+ex.Name] {
			t.Errorf("Example%s is attached to no exported function, type or method: go doc drops it (use a lower-case suffix, as in ExampleT_field)", ex.Name)
		}
		ast.Inspect(ex.Code, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}

	var groups []*doc.Value
	groups = append(groups, pkg.Consts...)
	groups = append(groups, pkg.Vars...)
	for _, typ := range pkg.Types {
		groups = append(groups, typ.Consts...)
		groups = append(groups, typ.Vars...)
	}
	for _, g := range groups {
		if !slices.ContainsFunc(g.Names, func(n string) bool { return used[n] }) {
			t.Errorf("no example uses any of %s", strings.Join(g.Names, ", "))
		}
	}
}
