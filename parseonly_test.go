package url_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The weight of a program that only parses: the layout's promise (see
// the README's "Layout") that such a program links the URL Standard and
// nothing of the packages beside it. TestParseOnlyProgram builds it.

// parseOnlyPrograms are the two programs compared: weburl's Parse and
// Href, and net/url's Parse and String, doing the same work.
var parseOnlyPrograms = map[string]string{
	"weburl": parseProgram(`"github.com/weburl/url"`, "u.Href()"),
	"neturl": parseProgram(`"net/url"`, "u.String()"),
}

// parseProgram returns a program that parses its argument with the
// package imported as url and prints show, or the parse error.
func parseProgram(importPath, show string) string {
	return `package main

import (
	"fmt"
	"os"

	` + importPath + `
)

func main() {
	u, err := url.Parse(os.Args[1])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(` + show + `)
}
`
}

// serverProgram returns a net/http server that answers each request with
// what requestURL (an expression of r) and its error give, importing
// imports.
func serverProgram(imports, requestURL string) string {
	return `package main

import (
	"fmt"
	"net/http"
	` + imports + `
)

func main() {
	http.ListenAndServe(":8080", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := ` + requestURL + `
		fmt.Fprintln(w, u, err)
	}))
}
`
}

// mainProgram returns a program that imports imports and prints what
// expr gives.
func mainProgram(imports, expr string) string {
	return `package main

import (
	"fmt"
	"os"

	` + imports + `
)

func main() {
	fmt.Println(` + expr + `)
}
`
}

// parseOnlyAbsent are the packages a Parse-only program must not link:
// the network and TLS stacks, the HTML tokenizer, and the encodings whose
// tables only a label lookup or a caller's choice should bring in (with
// the two packages that used to pull them in), and database/sql/driver,
// which under Go 1.27 brings crypto/rand.
var parseOnlyAbsent = []string{
	"net/http",
	"net/http/cookiejar",
	"crypto/tls",
	"database/sql/driver",
	"golang.org/x/net/html",
	"golang.org/x/net/publicsuffix",
	"golang.org/x/text/encoding/htmlindex",
	"golang.org/x/text/encoding/japanese",
	"golang.org/x/text/encoding/korean",
	"golang.org/x/text/encoding/simplifiedchinese",
	"golang.org/x/text/encoding/traditionalchinese",
}

// maxParseOnlyRatio bounds the stripped binary of the weburl program by
// net/url's.
const maxParseOnlyRatio = 1.5

// TestParseOnlyProgram builds a program that calls only Parse and Href,
// and net/url's equivalent, in a module that requires this one through a
// replace directive, and checks that the weburl program's stripped binary
// (-ldflags="-s -w") is at most 1.5 times net/url's, that none of
// parseOnlyAbsent is among its `go list -deps`, and that its symbol table
// (`go tool nm`) holds no symbol of them. It takes some seconds: -short
// skips it.
func TestParseOnlyProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs; skipped with -short")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeParseOnlyModule(t, root, dir)

	type build struct{ size, stripped int64 }
	builds := map[string]build{}
	for name := range parseOnlyPrograms {
		plain := filepath.Join(dir, name+".bin")
		stripped := filepath.Join(dir, name+".stripped")
		goCmd(t, dir, "build", "-o", plain, "./"+name)
		goCmd(t, dir, "build", "-ldflags=-s -w", "-o", stripped, "./"+name)
		builds[name] = build{fileSize(t, plain), fileSize(t, stripped)}
		deps := strings.Fields(goCmd(t, dir, "list", "-deps", "./"+name))
		t.Logf("%s: %d bytes, %d stripped, %d packages", name, builds[name].size, builds[name].stripped, len(deps))
		if name != "weburl" {
			continue
		}
		for _, p := range parseOnlyAbsent {
			for _, d := range deps {
				if d == p {
					t.Errorf("the Parse-only program imports %s", p)
				}
			}
		}
		syms := goCmd(t, dir, "tool", "nm", plain)
		for _, line := range strings.Split(syms, "\n") {
			f := strings.Fields(line)
			if len(f) < 3 {
				continue
			}
			sym := f[len(f)-1]
			for _, p := range parseOnlyAbsent {
				if strings.HasPrefix(sym, p+".") || strings.Contains(sym, "*"+p+".") || strings.Contains(sym, ":"+p+".") {
					t.Errorf("the Parse-only binary holds %s", sym)
					break
				}
			}
		}
	}
	ratio := float64(builds["weburl"].stripped) / float64(builds["neturl"].stripped)
	t.Logf("stripped weburl / net/url = %.2f", ratio)
	if ratio > maxParseOnlyRatio {
		t.Errorf("the Parse-only program is %.2f times net/url's, stripped (%d / %d bytes); at most %.1f", ratio, builds["weburl"].stripped, builds["neturl"].stripped, maxParseOnlyRatio)
	}
}

// TestRootImports checks the layout's rule that the root package imports
// no other package of the module but internal ones.
func TestRootImports(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list; skipped with -short")
	}
	for _, p := range strings.Fields(goCmd(t, ".", "list", "-deps", ".")) {
		if strings.HasPrefix(p, modulePath+"/") && !strings.HasPrefix(p, modulePath+"/internal/") {
			t.Errorf("the root package imports %s", p)
		}
	}
}

// writeParseOnlyModule writes the programs of parseOnlyPrograms in a
// module in dir (see writeProgramsModule).
func writeParseOnlyModule(t *testing.T, root, dir string) {
	writeProgramsModule(t, root, dir, parseOnlyPrograms)
}

// writeProgramsModule writes, in dir, a module holding programs (a
// directory name and its main.go each) that requires this module (at
// root) through a replace directive, with this module's requirements and
// go.sum.
func writeProgramsModule(t *testing.T, root, dir string, programs map[string]string) {
	t.Helper()
	var mod struct {
		Go      string
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal([]byte(goCmd(t, root, "mod", "edit", "-json")), &mod); err != nil {
		t.Fatal(err)
	}
	var gomod strings.Builder
	gomod.WriteString("module parseonly\n\ngo " + mod.Go + "\n\nrequire (\n\t" + modulePath + " v0.0.0\n")
	for _, r := range mod.Require {
		gomod.WriteString("\t" + r.Path + " " + r.Version + "\n")
	}
	gomod.WriteString(")\n\nreplace " + modulePath + " => " + root + "\n")
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"go.mod": []byte(gomod.String()), "go.sum": sum}
	for name, src := range programs {
		files[filepath.Join(name, "main.go")] = []byte(src)
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goCmd runs the go command in dir and returns its output.
func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return string(out)
}

func fileSize(t *testing.T, name string) int64 {
	t.Helper()
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

var layoutCosts = flag.Bool("layout-costs", false, "TestLayoutCosts: build a program per package of the module and print their sizes")

// layoutPrograms are programs that each use one feature beside Parse, for
// the README's table of what each costs: `go test -run TestLayoutCosts
// -layout-costs -v .` prints it.
var layoutPrograms = map[string]string{
	"Display":              parseProgram(`"github.com/weburl/url"`, "u.Display(url.DisplayOptions{})"),
	"Crawler.Canonicalize": mainProgram(`"github.com/weburl/url"`, "url.Crawler.Canonicalize(os.Args[1])"),
	"charset.Lookup + SerializeFormEncoding": mainProgram(`"github.com/weburl/url"
	"github.com/weburl/url/charset"
	"golang.org/x/text/encoding"`, "serialize(charset.Lookup(os.Args[2]))") + `
func serialize(enc encoding.Encoding, err error) string {
	if err != nil {
		return err.Error()
	}
	return url.SerializeFormEncoding(url.ParseForm(os.Args[1]), enc)
}
`,
	"japanese.ShiftJIS + SerializeFormEncoding": mainProgram(`"github.com/weburl/url"
	"golang.org/x/text/encoding/japanese"`, "url.SerializeFormEncoding(url.ParseForm(os.Args[1]), japanese.ShiftJIS)"),
	"urlnet.RequestURL in a net/http server": serverProgram(`"github.com/weburl/url/urlnet"`, "urlnet.RequestURL(r)"),
	"net/url in a net/http server":           serverProgram(`"net/url"`, `url.Parse("http://" + r.Host + r.RequestURI)`),
	"ecmascript.EncodeURIComponent":          mainProgram(`"github.com/weburl/url/ecmascript"`, "ecmascript.EncodeURIComponent(os.Args[1])"),
	"links.ExtractLinks":                     mainProgram(`"github.com/weburl/url/links"`, `links.ExtractLinks(os.Stdin, "https://example.com/")`),
}

// TestLayoutCosts prints, as a Markdown table, the size (plain and
// stripped) and package count of the Parse-only programs and of each of
// layoutPrograms. It runs only with -layout-costs.
func TestLayoutCosts(t *testing.T) {
	if !*layoutCosts {
		t.Skip("run with -layout-costs")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	programs := map[string]string{}
	names := map[string]string{} // directory -> row name
	var rows []string
	for name, src := range parseOnlyPrograms {
		programs[name], names[name] = src, name+" (Parse only)"
		rows = append(rows, name)
	}
	i := 0
	for name, src := range layoutPrograms {
		d := fmt.Sprintf("p%d", i)
		i++
		programs[d], names[d] = src, name
		rows = append(rows, d)
	}
	slices.SortFunc(rows, func(a, b string) int { return strings.Compare(names[a], names[b]) })
	writeProgramsModule(t, root, dir, programs)
	var table strings.Builder
	table.WriteString("| program | binary | stripped | packages |\n| --- | ---: | ---: | ---: |\n")
	for _, d := range rows {
		plain := filepath.Join(dir, d+".bin")
		stripped := filepath.Join(dir, d+".stripped")
		goCmd(t, dir, "build", "-o", plain, "./"+d)
		goCmd(t, dir, "build", "-ldflags=-s -w", "-o", stripped, "./"+d)
		deps := strings.Fields(goCmd(t, dir, "list", "-deps", "./"+d))
		fmt.Fprintf(&table, "| %s | %d | %d | %d |\n", names[d], fileSize(t, plain), fileSize(t, stripped), len(deps))
	}
	t.Log("\n" + table.String())
}
