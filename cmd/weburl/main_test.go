package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

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
		// -v names the validation errors, with offsets.
		{"validation errors", []string{"-v", "https://u@example.com/a b"}, "", 0,
			[]string{"error:    invalid-credentials at offset 9", "error:    invalid-URL-unit at offset 23"}, ""},
		// A valid URL string reports none.
		{"no validation errors", []string{"-v", "https://example.com/"}, "", 0,
			[]string{"errors:   none"}, ""},
		// A failure exits 1 with the reason on stderr.
		{"failure", []string{"http://exa mple.com/"}, "", 1, nil, `domain-invalid-code-point`},
		// No arguments: one URL per line of standard input.
		{"stdin", nil, "https://a.example/\nmailto:x@y\n", 0,
			[]string{"href:     https://a.example/", "href:     mailto:x@y", "origin:   null"}, ""},
		// An invalid base is a usage error.
		{"bad base", []string{"-base", "nope", "x"}, "", 2, nil, "invalid -base"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if status != tt.wantStatus {
				t.Errorf("status = %d, want %d (stderr %q)", status, tt.wantStatus, stderr.String())
			}
			for _, want := range tt.wantOut {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
			if !strings.Contains(stderr.String(), tt.wantErr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.wantErr)
			}
		})
	}
}

// TestRunJSON checks that -json prints one decodable object per input,
// failures included.
func TestRunJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"-json", "-v", "https://example.com/a", "https://[::1"}, nil, &stdout, &stderr)
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
