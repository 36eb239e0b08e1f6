package url_test

import (
	"go/ast"
	"go/build"
	goparser "go/parser"
	"go/token"
	neturl "net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/weburl/url/net/url"
)

// api pairs every exported name of this package with net/url's: a
// function with net/url's function, a type with net/url's type.
var api = map[string][2]any{
	"JoinPath":         {url.JoinPath, neturl.JoinPath},
	"Parse":            {url.Parse, neturl.Parse},
	"ParseQuery":       {url.ParseQuery, neturl.ParseQuery},
	"ParseRequestURI":  {url.ParseRequestURI, neturl.ParseRequestURI},
	"PathEscape":       {url.PathEscape, neturl.PathEscape},
	"PathUnescape":     {url.PathUnescape, neturl.PathUnescape},
	"QueryEscape":      {url.QueryEscape, neturl.QueryEscape},
	"QueryUnescape":    {url.QueryUnescape, neturl.QueryUnescape},
	"User":             {url.User, neturl.User},
	"UserPassword":     {url.UserPassword, neturl.UserPassword},
	"Error":            {reflect.TypeFor[url.Error](), reflect.TypeFor[neturl.Error]()},
	"EscapeError":      {reflect.TypeFor[url.EscapeError](), reflect.TypeFor[neturl.EscapeError]()},
	"InvalidHostError": {reflect.TypeFor[url.InvalidHostError](), reflect.TypeFor[neturl.InvalidHostError]()},
	"URL":              {reflect.TypeFor[url.URL](), reflect.TypeFor[neturl.URL]()},
	"Userinfo":         {reflect.TypeFor[url.Userinfo](), reflect.TypeFor[neturl.Userinfo]()},
	"Values":           {reflect.TypeFor[url.Values](), reflect.TypeFor[neturl.Values]()},
}

// additions are this package's exported names that net/url lacks.
var additions = []string{"Resolve"}

// TestAPI holds the promise of the import swap: every exported name of
// the running Go's net/url (read from its source, so CI checks Go 1.26's
// and Go 1.27's) is declared here, a function with the identical type,
// a type as the same type (an alias); and every exported name declared
// here is net/url's or one of [additions].
func TestAPI(t *testing.T) {
	std := exportedNames(t, "net/url")
	for _, name := range std {
		t.Run(name, func(t *testing.T) {
			pair, ok := api[name]
			if !ok {
				t.Fatalf("net/url's %s has no counterpart in the api table", name)
			}
			got, want := pair[0], pair[1]
			if _, isType := got.(reflect.Type); !isType {
				got, want = reflect.TypeOf(got), reflect.TypeOf(want)
			}
			if got != want {
				t.Errorf("%s is a %v, net/url's a %v", name, got, want)
			}
		})
	}
	ours := exportedNamesIn(t, ".")
	for _, name := range ours {
		if _, ok := api[name]; !ok && !slices.Contains(additions, name) {
			t.Errorf("%s is declared here but is neither net/url's nor one of the additions", name)
		}
	}
	if len(api) != len(std) {
		t.Errorf("the api table has %d names, net/url %d", len(api), len(std))
	}
}

// exportedNames returns the exported package-level functions and types
// of the standard package path, from its source files.
func exportedNames(t *testing.T, path string) []string {
	t.Helper()
	pkg, err := build.Default.Import(path, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	return exportedNamesIn(t, pkg.Dir)
}

// exportedNamesIn returns the exported package-level functions and types
// declared in the non-test Go files of dir.
func exportedNamesIn(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.IsExported() {
						names = append(names, ts.Name.Name)
					}
				}
			}
		}
	}
	sort.Strings(names)
	return names
}
