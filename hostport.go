package url

// HostPort: net/url's Hostname and Port for a bare "host:port" string.

import "strings"

// HostPort is a "host:port" string as net/url's URL.Host field holds it
// and as net/http's Request.Host, net.JoinHostPort and an HTTP Host
// header give it: a host, optionally followed by ':' and a port. Its
// methods split it exactly as [net/url.URL.Hostname] and
// [net/url.URL.Port] split URL.Host, so
//
//	(&neturl.URL{Host: h}).Hostname()
//
// becomes
//
//	url.HostPort(h).Hostname()
//
// Nothing is parsed or normalized: the host is not lowercased, not
// IDNA-mapped and not checked. For the URL Standard's reading of a host,
// parse a URL ([Parse]) and use [URL.Hostname] and [URL.Port], which keep
// an IPv6 address's brackets and drop the scheme's default port.
type HostPort string

// Hostname returns the host of h without its port, and without the
// square brackets of an IPv6 address ("[::1]:80" gives "::1"), as
// [net/url.URL.Hostname] does. When what follows the last ':' is not a
// port (digits only, possibly none), h has no port and Hostname is h, less
// the brackets if h is bracketed.
func (h HostPort) Hostname() string {
	host, _ := h.split()
	return host
}

// Port returns the port of h, without the ':', or "" when h has none, as
// [net/url.URL.Port] does: the digits after the last ':' when only digits
// follow it ("example.com:8080" gives "8080", "example.com:" gives "",
// "example.com:http" gives "" and "::1" gives "1", as net/url gives).
// The port is not checked to be in range.
func (h HostPort) Port() string {
	_, port := h.split()
	return port
}

// split separates host and port as net/url's splitHostPort does: at
// the last ':' when only ASCII digits follow it, then strips one pair of
// enclosing brackets.
func (h HostPort) split() (host, port string) {
	host = string(h)
	if colon := strings.LastIndexByte(host, ':'); colon >= 0 && allDigits(host[colon+1:]) {
		host, port = host[:colon], host[colon+1:]
	}
	if len(host) >= 2 && host[0] == '[' && host[len(host)-1] == ']' {
		host = host[1 : len(host)-1]
	}
	return host, port
}

// allDigits reports whether s holds only ASCII digits (true for "").
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
