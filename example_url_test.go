package url_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
	"github.com/weburl/url/charset"
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
	//   domain-to-ASCII at 8
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

// Parse failures are *Error values whose cause tells what went wrong:
// one of the URL Standard's validation errors, or a sentinel such as
// ErrTooManyBases. A link checker sorts them with errors.Is.
func ExampleParse_errors() {
	for _, in := range [][]string{
		{"https://example.com:8o8o/"},
		{"https://exa mple.com/"},
		{"img/logo.png"},
		{"img/logo.png", "https://example.com/", "https://example.org/"},
	} {
		_, err := url.Parse(in[0], in[1:]...)
		switch {
		case errors.Is(err, url.PortInvalid):
			fmt.Println("bad port")
		case errors.Is(err, url.DomainToASCII):
			fmt.Println("bad host")
		case errors.Is(err, url.MissingSchemeNonRelativeURL):
			fmt.Println("relative link without a base")
		case errors.Is(err, url.ErrTooManyBases):
			fmt.Println("programming error: more than one base")
		}
	}
	// Output:
	// bad port
	// bad host
	// relative link without a base
	// programming error: more than one base
}

// A URL's getters are the attributes of JavaScript's URL object; each
// returns a substring of the href.
func ExampleURL() {
	u := url.MustParse("HTTPS://alice:s3cret@Example.COM:8443/a/./b/../c%7e?q=1#top")
	fmt.Println("href:    ", u.Href())
	fmt.Println("protocol:", u.Protocol())
	fmt.Println("username:", u.Username())
	fmt.Println("password:", u.Password())
	fmt.Println("host:    ", u.Host())
	fmt.Println("hostname:", u.Hostname())
	fmt.Println("port:    ", u.Port())
	fmt.Println("pathname:", u.Pathname())
	fmt.Println("search:  ", u.Search())
	fmt.Println("hash:    ", u.Hash())
	fmt.Println("origin:  ", u.Origin())
	// Output:
	// href:     https://alice:s3cret@example.com:8443/a/c%7e?q=1#top
	// protocol: https:
	// username: alice
	// password: s3cret
	// host:     example.com:8443
	// hostname: example.com
	// port:     8443
	// pathname: /a/c%7e
	// search:   ?q=1
	// hash:     #top
	// origin:   https://example.com:8443
}

// Href is the normalized serialization: store and compare it, not the
// input a user typed.
func ExampleURL_Href() {
	u := url.MustParse("  HTTP://EXAMPLE.com:80/%7Euser/./docs/../index.html ")
	fmt.Println(u.Href())
	// Output:
	// http://example.com/%7Euser/index.html
}

// String is Href, so a *URL prints as its href.
func ExampleURL_String() {
	u := url.MustParse("https://example.com/search?q=a b")
	fmt.Println(u.String())
	fmt.Printf("fetching %v\n", u)
	// Output:
	// https://example.com/search?q=a%20b
	// fetching https://example.com/search?q=a%20b
}

// Protocol ends with ":", as in JavaScript; a client dispatches on it.
func ExampleURL_Protocol() {
	for _, s := range []string{"HTTPS://example.com/", "wss://example.com/chat", "mailto:bob@example.com", "javascript:alert(1)"} {
		u := url.MustParse(s)
		switch u.Protocol() {
		case "http:", "https:":
			fmt.Println("fetch", u)
		case "ws:", "wss:":
			fmt.Println("open socket", u)
		default:
			fmt.Println("ignore", u.Protocol())
		}
	}
	// Output:
	// fetch https://example.com/
	// open socket wss://example.com/chat
	// ignore mailto:
	// ignore javascript:
}

// Scheme is Protocol without the ":", as net/url's Scheme field.
func ExampleURL_Scheme() {
	u := url.MustParse("Git+SSH://git@example.com/repo.git")
	fmt.Println(u.Scheme(), u.Protocol())
	// Output:
	// git+ssh git+ssh:
}

// Username and Password are percent-encoded as the href holds them;
// decode them before use, here to configure a proxy.
func ExampleURL_Username() {
	proxy := url.MustParse("http://build%40ci:p%40ss:w0rd@proxy.internal:3128")
	fmt.Println(proxy.Username(), proxy.Password())
	fmt.Println(url.PercentDecodeString(proxy.Username()), url.PercentDecodeString(proxy.Password()))
	// Output:
	// build%40ci p%40ss%3Aw0rd
	// build@ci p@ss:w0rd
}

// A password with spaces or delimiters is stored percent-encoded; an
// empty password is no password.
func ExampleURL_Password() {
	u := url.MustParse("ftp://anonymous@ftp.example.com/")
	if err := u.SetPassword("my pass/word"); err != nil {
		panic(err)
	}
	fmt.Println(u.Password())
	fmt.Println(u)
	fmt.Println(url.MustParse("ftp://anonymous:@ftp.example.com/"))
	// Output:
	// my%20pass%2Fword
	// ftp://anonymous:my%20pass%2Fword@ftp.example.com/
	// ftp://anonymous@ftp.example.com/
}

// Host includes the port, when the URL has one other than the scheme's
// default: it is what an HTTP Host header holds.
func ExampleURL_Host() {
	for _, s := range []string{"https://example.com:443/", "https://example.com:8443/", "http://[::1]:8080/", "mailto:x@example.com"} {
		fmt.Printf("%q\n", url.MustParse(s).Host())
	}
	// Output:
	// "example.com"
	// "example.com:8443"
	// "[::1]:8080"
	// ""
}

// Hostname is the host without the port; an IPv6 address keeps its
// brackets, as in JavaScript.
func ExampleURL_Hostname() {
	for _, s := range []string{"https://Bücher.example:8443/", "http://[::1]:8080/", "http://0300.0250.0.1/"} {
		fmt.Println(url.MustParse(s).Hostname())
	}
	// Output:
	// xn--bcher-kva.example
	// [::1]
	// 192.168.0.1
}

// Port is "" for the scheme's default port: a server that needs the
// port to dial fills in the default itself.
func ExampleURL_Port() {
	for _, s := range []string{"https://example.com/", "https://example.com:443/", "https://example.com:8443/", "ws://example.com:80/"} {
		u := url.MustParse(s)
		port := u.Port()
		if port == "" {
			port = map[string]string{"http:": "80", "https:": "443", "ws:": "80", "wss:": "443"}[u.Protocol()]
		}
		fmt.Println(u.Hostname() + ":" + port)
	}
	// Output:
	// example.com:443
	// example.com:443
	// example.com:8443
	// example.com:80
}

// Pathname is the path with dot segments resolved and percent-encoded:
// a router matches on it.
func ExampleURL_Pathname() {
	u := url.MustParse("https://example.com/api/v1/../v2/users/élodie?full=1")
	fmt.Println(u.Pathname())
	fmt.Println(url.MustParse("https://example.com").Pathname())
	fmt.Println(url.MustParse("mailto:bob@example.com").Pathname())
	// Output:
	// /api/v2/users/%C3%A9lodie
	// /
	// bob@example.com
}

// Search is "" for an empty query as for none; RawQuery tells them
// apart.
func ExampleURL_Search() {
	for _, s := range []string{"https://example.com/?q=go url", "https://example.com/?", "https://example.com/"} {
		fmt.Printf("%q\n", url.MustParse(s).Search())
	}
	// Output:
	// "?q=go%20url"
	// ""
	// ""
}

// RawQuery returns the query without "?" and whether there is one.
func ExampleURL_RawQuery() {
	for _, s := range []string{"https://example.com/?a=1", "https://example.com/?", "https://example.com/"} {
		q, ok := url.MustParse(s).RawQuery()
		fmt.Printf("%q %v\n", q, ok)
	}
	// Output:
	// "a=1" true
	// "" true
	// "" false
}

// Hash is what a single-page application routes on.
func ExampleURL_Hash() {
	u := url.MustParse("https://app.example.com/#/settings/profile")
	fmt.Println(u.Hash())
	fmt.Printf("%q\n", url.MustParse("https://app.example.com/#").Hash())
	// Output:
	// #/settings/profile
	// ""
}

// Fragment tells an empty fragment ("#") from none.
func ExampleURL_Fragment() {
	for _, s := range []string{"https://example.com/#top", "https://example.com/#", "https://example.com/"} {
		f, ok := url.MustParse(s).Fragment()
		fmt.Printf("%q %v\n", f, ok)
	}
	// Output:
	// "top" true
	// "" true
	// "" false
}

// EscapedFragment is the fragment as the href holds it, percent-encoded,
// as net/url's method of the same name.
func ExampleURL_EscapedFragment() {
	u := url.MustParse("https://example.com/doc#Section 2 «intro»")
	fmt.Println(u.EscapedFragment())
	// Output:
	// Section%202%20%C2%ABintro%C2%BB
}

// EscapedPath is Pathname, for code written against net/url.
func ExampleURL_EscapedPath() {
	u := url.MustParse("https://example.com/a b/ü/%2F")
	fmt.Println(u.EscapedPath())
	fmt.Println(url.MustParse("mailto:a@example.com").EscapedPath())
	// Output:
	// /a%20b/%C3%BC/%2F
	// a@example.com
}

// HrefWithoutFragment is the URL an HTTP client fetches: the fragment
// never leaves the browser. A crawler keys its cache on it.
func ExampleURL_HrefWithoutFragment() {
	u := url.MustParse("https://example.com/guide?lang=en#install")
	fmt.Println(u.HrefWithoutFragment())
	// Output:
	// https://example.com/guide?lang=en
}

// Every URL Parse returns is absolute; only the zero URL is not.
func ExampleURL_IsAbs() {
	fmt.Println(url.MustParse("/docs", "https://example.com/").IsAbs())
	var zero url.URL
	fmt.Println(zero.IsAbs())
	// Output:
	// true
	// false
}

// IsSpecial tells the schemes whose URLs the standard parses with
// hosts and hierarchical paths (http, https, ws, wss, ftp, file).
func ExampleURL_IsSpecial() {
	for _, s := range []string{"https://example.com/a\\b", "git://example.com/a\\b"} {
		u := url.MustParse(s)
		fmt.Println(u.IsSpecial(), u)
	}
	// Output:
	// true https://example.com/a/b
	// false git://example.com/a\b
}

// A link checker skips the links it cannot follow: those with an opaque
// path have no host and no hierarchy.
func ExampleURL_HasOpaquePath() {
	page := url.MustParse("https://example.com/contact")
	for _, href := range []string{"mailto:sales@example.com", "tel:+1-555-0100", "javascript:void(0)", "team/"} {
		u, _ := page.Parse(href)
		if u.HasOpaquePath() {
			fmt.Println("skip", u)
			continue
		}
		fmt.Println("check", u)
	}
	// Output:
	// skip mailto:sales@example.com
	// skip tel:+1-555-0100
	// skip javascript:void(0)
	// check https://example.com/team/
}

// Equal compares serializations; with excludeFragments a crawler treats
// two links to parts of one page as the same page.
func ExampleURL_Equal() {
	a := url.MustParse("https://example.com/guide#install")
	b := url.MustParse("HTTPS://EXAMPLE.COM:443/guide#usage")
	fmt.Println(a.Equal(b, false), a.Equal(b, true))
	// Output:
	// false true
}

// Clone copies a URL, so a request-scoped change does not touch a
// shared base URL.
func ExampleURL_Clone() {
	base := url.MustParse("https://api.example.com/v1/search")
	req := base.Clone()
	req.SearchParams().Set("q", "weburl")
	fmt.Println(req)
	fmt.Println(base)
	// Output:
	// https://api.example.com/v1/search?q=weburl
	// https://api.example.com/v1/search
}

// A Parser's Parse takes an optional base, as the package-level Parse;
// with Encoding set, the query of a special URL is encoded as a document
// in that encoding would encode it.
func ExampleParser_Parse() {
	sjis, err := charset.Lookup("shift_jis")
	if err != nil {
		panic(err)
	}
	p := url.Parser{Encoding: sjis}
	// 日本 is 93 FA 96 7B in Shift_JIS; 7B is "{", which a query keeps.
	u, err := p.Parse("search?q=日本", "https://example.jp/")
	fmt.Println(u, err)
	u, err = url.Parse("search?q=日本", "https://example.jp/")
	fmt.Println(u, err)
	// Output:
	// https://example.jp/search?q=%93%FA%96{ <nil>
	// https://example.jp/search?q=%E6%97%A5%E6%9C%AC <nil>
}

// ParseRef resolves many links against one base parsed once, as a
// crawler does for the links of a page, with the Parser's options.
func ExampleParser_ParseRef() {
	page := url.MustParse("https://example.com/blog/2024/post.html")
	p := url.Parser{MaxLength: 2048}
	for _, href := range []string{"../2023/", "/about", "?page=2", "https://cdn.example.net/app.js"} {
		u, err := p.ParseRef(page, href)
		fmt.Println(u, err)
	}
	// Output:
	// https://example.com/blog/2023/ <nil>
	// https://example.com/about <nil>
	// https://example.com/blog/2024/post.html?page=2 <nil>
	// https://cdn.example.net/app.js <nil>
}
