package url

import (
	"testing"

	"github.com/weburl/url/internal/cputime"
)

// checkLinear times small and large (factor times larger) and fails t
// when large took more than 4*factor times as long (plus slack for the
// timer's granularity), where quadratic growth would take factor*factor
// times. A failure is measured twice more before it counts.
func checkLinear(t *testing.T, factor int, small, large func()) {
	t.Helper()
	skipIfInvariantChecks(t)
	cputime.CheckLinear(t, factor, small, large)
}

// skipIfInvariantChecks skips a test that measures time or allocations
// when the weburl_invariants build tag makes every parse and every
// change run the invariant checker (which allocates, and takes time
// linear in the href after each change to a URL's SearchParams).
func skipIfInvariantChecks(t *testing.T) {
	t.Helper()
	if invariantChecks {
		t.Skip("measures cost; the weburl_invariants checks change it")
	}
}
