// Package doccheck checks the documentation promises every public package
// of the module keeps: each exported name has a runnable example that go
// doc shows, and each doc link to a name of the package resolves. The root
// package's tests run both checks over every package directory that
// [PackageDirs] finds, so a package added to the module is checked without
// a test of its own.
package doccheck

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// skipDirs are the directories of the module that hold no public package
// of the module: commands, internal machinery and test data.
var skipDirs = []string{"cmd", "internal", "testdata", "node_modules"}

// PackageDirs returns the directories under root, root included, that hold
// a public Go package of the module rooted there, as slash-separated paths
// relative to root ("." for root). It skips cmd/, internal/, testdata/,
// hidden directories and directories with a go.mod of their own (bench/,
// browsertest/, beam/: modules of their own).
func PackageDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel != "." {
			name := d.Name()
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || slices.Contains(skipDirs, name) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		files, _, err := parseDir(token.NewFileSet(), p, false)
		if err != nil {
			return err
		}
		if len(files) > 0 {
			dirs = append(dirs, rel)
		}
		return nil
	})
	return dirs, err
}

// parseDir parses the Go files of dir that the default build context
// selects: the package's files, and its test files too when withTests is
// set (returned apart as well).
func parseDir(fset *token.FileSet, dir string, withTests bool) (files, testFiles []*ast.File, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range entries {
		name := e.Name()
		test := strings.HasSuffix(name, "_test.go")
		if e.IsDir() || !strings.HasSuffix(name, ".go") || test && !withTests {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil {
			return nil, nil, err
		} else if !ok {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, nil, err
		}
		if f.Name.Name == "main" || strings.HasSuffix(f.Name.Name, "_test") && !test {
			continue
		}
		files = append(files, f)
		if test {
			testFiles = append(testFiles, f)
		}
	}
	return files, testFiles, nil
}

// docPackage parses dir (with its tests when withTests is set) into the
// documentation of the package importPath, as go doc builds it.
func docPackage(dir, importPath string, withTests bool) (*doc.Package, []*ast.File, error) {
	fset := token.NewFileSet()
	files, testFiles, err := parseDir(fset, dir, withTests)
	if err != nil {
		return nil, nil, err
	}
	pkg, err := doc.NewFromFiles(fset, files, importPath)
	return pkg, testFiles, err
}

// ImportPath returns the import path of the package in dir, a path
// relative to the root of the module named module, as [PackageDirs]
// returns it.
func ImportPath(module, dir string) string {
	if dir == "." {
		return module
	}
	return path.Join(module, dir)
}

// MissingExamples returns what breaks the promise that the package in dir
// documents every exported name with a runnable example, one line each.
// It reads the package and its tests with go/parser and lets go/doc attach
// the examples to names, exactly as the documentation tools do. It reports
//
//   - a package with no plain package-level Example (Example_suffix ones
//     are extra);
//   - every exported function, type, and method of an exported type that
//     has no example: ExampleF, ExampleT, ExampleT_M, each also with a
//     lower-case suffix (ExampleT_M_suffix);
//   - every example that go/doc attaches to nothing, so that the
//     documentation would silently drop it: ExampleT_F for a struct field
//     F (fields take a suffix instead: ExampleT_fieldName), or ExampleV for
//     a variable or constant V;
//   - every exported const or var declaration none of whose names any
//     example uses.
//
// Constants and variables are covered through what uses them: the
// constants of a type belong to its type's example, and an error sentinel
// to the example of a function that returns it. The last rule only checks
// that each declaration group appears in some example at all.
func MissingExamples(dir, importPath string) ([]string, error) {
	pkg, testFiles, err := docPackage(dir, importPath, true)
	if err != nil {
		return nil, err
	}
	var problems []string
	attached := map[string]bool{}
	need := func(name string, examples []*doc.Example) {
		if len(examples) == 0 {
			problems = append(problems, name+" has no example")
		}
		for _, ex := range examples {
			attached["Example"+ex.Name] = true
		}
	}
	if !slices.ContainsFunc(pkg.Examples, func(ex *doc.Example) bool { return ex.Suffix == "" }) {
		problems = append(problems, "package (func Example) has no example")
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

	// Examples go/doc attached to nothing, and the identifiers examples use.
	used := map[string]bool{}
	for _, ex := range doc.Examples(testFiles...) {
		if !attached["Example"+ex.Name] {
			problems = append(problems, "Example"+ex.Name+" is attached to no exported function, type or method: go doc drops it (use a lower-case suffix, as in ExampleT_field)")
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
			problems = append(problems, "no example uses any of "+strings.Join(g.Names, ", "))
		}
	}
	return problems, nil
}

// UnresolvedLinks returns the doc links to a name of the package in dir
// ("[Parse]", "[URL.SearchParams]") that do not resolve, one line each
// naming the documented name: go doc and pkg.go.dev show such a link as
// plain text in brackets, so a renamed or misspelled name would otherwise
// go unnoticed. Links to other packages are not checked.
func UnresolvedLinks(dir, importPath string) ([]string, error) {
	pkg, _, err := docPackage(dir, importPath, false)
	if err != nil {
		return nil, err
	}
	docs := map[string]string{"package": pkg.Doc}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			docs[strings.Join(v.Names, ", ")] = v.Doc
			for _, s := range v.Decl.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && len(vs.Names) > 0 {
					docs[vs.Names[0].Name+" (spec)"] = vs.Doc.Text() + vs.Comment.Text()
				}
			}
		}
	}
	values(pkg.Consts)
	values(pkg.Vars)
	for _, f := range pkg.Funcs {
		docs[f.Name] = f.Doc
	}
	for _, typ := range pkg.Types {
		docs[typ.Name] = typ.Doc
		values(typ.Consts)
		values(typ.Vars)
		for _, f := range typ.Funcs {
			docs[f.Name] = f.Doc
		}
		for _, m := range typ.Methods {
			docs[typ.Name+"."+m.Name] = m.Doc
		}
		for _, s := range typ.Decl.Specs {
			st, ok := s.(*ast.TypeSpec).Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, f := range st.Fields.List {
				if len(f.Names) > 0 {
					docs[typ.Name+"."+f.Names[0].Name] = f.Doc.Text() + f.Comment.Text()
				}
			}
		}
	}

	var problems []string
	p := pkg.Parser()
	for name, text := range docs {
		for _, s := range plainTexts(p.Parse(text)) {
			for _, m := range unresolved.FindAllString(s, -1) {
				problems = append(problems, "doc of "+name+": "+m+" is not a name of this package")
			}
		}
	}
	slices.Sort(problems)
	return problems, nil
}

// unresolved matches what a doc link to a name of the package looks like
// when go/doc/comment left it as plain text.
var unresolved = regexp.MustCompile(`\[[A-Z]\w*(\.[A-Z]\w*)?\]`)

// plainTexts returns the plain text of d's paragraphs, list items and
// headings: where a doc link that did not resolve is left.
func plainTexts(d *comment.Doc) []string {
	var out []string
	var text func([]comment.Text)
	text = func(ts []comment.Text) {
		for _, t := range ts {
			switch t := t.(type) {
			case comment.Plain:
				out = append(out, string(t))
			case comment.Italic:
				out = append(out, string(t))
			case *comment.Link:
				text(t.Text)
			}
		}
	}
	var blocks func([]comment.Block)
	blocks = func(bs []comment.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *comment.Paragraph:
				text(b.Text)
			case *comment.Heading:
				text(b.Text)
			case *comment.List:
				for _, it := range b.Items {
					blocks(it.Content)
				}
			}
		}
	}
	blocks(d.Content)
	return out
}
