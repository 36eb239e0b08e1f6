package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestParseField: -field prints one component per line, nothing for an
// input that fails (its error goes to stderr, the status is 1).
func TestParseField(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantOut    string
		wantErr    string // substring of stderr
	}{
		{"href", []string{"-field", "href", "HTTP://EXAMPLE.com/a/../b", "mailto:x"}, "", 0,
			"http://example.com/b\nmailto:x\n", ""},
		{"hostname from stdin", []string{"-field", "hostname"}, "\uFEFFhttps://a.example/\n\nhttps://B.example:8080/x\n", 0,
			"a.example\nb.example\n", ""},
		{"empty component", []string{"-field", "search", "https://example.com/", "https://example.com/?q"}, "", 0,
			"\n?q\n", ""},
		{"with base", []string{"-field", "pathname", "-base", "https://example.com/a/b", "../c"}, "", 0,
			"/c\n", ""},
		{"failure", []string{"-field", "href"}, "https://ok.example/\nhttp://[::1\nhttps://ok2.example/\n", 1,
			"https://ok.example/\nhttps://ok2.example/\n", "weburl: line 2: url: parse \"http://[::1\": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7"},
		{"validation to stderr", []string{"-field", "href", "-v", "https://example.com/a b"}, "", 0,
			"https://example.com/a%20b\n", `weburl: "https://example.com/a b": invalid-URL-unit at offset 21`},
		{"unknown field", []string{"-field", "query", "x"}, "", 2, "", `unknown -field "query"`},
		{"field and json", []string{"-field", "href", "-json", "x"}, "", 2, "", "exclude each other"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if stdout := runCLI(t, append([]string{"parse"}, tc.args...), tc.stdin, tc.wantStatus, tc.wantErr); stdout != tc.wantOut {
				t.Errorf("stdout = %q, want %q", stdout, tc.wantOut)
			}
		})
	}
}

// TestParseFieldWriteError: a failing writer ends -field with status 1.
func TestParseFieldWriteError(t *testing.T) {
	var stderr bytes.Buffer
	stdin := strings.Repeat("https://example.com/\n", 10000)
	if status := run([]string{"parse", "-field", "href"}, strings.NewReader(stdin), failWriter{}, &stderr); status != 1 {
		t.Errorf("status = %d, want 1", status)
	}
	if !strings.Contains(stderr.String(), "writing standard output") {
		t.Errorf("stderr = %q", stderr.String())
	}
}

// BenchmarkParseField times parse -field href on many lines, without
// the process: line reading, Parse and the buffered output.
func BenchmarkParseField(b *testing.B) {
	stdin := strings.Repeat("https://www.example.com/some/path/page.html?q=1\nhttp://example.org/a/../b\n", 500)
	b.ReportAllocs()
	b.SetBytes(int64(len(stdin)))
	for b.Loop() {
		var stdout, stderr bytes.Buffer
		if run([]string{"parse", "-field", "href"}, strings.NewReader(stdin), &stdout, &stderr) != 0 {
			b.Fatal(stderr.String())
		}
	}
}
