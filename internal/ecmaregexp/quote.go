package ecmaregexp

// Quoting a source in an error message, bounded.

import "github.com/weburl/url/internal/errfmt"

// maxQuoted bounds the bytes of a source an error message quotes.
const maxQuoted = 200

// quoteBounded quotes s, cut to maxQuoted bytes with "..." after it.
func quoteBounded(s string) string { return errfmt.QuoteHead(s, maxQuoted) }
