package url_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
)

// Parse resolves a link against the page it was found on, as a browser
// does, and normalizes it.
func ExampleParse() {
	u, err := url.Parse("../img/Logo.PNG?v=2#top", "https://Example.COM:443/docs/guide/index.html")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u)
	fmt.Println(u.Host(), u.Pathname(), u.Search(), u.Hash())

	// A relative reference needs a base.
	_, err = url.Parse("/img/logo.png")
	fmt.Println(err)
	// Output:
	// https://example.com/docs/img/Logo.PNG?v=2#top
	// example.com /docs/img/Logo.PNG ?v=2 #top
	// url: parse "/img/logo.png": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0
}

// (*URL).Parse resolves references against a URL already parsed, as
// net/url's method of the same name is used.
func ExampleURL_Parse() {
	page := url.MustParse("https://example.com/a/b/c?q=1")
	for _, ref := range []string{"d", "../d", "/d", "?x", "#f", "//other.example/", "mailto:me@example.com"} {
		u, err := page.Parse(ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/a/b/d
	// https://example.com/a/d
	// https://example.com/d
	// https://example.com/a/b/c?x
	// https://example.com/a/b/c?q=1#f
	// https://other.example/
	// mailto:me@example.com
}

// MustParse is for URLs that are constants of the program.
func ExampleMustParse() {
	api := url.MustParse("https://api.example.com/v1/")
	fmt.Println(api.Pathname())

	defer func() { fmt.Println("panic:", recover()) }()
	url.MustParse("https://[::1/")
	// Output:
	// /v1/
	// panic: url: parse "https://[::1/": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 8
}

// CanParse answers without building the URL.
func ExampleCanParse() {
	fmt.Println(url.CanParse("https://example.com/"))
	fmt.Println(url.CanParse("/path"))
	fmt.Println(url.CanParse("/path", "https://example.com/"))
	fmt.Println(url.CanParse("https://example.com:99999/"))
	// Output:
	// true
	// false
	// true
	// false
}

// Validate lists every validation error of an input, with the spec's
// names and byte offsets, whether or not the input parses.
func ExampleValidate() {
	u, errs, err := url.Validate("https:\\\\user@example.com\\a b")
	fmt.Println(u, err)
	for _, e := range errs {
		fmt.Println(e.Kind, e.Offset, e.Fatal)
	}

	_, errs, err = url.Validate("https://example.com:8o8o/")
	fmt.Println(errs, errors.Is(err, url.PortInvalid))
	// Output:
	// https://user@example.com/a%20b <nil>
	// special-scheme-missing-following-solidus 6 false
	// special-scheme-missing-following-solidus 6 false
	// special-scheme-missing-following-solidus 7 false
	// invalid-credentials 12 false
	// invalid-reverse-solidus 24 false
	// invalid-URL-unit 26 false
	// [{port-invalid 21 true}] true
}

// A Parser with OnValidationError reports each validation error as the
// parser meets it; with the callback nil, the parser does not look for
// them at all.
func ExampleParser() {
	p := url.Parser{
		OnValidationError: func(e url.ValidationError) {
			fmt.Printf("  %v at %d\n", e.Kind, e.Offset)
		},
	}
	for _, link := range []string{"https://example.com/ok", " http://127.0.0.1./x>y", "https://example.com/%zz"} {
		fmt.Println(link)
		u, err := p.Parse(link)
		fmt.Println("=>", u, err)
	}
	// Output:
	// https://example.com/ok
	// => https://example.com/ok <nil>
	//  http://127.0.0.1./x>y
	//   invalid-URL-unit at 0
	//   IPv4-empty-part at 8
	//   invalid-URL-unit at 20
	// => http://127.0.0.1/x%3Ey <nil>
	// https://example.com/%zz
	//   invalid-URL-unit at 20
	// => https://example.com/%zz <nil>
}

// Origin is what same-origin checks compare.
func ExampleURL_Origin() {
	for _, s := range []string{
		"https://example.com:443/path",
		"http://example.com:8080/",
		"ws://chat.example.com/socket",
		"blob:https://example.com/1b4e28ba-2fa1-11d2-883f-0016d3cca427",
		"file:///etc/hosts",
		"data:text/plain,hello",
	} {
		fmt.Println(url.MustParse(s).Origin())
	}
	// Output:
	// https://example.com
	// http://example.com:8080
	// ws://chat.example.com
	// https://example.com
	// null
	// null
}

// HostKind tells what kind of host a URL has.
func ExampleURL_HostKind() {
	for _, s := range []string{
		"mailto:someone@example.com",
		"file:///etc/hosts",
		"https://EXAMPLE.com/",
		"http://0x7f.1/",
		"http://[0:0::1]/",
		"sc://Opaque%20Host/",
	} {
		u := url.MustParse(s)
		fmt.Printf("%-20s %q\n", u.HostKind(), u.Hostname())
	}
	// Output:
	// null                 ""
	// empty                ""
	// domain               "example.com"
	// ipv4                 "127.0.0.1"
	// ipv6                 "[::1]"
	// opaque               "Opaque%20Host"
}
