package links

// The scanner: what the tokenizer's tags mean for links. It tracks the
// few parts of the tree builder's state that decide what a tag is: SVG
// (foreign content) and its HTML integration points, template and
// noscript elements (a base element inside them does not set the
// document's base URL).

// A scanner turns the tokenizer's tags into found links, which it
// hands to add.
type scanner struct {
	add func(found)
	// addBytes is add with the link's raw in a []byte (valid during
	// the call only) in place of its raw field.
	addBytes func(found, []byte)

	template, noscript int // the template and noscript elements open
	svg                int // the svg elements open, in foreign content
	htmlInSVG          int // the HTML integration points open inside SVG
	baseSeen           bool
}

// foreign reports whether the tokenizer is in foreign content (SVG).
func (s *scanner) foreign() bool { return s.svg > 0 && s.htmlInSVG == 0 }

func (s *scanner) cdata() bool { return s.foreign() }

// tagIsForeign reports whether a start tag named tag makes an SVG
// element.
func (s *scanner) tagIsForeign(tag *name) bool {
	if s.foreign() {
		return tag.n > maxName || !breaksOutOfForeign(string(tag.b[:tag.n]))
	}
	return tag.is("svg")
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
		if id == attrHref || id == attrXlinkHref {
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
		tn := svgTagName(tag.String())
		switch {
		case tag.is("svg"):
			if !selfClosing {
				s.svg++
			}
		case tn == "foreignObject" || tn == "desc" || tn == "title":
			if !selfClosing {
				s.htmlInSVG++
			}
		}
		for _, a := range attrs {
			switch a.id {
			case attrStyle:
				s.css(tn, "style", a.val, a.start, a.exact)
			case attrHref, attrXlinkHref:
				s.url(tn, attrNames[a.id], svgKind(tn), a, false)
			}
		}
		return modeData, false
	}
	if s.foreign() {
		// A tag that breaks out of foreign content.
		s.svg, s.htmlInSVG = 0, 0
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
	var typ, rel, httpEquiv *attr
	for i := range attrs {
		switch attrs[i].id {
		case attrType:
			typ = &attrs[i]
		case attrRel:
			rel = &attrs[i]
		case attrHTTPEquiv:
			httpEquiv = &attrs[i]
		}
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
			s.css(tn, "style", a.val, a.start, a.exact)
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
		case attrType, attrRel, attrHTTPEquiv:
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
		s.addBytes(f, raw)
		return true
	})
}

// ping adds the URLs of a ping attribute: a set of space-separated
// tokens, each a URL.
func (s *scanner) ping(tag string, a attr) {
	v := a.val
	at := positionIn{p: a.start, text: v}
	for i := 0; i < len(v); {
		i += leadingSpace(v[i:])
		j := i
		for j < len(v) && !isSpace(v[j]) {
			j++
		}
		if j > i {
			p := a.start
			if a.exact {
				p = at.advance(i)
			}
			s.add(found{tag: tag, attr: "ping", kind: Reference, raw: v[i:j], pos: p, exact: a.exact})
		}
		i = j
	}
}

// refresh adds the URL of a meta element's refresh directive, if it has
// one.
func (s *scanner) refresh(a attr) {
	start, end, ok := refreshURL(a.val)
	if !ok {
		return
	}
	p := a.start
	if a.exact {
		p = advance(a.start, a.val, start)
	}
	s.add(found{tag: "meta", attr: "content", kind: Navigation, raw: a.val[start:end], pos: p, exact: a.exact})
}

// css adds the URLs of CSS text (a style element's or attribute's):
// url() and @import, to be parsed with UTF-8 whatever the document's
// encoding, as the CSS Working Group resolved (w3c/csswg-drafts#9301)
// and Firefox does.
func (s *scanner) css(tag, attrName, text string, start Position, exact bool) {
	at := positionIn{p: start, text: text}
	cssURLs(text, func(u cssURL) {
		p := start
		ex := exact && u.exact
		if ex {
			p = at.advance(u.start)
		}
		s.add(found{tag: tag, attr: attrName, kind: Subresource, raw: u.url, pos: p, exact: ex, utf8: true})
	})
}

func (s *scanner) styleURL(url string, pos Position, exact bool) {
	// Only style elements' text is asked for.
	s.add(found{tag: "style", kind: Subresource, raw: url, pos: pos, exact: exact, utf8: true})
}

func (s *scanner) endTag(tag *name) {
	if s.svg > 0 {
		if s.htmlInSVG > 0 {
			tn := svgTagName(tag.String())
			if tn == "foreignObject" || tn == "desc" || tn == "title" {
				s.htmlInSVG--
			}
			return
		}
		switch {
		case tag.is("svg"):
			s.svg--
		case tag.is("p"), tag.is("br"):
			s.svg = 0
		}
		return
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

// A positionIn finds the positions of offsets of a text written in the
// document from a position on, offsets asked for in increasing order,
// in time linear in the text in all.
type positionIn struct {
	p    Position // the position of text[k]
	text string
	k    int
}

// advance returns the position of text[k], k at least the last k.
func (pi *positionIn) advance(k int) Position {
	if k < pi.k {
		return advance(pi.p, pi.text[pi.k:], 0)
	}
	pi.p = advanceFrom(pi.p, pi.text, pi.k, k)
	pi.k = k
	return pi.p
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
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != t[i] {
			return false
		}
	}
	return true
}
