package url

import "testing"

// The parser's fast paths (a run of empty path segments, a run of plain
// path segments, CanParse's output kept as a length only) are taken only
// when nobody listens for validation errors. A Parser with an
// OnValidationError callback is therefore the test hook that forces the
// general path, and these fuzz targets check that both agree.

// generalParse parses with the general path.
func generalParse(input string, base []string) (*URL, error) {
	pr := Parser{OnValidationError: func(ValidationError) {}}
	return pr.Parse(input, base...)
}

// FuzzFastPath: Parse (fast paths) and the general path give the same
// URL, components included, or both fail with the same error kind.
func FuzzFastPath(f *testing.F) {
	fuzzSeeds(f, func(input, base string) { f.Add(input, base) })
	for _, in := range append(append(normalizedInputs, rewrittenInputs...), "https://h//a\\\\b//", "sc://h/a//b/./c", "https://h/a/b.c/d?e#f") {
		f.Add(in, "")
		f.Add(in, "https://example.com/dir/page.html")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		u, err := Parse(input, bases...)
		g, gerr := generalParse(input, bases)
		if (err == nil) != (gerr == nil) {
			t.Fatalf("Parse(%q, %q): %v; general path: %v", input, base, err, gerr)
		}
		if err != nil {
			if err.Error() != gerr.Error() {
				t.Fatalf("Parse(%q, %q): %v; general path: %v", input, base, err, gerr)
			}
			return
		}
		if u.href != g.href || u.components != g.components {
			t.Fatalf("Parse(%q, %q) = %q %+v; general path %q %+v", input, base, u.href, u.components, g.href, g.components)
		}
	})
}

// FuzzCanParse: CanParse, which keeps no output that differs from the
// input, agrees with Parse.
func FuzzCanParse(f *testing.F) {
	fuzzSeeds(f, func(input, base string) { f.Add(input, base) })
	for _, in := range append(append(normalizedInputs, rewrittenInputs...), "sc:/..//a", "file:///C:/../..", "https://h/a/../../b/./c/%2e%2E/d", "a", "//h", "?q") {
		f.Add(in, "")
		f.Add(in, "https://example.com/dir/page.html")
		f.Add(in, "file:///C:/dir/")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		_, err := Parse(input, bases...)
		if got := CanParse(input, bases...); got != (err == nil) {
			t.Errorf("CanParse(%q, %q) = %v; Parse error: %v", input, base, got, err)
		}
	})
}
