package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	links := "https://docs.example.org/en/guide\nhttps://docs.example.org/fr/guide\nnot a url\n\nhttps://docs.example.org/en/\n"
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantOut    string
		wantErr    string // substring of stderr
	}{
		// A crawler's scope filter: the matching lines of standard input.
		{"scope filter", []string{"match", "https://docs.example.org/en/*"}, links, 0,
			"https://docs.example.org/en/guide\nhttps://docs.example.org/en/\n", ""},
		// URLs as arguments; nothing matches: status 1, as grep.
		{"no match", []string{"match", "https://example.com/*", "https://example.org/", "nonsense"}, "", 1, "", ""},
		// -base for a relative pattern, -input-base for relative inputs.
		{"bases", []string{"match", "-base", "https://example.com", "-input-base", "https://example.com/a/", "/books/:id", "../books/1", "b"}, "", 0,
			"../books/1\n", ""},
		// -i: the pathname without regard to case.
		{"ignore case", []string{"match", "-i", "https://example.com/Books/*", "https://example.com/BOOKS/1"}, "", 0,
			"https://example.com/BOOKS/1\n", ""},
		// A bad pattern is status 2 with the reason.
		{"bad pattern", []string{"match", "https://example.com/(a", "https://example.com/"}, "", 2, "", "invalid pattern syntax"},
		{"relative pattern without base", []string{"match", "/books"}, "", 2, "", "needs a base URL"},
		{"missing pattern", []string{"match"}, "", 2, "", "missing PATTERN"},
		{"bad flag", []string{"match", "-x", "p"}, "", 2, "", "flag provided but not defined"},
		{"help", []string{"match", "-h"}, "", 0, "usage: weburl match", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(t, tt.args, tt.stdin, tt.wantStatus, tt.wantErr)
			if tt.name == "help" {
				if !strings.Contains(got, tt.wantOut) {
					t.Errorf("stdout = %q, want it to contain %q", got, tt.wantOut)
				}
				return
			}
			if got != tt.wantOut {
				t.Errorf("stdout = %q, want %q", got, tt.wantOut)
			}
		})
	}
}

// TestMatchJSON checks the -json lines: one per input in input order, the
// result in the shape of JavaScript's exec() result, null for no match,
// an unmatched group as null, integer group names first.
func TestMatchJSON(t *testing.T) {
	out := runCLI(t, []string{"match", "-json", "https://example.com/:id/:page?/*?"}, "https://example.com/7\nhttps://example.org/\n%%\n\n", 0, "")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want 4 (one per input line): %q", len(lines), out)
	}
	want := `{"input":"https://example.com/7","match":true,"result":{"inputs":["https://example.com/7"],` +
		`"protocol":{"input":"https","groups":{}},"username":{"input":"","groups":{"0":""}},"password":{"input":"","groups":{"0":""}},` +
		`"hostname":{"input":"example.com","groups":{}},"port":{"input":"","groups":{}},` +
		`"pathname":{"input":"/7","groups":{"0":null,"id":"7","page":null}},` +
		`"search":{"input":"","groups":{"0":""}},"hash":{"input":"","groups":{"0":""}}}}`
	if lines[0] != want {
		t.Errorf("line 1:\n got %s\nwant %s", lines[0], want)
	}
	for i, l := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Errorf("line %d is not JSON: %v", i+1, err)
		}
	}
	if want := `{"input":"https://example.org/","match":false,"result":null}`; lines[1] != want {
		t.Errorf("line 2 = %s, want %s", lines[1], want)
	}
	if want := `{"input":"%%","match":false,"result":null}`; lines[2] != want {
		t.Errorf("line 3 = %s, want %s", lines[2], want)
	}
	if want := `{"input":"","match":false,"result":null}`; lines[3] != want {
		t.Errorf("line 4 = %s, want %s", lines[3], want)
	}
}
