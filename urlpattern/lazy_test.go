package urlpattern

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestLazyExpressionCompiles: a component that the scan decides is only
// translated at construction, however long (its expression waits for an
// input that needs it). Go's regexp then compiles every translation of
// such a part list that the translator accepts; these are the longest:
// fixed text (escaped or not), 1000 named groups, and a
// "*" between texts, each with a translation near the translator's
// bound of 1 MiB, or just past it (refused at construction).
func TestLazyExpressionCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles expressions of 1 MiB")
	}
	groups := func(n int) string {
		var b strings.Builder
		for i := 0; i < 1000; i++ {
			b.WriteString("/:g" + strconv.Itoa(i))
		}
		b.WriteString("/")
		b.WriteString(strings.Repeat("a", n-b.Len()))
		return b.String()
	}
	for _, c := range []struct {
		name     string
		pathname string
		ok       bool
	}{
		{"text", "/" + strings.Repeat("a", 1<<20-100), true},
		{"escaped text", "/" + strings.Repeat(".", (1<<20-100)/2), true},
		{"escaped text, too long", "/" + strings.Repeat(".", (1<<20+100)/2), false},
		{"groups", groups(1<<20 - 30000), true},
		{"wildcard", "/" + strings.Repeat("a", 1<<19) + "*" + strings.Repeat("b", 1<<19-100), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewInit(Init{Pathname: &c.pathname})
			if !c.ok {
				var re *RegExpError
				if !errors.As(err, &re) || !re.Unsupported || !strings.Contains(re.Reason, "exceeds") {
					t.Fatalf("got %v; want the translator's refusal", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			cc := &p.components[componentPathname]
			if cc.fast == nil || cc.re != nil {
				t.Fatalf("not left for later (scan %v, expression %v)", cc.fast != nil, cc.re != nil)
			}
			if cc.regexp() == nil {
				t.Fatal("the expression does not compile")
			}
		})
	}
}
