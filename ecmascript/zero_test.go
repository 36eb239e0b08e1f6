package ecmascript

import (
	"testing"

	"github.com/weburl/url/internal/nilcheck"
)

// TestZeroAndNil calls every exported function and method of the
// package on zero values and nil arguments: none may panic.
func TestZeroAndNil(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
	}{
		{`DecodeURI("")`, func() { DecodeURI("") }},
		{`DecodeURIComponent("")`, func() { DecodeURIComponent("") }},
		{`EncodeURI("")`, func() { EncodeURI("") }},
		{`EncodeURIComponent("")`, func() { EncodeURIComponent("") }},
		{`Escape("")`, func() { _ = Escape("") }},
		{`Unescape("")`, func() { _ = Unescape("") }},
		{"(&URIError{}).Error()", func() { _ = (&URIError{}).Error() }},
		{"(&URIError{Offset: 9}).Error()", func() { _ = (&URIError{Offset: 9}).Error() }},
		{"(&URIError{}).Unwrap()", func() { _ = (&URIError{}).Unwrap() }},
		{"(*URIError)(nil).Error()", func() { _ = (*URIError)(nil).Error() }},
		{"(*URIError)(nil).Unwrap()", func() { _ = (*URIError)(nil).Unwrap() }},
	} {
		nilcheck.Check(t, c.name, c.f)
	}
}
