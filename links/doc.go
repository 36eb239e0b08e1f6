// Package links finds the links of an HTML document and resolves each
// as a browser resolves it, with the URL Standard parser of
// [github.com/weburl/url]: [ExtractLinks] and [LinkExtractor] return
// every URL-valued attribute of the document as a [Link], at its
// [Position] in the file.
//
// It lives beside the root package, not in it, because it needs an HTML
// tokenizer (golang.org/x/net/html): a program that only parses URLs
// does not link one.
package links
