package links

// The URLs of CSS text: url() and @import, found by the tokenizer of
// CSS Syntax Level 3 (https://www.w3.org/TR/css-syntax-3/#tokenization),
// which this file follows as far as it decides what is a URL: comments,
// strings, escapes (in identifiers, strings and URLs), numbers and
// dimensions ("3url(x)" is no URL), hashes and at-keywords, url tokens
// and bad URLs (which browsers drop).

import (
	"strings"
	"unicode/utf8"
)

// A cssURL is a URL in CSS text: its value with escapes decoded, where
// it starts in the text, and whether the text there is the value as it
// is (no escape in it).
type cssURL struct {
	url   string
	start int
	exact bool
}

// cssURLs calls f with each URL in the CSS text s: the value of each url
// token (url(x)), of each string argument of a url() function
// (url("x")), and of each string right after @import.
func cssURLs(s string, f func(cssURL)) {
	var cs cssStream
	cs.scan(s, true, f)
}

// cssMargin is how far the tokenizer may look past a token's end to
// decide what it is (an escape's six hex digits and a whitespace, "url("
// and two whitespaces and a quote): a token that ends nearer than this
// to the end of the text read so far may be another once more is read.
const cssMargin = 16

// A cssStream finds the URLs of CSS text read in pieces, such as a
// style element's text as the window moves on.
type cssStream struct {
	importPending bool // after @import, before its first other token
	inComment     bool // the text so far ends inside a comment
	// max, if positive, is the longest url token or string held: one
	// longer is skipped as it is read (skip says how far it is), and a
	// URL it holds stands as tooLongRaw.
	max   int
	skip  cssSkip
	quote byte // the quote of the string skipped
}

// A cssSkip is where a cssStream is in a token it skips.
type cssSkip uint8

const (
	skipNone     cssSkip = iota
	skipURLName          // a url token's "url" (perhaps with escapes), before its "("
	skipURLSpace         // the whitespace after "url("
	skipURL              // a url token's value (or a bad URL's): up to ")"
	skipString           // a string: up to its quote, or a newline
)

// scan calls f with each URL of s, the text that follows what the
// previous scans consumed, and returns how much of s it consumed. Unless
// final (s is the end of the text), it stops before a token that the
// next text could change, which the next scan reads again; it consumes a
// comment as it goes, however long. The offsets of the URLs are in s.
func (cs *cssStream) scan(s string, final bool, f func(cssURL)) int {
	c := cssTokenizer{s: s}
	if cs.skip != skipNone {
		n, done := cs.skipLong(s, final)
		if !done {
			return n
		}
		c.i = n
	}
	if cs.inComment {
		if j := strings.Index(s, "*/"); j >= 0 {
			c.i = j + 2
			cs.inComment = false
		} else if final {
			return len(s)
		} else {
			return max(len(s)-1, 0) // the last byte may be the "*" of "*/"
		}
	}
	for c.i < len(s) {
		if !final && len(s)-c.i < cssMargin {
			return c.i
		}
		start := c.i
		if !final && strings.HasPrefix(s[c.i:], "/*") && !strings.Contains(s[c.i+2:], "*/") {
			cs.inComment = true
			return max(len(s)-1, c.i+2)
		}
		tok, u := c.next()
		if tok == cssFunctionURL {
			// url( then whitespace, then a string: the string is the
			// URL.
			c.skipWhitespace()
			u = cssURL{start: -1}
			if c.i < len(s) && (s[c.i] == '"' || s[c.i] == '\'') {
				if t, v := c.next(); t == cssString {
					u = v
				}
			}
		}
		if !final && len(s)-c.i < cssMargin {
			if cs.max > 0 && len(s)-start > cs.max && cs.startSkip(s, start, tok, f) {
				from := start
				if cs.skip == skipString {
					from++ // past the quote
				}
				n, done := cs.skipLong(s[from:], false)
				if !done {
					return from + n
				}
				c.i = from + n
				continue
			}
			return start // the token may go on
		}
		switch tok {
		case cssWhitespace, cssComment:
			continue
		case cssURLToken:
			f(u)
		case cssString:
			if cs.importPending {
				f(u)
			}
		case cssFunctionURL:
			if u.start >= 0 {
				f(u)
			}
		}
		cs.importPending = tok == cssAtImport
	}
	return c.i
}

// startSkip starts skipping the token tok that starts at s[start] and
// has gone on past cs.max bytes, if it is a url token or a string, and
// calls f with tooLongRaw if it is a URL. It reports whether it did; it
// leaves other tokens (identifiers, numbers), which hold no URL, to be
// held whole.
func (cs *cssStream) startSkip(s string, start int, tok cssToken, f func(cssURL)) bool {
	isURL := true
	switch tok {
	case cssURLToken:
		cs.skip = skipURLName
	case cssFunctionURL:
		cs.skip = skipURLName
	case cssString:
		cs.skip, cs.quote = skipString, s[start]
		isURL = cs.importPending
	default:
		return false
	}
	if isURL {
		f(cssURL{url: tooLongRaw, start: start})
	}
	cs.importPending = false
	return true
}

// skipLong skips s, the text of the token too long being skipped (from
// its start, or from where the previous text stopped), and returns how
// much of s it consumed and whether the token ended there (at the end of
// s when final). It follows CSS's tokenizer as far as it decides where
// the token ends: a url token ends at a ")" that no escape holds, and
// so does a bad URL; a string at its quote or a newline; "url(" and
// whitespace then a quote start a string.
func (cs *cssStream) skipLong(s string, final bool) (int, bool) {
	i := 0
	for i < len(s) {
		c := s[i]
		switch cs.skip {
		case skipURLName:
			switch {
			case c == '(':
				cs.skip = skipURLSpace
			case c == '\\':
				if i+1 == len(s) && !final {
					return i, false
				}
				i++ // an escape in the name
			}
			i++
		case skipURLSpace:
			switch {
			case isCSSWhitespace(c):
				i++
			case c == '"' || c == '\'':
				cs.skip, cs.quote = skipString, c
				i++
			default:
				cs.skip = skipURL
			}
		case skipURL:
			switch {
			case c == ')':
				cs.skip = skipNone
				return i + 1, true
			case c == '\\' && i+1 == len(s) && !final:
				return i, false
			case c == '\\' && !isCSSNewline(s[min(i+1, len(s)-1)]):
				i++ // an escape: the byte after it is not the end
			}
			i++
		case skipString:
			switch {
			case c == cs.quote:
				cs.skip = skipNone
				return i + 1, true
			case isCSSNewline(c):
				cs.skip = skipNone
				return i, true // a bad string, which the newline ends
			case c == '\\':
				if i+2 >= len(s) && !final {
					return i, false // an escape, or a CRLF escaped
				}
				i++
				if i+1 < len(s) && s[i] == '\r' && s[i+1] == '\n' {
					i++
				}
			}
			i++
		}
	}
	if final {
		cs.skip = skipNone
		return len(s), true
	}
	return len(s), false
}

type cssToken uint8

const (
	cssOther cssToken = iota
	cssWhitespace
	cssComment
	cssString // a string (not a bad string)
	cssURLToken
	cssFunctionURL // "url(" followed by a quote
	cssAtImport
)

type cssTokenizer struct {
	s string
	i int
}

func isCSSNewline(c byte) bool    { return c == '\n' || c == '\r' || c == '\f' }
func isCSSWhitespace(c byte) bool { return c == ' ' || c == '\t' || isCSSNewline(c) }
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// isIdentStart reports whether c starts an ident code point: a letter,
// "_" or a non-ASCII code point.
func isIdentStart(c byte) bool { return isAlpha(c) || c == '_' || c >= 0x80 }

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' || c == '-' }

// validEscape reports whether s[i:] starts with a valid escape: "\" not
// followed by a newline.
func (c *cssTokenizer) validEscape(i int) bool {
	return i < len(c.s) && c.s[i] == '\\' && (i+1 >= len(c.s) || !isCSSNewline(c.s[i+1]))
}

// startsIdent reports whether s[i:] starts an ident sequence.
func (c *cssTokenizer) startsIdent(i int) bool {
	s := c.s
	if i >= len(s) {
		return false
	}
	switch {
	case s[i] == '-':
		return i+1 < len(s) && (isIdentStart(s[i+1]) || s[i+1] == '-') || c.validEscape(i+1)
	case isIdentStart(s[i]):
		return true
	}
	return c.validEscape(i)
}

// startsNumber reports whether s[i:] starts a number.
func (c *cssTokenizer) startsNumber(i int) bool {
	s := c.s
	digit := func(j int) bool { return j < len(s) && '0' <= s[j] && s[j] <= '9' }
	if i >= len(s) {
		return false
	}
	switch s[i] {
	case '+', '-':
		return digit(i+1) || i+1 < len(s) && s[i+1] == '.' && digit(i+2)
	case '.':
		return digit(i + 1)
	}
	return digit(i)
}

func (c *cssTokenizer) skipWhitespace() {
	for c.i < len(c.s) && isCSSWhitespace(c.s[c.i]) {
		c.i++
	}
}

// next consumes one token and returns its type, and for a string or a
// url token its value.
func (c *cssTokenizer) next() (cssToken, cssURL) {
	s := c.s
	ch := s[c.i]
	switch {
	case ch == '/' && strings.HasPrefix(s[c.i:], "/*"):
		if j := strings.Index(s[c.i+2:], "*/"); j >= 0 {
			c.i += 2 + j + 2
		} else {
			c.i = len(s)
		}
		return cssComment, cssURL{}
	case isCSSWhitespace(ch):
		c.skipWhitespace()
		return cssWhitespace, cssURL{}
	case ch == '"' || ch == '\'':
		c.i++
		if u := c.string(ch); u.start >= 0 {
			return cssString, u
		}
		return cssOther, cssURL{} // a bad string
	case c.startsNumber(c.i):
		c.number()
		if c.startsIdent(c.i) {
			c.ident() // a dimension: its unit is not an identifier
		} else if c.i < len(s) && s[c.i] == '%' {
			c.i++
		}
		return cssOther, cssURL{}
	case c.startsIdent(c.i):
		return c.identLike()
	case ch == '#' || ch == '@':
		if c.i+1 < len(s) && (isIdentChar(s[c.i+1]) || c.validEscape(c.i+1)) {
			starts := ch == '@' && c.startsIdent(c.i+1)
			c.i++
			id := c.ident()
			if starts && equalFoldASCII(id, "import") {
				return cssAtImport, cssURL{}
			}
			return cssOther, cssURL{}
		}
	}
	// A delimiter, a bracket or another one-code-point token (CDO and
	// CDC are read a code point at a time: neither starts a URL).
	c.i++
	return cssOther, cssURL{}
}

// number consumes a number's code points.
func (c *cssTokenizer) number() {
	s := c.s
	digits := func() {
		for c.i < len(s) && '0' <= s[c.i] && s[c.i] <= '9' {
			c.i++
		}
	}
	if s[c.i] == '+' || s[c.i] == '-' {
		c.i++
	}
	digits()
	if c.i+1 < len(s) && s[c.i] == '.' && '0' <= s[c.i+1] && s[c.i+1] <= '9' {
		c.i++
		digits()
	}
	if c.i < len(s) && s[c.i]|0x20 == 'e' {
		j := c.i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && '0' <= s[j] && s[j] <= '9' {
			c.i = j
			digits()
		}
	}
}

// ident consumes an ident sequence and returns it, escapes decoded.
func (c *cssTokenizer) ident() string {
	s := c.s
	start := c.i
	var b []byte // nil while there is no escape
	for c.i < len(s) {
		ch := s[c.i]
		switch {
		case isIdentChar(ch):
			if b != nil {
				b = append(b, ch)
			}
			c.i++
		case c.validEscape(c.i):
			if b == nil {
				b = append([]byte(nil), s[start:c.i]...)
			}
			c.i++
			b = utf8.AppendRune(b, c.escape())
		default:
			if b != nil {
				return string(b)
			}
			return s[start:c.i]
		}
	}
	if b != nil {
		return string(b)
	}
	return s[start:c.i]
}

// escape consumes an escaped code point, after its "\".
func (c *cssTokenizer) escape() rune {
	s := c.s
	if c.i >= len(s) {
		return utf8.RuneError
	}
	if !isHexDigit(s[c.i]) {
		r, n := utf8.DecodeRuneInString(s[c.i:])
		c.i += n
		return r
	}
	var v rune
	for n := 0; n < 6 && c.i < len(s) && isHexDigit(s[c.i]); n++ {
		d := s[c.i]
		switch {
		case d <= '9':
			v = v*16 + rune(d-'0')
		default:
			v = v*16 + rune(d|0x20-'a'+10)
		}
		c.i++
	}
	if c.i < len(s) && isCSSWhitespace(s[c.i]) {
		if s[c.i] == '\r' && c.i+1 < len(s) && s[c.i+1] == '\n' {
			c.i++
		}
		c.i++
	}
	if v == 0 || 0xD800 <= v && v <= 0xDFFF || v > utf8.MaxRune {
		return utf8.RuneError
	}
	return v
}

// identLike consumes an ident-like token: an identifier, a function, or
// a url token.
func (c *cssTokenizer) identLike() (cssToken, cssURL) {
	s := c.s
	id := c.ident()
	if c.i >= len(s) || s[c.i] != '(' {
		return cssOther, cssURL{}
	}
	c.i++
	if !equalFoldASCII(id, "url") {
		return cssOther, cssURL{} // another function
	}
	// While the next two code points are whitespace, consume one; a
	// quote next (after at most one whitespace) makes a function.
	for c.i+1 < len(s) && isCSSWhitespace(s[c.i]) && isCSSWhitespace(s[c.i+1]) {
		c.i++
	}
	j := c.i
	if j < len(s) && isCSSWhitespace(s[j]) {
		j++
	}
	if j < len(s) && (s[j] == '"' || s[j] == '\'') {
		return cssFunctionURL, cssURL{}
	}
	u, ok := c.urlToken()
	if !ok {
		return cssOther, cssURL{} // a bad URL
	}
	return cssURLToken, u
}

// urlToken consumes a url token's value, after "url(", and reports
// whether it is a url token (not a bad URL).
func (c *cssTokenizer) urlToken() (cssURL, bool) {
	s := c.s
	c.skipWhitespace()
	start := c.i
	var b []byte // nil while there is no escape
	for c.i < len(s) {
		ch := s[c.i]
		switch {
		case ch == ')':
			c.i++
			return urlValue(s, b, start, c.i-1), true
		case isCSSWhitespace(ch):
			end := c.i
			c.skipWhitespace()
			if c.i >= len(s) {
				return urlValue(s, b, start, end), true
			}
			if s[c.i] == ')' {
				c.i++
				return urlValue(s, b, start, end), true
			}
			c.badURL()
			return cssURL{}, false
		case ch == '"' || ch == '\'' || ch == '(' || ch <= 0x08 || ch == 0x0b || 0x0e <= ch && ch <= 0x1f || ch == 0x7f:
			c.badURL()
			return cssURL{}, false
		case ch == '\\':
			if !c.validEscape(c.i) {
				c.badURL()
				return cssURL{}, false
			}
			if b == nil {
				b = append([]byte(nil), s[start:c.i]...)
			}
			c.i++
			b = utf8.AppendRune(b, c.escape())
		default:
			if b != nil {
				b = append(b, ch)
			}
			c.i++
		}
	}
	return urlValue(s, b, start, len(s)), true // the end of the text ends it
}

// urlValue is the value of a url token or string s[start:end], or b
// when escapes made it differ from the text.
func urlValue(s string, b []byte, start, end int) cssURL {
	if b != nil {
		return cssURL{url: string(b), start: start}
	}
	return cssURL{url: s[start:end], start: start, exact: true}
}

// badURL consumes the remnants of a bad URL: up to a ")" or the end,
// escapes skipped.
func (c *cssTokenizer) badURL() {
	s := c.s
	for c.i < len(s) {
		switch {
		case s[c.i] == ')':
			c.i++
			return
		case c.validEscape(c.i):
			c.i++
			c.escape()
		default:
			c.i++
		}
	}
}

// string consumes a string token's value, after its opening quote q.
// A newline ends it as a bad string, which is not a URL: its start is
// then -1.
func (c *cssTokenizer) string(q byte) cssURL {
	s := c.s
	start := c.i
	var b []byte
	for c.i < len(s) {
		ch := s[c.i]
		switch {
		case ch == q:
			c.i++
			return urlValue(s, b, start, c.i-1)
		case isCSSNewline(ch):
			return cssURL{start: -1} // a bad string; the newline is not consumed
		case ch == '\\':
			if c.i+1 >= len(s) {
				c.i++
				continue
			}
			if b == nil {
				b = append([]byte(nil), s[start:c.i]...)
			}
			if isCSSNewline(s[c.i+1]) {
				// An escaped newline continues the string.
				c.i += 2
				if s[c.i-1] == '\r' && c.i < len(s) && s[c.i] == '\n' {
					c.i++
				}
				continue
			}
			c.i++
			b = utf8.AppendRune(b, c.escape())
		default:
			if b != nil {
				b = append(b, ch)
			}
			c.i++
		}
	}
	return urlValue(s, b, start, len(s))
}
