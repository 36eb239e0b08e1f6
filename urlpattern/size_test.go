package urlpattern

// Linear time: constructing a pattern takes time linear in the pattern's
// length, and matching time linear in the URL's, whatever either holds;
// a pattern from the ReDoS literature matches in linear time (RE2).

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/weburl/url/internal/cputime"
)

// growingPatterns are pattern strings built at a given size, each
// stressing one part of construction.
var growingPatterns = []struct {
	name  string
	build func(n int) string
}{
	{"named-groups", func(n int) string {
		var b strings.Builder
		b.WriteString("https://h/")
		for i := 0; b.Len() < n; i++ {
			b.WriteString("/:g" + strconv.Itoa(i))
		}
		return b.String()
	}},
	{"wildcards", func(n int) string { return "https://h/" + strings.Repeat("*/", n/2) }},
	{"escapes", func(n int) string { return "https://h/" + strings.Repeat(`\:`, n/2) }},
	{"optional-groups", func(n int) string { return "https://h/" + strings.Repeat("{a}?", n/4) }},
	{"unclosed-braces", func(n int) string { return "https://h/" + strings.Repeat("{", n) }},
	{"regexp-alternation", func(n int) string { return "https://h/(" + strings.Repeat("ab|", n/3) + "c)" }},
	{"regexp-classes", func(n int) string { return "https://h/(" + strings.Repeat("[a-z]", n/5) + ")" }},
	{"regexp-nested", func(n int) string {
		return "https://h/(" + strings.Repeat("(?:", n/4) + "a" + strings.Repeat(")", n/4) + ")"
	}},
	{"colons", func(n int) string { return strings.Repeat(":", n) }},
	{"at-signs", func(n int) string { return "https://" + strings.Repeat("@", n) }},
	{"hostname-labels", func(n int) string { return "https://" + strings.Repeat("a.", n/2) + "com/*" }},
	{"ipv6-brackets", func(n int) string { return "https://" + strings.Repeat("[", n) + "/" }},
	{"question-marks", func(n int) string { return "https://h/" + strings.Repeat("?", n) }},
	{"non-ascii", func(n int) string { return "https://h/" + strings.Repeat("é", n/2) }},
	{"relative-path", func(n int) string { return strings.Repeat("a/", n/2) }},
}

// TestConstructionLinearTime compiles each growing pattern at 1 KiB and
// at 16 KiB (16 times larger).
func TestConstructionLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, g := range growingPatterns {
		t.Run(g.name, func(t *testing.T) {
			small, large := g.build(1<<10), g.build(16<<10)
			cputime.CheckLinear(t, 16,
				func() { New(small, "https://base.example/") },
				func() { New(large, "https://base.example/") })
		})
	}
}

// TestReDoSLinearTime matches catastrophic-backtracking patterns from
// the ReDoS literature against inputs that make a backtracking engine
// take exponential time: ((a+)+b) given "aaaa...c" takes 2^n steps
// there. On RE2 the time is linear in the input.
func TestReDoSLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, tc := range []struct{ pattern, unit, end string }{
		{"https://h/((?:a+)+b)", "a", "c"},          // nested quantifiers (OWASP's (a+)+)
		{"https://h/((?:a|a)*b)", "a", "c"},         // overlapping alternation
		{"https://h/((?:a|aa)+b)", "a", "c"},        // overlapping alternation
		{"https://h/((?:[a-z]+\\d*)+$)", "a1", "!"}, // the e-mail validators' shape
		{"https://h/(.*a.*a.*a.*b)", "a", "c"},      // polynomial backtracking
	} {
		t.Run(tc.pattern, func(t *testing.T) {
			p, err := New(tc.pattern)
			if err != nil {
				t.Fatal(err)
			}
			small := "https://h/" + strings.Repeat(tc.unit, (4<<10)/len(tc.unit)) + tc.end
			large := "https://h/" + strings.Repeat(tc.unit, (64<<10)/len(tc.unit)) + tc.end
			if p.Test(small) || p.Test(large) {
				t.Fatal("matched")
			}
			cputime.CheckLinear(t, 16, func() { p.Test(small) }, func() { p.Test(large) })
			// And 30 code points, where a backtracking engine already
			// takes about a billion steps, return at once.
			short := "https://h/" + strings.Repeat(tc.unit, 30) + tc.end
			if d := cputime.Best(1, func() { p.Test(short) }); d > 100*time.Millisecond {
				t.Errorf("30 code points took %v", d)
			}
		})
	}
}
