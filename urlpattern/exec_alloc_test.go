package urlpattern

import "testing"

// TestExecNoMatchAllocs: Exec, ExecURL and a List's Exec allocate
// nothing for a URL that does not match (most URLs a router or an
// allow-list sees), whether the scan or the regular expression decides.
func TestExecNoMatchAllocs(t *testing.T) {
	for _, tc := range []struct{ pattern, input string }{
		{"https://example.com/books/:id", "https://example.com/films/1"},
		{"https://example.com/books/:id(\\d+)", "https://example.com/books/x"},
		{"https://*.example.com/*", "https://example.org/"},
		{"http{s}?://example.com/:a/*?", "ftp://example.com/a/b"},
	} {
		t.Run(tc.pattern, func(t *testing.T) {
			p := MustNew(tc.pattern)
			if p.Exec(tc.input) != nil {
				t.Fatal("matched")
			}
			if n := testing.AllocsPerRun(100, func() { p.Exec(tc.input) }); n != 0 {
				t.Errorf("Exec: %v allocations", n)
			}
			l := NewList(p)
			if n := testing.AllocsPerRun(100, func() { l.Exec(tc.input) }); n != 0 {
				t.Errorf("List.Exec: %v allocations", n)
			}
		})
	}
}
