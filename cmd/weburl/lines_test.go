package main

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestLineReader reads lines as bufio.ScanLines did ("\n" or "\r\n"
// ends a line; a last line needs no end), except that a line longer
// than maxLine is skipped with errLineTooLong instead of ending the
// input.
func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", maxLine+1)
	for _, tc := range []struct {
		name  string
		input string
		want  []string // "!" stands for errLineTooLong
	}{
		{"empty", "", nil},
		{"one line, no end", "a", []string{"a"}},
		{"lines", "a\nb\n", []string{"a", "b"}},
		{"crlf", "a\r\nb\r\n", []string{"a", "b"}},
		{"cr at the end", "a\r", []string{"a"}},
		{"cr inside", "a\rb\n", []string{"a\rb"}},
		{"blank lines", "\n\r\n\n", []string{"", "", ""}},
		{"exactly maxLine, crlf", long[1:] + "\r\nz", []string{long[1:], "z"}},
		{"too long", "a\n" + long + "\nb", []string{"a", "!", "b"}},
		{"too long at the end", "a\n" + long, []string{"a", "!"}},
		{"too long, crlf", long + "\r\nb\r\n", []string{"!", "b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// HalfReader makes ReadSlice return short chunks too.
			for _, r := range []io.Reader{strings.NewReader(tc.input), iotest.HalfReader(strings.NewReader(tc.input))} {
				lr := newLineReader(r)
				var got []string
				for {
					line, err := lr.next()
					if err == io.EOF {
						break
					}
					if err == errLineTooLong {
						line = "!"
					} else if err != nil {
						t.Fatal(err)
					}
					got = append(got, strings.Clone(line)) // valid until the next call
				}
				if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
					t.Errorf("got %d lines %.80q, want %d %.80q", len(got), got, len(tc.want), tc.want)
				}
			}
		})
	}
}

// TestLineReaderError: a read error other than the end is returned.
func TestLineReaderError(t *testing.T) {
	boom := errors.New("boom")
	lr := newLineReader(io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(boom)))
	if line, err := lr.next(); line != "a" || err != nil {
		t.Fatalf("first line: %q, %v", line, err)
	}
	if _, err := lr.next(); err != boom {
		t.Errorf("err = %v, want %v", err, boom)
	}
}
