package urlnet

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/weburl/url"
)

// maxRedirects is how many redirects [DialGuard.Client] follows, as many
// as net/http's default policy.
const maxRedirects = 10

// Client returns a new [net/http.Client] whose connections go only to
// addresses the guard allows: globally reachable ones (see
// [url.GloballyReachable]) and those in [DialGuard.Allow]. A nil guard is
// the zero one. The client
//
//   - dials through a [net.Dialer] whose Control is [DialGuard.Control],
//     so that every address a name resolves to is judged when it is
//     connected to, not when the URL was checked;
//   - uses no proxy, since a proxy would be dialed instead of the target
//     (to go through one, build the transport yourself, allow the proxy's
//     address, and let the proxy decide);
//   - refuses a redirect whose host is an IP address the guard does not
//     allow before dialing anything, with an error wrapping
//     [ErrNotGloballyReachable], and stops after 10 redirects, as
//     net/http's default policy does. A redirect to a name is judged at
//     the dial, as every request is.
//
// Otherwise its transport is [net/http.DefaultTransport]'s (timeouts,
// HTTP/2, connection reuse). The guard must not change while the client is
// in use. Errors from the client's methods wrap [ErrNotGloballyReachable]
// when the guard refused, so errors.Is tells a refusal from a network
// failure.
func (g *DialGuard) Client() *http.Client {
	dialer := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: g.Control}
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.DialContext = dialer.DialContext
	return &http.Client{Transport: t, CheckRedirect: g.checkRedirect}
}

// checkRedirect is the CheckRedirect of [DialGuard.Client].
func (g *DialGuard) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return errors.New("stopped after 10 redirects")
	}
	u, err := url.FromNetURL(req.URL)
	if err != nil {
		return err
	}
	if a := u.Addr(); a.IsValid() && !g.allowedAddr(a) {
		return &url.Error{Op: "redirect", Input: u.Href(), Err: ErrNotGloballyReachable}
	}
	return nil
}

// NewRequest returns a new [net/http.Request] for u with the given
// method, context and body, as [net/http.NewRequestWithContext] does for
// a string. It builds the request's URL from u itself, with
// [url.URL.NetURL], so the request goes where u says even when net/url
// would read u's href otherwise or not at all: an href that keeps a '%'
// not followed by two hex digits ("http://example.com/100%") is valid for
// the URL Standard and is refused by net/url's parser, so
// client.Get(u.Href()) fails on it where client.Do with NewRequest's
// request succeeds. For such a URL net/http sends the request-target in
// absolute form ("GET http://example.com/100% HTTP/1.1"), which HTTP/1.1
// servers must accept (RFC 9112, section 3.2.2). The fragment, which is
// not sent, is left out. A nil u gives a request with an empty URL, as
// [net/http.NewRequest] gives for "", which a client refuses to send.
func NewRequest(ctx context.Context, method string, u *url.URL, body io.Reader) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, "", body)
	if err != nil || u == nil {
		return req, err
	}
	v := u
	if _, ok := u.Fragment(); ok {
		if v, err = url.Parse(u.HrefWithoutFragment()); err != nil {
			return nil, err
		}
	}
	req.URL = v.NetURL()
	req.Host = req.URL.Host
	return req, nil
}
