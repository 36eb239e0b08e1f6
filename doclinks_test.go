package url_test

import (
	"testing"

	"github.com/weburl/url/internal/doccheck"
)

// TestDocLinks checks that every doc link to a name of its own package
// ("[Parse]", "[URL.SearchParams]") in the documentation of every public
// package of the module resolves: go doc and pkg.go.dev show an unresolved
// one as plain text in brackets, so a renamed or misspelled name would
// otherwise go unnoticed. See [doccheck.UnresolvedLinks]; links to other
// packages are not checked.
func TestDocLinks(t *testing.T) {
	forEachPackage(t, doccheck.UnresolvedLinks)
}
