package dataurl_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
	"github.com/weburl/url/dataurl"
)

func Example() {
	// What a browser loads for a data: URL: its MIME type and its body.
	d, err := dataurl.Parse("data:text/html;charset=UTF-8;base64,PGI+aGk8L2I+")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.MIMEType.Essence())
	charset, _ := d.MIMEType.Param("charset")
	fmt.Println(charset)
	fmt.Printf("%s\n", d.Body)
	// Output:
	// text/html
	// UTF-8
	// <b>hi</b>
}

func ExampleParse() {
	// A MIME type that does not parse is text/plain;charset=US-ASCII; the
	// body is percent-decoded.
	d, err := dataurl.Parse("data:text / html,a%20b%")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.MIMEType)
	fmt.Printf("%q\n", d.Body)

	// No comma: the processor fails.
	_, err = dataurl.Parse("data:text/html")
	fmt.Println(errors.Is(err, dataurl.ErrNoComma))
	// Output:
	// text/plain;charset=US-ASCII
	// "a b%"
	// true
}

func ExampleProcess() {
	// A URL already parsed, e.g. a link of a page.
	u, err := url.Parse("data:;charset=utf-8;base64,4pyT#the-fragment-is-not-the-body")
	if err != nil {
		panic(err)
	}
	d, err := dataurl.Process(u)
	if err != nil {
		panic(err)
	}
	fmt.Println(d.MIMEType)
	fmt.Printf("%s\n", d.Body)

	// Only data: URLs.
	_, err = dataurl.Process(url.MustParse("https://example.com/"))
	fmt.Println(errors.Is(err, dataurl.ErrNotData))
	// Output:
	// text/plain;charset=utf-8
	// ✓
	// true
}

func ExampleDataURL() {
	d, err := dataurl.Parse("data:image/gif;base64,R0lGODlhAQABAAAAACw=")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.MIMEType.Essence(), len(d.Body), string(d.Body[:6]))
	// Output: image/gif 14 GIF89a
}
