package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	url "github.com/weburl/url"
	"github.com/weburl/url/dataurl"
)

// result is what the parse subcommand prints for one input.
type result struct {
	Input string `json:"input"`
	components
	DataURL          *dataURLInfo      `json:"dataURL,omitempty"`
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

// dataURLInfo is what the Fetch Standard's data: URL processor finds in
// a data: URL: its MIME type and the length of its body, or why it
// fails.
type dataURLInfo struct {
	MIMEType string `json:"mimeType,omitempty"`
	BodySize *int64 `json:"bodySize,omitempty"` // nil with Error
	Error    string `json:"error,omitempty"`
}

// dataURLOf processes u when it is a data: URL: the body is measured,
// not decoded into memory. nil for any other URL.
func dataURLOf(u *url.URL) *dataURLInfo {
	if u.Scheme() != "data" {
		return nil
	}
	r, err := dataurl.NewReader(u)
	if err != nil {
		var e *dataurl.Error
		if errors.As(err, &e) {
			return &dataURLInfo{Error: e.Err.Error()}
		}
		return &dataURLInfo{Error: err.Error()}
	}
	size := r.Size()
	return &dataURLInfo{MIMEType: r.MIMEType().String(), BodySize: &size}
}

type validationError struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Fatal  bool   `json:"fatal,omitempty"`
}

// fields are the components parse prints, by the URL API's names, in
// order.
var fields = []struct {
	name string
	get  func(*url.URL) string
}{
	{"href", (*url.URL).Href},
	{"origin", (*url.URL).Origin},
	{"protocol", (*url.URL).Protocol},
	{"username", (*url.URL).Username},
	{"password", (*url.URL).Password},
	{"host", (*url.URL).Host},
	{"hostname", (*url.URL).Hostname},
	{"port", (*url.URL).Port},
	{"pathname", (*url.URL).Pathname},
	{"search", (*url.URL).Search},
	{"hash", (*url.URL).Hash},
}

// fieldValue returns fields[i].get(u) with a direct call: through the
// function value, the URL of every line would escape to the heap (one
// allocation per line).
func fieldValue(u *url.URL, i int) string {
	switch i {
	case 0:
		return u.Href()
	case 1:
		return u.Origin()
	case 2:
		return u.Protocol()
	case 3:
		return u.Username()
	case 4:
		return u.Password()
	case 5:
		return u.Host()
	case 6:
		return u.Hostname()
	case 7:
		return u.Port()
	case 8:
		return u.Pathname()
	case 9:
		return u.Search()
	}
	return u.Hash()
}

func fieldNames() string {
	var names []string
	for _, f := range fields {
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

// runParse is the parse subcommand.
func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("parse", "weburl parse [-base URL] [-json] [-v] [-field NAME] [-rows] [URL...]",
		"Parses each URL (or each line of standard input) as browsers do and prints its components.", stderr)
	base := fs.String("base", "", "resolve each URL against this base URL")
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	verbose := fs.Bool("v", false, "also print the validation errors of each URL (to standard error with -field)")
	field := fs.String("field", "", "print only this component, one line per URL: "+fieldNames())
	rows := fs.Bool("rows", false, "with -field or -json: exactly one output line per input line, blank lines and failures included\n(-field prints VALUE<TAB>ERROR, the value empty and the error set when the input fails)")
	if status := parseFlags(fs, args, stdout); status >= 0 {
		return status
	}
	get := -1 // the index in fields of -field
	if *field != "" {
		for i, f := range fields {
			if f.name == *field {
				get = i
			}
		}
		if get < 0 {
			return usageError(fs, "unknown -field %q (want one of %s)", *field, fieldNames())
		}
		if *asJSON {
			return usageError(fs, "-field and -json exclude each other")
		}
	}
	if *rows && get < 0 && !*asJSON {
		return usageError(fs, "-rows needs -field or -json (one output line per input)")
	}
	var baseURL *url.URL
	if *base != "" {
		var err error
		if baseURL, err = url.Parse(*base); err != nil {
			fmt.Fprintf(stderr, "weburl: invalid -base: %v\n", err)
			return 2
		}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	status := 0
	first := true
	log := url.ValidationLog{Max: maxValidationErrors}
	var p url.Parser // no validation: the parser then does no work to find validation errors
	if *verbose {
		p.OnValidationError = log.Add
	}
	handle := func(input string, line int) {
		if *verbose {
			log = url.ValidationLog{Max: maxValidationErrors}
		}
		var u *url.URL
		var err error
		if baseURL == nil && !*verbose {
			u, err = url.Parse(input)
		} else {
			u, err = p.ParseRef(baseURL, input)
		}
		if err != nil {
			status = 1
			if line > 0 {
				fmt.Fprintf(stderr, "weburl: line %d: %v\n", line, err)
			} else {
				fmt.Fprintf(stderr, "weburl: %v\n", err)
			}
		}
		if get >= 0 {
			// The fast path for pipes: no formatting.
			if err == nil {
				v := u.Href()
				if get != 0 {
					v = fieldValue(u, get)
				}
				out.WriteString(v)
				if *rows {
					out.WriteByte('\t')
				}
				out.WriteByte('\n')
			} else if *rows {
				writeRowError(out, err)
			}
			if *verbose {
				for _, e := range log.Errors {
					if !e.Fatal {
						fmt.Fprintf(stderr, "weburl: %s: %s at offset %d\n", where(input, line), e.Kind, e.Offset)
					}
				}
				if more := log.Total - len(log.Errors); more > 0 {
					fmt.Fprintf(stderr, "weburl: %s: %d more validation errors not shown\n", where(input, line), more)
				}
			}
			return
		}
		r := result{Input: input}
		if err != nil {
			r.Error = err.Error()
		} else {
			r.components = componentsOf(u)
			r.DataURL = dataURLOf(u)
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
				writeLabel(out, f.name)
				out.WriteString(f.value)
				out.WriteByte('\n')
			}
			if d := r.DataURL; d != nil && d.Error != "" {
				writeLabel(out, "dataURL")
				out.WriteString(d.Error)
				out.WriteByte('\n')
			} else if d != nil {
				writeLabel(out, "mimeType")
				out.WriteString(d.MIMEType)
				out.WriteByte('\n')
				writeLabel(out, "bodySize")
				out.WriteString(strconv.FormatInt(*d.BodySize, 10))
				out.WriteByte('\n')
			}
		} else {
			writeLabel(out, "input")
			out.WriteString(strconv.Quote(input))
			out.WriteByte('\n')
		}
		if *verbose {
			// The error that made the parser fail is "error"; the
			// others, non-fatal, are "validation error", also on a
			// URL that failed.
			if len(r.ValidationErrors) == 0 {
				out.WriteString("validation errors: none\n")
			}
			for _, e := range r.ValidationErrors {
				label := "validation error: "
				if e.Fatal {
					label = "error: "
				}
				fmt.Fprintf(out, "%s%s at offset %d\n", label, e.Name, e.Offset)
			}
			if r.MoreValidationErrors > 0 {
				fmt.Fprintf(out, "validation errors: %d more not shown\n", r.MoreValidationErrors)
			}
		}
	}
	var rowFailed func(error)
	if *rows {
		rowFailed = func(err error) {
			if get >= 0 {
				writeRowError(out, err)
				return
			}
			b, _ := json.Marshal(result{Error: err.Error()})
			out.Write(append(b, '\n'))
		}
	}
	var st int
	var err error
	if get >= 0 && !*rows && !*verbose && baseURL == nil && len(fs.Args()) == 0 {
		st, err = fieldLines(stdin, out, stderr, get)
	} else {
		st, err = eachInput(fs.Args(), stdin, out, stderr, handle, rowFailed)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return writeFailed(stderr, err)
	}
	return max(status, st)
}

// fieldLines is runParse's loop for the common pipe, -field without
// -rows, -v or -base, on standard input: what eachInput and handle do
// for it, with no call through a function value per line, [url.Parse]
// in place of the Parser's ParseRef, and the blank-line check only for
// a line that failed (no blank line parses). It runs at about 70% of
// Parse's rate where eachInput ran at 63% (README, "Command line").
func fieldLines(stdin io.Reader, out *bufio.Writer, stderr io.Writer, get int) (int, error) {
	lines := stdinLines{lineReader: newLineReader(stdin), out: out, stderr: stderr}
	failed := 0
	for {
		line, ok := lines.next()
		if !ok {
			return max(failed, lines.status), nil
		}
		u, err := url.Parse(line)
		if err != nil {
			if !isBlank(line) {
				failed = 1
				fmt.Fprintf(stderr, "weburl: line %d: %v\n", lines.n, err)
			}
			continue
		}
		v := u.Href() // the common field, without fieldValue's switch
		if get != 0 {
			v = fieldValue(u, get)
		}
		// One Write of the line, appended in out's buffer (when it is
		// nearly full, append copies, and Write flushes).
		b := append(out.AvailableBuffer(), v...)
		if _, err := out.Write(append(b, '\n')); err != nil {
			return max(failed, lines.status), err
		}
	}
}

// writeRowError writes the row of an input that failed in -rows mode:
// an empty value, a tab, and the error's message, on one line. Every
// error message quotes the input it names, so it holds no tab or line
// break of its own.
func writeRowError(out *bufio.Writer, err error) {
	out.WriteByte('\t')
	out.WriteString(err.Error())
	out.WriteByte('\n')
}

// writeLabel writes name followed by ":" and padded to 10 bytes, as
// fmt's "%-9s " of name+":" does.
func writeLabel(out *bufio.Writer, name string) {
	out.WriteString(name)
	out.WriteByte(':')
	for n := len(name) + 1; n < 10; n++ {
		out.WriteByte(' ')
	}
}

// where names an input in a message: its line of standard input, or
// the argument itself, quoted.
func where(input string, line int) string {
	if line > 0 {
		return "line " + strconv.Itoa(line)
	}
	return strconv.Quote(input)
}
