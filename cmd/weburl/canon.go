package main

import (
	"bufio"
	"fmt"
	"io"

	url "github.com/weburl/url"
)

// profiles are the canonicalization profiles canon offers, by the name
// -profile takes.
var profiles = []struct {
	name string
	c    *url.Canonicalizer
}{
	{"crawler", &url.Crawler},
	{"safebrowsing", &url.SafeBrowsing},
}

// runCanon is the canon subcommand: the canonical key of each URL, one
// per line.
func runCanon(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("canon", "weburl canon [-profile crawler|safebrowsing] [URL...]",
		"Prints the canonical key of each URL (or each line of standard input), one per line:\n"+
			"crawler keeps the resource (WHATWG parsing, fragment dropped, unreserved escapes decoded, query sorted);\n"+
			"safebrowsing is Google Safe Browsing's canonicalization.", stderr)
	profile := fs.String("profile", "crawler", "the canonicalization: crawler or safebrowsing")
	if status := parseFlags(fs, args, stdout); status >= 0 {
		return status
	}
	var c *url.Canonicalizer
	for _, p := range profiles {
		if p.name == *profile {
			c = p.c
		}
	}
	if c == nil {
		return usageError(fs, "unknown -profile %q (want crawler or safebrowsing)", *profile)
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	status := 0
	handle := func(input string, line int) {
		key, err := c.Canonicalize(input)
		if err != nil {
			// Nothing on stdout, as parse -field: the error says
			// which input it was.
			status = 1
			fmt.Fprintf(stderr, "weburl: %s: %v\n", where(input, line), err)
			return
		}
		out.WriteString(key)
		out.WriteByte('\n')
	}
	st, err := eachInput(fs.Args(), stdin, out, stderr, handle)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return writeFailed(stderr, err)
	}
	return max(status, st)
}
