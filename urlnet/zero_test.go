package urlnet

import (
	"context"
	"net/http"
	"testing"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/nilcheck"
)

// TestZeroAndNil calls every exported function and method of the
// package on zero values and nil arguments: none may panic.
func TestZeroAndNil(t *testing.T) {
	var nilURL *url.URL
	var nilGuard *DialGuard
	var nilProxies *TrustedProxies
	ctx := context.Background()
	for _, c := range []struct {
		name string
		f    func()
	}{
		{`DialControl("", "", nil)`, func() { DialControl("", "", nil) }},
		{`NewRequest(ctx, "GET", nil, nil)`, func() { NewRequest(ctx, "GET", nilURL, nil) }},
		{`NewRequest(ctx, "GET", &url.URL{}, nil)`, func() { NewRequest(ctx, "GET", &url.URL{}, nil) }},
		{`NewRequest(nil, "GET", u, nil)`, func() {
			//lint:ignore SA1012 the nil context is what is checked
			NewRequest(nil, "GET", url.MustParse("https://example.com/"), nil)
		}},
		{"RequestURL(nil)", func() { RequestURL(nil) }},
		{"RequestURL(&http.Request{})", func() { RequestURL(&http.Request{}) }},
		{"(&DialError{}).Error()", func() { _ = (&DialError{}).Error() }},
		{"(&DialError{}).Unwrap()", func() { _ = (&DialError{}).Unwrap() }},
		{"(*DialError)(nil).Error()", func() { _ = (*DialError)(nil).Error() }},
		{"(*DialError)(nil).Unwrap()", func() { _ = (*DialError)(nil).Unwrap() }},
		{"(&DialGuard{}).Client()", func() { (&DialGuard{}).Client() }},
		{`(&DialGuard{}).Control("", "", nil)`, func() { (&DialGuard{}).Control("", "", nil) }},
		{"(*DialGuard)(nil).Client()", func() { nilGuard.Client() }},
		{`(*DialGuard)(nil).Control("tcp", "10.0.0.1:80", nil)`, func() { nilGuard.Control("tcp", "10.0.0.1:80", nil) }},
		{"(&TrustedProxies{}).RequestURL(nil)", func() { (&TrustedProxies{}).RequestURL(nil) }},
		{"(&TrustedProxies{}).RequestURL(&http.Request{})", func() { (&TrustedProxies{}).RequestURL(&http.Request{}) }},
		{"(*TrustedProxies)(nil).RequestURL(&http.Request{})", func() { nilProxies.RequestURL(&http.Request{}) }},
		{"(*TrustedProxies)(nil).RequestURL(r)", func() {
			nilProxies.RequestURL(&http.Request{Host: "example.com", RequestURI: "/", RemoteAddr: "10.0.0.1:1234"})
		}},
	} {
		nilcheck.Check(t, c.name, c.f)
	}
}
