package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzEdit runs the editing mode on any URL, --set, --qtrim and --get
// template: it must not panic, must exit with one of its documented
// codes, and its --json output must stay valid JSON.
func FuzzEdit(f *testing.F) {
	f.Add("https://u:p@a.example:8080/p%20q?x=1&y=%00#f", "port=99", "x*", "{:path} {query:x} {default:port} \\{ [host")
	f.Add("example.com", "scheme?=https", "\\*", "{must:fragment}")
	f.Add("mailto:a@b", "path:=/%41", "", "{strict:query}{idn:puny:host}")
	f.Add("http://xn--80ak6aa92e.com/?a&&b", "query=a=b&c", "a", "{query-all:a}{url}")
	f.Fuzz(func(t *testing.T, in, set, trim, get string) {
		for _, args := range [][]string{
			{"--set", set, "--qtrim", trim, "--sort-query", "--as-idn", "--keep-port", "-g", get, "--", in},
			{"--json", "--urlencode", "--iterate", set, "--replace-append", trim, "--", in},
		} {
			var stdout, stderr bytes.Buffer
			code := run(args, strings.NewReader(in), &stdout, &stderr)
			switch code {
			case 0, exitSet, exitURL, exitBadURL, exitGet, exitIterate:
			default:
				t.Fatalf("%q: exit code %d: %s", args, code, stderr.String())
			}
			if args[0] == "--json" && code == 0 && utf8.Valid(stdout.Bytes()) && !json.Valid(stdout.Bytes()) {
				t.Fatalf("%q: invalid JSON %q", args, stdout.String())
			}
		}
	})
}
