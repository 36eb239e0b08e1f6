package urlpattern

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// showTokens renders a token list as "type:value" items.
func showTokens(ts []token) string {
	var b []string
	for _, t := range ts {
		b = append(b, fmt.Sprintf("%s:%s@%d", t.typ, t.value, t.index))
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
			got, err := tokenize([]rune(tt.in), policyStrict)
			if tt.strict == "" {
				if err == nil || !errors.Is(err, ErrTokenize) {
					t.Errorf("strict: got %s, %v; want ErrTokenize", showTokens(got), err)
				}
			} else if s := showTokens(got); err != nil || s != tt.strict {
				t.Errorf("strict: got %s, %v; want %s", s, err, tt.strict)
			}
			lenient, err := tokenize([]rune(tt.in), policyLenient)
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			if tt.lenient != "" && showTokens(lenient) != tt.lenient {
				t.Errorf("lenient: got %s, want %s", showTokens(lenient), tt.lenient)
			}
		})
	}
}

// TestASCIIStrings: asciiStrings holds each ASCII character at its index.
func TestASCIIStrings(t *testing.T) {
	if len(asciiStrings) != 128 {
		t.Fatalf("len %d", len(asciiStrings))
	}
	for i := range 128 {
		if asciiStrings[i] != byte(i) {
			t.Errorf("asciiStrings[%d] = %q", i, asciiStrings[i])
		}
	}
}
