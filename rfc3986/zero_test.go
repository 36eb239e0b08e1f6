package rfc3986

import (
	"testing"

	"github.com/weburl/url/internal/nilcheck"
)

// TestZeroAndNil calls the package's function on the empty string: it
// may not panic.
func TestZeroAndNil(t *testing.T) {
	nilcheck.Check(t, `Encode("")`, func() { _ = Encode("") })
}
