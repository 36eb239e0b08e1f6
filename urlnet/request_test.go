package urlnet

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/weburl/url"
)

func TestRequestURL(t *testing.T) {
	tests := []struct {
		name    string
		target  string // for httptest.NewRequest
		host    string // r.Host, if not the target's
		tls     bool
		want    string
		wantErr error
	}{
		{name: "origin-form", target: "/a/b?q=1", host: "example.com", want: "http://example.com/a/b?q=1"},
		{name: "TLS", target: "/", host: "example.com", tls: true, want: "https://example.com/"},
		{name: "port", target: "/x", host: "example.com:8080", want: "http://example.com:8080/x"},
		{name: "default port", target: "/x", host: "example.com:80", want: "http://example.com/x"},
		{name: "normalized", target: "/a/../b/%7e?x y", host: "EXAMPLE.com.", want: "http://example.com./b/%7e?x%20y"},
		{name: "IPv4 spelled oddly", target: "/", host: "0x7f.1:8080", want: "http://127.0.0.1:8080/"},
		{name: "IPv6", target: "/", host: "[::1]:8080", want: "http://[::1]:8080/"},
		{name: "path like an authority", target: "//evil.example/x", host: "example.com", want: "http://example.com//evil.example/x"},
		{name: "backslash path", target: "/\\evil.example", host: "example.com", want: "http://example.com//evil.example"},
		{name: "absolute-form", target: "http://example.com/abs?x", want: "http://example.com/abs?x"},
		{name: "absolute-form https", target: "https://example.com/abs", want: "https://example.com/abs"},
		{name: "userinfo in Host", target: "/", host: "good.example@evil.example", wantErr: ErrRequestHost},
		{name: "path in Host", target: "/", host: "evil.example/x", wantErr: ErrRequestHost},
		{name: "backslash in Host", target: "/", host: "evil.example\\x", wantErr: ErrRequestHost},
		{name: "query in Host", target: "/", host: "evil.example?", wantErr: ErrRequestHost},
		{name: "fragment in Host", target: "/", host: "evil.example#", wantErr: ErrRequestHost},
		{name: "space in Host", target: "/", host: "evil .example", wantErr: ErrRequestHost},
		{name: "empty Host", target: "/", host: "-", wantErr: ErrRequestHost},
		{name: "bad port", target: "/", host: "example.com:99999", wantErr: url.PortOutOfRange},
		{name: "percent-encoded slash", target: "/", host: "evil.example%2f", wantErr: url.DomainToASCII},
		{name: "asterisk-form", target: "*", host: "example.com", wantErr: ErrRequestTarget},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RequestURI = tc.target
			if strings.Contains(tc.target, "://") {
				r = httptest.NewRequest("GET", tc.target, nil)
			}
			switch tc.host {
			case "":
			case "-":
				r.Host = ""
			default:
				r.Host = tc.host
			}
			if tc.tls {
				r.TLS = &tls.ConnectionState{}
			}
			u, err := RequestURL(r)
			if tc.wantErr != nil {
				var e *url.Error
				if !errors.Is(err, tc.wantErr) || !errors.As(err, &e) || e.Op != "request URL" {
					t.Fatalf("RequestURL = %v, %v; want an *url.Error wrapping %v", u, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if u.Href() != tc.want {
				t.Errorf("RequestURL = %s, want %s", u, tc.want)
			}
		})
	}
}

// TestRequestURLForwardedIgnored: RequestURL believes no forwarding
// header, whoever sends it.
func TestRequestURLForwardedIgnored(t *testing.T) {
	r := httptest.NewRequest("GET", "/login", nil)
	r.Host = "example.com"
	r.Header.Set("Forwarded", `proto=https;host=evil.example`)
	r.Header.Set("X-Forwarded-Proto", "https")
	r.Header.Set("X-Forwarded-Host", "evil.example")
	r.Header.Set("X-Forwarded-Port", "444")
	r.Header.Set("X-Original-URL", "https://evil.example/")
	u, err := RequestURL(r)
	if err != nil {
		t.Fatal(err)
	}
	if u.Href() != "http://example.com/login" {
		t.Errorf("RequestURL = %s", u)
	}
}

// TestRequestURLServer runs RequestURL in handlers of real servers, over
// HTTP/1.1 and TLS, with hosts and targets written on the wire.
func TestRequestURLServer(t *testing.T) {
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := RequestURL(r)
		if err != nil {
			fmt.Fprint(w, "error: ", err)
			return
		}
		fmt.Fprint(w, u.Href())
	})
	srv := httptest.NewServer(handler)
	defer srv.Close()
	tlsSrv := httptest.NewTLSServer(handler)
	defer tlsSrv.Close()

	// raw sends a request line and Host header as written.
	raw := func(t *testing.T, requestLine, host string) string {
		t.Helper()
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "%s\r\nHost: %s\r\nConnection: close\r\n\r\n", requestLine, host)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return resp.Status
		}
		return string(body)
	}
	tests := []struct{ requestLine, host, want string }{
		{"GET /a/./b?x=1 HTTP/1.1", "Example.COM:8080", "http://example.com:8080/a/b?x=1"},
		{"GET //evil.example/ HTTP/1.1", "example.com", "http://example.com//evil.example/"},
		{"GET http://abs.example/p HTTP/1.1", "ignored.example", "http://abs.example/p"},
		{"GET / HTTP/1.1", "good.example@evil.example", "400 Bad Request: malformed Host header"}, // net/http refuses it first
		{"GET / HTTP/1.1", "[::ffff:127.0.0.1]", "http://[::ffff:7f00:1]/"},
	}
	for _, tc := range tests {
		t.Run(tc.requestLine+" Host: "+tc.host, func(t *testing.T) {
			if got := raw(t, tc.requestLine, tc.host); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	t.Run("TLS", func(t *testing.T) {
		resp, err := tlsSrv.Client().Get(tlsSrv.URL + "/secure?x")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if want := tlsSrv.URL + "/secure?x"; string(body) != want {
			t.Errorf("got %q, want %q", body, want)
		}
	})
}

func TestTrustedProxies(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	tests := []struct {
		name       string
		remote     string
		xForwarded bool
		headers    map[string][]string
		want       string
		wantErr    error
	}{
		{name: "from the proxy, Forwarded", remote: "10.1.2.3:5000",
			headers: map[string][]string{"Forwarded": {`for=192.0.2.60;proto=https;host=shop.example`}},
			want:    "https://shop.example/p?q"},
		{name: "from elsewhere, Forwarded ignored", remote: "192.0.2.60:5000",
			headers: map[string][]string{"Forwarded": {`proto=https;host=evil.example`}},
			want:    "http://internal.example/p?q"},
		{name: "last element wins", remote: "10.1.2.3:5000",
			headers: map[string][]string{"Forwarded": {`host=evil.example;proto=http`, `for=192.0.2.60;host="shop.example:8443";proto=https`}},
			want:    "https://shop.example:8443/p?q"},
		{name: "last element, one line", remote: "10.1.2.3:5000",
			headers: map[string][]string{"Forwarded": {`host=evil.example, for="[2001:db8::1]:4711";proto=https;host="a,b;c"`}},
			want:    "https://a,b;c/p?q"}, // quoted "," and ";" split nothing; both are domain code points
		{name: "unquoted host and port", remote: "10.1.2.3:5000",
			headers: map[string][]string{"Forwarded": {`proto=https;host=shop.example:8443`}},
			want:    "https://shop.example:8443/p?q"},
		{name: "only proto", remote: "10.1.2.3:5000",
			headers: map[string][]string{"Forwarded": {`proto=https`}},
			want:    "https://internal.example/p?q"},
		{name: "no header", remote: "10.1.2.3:5000", want: "http://internal.example/p?q"},
		{name: "X-Forwarded read only when chosen", remote: "10.1.2.3:5000",
			headers: map[string][]string{"X-Forwarded-Proto": {"https"}, "X-Forwarded-Host": {"evil.example"}},
			want:    "http://internal.example/p?q"},
		{name: "X-Forwarded", remote: "10.1.2.3:5000", xForwarded: true,
			headers: map[string][]string{"X-Forwarded-Proto": {"http, https"}, "X-Forwarded-Host": {"evil.example, shop.example"}},
			want:    "https://shop.example/p?q"},
		{name: "X-Forwarded ignores Forwarded", remote: "10.1.2.3:5000", xForwarded: true,
			headers: map[string][]string{"Forwarded": {`host=evil.example`}},
			want:    "http://internal.example/p?q"},
		{name: "X-Forwarded from elsewhere", remote: "[2001:db8::1]:5000", xForwarded: true,
			headers: map[string][]string{"X-Forwarded-Host": {"evil.example"}},
			want:    "http://internal.example/p?q"},
		{name: "mapped proxy address", remote: "[::ffff:10.0.0.1]:5000", xForwarded: true,
			headers: map[string][]string{"X-Forwarded-Proto": {"HTTPS"}},
			want:    "https://internal.example/p?q"},
		{name: "bad proto", remote: "10.1.2.3:5000", xForwarded: true,
			headers: map[string][]string{"X-Forwarded-Proto": {"javascript"}},
			wantErr: ErrForwarded},
		{name: "bad host", remote: "10.1.2.3:5000", xForwarded: true,
			headers: map[string][]string{"X-Forwarded-Host": {"a@evil.example"}},
			wantErr: ErrRequestHost},
		{name: "unterminated quote", remote: "10.1.2.3:5000",
			headers: map[string][]string{"Forwarded": {`host="shop.example`}},
			wantErr: ErrForwarded},
		{name: "no equals", remote: "10.1.2.3:5000",
			headers: map[string][]string{"Forwarded": {`shop.example`}},
			wantErr: ErrForwarded},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/p?q", nil)
			r.Host = "internal.example"
			r.RemoteAddr = tc.remote
			for k, vs := range tc.headers {
				for _, v := range vs {
					r.Header.Add(k, v)
				}
			}
			tp := &TrustedProxies{Proxies: proxies, XForwarded: tc.xForwarded}
			u, err := tp.RequestURL(r)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("RequestURL = %v, %v; want an error wrapping %v", u, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if u.Href() != tc.want {
				t.Errorf("RequestURL = %s, want %s", u, tc.want)
			}
		})
	}
	var zero TrustedProxies
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Forwarded", "host=evil.example")
	r.RemoteAddr = "127.0.0.1:1"
	if u, err := zero.RequestURL(r); err != nil || u.Host() != "example.com" {
		t.Errorf("zero TrustedProxies: %v, %v", u, err)
	}
}
