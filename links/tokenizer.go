package links

// An HTML tokenizer that reads a document as it streams and keeps only
// what link extraction needs: the names of tags, and the values of the
// attributes the extractor asks for. It follows the tokenization states
// of the HTML Standard (https://html.spec.whatwg.org/multipage/parsing.html#tokenization),
// with the tokenizer state changes the tree builder makes (raw text,
// RCDATA, script data and PLAINTEXT after their start tags; CDATA
// sections in foreign content). Its memory is the window's (see window)
// plus the values it keeps: a tag with millions of attributes costs no
// more than one with a few.

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"

	"github.com/weburl/url/internal/ascii"
)

// maxName is how many bytes of a tag or attribute name the tokenizer
// keeps: more than the longest name the extractor looks for, so that a
// longer name never matches.
const maxName = 64

// A name is a tag or attribute name as the tokenizer lowers it (ASCII
// letters only, NUL as U+FFFD), its first maxName bytes; n is its
// length, which may be more.
type name struct {
	b [maxName]byte
	n int
}

func (nm *name) String() string { return string(nm.b[:min(nm.n, maxName)]) }

// is reports whether the name is s.
func (nm *name) is(s string) bool {
	return nm.n == len(s) && string(nm.b[:nm.n]) == s
}

func (nm *name) add(c byte) {
	if c == 0 {
		// U+FFFD, as the tokenizer makes a NUL in a name.
		nm.add(0xEF)
		nm.add(0xBF)
		nm.add(0xBD)
		return
	}
	c = ascii.LowerByte(c)
	if nm.n < maxName {
		nm.b[nm.n] = c
	}
	nm.n++
}

// An attr is an attribute value the extractor asked for.
type attr struct {
	id    attrID
	val   string   // the value, character references decoded
	at    Position // where its text starts, after leading whitespace
	start Position // where its text starts
	exact bool     // whether val is the document's text from start on
	// cands are the image candidates of a srcset or imagesrcset value,
	// or the URLs of a style attribute's CSS, whose value is not kept
	// (val is empty): see tokenizer.streamedValue.
	cands pendingLog
}

// textMode is how the tokenizer reads the text after a start tag.
type textMode uint8

const (
	modeData textMode = iota
	modeRawText
	modeRCDATA
	modeScript
	modePlaintext
)

// A tokenHandler receives the tags of a document.
type tokenHandler interface {
	// attrID returns the id of the attribute nm of the start tag
	// tag, when its value is wanted, or noAttr.
	attrID(tag, nm *name) attrID
	// startTag handles a start tag with the values of its wanted
	// attributes, and returns how the text after it is read and whether
	// that text (up to the end tag) is wanted.
	startTag(tag *name, selfClosing bool, attrs []attr, tagStart int64) (textMode, bool)
	// styleURL handles a URL in the CSS of a style element's text,
	// which startTag asked for, at pos (exactly when exact).
	styleURL(url string, pos Position, exact bool)
	// endTag handles an end tag.
	endTag(tag *name)
	// cdata reports whether a CDATA section is allowed here (foreign
	// content).
	cdata() bool
	// wantData reports whether the text between tags and of CDATA
	// sections is wanted from here on, to be handed to data.
	wantData() bool
	// data handles a piece of that text, decoded, which pl places in
	// the document.
	data(text string, pl placer)
}

// A tokenizer reads a document from a window.
type tokenizer struct {
	w    *window
	h    tokenHandler
	kind decodeKind // how the document was decoded
	// max is the longest value read whole (LinkExtractor.maxValue): a
	// longer one is dropped as it is read, and stands as tooLongRaw.
	max int
	// sp and ct parse the streamed values of srcset and style
	// attributes, reused from value to value.
	sp    srcsetParser
	ct    cssText
	attrs []attr // reused from tag to tag
	// The names of the tag and the attribute being read, fields so that
	// handing them to the handler allocates nothing.
	tagName, attrName name
}

// isSpace reports whether c is HTML's ASCII whitespace (CR included: the
// input stream turns it into LF).
func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r'
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// run tokenizes the document to its end.
func (t *tokenizer) run() {
	w := t.w
	for {
		// Data state: find the next "<", handing the text before it
		// to the handler if it wants it.
		want := t.h.wantData()
		var pf pieceFeeder
		if want {
			pf = t.dataFeeder(false)
		}
		from := w.offset()
		next := int64(0)
		for {
			if j := bytes.IndexByte(w.buf[w.i:], '<'); j >= 0 {
				if want {
					pf.feed(from, w.offset()+int64(j), true)
					w.hold = -1
				}
				w.i += j + 1
				break
			}
			w.i = len(w.buf)
			if want && w.offset()-from >= next {
				// (As in streamedValue, a long reference is looked at
				// again once doubled.)
				from = pf.feed(from, w.offset(), false)
				next = 2 * (w.offset() - from)
				w.hold = from
			}
			if !w.fill(1) {
				if want {
					pf.feed(from, w.offset(), true)
					w.hold = -1
				}
				return
			}
		}
		// Tag open state.
		if !w.more() {
			return
		}
		switch c := w.buf[w.i]; {
		case c == '!':
			w.i++
			t.markupDeclaration()
		case c == '/':
			w.i++
			t.endTagOpen()
		case isAlpha(c):
			t.tag(w.offset()-1, false)
		case c == '?':
			t.skipPast(">")
		}
	}
}

// skipPast moves the read position past the next occurrence of s, or to
// the end of the document.
func (t *tokenizer) skipPast(s string) {
	w := t.w
	for {
		if j := bytes.Index(w.buf[w.i:], []byte(s)); j >= 0 {
			w.i += j + len(s)
			return
		}
		// Keep the last len(s)-1 bytes, which may start s.
		w.i = max(w.i, len(w.buf)-len(s)+1)
		if !w.fill(len(s)) {
			w.i = len(w.buf)
			return
		}
	}
}

// cdataSection reads a CDATA section, after "<![CDATA[", up to "]]>"
// or the end of the document, and hands its text to the handler.
func (t *tokenizer) cdataSection() {
	w := t.w
	pf := t.dataFeeder(true)
	from := w.offset()
	next := int64(0)
	for {
		if j := bytes.Index(w.buf[w.i:], []byte("]]>")); j >= 0 {
			pf.feed(from, w.offset()+int64(j), true)
			w.hold = -1
			w.i += j + 3
			return
		}
		// Keep the last two bytes, which may start "]]>".
		w.i = max(w.i, len(w.buf)-2)
		if w.offset()-from >= next {
			from = pf.feed(from, w.offset(), false)
			next = 2 * (w.offset() - from)
		}
		w.hold = from
		if !w.fill(3) {
			w.i = len(w.buf)
			pf.feed(from, w.offset(), true)
			w.hold = -1
			return
		}
	}
}

// hasPrefixFold reports whether the bytes at the read position are s,
// in any ASCII case (s is in lower case).
func (t *tokenizer) hasPrefixFold(s string) bool {
	w := t.w
	if !w.fill(len(s)) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := w.buf[w.i+i]
		c = ascii.LowerByte(c)
		if c != s[i] {
			return false
		}
	}
	return true
}

// markupDeclaration is the markup declaration open state, after "<!".
func (t *tokenizer) markupDeclaration() {
	w := t.w
	switch {
	case t.hasPrefixFold("--"):
		w.i += 2
		t.comment()
	case t.hasPrefixFold("doctype"):
		// The DOCTYPE states end at the first ">", in quotes or not.
		t.skipPast(">")
	case t.h.cdata() && w.fill(7) && string(w.buf[w.i:w.i+7]) == "[CDATA[":
		w.i += 7
		if t.h.wantData() {
			t.cdataSection()
		} else {
			t.skipPast("]]>")
		}
	default:
		t.skipPast(">") // a bogus comment
	}
}

// comment reads a comment, after "<!--", as the comment states do: it
// ends at "-->" or "--!>", or at once at ">" or "->".
func (t *tokenizer) comment() {
	w := t.w
	if t.hasPrefixFold(">") {
		w.i++
		return
	}
	if t.hasPrefixFold("->") {
		w.i += 2
		return
	}
	for {
		j := bytes.Index(w.buf[w.i:], []byte("--"))
		if j < 0 {
			w.i = max(w.i, len(w.buf)-1)
			if !w.fill(2) {
				w.i = len(w.buf)
				return
			}
			continue
		}
		w.i += j + 2
		// After "--": ">" or "!>" ends the comment; more dashes stay
		// in the comment end state.
		for t.hasPrefixFold("-") {
			w.i++
		}
		if t.hasPrefixFold(">") {
			w.i++
			return
		}
		if t.hasPrefixFold("!>") {
			w.i += 2
			return
		}
	}
}

// endTagOpen is the end tag open state, after "</".
func (t *tokenizer) endTagOpen() {
	w := t.w
	if !w.more() {
		return
	}
	switch c := w.buf[w.i]; {
	case isAlpha(c):
		t.tag(w.offset()-2, true)
	case c == '>':
		w.i++
	default:
		t.skipPast(">") // a bogus comment
	}
}

// tag reads a start tag (or, if end, an end tag) from its name on, and
// hands it to the handler unless the document ends inside it.
func (t *tokenizer) tag(tagStart int64, end bool) {
	w := t.w
	tag := &t.tagName
	*tag = name{}
	// Tag name state.
	for {
		if !w.more() {
			return
		}
		c := w.buf[w.i]
		if isSpace(c) || c == '/' || c == '>' {
			break
		}
		w.i++
		tag.add(c)
	}
	t.attrs = t.attrs[:0]
	var seen uint64 // the wanted attributes met so far, by id
	selfClosing := false
	for {
		// Before attribute name state.
		if !t.skipSpace() {
			return
		}
		c := w.buf[w.i]
		if c == '>' {
			w.i++
			break
		}
		if c == '/' {
			// Self-closing start tag state.
			w.i++
			if !w.more() {
				return
			}
			if w.buf[w.i] == '>' {
				w.i++
				selfClosing = true
				break
			}
			continue
		}
		// Attribute name state; an "=" first is part of the name.
		an := &t.attrName
		*an = name{}
		an.add(c)
		w.i++
		for {
			if !w.more() {
				return
			}
			c := w.buf[w.i]
			if isSpace(c) || c == '/' || c == '>' || c == '=' {
				break
			}
			w.i++
			an.add(c)
		}
		id := noAttr
		if !end {
			id = t.h.attrID(tag, an)
			if id != noAttr && seen&(1<<id) != 0 {
				id = noAttr // a repeated attribute is dropped
			}
			if id != noAttr {
				seen |= 1 << id
			}
		}
		// After attribute name state. An attribute without a value is
		// placed where its name ends, which is held till then.
		keyEnd := w.offset()
		if id != noAttr {
			w.hold = keyEnd
		}
		if !t.skipSpace() {
			return
		}
		if w.buf[w.i] != '=' {
			t.emptyValue(id, keyEnd)
			continue // "/", ">" or the next attribute's name
		}
		w.i++
		// Before attribute value state.
		if !t.skipSpace() {
			return
		}
		if w.buf[w.i] == '>' {
			t.emptyValue(id, keyEnd) // a missing value
			continue
		}
		w.hold = -1
		if !t.value(id) {
			return
		}
	}
	if end {
		t.h.endTag(tag)
		return
	}
	mode, wantText := t.h.startTag(tag, selfClosing, t.attrs, tagStart)
	clear(t.attrs) // let the values go: one may be long
	if mode != modeData {
		t.text(tag, mode, wantText)
	}
}

// emptyValue adds the empty value of a wanted attribute whose name ends
// at offset keyEnd, and lets go of what the window held for it.
func (t *tokenizer) emptyValue(id attrID, keyEnd int64) {
	if id != noAttr {
		p := t.w.position(keyEnd)
		t.attrs = append(t.attrs, attr{id: id, at: p, start: p, exact: true})
	}
	t.w.hold = -1
}

// skipSpace skips whitespace and reports whether a byte follows.
func (t *tokenizer) skipSpace() bool {
	w := t.w
	for {
		if !w.more() {
			return false
		}
		if !isSpace(w.buf[w.i]) {
			return true
		}
		w.i++
	}
}

// value reads an attribute's value, from the before attribute value
// state on, keeping it when id is not noAttr; it reports false at the
// end of the document. A value longer than the window is gathered in
// pieces as the window moves on, then joined at its exact length (a
// builder that doubles would keep up to twice the value), so that it is
// in memory once (and its text is the Link's Raw, not a copy) however
// long it is.
func (t *tokenizer) value(id attrID) bool {
	w := t.w
	q := w.buf[w.i]
	if q == '"' || q == '\'' {
		w.i++
	} else {
		q = 0
	}
	want := id != noAttr
	if id == attrSrcset || id == attrImagesrcset || id == attrStyle {
		return t.streamedValue(id, q)
	}
	var a attr
	if want {
		a = attr{id: id, start: w.position(w.offset())}
	}
	var long []string // the value's text so far, when it outgrows the window
	longLen := 0
	tooLong := false // the value is longer than t.max: it is not kept
	seg := w.i       // where the value's text in the window starts
	for {
		rest := w.buf[w.i:]
		if j := indexValueEnd(rest, q); j >= 0 {
			w.i += j
			break
		}
		if want && !tooLong {
			longLen += len(w.buf) - seg
			if longLen > t.max {
				tooLong, long = true, nil
			} else {
				long = append(long, string(w.buf[seg:]))
			}
		}
		w.i = len(w.buf)
		if !w.fill(1) {
			return false
		}
		seg = w.i
	}
	if !want {
		if q != 0 {
			w.i++ // the closing quote
		}
		return true
	}
	if tooLong || longLen+w.i-seg > t.max {
		if q != 0 {
			w.i++ // the closing quote
		}
		a.val, a.at = tooLongRaw, a.start
		t.attrs = append(t.attrs, a)
		return true
	}
	var written string
	if len(long) > 0 {
		var b strings.Builder
		b.Grow(longLen + w.i - seg)
		for i, s := range long {
			b.WriteString(s)
			long[i] = "" // let it go
		}
		b.Write(w.buf[seg:w.i])
		written = b.String()
	} else {
		written = string(w.buf[seg:w.i])
	}
	if q != 0 {
		w.i++ // the closing quote
	}
	switch {
	case simpleAttrValue(written):
		a.val = simpleValue(written)
	case strings.IndexByte(written, '&') < 0:
		// Only CRs and NULs to change.
		a.val = normalizeNewlines(written)
	default:
		a.val = decodeAttrValue(written, q)
	}
	a.exact = a.val == written
	a.at = a.start
	if lead := leadingSpace(written); lead > 0 {
		a.at = advanceFrom(a.start, written, 0, lead)
	}
	t.attrs = append(t.attrs, a)
	return true
}

// streamedValue reads a srcset, imagesrcset or style attribute's
// value, after its opening quote q (0 for none), handing it to a
// srcsetParser or a cssText as the window moves on, in pieces that end
// where no character reference can go on: the value is never held
// whole, only the links found in it, in the attribute's cands log (see
// attr). It reports false at the end of the document.
func (t *tokenizer) streamedValue(id attrID, q byte) bool {
	w := t.w
	start := w.position(w.offset())
	t.attrs = append(t.attrs, attr{id: id, start: start, at: start})
	pf := pieceFeeder{t: t, refs: refsAttr, q: q, sink: sinkSrcset}
	if t.sp.emit == nil {
		t.sp.emit = t.emitCandBytes
	}
	t.sp.reset()
	if id == attrStyle {
		pf.sink = sinkCSS
		t.ct.reset(t.kind, t.max)
	}
	fed := w.offset() // the value's text before this is parsed
	next := int64(0)  // how much text to have before parsing again
	for {
		rest := w.buf[w.i:]
		if j := indexValueEnd(rest, q); j >= 0 {
			w.i += j
			break
		}
		// Parse what no character reference can continue, and hold
		// the rest. A reference longer than what was read is looked at
		// again once the text held has doubled: in time linear in the
		// value in all.
		if end := w.offset() + int64(len(rest)); end-fed >= next {
			fed = pf.feed(fed, end, false)
			next = 2 * (end - fed)
		}
		w.hold = fed
		w.i = len(w.buf)
		if !w.fill(1) {
			w.hold = -1
			return false
		}
	}
	pf.feed(fed, w.offset(), true)
	w.hold = -1
	if id == attrStyle {
		t.ct.scan(true, t.emitCand)
	} else {
		t.sp.end()
	}
	if q != 0 {
		w.i++ // the closing quote
	}
	return true
}

// emitCand adds a link found in a streamed value to its attribute's
// cands, the last attribute read.
func (t *tokenizer) emitCand(url string, at Position, exact bool) {
	t.attrs[len(t.attrs)-1].cands.add(found{raw: url, pos: at, exact: exact})
}

// emitCandBytes is emitCand with the URL in a []byte, copied.
func (t *tokenizer) emitCandBytes(url []byte, at Position, exact bool) {
	t.attrs[len(t.attrs)-1].cands.addBytes(found{pos: at, exact: exact}, url)
}

// cssPiece hands a piece of a streamed style attribute to t.ct.
func (t *tokenizer) cssPiece(s string, pos Position, exact bool) {
	t.ct.add(s, pos, exact, t.emitCand)
}

// safeValueEnd returns how much of b, text read so far, can be decoded
// before the rest is read: all of it but a character reference that the
// next bytes could continue, or a CR that an LF could follow.
func safeValueEnd(b []byte) int {
	n := len(b)
	if n > 0 && b[n-1] == '\r' {
		n--
	}
	if p := bytes.LastIndexByte(b[:n], '&'); p >= 0 && refEnd(b[p:n]) == n-p && !refClosed(b[p:n]) {
		return p
	}
	return n
}

// refEnd returns the length of the character reference that b starts
// with ("&"), as far as its decoding depends on: "&#", an optional "x",
// and the digits of a numeric reference, or "&" and the letters and
// digits of a named one; then the byte after them if it is ";" (or, for
// a named one, "=").
func refEnd(b []byte) int {
	i := 1
	if i < len(b) && b[i] == '#' {
		i++
		hex := i < len(b) && b[i]|0x20 == 'x'
		if hex {
			i++
		}
		for i < len(b) && isRefDigit(b[i], hex) {
			i++
		}
		if i < len(b) && b[i] == ';' {
			i++
		}
		return i
	}
	for i < len(b) && (isAlpha(b[i]) || '0' <= b[i] && b[i] <= '9') {
		i++
	}
	if i < len(b) && (b[i] == ';' || b[i] == '=') {
		i++
	}
	return i
}

// isRefDigit reports whether c is a digit of a numeric character
// reference, hexadecimal if hex.
func isRefDigit(c byte, hex bool) bool {
	return '0' <= c && c <= '9' || hex && 'a' <= c|0x20 && c|0x20 <= 'f'
}

// refClosed reports whether the character reference b ends with the
// byte that closes it (";" or "="), so that no later byte changes it.
func refClosed(b []byte) bool {
	c := b[len(b)-1]
	return len(b) > 1 && (c == ';' || c == '=')
}

// longRef is how long a numeric character reference held back may grow
// before a pieceFeeder carries it in short form.
const longRef = 64

// A pieceFeeder decodes text of the document as the window moves on (an
// attribute value, the text between tags, a CDATA section) in pieces
// (text as it is, a CR or CRLF, a NUL, a character reference decoded
// with decodeRef; no reference when decodeRef is nil), and hands each to
// f with a placer, which places it in the document. A numeric reference of more than longRef digits is carried in
// short form (its significant digits, at most nine: more decode to
// U+FFFD all the same), so that the window does not hold it.
type pieceFeeder struct {
	t    *tokenizer
	refs refMode
	q    byte // the quote of an attribute value (refsAttr)
	sink pieceSink

	carry   []byte // "&#", "x", and the significant digits of a long reference, or nil
	hex     bool
	carryAt Position
}

// A refMode is how a pieceFeeder decodes character references.
type refMode uint8

const (
	refsNone refMode = iota // none (a CDATA section)
	refsData                // as in text (the data state)
	refsAttr                // as in an attribute value
)

// A pieceSink is where a pieceFeeder hands its pieces.
type pieceSink uint8

const (
	sinkData   pieceSink = iota // the handler's data
	sinkSrcset                  // the tokenizer's srcsetParser
	sinkCSS                     // the tokenizer's cssText, for a style attribute
)

// decode decodes a character reference and what its decoding depends
// on (see refEnd).
func (pf *pieceFeeder) decode(raw string) string {
	switch pf.refs {
	case refsAttr:
		return decodeAttrValue(raw, pf.q)
	case refsData:
		return html.UnescapeString(raw)
	}
	return raw
}

// hand hands a piece of text, which pl places, to the sink.
func (pf *pieceFeeder) hand(s string, pl placer) {
	t := pf.t
	switch pf.sink {
	case sinkData:
		t.h.data(s, pl)
	case sinkSrcset:
		t.sp.feed(s, pl)
	case sinkCSS:
		splitForSource(t.kind, s, pl, t.cssPiece)
	}
}

// feed hands over the text from document offset from to offset to, in
// the window; unless final (the text ends at to), it keeps back what the
// next bytes could change, and returns the offset up to which it
// consumed the text.
func (pf *pieceFeeder) feed(from, to int64, final bool) int64 {
	w := pf.t.w
	b := w.bytes(from, to)
	if pf.carry != nil {
		i := 0
		for i < len(b) && isRefDigit(b[i], pf.hex) {
			pf.addDigit(b[i])
			i++
		}
		if i == len(b) && !final {
			return to
		}
		if i < len(b) && b[i] == ';' {
			pf.carry = append(pf.carry, ';')
			i++
		}
		pf.hand(pf.decode(string(pf.carry)), placer{pos: pf.carryAt})
		pf.carry = nil
		b = b[i:]
		from += int64(i)
	}
	n := len(b)
	if !final {
		n = safeValueEnd(b)
	}
	pf.feedPieces(b[:n], from)
	if rest := b[n:]; pf.refs != refsNone && len(rest) > longRef && rest[0] == '&' && rest[1] == '#' {
		// A long numeric reference, to the end of what was read.
		pf.carryAt = w.position(from + int64(n))
		pf.hex = rest[2]|0x20 == 'x'
		k := 2
		if pf.hex {
			k = 3
		}
		pf.carry = append([]byte(nil), rest[:k]...)
		for _, c := range rest[k:] {
			pf.addDigit(c)
		}
		return to
	}
	return from + int64(n)
}

// addDigit adds a digit to the reference carried: leading zeros are
// dropped, and digits past the ninth significant one, which leave the
// reference out of Unicode's range as the ninth does.
func (pf *pieceFeeder) addDigit(c byte) {
	k := 2
	if pf.hex {
		k = 3
	}
	if len(pf.carry) == k && c == '0' || len(pf.carry) >= k+9 {
		return
	}
	pf.carry = append(pf.carry, c)
}

// feedPieces decodes b, text of the document from offset off on, in
// pieces, and hands each to the sink.
func (pf *pieceFeeder) feedPieces(b []byte, off int64) {
	w := pf.t.w
	specials := "&\r\x00"
	if pf.refs == refsNone {
		specials = "\r\x00"
	}
	for len(b) > 0 {
		j := bytes.IndexAny(b, specials)
		if j < 0 {
			j = len(b)
		}
		if j > 0 {
			pf.hand(string(b[:j]), placer{w: w, off: off, exact: true})
		} else {
			var dec string
			switch b[0] {
			case '\r':
				j = 1
				if len(b) > 1 && b[1] == '\n' {
					j = 2
				}
				dec = "\n"
			case 0:
				j, dec = 1, "\uFFFD"
			default:
				j = refEnd(b)
				dec = pf.decode(string(b[:j]))
			}
			pf.hand(dec, placer{w: w, off: off, exact: dec == string(b[:j])})
		}
		b = b[j:]
		off += int64(j)
	}
}

// A placer places a piece of decoded text in the document: the piece
// starts at document offset off of w, and its byte k is at off+k when
// it is exact (the document's text as it is), else at its start. With
// no window, it is at pos.
type placer struct {
	w     *window
	off   int64
	exact bool
	pos   Position
}

// at returns the position of the piece's byte k (of its start when it
// is not exact), k asked for in increasing order.
func (pl placer) at(k int) Position {
	if !pl.exact {
		k = 0
	}
	if pl.w == nil {
		p := pl.pos
		p.Offset += k
		p.Col += k
		return p
	}
	return pl.w.position(pl.off + int64(k))
}

// dataFeeder returns a pieceFeeder that hands the handler text read in
// the data state (character references decoded) or, if cdata, in a
// CDATA section.
func (t *tokenizer) dataFeeder(cdata bool) pieceFeeder {
	pf := pieceFeeder{t: t, refs: refsData, sink: sinkData}
	if cdata {
		pf.refs = refsNone
	}
	return pf
}

// indexValueEnd returns the index in rest of the end of an attribute
// value opened by the quote q (0 for an unquoted value), or -1.
func indexValueEnd(rest []byte, q byte) int {
	if q != 0 {
		return bytes.IndexByte(rest, q)
	}
	return indexUnquotedEnd(rest)
}

// indexUnquotedEnd returns the index of the first byte that ends an
// unquoted attribute value (whitespace or ">"), or -1.
func indexUnquotedEnd(b []byte) int {
	for i, c := range b {
		if isSpace(c) || c == '>' {
			return i
		}
	}
	return -1
}

// decodeAttrValue returns the value of an attribute whose text, quoted
// with q (0 for none), is written: its character references decoded as
// in an attribute, CRs and CRLFs made LFs, NULs made U+FFFD. The work
// is x/net/html's, on a tag made of the one attribute.
func decodeAttrValue(written string, q byte) string {
	var b strings.Builder
	b.Grow(len(written) + 8)
	b.WriteString("<a v=")
	if q != 0 {
		b.WriteByte(q)
	}
	b.WriteString(written)
	if q != 0 {
		b.WriteByte(q)
	}
	b.WriteString(">")
	z := html.NewTokenizer(strings.NewReader(b.String()))
	z.Next()
	_, v, _ := z.TagAttr()
	return string(v)
}

// text reads the text of an element read in mode, up to its end tag,
// and, when want is true (a style element's), hands the URLs of its CSS
// to the handler as it reads it: the text is not held whole, only the
// CSS token it has not finished reading.
func (t *tokenizer) text(tag *name, mode textMode, want bool) {
	w := t.w
	switch {
	case mode == modePlaintext:
		for w.fill(len(w.buf) - w.i + 1) {
			w.i = len(w.buf)
		}
		w.i = len(w.buf)
		return
	case mode == modeScript:
		t.scriptData()
		return
	case !want:
		t.rawText(tag, nil)
		return
	}
	cs := cssStream{max: t.max}
	fed := w.offset() // the text before this is scanned
	w.hold = fed
	next := int64(0) // how much text to have before scanning again
	end := t.rawText(tag, func() {
		if w.offset()-fed < next {
			return
		}
		fed += t.scanCSS(&cs, fed, w.offset(), false)
		w.hold = fed
		// A token longer than what was read is scanned again once the
		// text held has doubled: in time linear in the text in all.
		next = 2 * (w.offset() - fed)
	})
	t.scanCSS(&cs, fed, end, true)
	w.hold = -1
}

// scanCSS scans the style element text from document offset from to
// offset to with cs, hands the URLs it finds to the handler, and returns
// how many bytes of the text it consumed. The text's NULs are U+FFFD, as
// the tree builder makes them; its CRs stay, which CSS reads as the
// newlines they become.
func (t *tokenizer) scanCSS(cs *cssStream, from, to int64, final bool) int64 {
	w := t.w
	raw := w.bytes(from, to)
	text := string(raw)
	var nuls []int // the offsets in raw of its NULs
	if bytes.IndexByte(raw, 0) >= 0 {
		for i, c := range raw {
			if c == 0 {
				nuls = append(nuls, i)
			}
		}
		text = strings.ReplaceAll(text, "\x00", "\uFFFD")
	}
	// rawOffset maps an offset in text to one in raw, offsets asked
	// for in increasing order.
	n := 0
	rawOffset := func(k int) int {
		for n < len(nuls) && nuls[n]+2*n < k {
			n++
		}
		return k - 2*n
	}
	consumed := cs.scan(text, final, func(u cssURL) {
		off := from + int64(rawOffset(u.start))
		exact := u.exact && bytes.HasPrefix(w.bytes(off, to), []byte(u.url))
		t.h.styleURL(u.url, w.position(off), exact)
	})
	return int64(rawOffset(consumed))
}

// normalizeNewlines returns s with each CRLF and CR made LF and each NUL
// made U+FFFD, as the input stream and the tree builder give text.
func normalizeNewlines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\x00", "\uFFFD")
}

// rawText reads RAWTEXT or RCDATA up to the end tag of tag ("</" tag,
// then whitespace, "/" or ">"), and returns the offset where the end
// tag starts (the end of the document if there is none). The read
// position is left at the end tag's "<", for the data state to read.
// beforeFill, if not nil, is called before the window reads more, with
// the text up to the read position read.
func (t *tokenizer) rawText(tag *name, beforeFill func()) int64 {
	w := t.w
	for {
		j := bytes.IndexByte(w.buf[w.i:], '<')
		if j < 0 {
			w.i = len(w.buf)
			if beforeFill != nil {
				beforeFill()
			}
			if !w.fill(1) {
				return w.offset()
			}
			continue
		}
		w.i += j
		if t.atEndTag(tag) {
			return w.offset()
		}
		w.i++
	}
}

// atEndTag reports whether the read position is at an appropriate end
// tag of tag: "</", its name in any case, then whitespace, "/" or ">".
func (t *tokenizer) atEndTag(tag *name) bool {
	w := t.w
	n := tag.n
	if !w.fill(2 + n + 1) {
		return false
	}
	b := w.buf[w.i:]
	if b[0] != '<' || b[1] != '/' {
		return false
	}
	for i := 0; i < n; i++ {
		c := b[2+i]
		c = ascii.LowerByte(c)
		if c != tag.b[i] {
			return false
		}
	}
	c := b[2+n]
	return isSpace(c) || c == '/' || c == '>'
}

// scriptData reads a script element's text, through the script data
// states and their escaped and double-escaped forms ("<!--" and
// "<script" inside a script), and returns the offset where its end tag
// starts, leaving the read position there.
func (t *tokenizer) scriptData() int64 {
	w := t.w
	script := name{n: len("script")}
	copy(script.b[:], "script")
	const (
		plain = iota
		escaped
		doubleEscaped
	)
	state := plain
	dashes := 0 // dashes just read in the escaped states
	for {
		if state == plain {
			j := bytes.IndexByte(w.buf[w.i:], '<')
			if j < 0 {
				w.i = len(w.buf)
				if !w.fill(1) {
					return w.offset()
				}
				continue
			}
			w.i += j
			if t.atEndTag(&script) {
				return w.offset()
			}
			if t.hasPrefixFold("<!--") {
				// Script data escape start: the "--" can close it at
				// once ("<!-->").
				w.i += 4
				state, dashes = escaped, 2
				continue
			}
			w.i++
			continue
		}
		if !w.more() {
			return w.offset()
		}
		c := w.buf[w.i]
		switch {
		case c == '-':
			w.i++
			dashes++
			continue
		case c == '>' && dashes >= 2:
			w.i++
			state = plain
		case c == '<' && state == escaped:
			if t.atEndTag(&script) {
				return w.offset()
			}
			w.i++
			if t.atScriptName() {
				w.i += len("script")
				state = doubleEscaped
			}
		case c == '<' && state == doubleEscaped:
			w.i++
			if w.more() && w.buf[w.i] == '/' {
				w.i++
				if t.atScriptName() {
					w.i += len("script")
					state = escaped
				}
			}
		default:
			w.i++
		}
		dashes = 0
	}
}

// atScriptName reports whether "script" follows the read position, in
// any case, then whitespace, "/" or ">" (the double escape start and end
// states).
func (t *tokenizer) atScriptName() bool {
	w := t.w
	if !t.hasPrefixFold("script") || !w.fill(len("script")+1) {
		return false
	}
	c := w.buf[w.i+len("script")]
	return isSpace(c) || c == '/' || c == '>'
}

// leadingSpace returns how many bytes of ASCII whitespace s starts with.
func leadingSpace[S string | []byte](s S) int {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// trailingSpace returns how many bytes of ASCII whitespace s ends with.
func trailingSpace[S string | []byte](s S) int {
	i := len(s)
	for i > 0 && isSpace(s[i-1]) {
		i--
	}
	return len(s) - i
}

// simpleAttrValue reports whether the value of an attribute whose text is
// raw is raw with each "&amp;" made "&": whether raw holds no CR or NUL,
// which the tokenizer would convert or replace, and no character
// reference but "&amp;" (as query strings hold).
func simpleAttrValue(raw string) bool {
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\r', 0:
			return false
		case '&':
			if !strings.HasPrefix(raw[i:], "&amp;") {
				return false
			}
		}
	}
	return true
}

// simpleValue returns the value of an attribute whose text raw is
// simple (simpleAttrValue): raw with each "&amp;" made "&".
func simpleValue(raw string) string {
	const amp = "&amp;"
	n := strings.Count(raw, amp)
	if n == 0 {
		return raw
	}
	var b strings.Builder
	b.Grow(len(raw) - n*(len(amp)-1))
	for {
		i := strings.Index(raw, amp)
		if i < 0 {
			break
		}
		b.WriteString(raw[:i+1])
		raw = raw[i+len(amp):]
	}
	b.WriteString(raw)
	return b.String()
}
