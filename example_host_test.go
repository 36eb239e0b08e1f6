package url_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
)

// ToASCII is what the URL parser does to a special URL's domain: a
// mail server or DNS client that takes domains from users converts them
// the same way as browsers.
func ExampleToASCII() {
	for _, d := range []string{"Bücher.Example", "ＥＸＡＭＰＬＥ．com", "xn--nxasmq6b.com", "exa mple.com"} {
		a, err := url.ToASCII(d)
		if err != nil {
			fmt.Printf("%q: error\n", d)
			continue
		}
		fmt.Printf("%q: %s\n", d, a)
	}
	// Output:
	// "Bücher.Example": xn--bcher-kva.example
	// "ＥＸＡＭＰＬＥ．com": example.com
	// "xn--nxasmq6b.com": xn--nxasmq6b.com
	// "exa mple.com": error
}

// ToUnicode turns a URL's ASCII hostname back into Unicode for display;
// a domain that Unicode ToUnicode finds an error in is returned as it
// is, with an error that says nothing was converted. (URL.Display also
// decides whether a label is safe to show.)
func ExampleToUnicode() {
	for _, h := range []string{"xn--bcher-kva.example", "xn--nxasmq6b.com", "xn--zz.example", "xn--8i7caa"} {
		u, err := url.ToUnicode(h)
		fmt.Println(u, errors.Is(err, url.ErrToUnicode))
	}
	// Output:
	// bücher.example false
	// βόλοσ.com false
	// xn--zz.example true
	// xn--8i7caa true
}

// A server deciding whether to fetch a URL treats each kind of host in
// its own way: a domain must be resolved (and the address checked when
// dialing), an address can be checked at once.
func ExampleHostKind() {
	for _, s := range []string{"https://example.com/", "http://2130706433/", "http://[fd00::1]/", "file:///etc/passwd", "git://internal-git/repo"} {
		u := url.MustParse(s)
		switch u.HostKind() {
		case url.HostDomain:
			fmt.Println("resolve", u.Hostname())
		case url.HostIPv4, url.HostIPv6:
			fmt.Println("address", u.Addr(), url.GloballyReachable(u.Addr()))
		case url.HostEmpty, url.HostNull, url.HostOpaque:
			fmt.Println("no fetch:", u.HostKind())
		}
	}
	// Output:
	// resolve example.com
	// address 127.0.0.1 false
	// address fd00::1 false
	// no fetch: empty
	// no fetch: opaque
}

// String gives a short name for logs and metrics.
func ExampleHostKind_String() {
	fmt.Println(url.HostNull, url.HostEmpty, url.HostDomain, url.HostIPv4, url.HostIPv6, url.HostOpaque)
	// Output:
	// null empty domain ipv4 ipv6 opaque
}
