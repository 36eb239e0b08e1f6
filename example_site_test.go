package url_test

import (
	"fmt"

	url "github.com/weburl/url"
)

// SameOrigin compares origins as tuples: "null" origins are never the
// same, although they serialize alike.
func ExampleSameOrigin() {
	page := url.MustParse("https://example.com/account")
	for _, s := range []string{
		"https://example.com:443/api",
		"blob:https://example.com/0a6bd3c2",
		"http://example.com/api",
		"https://api.example.com/",
	} {
		fmt.Println(s, url.SameOrigin(page, url.MustParse(s)))
	}
	a, b := url.MustParse("data:,x"), url.MustParse("data:,x")
	fmt.Println(a.Origin() == b.Origin(), url.SameOrigin(a, b))
	// Output:
	// https://example.com:443/api true
	// blob:https://example.com/0a6bd3c2 true
	// http://example.com/api false
	// https://api.example.com/ false
	// true false
}

// SameSite compares schemes and registrable domains.
func ExampleSameSite() {
	page := url.MustParse("https://www.example.co.uk/")
	for _, s := range []string{
		"https://static.example.co.uk:8443/",
		"http://static.example.co.uk/",
		"https://other.co.uk/",
	} {
		fmt.Println(s, url.SameSite(page, url.MustParse(s)))
	}
	// Output:
	// https://static.example.co.uk:8443/ true
	// http://static.example.co.uk/ false
	// https://other.co.uk/ false
}

// SchemelesslySameSite ignores the scheme; hosts on a public suffix of
// the list's private section, such as github.io, are separate sites.
func ExampleSchemelesslySameSite() {
	fmt.Println(url.SchemelesslySameSite(url.MustParse("http://a.example.com"), url.MustParse("wss://b.example.com")))
	fmt.Println(url.SchemelesslySameSite(url.MustParse("https://alice.github.io"), url.MustParse("https://bob.github.io")))
	// Output:
	// true
	// false
}

func ExampleURL_PublicSuffix() {
	for _, s := range []string{"https://www.example.co.uk/", "https://example.com./", "https://whatwg.github.io/", "https://127.0.0.1/"} {
		fmt.Printf("%q\n", url.MustParse(s).PublicSuffix())
	}
	// Output:
	// "co.uk"
	// "com."
	// "github.io"
	// ""
}

func ExampleURL_RegistrableDomain() {
	for _, s := range []string{"https://www.example.co.uk/", "https://example.com./", "https://github.io/", "https://[::1]/"} {
		fmt.Printf("%q\n", url.MustParse(s).RegistrableDomain())
	}
	// Output:
	// "example.co.uk"
	// "example.com."
	// ""
	// ""
}

// PublicSuffixOf parses the host as a URL's host would be parsed.
func ExamplePublicSuffixOf() {
	fmt.Println(url.PublicSuffixOf("sub.example.إختبار"))
	fmt.Printf("%q\n", url.PublicSuffixOf("0x7f.1"))
	// Output:
	// xn--kgbechtv
	// ""
}

func ExampleRegistrableDomainOf() {
	fmt.Println(url.RegistrableDomainOf("WWW.Example.COM"))
	fmt.Printf("%q\n", url.RegistrableDomainOf("co.uk"))
	// Output:
	// example.com
	// ""
}
