package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/weburl/url/urlpattern"
)

// runMatch is the match subcommand: the URLs that match a URL pattern,
// as grep prints the lines that match a regular expression.
func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", "weburl match [-base URL] [-input-base URL] [-i] [-json] PATTERN [URL...]",
		"Prints each URL (or each line of standard input) that matches the URL pattern PATTERN\n"+
			"(the URL Pattern Standard: https://*.example.com/books/:id), one per line: a crawler's scope filter.\n"+
			"With -json, one JSON object per input line instead, in input order:\n"+
			"{\"input\": URL, \"match\": true|false, \"result\": exec()'s result or null},\n"+
			"where an unmatched optional group is null.\n"+
			"The exit status is 0 when any URL matched, 1 when none did, 2 for a bad pattern or usage.", stderr)
	base := fs.String("base", "", "the base URL of a relative `PATTERN`")
	inputBase := fs.String("input-base", "", "the base URL that each input `URL` is resolved against")
	ignoreCase := fs.Bool("i", false, "match the pathname, search and hash without regard to case")
	asJSON := fs.Bool("json", false, "print one JSON object per input, matched or not")
	if status := parseFlags(fs, args, stdout); status >= 0 {
		return status
	}
	if fs.NArg() == 0 {
		return usageError(fs, "missing PATTERN")
	}
	var bases []string
	if *base != "" {
		bases = []string{*base}
	}
	pattern, err := urlpattern.Options{IgnoreCase: *ignoreCase}.New(fs.Arg(0), bases...)
	if err != nil {
		fmt.Fprintf(stderr, "weburl match: %v\n", err)
		return 2
	}
	var inputBases []string
	if *inputBase != "" {
		inputBases = []string{*inputBase}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	matched := false
	handle := func(input string, line int) {
		if !*asJSON {
			if pattern.Test(input, inputBases...) {
				matched = true
				out.WriteString(input)
				out.WriteByte('\n')
			}
			return
		}
		r := pattern.Exec(input, inputBases...)
		matched = matched || r != nil
		out.Write(matchJSON(input, r))
		out.WriteByte('\n')
	}
	// With -json every input line gets its object, blank ones (not URLs:
	// no match) included; a line too long to read gets one with the error.
	var rowFailed func(error)
	if *asJSON {
		rowFailed = func(err error) {
			b := append([]byte(`{"input":null,"match":false,"result":null,"error":`), appendJSONString(nil, err.Error())...)
			out.Write(append(b, "}\n"...))
		}
	}
	st, err := eachInput(fs.Args()[1:], stdin, out, stderr, handle, rowFailed)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		writeFailed(stderr, err)
		return 2
	}
	if st == 2 {
		return 2 // standard input could not be read
	}
	if matched {
		return 0
	}
	return 1
}

// matchJSON returns the JSON line of one input: its match and exec()'s
// result, in the shape JavaScript's JSON.stringify gives that result
// (the groups of a component in JavaScript's key order: integer names
// first, ascending, then the others as the pattern has them; an
// unmatched group as null).
func matchJSON(input string, r *urlpattern.Result) []byte {
	b := []byte(`{"input":`)
	b = appendJSONString(b, input)
	if r == nil {
		return append(b, `,"match":false,"result":null}`...)
	}
	b = append(b, `,"match":true,"result":{"inputs":[`...)
	for i, in := range r.Inputs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, in.URL)
	}
	b = append(b, ']')
	for _, c := range []struct {
		name string
		cr   *urlpattern.ComponentResult
	}{
		{"protocol", &r.Protocol}, {"username", &r.Username}, {"password", &r.Password}, {"hostname", &r.Hostname},
		{"port", &r.Port}, {"pathname", &r.Pathname}, {"search", &r.Search}, {"hash", &r.Hash},
	} {
		b = append(b, `,"`+c.name+`":{"input":`...)
		b = appendJSONString(b, c.cr.Input)
		b = append(b, `,"groups":{`...)
		first := true
		for _, integers := range []bool{true, false} {
			for _, g := range jsKeyOrder(c.cr.Groups, integers) {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = appendJSONString(b, g.Name)
				b = append(b, ':')
				if g.Matched {
					b = appendJSONString(b, g.Value)
				} else {
					b = append(b, "null"...)
				}
			}
		}
		b = append(b, "}}"...)
	}
	return append(b, "}}"...)
}

// jsKeyOrder returns the groups whose names are array indexes ("0",
// "12"), in ascending order, when integers is set, and the others in
// their order otherwise: the order of JavaScript's own property keys.
func jsKeyOrder(groups []urlpattern.Group, integers bool) []urlpattern.Group {
	var out []urlpattern.Group
	for _, g := range groups {
		if isArrayIndex(g.Name) == integers {
			out = append(out, g)
		}
	}
	if integers {
		// Numbered groups come in ascending order already (the pattern
		// numbers them as it reads them); sort anyway for safety.
		for i := 1; i < len(out); i++ {
			for j := i; j > 0 && indexValue(out[j].Name) < indexValue(out[j-1].Name); j-- {
				out[j], out[j-1] = out[j-1], out[j]
			}
		}
	}
	return out
}

// isArrayIndex reports whether a property key is an array index: a
// canonical decimal integer below 2^32 - 1.
func isArrayIndex(s string) bool {
	n, err := strconv.ParseUint(s, 10, 32)
	return err == nil && n < 1<<32-1 && strconv.FormatUint(n, 10) == s
}

func indexValue(s string) uint64 {
	n, _ := strconv.ParseUint(s, 10, 32)
	return n
}

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}
