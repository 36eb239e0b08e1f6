// Command weburl-migrate ports a Go program from net/url to
// github.com/weburl/url. Run it in the module to port, as Go's own fixers
// are run:
//
//	weburl-migrate -fix ./...        # rewrite the files
//	weburl-migrate -fix -diff ./...  # print the changes instead
//	weburl-migrate ./...             # list what it would do and what it refuses
//
// A package is rewritten only when every use of net/url in it keeps its
// meaning; otherwise each site that does not is reported with its reason
// and the package is left as it was. See docs/migrate-tool.md.
package main

import (
	"github.com/weburl/url/migrate"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() { singlechecker.Main(migrate.Analyzer) }
