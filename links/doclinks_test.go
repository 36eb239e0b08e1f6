package links_test

// A copy of the root package's test of the same name, for this package.

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDocLinks checks that every doc link to a name of this package
// ("[Parse]", "[URL.SearchParams]") in the package's documentation
// resolves: go doc and pkg.go.dev show an unresolved one as plain text in
// brackets, so a renamed or misspelled name would otherwise go unnoticed.
// Links to other packages are not checked.
func TestDocLinks(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(".", name); err != nil {
			t.Fatal(err)
		} else if !ok {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, "github.com/weburl/url/links")
	if err != nil {
		t.Fatal(err)
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

	unresolved := regexp.MustCompile(`\[[A-Z]\w*(\.[A-Z]\w*)?\]`)
	p := pkg.Parser()
	for name, text := range docs {
		for _, s := range plainTexts(p.Parse(text)) {
			for _, m := range unresolved.FindAllString(s, -1) {
				t.Errorf("doc of %s: %s is not a name of this package", name, m)
			}
		}
	}
}

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
