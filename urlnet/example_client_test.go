package urlnet_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"

	"github.com/weburl/url"
	"github.com/weburl/url/urlnet"
)

// The recipe for fetching a URL a user supplied (a webhook, an avatar):
// parse once, allow-list the scheme, refuse an address that is not
// globally reachable, and fetch with the guarded client what was checked.
func Example() {
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "secret")
	}))
	defer internal.Close()
	errRefused := errors.New("refused")
	client := (*urlnet.DialGuard)(nil).Client() // only globally reachable addresses

	fetch := func(input string) error {
		u, err := url.Parse(input) // 1. parse once
		if err != nil {
			return err
		}
		if u.Protocol() != "https:" && u.Protocol() != "http:" { // 2. allow-list the scheme
			return errRefused
		}
		if a := u.Addr(); a.IsValid() && !url.GloballyReachable(a) { // 3. the address, when the host is one
			return errRefused
		}
		req, err := urlnet.NewRequest(context.Background(), "GET", u, nil) // 5. send what was checked
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // 4. the dial guard: names, redirects
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}

	port := url.MustParse(internal.URL).Port()
	for _, input := range []string{
		"file:///etc/passwd",
		"http://0x7f.1/",             // 127.0.0.1
		"http://[::ffff:127.0.0.1]/", // 127.0.0.1 too
		"http://localhost:" + port,   // a name: the dial guard sees where it leads
	} {
		err := fetch(input)
		fmt.Println(errors.Is(err, errRefused), errors.Is(err, urlnet.ErrNotGloballyReachable))
	}
	// Output:
	// true false
	// true false
	// true false
	// false true
}

// The client's dialer refuses addresses that are not globally reachable,
// and it refuses a redirect to one before dialing.
func ExampleDialGuard_Client() {
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "secret")
	}))
	defer internal.Close()

	guard := &urlnet.DialGuard{Allow: []netip.Prefix{netip.MustParsePrefix("10.20.0.0/16")}}
	_, err := guard.Client().Get(internal.URL) // http://127.0.0.1:port
	fmt.Println(errors.Is(err, urlnet.ErrNotGloballyReachable))
	// Output:
	// true
}

// A URL whose href net/url cannot read: NewRequest builds the request
// from the parsed URL, where http.NewRequest(method, u.Href(), body)
// fails.
func ExampleNewRequest() {
	u := url.MustParse("https://example.com/100%/a b?q=1#top")
	_, err := http.NewRequest("GET", u.Href(), nil)
	fmt.Println(err != nil)

	req, err := urlnet.NewRequest(context.Background(), "GET", u, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(req.Host, req.URL.RequestURI())
	// Output:
	// true
	// example.com https://example.com/100%/a%20b?q=1
}
