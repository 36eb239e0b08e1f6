// Command genwarc writes a WARC file of generated pages for measuring
// linkgraph (docs/beam.md):
//
//	go run ./internal/cmd/genwarc -pages 200000 -links 2 -o /tmp/400k-2.warc.gz
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/weburl/url/beam/internal/genwarc"
)

func main() {
	var o genwarc.Options
	flag.IntVar(&o.Pages, "pages", 1000, "number of pages")
	flag.IntVar(&o.LinksPerPage, "links", 20, "links per page")
	flag.IntVar(&o.Hosts, "hosts", 0, "number of hosts (0: pages/20, at least 10)")
	flag.Uint64Var(&o.Seed, "seed", 1, "seed of the random links")
	out := flag.String("o", "", "file to write (.warc.gz)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "genwarc: -o is required")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err == nil {
		bw := bufio.NewWriterSize(f, 1<<20)
		err = genwarc.Write(bw, o)
		if err == nil {
			err = bw.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genwarc:", err)
		os.Exit(1)
	}
}
