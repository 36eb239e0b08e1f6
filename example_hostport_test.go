package url_test

import (
	"fmt"

	url "github.com/weburl/url"
)

// HostPort splits a bare host:port, such as net/http's Request.Host, as
// net/url's Hostname and Port split URL.Host.
func ExampleHostPort() {
	for _, h := range []string{"example.com:8080", "[::1]:443", "example.com"} {
		fmt.Printf("%q %q\n", url.HostPort(h).Hostname(), url.HostPort(h).Port())
	}
	// Output:
	// "example.com" "8080"
	// "::1" "443"
	// "example.com" ""
}

// Hostname strips the brackets of an IPv6 address, as net/url's does;
// the URL Standard's URL.Hostname keeps them.
func ExampleHostPort_Hostname() {
	fmt.Println(url.HostPort("[2001:db8::1]:8443").Hostname())
	fmt.Println(url.MustParse("https://[2001:db8::1]:8443/").Hostname())
	// Output:
	// 2001:db8::1
	// [2001:db8::1]
}

// Port is "" when no digits-only port follows the last ':'.
func ExampleHostPort_Port() {
	for _, h := range []string{"example.com:80", "example.com:", "example.com:http"} {
		fmt.Printf("%q\n", url.HostPort(h).Port())
	}
	// Output:
	// "80"
	// ""
	// ""
}
