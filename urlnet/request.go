package urlnet

import (
	"errors"
	"net/http"
	"net/netip"
	"strings"

	"github.com/weburl/url"
)

// The URL of an incoming server request. A server's *http.Request holds
// only the request-target ("/a/b?q"), so [url.FromNetURL](r.URL) fails: the
// scheme and host are elsewhere, in the connection (TLS or not) and in
// the Host header (or HTTP/2 :authority).

// Causes of the errors [RequestURL] returns, wrapped in a *[url.Error].
var (
	// ErrRequestHost: the request has no host, or one that is not a
	// host and optional port.
	ErrRequestHost = errors.New("request has no valid host")
	// ErrRequestTarget: the request-target is not a path ("*" of
	// "OPTIONS *", the authority of CONNECT).
	ErrRequestTarget = errors.New("request-target is not a path")
	// ErrForwarded: a trusted proxy's forwarding header could not be
	// read, or names a scheme other than http or https.
	ErrForwarded = errors.New("malformed forwarding header")
)

// RequestURL returns the absolute URL an incoming server request asked
// for: scheme "https" if the request came over TLS (r.TLS is set) and
// "http" otherwise, the host (and port) of r.Host, and the path and query
// of the request-target, all parsed and normalized as a browser would
// (so the host is lowercased, IDNA-mapped, an IPv4 address in dotted
// decimal).
//
// It never reads Forwarded, X-Forwarded-Proto, X-Forwarded-Host or any
// other header but Host: any client can send them, so believing them by
// default would let a client choose the URL a server thinks it serves,
// and with it the links it builds, the origin it compares, the host a
// password-reset mail points to. Behind a reverse proxy that sets them,
// use [TrustedProxies], which reads them only on requests that come from
// the proxy.
//
// r.Host is whatever the client sent; it is checked to be one host and
// an optional port, but a server should still compare the result with the
// hosts it serves (the standard library's note on DNS rebinding applies).
// The error is a *[url.Error] wrapping [ErrRequestHost], [ErrRequestTarget] or
// the parser's *[url.ValidationError]; a nil r has no host.
func RequestURL(r *http.Request) (*url.URL, error) {
	if r == nil {
		return nil, &url.Error{Op: "request URL", Err: ErrRequestHost}
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return requestURL(r, scheme, r.Host)
}

// requestURL builds scheme://host + the request's path and query.
func requestURL(r *http.Request, scheme, host string) (*url.URL, error) {
	if !isRequestHost(host) {
		return nil, &url.Error{Op: "request URL", Input: host, Err: ErrRequestHost}
	}
	target := r.RequestURI
	if !strings.HasPrefix(target, "/") {
		// Absolute-form ("GET http://host/path HTTP/1.1", whose host
		// net/http has put in r.Host), "*", authority-form, or a request
		// built with http.NewRequest rather than read from a client.
		target = ""
		if r.URL != nil && r.URL.Opaque == "" && (r.RequestURI == "" || strings.Contains(r.RequestURI, "://")) {
			target = r.URL.RequestURI()
		}
		if !strings.HasPrefix(target, "/") {
			return nil, &url.Error{Op: "request URL", Input: r.RequestURI, Err: ErrRequestTarget}
		}
	}
	// The host is one host and port, and target starts with "/", so
	// the concatenation cannot move the authority: "//evil.example" as a
	// target is a path.
	u, err := url.Parse(scheme + "://" + host + target)
	if err != nil {
		var e *url.Error
		if errors.As(err, &e) {
			e.Op = "request URL"
		}
		return nil, err
	}
	return u, nil
}

// isRequestHost reports whether host can stand between "scheme://" and
// a path without changing what the URL parser takes as the authority:
// it is non-empty and holds no userinfo, path, query or fragment
// delimiter, no space and no control.
func isRequestHost(host string) bool {
	if host == "" {
		return false
	}
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c <= ' ', c == 0x7f, c == '/', c == '\\', c == '?', c == '#', c == '@':
			return false
		}
	}
	return true
}

// TrustedProxies builds request URLs behind reverse proxies: on a request
// whose immediate peer (r.RemoteAddr) is one of [TrustedProxies.Proxies], the
// scheme and host come from the forwarding header the proxy sets; on any
// other request, as with [RequestURL], from the connection and r.Host. The
// zero TrustedProxies trusts nobody.
//
// Only the last element of the header counts: a proxy appends what it
// saw to whatever the client sent, so earlier elements are the client's
// word. With a chain of proxies, the one next to the server must be the
// one that knows the client's scheme and host (or overwrite the header).
type TrustedProxies struct {
	// Proxies lists the addresses the proxies connect from.
	Proxies []netip.Prefix
	// XForwarded selects X-Forwarded-Proto and X-Forwarded-Host;
	// otherwise the standard Forwarded header (RFC 7239), its proto=
	// and host= parameters, is read. A proxy sets one kind; reading only
	// that one keeps a client from supplying the other.
	XForwarded bool
}

// RequestURL returns the absolute URL the client asked the proxy for, as
// the proxy's forwarding header says, when r comes from one of the
// proxies; otherwise it is the package-level [RequestURL]. A scheme or
// host the header does not give is taken from the request. A header that
// cannot be read, or a scheme other than http or https, is an error
// wrapping [ErrForwarded]. A nil t trusts nobody.
func (t *TrustedProxies) RequestURL(r *http.Request) (*url.URL, error) {
	if r == nil {
		return RequestURL(r)
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := r.Host
	if !t.trusts(r.RemoteAddr) {
		return requestURL(r, scheme, host)
	}
	var proto, fhost string
	if t.XForwarded {
		proto = lastListElement(r.Header.Values("X-Forwarded-Proto"))
		fhost = lastListElement(r.Header.Values("X-Forwarded-Host"))
	} else if values := r.Header.Values("Forwarded"); len(values) > 0 {
		var ok bool
		proto, fhost, ok = lastForwarded(strings.Join(values, ","))
		if !ok {
			return nil, &url.Error{Op: "request URL", Input: strings.Join(values, ","), Err: ErrForwarded}
		}
	}
	if proto != "" {
		switch strings.ToLower(proto) {
		case "http":
			scheme = "http"
		case "https":
			scheme = "https"
		default:
			return nil, &url.Error{Op: "request URL", Input: proto, Err: ErrForwarded}
		}
	}
	if fhost != "" {
		host = fhost
	}
	return requestURL(r, scheme, host)
}

// trusts reports whether remoteAddr ("ip:port") is one of the proxies.
func (t *TrustedProxies) trusts(remoteAddr string) bool {
	ap, err := netip.ParseAddrPort(remoteAddr)
	if err != nil || t == nil {
		return false
	}
	a := ap.Addr().Unmap()
	for _, p := range t.Proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// lastListElement returns the last element of a comma-separated header
// list spread over one or more header lines, trimmed of spaces and tabs.
func lastListElement(values []string) string {
	if len(values) == 0 {
		return ""
	}
	v := values[len(values)-1]
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		v = v[i+1:]
	}
	return strings.Trim(v, " \t")
}

// lastForwarded returns the proto and host parameters of the last element
// of a Forwarded header value (RFC 7239 section 4):
//
//	Forwarded = 1#forwarded-element
//	forwarded-element = [ forwarded-pair ] *( ";" [ forwarded-pair ] )
//	forwarded-pair = token "=" value
//	value = token / quoted-string
//
// ok is false when the value does not follow that grammar.
func lastForwarded(header string) (proto, host string, ok bool) {
	// Find where the last element starts: after the last comma outside
	// a quoted string.
	start, quoted := 0, false
	for i := 0; i < len(header); i++ {
		switch c := header[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == ',':
			start = i + 1
		}
	}
	if quoted {
		return "", "", false
	}
	rest := header[start:]
	for {
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			return proto, host, true
		}
		if rest[0] == ';' {
			rest = rest[1:]
			continue
		}
		eq := strings.IndexByte(rest, '=')
		if eq <= 0 || !isToken(rest[:eq]) {
			return "", "", false
		}
		name := strings.ToLower(rest[:eq])
		rest = rest[eq+1:]
		var value string
		if strings.HasPrefix(rest, `"`) {
			var b strings.Builder
			i := 1
			for ; i < len(rest) && rest[i] != '"'; i++ {
				if rest[i] == '\\' && i+1 < len(rest) {
					i++
				}
				b.WriteByte(rest[i])
			}
			if i == len(rest) {
				return "", "", false
			}
			value, rest = b.String(), rest[i+1:]
		} else {
			end := strings.IndexAny(rest, "; \t")
			if end < 0 {
				end = len(rest)
			}
			// RFC 7239 wants "host:port" quoted; some proxies do not
			// quote it, and the value is checked as a host anyway.
			value, rest = rest[:end], rest[end:]
			if value == "" || strings.IndexByte(value, '"') >= 0 {
				return "", "", false
			}
		}
		rest = strings.TrimLeft(rest, " \t")
		if rest != "" && rest[0] != ';' {
			return "", "", false
		}
		switch name {
		case "proto":
			proto = value
		case "host":
			host = value
		}
	}
}

// isToken reports whether s is an HTTP token (RFC 9110 section 5.6.2).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			continue
		}
		if !strings.ContainsRune("!#$%&'*+-.^_`|~", rune(c)) {
			return false
		}
	}
	return true
}
