package url_test

import (
	"fmt"

	"github.com/weburl/url"
)

// A URL is a value: a crawler keeps its frontier as a []url.URL, one
// copy per URL and no allocation of its own, and go vet's copylocks
// check accepts the copy (this example is vetted with the package).
func ExampleURL_value() {
	frontier := make([]url.URL, 0, 3)
	for _, link := range []string{"/a", "b?x=1", "https://other.example/"} {
		u, err := url.Parse(link, "https://example.com/dir/")
		if err != nil {
			continue
		}
		frontier = append(frontier, *u)
	}
	// Each copy has its own SearchParams, made on first use.
	frontier[1].SearchParams().Append("y", "2")
	for i := range frontier {
		fmt.Println(frontier[i].Href())
	}
	// Output:
	// https://example.com/a
	// https://example.com/dir/b?x=1&y=2
	// https://other.example/
}
