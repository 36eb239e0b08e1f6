package url_test

import (
	"errors"
	"fmt"

	"github.com/weburl/url"
)

func ExampleCanonicalizer() {
	// Copy a profile to change its options; the profile stays as it is.
	c := url.Crawler
	c.StripWWW = true
	c.RemoveTrackingParams = true
	for _, link := range []string{
		"https://www.example.com/a?b=2&a=1&utm_source=feed#top",
		"HTTPS://example.com:443/a?a=1&b=2",
	} {
		key, err := c.Canonicalize(link)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(key)
	}
	// Output:
	// https://example.com/a?a=1&b=2
	// https://example.com/a?a=1&b=2
}

func ExampleCanonicalizer_Canonicalize() {
	for _, s := range []string{
		"http://Example.COM/%7Euser/a%2fb?b=%zz&a=1#frag",
		"/relative",
	} {
		key, err := url.Crawler.Canonicalize(s)
		fmt.Printf("%q %v\n", key, err)
	}
	// Output:
	// "http://example.com/~user/a%2Fb?a=1&b=%zz" <nil>
	// "" url: parse "/relative": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0
}

func ExampleCanonicalizer_CanonicalizeRef() {
	page := url.MustParse("https://example.com/docs/intro.html")
	for _, href := range []string{"../img/%6Cogo.png", "#section", "?b&a"} {
		key, err := url.Crawler.CanonicalizeRef(page, href)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(key)
	}
	// Output:
	// https://example.com/img/logo.png
	// https://example.com/docs/intro.html
	// https://example.com/docs/intro.html?a&b
}

func ExampleCanonicalizer_CanonicalizeURL() {
	u := url.MustParse("https://example.com/search?q=go&lang=en#results")
	key, err := url.Crawler.CanonicalizeURL(u)
	fmt.Println(key, err)
	fmt.Println(u) // u itself is not modified
	// Output:
	// https://example.com/search?lang=en&q=go <nil>
	// https://example.com/search?q=go&lang=en#results
}

func ExampleCanonicalizer_crawler() {
	for _, s := range []string{
		"https://example.com/a?b=1&a=2&b=0",
		"https://example.com/%7Ea%2f?",
		"https://example.com/?%zz&&%41",
	} {
		key, _ := url.Crawler.Canonicalize(s)
		fmt.Println(key)
	}
	// Output:
	// https://example.com/a?a=2&b=1&b=0
	// https://example.com/~a%2F
	// https://example.com/?%zz&A
}

func ExampleCanonicalizer_safeBrowsing() {
	for _, s := range []string{
		"http://host/%25%32%35",
		"www.GOOgle.com.../q?r?",
		"http://3279880203/blah",
		"http://www.google.com/blah/..",
		"http://user@evil.com:8080//a/./b#frag",
	} {
		key, err := url.SafeBrowsing.Canonicalize(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(key)
	}
	// Output:
	// http://host/%25
	// http://www.google.com/q?r?
	// http://195.127.0.11/blah
	// http://www.google.com/
	// http://evil.com/a/b
}

func ExampleCanonicalizer_options() {
	c := url.SafeBrowsing
	c.StripWWW = true // Safe Browsing's rules are fixed
	_, err := c.Canonicalize("http://www.example.com/")
	fmt.Println(errors.Is(err, url.ErrCanonicalizerOptions))
	// Output:
	// true
}

func ExampleCanonicalizer_trailingSlash() {
	remove, add := url.Crawler, url.Crawler
	remove.TrailingSlash = url.RemoveTrailingSlash
	add.TrailingSlash = url.AddTrailingSlash
	for _, s := range []string{"https://example.com/docs/", "https://example.com/docs", "https://example.com/a.html"} {
		kept, _ := url.Crawler.Canonicalize(s)
		removed, _ := remove.Canonicalize(s)
		added, _ := add.Canonicalize(s)
		fmt.Println(kept, removed, added)
	}
	// Output:
	// https://example.com/docs/ https://example.com/docs https://example.com/docs/
	// https://example.com/docs https://example.com/docs https://example.com/docs/
	// https://example.com/a.html https://example.com/a.html https://example.com/a.html
}

func ExampleSlashPolicy() {
	for _, p := range []url.SlashPolicy{url.KeepTrailingSlash, url.RemoveTrailingSlash, url.AddTrailingSlash} {
		c := url.Crawler
		c.TrailingSlash = p
		key, _ := c.Canonicalize("https://example.com/a//")
		fmt.Println(key)
	}
	// Output:
	// https://example.com/a//
	// https://example.com/a
	// https://example.com/a//
}

func ExampleCanonicalizer_stripWWW() {
	c := url.Crawler
	c.StripWWW = true
	for _, s := range []string{"https://www.example.com/", "https://www.co.uk/"} {
		key, _ := c.Canonicalize(s)
		fmt.Println(key)
	}
	// Output:
	// https://example.com/
	// https://www.co.uk/
}

func ExampleCanonicalizer_removeTrackingParams() {
	c := url.Crawler
	c.RemoveTrackingParams = true
	key, _ := c.Canonicalize("https://example.com/post?id=7&utm_source=news&utm_medium=email&fbclid=abc")
	fmt.Println(key)
	// Output:
	// https://example.com/post?id=7
}

func ExampleCanonicalizer_removeSessionIDs() {
	c := url.Crawler
	c.RemoveSessionIDs = true
	key, _ := c.Canonicalize("https://example.com/cart;jsessionid=0A1B2C?item=3&PHPSESSID=f00")
	fmt.Println(key)
	// Output:
	// https://example.com/cart?item=3
}

func ExampleCanonicalizer_removeIndexPage() {
	c := url.Crawler
	c.RemoveIndexPage = true
	key, _ := c.Canonicalize("https://example.com/docs/index.html?v=2")
	fmt.Println(key)
	// Output:
	// https://example.com/docs/?v=2
}
