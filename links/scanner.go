package links

// The scanner: what the tokenizer's tags mean for links. It tracks the
// few parts of the tree builder's state that decide what a tag is:
// foreign content (SVG and MathML) and its integration points, template
// and noscript elements (a base element inside them does not set the
// document's base URL), and an SVG style element's text, which is CSS.

import (
	"unicode/utf8"

	"github.com/weburl/url/internal/ascii"
)

// A scanner turns the tokenizer's tags into found links, which it
// hands to add.
type scanner struct {
	add func(found)
	// addBytes is add with the link's raw in a []byte (valid during
	// the call only) in place of its raw field.
	addBytes func(found, []byte)
	// charset, if not nil, is called with the encoding label a meta
	// element declares (its charset, or the charset in the content of
	// an http-equiv=content-type), and where the label is.
	charset func(label string, at Position)

	// kind is how the document was decoded, which positions inside a
	// value count in (see decodeKind.advanceFrom).
	kind decodeKind
	// max is the longest CSS token held (LinkExtractor.maxValue).
	max int

	template, noscript int // the template and noscript elements open
	// foreignStack holds the foreign content roots open (svg 's', math
	// 'm') and the integration points open inside them (SVG's
	// foreignObject, desc and title 'i', MathML's text integration
	// points and annotation-xml with an HTML encoding 'j'), innermost
	// last: the tokenizer is in foreign content when the last is a root.
	foreignStack []byte
	baseSeen     bool

	// svgStyle is the text of the SVG style element open, if any
	// (styleOpen), as the tokenizer hands it over; styleDepth counts the
	// elements open inside it, whose text is not its own.
	styleOpen  bool
	styleDepth int
	svgStyle   cssText
}

// foreign reports whether the tokenizer is in foreign content (SVG or
// MathML).
func (s *scanner) foreign() bool {
	n := len(s.foreignStack)
	return n > 0 && (s.foreignStack[n-1] == 's' || s.foreignStack[n-1] == 'm')
}

// inSVG reports whether foreign content is SVG (not MathML).
func (s *scanner) inSVG() bool {
	return s.foreign() && s.foreignStack[len(s.foreignStack)-1] == 's'
}

func (s *scanner) cdata() bool { return s.foreign() }

// tagIsForeign reports whether a start tag named tag makes an SVG or
// MathML element.
func (s *scanner) tagIsForeign(tag *name) bool {
	if s.foreign() {
		return tag.n > maxName || !breaksOutOfForeign(string(tag.b[:tag.n]))
	}
	return tag.is("svg") || tag.is("math")
}

// breakOut closes the foreign elements open up to the innermost
// integration point, as a tag that breaks out of foreign content does.
func (s *scanner) breakOut() {
	for s.foreign() {
		s.foreignStack = s.foreignStack[:len(s.foreignStack)-1]
	}
	s.endSVGStyle()
}

// isMathMLIntegrationPoint reports whether tag is a MathML text
// integration point (mi, mo, mn, ms, mtext).
func isMathMLIntegrationPoint(tag *name) bool {
	return tag.is("mi") || tag.is("mo") || tag.is("mn") || tag.is("ms") || tag.is("mtext")
}

func (s *scanner) attrID(tag, nm *name) attrID {
	id := attrOf(nm)
	switch id {
	case noAttr:
		return noAttr
	case attrStyle:
		return id
	}
	if s.tagIsForeign(tag) {
		switch {
		case (id == attrHref || id == attrXlinkHref) && (tag.is("svg") || s.inSVG()):
			return id
		case id == attrEncoding && tag.is("annotation-xml"):
			return id
		}
		return noAttr
	}
	e := htmlElementOf(tag)
	if e == nil {
		return noAttr
	}
	if _, ok := e.kindOf(id); ok {
		return id
	}
	return noAttr
}

func (s *scanner) startTag(tag *name, selfClosing bool, attrs []attr, tagStart int64) (textMode, bool) {
	if s.tagIsForeign(tag) {
		svg := tag.is("svg") && !s.foreign() || s.inSVG()
		tn := tag.String()
		if svg {
			tn = svgTagName(tn)
		}
		if s.styleOpen && !selfClosing {
			s.styleDepth++
		}
		if !selfClosing {
			switch {
			case tag.is("svg") && svg:
				s.foreignStack = append(s.foreignStack, 's')
			case tag.is("math") && !s.foreign():
				s.foreignStack = append(s.foreignStack, 'm')
			case svg && (tn == "foreignObject" || tn == "desc" || tn == "title"):
				s.foreignStack = append(s.foreignStack, 'i')
			case !svg && isMathMLIntegrationPoint(tag):
				s.foreignStack = append(s.foreignStack, 'j')
			case !svg && tag.is("annotation-xml") && htmlEncoding(attrs):
				s.foreignStack = append(s.foreignStack, 'j')
			case svg && tn == "style" && !s.styleOpen:
				s.styleOpen, s.styleDepth = true, 0
				s.svgStyle = cssText{kind: s.kind, cs: cssStream{max: s.max}}
			}
		}
		for _, a := range attrs {
			switch a.id {
			case attrStyle:
				s.styleAttr(tn, &a)
			case attrHref, attrXlinkHref:
				s.url(tn, attrNames[a.id], svgKind(tn), a, false)
			}
		}
		return modeData, false
	}
	if s.foreign() {
		// A tag that breaks out of foreign content.
		s.breakOut()
	}
	// The self-closing flag of an HTML element that is not void is
	// ignored: "<template/>" opens a template.
	switch {
	case tag.is("template"):
		s.template++
	case tag.is("noscript"):
		s.noscript++
	}
	if len(attrs) > 0 {
		s.htmlLinks(tag, attrs)
	}
	switch {
	case tag.is("style"):
		return modeRawText, true
	case tag.is("xmp"), tag.is("iframe"), tag.is("noembed"), tag.is("noframes"):
		return modeRawText, false
	case tag.is("textarea"), tag.is("title"):
		return modeRCDATA, false
	case tag.is("script"):
		return modeScript, false
	case tag.is("plaintext"):
		return modePlaintext, false
	}
	// noscript is read as markup: as a browser without scripts reads it,
	// which is what a link checker wants.
	return modeData, false
}

// htmlLinks finds the links in the attributes of an HTML element.
func (s *scanner) htmlLinks(tag *name, attrs []attr) {
	e := htmlElementOf(tag)
	var typ, rel, httpEquiv, content, charset *attr
	for i := range attrs {
		switch attrs[i].id {
		case attrType:
			typ = &attrs[i]
		case attrRel:
			rel = &attrs[i]
		case attrHTTPEquiv:
			httpEquiv = &attrs[i]
		case attrContent:
			content = &attrs[i]
		case attrCharset:
			charset = &attrs[i]
		}
	}
	if e != nil && e.name == "meta" && s.charset != nil {
		s.metaCharset(charset, httpEquiv, content)
	}
	tn := ""
	if e != nil {
		tn = e.name
	}
	for _, a := range attrs {
		if a.id == attrStyle {
			if tn == "" {
				tn = tag.String()
			}
			s.styleAttr(tn, &a)
			continue
		}
		if e == nil {
			continue
		}
		kind, ok := e.kindOf(a.id)
		if !ok {
			continue
		}
		switch a.id {
		case attrType, attrRel, attrHTTPEquiv, attrCharset:
			continue
		case attrContent:
			if httpEquiv != nil && equalFoldASCII(httpEquiv.val, "refresh") {
				s.refresh(a)
			}
			continue
		case attrSrc:
			if e.name == "input" && (typ == nil || !isImageType(typ.val)) {
				continue
			}
		case attrHref:
			if e.name == "link" {
				kind = Navigation
				if rel != nil {
					kind = linkRelKind(rel.val)
				}
			}
		case attrSrcset, attrImagesrcset:
			s.srcset(e.name, attrNames[a.id], kind, &a)
			continue
		case attrPing:
			s.ping(e.name, a)
			continue
		}
		base := e.name == "base" && !s.baseSeen && s.template == 0 && s.noscript == 0
		if base {
			s.baseSeen = true
		}
		s.url(e.name, attrNames[a.id], kind, a, base)
	}
}

// metaCharset reports the encoding a meta element declares, as the tree
// builder reads it ("in head", a meta start tag): its charset if that is
// a label, else the charset in its content when its http-equiv is
// content-type.
func (s *scanner) metaCharset(charset, httpEquiv, content *attr) {
	if charset != nil {
		if l := lookup(charset.val, 0); l.enc != nil {
			s.charset(charset.val, charset.start)
			return
		}
	}
	if httpEquiv != nil && content != nil && equalFoldASCII(httpEquiv.val, "content-type") {
		if label, ok := charsetFromContent(content.val); ok && lookup(label, 0).enc != nil {
			s.charset(label, content.start)
		}
	}
}

// url adds the link of an attribute whose value is a URL "potentially
// surrounded by spaces".
func (s *scanner) url(tag, attrName string, kind Kind, a attr, base bool) {
	v := a.val[leadingSpace(a.val):]
	v = v[:len(v)-trailingSpace(v)]
	s.add(found{tag: tag, attr: attrName, kind: kind, raw: v, pos: a.at, exact: a.exact, base: base})
}

// srcset adds the image candidates of a srcset or imagesrcset value,
// which the tokenizer parsed as it read it (see tokenizer.srcsetValue).
func (s *scanner) srcset(tag, attrName string, kind Kind, a *attr) {
	a.cands.drainBytes(func(f found, raw []byte) bool {
		f.tag, f.attr, f.kind = tag, attrName, kind
		if raw == nil {
			s.add(f) // a long URL, in f.raw
		} else {
			s.addBytes(f, raw)
		}
		return true
	})
}

// ping adds the URLs of a ping attribute: a set of space-separated
// tokens, each a URL.
func (s *scanner) ping(tag string, a attr) {
	v := a.val
	at := positionIn{p: a.start, text: v, kind: s.kind, ok: true}
	for i := 0; i < len(v); {
		i += leadingSpace(v[i:])
		j := i
		for j < len(v) && !isSpace(v[j]) {
			j++
		}
		if j > i {
			p, exact := a.start, a.exact
			if exact {
				p, exact = at.advance(i)
			}
			s.add(found{tag: tag, attr: "ping", kind: Reference, raw: v[i:j], pos: p, exact: exact})
		}
		i = j
	}
}

// refresh adds the URL of a meta element's refresh directive, if it has
// one.
func (s *scanner) refresh(a attr) {
	if a.val == tooLongRaw {
		s.add(found{tag: "meta", attr: "content", kind: Navigation, raw: tooLongRaw, pos: a.start})
		return
	}
	start, end, ok := refreshURL(a.val)
	if !ok {
		return
	}
	p, exact := a.start, a.exact
	if exact {
		p, exact = s.kind.advanceFrom(a.start, a.val, 0, start)
	}
	s.add(found{tag: "meta", attr: "content", kind: Navigation, raw: a.val[start:end], pos: p, exact: exact})
}

// styleAttr adds the URLs of a style attribute's CSS, which the
// tokenizer found as it read it (see tokenizer.streamedValue): url()
// and @import, to be parsed with UTF-8 whatever the document's
// encoding, as the CSS Working Group resolved (w3c/csswg-drafts#9301)
// and Firefox does.
func (s *scanner) styleAttr(tag string, a *attr) {
	a.cands.drainBytes(func(f found, raw []byte) bool {
		f.tag, f.attr, f.kind, f.utf8 = tag, "style", Subresource, true
		if raw == nil {
			s.add(f) // a long URL, in f.raw
		} else {
			s.addBytes(f, raw)
		}
		return true
	})
}

func (s *scanner) endTag(tag *name) {
	if n := len(s.foreignStack); n > 0 {
		switch top := s.foreignStack[n-1]; {
		case s.styleOpen && s.styleDepth > 0:
			s.styleDepth--
			return
		case s.styleOpen && tag.is("style"):
			s.endSVGStyle()
			return
		case top == 'i':
			if tn := svgTagName(tag.String()); tn == "foreignObject" || tn == "desc" || tn == "title" {
				s.foreignStack = s.foreignStack[:n-1]
				return
			}
		case top == 'j':
			if isMathMLIntegrationPoint(tag) || tag.is("annotation-xml") {
				s.foreignStack = s.foreignStack[:n-1]
				return
			}
		default: // in foreign content
			switch {
			case top == 's' && tag.is("svg"), top == 'm' && tag.is("math"):
				s.foreignStack = s.foreignStack[:n-1]
			case tag.is("p"), tag.is("br"):
				s.breakOut()
			}
			return
		}
	}
	switch {
	case tag.is("template"):
		if s.template > 0 {
			s.template--
		}
	case tag.is("noscript"):
		if s.noscript > 0 {
			s.noscript--
		}
	}
}

// htmlEncoding reports whether a MathML annotation-xml element's
// attributes make it an HTML integration point: an encoding of
// text/html or application/xhtml+xml, in any case.
func htmlEncoding(attrs []attr) bool {
	for _, a := range attrs {
		if a.id == attrEncoding {
			return equalFoldASCII(a.val, "text/html") || equalFoldASCII(a.val, "application/xhtml+xml")
		}
	}
	return false
}

// wantData reports whether the tokenizer is to hand the text between
// tags to data: inside an SVG style element, its own text.
func (s *scanner) wantData() bool { return s.styleOpen && s.styleDepth == 0 }

// data takes the next piece of an SVG style element's text: text
// decoded as HTML's data state decodes it (character references, CRs
// and NULs; exact when it is the document's text as it is).
func (s *scanner) data(text string, pl placer) {
	splitForSource(s.kind, text, pl, func(text string, pos Position, exact bool) {
		s.svgStyle.add(text, pos, exact, s.styleURL)
	})
}

// splitForSource hands text, decoded from a document of kind and placed
// by pl, to add, with its position; but in a document whose characters' lengths in the source are
// not known from the text (a multi-byte encoding), text as it is, cut
// where ASCII starts and ends (in a stateful encoding, ISO-2022-JP,
// between characters), each piece placed in the source, so that an
// ASCII URL after non-ASCII CSS is placed exactly.
func splitForSource(kind decodeKind, text string, pl placer, add func(string, Position, bool)) {
	if !pl.exact || kind != multiByte && kind != stateful {
		add(text, pl.at(0), pl.exact)
		return
	}
	for i := 0; i < len(text); {
		j := i + 1
		for kind == multiByte && j < len(text) && (text[j] < 0x80) == (text[i] < 0x80) {
			j++
		}
		if kind == stateful {
			// An escape sequence may come between any two characters:
			// each is placed in the source.
			_, n := utf8.DecodeRuneInString(text[i:])
			j = i + n
		}
		add(text[i:j], pl.at(i), true)
		i = j
	}
}

// endSVGStyle finds the last URLs of the SVG style element's CSS, if
// one is open, and closes it.
func (s *scanner) endSVGStyle() {
	if !s.styleOpen {
		return
	}
	s.styleOpen = false
	s.svgStyle.scan(true, s.styleURL)
	s.svgStyle = cssText{}
}

// end ends the document: an SVG style element still open ends there.
func (s *scanner) end() { s.endSVGStyle() }

// A cssText is CSS text handed over in pieces, each with where it is in
// the document, whose URLs it finds as it goes: it keeps only the text
// its cssStream has not consumed.
type cssText struct {
	kind   decodeKind // how the document was decoded
	cs     cssStream
	text   []byte     // the text not consumed yet
	pieces []cssPiece // where the parts of text are
	next   int        // how much text to have before scanning again
}

type cssPiece struct {
	start int // in text
	pos   Position
	exact bool
}

// reset makes c ready for new text from a document of kind, whose
// tokens may be max bytes long, keeping its buffers.
func (c *cssText) reset(kind decodeKind, max int) {
	*c = cssText{kind: kind, cs: cssStream{max: max}, text: c.text[:0], pieces: c.pieces[:0]}
}

// add appends a piece of text at pos and calls f with the URLs found.
func (c *cssText) add(text string, pos Position, exact bool, f func(string, Position, bool)) {
	if text == "" {
		return
	}
	c.pieces = append(c.pieces, cssPiece{len(c.text), pos, exact})
	c.text = append(c.text, text...)
	if len(c.text) >= c.next {
		c.scan(false, f)
	}
}

// scan calls f with each URL of the text (up to the last token the next
// text could change, unless final), at its position: exact when the URL
// is in one piece written as it is, else at the start of the piece it
// starts in. A token longer than the text is scanned again once the text
// has doubled: in time linear in the text in all.
func (c *cssText) scan(final bool, f func(url string, pos Position, exact bool)) {
	text := string(c.text)
	k := 0 // the piece of the last URL
	end := func(k int) int {
		if k+1 < len(c.pieces) {
			return c.pieces[k+1].start
		}
		return len(text)
	}
	// The position of the last URL placed exactly, and its offset in its
	// piece (at, -1 for none in piece k yet): the next URL of the same
	// piece is placed from there, not from the piece's start, in time
	// linear in the piece's text, not in the square of its URLs.
	at, atPos := -1, Position{}
	n := c.cs.scan(text, final, func(u cssURL) {
		for k+1 < len(c.pieces) && c.pieces[k+1].start <= u.start {
			k++
			at = -1
		}
		p := c.pieces[k]
		if e := end(k); p.exact && u.exact && u.start+len(u.url) <= e {
			from, fromPos := 0, p.pos
			if at >= 0 && at <= u.start-p.start {
				from, fromPos = at, atPos
			}
			if pos, ok := c.kind.advanceFrom(fromPos, text[p.start:e], from, u.start-p.start); ok {
				at, atPos = u.start-p.start, pos
				f(u.url, pos, true)
				return
			}
		}
		f(u.url, p.pos, false)
	})
	// Let go of the text consumed, and of its pieces.
	k = 0
	for k+1 < len(c.pieces) && c.pieces[k+1].start <= n {
		k++
	}
	if k < len(c.pieces) {
		p := &c.pieces[k]
		if p.exact && n > p.start {
			p.pos, p.exact = c.kind.advanceFrom(p.pos, text[p.start:end(k)], 0, n-p.start)
		}
		p.start = n
	}
	c.pieces = c.pieces[:copy(c.pieces, c.pieces[k:])]
	for i := range c.pieces {
		c.pieces[i].start -= n
	}
	c.text = c.text[:copy(c.text, c.text[n:])]
	c.next = 2 * len(c.text)
}

// styleURL adds a URL of a style element's CSS.
func (s *scanner) styleURL(url string, pos Position, exact bool) {
	s.add(found{tag: "style", kind: Subresource, raw: url, pos: pos, exact: exact, utf8: true})
}

// A positionIn finds the positions of offsets of a text written in the
// document from a position on, offsets asked for in increasing order,
// in time linear in the text in all, in a document decoded from kind.
type positionIn struct {
	p    Position // the position of text[k]
	text string
	k    int
	kind decodeKind
	ok   bool // whether p is known (see decodeKind.advanceFrom)
}

// advance returns the position of text[k], k at least the last k, and
// whether it is known (if not, the last position known before it).
func (pi *positionIn) advance(k int) (Position, bool) {
	if !pi.ok || k < pi.k {
		return pi.p, pi.ok
	}
	pi.p, pi.ok = pi.kind.advanceFrom(pi.p, pi.text, pi.k, k)
	pi.k = k
	return pi.p, pi.ok
}

// advanceFrom returns the position of text[k], given p, that of
// text[from].
func advanceFrom(p Position, text string, from, k int) Position {
	k = min(k, len(text))
	p.Offset += k - from
	for i := from; i < k; i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				p.Col++
				continue
			}
			fallthrough
		case '\n':
			p.Line++
			p.Col = 0
		}
		p.Col++
	}
	return p
}

// advance returns the position of the byte at offset k of text, which
// is written in the document from p on.
func advance(p Position, text string, k int) Position {
	k = min(k, len(text))
	p.Offset += k
	lineStart := -1
	for i := 0; i < k; i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				continue
			}
			fallthrough
		case '\n':
			p.Line++
			lineStart = i + 1
		}
	}
	if lineStart < 0 {
		p.Col += k
	} else {
		p.Col = k - lineStart + 1
	}
	return p
}

// isImageType reports whether an input element's type attribute value
// is "image".
func isImageType(v string) bool {
	v = v[leadingSpace(v):]
	return equalFoldASCII(v[:len(v)-trailingSpace(v)], "image")
}

// equalFoldASCII reports whether s, in ASCII lower case, is t, which is
// in lower case.
func equalFoldASCII(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		c = ascii.LowerByte(c)
		if c != t[i] {
			return false
		}
	}
	return true
}
