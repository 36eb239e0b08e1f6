package url_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
)

// A server turns the request target of "GET /p?q HTTP/1.1" into a URL
// against its origin. A target starting with "//" stays a path, and
// "foo.html" is no request target.
func ExampleParseRequestURI() {
	for _, target := range []string{"/p?q", "//not.a.user@not.a.host/just/a/path", "https://example.net/abs", "/a#b"} {
		u, err := url.ParseRequestURI(target, "https://example.com")
		fmt.Println(u, err)
	}
	for _, target := range []string{"foo.html", "*"} {
		_, err := url.ParseRequestURI(target, "https://example.com")
		fmt.Println(errors.Is(err, url.ErrRequestURI))
	}
	// Output:
	// https://example.com/p?q <nil>
	// https://example.com//not.a.user@not.a.host/just/a/path <nil>
	// https://example.net/abs <nil>
	// https://example.com/a%23b <nil>
	// true
	// true
}
