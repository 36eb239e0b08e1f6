package links_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/weburl/url/links"
)

// The links of a page, each resolved against the page's URL.
func Example() {
	page := `<a href="../about.html">About</a> <img src="/logo.png">`
	found, err := links.ExtractLinks(strings.NewReader(page), "https://example.com/blog/post.html")
	if err != nil {
		panic(err)
	}
	for _, l := range found {
		fmt.Println(l.Tag, l.Attr, l.URL)
	}
	// Output:
	// a href https://example.com/about.html
	// img src https://example.com/logo.png
}

// A link checker's first step: the links of a page, resolved against
// its <base href> (which applies to the links before it too), srcset
// split into its candidates, each with its line and column.
func ExampleExtractLinks() {
	page := `<a href=" intro.html ">Intro</a>
<base href="/docs/v2/">
<img src="logo.png" srcset="logo@2x.png 2x, logo,wide.png 3x">
<a href="http://exa mple.com/">broken</a>
<a HREF=faq.html?a=1&amp;b=2>FAQ</a>`
	links, err := links.ExtractLinks(strings.NewReader(page), "https://example.com/index.html")
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
	x := links.LinkExtractor{Validate: true}
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
	links, _ := links.ExtractLinks(strings.NewReader(`<form action="/search"><button formaction=/go>`), "https://example.com/a/")
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
	links, _ := links.ExtractLinks(strings.NewReader(page), "https://example.com/")
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
	p := links.Position{Offset: 42, Line: 3, Col: 7}
	fmt.Println("page.html:" + p.String())
	// Output:
	// page.html:3:7
}

func ExamplePosition_String() {
	fmt.Println(links.Position{Line: 12, Col: 1})
	// Output:
	// 12:1
}

// The zero LinkExtractor is ExtractLinks.
func ExampleLinkExtractor() {
	var x links.LinkExtractor
	links, _ := x.Extract(strings.NewReader(`<video poster=p.jpg><source src=v.webm></video>`), "https://example.com/m/")
	for _, l := range links {
		fmt.Println(l.URL)
	}
	// Output:
	// https://example.com/m/p.jpg
	// https://example.com/m/v.webm
}

// Each link says what a browser does with it: a crawler follows the
// navigations and checks the subresources.
func ExampleKind() {
	page := `<a href=/next>next</a><img src=/logo.png><link rel=canonical href=/page><q cite=/source>q</q>`
	found, _ := links.ExtractLinks(strings.NewReader(page), "https://example.com/")
	for _, l := range found {
		fmt.Println(l.Kind, l.Tag, l.Attr, l.URL)
	}
	// Output:
	// navigation a href https://example.com/next
	// subresource img src https://example.com/logo.png
	// navigation link href https://example.com/page
	// reference q cite https://example.com/source
}

func ExampleKind_String() {
	fmt.Println(links.Navigation, links.Subresource, links.Reference)
	// Output:
	// navigation subresource reference
}

// Links reads the page as it streams and yields each link as soon as
// the base URL is known; breaking out of the loop stops the reading.
func ExampleLinkExtractor_Links() {
	page := `<base href="/docs/"><a href=intro.html>1</a><a href=faq.html>2</a><a href=more.html>3</a>`
	for l, err := range (links.LinkExtractor{}).Links(strings.NewReader(page), "https://example.com/") {
		if err != nil {
			fmt.Println("error:", err)
			break
		}
		fmt.Println(l.URL)
		if l.Attr == "href" && l.Tag == "a" {
			break // only the first link
		}
	}
	// Output:
	// https://example.com/docs/
	// https://example.com/docs/intro.html
}

// MaxBytes bounds the document; a longer one ends with a *TooLargeError,
// after the links found before the limit.
func ExampleTooLargeError() {
	page := strings.Repeat(`<a href=x>`, 1000)
	found, err := links.LinkExtractor{MaxBytes: 4096}.Extract(strings.NewReader(page), "https://example.com/")
	var tl *links.TooLargeError
	if errors.As(err, &tl) {
		fmt.Println(len(found), "links before the limit of", tl.Limit, "bytes")
	}
	// Output:
	// 409 links before the limit of 4096 bytes
}

func ExampleTooLargeError_Error() {
	fmt.Println(&links.TooLargeError{Limit: 1 << 20})
	// Output:
	// links: document larger than 1048576 bytes
}

// A page's encoding, found as a browser finds it, decides how its links'
// queries are encoded: here Shift_JIS, declared by a meta element.
func ExampleSniffEncoding() {
	page := "<meta charset=shift_jis><a href='/search?q=\x8c\x9f\x8d\xf5'>"
	_, name := links.SniffEncoding([]byte(page), "")
	fmt.Println(name)
	found, _ := links.ExtractLinks(strings.NewReader(page), "https://example.jp/")
	fmt.Println(found[0].URL)
	// The transport's charset wins over the meta element.
	_, name = links.SniffEncoding([]byte(page), "EUC-JP")
	fmt.Println(name)
	// Output:
	// shift_jis
	// https://example.jp/search?q=%8C%9F%8D%F5
	// euc-jp
}

// MaxValueBytes bounds the text of one link the extractor keeps (2 MiB,
// DefaultMaxValueBytes, unless set): a longer one is a Link with a
// *ValueTooLongError, and the links after it are found as before.
func ExampleValueTooLongError() {
	page := `<img src="data:image/png;base64,` + strings.Repeat("A", 100) + `"><a href=/next>`
	found, _ := links.LinkExtractor{MaxValueBytes: 64}.Extract(strings.NewReader(page), "https://example.com/")
	for _, l := range found {
		var tl *links.ValueTooLongError
		if errors.As(l.Err, &tl) {
			fmt.Printf("%s %s: longer than %d bytes\n", l.Tag, l.Attr, tl.Limit)
			continue
		}
		fmt.Println(l.Tag, l.Attr, l.URL)
	}
	fmt.Println(links.LinkExtractor{}.MaxValueBytes == 0, links.DefaultMaxValueBytes)
	// Output:
	// img src: longer than 64 bytes
	// a href https://example.com/next
	// true 2097152
}

func ExampleValueTooLongError_Error() {
	fmt.Println(&links.ValueTooLongError{Limit: links.DefaultMaxValueBytes})
	// Output:
	// links: value longer than 2097152 bytes
}
