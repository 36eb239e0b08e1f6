// Command weburl parses, resolves and validates URLs as web browsers do
// (the WHATWG URL Standard), and prints their components.
//
// Usage:
//
//	weburl [-base URL] [-json] [-v] [URL...]
//
// With no URL arguments it reads one URL per line from standard input,
// which suits link lists: `weburl -base https://example.com/dir/ < links.txt`.
//
// For each URL it prints href, origin, protocol, username, password,
// host, hostname, port, pathname, search and hash; with -json, one JSON
// object per line instead. -v adds the URL Standard's validation errors,
// by name, with the byte offset where each was found: the first 100 of
// them, and how many more there were (the URL Standard's validation is
// done only with -v).
//
// Standard input may start with a UTF-8 byte-order mark, which is
// skipped; blank lines are skipped; a line longer than 16 MiB is reported
// as an error and skipped, and the lines after it are read as usual.
//
// The exit status is 1 if any input fails to parse or is too long (the
// reason goes to standard error) or if the output cannot be written (a
// closed pipe, a full disk), 2 for bad usage or a failure to read standard
// input.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	url "github.com/weburl/url"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// result is what the command prints for one input.
type result struct {
	Input            string            `json:"input"`
	Href             string            `json:"href"`
	Origin           string            `json:"origin"`
	Protocol         string            `json:"protocol"`
	Username         string            `json:"username"`
	Password         string            `json:"password"`
	Host             string            `json:"host"`
	Hostname         string            `json:"hostname"`
	Port             string            `json:"port"`
	Pathname         string            `json:"pathname"`
	Search           string            `json:"search"`
	Hash             string            `json:"hash"`
	ValidationErrors []validationError `json:"validationErrors,omitempty"`
	// MoreValidationErrors counts the validation errors found beyond
	// the first maxValidationErrors, which alone are listed.
	MoreValidationErrors int    `json:"moreValidationErrors,omitempty"`
	Error                string `json:"error,omitempty"`
}

// maxLine is the longest line of standard input the command parses; a
// longer one is reported and skipped.
const maxLine = 16 << 20

// maxValidationErrors is how many validation errors -v lists for one
// input; the rest are counted.
const maxValidationErrors = url.MaxValidationErrors

type validationError struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Fatal  bool   `json:"fatal,omitempty"`
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("weburl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	base := fs.String("base", "", "resolve each URL against this base URL")
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	verbose := fs.Bool("v", false, "also print the validation errors of each URL")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: weburl [-base URL] [-json] [-v] [URL...]")
		fmt.Fprintln(stderr, "Parses each URL (or each line of standard input) as browsers do and prints its components.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	var baseURL *url.URL
	if *base != "" {
		var err error
		if baseURL, err = url.Parse(*base); err != nil {
			fmt.Fprintf(stderr, "weburl: invalid -base: %v\n", err)
			return 2
		}
	}
	out := bufio.NewWriter(stdout)
	status := 0
	first := true
	handle := func(input string) {
		var (
			u   *url.URL
			err error
			log = url.ValidationLog{Max: maxValidationErrors}
		)
		if *verbose {
			p := url.Parser{OnValidationError: log.Add}
			u, err = p.ParseRef(baseURL, input)
		} else {
			// No validation: the parser then does no work to find
			// validation errors, and keeps nothing for them.
			var p url.Parser
			u, err = p.ParseRef(baseURL, input)
		}
		r := result{Input: input}
		if err != nil {
			status = 1
			r.Error = err.Error()
			fmt.Fprintf(stderr, "weburl: %v\n", err)
		} else {
			r.Href, r.Origin, r.Protocol = u.Href(), u.Origin(), u.Protocol()
			r.Username, r.Password, r.Host = u.Username(), u.Password(), u.Host()
			r.Hostname, r.Port, r.Pathname = u.Hostname(), u.Port(), u.Pathname()
			r.Search, r.Hash = u.Search(), u.Hash()
		}
		for _, e := range log.Errors {
			r.ValidationErrors = append(r.ValidationErrors, validationError{e.Kind.String(), e.Offset, e.Fatal})
		}
		r.MoreValidationErrors = log.Total - len(log.Errors)
		if *asJSON {
			b, _ := json.Marshal(r)
			out.Write(append(b, '\n'))
			return
		}
		if err != nil && !*verbose {
			return
		}
		if !first {
			out.WriteByte('\n')
		}
		first = false
		if err == nil {
			for _, f := range [...]struct{ name, value string }{
				{"href", r.Href}, {"origin", r.Origin}, {"protocol", r.Protocol},
				{"username", r.Username}, {"password", r.Password}, {"host", r.Host},
				{"hostname", r.Hostname}, {"port", r.Port}, {"pathname", r.Pathname},
				{"search", r.Search}, {"hash", r.Hash},
			} {
				fmt.Fprintf(out, "%-9s %s\n", f.name+":", f.value)
			}
		} else {
			fmt.Fprintf(out, "%-9s %q\n", "input:", input)
		}
		if *verbose {
			if len(r.ValidationErrors) == 0 {
				fmt.Fprintf(out, "%-9s none\n", "errors:")
			}
			for _, e := range r.ValidationErrors {
				fatal := ""
				if e.Fatal {
					fatal = " (fatal)"
				}
				fmt.Fprintf(out, "%-9s %s at offset %d%s\n", "error:", e.Name, e.Offset, fatal)
			}
			if r.MoreValidationErrors > 0 {
				fmt.Fprintf(out, "%-9s %d more not shown\n", "errors:", r.MoreValidationErrors)
			}
		}
	}
	// writeFailed reports a failure to write the output, which ends the
	// run: a closed pipe or a full disk must not pass for success.
	writeFailed := func(err error) int {
		fmt.Fprintf(stderr, "weburl: writing standard output: %v\n", err)
		return 1
	}
	if fs.NArg() > 0 {
		for _, input := range fs.Args() {
			handle(input)
			if _, err := out.Write(nil); err != nil {
				return writeFailed(err)
			}
		}
		if err := out.Flush(); err != nil {
			return writeFailed(err)
		}
		return status
	}
	lines := newLineReader(stdin)
	for {
		line, err := lines.next()
		if err == errLineTooLong {
			status = 1
			fmt.Fprintf(stderr, "weburl: line %d: %v (%d bytes), skipped\n", lines.n, err, lines.skipped)
			continue
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "weburl: reading standard input: %v\n", err)
			return 2
		}
		if lines.n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if strings.Trim(line, " \t\r\n\f\v") == "" {
			continue
		}
		handle(line)
		// bufio.Writer's error is sticky: once a write has failed,
		// stop reading.
		if _, err := out.Write(nil); err != nil {
			return writeFailed(err)
		}
	}
	if err := out.Flush(); err != nil {
		return writeFailed(err)
	}
	return status
}
