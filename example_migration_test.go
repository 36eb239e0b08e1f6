package url_test

// The recipes of docs/migration.md. Each Example's body is copied into the
// document by TestMigrationDoc (see migrationRecipes in
// migration_recipes_test.go), so every recipe there compiles and its
// output is checked by go test. The doc comment's first line is the
// recipe's heading (so it has no full stop), the rest its text.

import (
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	neturl "net/url"

	url "github.com/weburl/url"
	"github.com/weburl/url/urlnet"
)

// Port `base.ResolveReference(ref)`: keep the reference a string
//
// With net/url, code parses a relative reference on its own and resolves
// it afterwards: `ref, _ := url.Parse("../img/logo.png")` then
// `base.ResolveReference(ref)`. weburl's Parse follows the URL Standard,
// where a URL is always absolute: a relative reference without a base is
// an error (missing-scheme-non-relative-URL), so that code now fails at
// the first step. Resolve the string against the base instead, with
// `base.Parse(ref)` or `url.Parse(ref, base.Href())`; both give what a
// browser gives for that link on that page. A reference that is already
// absolute resolves to itself, as with ResolveReference.
func ExampleURL_Parse_resolveReference() {
	base, err := url.Parse("https://example.com/docs/guide/")
	if err != nil {
		log.Fatal(err)
	}
	for _, ref := range []string{"../img/logo.png", "?page=2", "//cdn.example.net/app.js", "https://other.example/"} {
		u, err := base.Parse(ref) // or: url.Parse(ref, base.Href())
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(u)
	}

	// What no longer works: parsing the relative reference alone.
	_, err = url.Parse("../img/logo.png")
	fmt.Println(err)
	// Output:
	// https://example.com/docs/img/logo.png
	// https://example.com/docs/guide/?page=2
	// https://cdn.example.net/app.js
	// https://other.example/
	// url: parse "../img/logo.png": missing-scheme-non-relative-URL (no scheme, and no base URL to resolve against) at offset 0
}

// Port `base.ResolveReference(ref)` when ref is already a `*net/url.URL`
//
// When the reference reaches you parsed by net/url (a struct field, a
// library's return value), turn it back into a string with its String
// method and resolve that; net/url's String of a relative reference is
// the reference again, escaped as net/url escapes. Keep the net/url value
// only as long as you must: `ref.String()` is the form to store.
func ExampleURL_Parse_netURLReference() {
	base := url.MustParse("https://example.com/docs/guide/")
	ref, err := neturl.Parse("../img/logo%20big.png#top") // from code that still uses net/url
	if err != nil {
		log.Fatal(err)
	}
	u, err := base.Parse(ref.String())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u)
	// Output:
	// https://example.com/docs/img/logo%20big.png#top
}

// Port assignments to net/url's fields: call the setters
//
// net/url's URL is a struct whose fields you assign; weburl's URL keeps
// one serialized href, and a setter changes it as the URL Standard's
// setter does (the host is lowercased and IDNA-encoded, the path
// re-encoded). A setter returns an error when it leaves the URL unchanged.
func ExampleURL_SetHost_fromNetURLFields() {
	u := url.MustParse("http://example.com/a?x=1")
	// was: u.Scheme = "https"; u.Host = "Bücher.example:8443"; u.Path = "/b c"; u.Fragment = "top"
	for _, err := range []error{
		u.SetProtocol("https"),
		u.SetHost("Bücher.example:8443"),
		u.SetPathname("/b c"),
		u.SetHash("top"),
	} {
		if err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(u)

	// A port out of range leaves the URL as it was.
	fmt.Println(u.SetPort("99999"))
	// Output:
	// https://xn--bcher-kva.example:8443/b%20c?x=1#top
	// url: set port "99999": port-out-of-range (port is greater than 65535) at offset 0
}

// Port `u.Query()` edits: use SearchParams, or Query with SetSearch
//
// net/url code edits a copy of the query and writes it back:
// `q := u.Query(); q.Set("page", "2"); u.RawQuery = q.Encode()`. With
// weburl, SearchParams is live on the URL and keeps the parameters in
// order, as a browser's URLSearchParams does. Query still returns a
// Values copy; writing it back with SetSearch sorts the keys and escapes
// as net/url does.
func ExampleURL_SearchParams_fromNetURLQuery() {
	u := url.MustParse("https://example.com/list?sort=name&page=1")
	u.SearchParams().Set("page", "2")
	u.SearchParams().Append("tag", "a b")
	fmt.Println(u)

	// The net/url way, which still compiles: a sorted, re-encoded query.
	q := u.Query()
	q.Set("page", "3")
	if err := u.SetSearch(q.Encode()); err != nil {
		log.Fatal(err)
	}
	fmt.Println(u)
	// Output:
	// https://example.com/list?sort=name&page=2&tag=a+b
	// https://example.com/list?page=3&sort=name&tag=a+b
}

// Keep net/http's signatures on net/url: convert at the edge
//
// A func that must have the type of `http.Transport.Proxy`, and the
// methods of an `http.CookieJar`, take and return `*net/url.URL`: those
// types are net/http's. Keep such declarations on net/url, imported
// under another name, and convert where they meet weburl: `FromNetURL`
// on the way in (handle its error), `NetURL()` on the way out.
func ExampleFromNetURL_transportProxy() {
	proxy := url.MustParse("http://proxy.example:3128")
	proxyFor := func(r *http.Request) (*neturl.URL, error) { // the type of http.Transport.Proxy
		u, err := url.FromNetURL(r.URL)
		if err != nil {
			return nil, err
		}
		if u.Hostname() == "intranet.example" {
			return nil, nil // no proxy
		}
		return proxy.NetURL(), nil
	}
	tr := &http.Transport{Proxy: proxyFor}
	for _, target := range []string{"https://Example.COM/a", "http://intranet.example/"} {
		req, err := http.NewRequest("GET", target, nil)
		if err != nil {
			log.Fatal(err)
		}
		p, err := tr.Proxy(req)
		fmt.Println(p, err)
	}
	// Output:
	// http://proxy.example:3128/ <nil>
	// <nil> <nil>
}

// Port `url.ParseRequestURI(r.RequestURI)`: give the origin, or use urlnet.RequestURL
//
// net/url's ParseRequestURI returns a relative URL for "/p?q"; a weburl
// URL is absolute, so ParseRequestURI takes the origin the request was
// sent to. In a net/http handler, `urlnet.RequestURL(r)` builds the same
// URL from the request itself (scheme from r.TLS, host from r.Host,
// checked). A target starting with "//" is a path, not a host.
func ExampleParseRequestURI_fromNetURL() {
	r := httptest.NewRequest("GET", "//not.a.user@not.a.host/just/a/path?q=1", nil) // Host: example.com
	u, err := url.ParseRequestURI(r.RequestURI, "http://"+r.Host)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u)
	v, err := urlnet.RequestURL(r)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v)
	// Output:
	// http://example.com//not.a.user@not.a.host/just/a/path?q=1
	// http://example.com//not.a.user@not.a.host/just/a/path?q=1
}
