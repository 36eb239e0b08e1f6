// Command weburl-migrate ports a Go program from net/url to
// github.com/weburl/url. Run it in the module to port:
//
//	weburl-migrate ./...             # list what it would do and what it refuses
//	weburl-migrate -fix -diff ./...  # print the changes instead
//	weburl-migrate -fix ./...        # rewrite the files
//
// It writes a package's rewritten files only when every package of the
// module type-checks with them, for linux, windows and darwin and for
// each build tag the module's files name; everything else is left on
// net/url and reported. Exit status: 0 when everything was ported (or
// there was nothing to do), 3 when something was left on net/url, 1 when
// the tool failed, 2 for bad flags. See docs/migrate-tool.md.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/weburl/url/migrate"
)

func main() {
	fs := flag.NewFlagSet("weburl-migrate", flag.ContinueOnError)
	fix := fs.Bool("fix", false, "write the rewritten files")
	diff := fs.Bool("diff", false, "with -fix, print the changes as a unified diff instead of writing them")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: weburl-migrate [-fix [-diff]] [packages]\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(migrate.ExitUsage)
	}
	os.Exit(migrate.Main(migrate.Options{
		Patterns: fs.Args(),
		Fix:      *fix && !*diff,
		Diff:     *diff,
		Out:      os.Stdout,
	}))
}
