package links

import (
	"io"
	"strings"
	"testing"

	"github.com/weburl/url/internal/nilcheck"
)

// TestZeroAndNil calls every exported function and method of the
// package on zero values and nil arguments: none may panic.
func TestZeroAndNil(t *testing.T) {
	const doc = "https://example.com/"
	drain := func(r io.Reader, documentURL string) {
		for range (LinkExtractor{}).Links(r, documentURL) {
		}
	}
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"SniffEncoding(nil, \"\")", func() { SniffEncoding(nil, "") }},
		{"Kind(0).String()", func() { _ = Kind(0).String() }},
		{"ExtractLinks(nil, doc)", func() { ExtractLinks(nil, doc) }},
		{"ExtractLinks(r, \"\")", func() { ExtractLinks(strings.NewReader("<a href=x>"), "") }},
		{"LinkExtractor{}.Extract(nil, doc)", func() { LinkExtractor{}.Extract(nil, doc) }},
		{"LinkExtractor{}.Links(nil, doc)", func() { drain(nil, doc) }},
		{"LinkExtractor{}.Links(r, \"\")", func() { drain(strings.NewReader("<a href=x>"), "") }},
		{"(*Link)(nil).PositionOf(1)", func() { (*Link)(nil).PositionOf(1) }},
		{"(&Link{}).PositionOf(1)", func() { (&Link{}).PositionOf(1) }},
		{"Position{}.String()", func() { _ = Position{}.String() }},
		{"(&TooLargeError{}).Error()", func() { _ = (&TooLargeError{}).Error() }},
		{"(*TooLargeError)(nil).Error()", func() { _ = (*TooLargeError)(nil).Error() }},
		{"(&ValueTooLongError{}).Error()", func() { _ = (&ValueTooLongError{}).Error() }},
		{"(*ValueTooLongError)(nil).Error()", func() { _ = (*ValueTooLongError)(nil).Error() }},
	} {
		nilcheck.Check(t, c.name, c.f)
	}
}
