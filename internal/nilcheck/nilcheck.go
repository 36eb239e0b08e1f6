// Package nilcheck makes calls of a package's exported API on zero
// values and nil arguments, each as a subtest, and fails the calls that
// panic: the house rule is usable zero values and no panic on a nil
// argument where net/url-style code would pass one (a *URL that failed
// to parse, an error not checked).
package nilcheck

import "testing"

// Check calls f in a subtest of t named name (the call as written) and
// fails it if f panics.
func Check(t *testing.T, name string, f func()) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("panics: %v", r)
			}
		}()
		f()
	})
}
