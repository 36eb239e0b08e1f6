package charset_test

import (
	"errors"
	"fmt"

	"github.com/weburl/url"
	"github.com/weburl/url/charset"
)

// A crawler submits a search form of pages in several encodings: the
// label comes from each page's Content-Type charset or meta tag.
func Example() {
	for _, page := range []struct{ charset, query string }{
		{" Shift_JIS ", "日本"},
		{"latin1", "café"},
		{"utf-7", "café"},
	} {
		enc, err := charset.Lookup(page.charset)
		if errors.Is(err, charset.ErrUnknownLabel) {
			fmt.Printf("%q: unknown encoding\n", page.charset)
			continue
		}
		fmt.Printf("%q: %s\n", page.charset, url.SerializeFormEncoding([]url.Param{{Name: "q", Value: page.query}}, enc))
	}
	// Output:
	// " Shift_JIS ": q=%93%FA%96%7B
	// "latin1": q=caf%E9
	// "utf-7": unknown encoding
}

// Lookup follows the Encoding Standard: ASCII whitespace around the label
// and ASCII case do not count, "latin1" and "iso-8859-1" are windows-1252,
// and a label the Standard does not list is an error.
func ExampleLookup() {
	for _, label := range []string{"\tUTF8 ", "iso-8859-1", "x-sjis", "klingon"} {
		enc, err := charset.Lookup(label)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%q: %v\n", label, enc)
	}
	// Output:
	// "\tUTF8 ": UTF-8
	// "iso-8859-1": Windows 1252
	// "x-sjis": Shift JIS
	// url: look up encoding "klingon": unknown encoding label
}
