package url_test

import (
	"fmt"
	neturl "net/url"

	url "github.com/weburl/url"
)

func ExampleURL_NetURL() {
	u := url.MustParse("https://user:pass@EXAMPLE.com:443/a%2Fb/../c?q=1#frag")
	n := u.NetURL()
	fmt.Println(n.String() == u.Href(), n)
	fmt.Printf("Host %q, Path %q, RawPath %q, RawQuery %q, Fragment %q\n", n.Host, n.Path, n.RawPath, n.RawQuery, n.Fragment)
	// Output:
	// true https://user:pass@example.com/c?q=1#frag
	// Host "example.com", Path "/c", RawPath "", RawQuery "q=1", Fragment "frag"
}

func ExampleFromNetURL() {
	n, _ := neturl.Parse("HTTP://Example.COM:80/a/./b/../c d")
	u, err := url.FromNetURL(n)
	fmt.Println(u, err)
	// A relative net/url URL has no scheme, so it does not parse.
	_, err = url.FromNetURL(&neturl.URL{Path: "/relative"})
	fmt.Println(err)
	// Output:
	// http://example.com/a/c%20d <nil>
	// url: parse "/relative": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0
}

func ExampleURL_JoinPath() {
	base := url.MustParse("https://api.example.com/v1/users/")
	fmt.Println(base.JoinPath("42", "posts"))
	// Untrusted elements stay below the base path.
	fmt.Println(base.JoinPath("../../admin"))
	fmt.Println(base.JoinPath("..%2F..%2Fadmin"))
	fmt.Println(base.JoinPath("a b?x=1#y"))
	// Output:
	// https://api.example.com/v1/users/42/posts
	// https://api.example.com/v1/users/admin
	// https://api.example.com/v1/users/..%252F..%252Fadmin
	// https://api.example.com/v1/users/a%20b%3Fx=1%23y
}

func ExampleURL_Query() {
	u := url.MustParse("https://example.com/search?q=go+url&tag=a;b&tag=c&bad=%zz")
	q := u.Query()
	fmt.Printf("%q %q %q\n", q.Get("q"), q["tag"], q.Get("bad"))
	// Output:
	// "go url" ["a;b" "c"] "%zz"
}

func ExampleURL_Redacted() {
	u := url.MustParse("https://alice:s3cret@example.com/private")
	fmt.Println(u.Redacted())
	// Output:
	// https://alice:xxxxx@example.com/private
}

func ExampleURL_RequestURI() {
	fmt.Println(url.MustParse("https://example.com/a%20b?q=1#frag").RequestURI())
	fmt.Println(url.MustParse("sc://host").RequestURI())
	fmt.Println(url.MustParse("mailto:alice@example.com?subject=hi").RequestURI())
	// Output:
	// /a%20b?q=1
	// /
	// alice@example.com?subject=hi
}
