package url_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"

	url "github.com/weburl/url"
)

func ExampleURL_MarshalJSON() {
	type Hook struct {
		Target *url.URL `json:"target"`
		Backup url.URL  `json:"backup"` // the zero URL is ""
	}
	// Marshal a pointer: a URL field is only marshaled as a URL when it
	// is addressable (URL's methods have pointer receivers).
	b, _ := json.Marshal(&Hook{Target: url.MustParse("HTTPS://Example.com/hook?a=1")})
	fmt.Println(string(b))
	// Output:
	// {"target":"https://example.com/hook?a=1","backup":""}
}

func ExampleURL_UnmarshalJSON() {
	var h struct {
		Target url.URL `json:"target"`
	}
	err := json.Unmarshal([]byte(`{"target":"https://example.com:443/./a"}`), &h)
	fmt.Println(h.Target.Href(), err)
	err = json.Unmarshal([]byte(`{"target":"https://example.com:99999/"}`), &h)
	fmt.Println(err)
	// Output:
	// https://example.com/a <nil>
	// url: parse "https://example.com:99999/": port-out-of-range (port is greater than 65535) at offset 20
}

func Example_flagTextVar() {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	var upstream url.URL
	fs.TextVar(&upstream, "upstream", url.MustParse("http://localhost:8080/"), "upstream URL")
	_ = fs.Parse([]string{"-upstream", "HTTPS://Backend.internal:443/api"})
	fmt.Println(upstream.Href())
	// Output:
	// https://backend.internal/api
}

func ExampleURL_LogValue() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // keep the output stable
			}
			return a
		},
	}))
	logger.Info("fetching", "url", url.MustParse("https://bot:t0ken@example.com/feed"))
	// Output:
	// level=INFO msg=fetching url=https://bot:xxxxx@example.com/feed
}

// MarshalText makes a *URL a text value for encoding/xml (and any other
// encoder that knows encoding.TextMarshaler), here in an Atom link.
func ExampleURL_MarshalText() {
	type Link struct {
		XMLName xml.Name `xml:"link"`
		Rel     string   `xml:"rel,attr"`
		Href    *url.URL `xml:"href,attr"`
	}
	b, err := xml.Marshal(Link{Rel: "alternate", Href: url.MustParse("https://Example.com/blog/feed?format=atom&v=2")})
	fmt.Println(string(b), err)
	// Output:
	// <link rel="alternate" href="https://example.com/blog/feed?format=atom&amp;v=2"></link> <nil>
}

// UnmarshalText parses the text with Parse: a feed reader gets
// normalized URLs, and an error for a link that is not one (the URL then
// keeps the value it had).
func ExampleURL_UnmarshalText() {
	var link struct {
		Href url.URL `xml:"href,attr"`
	}
	err := xml.Unmarshal([]byte(`<link href="HTTPS://Example.com:443/a/../feed.xml"/>`), &link)
	fmt.Println(link.Href.Href(), err)
	err = xml.Unmarshal([]byte(`<link href="https://exa mple.com/"/>`), &link)
	fmt.Println(errors.Is(err, url.DomainToASCII), link.Href.Href())
	// Output:
	// https://example.com/feed.xml <nil>
	// true https://example.com/feed.xml
}

// MarshalBinary and UnmarshalBinary let encoding/gob send a URL between
// processes, here from a crawler's frontier to a fetcher.
func ExampleURL_MarshalBinary() {
	type Task struct {
		URL   *url.URL
		Depth int
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(Task{URL: url.MustParse("https://example.com/a?b=c#d"), Depth: 2}); err != nil {
		panic(err)
	}
	var t Task
	err := gob.NewDecoder(&buf).Decode(&t)
	fmt.Println(t.URL, t.Depth, err)
	// Output:
	// https://example.com/a?b=c#d 2 <nil>
}

// UnmarshalBinary is UnmarshalText: the data is an href, parsed and
// normalized.
func ExampleURL_UnmarshalBinary() {
	var u url.URL
	err := u.UnmarshalBinary([]byte("HTTP://example.com:80/%7e"))
	fmt.Println(u.Href(), err)
	b, _ := u.MarshalBinary()
	fmt.Printf("%q\n", b)
	// Output:
	// http://example.com/%7e <nil>
	// "http://example.com/%7e"
}

// AppendText writes the href into a caller's buffer, so a logger that
// reuses its buffer writes URLs without allocating.
func ExampleURL_AppendText() {
	buf := make([]byte, 0, 128)
	for _, u := range []*url.URL{url.MustParse("https://example.com/a"), url.MustParse("https://example.com/b?c")} {
		buf = append(buf[:0], "GET "...)
		buf, _ = u.AppendText(buf)
		buf = append(buf, '\n')
		os.Stdout.Write(buf)
	}
	// Output:
	// GET https://example.com/a
	// GET https://example.com/b?c
}

// AppendBinary appends the href, as AppendText does: here to a record
// of a binary format that prefixes it with its length.
func ExampleURL_AppendBinary() {
	u := url.MustParse("https://example.com/")
	rec := []byte{0}
	rec, _ = u.AppendBinary(rec)
	rec[0] = byte(len(rec) - 1)
	fmt.Printf("%d %q\n", rec[0], rec[1:])
	// Output:
	// 20 "https://example.com/"
}

// Scan reads a URL back from a column, as database/sql's Rows.Scan
// calls it: from a string or []byte, and NULL as the zero URL.
func ExampleURL_Scan() {
	var u url.URL
	for _, col := range []any{"https://example.com/profile/42", []byte("HTTPS://EXAMPLE.COM/x"), nil} {
		err := u.Scan(col)
		fmt.Printf("%q %v\n", u.Href(), err)
	}
	err := u.Scan("not a url")
	fmt.Println(errors.Is(err, url.MissingSchemeNonRelativeURL))
	// Output:
	// "https://example.com/profile/42" <nil>
	// "https://example.com/x" <nil>
	// "" <nil>
	// true
}
