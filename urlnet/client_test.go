package urlnet

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/weburl/url"
)

// listenOn starts srv on addr ("127.0.0.2:0"), or skips the test when the
// machine has no such loopback address.
func listenOn(t *testing.T, addr string, h http.Handler) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp4", addr)
	if err != nil {
		t.Skipf("no %s here: %v", addr, err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

func TestDialGuardClient(t *testing.T) {
	var innerHits atomic.Int32
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		innerHits.Add(1)
		fmt.Fprint(w, "secret")
	}))
	defer inner.Close()

	for _, g := range []*DialGuard{nil, {}} {
		t.Run(fmt.Sprintf("%#v %s", g, inner.URL), func(t *testing.T) {
			resp, err := g.Client().Get(inner.URL)
			if err == nil {
				resp.Body.Close()
			}
			if !errors.Is(err, ErrNotGloballyReachable) {
				t.Fatalf("Get = %v, want ErrNotGloballyReachable", err)
			}
		})
	}

	t.Run("no proxy", func(t *testing.T) {
		if p := (&DialGuard{}).Client().Transport.(*http.Transport).Proxy; p != nil {
			t.Error("the transport has a Proxy: the guard would see only the proxy's address")
		}
	})

	// The outer server is allowed (as if it were public) and redirects
	// to the inner one, which is not: the redirect is refused before any
	// dial.
	g := &DialGuard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}}
	outer := listenOn(t, "127.0.0.2:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/inner":
			http.Redirect(w, r, inner.URL+"/", http.StatusFound)
		default:
			fmt.Fprint(w, "public")
		}
	}))

	t.Run("allowed "+outer.URL, func(t *testing.T) {
		resp, err := g.Client().Get(outer.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(body) != "public" {
			t.Errorf("body %q", body)
		}
	})
	t.Run("redirect to "+inner.URL, func(t *testing.T) {
		before := innerHits.Load()
		resp, err := g.Client().Get(outer.URL + "/inner")
		if err == nil {
			resp.Body.Close()
		}
		var ue *url.Error
		if !errors.Is(err, ErrNotGloballyReachable) || !errors.As(err, &ue) || ue.Op != "redirect" {
			t.Fatalf("Get = %v, want a redirect refused with ErrNotGloballyReachable", err)
		}
		if innerHits.Load() != before {
			t.Error("the inner server was reached")
		}
	})
	t.Run("redirect loop", func(t *testing.T) {
		resp, err := g.Client().Get(outer.URL + "/loop")
		if err == nil {
			resp.Body.Close()
		}
		if err == nil || !strings.Contains(err.Error(), "stopped after 10 redirects") {
			t.Fatalf("Get = %v, want stopped after 10 redirects", err)
		}
	})
}

func TestNewRequest(t *testing.T) {
	tests := []struct {
		href       string
		wantURL    string // req.URL.String()
		wantHost   string
		wantTarget string // the request-target net/http sends: absolute-form when net/url cannot write the path
	}{
		{"http://example.com/a?b", "http://example.com/a?b", "example.com", "/a?b"},
		{"http://example.com/100%", "http://example.com/100%", "example.com", "http://example.com/100%"},
		{"http://example.com/%zz?q=%", "http://example.com/%zz?q=%", "example.com", "http://example.com/%zz?q=%"},
		{"http://example.com/a#frag", "http://example.com/a", "example.com", "/a"},
		{"http://example.com/a#", "http://example.com/a", "example.com", "/a"},
		{"https://BÜCHER.example:8443/", "https://xn--bcher-kva.example:8443/", "xn--bcher-kva.example:8443", "/"},
		{"http://[::1]:8080/x", "http://[::1]:8080/x", "[::1]:8080", "/x"},
	}
	for _, tc := range tests {
		t.Run(tc.href, func(t *testing.T) {
			u := url.MustParse(tc.href)
			req, err := NewRequest(context.Background(), "GET", u, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := req.URL.String(); got != tc.wantURL {
				t.Errorf("URL = %q, want %q", got, tc.wantURL)
			}
			if req.Host != tc.wantHost {
				t.Errorf("Host = %q, want %q", req.Host, tc.wantHost)
			}
			if got := req.URL.RequestURI(); got != tc.wantTarget {
				t.Errorf("RequestURI = %q, want %q", got, tc.wantTarget)
			}
		})
	}

	// What a server receives, through the guarded client. net/http's
	// own server refuses a request-target that net/url cannot read
	// whatever its form, so the server here reads the request line.
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	lines := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			lines <- err.Error()
			return
		}
		defer c.Close()
		line, _ := bufio.NewReader(c).ReadString('\n')
		lines <- line
		io.WriteString(c, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
	}()
	client := (&DialGuard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}).Client()
	u := url.MustParse("http://" + ln.Addr().String() + "/100%/a b#frag")
	if _, err := http.NewRequest("GET", u.Href(), nil); err == nil {
		t.Fatalf("net/http reads %s: the case no longer shows why NewRequest is needed", u.Href())
	}
	req, err := NewRequest(context.Background(), "GET", u, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	want := "GET http://" + ln.Addr().String() + "/100%/a%20b HTTP/1.1\r\n"
	if line := <-lines; line != want {
		t.Errorf("the server received %q, want %q", line, want)
	}

	if _, err := NewRequest(context.Background(), "bad method", u, nil); err == nil {
		t.Error("NewRequest with an invalid method succeeded")
	}
}
