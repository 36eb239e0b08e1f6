package url

// The recipes of docs/migration.md come from the Examples of
// example_migration_test.go: migrationRecipes writes each Example's doc
// comment and body into the document (TestMigrationDoc checks that the
// file is up to date), so every recipe compiles and go test checks its
// output. TestMigrationRecipes checks the other way round: every Go block
// of the document is an Example's body.

import (
	"bytes"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

const migrationExamplesPath = "example_migration_test.go"

// migrationRecipe is one Example of example_migration_test.go.
type migrationRecipe struct {
	name    string // the Example function's name
	title   string // the first line of its doc comment
	text    string // the rest of its doc comment
	code    string // its body without the Output comment, one tab less
	output  string // its // Output:, without the comment markers
	hasOuts bool
}

// migrationRecipes reads the Examples of example_migration_test.go, in
// the file's order.
func migrationRecipes(t testing.TB) []migrationRecipe {
	t.Helper()
	src, err := os.ReadFile(migrationExamplesPath)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, migrationExamplesPath, src, goparser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var recipes []migrationRecipe
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(fn.Name.Name, "Example") {
			continue
		}
		if fn.Doc == nil {
			t.Fatalf("%s: %s has no doc comment to title its recipe", migrationExamplesPath, fn.Name.Name)
		}
		title, text, _ := strings.Cut(fn.Doc.Text(), "\n")
		r := migrationRecipe{name: fn.Name.Name, title: title, text: strings.TrimSpace(text)}
		body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
		var code, out []string
		inOutput := false
		for _, line := range strings.Split(strings.Trim(body, "\n"), "\n") {
			line = strings.TrimPrefix(line, "\t")
			switch {
			case line == "// Output:":
				inOutput, r.hasOuts = true, true
			case inOutput:
				out = append(out, strings.TrimPrefix(strings.TrimPrefix(line, "//"), " "))
			default:
				code = append(code, line)
			}
		}
		r.code = strings.TrimRight(strings.Join(code, "\n"), "\n")
		r.output = strings.Join(out, "\n")
		if !r.hasOuts || r.output == "" {
			t.Errorf("%s: %s has no // Output:, so go test would not check it", migrationExamplesPath, r.name)
		}
		recipes = append(recipes, r)
	}
	if len(recipes) == 0 {
		t.Fatalf("%s holds no Example", migrationExamplesPath)
	}
	return recipes
}

// writeMigrationRecipes writes the Recipes section of docs/migration.md.
func writeMigrationRecipes(t testing.TB, b *bytes.Buffer) {
	b.WriteString("## Recipes\n\n")
	b.WriteString("Each recipe is the body of an Example in [example_migration_test.go](../example_migration_test.go), with\n")
	b.WriteString("`import url \"github.com/weburl/url\"` (and `neturl \"net/url\"` where net/url still appears): `go test` compiles\n")
	b.WriteString("and runs it and checks the output shown.\n\n")
	for _, r := range migrationRecipes(t) {
		b.WriteString("### " + r.title + "\n\n")
		if r.text != "" {
			b.WriteString(r.text + "\n\n")
		}
		b.WriteString("```go\n" + r.code + "\n```\n\n")
		b.WriteString("Output:\n\n```\n" + r.output + "\n```\n\n")
	}
}

// goBlocks returns the contents of the ```go fenced blocks of a Markdown
// document.
func goBlocks(doc string) []string {
	var blocks []string
	for {
		_, rest, ok := strings.Cut(doc, "```go\n")
		if !ok {
			return blocks
		}
		block, after, ok := strings.Cut(rest, "\n```")
		if !ok {
			return append(blocks, rest)
		}
		blocks = append(blocks, block)
		doc = after
	}
}

// TestMigrationRecipes checks that every Go block of docs/migration.md,
// except the import line, is the body of an Example of
// example_migration_test.go, and that every such Example is in the
// document: the recipes there are code that go test compiles and runs.
func TestMigrationRecipes(t *testing.T) {
	doc, err := os.ReadFile(migrationDocPath)
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]string{}
	for _, r := range migrationRecipes(t) {
		bodies[r.code] = r.name
	}
	shown := map[string]bool{}
	for i, block := range goBlocks(string(doc)) {
		if i == 0 && strings.HasPrefix(block, "import url ") {
			continue
		}
		name, ok := bodies[block]
		if !ok {
			t.Errorf("%s: Go block %d is no Example's body in %s:\n%s", migrationDocPath, i+1, migrationExamplesPath, block)
			continue
		}
		shown[name] = true
	}
	for _, name := range bodies {
		if !shown[name] {
			t.Errorf("%s: the recipe of %s is missing", migrationDocPath, name)
		}
	}
}
