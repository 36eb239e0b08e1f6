package charset

import (
	"testing"

	"github.com/weburl/url/internal/nilcheck"
)

// TestZeroAndNil calls the package's function on the zero label: it may
// not panic.
func TestZeroAndNil(t *testing.T) {
	nilcheck.Check(t, `Lookup("")`, func() { Lookup("") })
}
