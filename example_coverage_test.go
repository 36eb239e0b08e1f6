package url_test

import (
	"testing"

	"github.com/weburl/url/internal/doccheck"
)

// modulePath is the path of the module whose packages the documentation
// checks walk.
const modulePath = "github.com/weburl/url"

// TestExampleCoverage keeps the promise that every public package of the
// module (the root, and each package beside it that imports it) documents
// every exported name with a runnable example, as go doc and pkg.go.dev
// show it: see [doccheck.MissingExamples] for the rules. It walks the
// module's directories with [doccheck.PackageDirs], so a package added
// later is checked without a test of its own; commands, internal packages,
// test data and the modules of their own (bench/, browsertest/, beam/) are
// left out.
func TestExampleCoverage(t *testing.T) {
	forEachPackage(t, doccheck.MissingExamples)
}

// forEachPackage runs check on every public package directory of the
// module, one subtest per directory, and reports each problem it returns.
func forEachPackage(t *testing.T, check func(dir, importPath string) ([]string, error)) {
	dirs, err := doccheck.PackageDirs(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 || dirs[0] != "." {
		t.Fatalf("PackageDirs(.) = %q: the root package is missing", dirs)
	}
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			problems, err := check(dir, doccheck.ImportPath(modulePath, dir))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range problems {
				t.Error(p)
			}
		})
	}
}
