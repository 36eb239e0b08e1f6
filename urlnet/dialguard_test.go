package urlnet

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	neturl "net/url"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"

	"github.com/weburl/url"
)

// These tests connect to loopback addresses only. Where a dial could, if
// the guard were broken, go to another address (the fake DNS server's
// answers), the dialer's Control is safetyNet, which lets nothing but
// loopbackTimeout bounds a dial, a DNS answer or an accept on loopback in
// these tests. It only bounds a failure (each takes milliseconds), so it
// is generous: a machine busy with other work can hold a goroutine off
// the CPU for seconds.
const loopbackTimeout = 30 * time.Second

// loopback through whatever the guard says.

func TestDialGuardControl(t *testing.T) {
	allowLoopback := &DialGuard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}}
	tests := []struct {
		network, address string
		guard            *DialGuard
		want             bool
	}{
		{"tcp4", "8.8.8.8:443", &DialGuard{}, true},
		{"tcp6", "[2606:4700:4700::1111]:443", &DialGuard{}, true},
		{"tcp6", "[::ffff:8.8.8.8]:443", &DialGuard{}, true},
		{"tcp4", "127.0.0.1:80", &DialGuard{}, false},
		{"tcp4", "0.0.0.0:80", &DialGuard{}, false},
		{"tcp4", "10.1.2.3:80", &DialGuard{}, false},
		{"tcp4", "169.254.169.254:80", &DialGuard{}, false},
		{"tcp6", "[::1]:80", &DialGuard{}, false},
		{"tcp6", "[::ffff:127.0.0.1]:80", &DialGuard{}, false},
		{"tcp6", "[fe80::1%eth0]:80", &DialGuard{}, false},
		{"udp4", "192.168.0.1:53", &DialGuard{}, false},
		{"udp4", "255.255.255.255:9", &DialGuard{}, false},
		{"ip4:icmp", "127.0.0.1", &DialGuard{}, false}, // no port
		{"ip4:icmp", "8.8.8.8", &DialGuard{}, true},
		{"unix", "/run/docker.sock", &DialGuard{}, false},
		{"tcp", "localhost:80", &DialGuard{}, false}, // not an address
		{"tcp4", "127.0.0.1:80", allowLoopback, true},
		{"tcp6", "[::ffff:127.0.0.1]:80", allowLoopback, true}, // matched as the IPv4 address
		{"tcp6", "[::1]:80", allowLoopback, true},
		{"tcp4", "10.1.2.3:80", allowLoopback, false},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s %s allow=%v", tc.network, tc.address, tc.guard.Allow), func(t *testing.T) {
			err := tc.guard.Control(tc.network, tc.address, nil)
			if (err == nil) != tc.want {
				t.Fatalf("Control = %v, want allowed=%v", err, tc.want)
			}
			if err != nil {
				var de *DialError
				if !errors.Is(err, ErrNotGloballyReachable) || !errors.As(err, &de) || de.Network != tc.network || de.Address != tc.address {
					t.Errorf("Control = %#v, want a *DialError for %s %s wrapping ErrNotGloballyReachable", err, tc.network, tc.address)
				}
			}
			if tc.guard.Allow == nil {
				if err2 := DialControl(tc.network, tc.address, nil); (err2 == nil) != tc.want {
					t.Errorf("DialControl = %v, want allowed=%v", err2, tc.want)
				}
			}
		})
	}
}

// TestDialGuardNil: a nil *DialGuard is a zero one. Its Control used to
// crash the process at the first refused address (it read the nil guard's
// Allow list), and through an http.Transport a request for
// http://127.0.0.1/ brought the server down.
func TestDialGuardNil(t *testing.T) {
	var nilGuard *DialGuard
	for _, tc := range []struct {
		network, address string
		want             bool
	}{
		{"tcp4", "8.8.8.8:443", true},
		{"tcp4", "127.0.0.1:80", false},
		{"tcp6", "[::1]:80", false},
		{"tcp6", "[::ffff:10.0.0.1]:80", false},
		{"unix", "/run/docker.sock", false},
	} {
		t.Run(tc.network+" "+tc.address, func(t *testing.T) {
			for _, g := range []*DialGuard{nilGuard, {}} {
				err := g.Control(tc.network, tc.address, nil)
				if (err == nil) != tc.want {
					t.Fatalf("(%#v).Control = %v, want allowed=%v", g, err, tc.want)
				}
				if err != nil && !errors.Is(err, ErrNotGloballyReachable) {
					t.Errorf("(%#v).Control = %v, want ErrNotGloballyReachable", g, err)
				}
			}
		})
	}
	t.Run("http.Transport", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, "secret")
		}))
		defer srv.Close()
		d := &net.Dialer{Control: nilGuard.Control, Timeout: loopbackTimeout}
		c := &http.Client{Transport: &http.Transport{Proxy: nil, DialContext: d.DialContext, DisableKeepAlives: true}}
		resp, err := c.Get(srv.URL)
		if err == nil {
			resp.Body.Close()
		}
		if !errors.Is(err, ErrNotGloballyReachable) {
			t.Fatalf("Get(%s) through a nil guard = %v, want ErrNotGloballyReachable", srv.URL, err)
		}
	})
}

// TestDialGuardLoopbackListener dials a listener on 127.0.0.1: the guarded
// dial is refused before connect (the listener accepts nothing), and the
// same dial with 127.0.0.1 allowed connects, so the refusal is the guard's.
func TestDialGuardLoopbackListener(t *testing.T) {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- struct{}{}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port

	for _, target := range []string{
		ln.Addr().String(),                // 127.0.0.1:port
		fmt.Sprintf("localhost:%d", port), // resolved by the system resolver
		fmt.Sprintf("[::ffff:127.0.0.1]:%d", port),
	} {
		t.Run(target, func(t *testing.T) {
			d := &net.Dialer{Control: DialControl, Timeout: loopbackTimeout}
			c, err := d.Dial("tcp", target)
			if err == nil {
				c.Close()
				t.Fatalf("Dial(%q) connected", target)
			}
			if !errors.Is(err, ErrNotGloballyReachable) {
				t.Fatalf("Dial(%q) = %v, want ErrNotGloballyReachable", target, err)
			}
		})
	}
	select {
	case <-accepted:
		t.Fatal("the listener accepted a connection the guard should have refused")
	case <-time.After(50 * time.Millisecond):
	}

	// The control: with loopback allowed, the same dial connects.
	g := &DialGuard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	d := &net.Dialer{Control: g.Control, Timeout: loopbackTimeout}
	c, err := d.Dial("tcp4", ln.Addr().String())
	if err != nil {
		t.Fatalf("allowed dial: %v", err)
	}
	c.Close()
	select {
	case <-accepted:
	case <-time.After(loopbackTimeout):
		t.Fatal("the allowed dial was not accepted")
	}
}

// fakeDNS is a DNS server on 127.0.0.1 that answers every A and AAAA
// question with the configured addresses.
type fakeDNS struct {
	conn net.PacketConn
	a    []netip.Addr // answers to A questions
	aaaa []netip.Addr // answers to AAAA questions

	mu    sync.Mutex
	names []string // the names asked about
}

func startFakeDNS(t *testing.T, answers ...string) *fakeDNS {
	t.Helper()
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &fakeDNS{conn: conn}
	for _, a := range answers {
		addr := netip.MustParseAddr(a)
		if addr.Is4() {
			s.a = append(s.a, addr)
		} else {
			s.aaaa = append(s.aaaa, addr)
		}
	}
	go s.serve()
	t.Cleanup(func() { conn.Close() })
	return s
}

func (s *fakeDNS) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := s.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		if resp, err := s.answer(buf[:n]); err == nil {
			s.conn.WriteTo(resp, from)
		}
	}
}

func (s *fakeDNS) answer(query []byte) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.names = append(s.names, q.Name.String())
	s.mu.Unlock()
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired})
	b.StartQuestions()
	b.Question(q)
	b.StartAnswers()
	rh := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 1}
	switch q.Type {
	case dnsmessage.TypeA:
		for _, a := range s.a {
			b.AResource(rh, dnsmessage.AResource{A: a.As4()})
		}
	case dnsmessage.TypeAAAA:
		for _, a := range s.aaaa {
			b.AAAAResource(rh, dnsmessage.AAAAResource{AAAA: a.As16()})
		}
	}
	return b.Finish()
}

// resolver returns a Go resolver that asks only s.
func (s *fakeDNS) resolver() *net.Resolver {
	return &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "udp4", s.conn.LocalAddr().String())
		},
	}
}

// attempt is one address a dialer was about to connect to, and whether
// the guard let it.
type attempt struct {
	address string
	allowed bool
}

// safetyNet wraps a guard for tests: it records each attempt, and refuses
// every address that is not loopback even when the guard allows it, so a
// broken guard cannot make a test connect anywhere else.
type safetyNet struct {
	guard *DialGuard
	mu    sync.Mutex
	seen  []attempt
}

var errSafetyNet = errors.New("test safety net: not connecting to a non-loopback address")

func (s *safetyNet) Control(network, address string, c syscall.RawConn) error {
	err := s.guard.Control(network, address, c)
	s.mu.Lock()
	s.seen = append(s.seen, attempt{address, err == nil})
	s.mu.Unlock()
	if err != nil {
		return err
	}
	ap, perr := netip.ParseAddrPort(address)
	if perr != nil || !ap.Addr().Unmap().IsLoopback() {
		return errSafetyNet
	}
	return nil
}

func (s *safetyNet) attempts() []attempt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.seen)
}

// TestDialGuardResolver resolves names through a fake DNS server that
// answers with private addresses, as an attacker's name server (or a
// rebinding one, on the second lookup) does: every address is refused.
func TestDialGuardResolver(t *testing.T) {
	tests := []struct {
		name    string
		answers []string
	}{
		{"loopback", []string{"127.0.0.1", "::1"}},
		{"private", []string{"10.0.0.7", "192.168.1.20", "fd00::7"}},
		{"metadata", []string{"169.254.169.254"}},
		{"mapped", []string{"::ffff:127.0.0.1"}},
		{"unspecified", []string{"0.0.0.0", "::"}},
		{"shared and benchmarking", []string{"100.64.0.1", "198.18.0.1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dns := startFakeDNS(t, tc.answers...)
			sn := &safetyNet{guard: &DialGuard{}}
			d := &net.Dialer{Resolver: dns.resolver(), Control: sn.Control, Timeout: loopbackTimeout}
			c, err := d.Dial("tcp", "internal.weburl.test:80")
			if err == nil {
				c.Close()
				t.Fatal("the dial connected")
			}
			if !errors.Is(err, ErrNotGloballyReachable) {
				t.Fatalf("Dial = %v, want ErrNotGloballyReachable", err)
			}
			dns.mu.Lock()
			asked := slices.Contains(dns.names, "internal.weburl.test.")
			dns.mu.Unlock()
			if !asked {
				t.Fatal("the fake DNS server was not asked")
			}
			seen := sn.attempts()
			if len(seen) == 0 {
				t.Fatal("the guard saw no address")
			}
			for _, a := range seen {
				if a.allowed {
					t.Errorf("the guard allowed %s", a.address)
				}
				// Go's resolver gives an IPv4-mapped answer as IPv4.
				ap := netip.MustParseAddrPort(a.address)
				if !slices.ContainsFunc(tc.answers, func(s string) bool { return netip.MustParseAddr(s).Unmap() == ap.Addr().Unmap() }) {
					t.Errorf("the guard saw %s, which the fake DNS server did not answer", a.address)
				}
			}
		})
	}
}

// TestDialGuardMixedAnswer: a name that resolves to a public and a private
// address. The guard allows the public one (the safety net then stops the
// test from connecting to it) and refuses the private one; the private
// one is never connected to.
func TestDialGuardMixedAnswer(t *testing.T) {
	dns := startFakeDNS(t, "192.0.0.9", "127.0.0.1") // 192.0.0.9: PCP anycast, globally reachable
	sn := &safetyNet{guard: &DialGuard{}}
	d := &net.Dialer{Resolver: dns.resolver(), Control: sn.Control, Timeout: loopbackTimeout}
	_, err := d.Dial("tcp4", "mixed.weburl.test:80")
	if err == nil {
		t.Fatal("the dial connected")
	}
	got := sn.attempts() // in the order Go's address sorting chose
	slices.SortFunc(got, func(a, b attempt) int { return strings.Compare(a.address, b.address) })
	want := []attempt{{"127.0.0.1:80", false}, {"192.0.0.9:80", true}}
	if !slices.Equal(got, want) {
		t.Errorf("attempts = %v, want %v", got, want)
	}
}

// TestDialGuardHTTP puts the guard in an http.Client: a loopback server is
// refused by address, by a name the fake DNS server maps to 127.0.0.1,
// and, with the first server allowed, through a redirect to a second
// one.
func TestDialGuardHTTP(t *testing.T) {
	inner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "secret")
	}))
	defer inner.Close()
	innerPort := inner.Listener.Addr().(*net.TCPAddr).Port
	dns := startFakeDNS(t, "127.0.0.1")

	client := func(g *DialGuard) *http.Client {
		sn := &safetyNet{guard: g}
		d := &net.Dialer{Resolver: dns.resolver(), Control: sn.Control, Timeout: loopbackTimeout}
		return &http.Client{
			Transport: &http.Transport{Proxy: nil, DialContext: d.DialContext, DisableKeepAlives: true},
			Timeout:   2 * loopbackTimeout,
		}
	}
	get := func(c *http.Client, target string) error {
		resp, err := c.Get(target)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}

	for _, target := range []string{
		inner.URL + "/",
		fmt.Sprintf("http://rebind.weburl.test:%d/", innerPort),
	} {
		t.Run(target, func(t *testing.T) {
			// The URL check a server does first passes for the name.
			u := url.MustParse(target)
			if a := u.Addr(); a.IsValid() && url.GloballyReachable(a) {
				t.Fatalf("%v is globally reachable", a)
			}
			err := get(client(&DialGuard{}), target)
			var ue *neturl.Error
			if !errors.Is(err, ErrNotGloballyReachable) || !errors.As(err, &ue) {
				t.Fatalf("Get = %v, want a *url.Error wrapping ErrNotGloballyReachable", err)
			}
		})
	}

	t.Run("redirect", func(t *testing.T) {
		// The outer server is allowed (as if it were public); it
		// redirects to the inner one on another loopback address.
		ln, err := net.Listen("tcp4", "127.0.0.2:0")
		if err != nil {
			t.Skipf("no 127.0.0.2 here: %v", err)
		}
		outer := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, inner.URL+"/", http.StatusFound)
		}))
		outer.Listener.Close()
		outer.Listener = ln
		outer.Start()
		defer outer.Close()
		g := &DialGuard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}}
		c := client(g)
		// The control: not following the redirect, the outer server
		// answers.
		noFollow := client(g)
		noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		resp, err := noFollow.Get(outer.URL + "/")
		if err != nil {
			t.Fatalf("the allowed server: %v", err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusFound {
			t.Fatalf("the allowed server answered %s", resp.Status)
		}
		err = get(c, outer.URL+"/")
		if !errors.Is(err, ErrNotGloballyReachable) {
			t.Fatalf("Get through the redirect = %v, want ErrNotGloballyReachable", err)
		}
	})
}
