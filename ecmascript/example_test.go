package ecmascript_test

import (
	"errors"
	"fmt"

	"github.com/weburl/url/ecmascript"
)

// A value goes into a URL the way a JavaScript page would put it there,
// and comes back out: what encodeURIComponent writes, decodeURIComponent
// reads.
func Example() {
	q, err := ecmascript.EncodeURIComponent("café & crème?")
	if err != nil {
		panic(err)
	}
	fmt.Println("https://example.com/search?q=" + q)
	back, err := ecmascript.DecodeURIComponent(q)
	fmt.Println(back, err)
	// Output:
	// https://example.com/search?q=caf%C3%A9%20%26%20cr%C3%A8me%3F
	// café & crème? <nil>
}

func ExampleEncodeURI() {
	s, err := ecmascript.EncodeURI("https://example.com/a b/ü?q=[1]#top")
	fmt.Println(s, err)
	// A lone surrogate (here in WTF-8) is what JavaScript throws URIError for.
	_, err = ecmascript.EncodeURI("\xed\xa0\x80")
	fmt.Println(errors.Is(err, ecmascript.ErrMalformedURI))
	// Output:
	// https://example.com/a%20b/%C3%BC?q=%5B1%5D#top <nil>
	// true
}

func ExampleDecodeURI() {
	// Escapes of ; / ? : @ & = + $ , # stay as they are.
	s, err := ecmascript.DecodeURI("%23%5B%5D%21%27%28%29%2A")
	fmt.Println(s, err)
	_, err = ecmascript.DecodeURI("%C0%AF") // an overlong "/"
	var uerr *ecmascript.URIError
	if errors.As(err, &uerr) {
		fmt.Println(uerr.Offset, uerr.Reason)
	}
	fmt.Println(err)
	// Output:
	// %23[]!'()* <nil>
	// 0 overlong UTF-8 encoding
	// ecmascript: DecodeURI "%C0%AF": malformed URI (overlong UTF-8 encoding) at offset 0
}

func ExampleEncodeURIComponent() {
	s, _ := ecmascript.EncodeURIComponent("a&b=c d/é!")
	fmt.Println(s)
	d, _ := ecmascript.DecodeURIComponent(s)
	fmt.Println(d)
	// Output:
	// a%26b%3Dc%20d%2F%C3%A9!
	// a&b=c d/é!
}

func ExampleEscape() {
	fmt.Println(ecmascript.Escape("a b+c/é€😀"))
	// Output:
	// a%20b+c/%E9%u20AC%uD83D%uDE00
}

func ExampleUnescape() {
	fmt.Println(ecmascript.Unescape("a%20b+c/%E9%u20AC%uD83D%uDE00"))
	// %C3%A9 is two Latin-1 characters, not UTF-8; a lone surrogate is U+FFFD.
	fmt.Println(ecmascript.Unescape("%C3%A9 %uD800"))
	// Output:
	// a b+c/é€😀
	// Ã© �
}

// A server that receives values a browser encoded with
// encodeURIComponent decodes them with DecodeURIComponent, which fails
// where JavaScript would throw, instead of returning invalid UTF-8.
func ExampleDecodeURIComponent() {
	for _, v := range []string{"caf%C3%A9%20%26%20bar", "a+b", "100%", "%FF"} {
		s, err := ecmascript.DecodeURIComponent(v)
		fmt.Printf("%q %v\n", s, errors.Is(err, ecmascript.ErrMalformedURI))
	}
	// Output:
	// "café & bar" false
	// "a+b" false
	// "" true
	// "" true
}

// A URIError says where the input is malformed and why, so a caller can
// point at the culprit.
func ExampleURIError() {
	_, err := ecmascript.DecodeURIComponent("name=J%C3rgen")
	var uerr *ecmascript.URIError
	if errors.As(err, &uerr) {
		fmt.Println(uerr.Func, uerr.Offset, uerr.Reason)
		fmt.Println(uerr.Input[uerr.Offset:])
	}
	// Output:
	// DecodeURIComponent 6 truncated UTF-8 sequence
	// %C3rgen
}

// Error names the function, the input, the offset and the reason.
func ExampleURIError_Error() {
	_, err := ecmascript.EncodeURIComponent("a\xffb")
	fmt.Println(err)
	// Output:
	// ecmascript: EncodeURIComponent "a\xffb": malformed URI (invalid UTF-8) at offset 1
}

// Unwrap returns ErrMalformedURI, so errors.Is tells a malformed input
// from any other failure.
func ExampleURIError_Unwrap() {
	_, err := ecmascript.DecodeURI("%E0%A4%A")
	fmt.Println(errors.Unwrap(err) == ecmascript.ErrMalformedURI, errors.Is(err, ecmascript.ErrMalformedURI))
	// Output:
	// true true
}
