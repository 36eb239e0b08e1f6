package urlpattern

import "testing"

// TestPatternAndRegexpStrings checks the part list of a pattern through
// the two strings generated from it: the normalized pattern string and
// the regular expression.
func TestPatternAndRegexpStrings(t *testing.T) {
	identity := func(s string) (string, error) { return s, nil }
	tests := []struct {
		in      string
		o       options
		pattern string
		regexp  string
	}{
		{"/books/:id", pathnameOptions, "/books/:id", `^\/books(?:\/([^\/]+?))$`},
		{"/books/:id?", pathnameOptions, "/books/:id?", `^\/books(?:\/([^\/]+?))?$`},
		{"/files/*", pathnameOptions, "/files/*", `^\/files(?:\/(.*))$`},
		{"/:a+", pathnameOptions, "/:a+", `^(?:\/((?:[^\/]+?)(?:\/(?:[^\/]+?))*))$`},
		{"/(\\d+)", pathnameOptions, "/(\\d+)", `^(?:\/(\d+))$`},
		{"{a.b}?", defaultOptions, "{a.b}?", `^(?:a\.b)?$`},
		{"*.example.com", hostnameOptions, "*.example.com", `^(.*)\.example\.com$`},
		{"{:sub.}?example.com", hostnameOptions, "{:sub.}?example.com", `^(?:([^\.]+?)\.)?example\.com$`},
		{":a\\b", defaultOptions, "{:a}b", `^([^]+?)b$`},             // text that would read as part of the name
		{"{:a\\b}", defaultOptions, "{:a\\b}", `^(?:([^]+?)b)$`},     // a suffix that would read as part of the name
		{"(.*)", defaultOptions, "*", `^(.*)$`},                      // the full wildcard's regexp is "*"
		{"([^\\/]+?)", pathnameOptions, "([^\\/]+?)", `^([^\/]+?)$`}, // the segment wildcard's regexp, unnamed
		{"a\\+b", defaultOptions, "a\\+b", `^a\+b$`},                 // escaped again
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			parts, err := parsePatternString(tt.in, tt.o, identity)
			if err != nil {
				t.Fatal(err)
			}
			if got := generatePatternString(parts, tt.o); got != tt.pattern {
				t.Errorf("pattern string %q, want %q", got, tt.pattern)
			}
			if got, _ := generateRegexpAndNameList(parts, tt.o); got != tt.regexp {
				t.Errorf("regexp %q, want %q", got, tt.regexp)
			}
		})
	}
}

func TestParsePatternStringErrors(t *testing.T) {
	identity := func(s string) (string, error) { return s, nil }
	for _, in := range []string{"{a", "a}", "{{a}}", "/:a/:a", "(a", ":", "a+b"} {
		if parts, err := parsePatternString(in, pathnameOptions, identity); err == nil {
			t.Errorf("%q: got %v, want an error", in, parts)
		}
	}
}
