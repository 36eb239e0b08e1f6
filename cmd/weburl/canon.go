package main

import (
	"bufio"
	"encoding/json"
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

// canonResult is what canon -json prints for one input.
type canonResult struct {
	Input     string `json:"input"`
	Canonical string `json:"canonical,omitempty"`
	Error     string `json:"error,omitempty"`
}

// runCanon is the canon subcommand: the canonical key of each URL, one
// per line.
func runCanon(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("canon", "weburl canon [-profile crawler|safebrowsing] [-json] [-rows] [URL...]",
		"Prints the canonical key of each URL (or each line of standard input), one per line:\n"+
			"crawler keeps the resource (WHATWG parsing, fragment dropped, unreserved escapes decoded, query sorted);\n"+
			"safebrowsing is Google Safe Browsing's canonicalization.", stderr)
	profile := fs.String("profile", "crawler", "the canonicalization: crawler or safebrowsing")
	asJSON := fs.Bool("json", false, `print one JSON object per URL: {"input": ..., "canonical": ...} or {"input": ..., "error": ...}`)
	rows := fs.Bool("rows", false, "exactly one output line per input line, blank lines and failures included\n(KEY<TAB>ERROR, the key empty and the error set when the input fails; with -json, one object per line)")
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
	row := func(input, key string, err error) {
		switch {
		case *asJSON:
			r := canonResult{Input: input, Canonical: key}
			if err != nil {
				r.Error = err.Error()
			}
			b, _ := json.Marshal(r)
			out.Write(append(b, '\n'))
		case *rows && err != nil:
			writeRowError(out, err)
		case err == nil:
			out.WriteString(key)
			if *rows {
				out.WriteByte('\t')
			}
			out.WriteByte('\n')
		}
	}
	handle := func(input string, line int) {
		key, err := c.Canonicalize(input)
		if err != nil {
			// Without -rows or -json, nothing on stdout, as parse
			// -field: the error says which input it was.
			status = 1
			fmt.Fprintf(stderr, "weburl: %s: %v\n", where(input, line), err)
		}
		row(input, key, err)
	}
	var rowFailed func(error)
	if *rows {
		rowFailed = func(err error) { row("", "", err) }
	}
	st, err := eachInput(fs.Args(), stdin, out, stderr, handle, rowFailed)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return writeFailed(stderr, err)
	}
	return max(status, st)
}
