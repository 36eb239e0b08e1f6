package url

// TEMPORARY: these tests read the fields of the stub URL in
// zz_urlstub.go; drop them with it on integration and check the update
// steps through the real URL's query (search) instead.

import "testing"

// Every mutation runs the update steps; reset and reading do not.
func TestSearchParamsUpdateSteps(t *testing.T) {
	u := &URL{query: "a=1 b", hasQuery: true}
	sp := NewSearchParams(u.query)
	sp.url = u

	check := func(step, query string, has bool) {
		t.Helper()
		if u.query != query || u.hasQuery != has {
			t.Errorf("after %s: query %q (set %v), want %q (set %v)", step, u.query, u.hasQuery, query, has)
		}
	}
	_ = sp.Get("a")
	_ = sp.String()
	sp.reset("x=y")
	check("reading and reset", "a=1 b", true)

	sp.Append("b", "c d")
	check("Append", "x=y&b=c+d", true)
	sp.Set("x", "~")
	check("Set", "x=%7E&b=c+d", true)
	sp.Sort()
	check("Sort", "b=c+d&x=%7E", true)
	sp.Delete("b", "nope")
	check("Delete(b, nope)", "b=c+d&x=%7E", true)
	sp.Delete("b")
	check("Delete(b)", "x=%7E", true)
	sp.Delete("x")
	check("Delete(x)", "", false) // empty serialization: query becomes null
}
