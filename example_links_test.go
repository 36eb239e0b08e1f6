package url_test

import (
	"fmt"
	"strings"

	url "github.com/weburl/url"
)

// A link checker's first step: the links of a page, resolved against
// its <base href> (which applies to the links before it too), srcset
// split into its candidates, each with its line and column.
func ExampleExtractLinks() {
	page := `<a href=" intro.html ">Intro</a>
<base href="/docs/v2/">
<img src="logo.png" srcset="logo@2x.png 2x, logo,wide.png 3x">
<a href="http://exa mple.com/">broken</a>
<a HREF=faq.html?a=1&amp;b=2>FAQ</a>`
	links, err := url.ExtractLinks(strings.NewReader(page), "https://example.com/index.html")
	if err != nil {
		panic(err)
	}
	for _, l := range links {
		if l.Err != nil {
			fmt.Printf("%v %s %s: %v\n", l.Position, l.Tag, l.Attr, l.Err)
			continue
		}
		fmt.Printf("%v %s %s: %s\n", l.Position, l.Tag, l.Attr, l.URL)
	}
	// Output:
	// 1:11 a href: https://example.com/docs/v2/intro.html
	// 2:13 base href: https://example.com/docs/v2/
	// 3:11 img src: https://example.com/docs/v2/logo.png
	// 3:29 img srcset: https://example.com/docs/v2/logo@2x.png
	// 3:45 img srcset: https://example.com/docs/v2/logo,wide.png
	// 4:10 a href: url: parse "http://exa mple.com/": domain-to-ASCII (Unicode ToASCII failed on the domain) at offset 10
	// 5:9 a href: https://example.com/docs/v2/faq.html?a=1&b=2
}

// With Validate set, each link carries its validation errors, which
// PositionOf places in the file.
func ExampleLinkExtractor_Extract() {
	page := "<p>See\n<a href='https://example.com/a b\\c'>this</a>."
	x := url.LinkExtractor{Validate: true}
	links, err := x.Extract(strings.NewReader(page), "https://example.com/")
	if err != nil {
		panic(err)
	}
	for _, l := range links {
		fmt.Println(l.Position, l.URL)
		for _, e := range l.ValidationErrors {
			fmt.Println(l.PositionOf(e.Offset), e.Kind)
		}
	}
	// Output:
	// 2:10 https://example.com/a%20b/c
	// 2:31 invalid-URL-unit
	// 2:33 invalid-reverse-solidus
}

// A Link is one URL-valued attribute (or srcset candidate) of a page.
func ExampleLink() {
	links, _ := url.ExtractLinks(strings.NewReader(`<form action="/search"><button formaction=/go>`), "https://example.com/a/")
	for _, l := range links {
		fmt.Printf("%s %s %q at offset %d -> %s\n", l.Tag, l.Attr, l.Raw, l.Offset, l.URL)
	}
	// Output:
	// form action "/search" at offset 14 -> https://example.com/search
	// button formaction "/go" at offset 42 -> https://example.com/go
}

// PositionOf maps an offset in a link's Raw to the file; where a
// character reference changed the text, to the link's start.
func ExampleLink_PositionOf() {
	page := "<a href=\"/x\n/y\">\n<a href=\"/&amp;\n/z\">"
	links, _ := url.ExtractLinks(strings.NewReader(page), "https://example.com/")
	for _, l := range links {
		nl := strings.IndexByte(l.Raw, '\n')
		fmt.Printf("%q starts at %v, its newline is at %v\n", l.Raw, l.Position, l.PositionOf(nl))
	}
	// Output:
	// "/x\n/y" starts at 1:10, its newline is at 1:12
	// "/&\n/z" starts at 3:10, its newline is at 3:10
}

// A Position prints as LINE:COL, the form editors and compilers use.
func ExamplePosition() {
	p := url.Position{Offset: 42, Line: 3, Col: 7}
	fmt.Println("page.html:" + p.String())
	// Output:
	// page.html:3:7
}

func ExamplePosition_String() {
	fmt.Println(url.Position{Line: 12, Col: 1})
	// Output:
	// 12:1
}

// The zero LinkExtractor is ExtractLinks.
func ExampleLinkExtractor() {
	var x url.LinkExtractor
	links, _ := x.Extract(strings.NewReader(`<video poster=p.jpg><source src=v.webm></video>`), "https://example.com/m/")
	for _, l := range links {
		fmt.Println(l.URL)
	}
	// Output:
	// https://example.com/m/p.jpg
	// https://example.com/m/v.webm
}
