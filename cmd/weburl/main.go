// Command weburl prints and edits URLs as web browsers read them (the
// WHATWG URL Standard), with the options of curl's trurl; it also parses
// and validates URLs, and extracts the links of HTML pages.
//
// Usage:
//
//	weburl [trurl's options] URL...   (print and edit URLs; weburl -h lists the options)
//	weburl parse [-base URL] [-json] [-v] [-field NAME] [-rows] [URL...]
//	weburl links [-base URL] [-json] [-v] FILE|URL|-...
//	weburl canon [-profile crawler|safebrowsing] [-json] [-rows] [URL...]
//	weburl match [-base URL] [-input-base URL] [-i] [-json] PATTERN [URL...]
//	weburl serve [-addr HOST:PORT]
//	weburl SUBCOMMAND -h              (the usage of a subcommand)
//
// # Editing (trurl's options)
//
// A first argument that is not a subcommand's name starts the editing
// mode: trurl's options (--set, --append, --replace, --qtrim,
// --sort-query, --get '{template}', --iterate, --url-file, --redirect,
// --json, ...) with trurl's names and meanings, and URLs, in any order;
// the URL Standard's parser and setters give the answers. weburl URL
// prints the URL's href. docs/cli.md is the reference: each option, the
// component names (trurl's and the URL Standard's), the exit codes
// (trurl's), and where the answer differs from trurl's because the URL
// Standard differs from RFC 3986.
//
// # parse
//
// With no URL arguments, parse reads one URL per line from standard
// input, which suits link lists: `weburl parse -base https://example.com/dir/ < links.txt`.
//
// For each URL it prints href, origin, protocol, username, password,
// host, hostname, port, pathname, search and hash, and for a data: URL
// what the Fetch Standard's data: URL processor finds in it (package
// dataurl): mimeType and bodySize (the decoded body's length in bytes;
// the body is measured, not held), or dataURL: and why it fails; with
// -json, one JSON object per line instead (the data: URL's under
// "dataURL"); with -field NAME, only that component, one
// value per line, for pipes (`weburl parse -field hostname < links.txt | sort -u`;
// an input that fails to parse prints nothing there, only its error on
// standard error). -v adds the URL Standard's validation errors, by
// name, with the byte offset where each was found, as "validation error:
// NAME at offset N" (and the one that made the parser fail, if it did,
// as "error: NAME at offset N"): the first 100 of them, and how many more
// there were (the URL Standard's validation is done only with -v; with
// -field they go to standard error).
//
// Standard input may start with a UTF-8 byte-order mark, which is
// skipped; blank lines are skipped; a line longer than 16 MiB is reported
// as an error and skipped, and the lines after it are read as usual.
//
// # Row-aligned output (-rows)
//
// With -rows, parse -field, parse -json and canon print exactly one line
// for each input line, so that output line N belongs to input line N
// (paste, Hadoop or Spark streaming, database loaders): nothing is
// skipped, blank lines included (a blank line is parsed as the empty
// string: against -base it is the base itself, without one it fails).
// parse -field and canon then print two tab-separated columns,
// VALUE<TAB>ERROR: the value and an empty error, or an empty value and
// the error's message when the input fails (a line too long to read
// included). The message holds no tab or line break: it quotes the
// input. With -json, each line is one JSON object, whose "error" member
// is set when the input fails. The exit status is still 1 when any input
// failed.
//
// # canon
//
// canon prints the canonical key of each URL, one per line: -profile
// crawler (the default) keeps the resource (WHATWG parsing, fragment
// dropped, unreserved escapes decoded, query sorted), safebrowsing is
// Google Safe Browsing's canonicalization. An input that fails prints
// nothing on standard output (its error goes to standard error) unless
// -rows or -json is given; -json prints {"input": ..., "canonical": ...}
// or {"input": ..., "error": ...} for each input.
//
// # links
//
// links prints the links of each HTML page, resolved as a browser
// resolves them (the page's first <base href> applies, a srcset gives
// one link per image candidate), one per line:
//
//	FILE:LINE:COL<TAB>HREF
//
// LINE and COL (in bytes, from 1) are where the link's URL starts in
// the file. A link that fails to parse is printed on the same stream as
// FILE:LINE:COL<TAB>error: REASON. -v adds each link's validation errors
// as FILE:LINE:COL<TAB>validation error: NAME, at the position of each
// error. -json prints one JSON object per link instead.
//
// A FILE's document URL, which its relative links resolve against, is
// the file: URL of its absolute path; "-" reads standard input, and then
// -base is required. An http: or https: URL argument is fetched (a
// redirect is followed; the document URL is the one finally fetched).
// -base URL sets the document URL of every page.
//
// # match
//
// match prints each URL that matches the URL pattern PATTERN (the URL
// Pattern Standard, as browsers' URLPattern: package
// github.com/weburl/url/urlpattern), one per line, as grep prints the
// lines that match: `weburl match 'https://docs.example.org/en/*' <
// links.txt` keeps a crawl in scope. -base gives the base URL of a
// relative PATTERN, -input-base the one the input URLs are resolved
// against, -i matches the pathname, search and hash without regard to
// case. With -json it prints one JSON object per input, in input order:
// {"input": URL, "match": true|false, "result": ...}, where result is
// JavaScript's exec() result (each component's input and groups, an
// unmatched optional group as null), or null. A line that is not a URL
// does not match. The exit status is grep's: 0 when any URL matched, 1
// when none did, 2 for a bad pattern, bad usage, or a failure to read
// or write.
//
// # serve
//
// serve serves the URL viewer, by default on http://127.0.0.1:8080/: a
// page (embedded in the binary, no network needed) that shows, as you
// type a URL and an optional base, weburl's reading, the reading of the
// browser showing the page (its own new URL()) and Go's net/url's, side
// by side, with the cells that differ from weburl's marked, the URL
// Standard's validation errors listed by name (linked to the standard)
// and marked at their places in the input, and the search params. The
// page's address is a permalink: ?url=INPUT&base=BASE.
//
// The page asks GET /api/parse?url=INPUT&base=BASE, which answers in
// JSON. Inputs are bounded (8 KiB each); every answer carries a strict
// Content-Security-Policy; bound to a loopback address (the default),
// serve answers only requests whose Host is localhost or a loopback
// address, which defeats DNS rebinding. It stops on an interrupt.
//
// # Exit status
//
// The editing mode exits with trurl's codes (docs/cli.md). For the
// subcommands, the exit status is 1 if any input fails to parse (for links: any link
// fails to parse, or a page cannot be read), if a line is too long (the
// reason goes to standard error) or if the output cannot be written (a
// closed pipe, a full disk); 2 for bad usage or a failure to read
// standard input; 0 otherwise, and for -h, which prints the usage on
// standard output. match is the exception: it follows grep (see above).
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// A command is one of weburl's subcommands.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are the subcommands, in the order the usage lists them.
var commands = []command{
	{"parse", "print the components of URLs, with validation errors (-v)", runParse},
	{"links", "print the links of HTML pages, resolved, with line:col", runLinks},
	{"canon", "print canonical keys of URLs (crawler, Safe Browsing)", runCanon},
	{"match", "print the URLs that match a URL pattern (URLPattern), like grep", runMatch},
	{"serve", "serve the URL viewer: weburl, the browser and net/url side by side", runServe},
}

// run runs weburl with the arguments args (without the program's name)
// and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "help":
			usage(stdout)
			return 0
		}
		for _, c := range commands {
			if args[0] == c.name {
				return c.run(args[1:], stdin, stdout, stderr)
			}
		}
	}
	// weburl [trurl's options] URL... prints and edits URLs.
	return runEdit(args, stdin, stdout, stderr)
}

// usage prints the overview of the subcommands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: weburl [trurl's options] URL...  (weburl -h lists them)")
	fmt.Fprintln(w, "       weburl SUBCOMMAND [flags] [arguments]")
	fmt.Fprintln(w, "\nSubcommands:")
	writeCommands(w, commands)
	fmt.Fprintln(w, "\n'weburl SUBCOMMAND -h' prints the flags of a subcommand.")
}

// writeCommands writes a line for each of list, its name and summary,
// the summaries in one column two spaces after the longest name.
func writeCommands(w io.Writer, list []command) {
	width := 0
	for _, c := range list {
		width = max(width, len(c.name))
	}
	for _, c := range list {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
}

// newFlagSet returns a flag set for the subcommand name whose usage
// line is synopsis and whose description is about. Its errors go to
// stderr; parseFlags prints its usage.
func newFlagSet(name, synopsis, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("weburl "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "usage: "+synopsis)
		fmt.Fprintln(w, about)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args with fs. It returns -1 when the command is to
// go on, or the exit status: 0 after printing the usage on stdout for
// -h, 2 after printing it on stderr for a usage error.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) int {
	usage := fs.Usage
	fs.Usage = func() {} // printed here, on the right stream
	err := parseInterleaved(fs, args)
	fs.Usage = usage
	if err == nil {
		return -1
	}
	if errors.Is(err, flag.ErrHelp) {
		out := fs.Output()
		fs.SetOutput(stdout)
		fs.Usage()
		fs.SetOutput(out)
		return 0
	}
	fs.Usage()
	return 2
}

// parseInterleaved parses args with fs, flags and arguments in any
// order (weburl parse URL -json), as the editing mode takes them: the
// flag package stops at the first argument, so parsing goes on after
// each one; "--" ends the flags. fs.Args() is then the arguments, in
// order.
func parseInterleaved(fs *flag.FlagSet, args []string) error {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		used := len(args) - len(rest)
		if len(rest) == 0 || (used > 0 && args[used-1] == "--") {
			positional = append(positional, rest...)
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, positional...))
}

// usageError reports a usage error found after the flags were parsed
// and returns exit status 2.
func usageError(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), fs.Name()+": "+format+"\n", a...)
	fs.Usage()
	return 2
}

// writeFailed reports a failure to write the output, which ends the
// run: a closed pipe or a full disk must not pass for success.
func writeFailed(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "weburl: writing standard output: %v\n", err)
	return 1
}

// eachInput calls handle for each argument or, with none, for each line
// of stdin (numbered from 1; 0 for an argument), skipping a byte order
// mark at the start and blank lines. A line of stdin is valid only
// until handle returns (it is a view of the reader's buffer): handle
// must copy what it keeps. With a non-nil rowFailed (the -rows mode) it
// skips nothing: a blank line is handled as any other, and a line too
// long to read is passed to rowFailed, so that every input line gets its
// row of output. It stops when out has failed to
// write. It returns 1 if a line was too long, 2 for a failure to read
// stdin, and the error of out.
func eachInput(args []string, stdin io.Reader, out *bufio.Writer, stderr io.Writer, handle func(input string, line int), rowFailed func(err error)) (int, error) {
	if len(args) > 0 {
		for _, input := range args {
			handle(input, 0)
			// bufio.Writer's error is sticky: once a write has
			// failed, stop.
			if _, err := out.Write(nil); err != nil {
				return 0, err
			}
		}
		return 0, nil
	}
	lines := stdinLines{lineReader: newLineReader(stdin), out: out, stderr: stderr, rowFailed: rowFailed}
	for {
		line, ok := lines.next()
		if !ok {
			return lines.status, nil
		}
		if rowFailed == nil && isBlank(line) {
			continue
		}
		handle(line, lines.n)
		if _, err := out.Write(nil); err != nil {
			return lines.status, err
		}
	}
}

// stdinLines are the input lines of standard input as eachInput and
// fieldLines read them: a lineReader that reports a line too long to
// read and a failure to read.
type stdinLines struct {
	*lineReader
	out       *bufio.Writer
	stderr    io.Writer
	rowFailed func(err error) // called for a line too long, if not nil
	status    int             // 1 once a line was too long, 2 if reading failed
}

// next returns the next line, the byte order mark trimmed from the
// first, and true; or false at the end of the input or when reading
// fails (then out is flushed and the failure reported). A line too long
// to read is reported and skipped, after a call of rowFailed.
func (in *stdinLines) next() (string, bool) {
	line, err := in.lineReader.next()
	if err == nil && in.n > 1 {
		return line, true // small enough to inline: once per line
	}
	return in.after(line, err)
}

// after is next for the first line, or when the lineReader gave err.
func (in *stdinLines) after(line string, err error) (string, bool) {
	for {
		switch err {
		case nil:
			if in.n == 1 {
				line = strings.TrimPrefix(line, "\uFEFF")
			}
			return line, true
		case errLineTooLong:
			in.status = 1
			fmt.Fprintf(in.stderr, "weburl: line %d: %v (%d bytes), skipped\n", in.n, err, in.skipped)
			if in.rowFailed != nil {
				in.rowFailed(err)
			}
			line, err = in.lineReader.next()
			continue
		case io.EOF:
			return "", false
		}
		in.out.Flush()
		fmt.Fprintf(in.stderr, "weburl: reading standard input: %v\n", err)
		in.status = 2
		return "", false
	}
}

// isBlank reports whether line holds only spaces, tabs, line breaks,
// form feeds and vertical tabs (what strings.TrimSpace trims in ASCII),
// looking at the first byte only in the common case.
func isBlank(line string) bool {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ', '\t', '\r', '\n', '\f', '\v':
		default:
			return false
		}
	}
	return true
}
