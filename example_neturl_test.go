package url_test

import (
	"errors"
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

// The package-level JoinPath joins untrusted path elements below a base
// given as a string, as net/url's JoinPath does, but never above it.
func ExampleJoinPath() {
	for _, file := range []string{"report 2024.pdf", "../../etc/passwd", "a/b/../c.txt"} {
		s, err := url.JoinPath("https://files.example.com/users/42/", file)
		fmt.Println(s, err)
	}
	_, err := url.JoinPath("not a base", "x")
	fmt.Println(errors.Is(err, url.MissingSchemeNonRelativeURL))
	// Output:
	// https://files.example.com/users/42/report%202024.pdf <nil>
	// https://files.example.com/users/42/etc/passwd <nil>
	// https://files.example.com/users/42/a/c.txt <nil>
	// true
}

// PathEscape is net/url's: it escapes a path segment, "/" included.
func ExamplePathEscape() {
	fmt.Println("https://example.com/wiki/" + url.PathEscape("AC/DC (band)"))
	// Output:
	// https://example.com/wiki/AC%2FDC%20%28band%29
}

// PathUnescape is net/url's: it decodes a path segment, leaving "+" as it
// is, and fails on a malformed escape.
func ExamplePathUnescape() {
	s, err := url.PathUnescape("AC%2FDC+%28band%29")
	fmt.Println(s, err)
	_, err = url.PathUnescape("100%")
	var e url.EscapeError
	fmt.Println(errors.As(err, &e))
	// Output:
	// AC/DC+(band) <nil>
	// true
}

// QueryEscape is net/url's: space becomes "+". Browsers' form encoding
// differs from it on "~" and "*" (see FormEncode).
func ExampleQueryEscape() {
	fmt.Println(url.QueryEscape("rock & roll ~*"))
	fmt.Println(url.FormEncode("rock & roll ~*"))
	// Output:
	// rock+%26+roll+~%2A
	// rock+%26+roll+%7E*
}

// QueryUnescape is net/url's: "+" becomes a space; a malformed escape is
// an error.
func ExampleQueryUnescape() {
	s, err := url.QueryUnescape("rock+%26+roll")
	fmt.Println(s, err)
	_, err = url.QueryUnescape("50%+off")
	fmt.Println(err != nil)
	// Output:
	// rock & roll <nil>
	// true
}

// EscapeError is net/url's error for a malformed escape; code that
// checks for it keeps compiling.
func ExampleEscapeError() {
	_, err := url.QueryUnescape("%zz")
	var e url.EscapeError
	if errors.As(err, &e) {
		fmt.Printf("malformed escape %q\n", string(e))
	}
	// Output:
	// malformed escape "%zz"
}

// ParseQuery is net/url's: it refuses ";" and malformed escapes, where
// URL.Query reads the query as a browser does.
func ExampleParseQuery() {
	v, err := url.ParseQuery("a=1&b=2;c=3&d=%zz")
	fmt.Println(v, err != nil)
	fmt.Println(url.MustParse("https://example.com/?a=1&b=2;c=3&d=%zz").Query())
	// Output:
	// map[a:[1]] true
	// map[a:[1] b:[2;c=3] d:[%zz]]
}

// Values is net/url's Values, so code that builds a query with it keeps
// working; its Encode sorts by key.
func ExampleValues() {
	v := url.Values{}
	v.Set("q", "weburl")
	v.Add("lang", "en")
	v.Add("lang", "fr")
	u := url.MustParse("https://example.com/search")
	if err := u.SetSearch(v.Encode()); err != nil {
		panic(err)
	}
	fmt.Println(u)
	// Output:
	// https://example.com/search?lang=en&lang=fr&q=weburl
}

// User and UserPassword are net/url's, for the net/url values this
// package hands out, such as NetURL's.
func ExampleUser() {
	n := url.MustParse("https://example.com/repo.git").NetURL()
	n.User = url.User("deploy")
	fmt.Println(n)
	// Output:
	// https://deploy@example.com/repo.git
}

// UserPassword sets credentials on a net/url URL, here to build a
// proxy URL for http.Transport.
func ExampleUserPassword() {
	n := url.MustParse("http://proxy.internal:3128").NetURL()
	n.User = url.UserPassword("ci", "p@ss word")
	fmt.Println(n.Redacted())
	fmt.Println(url.MustParse(n.String()).Username())
	// Output:
	// http://ci:xxxxx@proxy.internal:3128/
	// ci
}

// Userinfo is net/url's type: what a net/url URL's User field holds.
// A URL of this package keeps the credentials in its href instead.
func ExampleUserinfo() {
	n := url.MustParse("https://alice:s3cret@example.com/").NetURL()
	var ui *url.Userinfo = n.User
	pw, ok := ui.Password()
	fmt.Println(ui.Username(), pw, ok)
	// Output:
	// alice s3cret true
}
