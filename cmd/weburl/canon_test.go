package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCanon: canonical keys of arguments or of the lines of standard
// input, with each profile; usage errors exit 2, failures 1.
func TestCanon(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantOut    string
		wantErr    string // substring of stderr
	}{
		// crawler (the default): fragment dropped, unreserved escapes
		// decoded, query sorted by name.
		{"crawler", []string{"HTTP://Example.COM/%7Euser/?b=2&a=1#top"}, "", 0,
			"http://example.com/~user/?a=1&b=2\n", ""},
		{"crawler, stdin", []string{"-profile", "crawler"}, "\uFEFFhttps://a.example/x#f\n\nhttps://b.example/?\n", 0,
			"https://a.example/x\nhttps://b.example/\n", ""},
		// safebrowsing: the documented examples of the Safe Browsing
		// API ("URLs and Hashing").
		{"safebrowsing", []string{"-profile", "safebrowsing", "http://www.GOOgle.com/", "http://3279880203/blah", "www.google.com/"}, "", 0,
			"http://www.google.com/\nhttp://195.127.0.11/blah\nhttp://www.google.com/\n", ""},
		{"failure", nil, "https://ok.example/\nhttp://[::1\n", 1,
			"https://ok.example/\n", "weburl: line 2:"},
		{"unknown profile", []string{"-profile", "nope", "x"}, "", 2, "", `unknown -profile "nope"`},
		{"help", []string{"-h"}, "", 0, "usage: weburl canon", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout := runCLI(t, append([]string{"canon"}, tc.args...), tc.stdin, tc.wantStatus, tc.wantErr)
			if tc.name == "help" {
				if !strings.Contains(stdout, tc.wantOut) {
					t.Errorf("stdout = %q, want it to contain %q", stdout, tc.wantOut)
				}
			} else if stdout != tc.wantOut {
				t.Errorf("stdout = %q, want %q", stdout, tc.wantOut)
			}
		})
	}
}

// TestCanonWriteError: a failing writer ends canon with status 1.
func TestCanonWriteError(t *testing.T) {
	var stderr bytes.Buffer
	stdin := strings.Repeat("https://example.com/\n", 10000)
	if status := run([]string{"canon"}, strings.NewReader(stdin), failWriter{}, &stderr); status != 1 {
		t.Errorf("status = %d, want 1", status)
	}
	if !strings.Contains(stderr.String(), "writing standard output") {
		t.Errorf("stderr = %q", stderr.String())
	}
}
