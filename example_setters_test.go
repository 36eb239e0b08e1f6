package url_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
)

// SetHref replaces the whole URL; the URL's SearchParams follow. An
// invalid value leaves the URL as it was.
func ExampleURL_SetHref() {
	u := url.MustParse("https://example.com/a?x=1")
	sp := u.SearchParams()
	fmt.Println(u.SetHref("HTTP://Other.Example/b?y=2"))
	fmt.Println(u, sp.Get("y"))
	fmt.Println(u.SetHref("not a url"))
	fmt.Println(u)
	// Output:
	// <nil>
	// http://other.example/b?y=2 2
	// url: set href "not a url": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0
	// http://other.example/b?y=2
}

// SetProtocol changes the scheme. A default port of the new scheme is
// dropped; a special scheme cannot become a non-special one.
func ExampleURL_SetProtocol() {
	u := url.MustParse("http://example.com:443/")
	fmt.Println(u.SetProtocol("https"), u)
	err := u.SetProtocol("mailto:")
	fmt.Println(errors.Is(err, url.ErrSchemeChange), u)
	// Output:
	// <nil> https://example.com/
	// true https://example.com/
}

// SetUsername percent-encodes the value; a URL with no host (or a file
// URL) cannot have one.
func ExampleURL_SetUsername() {
	u := url.MustParse("https://example.com/")
	fmt.Println(u.SetUsername("alice smith"), u)
	m := url.MustParse("mailto:alice@example.com")
	fmt.Println(errors.Is(m.SetUsername("bob"), url.ErrCannotHaveCredentialsOrPort), m)
	// Output:
	// <nil> https://alice%20smith@example.com/
	// true mailto:alice@example.com
}

// SetPassword percent-encodes the value with the userinfo set, so "@"
// and ":" cannot end the userinfo early.
func ExampleURL_SetPassword() {
	u := url.MustParse("https://alice@example.com/")
	fmt.Println(u.SetPassword("p@ss:word"), u)
	fmt.Println(u.Username(), u.Password())
	fmt.Println(u.SetPassword(""), u)
	// Output:
	// <nil> https://alice:p%40ss%3Aword@example.com/
	// alice p%40ss%3Aword
	// <nil> https://alice@example.com/
}

// SetHost sets the host and, only if the value has one, the port.
func ExampleURL_SetHost() {
	u := url.MustParse("https://example.com:8080/x")
	fmt.Println(u.SetHost("EXAMPLE.org"), u)
	fmt.Println(u.SetHost("example.net:9090"), u)
	fmt.Println(u.SetHost("[::1]:443"), u)
	// Output:
	// <nil> https://example.org:8080/x
	// <nil> https://example.net:9090/x
	// <nil> https://[::1]/x
}

// SetHostname sets the host alone; domains go through IDNA.
func ExampleURL_SetHostname() {
	u := url.MustParse("https://example.com:8080/x")
	fmt.Println(u.SetHostname("bücher.example"), u)
	err := u.SetHostname("example.org:1")
	fmt.Println(errors.Is(err, url.ErrInvalidValue), u)
	// Output:
	// <nil> https://xn--bcher-kva.example:8080/x
	// true https://xn--bcher-kva.example:8080/x
}

// SetPort takes the leading digits of the value; "" removes the port,
// and the scheme's default port is stored as no port.
func ExampleURL_SetPort() {
	u := url.MustParse("https://example.com/")
	fmt.Println(u.SetPort("8443"), u)
	fmt.Println(u.SetPort("8080abc"), u)
	fmt.Println(u.SetPort("443"), u)
	fmt.Println(u.SetPort("8443"), u.SetPort(""), u)
	err := u.SetPort("99999")
	fmt.Println(errors.Is(err, url.PortOutOfRange), u)
	// Output:
	// <nil> https://example.com:8443/
	// <nil> https://example.com:8080/
	// <nil> https://example.com/
	// <nil> <nil> https://example.com/
	// true https://example.com/
}

// SetPathname parses the value as a path: dot segments go, and "?" and
// "#" are percent-encoded instead of starting a query or fragment.
func ExampleURL_SetPathname() {
	u := url.MustParse("https://example.com/old?q#f")
	fmt.Println(u.SetPathname("/a/../b c/?x"), u)
	fmt.Println(u.Pathname())
	// Output:
	// <nil> https://example.com/b%20c/%3Fx?q#f
	// /b%20c/%3Fx
}

// SetSearch replaces the query (a leading "?" is optional); "" removes
// it. The URL's SearchParams follow.
func ExampleURL_SetSearch() {
	u := url.MustParse("https://example.com/?old=1#top")
	sp := u.SearchParams()
	fmt.Println(u.SetSearch("?q=a b&lang=en"), u)
	fmt.Println(sp.Get("q"), sp.Len())
	fmt.Println(u.SetSearch(""), u, sp.Len())
	// Output:
	// <nil> https://example.com/?q=a%20b&lang=en#top
	// a b 2
	// <nil> https://example.com/#top 0
}

// SetHash replaces the fragment (a leading "#" is optional); "" removes
// it.
func ExampleURL_SetHash() {
	u := url.MustParse("https://example.com/page")
	fmt.Println(u.SetHash("section 2"), u)
	fmt.Println(u.SetHash("#intro"), u.Hash())
	fmt.Println(u.SetHash(""), u)
	// Output:
	// <nil> https://example.com/page#section%202
	// <nil> #intro
	// <nil> https://example.com/page
}

// SearchParams is live: changing it rewrites the URL's query, and
// changing the URL's query updates it. It is the same object every time.
func ExampleURL_SearchParams() {
	u := url.MustParse("https://example.com/search?q=go&page=1")
	sp := u.SearchParams()
	sp.Set("q", "go url")
	sp.Append("lang", "en")
	sp.Delete("page")
	fmt.Println(u)
	u.SetSearch("q=rust")
	fmt.Println(sp.Get("q"), u.SearchParams() == sp)
	sp.Delete("q")
	fmt.Println(u, u.Search() == "")
	// Output:
	// https://example.com/search?q=go+url&lang=en
	// rust true
	// https://example.com/search true
}
