package doccheck

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestChecks runs both checks on a package that keeps every promise and
// on one that breaks each once.
func TestChecks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		check func(dir, importPath string) ([]string, error)
		dir   string
		want  []string
	}{
		{"MissingExamples", MissingExamples, "testdata/good", nil},
		{"MissingExamples", MissingExamples, "testdata/bad", []string{
			"package (func Example) has no example",
			"Undocumented has no example",
			"T.M has no example",
			"ExampleT_F is attached to no exported function, type or method: go doc drops it (use a lower-case suffix, as in ExampleT_field)",
			"no example uses any of Unused",
		}},
		{"UnresolvedLinks", UnresolvedLinks, "testdata/good", nil},
		{"UnresolvedLinks", UnresolvedLinks, "testdata/bad", []string{
			"doc of Documented: [Nowhere] is not a name of this package",
			"doc of package: [Missing] is not a name of this package",
		}},
	} {
		t.Run(tc.name+" "+tc.dir, func(t *testing.T) {
			got, err := tc.check(tc.dir, "doccheck/"+filepath.Base(tc.dir))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s(%q)\n got %q\nwant %q", tc.name, tc.dir, got, tc.want)
			}
		})
	}
}

// TestPackageDirs builds a module tree with one directory of each kind
// PackageDirs must tell apart.
func TestPackageDirs(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module m\n")
	write("root.go", "package m\n")
	write("links/links.go", "package links\n")
	write("links/sub/sub.go", "package sub\n")
	write("onlytests/x_test.go", "package onlytests\n")
	write("docs/readme.md", "")
	write("cmd/tool/main.go", "package main\n")
	write("internal/x/x.go", "package x\n")
	write("testdata/t/t.go", "package t\n")
	write("bench/go.mod", "module m/bench\n")
	write("bench/b.go", "package bench\n")
	write(".hidden/h.go", "package h\n")
	write("mainpkg/main.go", "package main\n")

	got, err := PackageDirs(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{".", "links", "links/sub"}
	if !slices.Equal(got, want) {
		t.Errorf("PackageDirs = %q, want %q", got, want)
	}
}

func TestImportPath(t *testing.T) {
	for _, tc := range []struct{ dir, want string }{
		{".", "github.com/weburl/url"},
		{"links", "github.com/weburl/url/links"},
		{"net/http", "github.com/weburl/url/net/http"},
	} {
		if got := ImportPath("github.com/weburl/url", tc.dir); got != tc.want {
			t.Errorf("ImportPath(%q) = %q, want %q", tc.dir, got, tc.want)
		}
	}
}
