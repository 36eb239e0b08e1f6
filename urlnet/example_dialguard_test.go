package urlnet_test

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"

	"github.com/weburl/url/urlnet"
)

// A client for URLs that users supply: its dialer refuses every address
// that is not globally reachable, whatever name or redirect led there.
func ExampleDialGuard() {
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "secret")
	}))
	defer internal.Close()

	guard := &urlnet.DialGuard{}
	dialer := &net.Dialer{Control: guard.Control}
	client := &http.Client{Transport: &http.Transport{
		Proxy:       nil, // a proxy would be dialed instead of the target
		DialContext: dialer.DialContext,
	}}
	_, err := client.Get(internal.URL) // http://127.0.0.1:port
	fmt.Println(errors.Is(err, urlnet.ErrNotGloballyReachable))
	// Output:
	// true
}

// Control can be asked directly; Allow lets chosen internal addresses
// through.
func ExampleDialGuard_Control() {
	guard := &urlnet.DialGuard{Allow: []netip.Prefix{netip.MustParsePrefix("10.20.0.0/16")}}
	for _, addr := range []string{"93.184.215.14:443", "10.20.1.2:8080", "10.30.1.2:8080", "[::ffff:127.0.0.1]:80"} {
		fmt.Println(addr, guard.Control("tcp", addr, nil) == nil)
	}
	// Output:
	// 93.184.215.14:443 true
	// 10.20.1.2:8080 true
	// 10.30.1.2:8080 false
	// [::ffff:127.0.0.1]:80 false
}

// DialControl fits net.Dialer as it is. The refusal comes before
// connect(2): nothing listens on 127.0.0.1:9 here, and no packet is sent.
func ExampleDialControl() {
	d := &net.Dialer{Control: urlnet.DialControl}
	_, err := d.Dial("tcp", "127.0.0.1:9")
	fmt.Println(err)
	// Output:
	// dial tcp 127.0.0.1:9: url: dial tcp4 "127.0.0.1:9": address is not globally reachable
}

// A refused dial is a *DialError wrapping ErrNotGloballyReachable, inside
// the dialer's *net.OpError.
func ExampleDialError() {
	d := &net.Dialer{Control: urlnet.DialControl}
	_, err := d.Dial("tcp", "[::1]:9")
	var de *urlnet.DialError
	if errors.As(err, &de) {
		fmt.Println(de.Network, de.Address, errors.Is(de, urlnet.ErrNotGloballyReachable))
	}
	// Output:
	// tcp6 [::1]:9 true
}

// Error says what was refused: the network, the address and the reason.
func ExampleDialError_Error() {
	err := (&urlnet.DialGuard{}).Control("tcp4", "169.254.169.254:80", nil)
	fmt.Println(err)
	// Output:
	// url: dial tcp4 "169.254.169.254:80": address is not globally reachable
}

// Unwrap gives the reason, ErrNotGloballyReachable: a client tells a
// refused dial from a network failure with errors.Is.
func ExampleDialError_Unwrap() {
	err := urlnet.DialControl("tcp6", "[fe80::1%eth0]:443", nil)
	var de *urlnet.DialError
	fmt.Println(errors.As(err, &de), errors.Unwrap(de) == urlnet.ErrNotGloballyReachable)
	// Output:
	// true true
}
