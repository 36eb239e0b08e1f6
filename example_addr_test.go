package url_test

import (
	"fmt"
	"net/netip"

	url "github.com/weburl/url"
)

// Addr gives the host as an address however the URL spelled it; a domain
// gives the zero Addr.
func ExampleURL_Addr() {
	for _, s := range []string{
		"http://0x7f.1/",
		"http://[::ffff:127.0.0.1]:8080/",
		"http://2130706433/",
		"http://example.com/",
	} {
		u := url.MustParse(s)
		fmt.Printf("%-32s %v\n", s, u.Addr())
	}
	// Output:
	// http://0x7f.1/                   127.0.0.1
	// http://[::ffff:127.0.0.1]:8080/  ::ffff:127.0.0.1
	// http://2130706433/               127.0.0.1
	// http://example.com/              invalid IP
}

// GloballyReachable is the check before fetching a URL a user supplied;
// the dial must still be guarded (see urlnet.DialGuard), since a domain's address
// is known only when it is resolved.
func ExampleGloballyReachable() {
	for _, s := range []string{"http://0/", "http://[::ffff:10.0.0.1]/", "http://169.254.169.254/", "http://8.8.8.8/"} {
		a := url.MustParse(s).Addr()
		fmt.Println(s, url.GloballyReachable(a))
	}
	fmt.Println(url.GloballyReachable(netip.MustParseAddr("fd00::1")))
	// Output:
	// http://0/ false
	// http://[::ffff:10.0.0.1]/ false
	// http://169.254.169.254/ false
	// http://8.8.8.8/ true
	// false
}
