package url_test

import (
	"errors"
	"fmt"
	"net/http"

	weburl "github.com/weburl/url"
	"github.com/weburl/url/net/url"
)

// Parse reads an absolute URL as a browser does, and its String is the
// browser's href.
func ExampleParse() {
	u, err := url.Parse("HTTPS://Example.COM:443/a/./b/../c?q=1 2#top")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(u.Scheme, u.Host, u.Path, u.RawQuery, u.Fragment)
	// Output:
	// https://example.com/a/c?q=1%202#top
	// https example.com /a/c q=1%202 top
}

// A reference with no scheme stays a reference, as net/url keeps it, so
// that ResolveReference (net/url's method) goes on working.
func ExampleParse_reference() {
	base, _ := url.Parse("https://example.com/docs/guide/")
	ref, err := url.Parse("../img/logo.png")
	if err != nil {
		panic(err)
	}
	fmt.Println(ref.IsAbs(), ref)
	fmt.Println(base.ResolveReference(ref))
	// Output:
	// false ../img/logo.png
	// https://example.com/docs/img/logo.png
}

// A URL a browser refuses is an *Error whose cause is the URL Standard's.
func ExampleParse_error() {
	_, err := url.Parse("http://example.com:65536/")
	fmt.Println(err)
	fmt.Println(errors.Is(err, weburl.PortOutOfRange))
	// Output:
	// parse "http://example.com:65536/": port-out-of-range (port is greater than 65535) at offset 19
	// true
}

func ExampleParseRequestURI() {
	for _, target := range []string{"http://Example.com:80/a#b", "/a/../b?q"} {
		u, err := url.ParseRequestURI(target)
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	// Output:
	// http://example.com/a%23b
	// /a/../b?q
}

// Resolve is the browser's resolution of a link: ".." stops at the root
// and "\" is "/", where ResolveReference follows RFC 3986.
func ExampleResolve() {
	base, _ := url.Parse("https://example.com/a/b")
	for _, ref := range []string{"../../../c", `\\other.example\d`} {
		u, err := url.Resolve(base, ref)
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/c
	// https://other.example/d
}

func ExampleJoinPath() {
	s, err := url.JoinPath("https://EXAMPLE.com/api/", "v2", "users/")
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	// Output:
	// https://example.com/api/v2/users/
}

func ExampleParseQuery() {
	v, err := url.ParseQuery("a=1&b=2&a=3")
	if err != nil {
		panic(err)
	}
	fmt.Println(v["a"], v.Get("b"))
	// Output:
	// [1 3] 2
}

func ExampleQueryEscape() {
	fmt.Println(url.QueryEscape("a b&c=d/é"))
	// Output:
	// a+b%26c%3Dd%2F%C3%A9
}

func ExampleQueryUnescape() {
	s, err := url.QueryUnescape("a+b%26c")
	fmt.Println(s, err)
	// Output:
	// a b&c <nil>
}

func ExamplePathEscape() {
	fmt.Println(url.PathEscape("a b/c"))
	// Output:
	// a%20b%2Fc
}

func ExamplePathUnescape() {
	s, err := url.PathUnescape("a%20b+c")
	fmt.Println(s, err)
	// Output:
	// a b+c <nil>
}

func ExampleUser() {
	u, _ := url.Parse("https://example.com/")
	u.User = url.User("ana")
	fmt.Println(u)
	// Output:
	// https://ana@example.com/
}

func ExampleUserPassword() {
	u, _ := url.Parse("https://example.com/")
	u.User = url.UserPassword("ana", "s3cret")
	fmt.Println(u.Redacted())
	// Output:
	// https://ana:xxxxx@example.com/
}

// URL is net/url's type: a parsed URL goes into an http.Request as it is.
func ExampleURL() {
	u, err := url.Parse("https://Example.com/search?q=go")
	if err != nil {
		panic(err)
	}
	req := &http.Request{Method: http.MethodGet, URL: u}
	fmt.Println(req.URL.Host, req.URL.RequestURI())
	// Output:
	// example.com /search?q=go
}

func ExampleValues() {
	v := url.Values{}
	v.Set("q", "a b")
	v.Add("lang", "go")
	fmt.Println(v.Encode())
	// Output:
	// lang=go&q=a+b
}

func ExampleUserinfo() {
	u, _ := url.Parse("https://ana:s3cret@example.com/")
	pass, ok := u.User.Password()
	fmt.Println(u.User.Username(), pass, ok)
	// Output:
	// ana s3cret true
}

func ExampleError() {
	_, err := url.Parse("https://exa mple.com/")
	var e *url.Error
	if errors.As(err, &e) {
		fmt.Println(e.Op, e.URL)
	}
	// Output:
	// parse https://exa mple.com/
}

func ExampleEscapeError() {
	_, err := url.PathUnescape("100%")
	var e url.EscapeError
	fmt.Println(errors.As(err, &e), err)
	// Output:
	// true invalid URL escape "%"
}

// InvalidHostError comes from net/url's parsing of a reference; an
// absolute URL's bad host is the URL Standard's error instead.
func ExampleInvalidHostError() {
	_, err := url.Parse("//exa mple.com/")
	var e url.InvalidHostError
	fmt.Println(errors.As(err, &e))
	_, err = url.Parse("https://exa<mple.com/")
	fmt.Println(errors.As(err, &e), errors.Is(err, weburl.DomainToASCII))
	// Output:
	// true
	// false true
}

// The import swap: a program written for net/url, with only the import
// changed, gets the browser's URLs and keeps net/url's types.
func Example() {
	u, err := url.Parse("https://user@EXAMPLE.com:443/a/./b/../c?q=1#frag")
	if err != nil {
		panic(err)
	}
	u.RawQuery = url.Values{"q": {"2"}}.Encode()
	fmt.Println(u.Host, u.Path)
	fmt.Println(u)
	// Output:
	// example.com /a/c
	// https://user@example.com/a/c?q=2#frag
}
