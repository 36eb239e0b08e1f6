package links

import "github.com/weburl/url/internal/ascii"

// The elements and attributes that hold links, and what kind of link
// each is.

// An attrID names an attribute the extractor reads; it is a bit in a
// tag's set of attributes already met.
type attrID uint8

const (
	noAttr attrID = iota
	attrHref
	attrSrc
	attrSrcset
	attrImagesrcset
	attrPoster
	attrData
	attrAction
	attrFormaction
	attrCite
	attrPing
	attrBackground
	attrStyle
	attrXlinkHref
	// Attributes that decide whether or how another is a link.
	attrType
	attrRel
	attrHTTPEquiv
	attrContent
	attrEncoding // of MathML's annotation-xml
	attrCharset  // of meta
	numAttrs
)

// attrNames are the attributes' names, by id.
var attrNames = [numAttrs]string{
	noAttr:          "",
	attrHref:        "href",
	attrSrc:         "src",
	attrSrcset:      "srcset",
	attrImagesrcset: "imagesrcset",
	attrPoster:      "poster",
	attrData:        "data",
	attrAction:      "action",
	attrFormaction:  "formaction",
	attrCite:        "cite",
	attrPing:        "ping",
	attrBackground:  "background",
	attrStyle:       "style",
	attrXlinkHref:   "xlink:href",
	attrType:        "type",
	attrRel:         "rel",
	attrHTTPEquiv:   "http-equiv",
	attrContent:     "content",
	attrEncoding:    "encoding",
	attrCharset:     "charset",
}

// attrOf returns the id of an attribute's name, or noAttr.
func attrOf(nm *name) attrID {
	if nm.n > maxName {
		return noAttr
	}
	// A switch, which compiles to a search by length and bytes: this
	// is asked of every attribute of every element (for style).
	switch string(nm.b[:nm.n]) {
	case "href":
		return attrHref
	case "src":
		return attrSrc
	case "srcset":
		return attrSrcset
	case "imagesrcset":
		return attrImagesrcset
	case "poster":
		return attrPoster
	case "data":
		return attrData
	case "action":
		return attrAction
	case "formaction":
		return attrFormaction
	case "cite":
		return attrCite
	case "ping":
		return attrPing
	case "background":
		return attrBackground
	case "style":
		return attrStyle
	case "xlink:href":
		return attrXlinkHref
	case "type":
		return attrType
	case "rel":
		return attrRel
	case "http-equiv":
		return attrHTTPEquiv
	case "content":
		return attrContent
	case "encoding":
		return attrEncoding
	case "charset":
		return attrCharset
	}
	return noAttr
}

// An element is an HTML element whose attributes hold links: each of
// its URL-valued attributes with the kind of link it is (0 when it
// depends on another attribute), and the attributes that decide.
type element struct {
	name  string
	attrs []elemAttr
}

type elemAttr struct {
	id   attrID
	kind Kind
}

// htmlElements are the HTML elements whose attributes hold links. A
// style attribute, on any element, is read as CSS as well.
var htmlElements = [...]element{
	{"a", []elemAttr{{attrHref, Navigation}, {attrPing, Reference}}},
	{"area", []elemAttr{{attrHref, Navigation}, {attrPing, Reference}}},
	{"link", []elemAttr{{attrHref, 0}, {attrImagesrcset, Subresource}, {attrRel, 0}}},
	{"base", []elemAttr{{attrHref, Reference}}},
	{"img", []elemAttr{{attrSrc, Subresource}, {attrSrcset, Subresource}}},
	{"script", []elemAttr{{attrSrc, Subresource}}},
	{"iframe", []elemAttr{{attrSrc, Navigation}}},
	{"frame", []elemAttr{{attrSrc, Navigation}}},
	{"embed", []elemAttr{{attrSrc, Navigation}}},
	{"object", []elemAttr{{attrData, Navigation}}},
	{"audio", []elemAttr{{attrSrc, Subresource}}},
	{"video", []elemAttr{{attrSrc, Subresource}, {attrPoster, Subresource}}},
	{"source", []elemAttr{{attrSrc, Subresource}, {attrSrcset, Subresource}}},
	{"track", []elemAttr{{attrSrc, Subresource}}},
	{"input", []elemAttr{{attrSrc, Subresource}, {attrFormaction, Navigation}, {attrType, 0}}},
	{"form", []elemAttr{{attrAction, Navigation}}},
	{"button", []elemAttr{{attrFormaction, Navigation}}},
	{"blockquote", []elemAttr{{attrCite, Reference}}},
	{"q", []elemAttr{{attrCite, Reference}}},
	{"del", []elemAttr{{attrCite, Reference}}},
	{"ins", []elemAttr{{attrCite, Reference}}},
	{"body", []elemAttr{{attrBackground, Subresource}}},
	{"table", []elemAttr{{attrBackground, Subresource}}},
	{"td", []elemAttr{{attrBackground, Subresource}}},
	{"th", []elemAttr{{attrBackground, Subresource}}},
	{"meta", []elemAttr{{attrHTTPEquiv, 0}, {attrContent, 0}, {attrCharset, 0}}},
}

// htmlElementOf returns the HTML element named nm, or nil.
func htmlElementOf(nm *name) *element {
	if nm.n > maxName {
		return nil
	}
	s := string(nm.b[:nm.n])
	if s == "image" {
		// The tree builder makes an "image" start tag an img.
		s = "img"
	}
	for i := range htmlElements {
		if htmlElements[i].name == s {
			return &htmlElements[i]
		}
	}
	return nil
}

// kindOf returns the kind of the link in attribute id of e, or 0 when
// e does not have it as a link.
func (e *element) kindOf(id attrID) (Kind, bool) {
	for _, a := range e.attrs {
		if a.id == id {
			return a.kind, true
		}
	}
	return 0, false
}

// svgKind returns the kind of the link in an SVG element's href or
// xlink:href: a navigation for a, a subresource for the elements that
// load what they name (image, feImage, script, use), a reference for
// the rest (gradients, patterns, textPath, animations), which name a
// part of a document.
func svgKind(tag string) Kind {
	switch tag {
	case "a":
		return Navigation
	case "image", "feImage", "script", "use":
		return Subresource
	}
	return Reference
}

// svgTagNames are SVG element names in the case the tree builder gives
// them (it lowers every tag name, then restores these).
var svgTagNames = map[string]string{
	"feimage": "feImage", "textpath": "textPath", "lineargradient": "linearGradient",
	"radialgradient": "radialGradient", "foreignobject": "foreignObject", "clippath": "clipPath",
	"animatemotion": "animateMotion", "animatetransform": "animateTransform",
}

// svgTagName returns the SVG element name of the lowered tag name s.
func svgTagName(s string) string {
	if n, ok := svgTagNames[s]; ok {
		return n
	}
	return s
}

// linkRelKind returns the kind of a link element's href, from its rel
// attribute (space-separated keywords, in any case): a subresource for
// what the page loads (stylesheet, icon, preload, modulepreload,
// prefetch, manifest), a reference for connection hints (preconnect,
// dns-prefetch) and endpoints (pingback, webmention), a navigation
// otherwise (canonical, alternate, next, prev, author, ...).
func linkRelKind(rel string) Kind {
	kind := Navigation
	hints := 0
	n := 0
	for _, tok := range fieldsSpace(rel) {
		n++
		switch ascii.Lower(tok) {
		case "stylesheet", "icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon",
			"preload", "modulepreload", "prefetch", "manifest":
			return Subresource
		case "preconnect", "dns-prefetch", "pingback", "webmention":
			hints++
		}
	}
	if n > 0 && hints == n {
		kind = Reference
	}
	return kind
}

// fieldsSpace splits s on HTML's ASCII whitespace.
func fieldsSpace(s string) []string {
	var out []string
	for {
		s = s[leadingSpace(s):]
		if s == "" {
			return out
		}
		i := 0
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
}

// breakoutTags are the start tags that end foreign content (SVG) in the
// tree builder ("in foreign content", "A start tag whose tag name is one
// of ..."); font only with a color, face or size attribute, which this
// reader does not check: it ends it always.
func breaksOutOfForeign(s string) bool {
	switch s {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed",
		"h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr",
		"ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u",
		"ul", "var", "font":
		return true
	}
	return false
}
