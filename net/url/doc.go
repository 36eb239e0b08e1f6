// Package url is Go's [net/url] API with the browser's parser: the
// import swap
//
//	import "net/url"                          // before
//	import "github.com/weburl/url/net/url"    // after
//
// is the whole change a program needs. Every exported name of net/url is
// here with the same signature, and the types are net/url's own ([URL] is
// an alias of [net/url.URL], and so are [Values], [Userinfo], [Error],
// [EscapeError] and [InvalidHostError]), so values go to and from
// net/http and every other library unchanged, and every method is
// net/url's.
//
// What changes is what the parsing functions give:
//
//   - [Parse] of an absolute URL (one with a scheme) parses it with the
//     WHATWG URL Standard, exactly as a browser's new URL(input) does
//     (package [github.com/weburl/url]), and returns that URL in
//     net/url's struct: its String method gives the browser's href (but
//     for the fragment, which is written as net/url writes it).
//     Input a browser refuses fails with an *[Error] whose Err is the URL
//     Standard's reason (errors.Is(err, weburlurl.HostInvalidCodePoint),
//     for example, with weburlurl the root package).
//   - A reference with no scheme ("page.html", "/a", "//host/p", "?q",
//     "#f") has no URL of its own until it is resolved, so Parse keeps it
//     as net/url does, and [net/url.URL.ResolveReference] and [net/url.URL.Parse] go on
//     resolving it (by RFC 3986: they are net/url's methods). [Resolve]
//     resolves a reference as a browser does.
//   - [ParseRequestURI] reads an absolute-form request target with the
//     URL Standard, and an origin-form one ("/path?q") as net/url does.
//   - [JoinPath] parses its base with [Parse], then joins as net/url does.
//
// Everything else is net/url's: [ParseQuery], the escaping functions,
// [User], [UserPassword] and all methods. docs/neturl-package.md in the
// repository lists what the swap changes, the changes that compile and
// run silently first, with a row for every function.
//
// For the URL Standard's whole API (getters and setters with the spec's
// names, URLSearchParams, validation errors, origins and sites), use the
// root package, [github.com/weburl/url]; the migration tool
// weburl-migrate moves a program there.
package url
