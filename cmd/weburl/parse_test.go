package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/weburl/url"
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
		// fieldLines, the pipe's own loop: a byte order mark, CRLF, lines
		// blank or of spaces skipped without a message, a failure.
		{"stdin pipe", []string{"-field", "href"}, "\uFEFFHTTPS://A.example/x\r\n  \n\t\n\nnot a url\nhttps://b.example/", 1,
			"https://a.example/x\nhttps://b.example/\n", "weburl: line 5: url: parse \"not a url\": missing-scheme-non-relative-URL"},
		{"stdin pipe, port", []string{"-field", "port"}, "https://a.example:8443/\nhttp://b.example:80/\n", 0,
			"8443\n\n", ""},
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

// TestFieldValue: the direct calls of fieldValue are the getters of the
// fields table, in its order.
func TestFieldValue(t *testing.T) {
	u := url.MustParse("https://user:pass@example.com:8080/p/a?q=1#h")
	for i, f := range fields {
		if got, want := fieldValue(u, i), f.get(u); got != want {
			t.Errorf("fieldValue(u, %d) = %q, want %s = %q", i, got, f.name, want)
		}
	}
}

// TestIsBlank: the lines eachInput skips.
func TestIsBlank(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"", true}, {" \t\r\n\f\v", true}, {"x", false}, {" x ", false}, {"\u00a0", false},
	} {
		if got := isBlank(tc.line); got != tc.want {
			t.Errorf("isBlank(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// BenchmarkParseFieldDataset times parse -field href on kasztp.txt of
// ../shared/datasets (URL_DATASETS) and the library's Parse and Href on
// the same lines, one pass of each per iteration (paired, so that a
// busy machine slows both alike), and reports both per line and the
// CLI's rate as a share of the library's, without the process start.
//
//	URL_DATASETS=../../../shared/datasets taskset -c 0 go test -run '^$' -bench ParseFieldDataset ./cmd/weburl
func BenchmarkParseFieldDataset(b *testing.B) {
	dir := os.Getenv("URL_DATASETS")
	if dir == "" {
		b.Skip("URL_DATASETS not set")
	}
	data, err := os.ReadFile(filepath.Join(dir, "kasztp.txt"))
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var cli, lib time.Duration
	n := 0
	for b.Loop() {
		t0 := time.Now()
		run([]string{"parse", "-field", "href"}, bytes.NewReader(data), io.Discard, io.Discard)
		t1 := time.Now()
		for _, line := range lines {
			if u, err := url.Parse(line); err == nil {
				n += len(u.Href())
			}
		}
		cli, lib = cli+t1.Sub(t0), lib+time.Since(t1)
	}
	perLine := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N*len(lines)) }
	b.ReportMetric(perLine(cli), "cli-ns/line")
	b.ReportMetric(perLine(lib), "lib-ns/line")
	b.ReportMetric(100*float64(lib)/float64(cli), "cli-rate-%")
	b.ReportMetric(0, "ns/op")
}

// TestParseDataURL: parse shows a data: URL's MIME type and body size
// after its components, in text and in -json, and why it has none when
// the data: URL processor fails; other URLs show neither.
func TestParseDataURL(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string // substrings of stdout
		not  []string
	}{
		{"text", []string{"data:text/html;base64,PGI+aGk8L2I+"}, []string{
			"hash:     \n", "mimeType: text/html\n", "bodySize: 9\n"}, nil},
		{"unparsable MIME type", []string{"data:text / html,a%20b"}, []string{
			"mimeType: text/plain;charset=US-ASCII\n", "bodySize: 3\n"}, nil},
		{"processor failure", []string{"data:;base64,A"}, []string{
			"dataURL:  invalid forgiving-base64\n"}, []string{"mimeType:"}},
		{"json", []string{"-json", "data:,abc"}, []string{
			`"dataURL":{"mimeType":"text/plain;charset=US-ASCII","bodySize":3}`}, nil},
		{"json failure", []string{"-json", "data:text/plain"}, []string{
			`"dataURL":{"error":"no comma after the MIME type"}`}, nil},
		{"not data", []string{"-json", "https://example.com/"}, nil, []string{"dataURL", "mimeType"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := runCLI(t, append([]string{"parse"}, tc.args...), "", 0, "")
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(out, n) {
					t.Errorf("stdout holds %q:\n%s", n, out)
				}
			}
		})
	}
}
