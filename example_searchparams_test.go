package url_test

import (
	"fmt"

	url "github.com/weburl/url"
)

func ExampleNewSearchParams() {
	sp := url.NewSearchParams("?q=go+url&lang=en&q=whatwg")
	fmt.Println(sp.Get("q"))
	fmt.Println(sp.GetAll("q"))
	sp.Set("lang", "fr")
	sp.Append("page", "2")
	sp.Sort()
	fmt.Println(sp)
	// Output:
	// go url
	// [go url whatwg]
	// lang=fr&page=2&q=go+url&q=whatwg
}

func ExampleSearchParams_All() {
	sp := url.NewSearchParams("a=1&b=2&c=3")
	for name, value := range sp.All() {
		fmt.Println(name, value)
		if name == "a" {
			sp.Delete("a") // as in browsers, the iterator then skips "b"
		}
	}
	// Output:
	// a 1
	// c 3
}

func ExampleParseForm() {
	for _, p := range url.ParseForm("name=J%C3%BCrgen+M&tag=a&tag=b&flag&%zz=100%") {
		fmt.Printf("%q=%q\n", p.Name, p.Value)
	}
	// Output:
	// "name"="Jürgen M"
	// "tag"="a"
	// "tag"="b"
	// "flag"=""
	// "%zz"="100%"
}

func ExampleSerializeFormEncoding() {
	params := []url.Param{{Name: "q", Value: "café ☃"}}
	latin1, err := url.LookupEncoding("latin1") // windows-1252
	if err != nil {
		panic(err)
	}
	fmt.Println(url.SerializeForm(params))
	fmt.Println(url.SerializeFormEncoding(params, latin1))
	// Output:
	// q=caf%C3%A9+%E2%98%83
	// q=caf%E9+%26%239731%3B
}
