package url_test

import (
	"fmt"

	"github.com/weburl/url"
)

// ValidURLString answers what an HTML conformance checker asks of a
// link: is it written as the URL Standard says URLs are written? A link
// can be followed (it parses) without being valid.
func ExampleValidURLString() {
	base := "https://example.com/docs/"
	for _, link := range []string{"../img/logo.png", "https://example.com/a b", "https://[::01]/", "#top"} {
		fmt.Println(link, url.ValidURLString(link, base), url.CanParse(link, base))
	}
	// Output:
	// ../img/logo.png true true
	// https://example.com/a b false true
	// https://[::01]/ false true
	// #top true true
}
