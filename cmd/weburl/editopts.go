package main

import (
	"fmt"
	"strings"
)

// The exit codes of weburl's editing mode (weburl [options] URL...),
// trurl's numbers where they mean the same (see docs/cli.md).
const (
	exitFile    = 1  // --url-file cannot be read, or output cannot be written
	exitAppend  = 2  // --append of a component that cannot be appended to
	exitArg     = 3  // an option misses its argument
	exitFlag    = 4  // a bad option, or options that exclude each other
	exitSet     = 5  // a bad --set
	exitURL     = 7  // --set alone gives no URL (no scheme or no host)
	exitTrim    = 8  // a bad --trim
	exitBadURL  = 9  // with --verify: a URL that fails to parse
	exitGet     = 10 // a bad --get template, or a missing must: component
	exitIterate = 11 // a bad --iterate
	exitReplace = 12 // --replace without data
)

// exitError ends the editing mode with an exit code and a message
// that is printed as trurl prints its errors.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func exitf(code int, format string, a ...any) *exitError {
	return &exitError{code, fmt.Sprintf(format, a...)}
}

// editOptions are the options of the editing mode, with trurl's names
// and meanings (docs/cli.md maps each one).
type editOptions struct {
	urls        []string
	urlFile     string // "-" for standard input; "" for none
	appendPath  []string
	appendQuery []string // name=value, each side form-encoded
	sets        []string
	iterates    []string
	trims       []string
	replaces    []string // name=value, each side form-encoded
	replaceAdd  bool     // --replace-append: append a pair that is absent
	redirect    *string
	qsep        byte
	format      *string // --get
	json        bool
	verify      bool
	curl        bool
	defaultPort bool
	keepPort    bool
	punycode    bool
	asIDN       bool
	noGuess     bool
	sortQuery   bool
	urlencode   bool
	quiet       bool
	help        bool
	version     bool
}

// parseEditArgs reads trurl's command line: options and URLs in any
// order, "--" ends the options. -h and -v stop the reading, as they do
// in trurl, with o.help or o.version set.
func parseEditArgs(args []string) (*editOptions, *exitError) {
	o := &editOptions{}
	endOfOptions := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if endOfOptions || !strings.HasPrefix(a, "-") {
			o.urls = append(o.urls, a)
			continue
		}
		var next *string
		if i+1 < len(args) {
			next = &args[i+1]
		}
		usedNext, err := o.option(a, next, &endOfOptions)
		if err != nil {
			return nil, err
		}
		if o.help || o.version {
			return o, nil
		}
		if usedNext {
			i++
		}
	}
	if o.qsep == 0 {
		o.qsep = '&'
	}
	return o, nil
}

// option reads one option, flag, whose argument is either attached to
// it ("-sX", "--set=X") or the next argument, next (nil at the end). It
// reports whether it used next.
func (o *editOptions) option(flag string, next *string, endOfOptions *bool) (bool, *exitError) {
	name, arg, attached := flag, "", false
	if len(flag) > 2 && flag[1] != '-' {
		name, arg, attached = flag[:2], flag[2:], true
	} else if strings.HasPrefix(flag, "--") {
		if eq := strings.IndexByte(flag, '='); eq >= 0 {
			name, arg, attached = flag[:eq], flag[eq+1:], true
		}
	}
	// needArg returns the option's argument, or an error when there is
	// none.
	needArg := func() (string, bool, *exitError) {
		if attached {
			return arg, false, nil
		}
		if next == nil {
			return "", false, exitf(exitArg, "Missing argument for %s", name)
		}
		return *next, true, nil
	}
	switch name {
	case "--":
		if !attached {
			*endOfOptions = true
			return false, nil
		}
	case "-v", "--version":
		if !attached {
			o.version = true
			return false, nil
		}
	case "-h", "--help":
		if !attached {
			o.help = true
			return false, nil
		}
	case "--url", "-f", "--url-file", "-a", "--append", "-s", "--set", "--iterate",
		"--redirect", "--query-separator", "--trim", "--qtrim", "-g", "--get":
		v, used, err := needArg()
		if err != nil {
			return false, err
		}
		return used, o.withArg(name, v)
	case "--replace", "--replace-append", "--force-replace":
		if name != "--replace" {
			o.replaceAdd = true
		}
		v, used, err := needArg()
		if err != nil {
			return false, exitf(exitReplace, "No data passed to replace component")
		}
		o.replaces = append(o.replaces, encodeAssign(v))
		return used, nil
	}
	if attached {
		return false, unknownOption(flag)
	}
	switch name {
	case "--json":
		if o.format != nil {
			return false, exitf(exitFlag, "--json is mutually exclusive with --get")
		}
		o.json = true
	case "--verify":
		o.verify = true
	case "--accept-space":
		// The URL Standard always takes spaces, percent-encoded.
	case "--curl":
		o.curl = true
	case "--default-port":
		o.defaultPort = true
	case "--keep-port":
		o.keepPort = true
	case "--punycode":
		if o.asIDN {
			return false, exitf(exitFlag, "--punycode is mutually exclusive with --as-idn")
		}
		o.punycode = true
	case "--as-idn":
		if o.punycode {
			return false, exitf(exitFlag, "--as-idn is mutually exclusive with --punycode")
		}
		o.asIDN = true
	case "--no-guess-scheme":
		o.noGuess = true
	case "--sort-query":
		o.sortQuery = true
	case "--urlencode":
		o.urlencode = true
	case "--quiet":
		o.quiet = true
	default:
		return false, unknownOption(flag)
	}
	return false, nil
}

// unknownOption is trurl's error for an option it does not know: a long
// option named up to its "=", a short one by its two letters.
func unknownOption(flag string) *exitError {
	n := 2
	if strings.HasPrefix(flag, "--") {
		n = strings.IndexByte(flag, '=')
		if n < 0 {
			n = len(flag)
		}
	}
	return exitf(exitFlag, "unknown option: %s", flag[:min(n, len(flag))])
}

// withArg records an option that takes an argument.
func (o *editOptions) withArg(name, v string) *exitError {
	switch name {
	case "--url":
		o.urls = append(o.urls, v)
	case "-f", "--url-file":
		if o.urlFile != "" {
			return exitf(exitFlag, "only one --url-file is supported")
		}
		o.urlFile = v
	case "-a", "--append":
		switch {
		case strings.HasPrefix(v, "path="):
			o.appendPath = append(o.appendPath, v[len("path="):])
		case strings.HasPrefix(v, "query="):
			o.appendQuery = append(o.appendQuery, encodeAssign(v[len("query="):]))
		default:
			return exitf(exitAppend, "--append unsupported component: %s", v)
		}
	case "-s", "--set":
		o.sets = append(o.sets, v)
	case "--iterate":
		o.iterates = append(o.iterates, v)
	case "--redirect":
		if o.redirect != nil {
			return exitf(exitFlag, "only one --redirect is supported")
		}
		o.redirect = &v
	case "--query-separator":
		if o.qsep != 0 {
			return exitf(exitFlag, "only one --query-separator is supported")
		}
		if len(v) != 1 {
			return exitf(exitFlag, "only single-letter query separators are supported")
		}
		o.qsep = v[0]
	case "--trim":
		if !strings.HasPrefix(v, "query=") {
			return exitf(exitTrim, "Unsupported trim component: %s", v)
		}
		o.trims = append(o.trims, v[len("query="):])
	case "--qtrim":
		o.trims = append(o.trims, v)
	case "-g", "--get":
		if o.format != nil {
			return exitf(exitFlag, "only one --get is supported")
		}
		if o.json {
			return exitf(exitFlag, "--get is mutually exclusive with --json")
		}
		o.format = &v
	}
	return nil
}
