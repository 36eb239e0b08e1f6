package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// runCLI runs the command with args and stdin, checks its exit status
// and that its standard error contains wantErr, and returns its standard
// output.
func runCLI(t *testing.T, args []string, stdin string, wantStatus int, wantErr string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	status := run(args, strings.NewReader(stdin), &stdout, &stderr)
	if status != wantStatus {
		t.Errorf("status = %d, want %d (stderr %q)", status, wantStatus, stderr.String())
	}
	if !strings.Contains(stderr.String(), wantErr) {
		t.Errorf("stderr = %q, want it to contain %q", stderr.String(), wantErr)
	}
	return stdout.String()
}

func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantOut    []string // substrings of stdout
		wantErr    string   // substring of stderr
	}{
		// The main job: components of one URL, normalized as browsers do.
		{"components", []string{"HTTPS://EXAMPLE.com:443/a/./b/../c?q#f"}, "", 0,
			[]string{"href:     https://example.com/a/c?q#f", "origin:   https://example.com", "pathname: /a/c", "port:     \n"}, ""},
		// -base resolves relative links.
		{"base", []string{"-base", "https://example.com/dir/page", "../up?x=1"}, "", 0,
			[]string{"href:     https://example.com/up?x=1"}, ""},
		// -v names the validation errors, with offsets, labelled as
		// validation errors: the URL parsed.
		{"validation errors", []string{"-v", "https://u@example.com/a b"}, "", 0,
			[]string{"validation error: invalid-credentials at offset 9", "validation error: invalid-URL-unit at offset 23"}, ""},
		// A valid URL string reports none.
		{"no validation errors", []string{"-v", "https://example.com/"}, "", 0,
			[]string{"validation errors: none"}, ""},
		// On a failure, the error that stopped the parser is the error;
		// the ones before it are validation errors.
		{"failure -v", []string{"-v", "https://u@exa mple.com/"}, "", 1,
			[]string{"validation error: invalid-credentials at offset 9", "error: domain-to-ASCII at offset 13"}, "domain-to-ASCII"},
		// A failure exits 1 with the reason on stderr.
		{"failure", []string{"http://exa mple.com/"}, "", 1, nil, `domain-to-ASCII`},
		// No arguments: one URL per line of standard input.
		{"stdin", nil, "https://a.example/\nmailto:x@y\n", 0,
			[]string{"href:     https://a.example/", "href:     mailto:x@y", "origin:   null"}, ""},
		// An invalid base is a usage error.
		{"bad base", []string{"-base", "nope", "x"}, "", 2, nil, "invalid -base"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout := runCLI(t, append([]string{"parse"}, tt.args...), tt.stdin, tt.wantStatus, tt.wantErr)
			for _, want := range tt.wantOut {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
}

// TestRunJSON checks that -json prints one decodable object per input,
// failures included.
func TestRunJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"parse", "-json", "-v", "https://example.com/a", "https://[::1"}, nil, &stdout, &stderr)
	if status != 1 {
		t.Fatalf("status = %d, want 1", status)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2: %q", len(lines), stdout.String())
	}
	var ok, bad result
	if err := json.Unmarshal([]byte(lines[0]), &ok); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &bad); err != nil {
		t.Fatal(err)
	}
	if ok.Href != "https://example.com/a" || ok.Pathname != "/a" || ok.Error != "" {
		t.Errorf("first object = %+v", ok)
	}
	if bad.Error == "" || len(bad.ValidationErrors) == 0 || bad.ValidationErrors[len(bad.ValidationErrors)-1].Name != "IPv6-unclosed" {
		t.Errorf("second object = %+v, want an IPv6-unclosed failure", bad)
	}
}

// failWriter fails every write, as a closed pipe or a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestRunWriteError: when the output cannot be written the command
// exits 1 and says why (it exited 0).
func TestRunWriteError(t *testing.T) {
	many := strings.Repeat("https://example.com/\n", 10000)
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
	}{
		{"argument", []string{"https://example.com/"}, ""},
		{"argument, json", []string{"-json", "https://example.com/"}, ""},
		{"stdin", nil, "https://example.com/\n"},
		{"stdin, many lines", nil, many},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			status := run(append([]string{"parse"}, tc.args...), strings.NewReader(tc.stdin), failWriter{}, &stderr)
			if status != 1 {
				t.Errorf("status = %d, want 1", status)
			}
			if !strings.Contains(stderr.String(), "writing standard output: no space left on device") {
				t.Errorf("stderr = %q, want the write error", stderr.String())
			}
		})
	}
}

// TestRunDevFull writes to /dev/full, which fails every write with
// ENOSPC.
func TestRunDevFull(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	if status := run([]string{"https://example.com/"}, nil, f, &stderr); status != 1 {
		t.Errorf("status = %d, want 1 (stderr %q)", status, stderr.String())
	}
	if !strings.Contains(stderr.String(), "no space left on device") {
		t.Errorf("stderr = %q, want ENOSPC", stderr.String())
	}
}

// TestRunLongLine: a line longer than maxLine is reported and skipped,
// and the lines after it are still read (bufio.Scanner stopped there and
// dropped them); a line of exactly maxLine bytes is parsed.
func TestRunLongLine(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", maxLine)
	exact := "https://example.com/" + strings.Repeat("b", maxLine-len("https://example.com/"))
	stdin := "https://one.example/\n" + long + "\n" + exact + "\r\nhttps://two.example/\n" + long
	var stdout, stderr bytes.Buffer
	status := run([]string{"parse", "-json"}, strings.NewReader(stdin), &stdout, &stderr)
	if status != 1 {
		t.Errorf("status = %d, want 1", status)
	}
	for _, want := range []string{
		"weburl: line 2: line longer than 16 MiB (" + strconv.Itoa(len(long)) + " bytes), skipped\n",
		"weburl: line 5: line longer than 16 MiB (" + strconv.Itoa(len(long)) + " bytes), skipped\n",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr = %.300q, want %q", stderr.String(), want)
		}
	}
	var hrefs []string
	for line := range strings.Lines(stdout.String()) {
		var r result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		hrefs = append(hrefs, r.Href)
	}
	if want := []string{"https://one.example/", exact, "https://two.example/"}; !slices.Equal(hrefs, want) {
		t.Errorf("got %d results, want the 3 lines that are not too long", len(hrefs))
	}
	// The same through parse -field's own loop (fieldLines).
	stdout.Reset()
	stderr.Reset()
	if status := run([]string{"parse", "-field", "href"}, strings.NewReader(stdin), &stdout, &stderr); status != 1 {
		t.Errorf("-field href: status = %d, want 1", status)
	}
	if want := "https://one.example/\n" + exact + "\nhttps://two.example/\n"; stdout.String() != want {
		t.Errorf("-field href: stdout = %.100q..., want the 3 lines that are not too long", stdout.String())
	}
	if want := "weburl: line 5: line longer than 16 MiB"; strings.Count(stderr.String(), "line longer than") != 2 || !strings.Contains(stderr.String(), want) {
		t.Errorf("-field href: stderr = %.300q, want lines 2 and 5 reported", stderr.String())
	}
}

// TestRunLongLineMemory: skipping a line of 4*maxLine bytes allocates
// about the limit, not the line.
func TestRunLongLineMemory(t *testing.T) {
	stdin := strings.Repeat("a", 4*maxLine) + "\nhttps://example.com/\n"
	var stdout, stderr bytes.Buffer
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	status := run([]string{"parse"}, strings.NewReader(stdin), &stdout, &stderr)
	runtime.ReadMemStats(&after)
	if status != 1 || !strings.Contains(stdout.String(), "href:     https://example.com/") {
		t.Errorf("status %d, stdout %q: want 1 and the second line parsed", status, stdout.String())
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 3*maxLine {
		t.Errorf("%d bytes allocated to skip a %d-byte line, want at most %d", n, 4*maxLine, 3*maxLine)
	}
}

// TestRunBOMAndBlankLines: a UTF-8 byte-order mark at the start of the
// input and blank lines are not URLs and are skipped (they were
// reported as bad URLs); a BOM later in the input is not special.
func TestRunBOMAndBlankLines(t *testing.T) {
	var stdout, stderr bytes.Buffer
	stdin := "\uFEFFhttps://a.example/\n\n   \n\t\r\n\r\nhttps://b.example/\r\n\n"
	if status := run([]string{"parse"}, strings.NewReader(stdin), &stdout, &stderr); status != 0 || stderr.Len() != 0 {
		t.Errorf("status = %d, stderr %q; want 0 and nothing", status, stderr.String())
	}
	for _, want := range []string{"href:     https://a.example/\n", "href:     https://b.example/\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	if n := strings.Count(stdout.String(), "href:"); n != 2 {
		t.Errorf("%d results, want 2", n)
	}

	stdout.Reset()
	stderr.Reset()
	if status := run([]string{"parse"}, strings.NewReader("https://a.example/\n\uFEFFhttps://b.example/\n"), &stdout, &stderr); status != 1 {
		t.Errorf("BOM on line 2: status = %d, want 1 (it is not a byte-order mark there)", status)
	}
}

// TestRunManyValidationErrors: -v lists the first
// maxValidationErrors validation errors and counts the others.
func TestRunManyValidationErrors(t *testing.T) {
	input := "https://example.com/" + strings.Repeat("%", 1000)
	var stdout, stderr bytes.Buffer
	if status := run([]string{"parse", "-v", input}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status = %d", status)
	}
	if n := strings.Count(stdout.String(), "validation error: invalid-URL-unit"); n != maxValidationErrors {
		t.Errorf("%d errors listed, want %d", n, maxValidationErrors)
	}
	if want := "validation errors: 900 more not shown\n"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout lacks %q", want)
	}

	stdout.Reset()
	run([]string{"parse", "-v", "-json", input}, nil, &stdout, &stderr)
	var r result
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.ValidationErrors) != maxValidationErrors || r.MoreValidationErrors != 900 {
		t.Errorf("json: %d errors, %d more; want %d, 900", len(r.ValidationErrors), r.MoreValidationErrors, maxValidationErrors)
	}
}

// TestRunHelpAndUsage: -h prints a usage on standard output and exits
// 0, for weburl and each subcommand; a usage error prints the usage on
// standard error and exits 2.
func TestRunHelpAndUsage(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // substring of stdout
		wantErr    string // substring of stderr
	}{
		{"weburl -h", []string{"-h"}, 0, "Subcommands:", ""},
		{"weburl help", []string{"help"}, 0, "links ", ""},
		{"parse -h", []string{"parse", "-h"}, 0, "usage: weburl parse", ""},
		{"parse -help", []string{"parse", "-help"}, 0, "-field", ""},
		{"links -h", []string{"links", "-h"}, 0, "usage: weburl links", ""},
		{"unknown flag", []string{"parse", "-nope"}, 2, "", "flag provided but not defined: -nope"},
		{"unknown option, editing mode", []string{"-nope", "x"}, exitFlag, "", "weburl error: unknown option: -n\n"},
		{"flag without value", []string{"links", "-base"}, 2, "", "flag needs an argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, strings.NewReader(""), &stdout, &stderr)
			if status != tc.wantStatus {
				t.Errorf("status = %d, want %d", status, tc.wantStatus)
			}
			if !strings.Contains(stdout.String(), tc.wantOut) {
				t.Errorf("stdout = %q, want it to contain %q", stdout.String(), tc.wantOut)
			}
			if !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tc.wantErr)
			}
			if tc.wantStatus == 0 && stderr.Len() != 0 {
				t.Errorf("-h wrote to stderr: %q", stderr.String())
			}
			if tc.wantStatus != 0 && stdout.Len() != 0 {
				t.Errorf("a usage error wrote to stdout: %q", stdout.String())
			}
		})
	}
}

// TestFlagsAfterArguments: a subcommand's flags may follow its
// arguments (issue 26: weburl parse URL -json read -json as a URL), and
// "--" ends the flags.
func TestFlagsAfterArguments(t *testing.T) {
	out := runCLI(t, []string{"parse", "https://a.example/x", "-field", "pathname", "https://b.example/y"}, "", 0, "")
	if out != "/x\n/y\n" {
		t.Errorf("parse URL -field pathname URL: %q", out)
	}
	out = runCLI(t, []string{"parse", "-field", "href", "--", "https://a.example/", "-json"}, "", 1, `"-json"`)
	if out != "https://a.example/\n" {
		t.Errorf("after --: %q", out)
	}
	out = runCLI(t, []string{"canon", "https://a.example/b?z=1&a=2#f", "-json"}, "", 0, "")
	if !strings.HasPrefix(out, `{"input":`) {
		t.Errorf("canon URL -json: %q", out)
	}
}
