package dataurl_test

import (
	"errors"
	"fmt"

	"github.com/weburl/url/dataurl"
)

func ExampleDecodeBase64() {
	// Whitespace anywhere, no padding, unused bits dropped.
	b, err := dataurl.DecodeBase64(" aGVs\nbG8 ")
	fmt.Printf("%s %v\n", b, err)
	b, _ = dataurl.DecodeBase64("YR")
	fmt.Printf("%s\n", b)

	// A "=" that is not padding.
	_, err = dataurl.DecodeBase64("ab=c")
	fmt.Println(errors.Is(err, dataurl.ErrBase64))
	// Output:
	// hello <nil>
	// a
	// true
}
