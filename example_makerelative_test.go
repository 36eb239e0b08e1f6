package url_test

import (
	"fmt"

	url "github.com/weburl/url"
)

func ExampleURL_MakeRelative() {
	page := url.MustParse("https://example.com/docs/guide/intro.html")
	for _, link := range []string{
		"https://example.com/docs/guide/setup.html#install",
		"https://example.com/docs/api/",
		"https://example.com/blog/2026/",
		"https://example.com/docs/guide/intro.html?lang=fr",
		"https://cdn.example.com/app.js",
	} {
		ref, ok := page.MakeRelative(url.MustParse(link))
		fmt.Printf("%q %v\n", ref, ok)
	}
	// Output:
	// "setup.html#install" true
	// "../api/" true
	// "/blog/2026/" true
	// "?lang=fr" true
	// "" false
}
