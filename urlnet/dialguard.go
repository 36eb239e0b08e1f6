package urlnet

import (
	"errors"
	"net/netip"
	"syscall"

	"github.com/weburl/url"
)

// A dial-time guard. Whether a URL is safe to fetch cannot be decided
// from the URL: "http://internal.example/" may resolve to 10.0.0.5, and a
// name that resolved to a public address when it was checked may resolve
// to 127.0.0.1 when it is fetched (DNS rebinding); an HTTP redirect leads
// to another URL altogether. The one place that sees the address a
// connection really goes to is the dialer, after the lookup, before
// connect(2): net.Dialer's Control function.

// ErrNotGloballyReachable is the cause of the error [DialGuard.Control]
// and [DialControl] return for an address that is not globally
// reachable. The dial fails with a *[net.OpError] that wraps it, so
//
//	errors.Is(err, urlnet.ErrNotGloballyReachable)
//
// tells a refused dial from a network failure, also through
// [net/http.Client.Do]'s *[net/url.Error].
var ErrNotGloballyReachable = errors.New("address is not globally reachable")

// DialError is the error [DialGuard.Control] returns: the dial's network
// and address, and the reason, which is [ErrNotGloballyReachable].
type DialError struct {
	Network string // "tcp4", "tcp6", "udp4", ...
	Address string // the address being dialed, as the dialer gave it
	Err     error
}

// Error returns a message in the form of [url.Error]'s:
//
//	url: dial tcp4 "127.0.0.1:9": address is not globally reachable
func (e *DialError) Error() string {
	if e == nil {
		return "<nil>"
	}
	err := e.Err
	if err == nil {
		err = errNoReason
	}
	return (&url.Error{Op: "dial " + e.Network, Input: e.Address, Err: err}).Error()
}

// errNoReason stands for the reason of a DialError that has none.
var errNoReason = errors.New("<nil>")

// Unwrap returns the reason (nil for a nil *DialError).
func (e *DialError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// DialGuard refuses connections to addresses that are not globally
// reachable (see [url.GloballyReachable]), except the ones it is told to
// allow. Its [DialGuard.Control] method is a [net.Dialer.Control] function:
// it runs after the name is resolved and before each connection attempt, for
// every address the dialer tries, so it sees the address the connection
// actually goes to:
//
//	guard := &urlnet.DialGuard{}
//	dialer := &net.Dialer{Control: guard.Control}
//	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
//
// or, with the proxy and redirects taken care of, [DialGuard.Client].
//
// That client cannot be talked into reaching 127.0.0.1, 10.0.0.0/8 or
// 169.254.169.254, whatever URL it is given, whatever a name resolves to
// at the moment of the dial, and wherever a redirect leads. An HTTP proxy
// ([net/http.Transport]'s Proxy, on by default through ProxyFromEnvironment)
// is dialed instead of the target, so set Proxy to nil or allow the proxy's
// address, and know that the proxy then decides.
//
// The zero DialGuard allows only globally reachable addresses, and so
// does a nil *DialGuard. A DialGuard must not be changed while it is in
// use.
type DialGuard struct {
	// Allow lists prefixes that are allowed although not globally
	// reachable: an internal service the client may reach, or a proxy.
	// An IPv4-mapped IPv6 address is matched as the IPv4 address it
	// maps.
	Allow []netip.Prefix
}

// Control is a [net.Dialer.Control] function. It returns nil when the
// address is globally reachable or in [DialGuard.Allow], and a *[DialError]
// wrapping [ErrNotGloballyReachable] otherwise, which makes the dialer skip
// the address without connecting. An address that is not an IP address and
// port (a Unix socket path) is refused too.
func (g *DialGuard) Control(network, address string, _ syscall.RawConn) error {
	if g.allowed(address) {
		return nil
	}
	return &DialError{Network: network, Address: address, Err: ErrNotGloballyReachable}
}

// allowed reports whether the guard lets a connection to address happen.
func (g *DialGuard) allowed(address string) bool {
	var a netip.Addr
	if ap, err := netip.ParseAddrPort(address); err == nil {
		a = ap.Addr()
	} else if a, err = netip.ParseAddr(address); err != nil {
		return false // "ip" networks have no port; anything else is no IP
	}
	return g.allowedAddr(a)
}

// allowedAddr reports whether the guard lets a connection to a happen: a
// is globally reachable or in the Allow list. A nil guard is a zero one.
func (g *DialGuard) allowedAddr(a netip.Addr) bool {
	if url.GloballyReachable(a) {
		return true
	}
	if g == nil {
		return false
	}
	a = a.Unmap()
	for _, p := range g.Allow {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// DialControl is the zero [DialGuard]'s Control: a [net.Dialer.Control]
// function that refuses every connection to an address that is not
// globally reachable.
//
//	dialer := &net.Dialer{Control: urlnet.DialControl}
func DialControl(network, address string, c syscall.RawConn) error {
	var g DialGuard
	return g.Control(network, address, c)
}
