// Package url parses, resolves and edits URLs exactly as web browsers do,
// after the WHATWG URL Standard (https://url.spec.whatwg.org/):
//
//	u, err := url.Parse("../img/logo.png", "https://example.com/docs/")
//	// u.Href() is "https://example.com/img/logo.png"
//	u.Hostname()                // "example.com"
//	u.SearchParams().Set("q", "go")
//
// Coming from net/url: change the import to
// "github.com/weburl/url" and read docs/migration.md in this module's
// source, which gives every name of net/url its counterpart here, the
// changes that break code silently first. Most call sites keep compiling: Parse(s),
// (*URL).Parse, String, Hostname, Port, Query, RequestURI, Redacted and
// JoinPath keep their names; net/url's fields are methods here; and
// [URL.NetURL] and [FromNetURL] convert at the net/http boundary.
//
// A URL is stored as its serialization (the href) plus the offsets of
// its components, so every getter returns a substring and allocates
// nothing.
//
// Parse(input) is source-compatible with [net/url.Parse]; Parse(input,
// base) resolves a link against a base URL as a browser does.
//
// Input that is not valid UTF-8: the URL Standard parses a string of
// Unicode scalar values. Go strings may hold any bytes, so every byte
// that is not part of a valid UTF-8 sequence is read as U+FFFD, the
// replacement character, which the parser then percent-encodes (as
// %EF%BF%BD) like any other non-ASCII code point, or rejects where the
// standard rejects U+FFFD (in a domain).
package url
