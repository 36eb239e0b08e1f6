package url

import (
	"strings"
	"testing"
)

// TestAssertInvariants checks that, with the weburl_invariants build tag,
// a change that leaves a URL broken panics with the href in the message;
// without the tag, it checks that nothing is checked.
func TestAssertInvariants(t *testing.T) {
	u := MustParse("https://example.com/a?b#c")
	u.scheme = schemeFile // broken: the href says https
	defer func() {
		r := recover()
		if !invariantChecks {
			if r != nil {
				t.Errorf("panic without the weburl_invariants tag: %v", r)
			}
			return
		}
		msg, _ := r.(string)
		if !strings.Contains(msg, `"https://example.com/a?b#d"`) || !strings.Contains(msg, "a setter") {
			t.Errorf("panic %v, want a message naming the setter and the href", r)
		}
	}()
	u.SetHash("d")
}

// TestAssertInvariantsSearchParams checks that a change to a URL's
// SearchParams is checked too: after Append, the URL with its new query
// is checked.
func TestAssertInvariantsSearchParams(t *testing.T) {
	if !invariantChecks {
		t.Skip("needs the weburl_invariants build tag")
	}
	u := MustParse("https://example.com/a?b#c")
	sp := u.SearchParams()
	u.opaquePath = true // broken: a special URL's path is never opaque
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "a SearchParams change") || !strings.Contains(msg, `"https://example.com/a?b=&x=y#c"`) {
			t.Errorf("panic %q, want a message naming the change and the href", msg)
		}
	}()
	sp.Append("x", "y")
}
