package urlpattern

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// tokenize runs the standard's tokenize algorithm on a valid UTF-8
// input and returns the whole token list, as the package's parsers read
// it one token at a time. Under the strict policy a
// tokenizing error is returned as an error wrapping [ErrTokenize].
// https://urlpattern.spec.whatwg.org/#tokenize
func tokenize(input string, policy tokenizePolicy) ([]token, error) {
	// 1-3. Let tokenizer be a new tokenizer with input and policy. There
	// are at most as many tokens as code points, and an "end".
	tz := tokenizer{input: input, policy: policy}
	tokens := make([]token, 0, utf8.RuneCountInString(input)+1)
	for {
		t, err := tz.next()
		if err != nil {
			return nil, err
		}
		tokens = append(tokens, t)
		if t.typ == tokenEnd {
			// 6. Return tokenizer's token list.
			return tokens, nil
		}
	}
}

// showTokens renders a token list of input as "type:value@index" items
// (index in code points).
func showTokens(input string, ts []token) string {
	var b []string
	for _, t := range ts {
		b = append(b, fmt.Sprintf("%s:%s@%d", t.typ, t.value(input), codePointIndex(input, t.index)))
	}
	return strings.Join(b, " ")
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in, strict, lenient string // "" strict: the strict policy fails
	}{
		{"/a", "char:/@0 char:a@1 end:@2", ""},
		{":name*", "name:name@0 asterisk:*@5 end:@6", ""},
		{"(\\d+)?", "regexp:\\d+@0 other-modifier:?@5 end:@6", ""},
		{"{a}+", "open:{@0 char:a@1 close:}@2 other-modifier:+@3 end:@4", ""},
		{"\\:x", "escaped-char::@0 char:x@2 end:@3", ""},
		{":é$1", "name:é$1@0 end:@4", ""},                                                      // identifier code points
		{"(a(?:b))", "regexp:a(?:b)@0 end:@8", ""},                                             // nested non-capturing group
		{"https:", "", "char:h@0 char:t@1 char:t@2 char:p@3 char:s@4 invalid-char::@5 end:@6"}, // ":" without a name
		{"(a(b))", "", ""}, // a capturing group inside
		{"(?a)", "", ""},   // "?" first
		{"(é)", "", ""},    // not ASCII
		{"()", "", ""},     // empty
		{"(a", "", ""},     // unclosed
		{"a\\", "", "char:a@0 invalid-char:\\@1 end:@2"}, // "\" at the end
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tokenize(tt.in, policyStrict)
			if tt.strict == "" {
				if err == nil || !errors.Is(err, ErrTokenize) {
					t.Errorf("strict: got %s, %v; want ErrTokenize", showTokens(tt.in, got), err)
				}
			} else if s := showTokens(tt.in, got); err != nil || s != tt.strict {
				t.Errorf("strict: got %s, %v; want %s", s, err, tt.strict)
			}
			lenient, err := tokenize(tt.in, policyLenient)
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			if tt.lenient != "" && showTokens(tt.in, lenient) != tt.lenient {
				t.Errorf("lenient: got %s, want %s", showTokens(tt.in, lenient), tt.lenient)
			}
		})
	}
}

// TestTokenWindow: the constructor string parser's window gives the
// token list tokenize gives, read forward, looking back one token and
// ahead two, and rewound to its mark.
func TestTokenWindow(t *testing.T) {
	for _, in := range []string{
		"", "a", "https://*.example.com/books/:id(\\d+)?q#h", "https:", "a\\",
		"{a{b}}c:x(y)z*+?" + strings.Repeat("/:n(a)", 10), "(é):é\\é", strings.Repeat("ab", 40),
	} {
		t.Run(in, func(t *testing.T) {
			want, err := tokenize(in, policyLenient)
			if err != nil {
				t.Fatal(err)
			}
			safe := func(i int) token { return want[min(i, len(want)-1)] }
			w := newTokenWindow(in)
			for mark := 0; mark < len(want)+2; mark += 3 {
				w.setMark(mark)
				// Read on, around the index, then rewind to the mark.
				for pass := range 2 {
					for i := max(mark-1, 0); i < len(want)+3; i++ {
						for _, j := range []int{i, i + 1, i + 2, i - 1} {
							if j < max(mark-1, 0) {
								continue
							}
							if got := w.at(j); got != safe(j) {
								t.Fatalf("mark %d pass %d: token %d = %+v, want %+v", mark, pass, j, got, safe(j))
							}
							if w.exists(j) != (j < len(want)) {
								t.Fatalf("mark %d: exists(%d) = %v with %d tokens", mark, j, w.exists(j), len(want))
							}
						}
					}
				}
				if got := w.at(0); got != want[0] {
					t.Fatalf("token 0 = %+v, want %+v", got, want[0])
				}
			}
		})
	}
}
