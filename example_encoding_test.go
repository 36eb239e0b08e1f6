package url_test

import (
	"fmt"

	url "github.com/weburl/url"
	"github.com/weburl/url/charset"
)

// OutputEncoding is the encoding a form or a URL query of a page in enc
// is actually encoded in: a UTF-16 page submits forms in UTF-8.
func ExampleOutputEncoding() {
	for _, label := range []string{"utf-16le", "euc-kr"} {
		enc, err := charset.Lookup(label)
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
	latin1, err := charset.Lookup("iso-8859-1") // windows-1252
	if err != nil {
		panic(err)
	}
	fmt.Println(url.PercentEncodeAfterEncoding("café €5 ☕", latin1, url.FormURLEncodedSet))
	fmt.Println(url.PercentEncodeAfterEncoding("café €5 ☕", nil, url.FormURLEncodedSet))
	// Output:
	// caf%E9+%805+%26%239749%3B
	// caf%C3%A9+%E2%82%AC5+%E2%98%95
}
