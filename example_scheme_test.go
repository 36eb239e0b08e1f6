package url_test

import (
	"fmt"

	url "github.com/weburl/url"
)

func ExampleDefaultPort() {
	for _, scheme := range []string{"https", "ws", "FTP", "file", "gopher"} {
		fmt.Printf("%s: %q\n", scheme, url.DefaultPort(scheme))
	}
	u := url.MustParse("https://example.com:443/")
	fmt.Println(u.Port() == "", u.Href())
	// Output:
	// https: "443"
	// ws: "80"
	// FTP: "21"
	// file: ""
	// gopher: ""
	// true https://example.com/
}
