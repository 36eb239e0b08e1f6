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
// by name, with the byte offset where each was found. The exit status is
// 1 if any input fails to parse (the reason goes to standard error), 2 for
// bad usage.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

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
	Error            string            `json:"error,omitempty"`
}

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
	var bases []string
	if *base != "" {
		if _, err := url.Parse(*base); err != nil {
			fmt.Fprintf(stderr, "weburl: invalid -base: %v\n", err)
			return 2
		}
		bases = []string{*base}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	first := true
	handle := func(input string) {
		u, verrs, err := url.Validate(input, bases...)
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
		if *verbose {
			for _, e := range verrs {
				r.ValidationErrors = append(r.ValidationErrors, validationError{e.Kind.String(), e.Offset, e.Fatal})
			}
		}
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
		}
	}
	if fs.NArg() > 0 {
		for _, input := range fs.Args() {
			handle(input)
		}
		return status
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		handle(sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "weburl: reading standard input: %v\n", err)
		return 2
	}
	return status
}
