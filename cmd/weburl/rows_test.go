package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRows: with -rows, parse -field and canon print exactly one line
// per input line, VALUE<TAB>ERROR, so that the output lines up with the
// input (paste, Hadoop/Spark streaming, database loaders): blank lines
// and failures get their row too, and a line too long to read gets an
// error row.
func TestRows(t *testing.T) {
	long := strings.Repeat("x", maxLine+1)
	for _, tc := range []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantOut    string
	}{
		{"parse -field, all good", []string{"parse", "-field", "hostname", "-rows"}, "https://a.example/\nhttps://B.example/x\n", 0,
			"a.example\t\nb.example\t\n"},
		{"parse -field, a failure and a blank line", []string{"parse", "-field", "href", "-rows"},
			"\uFEFFhttps://ok.example/\nhttp://[::1\n\nhttps://ok2.example/\n", 1,
			"https://ok.example/\t\n\turl: parse \"http://[::1\": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7\n" +
				"\turl: parse \"\": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0\n" +
				"https://ok2.example/\t\n"},
		{"parse -field with base: a blank line is the base", []string{"parse", "-field", "href", "-rows", "-base", "https://example.com/a"}, "b\n\n", 0,
			"https://example.com/b\t\nhttps://example.com/a\t\n"},
		{"parse -field, a line too long", []string{"parse", "-field", "href", "-rows"}, "https://a.example/\n" + long + "\nhttps://b.example/\n", 1,
			"https://a.example/\t\n\tline longer than 16 MiB\nhttps://b.example/\t\n"},
		{"parse -field, arguments", []string{"parse", "-field", "port", "-rows", "https://a.example:81/", "x"}, "", 1,
			"81\t\n\turl: parse \"x\": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0\n"},
		{"canon", []string{"canon", "-rows"}, "HTTP://A.example/#f\n\nhttp://[::1\n", 1,
			"http://a.example/\t\n\turl: parse \"\": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0\n" +
				"\turl: parse \"http://[::1\": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7\n"},
		{"rows needs one value per input", []string{"parse", "-rows", "https://a.example/"}, "", 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantErr := ""
			if tc.wantStatus == 2 {
				wantErr = "-rows"
			}
			stdout := runCLI(t, tc.args, tc.stdin, tc.wantStatus, wantErr)
			if stdout != tc.wantOut {
				t.Errorf("stdout =\n%q\nwant\n%q", stdout, tc.wantOut)
			}
			if tc.wantStatus != 2 && tc.stdin != "" {
				if got, want := strings.Count(stdout, "\n"), strings.Count(tc.stdin, "\n"); got != want {
					t.Errorf("%d output lines for %d input lines", got, want)
				}
			}
		})
	}
}

// TestRowsJSON: parse -json -rows and canon -json give one object per
// input line, blank lines included, failures with their error.
func TestRowsJSON(t *testing.T) {
	stdout := runCLI(t, []string{"parse", "-json", "-rows"}, "https://a.example/\n\nhttp://[::1\n", 1, "")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines: %q", len(lines), stdout)
	}
	var r struct {
		Input, Href, Error string
	}
	if json.Unmarshal([]byte(lines[1]), &r); r.Input != "" || r.Error == "" {
		t.Errorf("blank line: %q", lines[1])
	}

	stdout = runCLI(t, []string{"canon", "-json"}, "HTTP://A.example/#f\nhttp://[::1\n", 1, "")
	lines = strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	want := []string{
		`{"input":"HTTP://A.example/#f","canonical":"http://a.example/"}`,
		`{"input":"http://[::1","error":"url: parse \"http://[::1\": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7"}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("canon -json: %q", stdout)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("canon -json line %d = %s, want %s", i+1, lines[i], want[i])
		}
	}
	// Without -rows, canon -json skips blank lines, as every mode does.
	if stdout := runCLI(t, []string{"canon", "-json"}, "\nhttps://a.example/\n", 0, ""); strings.Count(stdout, "\n") != 1 {
		t.Errorf("canon -json on a blank line: %q", stdout)
	}
}
