package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	url "github.com/weburl/url"
)

// iterSpec is one --iterate: a component and the values it takes in
// turn.
type iterSpec struct {
	spec  setSpec
	items []string
}

// editRun is one run of the editing mode.
type editRun struct {
	opts   *editOptions
	sets   []setSpec
	iters  []iterSpec
	out    *bufio.Writer
	stderr io.Writer
	stdin  io.Reader
	nJSON  int    // the URLs printed in the JSON array so far
	buf    []byte // the --get line being built, reused
	cur    editURL
	url    url.URL   // the URL of the line being edited, reused
	get    []getPart // the --get template, compiled
}

// runEdit is weburl's editing mode: trurl's options, the URL
// Standard's answers (docs/cli.md).
func runEdit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, xerr := parseEditArgs(args)
	if xerr != nil {
		return editFailed(stderr, xerr)
	}
	if o.help {
		editUsage(stdout)
		return 0
	}
	if o.version {
		fmt.Fprintf(stdout, "weburl version %s (the WHATWG URL Standard; trurl's options)\nfeatures: %s\n", moduleVersion(), strings.Join(editFeatures, " "))
		return 0
	}
	r := &editRun{opts: o, out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr, stdin: stdin}
	if xerr = r.prepare(); xerr != nil {
		return editFailed(stderr, xerr)
	}
	if o.json {
		r.out.WriteByte('[')
	}
	xerr = r.inputs()
	if o.json {
		if r.nJSON > 0 {
			r.out.WriteByte('\n')
		}
		r.out.WriteString("]\n")
	}
	if err := r.out.Flush(); err != nil && xerr == nil {
		return writeFailed(stderr, err)
	}
	if xerr != nil {
		return editFailed(stderr, xerr)
	}
	return 0
}

// editFeatures are the words of trurl's feature list (the second line
// of trurl --version, which trurl's test runner reads) that hold for
// weburl.
var editFeatures = []string{"get-empty", "no-guess-scheme", "normalize-ipv4", "punycode", "punycode2idn", "uppercase-hex", "white-space"}

// moduleVersion is the module version weburl was built from.
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// editFailed prints an error as trurl does, and returns its exit code.
func editFailed(stderr io.Writer, e *exitError) int {
	fmt.Fprintf(stderr, "weburl error: %s\nweburl error: Try weburl -h for help\n", e.msg)
	return e.code
}

// note prints a note on standard error, unless --quiet.
func (r *editRun) note(format string, a ...any) {
	if r.opts.quiet {
		return
	}
	r.noteAlways(format, a...)
}

func (r *editRun) noteAlways(format string, a ...any) {
	r.out.Flush()
	fmt.Fprintf(r.stderr, "weburl note: "+format+"\n", a...)
}

// prepare checks the --set and --iterate options before any URL is
// read, so that a bad one prints nothing on standard output.
func (r *editRun) prepare() *exitError {
	var seen [numComps]bool
	for _, s := range r.opts.sets {
		sp, err := parseSetSpec(s)
		if err != nil {
			return err
		}
		if seen[sp.id] {
			return exitf(exitSet, "duplicate --set for component %s", trurlName(sp.id))
		}
		seen[sp.id] = true
		r.sets = append(r.sets, sp.encoded())
	}
	slices.SortStableFunc(r.sets, func(a, b setSpec) int { return int(a.id) - int(b.id) })
	if f := r.opts.format; f != nil {
		var xerr *exitError
		if r.get, xerr = compileGet(*f); xerr != nil {
			return xerr
		}
	}
	var iterated [numComps]bool
	for _, s := range r.opts.iterates {
		name, items, ok := strings.Cut(s, "=")
		if !ok {
			return exitf(exitIterate, "wrong iterate syntax")
		}
		raw := strings.HasSuffix(name, ":")
		id, whatwg, ok := lookupComponent(strings.TrimSuffix(name, ":"))
		if !ok {
			return exitf(exitIterate, "bad component for iterate")
		}
		if iterated[id] {
			return exitf(exitIterate, "duplicate component for iterate: %s", trurlName(id))
		}
		if seen[id] {
			return exitf(exitIterate, "duplicate --iterate and --set for component %s", trurlName(id))
		}
		iterated[id] = true
		r.iters = append(r.iters, iterSpec{setSpec{id: id, whatwg: whatwg, raw: raw || whatwg}, strings.Split(items, " ")})
	}
	return nil
}

// inputs edits and prints each URL: those of --url-file, or else those
// of the command line, or else the one the --set options make.
func (r *editRun) inputs() *exitError {
	o := r.opts
	if o.urlFile != "" {
		return r.urlFile()
	}
	if len(o.urls) == 0 {
		o.verify = true // trurl: a URL made of --set options must work
		e, xerr := r.fromSets()
		if xerr != nil {
			return xerr
		}
		return r.each(e, 0, nil)
	}
	for _, in := range o.urls {
		if xerr := r.one(in, 0); xerr != nil {
			return xerr
		}
	}
	return nil
}

// urlFile reads the URLs of --url-file, one a line: a trailing "\r",
// spaces and tabs are trimmed and empty lines skipped, as trurl does.
func (r *editRun) urlFile() *exitError {
	in := r.stdin
	if r.opts.urlFile != "-" {
		f, err := os.Open(r.opts.urlFile)
		if err != nil {
			return exitf(exitFile, "--url-file %s not found", r.opts.urlFile)
		}
		defer f.Close()
		in = f
	}
	lines := newLineReader(in)
	for {
		line, err := lines.next()
		switch err {
		case nil:
		case io.EOF:
			return nil
		case errLineTooLong:
			r.note("line %d: %v (%d bytes), skipped", lines.n, err, lines.skipped)
			continue
		default:
			return exitf(exitFile, "reading %s: %v", r.opts.urlFile, err)
		}
		for line != "" && (line[len(line)-1] == ' ' || line[len(line)-1] == '\t') {
			line = line[:len(line)-1]
		}
		if lines.n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if line == "" {
			continue
		}
		if xerr := r.one(line, lines.n); xerr != nil {
			return xerr
		}
		if _, err := r.out.Write(nil); err != nil {
			return nil // reported by runEdit's Flush
		}
	}
}

// bad reports an input that fails (on line of --url-file, if not 0): a
// note on standard error, or with --verify the end of the run (exit
// code 9).
func (r *editRun) bad(line int, what string, err error) *exitError {
	where := what
	if line > 0 {
		where = fmt.Sprintf("line %d: %s", line, what)
	}
	if r.opts.verify {
		return exitf(exitBadURL, "%s%v", where, err)
	}
	r.noteAlways("%s%v", where, err)
	return nil
}

// one edits and prints the URL input, from line of --url-file (0 for
// an argument).
func (r *editRun) one(input string, line int) *exitError {
	e, err := r.parseInput(input)
	if err != nil {
		return r.bad(line, "", err)
	}
	if rd := r.opts.redirect; rd != nil {
		v, err := e.u.Parse(*rd)
		if err != nil {
			return r.bad(line, "invalid redirection: ", err)
		}
		e.u = v
		if strings.Contains(*rd, "://") {
			e.port = explicitPort(*rd)
		}
	}
	return r.each(e, 0, nil)
}

// parseInput parses an input URL. Unless --no-guess-scheme, an input
// without a scheme gets one as trurl (libcurl) guesses it: "ftp." and a
// few other host prefixes name their scheme, anything else is http.
func (r *editRun) parseInput(input string) (*editURL, error) {
	guessed := !r.opts.noGuess && lacksScheme(input)
	if guessed {
		input = guessScheme(input) + "://" + input
	}
	// The URL of the previous line is reused: parsing into it with the
	// href setter allocates no URL a line.
	u := &r.url
	if u.SetHref(input) != nil {
		_, err := url.Parse(input) // the parser's error, named as a parse
		if err == nil {
			err = errors.New("url: parse " + strconv.Quote(input) + ": fails")
		}
		return nil, err
	}
	if r.opts.curl && !u.IsSpecial() {
		return nil, fmt.Errorf("url: parse %q: --curl takes only the URL Standard's special schemes (http, https, ws, wss, ftp, file)", input)
	}
	r.cur = editURL{u: u, schemeGuessed: guessed}
	if r.opts.keepPort {
		r.cur.port = explicitPort(input)
	}
	return &r.cur, nil
}

// lacksScheme reports whether input starts with no scheme, or with what
// reads as a host and a port ("example.com:8080"): a scheme's ":"
// followed by a digit or by nothing.
func lacksScheme(input string) bool {
	s := input
	for s != "" && s[0] <= ' ' { // C0 controls and spaces, which the parser strips
		s = s[1:]
	}
	if s == "" || !isAlpha(s[0]) {
		return true
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlpha(c), c >= '0' && c <= '9', c == '+', c == '-', c == '.':
			continue
		case c == ':':
			return i+1 == len(s) || (s[i+1] >= '0' && s[i+1] <= '9')
		}
		return true
	}
	return true
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// guessScheme is libcurl's guess of a scheme from the start of a host.
func guessScheme(input string) string {
	for _, p := range [...]string{"ftp", "dict", "ldap", "imap", "smtp", "pop3"} {
		if len(input) > len(p) && strings.EqualFold(input[:len(p)], p) && input[len(p)] == '.' {
			return p
		}
	}
	return "http"
}

// fromSets makes the URL that the --set options give when there is no
// input URL: it needs a scheme and a host.
func (r *editRun) fromSets() (*editURL, *exitError) {
	var scheme, host *setSpec
	for i := range r.sets {
		switch r.sets[i].id {
		case compScheme:
			scheme = &r.sets[i]
		case compHost:
			host = &r.sets[i]
		}
	}
	if scheme == nil || host == nil {
		return nil, exitf(exitURL, "not enough input for a URL")
	}
	u, err := url.Parse(strings.TrimSuffix(scheme.value, ":") + "://" + host.value)
	if err != nil {
		return nil, exitf(exitURL, "not enough input for a URL: %v", err)
	}
	return &editURL{u: u}, nil
}

// each runs the --iterate options from the k-th on: for each of its
// values, the rest; chosen are the values picked so far.
func (r *editRun) each(base *editURL, k int, chosen []setSpec) *exitError {
	if k == len(r.iters) {
		return r.finish(base, chosen)
	}
	for _, item := range r.iters[k].items {
		sp := r.iters[k].spec
		sp.value = item
		if xerr := r.each(base, k+1, append(chosen, sp)); xerr != nil {
			return xerr
		}
	}
	return nil
}

// finish applies the edits to (a copy of) base, in trurl's order, and
// prints the result.
func (r *editRun) finish(base *editURL, iter []setSpec) *exitError {
	e := base
	if len(r.iters) > 0 {
		e = &editURL{u: base.u.Clone(), schemeGuessed: base.schemeGuessed, port: base.port}
	}
	// trurl keeps the components apart and so takes them in any order;
	// the URL Standard's setters depend on the URL as it stands (the
	// port setter drops the scheme's default port), so the components
	// are set in the order of a URL: scheme first, then the others.
	if len(iter) == 0 {
		for _, sp := range r.sets {
			r.set(e, sp)
		}
	} else {
		all := append(slices.Clone(r.sets), iter...)
		slices.SortStableFunc(all, func(a, b setSpec) int { return int(a.id) - int(b.id) })
		for _, sp := range all {
			r.set(e, sp)
		}
	}
	for _, seg := range r.opts.appendPath {
		if err := e.appendPath(seg); err != nil {
			r.note("error appending to the path: %v", err)
		}
	}
	if err := r.editQuery(e); err != nil {
		r.note("error setting the query: %v", err)
	}
	switch {
	case r.opts.json:
		r.writeJSON(e)
	case r.opts.format != nil:
		return r.writeGet(e)
	default:
		r.out.WriteString(r.urlString(e, getMods{}))
		r.out.WriteByte('\n')
	}
	return nil
}

// set does one --set, and reports on standard error when the URL cannot
// take the value (the URL is then as it was, as the setter leaves it).
func (r *editRun) set(e *editURL, sp setSpec) {
	if err := e.apply(sp); err != nil {
		r.note("error setting %s: %v", trurlName(sp.id), err)
	}
}
