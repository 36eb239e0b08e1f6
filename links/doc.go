// Package links finds the links of an HTML document and resolves each
// as a browser resolves it, with the URL Standard parser of
// [github.com/weburl/url]: [ExtractLinks], [LinkExtractor.Extract] and
// the streaming [LinkExtractor.Links] return every URL of the document
// (its URL-valued attributes, SVG links, meta refresh, CSS url() and
// @import) as a [Link], with its [Kind] and its [Position] in the file.
//
// The document is decoded as a browser decodes it ([SniffEncoding]),
// and each link is parsed with the document's encoding, so that a
// non-ASCII query is percent-encoded as the page writes it. The document
// is read as it streams, through a tokenizer of this package that keeps
// only what links need: memory stays near a few bytes per input byte
// whatever the page holds ([LinkExtractor.MaxValueBytes] bounds the one
// value it reads whole, see docs/limits.md), and [LinkExtractor.MaxBytes]
// bounds the input.
//
// It lives beside the root package, not in it, because it needs
// golang.org/x/net/html (for character references): a program that only
// parses URLs does not link it.
package links
