package ecmaregexp

// Quoting a source in an error message, bounded.

import "strconv"

// maxQuoted bounds the bytes of a source an error message quotes.
const maxQuoted = 200

// quoteBounded quotes s, cut to maxQuoted bytes with "..." after it.
func quoteBounded(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}
