package dataurl_test

import (
	"errors"
	"fmt"

	"github.com/weburl/url/dataurl"
)

func ExampleError() {
	_, err := dataurl.Parse("data:;base64,!!!!")
	var e *dataurl.Error
	if errors.As(err, &e) {
		fmt.Println(e.Op, e.Err == dataurl.ErrBase64)
	}
	// Output: process data: URL true
}

func ExampleError_Error() {
	_, err := dataurl.Parse("data:;base64,a")
	fmt.Println(err)
	// Output: dataurl: process data: URL "data:;base64,a": invalid forgiving-base64
}

func ExampleError_Unwrap() {
	_, err := dataurl.ParseMIMEType("no-slash")
	fmt.Println(errors.Unwrap(err) == dataurl.ErrMIMEType)
	// Output: true
}
