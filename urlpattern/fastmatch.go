package urlpattern

// fastMatcher matches a component without its regular expression when
// the part list is simple enough.
type fastMatcher interface {
	// match reports whether input matches; decided is false when the
	// matcher cannot tell and the regular expression must.
	match(input string, names []string, want bool) (ok, decided bool, groups []Group)
}

func newFastMatcher(parts []part, o options) fastMatcher { return nil }
