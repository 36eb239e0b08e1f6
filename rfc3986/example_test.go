package rfc3986_test

import (
	"fmt"

	"github.com/weburl/url"
	"github.com/weburl/url/rfc3986"
)

// An OAuth 1.0 signature base string percent-encodes each parameter
// name and value with RFC 3986's rule.
func Example() {
	params := []url.Param{{Name: "status", Value: "Hello Ladies + Gentlemen, a signed OAuth request!"}, {Name: "include_entities", Value: "true"}}
	for _, p := range params {
		fmt.Println(rfc3986.Encode(p.Name) + "=" + rfc3986.Encode(p.Value))
	}
	// Output:
	// status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21
	// include_entities=true
}

func ExampleEncode() {
	// OAuth 1.0 (RFC 5849, section 3.6) percent-encoding.
	fmt.Println(rfc3986.Encode("Ladies + Gentlemen!*~"))
	fmt.Println(url.PercentDecodeString("Ladies%20%2B%20Gentlemen%21%2A~"))
	// Output:
	// Ladies%20%2B%20Gentlemen%21%2A~
	// Ladies + Gentlemen!*~
}
