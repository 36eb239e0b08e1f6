package links

// The reference extractor's reading of start tags, as x/net/html's
// Tokenizer reads them: the differential tests compare the extractor
// with it.

import (
	"bytes"
	"slices"
	"strings"

	"golang.org/x/net/html"

	url "github.com/weburl/url"
)

// asciiWhitespace is HTML's ASCII whitespace.
const asciiWhitespace = "\t\n\f\r "

// tagName returns the name of the tag whose raw text, after its "<" or
// "</", is raw: up to the first whitespace, "/" or ">", as x/net/html's
// Tokenizer reads it (before it lowers it).
func tagName(raw []byte) []byte {
	for i, c := range raw {
		switch c {
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			return raw[:i]
		}
	}
	return raw
}

// An attrSpan is where an attribute is in a start tag's raw text: its
// key raw[ks:ke] and its value raw[vs:ve].
type attrSpan struct{ ks, ke, vs, ve int }

// isHTMLSpace reports whether c is whitespace to x/net/html's readTag.
func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}

// appendAttrSpans appends to spans the attributes of the start tag raw
// ("<a href=x>") with a non-empty key, as x/net/html's Tokenizer's
// readTag reads them, all of them: the Tokenizer keeps only the first
// of each name (in ASCII lower case).
func appendAttrSpans(spans []attrSpan, raw []byte) []attrSpan {
	n := len(raw)
	i := 1
	skipSpace := func(i int) int {
		for i < n && isHTMLSpace(raw[i]) {
			i++
		}
		return i
	}
	// The tag name: its first byte is never a delimiter.
	for i++; i < n; {
		c := raw[i]
		i++
		if isHTMLSpace(c) {
			break
		}
		if c == '/' || c == '>' {
			i--
			break
		}
	}
	i = skipSpace(i)
	for i < n {
		if raw[i] == '>' {
			break
		}
		// The key.
		ks := i
		for i < n {
			c := raw[i]
			i++
			if c == '=' && ks+1 == i {
				continue
			}
			if c == '=' || isHTMLSpace(c) || c == '/' || c == '>' {
				i--
				break
			}
		}
		ke := i
		// The value.
		vs, ve := i, i
		i = skipSpace(i)
		switch {
		case i >= n:
		case raw[i] == '/':
			i++
		case raw[i] != '=':
		default:
			i = skipSpace(i + 1)
			if i >= n {
				break
			}
			q := raw[i]
			i++
			switch q {
			case '>':
				i--
			case '\'', '"':
				vs, ve = i, n
				if j := bytes.IndexByte(raw[i:], q); j >= 0 {
					ve = i + j
					i += j + 1
				} else {
					i = n
				}
			default:
				vs, ve = i-1, n
				for i < n {
					c := raw[i]
					if isHTMLSpace(c) {
						ve = i
						i++
						break
					}
					if c == '>' {
						ve = i
						break
					}
					i++
				}
			}
		}
		if ks != ke {
			spans = append(spans, attrSpan{ks, ke, vs, ve})
		}
		i = skipSpace(i)
	}
	return spans
}

// referenceLinks is ExtractLinks as it was written first, straight over
// x/net/html's TagName and TagAttr, every attribute decoded, and every
// position found by binary search: the differential tests compare the
// extractor, which reads the attributes from the tag's raw text when it
// can, with it.
func referenceLinks(doc []byte, documentURL string, validate bool) ([]Link, error) {
	docURL, err := url.Parse(documentURL)
	if err != nil {
		return nil, err
	}
	start := 0
	if bytes.HasPrefix(doc, []byte("\uFEFF")) {
		start = len("\uFEFF")
	}
	e := refScanner{doc: doc, lines: newLineIndex(string(doc)), baseIndex: -1}
	e.scan(start, len(doc))
	base := docURL
	if e.baseIndex >= 0 {
		if b, err := docURL.Parse(e.links[e.baseIndex].Raw); err == nil {
			base = b
		}
	}
	var (
		p   url.Parser
		log url.ValidationLog
	)
	if validate {
		p.OnValidationError = log.Add
	}
	for i := range e.links {
		l := &e.links[i]
		against := base
		if l.Tag == "base" {
			against = docURL
		}
		log = url.ValidationLog{}
		l.URL, l.Err = p.ParseRef(against, l.Raw)
		if l.Err != nil {
			l.URL = nil
		}
		if len(log.Errors) > 0 {
			l.ValidationErrors = log.Errors
			l.MoreValidationErrors = log.Total - len(log.Errors)
		}
	}
	return e.links, nil
}

type refScanner struct {
	doc       []byte
	lines     lineIndex
	links     []Link
	baseIndex int
}

func (e *refScanner) scan(from, to int) {
	z := html.NewTokenizer(bytes.NewReader(e.doc[from:to]))
	off := from
	template, noscript := 0, 0
	// The foreign content roots open (svg 's', math 'm') and the
	// integration points inside them (SVG 'i', MathML 'j').
	var stack []byte
	top := func() byte {
		if len(stack) == 0 {
			return 0
		}
		return stack[len(stack)-1]
	}
	foreign := func() bool { return top() == 's' || top() == 'm' }
	breakOut := func() {
		for foreign() {
			stack = stack[:len(stack)-1]
		}
	}
	mathIP := func(tag string) bool {
		return tag == "mi" || tag == "mo" || tag == "mn" || tag == "ms" || tag == "mtext"
	}
	styleDepth := -1 // the elements open in an SVG style element, or -1
	for {
		z.AllowCDATA(foreign())
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		raw := z.Raw()
		tokStart := off
		off += len(raw)
		switch tt {
		case html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if len(stack) > 0 {
				switch t := top(); {
				case styleDepth > 0:
					styleDepth--
					continue
				case styleDepth == 0 && tag == "style":
					styleDepth = -1
					continue
				case t == 'i':
					if tag == "foreignobject" || tag == "desc" || tag == "title" {
						stack = stack[:len(stack)-1]
						continue
					}
				case t == 'j':
					if mathIP(tag) || tag == "annotation-xml" {
						stack = stack[:len(stack)-1]
						continue
					}
				default:
					switch {
					case t == 's' && tag == "svg", t == 'm' && tag == "math":
						stack = stack[:len(stack)-1]
					case tag == "p" || tag == "br":
						breakOut()
						styleDepth = -1
					}
					continue
				}
			}
			if tag == "template" && template > 0 {
				template--
			}
			if tag == "noscript" && noscript > 0 {
				noscript--
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			isForeign := tag == "svg" || tag == "math"
			if foreign() {
				isForeign = !breaksOutOfForeign(tag)
			}
			if isForeign {
				z.NextIsNotRawText()
				svg := tag == "svg" && !foreign() || top() == 's'
				if styleDepth >= 0 && tt == html.StartTagToken {
					styleDepth++
				}
				if tt == html.StartTagToken {
					switch {
					case tag == "svg" && svg:
						stack = append(stack, 's')
					case tag == "math" && !foreign():
						stack = append(stack, 'm')
					case svg && (tag == "foreignobject" || tag == "desc" || tag == "title"):
						stack = append(stack, 'i')
					case !svg && mathIP(tag):
						stack = append(stack, 'j')
					case svg && tag == "style" && styleDepth < 0:
						styleDepth = 0
					}
				}
				if tag == "annotation-xml" && !svg && tt == html.StartTagToken {
					// An HTML integration point by its encoding.
					for more := hasAttr; more; {
						var k, v []byte
						k, v, more = z.TagAttr()
						if string(k) == "encoding" {
							if e := strings.ToLower(string(v)); e == "text/html" || e == "application/xhtml+xml" {
								stack = append(stack, 'j')
							}
							break
						}
					}
					continue
				}
				if hasAttr && svg {
					e.tag(svgTagName(tag), []string{"href", "xlink:href"}, z, raw, tokStart, true)
				}
				continue
			}
			if foreign() {
				breakOut()
				styleDepth = -1
			}
			switch tag {
			case "template":
				template++
			case "noscript":
				noscript++
				z.NextIsNotRawText()
			case "image":
				tag = "img"
			}
			wanted := refLinkAttrs[tag]
			if wanted == nil || !hasAttr {
				continue
			}
			e.tag(tag, wanted, z, raw, tokStart, template > 0 || noscript > 0)
		}
	}
}

var refLinkAttrs = map[string][]string{
	"a": {"href"}, "area": {"href"}, "link": {"href", "imagesrcset"}, "base": {"href"},
	"img": {"src", "srcset"}, "script": {"src"}, "iframe": {"src"}, "embed": {"src"},
	"audio": {"src"}, "video": {"src", "poster"}, "source": {"src", "srcset"}, "track": {"src"},
	"input": {"src", "formaction"}, "object": {"data"}, "form": {"action"}, "button": {"formaction"},
	"blockquote": {"cite"}, "q": {"cite"}, "del": {"cite"}, "ins": {"cite"}, "frame": {"src"},
	"body": {"background"}, "table": {"background"}, "td": {"background"}, "th": {"background"},
}

func (e *refScanner) tag(tag string, wanted []string, z *html.Tokenizer, raw []byte, tokStart int, inert bool) {
	type attr struct{ key, val string }
	var attrs []attr
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		a := attr{key: string(k), val: string(v)}
		attrs = append(attrs, a)
	}
	spans := attrValueSpans(raw)
	if len(spans) != len(attrs) {
		spans = nil
	}
	isImageInput := false
	if tag == "input" {
		for _, a := range attrs {
			if a.key == "type" && strings.EqualFold(strings.Trim(a.val, asciiWhitespace), "image") {
				isImageInput = true
			}
		}
	}
	for i, a := range attrs {
		if !slices.Contains(wanted, a.key) || (tag == "input" && a.key == "src" && !isImageInput) {
			continue
		}
		vstart, written := tokStart, ""
		if spans != nil {
			vstart += spans[i].vs
			written = string(raw[spans[i].vs:spans[i].ve])
		}
		exact := written == a.val
		if a.key == "srcset" || a.key == "imagesrcset" {
			for _, c := range srcsetCandidates(a.val) {
				at, cexact := vstart, exact
				if exact {
					at += c.start
				} else if spans != nil {
					// Where the candidate starts in the text: after
					// the longest text that decodes to the value
					// before it; exact when the text there is the URL.
					k := refPrefixLen(written, a.val[:c.start])
					at += k
					// and the text after it decodes to the value
					// after it.
					end := k + len(c.url)
					cexact = strings.HasPrefix(written[k:], c.url) &&
						decodeAttrValue(written[end:], refQuote(written)) == a.val[c.start+len(c.url):]
				}
				e.add(Link{Tag: tag, Attr: a.key, Raw: c.url, exact: cexact}, at)
			}
			continue
		}
		v := strings.TrimLeft(a.val, asciiWhitespace)
		lead := len(a.val) - len(v)
		v = strings.TrimRight(v, asciiWhitespace)
		if !exact {
			lead = len(written) - len(strings.TrimLeft(written, asciiWhitespace))
		}
		if tag == "base" && !inert && e.baseIndex < 0 {
			e.baseIndex = len(e.links)
		}
		e.add(Link{Tag: tag, Attr: a.key, Raw: v, exact: exact}, vstart+lead)
	}
}

func (e *refScanner) add(l Link, at int) {
	l.Offset = at
	l.Line, l.Col = e.lines.position(at)
	e.links = append(e.links, l)
}

// refPrefixLen returns the length of the longest prefix of written, an
// attribute value's text, that decodes to want.
func refPrefixLen(written, want string) int {
	q := refQuote(written)
	best := 0
	for k := 0; k <= len(written); k++ {
		if decodeAttrValue(written[:k], q) == want {
			best = k
		}
	}
	return best
}

// refQuote returns a quote that written, an attribute value's text, does
// not hold, or 0.
func refQuote(written string) byte {
	switch {
	case !strings.Contains(written, `"`):
		return '"'
	case !strings.Contains(written, "'"):
		return '\''
	}
	return 0
}
