package urlpattern_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	url "github.com/weburl/url"
	"github.com/weburl/url/urlpattern"
)

// A CORS allow-list: the Origin header of a request is checked against
// the origins a server accepts. The default port is implied when a
// pattern gives none; ":*" accepts any port.
func ExampleList_cors() {
	allowed := urlpattern.NewList(
		urlpattern.MustNew("https://example.com"),
		urlpattern.MustNew("https://*.example.com"),
		urlpattern.MustNew("http://localhost:*"),
	)
	for _, origin := range []string{
		"https://app.example.com",
		"https://example.com:8443",
		"http://localhost:3000",
		"https://example.com.evil.test",
		"null",
	} {
		fmt.Println(allowed.Test(origin), origin)
	}
	// Output:
	// true https://app.example.com
	// false https://example.com:8443
	// true http://localhost:3000
	// false https://example.com.evil.test
	// false null
}

// A redirect allow-list: a ?next= parameter is resolved against the
// page's URL, and followed only if it stays on the site's own pages.
func ExampleList_redirect() {
	safe := urlpattern.NewList(
		urlpattern.MustNew("https://example.com/*"),
		urlpattern.MustNew("https://accounts.example.com/(login|logout)"),
	)
	page := "https://example.com/login"
	for _, next := range []string{
		"/account",
		"//evil.test/",
		"https://accounts.example.com/logout",
		"https://example.com@evil.test/",
		"javascript:alert(1)",
	} {
		fmt.Println(safe.Test(next, page), next)
	}
	// Output:
	// true /account
	// false //evil.test/
	// true https://accounts.example.com/logout
	// false https://example.com@evil.test/
	// false javascript:alert(1)
}

// Routing in an http.Handler: the first route whose pattern matches the
// request's URL answers, with the groups of the match.
func ExampleList_routing() {
	routes := urlpattern.NewList(
		urlpattern.MustNew("/books/:id(\\d+)", "https://example.com"),
		urlpattern.MustNew("/books/:id(\\d+)/reviews{/:page}?", "https://example.com"),
		urlpattern.MustNew("/static/*", "https://example.com"),
	)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := url.Parse(r.URL.RequestURI(), "https://example.com")
		if err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		m, ok := routes.ExecURL(u)
		if !ok {
			http.NotFound(w, r)
			return
		}
		id, _ := m.Result.Pathname.Get("id")
		page, hasPage := m.Result.Pathname.Get("page")
		rest, _ := m.Result.Pathname.Get("0")
		fmt.Fprintf(w, "route %d id=%q page=%q (%v) rest=%q", m.Index, id, page, hasPage, rest)
	})
	for _, target := range []string{"/books/42", "/books/42/reviews/3", "/books/42/reviews", "/static/css/a.css", "/books/x"} {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		body, _ := io.ReadAll(rec.Result().Body)
		fmt.Printf("%s: %d %s", target, rec.Code, body)
		fmt.Println()
	}
	// Output:
	// /books/42: 200 route 0 id="42" page="" (false) rest=""
	// /books/42/reviews/3: 200 route 1 id="42" page="3" (true) rest=""
	// /books/42/reviews: 200 route 1 id="42" page="" (false) rest=""
	// /static/css/a.css: 200 route 2 id="" page="" (false) rest="css/a.css"
	// /books/x: 404 404 page not found
}

func ExampleNewList() {
	l := urlpattern.NewList(
		urlpattern.MustNew("https://example.com/a/*"),
		urlpattern.MustNew("https://example.com/*"),
	)
	fmt.Println(l.Len())
	// Output:
	// 2
}

func ExampleList() {
	l := urlpattern.NewList(
		urlpattern.MustNew("https://docs.example.org/en/*"),
		urlpattern.MustNew("https://*.example.org/*"),
	)
	for _, m := range l.ExecAll("https://docs.example.org/en/guide") {
		fmt.Println(m.Index, m.Pattern.Hostname())
	}
	// Output:
	// 0 docs.example.org
	// 1 *.example.org
}

func ExampleList_Len() {
	fmt.Println(urlpattern.NewList().Len())
	// Output:
	// 0
}

func ExampleList_Pattern() {
	l := urlpattern.NewList(urlpattern.MustNew("https://example.com/books/:id"))
	fmt.Println(l.Pattern(0).Pathname())
	// Output:
	// /books/:id
}

func ExampleList_Test() {
	l := urlpattern.NewList(urlpattern.MustNew("https://*.example.com/*"))
	fmt.Println(l.Test("https://a.example.com/x"), l.Test("/x", "https://example.net"))
	// Output:
	// true false
}

func ExampleList_TestURL() {
	l := urlpattern.NewList(urlpattern.MustNew("https://example.com/*"))
	fmt.Println(l.TestURL(url.MustParse("https://example.com/x")))
	// Output:
	// true
}

func ExampleList_Exec() {
	l := urlpattern.NewList(
		urlpattern.MustNew("https://example.com/users/:name"),
		urlpattern.MustNew("https://example.com/*"),
	)
	m, ok := l.Exec("https://example.com/users/ada")
	name, _ := m.Result.Pathname.Get("name")
	fmt.Println(ok, m.Index, name)
	_, ok = l.Exec("https://example.org/")
	fmt.Println(ok)
	// Output:
	// true 0 ada
	// false
}

func ExampleList_ExecURL() {
	l := urlpattern.NewList(urlpattern.MustNew("https://example.com/users/:name"))
	m, ok := l.ExecURL(url.MustParse("https://example.com/users/ada"))
	fmt.Println(ok, m.Result.Pathname.Groups)
	// Output:
	// true [{name ada true}]
}

func ExampleList_ExecAll() {
	l := urlpattern.NewList(
		urlpattern.MustNew("https://example.com/*"),
		urlpattern.MustNew("https://example.org/*"),
		urlpattern.MustNew("https://*/*"),
	)
	for _, m := range l.ExecAll("https://example.com/a") {
		fmt.Println(m.Index)
	}
	// Output:
	// 0
	// 2
}

func ExampleList_ExecAllURL() {
	l := urlpattern.NewList(
		urlpattern.MustNew("https://example.com/:a/*"),
		urlpattern.MustNew("https://example.com/*/:b"),
	)
	for _, m := range l.ExecAllURL(url.MustParse("https://example.com/x/y")) {
		fmt.Println(m.Index, m.Result.Pathname.Groups)
	}
	// Output:
	// 0 [{a x true} {0 y true}]
	// 1 [{0 x true} {b y true}]
}

func ExampleMatch() {
	l := urlpattern.NewList(urlpattern.MustNew("https://example.com/:page"))
	m, _ := l.Exec("https://example.com/about")
	fmt.Println(m.Index, m.Pattern.Pathname(), m.Result.Pathname.Input)
	// Output:
	// 0 /:page /about
}
