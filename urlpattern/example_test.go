package urlpattern_test

import (
	"errors"
	"fmt"
	"strings"

	url "github.com/weburl/url"
	"github.com/weburl/url/urlpattern"
)

func Example() {
	p, err := urlpattern.New("https://*.example.com/books/:id(\\d+)")
	if err != nil {
		panic(err)
	}
	r := p.Exec("https://shop.example.com/books/42?ref=home")
	sub, _ := r.Hostname.Get("0")
	id, _ := r.Pathname.Get("id")
	fmt.Println(sub, id)
	fmt.Println(p.Test("https://example.com/books/42"))
	fmt.Println(p.Test("https://shop.example.com/books/fortytwo"))
	// Output:
	// shop 42
	// false
	// false
}

func ExampleNew() {
	// Relative to a base URL, as a link is.
	p, err := urlpattern.New("../admin/*", "https://discussion.example/forum/?page=2")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Protocol(), p.Hostname(), p.Port() == "", p.Pathname(), p.Search())
	fmt.Println(p.Test("https://discussion.example/admin/update?id=1"))

	// A relative pattern needs a base URL.
	_, err = urlpattern.New("/books/:id")
	fmt.Println(errors.Is(err, urlpattern.ErrNoBaseURL))
	_, err = urlpattern.New("/books/:id", "https://a.example", "https://b.example")
	fmt.Println(errors.Is(err, urlpattern.ErrTooManyBases))
	// Output:
	// https discussion.example true /admin/* *
	// true
	// true
	// true
}

func ExampleNewInit() {
	p, err := urlpattern.NewInit(urlpattern.Init{
		Pathname: new("/books/:id"),
		BaseURL:  new("https://example.com"),
	})
	if err != nil {
		panic(err)
	}
	// The base URL gives the components before the pathname; those after
	// it match anything.
	fmt.Println(p.Protocol(), p.Hostname(), p.Pathname(), p.Search(), p.Hash())
	fmt.Println(p.Test("https://example.com/books/7?x#y"))
	// Output:
	// https example.com /books/:id * *
	// true
}

func ExampleMustNew() {
	p := urlpattern.MustNew("https://example.com/*")
	fmt.Println(p.Test("https://example.com/anything"))
	fmt.Println(p.Test("https://example.com:8443/anything")) // the default port only
	// Output:
	// true
	// false
}

func ExampleOptions() {
	o := urlpattern.Options{IgnoreCase: true}
	p, err := o.New("https://example.com/Books/*")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://example.com/BOOKS/x"))
	// Output:
	// true
}

func ExampleOptions_New() {
	p, err := urlpattern.Options{IgnoreCase: true}.New("/search?q=:term", "https://example.com")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://example.com/SEARCH?Q=go"))
	// Output:
	// true
}

func ExampleOptions_NewInit() {
	p, err := urlpattern.Options{IgnoreCase: true}.NewInit(urlpattern.Init{Pathname: new("/*.PDF")})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://example.com/report.pdf"))
	// Output:
	// true
}

func ExamplePattern() {
	p := urlpattern.MustNew("http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews")
	for _, u := range []string{
		"https://shop.example/products/74205#reviews",
		"http://insecure.shop.example/products/1701#reviews",
		"https://shop.example/products/chair#reviews",
	} {
		fmt.Println(p.Test(u), u)
	}
	// Output:
	// true https://shop.example/products/74205#reviews
	// true http://insecure.shop.example/products/1701#reviews
	// false https://shop.example/products/chair#reviews
}

func ExamplePattern_Protocol() {
	p := urlpattern.MustNew("HTTPS://example.com")
	fmt.Println(p.Protocol()) // canonicalized as the URL parser would
	// Output:
	// https
}

func ExamplePattern_Username() {
	p := urlpattern.MustNew("https://user\\:pa ss@example.com")
	fmt.Println(p.Username(), p.Password())
	// Output:
	// user pa%20ss
}

func ExamplePattern_Password() {
	p := urlpattern.MustNew("https://example.com")
	fmt.Println(p.Password()) // not given: anything
	// Output:
	// *
}

func ExamplePattern_Hostname() {
	p := urlpattern.MustNew("https://*.EXAMPLE.com")
	fmt.Println(p.Hostname())
	// Output:
	// *.example.com
}

func ExamplePattern_Port() {
	fmt.Println(urlpattern.MustNew("https://example.com:443").Port()) // the default port
	fmt.Println(urlpattern.MustNew("https://example.com:*").Port())
	// Output:
	//
	// *
}

func ExamplePattern_Pathname() {
	p := urlpattern.MustNew("https://example.com/a b/:id")
	fmt.Println(p.Pathname())
	// Output:
	// /a%20b/:id
}

func ExamplePattern_Search() {
	p := urlpattern.MustNew("https://example.com/?q=:term")
	fmt.Println(p.Search())
	// Output:
	// q=:term
}

func ExamplePattern_Hash() {
	p := urlpattern.MustNew("https://example.com/#section-:n")
	fmt.Println(p.Hash())
	// Output:
	// section-:n
}

func ExamplePattern_HasRegExpGroups() {
	fmt.Println(urlpattern.MustNew("https://example.com/books/:id").HasRegExpGroups())
	fmt.Println(urlpattern.MustNew("https://example.com/books/:id(\\d+)").HasRegExpGroups())
	// Output:
	// false
	// true
}

func ExamplePattern_Test() {
	p := urlpattern.MustNew("https://example.com/books/:id")
	fmt.Println(p.Test("https://example.com/books/7"))
	fmt.Println(p.Test("/books/7", "https://example.com/index.html"))
	fmt.Println(p.Test("https://example.com/books/7/reviews"))
	fmt.Println(p.Test("not a URL"))
	// Output:
	// true
	// true
	// false
	// false
}

func ExamplePattern_Exec() {
	p := urlpattern.MustNew("https://example.com/books/:id/:page?")
	r := p.Exec("https://example.com/books/7")
	for _, g := range r.Pathname.Groups {
		fmt.Printf("%s=%q matched=%v\n", g.Name, g.Value, g.Matched)
	}
	fmt.Println(p.Exec("https://example.org/books/7") == nil)
	// Output:
	// id="7" matched=true
	// page="" matched=false
	// true
}

func ExamplePattern_TestURL() {
	p := urlpattern.MustNew("https://example.com/api/*")
	u := url.MustParse("https://EXAMPLE.com/api/v1/users")
	fmt.Println(p.TestURL(u))
	// Output:
	// true
}

func ExamplePattern_ExecURL() {
	p := urlpattern.MustNew("https://example.com/api/:version/*")
	u := url.MustParse("https://example.com/api/v2/users/9")
	r := p.ExecURL(u)
	v, _ := r.Pathname.Get("version")
	rest, _ := r.Pathname.Get("0")
	fmt.Println(v, rest, r.Inputs[0].URL)
	// Output:
	// v2 users/9 https://example.com/api/v2/users/9
}

func ExamplePattern_TestInit() {
	p := urlpattern.MustNew("https://example.com/books/:id")
	fmt.Println(p.TestInit(urlpattern.Init{
		Protocol: new("https"),
		Hostname: new("EXAMPLE.com"), // canonicalized as the URL parser would
		Pathname: new("/books/7"),
	}))
	// Output:
	// true
}

func ExamplePattern_ExecInit() {
	p := urlpattern.MustNew("https://example.com/books/:id")
	r := p.ExecInit(urlpattern.Init{Pathname: new("/books/7"), BaseURL: new("https://example.com")})
	id, _ := r.Pathname.Get("id")
	fmt.Println(id, *r.Inputs[0].Init.Pathname)
	// Output:
	// 7 /books/7
}

func ExampleInit() {
	// A nil field is missing: it matches anything in a pattern. A pointer
	// to "" is an empty component.
	p, _ := urlpattern.NewInit(urlpattern.Init{Hostname: new("example.com"), Search: new("")})
	fmt.Println(p.Test("https://example.com/a"), p.Test("https://example.com/a?q"))
	// Output:
	// true false
}

func ExampleResult() {
	p := urlpattern.MustNew("https://:user@*.example.com/*")
	r := p.Exec("https://ada@docs.example.com/en/")
	fmt.Printf("%q %q %q\n", r.Username.Input, r.Hostname.Input, r.Pathname.Input)
	fmt.Println(r.Username.Groups, r.Hostname.Groups, r.Pathname.Groups)
	// Output:
	// "ada" "docs.example.com" "/en/"
	// [{user ada true}] [{0 docs true}] [{0 en/ true}]
}

func ExampleInput() {
	p := urlpattern.MustNew("https://example.com/*")
	r := p.Exec("/a", "https://example.com/")
	for _, in := range r.Inputs {
		fmt.Println(in.URL)
	}
	// Output:
	// /a
	// https://example.com/
}

func ExampleComponentResult() {
	p := urlpattern.MustNew("https://example.com/:a/*")
	r := p.Exec("https://example.com/x/y/z")
	fmt.Println(r.Pathname.Input, len(r.Pathname.Groups))
	// Output:
	// /x/y/z 2
}

func ExampleComponentResult_Get() {
	p := urlpattern.MustNew("https://example.com/books/:id{/:page}?")
	r := p.Exec("https://example.com/books/7")
	id, ok := r.Pathname.Get("id")
	fmt.Println(id, ok)
	page, ok := r.Pathname.Get("page") // unmatched
	fmt.Printf("%q %v\n", page, ok)
	_, ok = r.Pathname.Get("nope")
	fmt.Println(ok)
	// Output:
	// 7 true
	// "" false
	// false
}

func ExampleGroup() {
	// "*" matching the empty string: matched, "". An optional group that
	// does not take part: unmatched (JavaScript's undefined).
	r := urlpattern.MustNew("https://example.com/a/*").Exec("https://example.com/a/")
	fmt.Printf("%+v\n", r.Pathname.Groups[0])
	r = urlpattern.MustNew("https://example.com/a/:b?").Exec("https://example.com/a")
	fmt.Printf("%+v\n", r.Pathname.Groups[0])
	// Output:
	// {Name:0 Value: Matched:true}
	// {Name:b Value: Matched:false}
}

func ExampleError() {
	for _, s := range []string{
		"https://example.com/:id/:id",
		"https://example.com/(",
		"https://exa mple.com/",
		"https://example.com/{a",
		"https://example.com/((?<=a)b)",
	} {
		_, err := urlpattern.New(s)
		var e *urlpattern.Error
		if errors.As(err, &e) {
			fmt.Printf("%s: %v %v %v %v %v\n", e.Component,
				errors.Is(err, urlpattern.ErrDuplicateName), errors.Is(err, urlpattern.ErrTokenize),
				errors.Is(err, urlpattern.ErrInvalidComponent), errors.Is(err, urlpattern.ErrUnexpectedToken),
				errors.Is(err, urlpattern.ErrRegExp))
		}
	}
	_, err := urlpattern.NewInit(urlpattern.Init{BaseURL: new("not a URL")})
	fmt.Println(errors.Is(err, urlpattern.ErrInvalidBaseURL))
	// Output:
	// pathname: true false false false false
	// pathname: false true false false false
	// hostname: false false true false false
	// pathname: false false false true false
	// pathname: false false false false true
	// true
}

func ExampleError_Error() {
	_, err := urlpattern.New("https://example.com/:id/:id")
	fmt.Println(err)
	// Output:
	// urlpattern: pathname pattern "/:id/:id": duplicate group name "id"
}

func ExampleError_Unwrap() {
	_, err := urlpattern.New("https://example.com:99999")
	fmt.Println(errors.Unwrap(err) != nil, errors.Is(err, urlpattern.ErrInvalidComponent))
	// Output:
	// true true
}

func ExampleRegExpError() {
	// RE2 has no lookahead: refused when the pattern is compiled, with the
	// construct named.
	_, err := urlpattern.New("https://example.com/((?=a)a)")
	var re *urlpattern.RegExpError
	if errors.As(err, &re) {
		fmt.Printf("%s unsupported=%v\n", re.Construct, re.Unsupported)
	}
	// A syntax error in ECMAScript is refused too, even where RE2 would
	// accept it.
	_, err = urlpattern.New("https://example.com/((?i)a)")
	if errors.As(err, &re) {
		fmt.Printf("%s unsupported=%v\n", re.Construct, re.Unsupported)
	}
	// Output:
	// (?=...) lookahead unsupported=true
	// (?i) unsupported=false
}

func ExampleRegExpError_Error() {
	_, err := urlpattern.New("https://example.com/(a\\1)")
	var re *urlpattern.RegExpError
	errors.As(err, &re)
	fmt.Println(re.Error() != "", re.Offset > 0)
	// Output:
	// true true
}

// A pattern longer than 1 MiB is refused before any other work.
func ExampleNew_tooLarge() {
	_, err := urlpattern.New("https://example.com/" + strings.Repeat("a/", 1<<19))
	fmt.Println(errors.Is(err, urlpattern.ErrTooLarge))
	// Output: true
}
