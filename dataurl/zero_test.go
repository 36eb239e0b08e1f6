package dataurl

import (
	"io"
	"testing"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/nilcheck"
)

// TestZeroAndNil calls every exported function and method of the
// package on zero values and nil arguments: none may panic.
func TestZeroAndNil(t *testing.T) {
	var nilURL *url.URL
	buf := make([]byte, 8)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{`DecodeBase64("")`, func() { DecodeBase64("") }},
		{`Parse("")`, func() { Parse("") }},
		{"Process(nil)", func() { Process(nilURL) }},
		{"Process(&url.URL{})", func() { Process(&url.URL{}) }},
		{"NewReader(nil)", func() { NewReader(nilURL) }},
		{"NewReader(&url.URL{})", func() { NewReader(&url.URL{}) }},
		{`ParseMIMEType("")`, func() { ParseMIMEType("") }},
		{"(&Error{}).Error()", func() { _ = (&Error{}).Error() }},
		{"(&Error{}).Unwrap()", func() { _ = (&Error{}).Unwrap() }},
		{"(*Error)(nil).Error()", func() { _ = (*Error)(nil).Error() }},
		{"(*Error)(nil).Unwrap()", func() { _ = (*Error)(nil).Unwrap() }},
		{"(&MIMEType{}).Essence()", func() { _ = (&MIMEType{}).Essence() }},
		{"(&MIMEType{}).MarshalText()", func() { (&MIMEType{}).MarshalText() }},
		{"(&MIMEType{}).NumParams()", func() { (&MIMEType{}).NumParams() }},
		{`(&MIMEType{}).Param("a")`, func() { (&MIMEType{}).Param("a") }},
		{"(&MIMEType{}).Params()", func() {
			for range (&MIMEType{}).Params() {
			}
		}},
		{"(&MIMEType{}).String()", func() { _ = (&MIMEType{}).String() }},
		{"(&MIMEType{}).Subtype()", func() { _ = (&MIMEType{}).Subtype() }},
		{"(&MIMEType{}).Type()", func() { _ = (&MIMEType{}).Type() }},
		{"(*MIMEType)(nil).Essence()", func() { _ = (*MIMEType)(nil).Essence() }},
		{"(*MIMEType)(nil).MarshalText()", func() { (*MIMEType)(nil).MarshalText() }},
		{"(*MIMEType)(nil).NumParams()", func() { (*MIMEType)(nil).NumParams() }},
		{`(*MIMEType)(nil).Param("a")`, func() { (*MIMEType)(nil).Param("a") }},
		{"(*MIMEType)(nil).Params()", func() {
			for range (*MIMEType)(nil).Params() {
			}
		}},
		{"(*MIMEType)(nil).String()", func() { _ = (*MIMEType)(nil).String() }},
		{"(*MIMEType)(nil).Subtype()", func() { _ = (*MIMEType)(nil).Subtype() }},
		{"(*MIMEType)(nil).Type()", func() { _ = (*MIMEType)(nil).Type() }},
		{"(&DataURL{}).MIMEType.String()", func() { _ = (&DataURL{}).MIMEType.String() }},
		{"(&Reader{}).MIMEType()", func() { (&Reader{}).MIMEType() }},
		{"(&Reader{}).Read(buf)", func() { (&Reader{}).Read(buf) }},
		{"(&Reader{}).Size()", func() { (&Reader{}).Size() }},
		{"(*Reader)(nil).MIMEType()", func() { (*Reader)(nil).MIMEType() }},
		{"(*Reader)(nil).Read(buf)", func() { (*Reader)(nil).Read(buf) }},
		{"(*Reader)(nil).Size()", func() { (*Reader)(nil).Size() }},
		{"io.ReadAll(&Reader{})", func() { io.ReadAll(&Reader{}) }},
	} {
		nilcheck.Check(t, c.name, c.f)
	}
}
