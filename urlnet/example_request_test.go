package urlnet_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"

	"github.com/weburl/url"
	"github.com/weburl/url/urlnet"
)

// In a handler: the URL the client asked for, with the host from the
// Host header and the scheme from the connection.
func ExampleRequestURL() {
	r := httptest.NewRequest("GET", "/a/./b?q=1", nil) // as a handler receives it
	r.Host = "Example.COM:8080"
	r.Header.Set("X-Forwarded-Host", "evil.example") // not believed
	u, err := urlnet.RequestURL(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u)
	fmt.Println(url.SameOrigin(u, url.MustParse("http://example.com:8080/")))
	// Output:
	// http://example.com:8080/a/b?q=1
	// true
}

// Behind a reverse proxy that connects from 10.0.0.0/8 and sets
// Forwarded.
func ExampleTrustedProxies() {
	proxies := &urlnet.TrustedProxies{Proxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}

	r := httptest.NewRequest("GET", "/cart", nil)
	r.Host = "backend:8080"
	r.RemoteAddr = "10.0.0.2:41234"
	r.Header.Set("Forwarded", `for=192.0.2.60;proto=https;host=shop.example`)
	u, _ := proxies.RequestURL(r)
	fmt.Println(u)

	// The same header from anyone else is not believed.
	r.RemoteAddr = "192.0.2.60:5555"
	u, _ = proxies.RequestURL(r)
	fmt.Println(u)
	// Output:
	// https://shop.example/cart
	// http://backend:8080/cart
}

// With XForwarded, X-Forwarded-Proto and X-Forwarded-Host are read
// instead, their last elements.
func ExampleTrustedProxies_RequestURL() {
	proxies := &urlnet.TrustedProxies{Proxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, XForwarded: true}
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "127.0.0.1:50000"
	r.Header.Set("X-Forwarded-Proto", "https")
	r.Header.Set("X-Forwarded-Host", "spoofed.example, www.example.org")
	u, _ := proxies.RequestURL(r)
	fmt.Println(u)
	// Output:
	// https://www.example.org/
}

// A handler answers 400 Bad Request when the request does not name a
// valid URL: a Host header that is not one host and port, or a
// request-target that is not a path.
func ExampleRequestURL_errors() {
	for _, host := range []string{"example.com", "example.com, evil.example", "", "exa mple.com"} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		u, err := urlnet.RequestURL(r)
		switch {
		case errors.Is(err, urlnet.ErrRequestHost):
			fmt.Printf("%q: %d, no valid host\n", host, http.StatusBadRequest)
		case err != nil:
			fmt.Printf("%q: %d\n", host, http.StatusBadRequest)
		default:
			fmt.Printf("%q: %s\n", host, u)
		}
	}
	r := httptest.NewRequest("OPTIONS", "*", nil)
	_, err := urlnet.RequestURL(r)
	fmt.Println(errors.Is(err, urlnet.ErrRequestTarget))
	// Output:
	// "example.com": http://example.com/
	// "example.com, evil.example": 400, no valid host
	// "": 400, no valid host
	// "exa mple.com": 400, no valid host
	// true
}
