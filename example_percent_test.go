package url_test

import (
	"fmt"

	url "github.com/weburl/url"
)

// Each component of a URL has its percent-encode set: what the parser
// encodes there. Those sets keep "%", "&" and "=", which mean something
// in a URL; data that may hold them (a search term, a file name) is
// encoded with ComponentSet, or FormURLEncodedSet for a form.
func ExampleEncodeSet() {
	name := "Q&A: 50% off?"
	fmt.Println("path:     ", url.PercentEncode(name, url.PathSet))
	fmt.Println("query:    ", url.PercentEncode(name, url.QuerySet))
	fmt.Println("fragment: ", url.PercentEncode(name, url.FragmentSet))
	fmt.Println("component:", url.PercentEncode(name, url.ComponentSet))
	fmt.Println("form:     ", url.PercentEncode(name, url.FormURLEncodedSet))
	// Output:
	// path:      Q&A:%2050%%20off%3F
	// query:     Q&A:%2050%%20off?
	// fragment:  Q&A:%2050%%20off?
	// component: Q%26A%3A%2050%25%20off%3F
	// form:      Q%26A%3A%2050%25%20off%3F
}

// Contains answers whether a byte must be encoded in a set: here, which
// ASCII punctuation a path segment can hold as it is.
func ExampleEncodeSet_Contains() {
	for _, b := range []byte("?#/%{}|^`~") {
		fmt.Printf("%c %v\n", b, url.PathSet.Contains(b))
	}
	fmt.Println(url.C0ControlSet.Contains(0xC3)) // every byte >= 0x80 is in every set
	// Output:
	// ? true
	// # true
	// / false
	// % false
	// { true
	// } true
	// | false
	// ^ true
	// ` true
	// ~ false
	// true
}

// String gives the set's name in the URL Standard.
func ExampleEncodeSet_String() {
	for _, s := range []url.EncodeSet{url.C0ControlSet, url.SpecialQuerySet, url.UserinfoSet} {
		fmt.Println(s)
	}
	// Output:
	// C0 control percent-encode set
	// special-query percent-encode set
	// userinfo percent-encode set
}

// PercentDecode decodes bytes, as the URL Standard's percent-decode: a
// "%" that starts no escape stays. The result may be any bytes.
func ExamplePercentDecode() {
	fmt.Printf("%q\n", url.PercentDecode([]byte("caf%C3%A9%20%E9%zz%2")))
	// Output:
	// "café \xe9%zz%2"
}

// PercentEncodeBytes appends to a buffer, so an encoder of many values
// reuses one.
func ExamplePercentEncodeBytes() {
	var buf []byte
	for _, seg := range []string{"docs", "résumé 2024.pdf"} {
		buf = append(buf, '/')
		buf = url.PercentEncodeBytes(buf, []byte(seg), url.PathSet)
	}
	fmt.Println(string(buf))
	// Output:
	// /docs/r%C3%A9sum%C3%A9%202024.pdf
}
