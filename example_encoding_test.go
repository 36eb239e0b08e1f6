package url_test

import (
	"errors"
	"fmt"

	url "github.com/weburl/url"
)

// LookupEncoding takes the labels a Content-Type charset or an HTML meta
// tag holds; a label the Encoding Standard does not know is an error.
// Here a crawler submits a search form of pages in several encodings.
func ExampleLookupEncoding() {
	for _, page := range []struct{ charset, query string }{
		{" Shift_JIS ", "日本"},
		{"latin1", "café"},
		{"utf-7", "café"},
	} {
		enc, err := url.LookupEncoding(page.charset)
		if errors.Is(err, url.ErrUnknownEncoding) {
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

// OutputEncoding is the encoding a form or a URL query of a page in enc
// is actually encoded in: a UTF-16 page submits forms in UTF-8.
func ExampleOutputEncoding() {
	for _, label := range []string{"utf-16le", "euc-kr"} {
		enc, err := url.LookupEncoding(label)
		if err != nil {
			panic(err)
		}
		fmt.Println(label, url.PercentEncodeAfterEncoding("한", url.OutputEncoding(enc), url.QuerySet))
	}
	// Output:
	// utf-16le %ED%95%9C
	// euc-kr %C7%D1
}

// PercentEncodeAfterEncoding encodes a value as a page in a legacy
// encoding submits it: characters the encoding lacks become numeric
// character references.
func ExamplePercentEncodeAfterEncoding() {
	latin1, err := url.LookupEncoding("iso-8859-1") // windows-1252
	if err != nil {
		panic(err)
	}
	fmt.Println(url.PercentEncodeAfterEncoding("café €5 ☕", latin1, url.FormURLEncodedSet))
	fmt.Println(url.PercentEncodeAfterEncoding("café €5 ☕", nil, url.FormURLEncodedSet))
	// Output:
	// caf%E9+%805+%26%239749%3B
	// caf%C3%A9+%E2%82%AC5+%E2%98%95
}
