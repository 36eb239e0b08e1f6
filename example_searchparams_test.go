package url_test

import (
	"fmt"

	url "github.com/weburl/url"
	"github.com/weburl/url/charset"
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
	latin1, err := charset.Lookup("latin1") // windows-1252
	if err != nil {
		panic(err)
	}
	fmt.Println(url.SerializeForm(params))
	fmt.Println(url.SerializeFormEncoding(params, latin1))
	// Output:
	// q=caf%C3%A9+%E2%98%83
	// q=caf%E9+%26%239731%3B
}

// A SearchParams from a URL is live: a change to it rewrites the URL's
// query, as URL.searchParams does in a browser. Here a paginated API
// client moves to the next page.
func ExampleSearchParams() {
	u := url.MustParse("https://api.example.com/items?filter=new&page=1")
	sp := u.SearchParams()
	sp.Set("page", "2")
	sp.Append("tag", "go & web")
	fmt.Println(u)
	fmt.Println(sp.Len(), sp.Get("filter"))
	// Output:
	// https://api.example.com/items?filter=new&page=2&tag=go+%26+web
	// 3 new
}

// Append keeps repeated names, in order, as a form with checkboxes
// submits them.
func ExampleSearchParams_Append() {
	var sp url.SearchParams // the zero value is an empty list
	sp.Append("color", "red")
	sp.Append("color", "blue")
	sp.Append("size", "M")
	fmt.Println(&sp)
	// Output:
	// color=red&color=blue&size=M
}

// Delete removes every pair of a name, or only those with a value: a
// tracker-stripping proxy drops its parameters.
func ExampleSearchParams_Delete() {
	u := url.MustParse("https://shop.example/p/42?utm_source=mail&id=42&utm_medium=x&tag=a&tag=b")
	sp := u.SearchParams()
	sp.Delete("utm_source")
	sp.Delete("utm_medium")
	sp.Delete("tag", "a")
	fmt.Println(u)
	// Output:
	// https://shop.example/p/42?id=42&tag=b
}

// Get returns the first value, decoded; "" when the name is absent.
func ExampleSearchParams_Get() {
	sp := url.MustParse("https://example.com/search?q=caf%C3%A9+au+lait&q=tea").SearchParams()
	fmt.Printf("%q %q\n", sp.Get("q"), sp.Get("page"))
	// Output:
	// "café au lait" ""
}

// GetAll returns every value of a name, in order.
func ExampleSearchParams_GetAll() {
	sp := url.NewSearchParams("id=3&id=1&sort=asc&id=2")
	fmt.Println(sp.GetAll("id"), sp.GetAll("missing") == nil)
	// Output:
	// [3 1 2] true
}

// Has tells a name that is absent from one with an empty value, and can
// match a value too.
func ExampleSearchParams_Has() {
	sp := url.NewSearchParams("?debug&lang=en")
	fmt.Println(sp.Has("debug"), sp.Get("debug") == "")
	fmt.Println(sp.Has("lang", "fr"), sp.Has("lang", "en"))
	// Output:
	// true true
	// false true
}

// Keys iterates over the names, repeated ones included.
func ExampleSearchParams_Keys() {
	sp := url.NewSearchParams("a=1&b=2&a=3")
	for name := range sp.Keys() {
		fmt.Print(name, " ")
	}
	fmt.Println()
	// Output:
	// a b a
}

// Values iterates over the values, in order.
func ExampleSearchParams_Values() {
	sp := url.NewSearchParams("tag=go&tag=url&tag=whatwg")
	for v := range sp.Values() {
		fmt.Println(v)
	}
	// Output:
	// go
	// url
	// whatwg
}

// Len counts the pairs, as the size attribute of URLSearchParams; a
// server can refuse queries with too many.
func ExampleSearchParams_Len() {
	sp := url.MustParse("https://example.com/?a=1&b=2&&c").SearchParams()
	fmt.Println(sp.Len())
	// Output:
	// 3
}

// Set replaces every value of a name with one, keeping the first pair's
// position.
func ExampleSearchParams_Set() {
	u := url.MustParse("https://example.com/list?page=1&sort=name&page=7")
	u.SearchParams().Set("page", "2")
	fmt.Println(u)
	// Output:
	// https://example.com/list?page=2&sort=name
}

// Sort orders the pairs by name, stably: two URLs that differ only in the
// order of their parameters get one cache key.
func ExampleSearchParams_Sort() {
	a := url.MustParse("https://example.com/?b=2&a=1&c=3&a=0")
	b := url.MustParse("https://example.com/?c=3&a=1&a=0&b=2")
	a.SearchParams().Sort()
	b.SearchParams().Sort()
	fmt.Println(a)
	fmt.Println(a.Equal(b, false))
	// Output:
	// https://example.com/?a=1&a=0&b=2&c=3
	// true
}

// String is the application/x-www-form-urlencoded serialization: the
// body of a form POST.
func ExampleSearchParams_String() {
	var form url.SearchParams
	form.Append("name", "Zoë Smith")
	form.Append("comment", "1 + 1 = 2 & more")
	fmt.Println(form.String())
	// Output:
	// name=Zo%C3%AB+Smith&comment=1+%2B+1+%3D+2+%26+more
}

// A Param is one name-value pair of a form; a []Param keeps order and
// repeats, which a map does not.
func ExampleParam() {
	params := []url.Param{{Name: "to", Value: "ann@example.com"}, {Name: "to", Value: "bob@example.com"}, {Name: "subject", Value: "Hi!"}}
	fmt.Println(url.SerializeForm(params))
	// Output:
	// to=ann%40example.com&to=bob%40example.com&subject=Hi%21
}

// SerializeForm encodes pairs as a form submission does, in UTF-8.
func ExampleSerializeForm() {
	body := url.SerializeForm([]url.Param{
		{Name: "q", Value: "naïve café"},
		{Name: "filter", Value: "price<10&stock>0"},
	})
	fmt.Println(body)
	// Output:
	// q=na%C3%AFve+caf%C3%A9&filter=price%3C10%26stock%3E0
}

// FormEncode encodes one name or value as SerializeForm does: only ASCII
// alphanumerics and * - . _ are kept, and space becomes "+".
func ExampleFormEncode() {
	fmt.Println(url.FormEncode("a b+c/d~e*f"))
	fmt.Println(url.FormEncode("plain_value-1.0"))
	// Output:
	// a+b%2Bc%2Fd%7Ee*f
	// plain_value-1.0
}
