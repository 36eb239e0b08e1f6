package links

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	url "github.com/weburl/url"
)

// A Link is one URL an HTML document refers to, resolved as a browser
// resolves it, with where it is in the document.
type Link struct {
	// Tag and Attr are the element's and the attribute's names, in
	// lower case: "a" and "href", "img" and "srcset".
	Tag, Attr string

	// Raw is the URL as written: the attribute's value with its
	// character references decoded and its leading and trailing ASCII
	// whitespace removed (HTML's "valid URL potentially surrounded by
	// spaces"), or, for a srcset attribute, one image candidate's URL.
	Raw string

	// URL is [Link.Raw] parsed against the document's base URL, or nil when
	// that fails.
	URL *url.URL

	// Err is the *[url.Error] of a [Link.Raw] that does not parse, or nil.
	Err error

	// Position is where Raw starts in the document.
	Position

	// ValidationErrors are [Link.Raw]'s validation errors (the first
	// [url.MaxValidationErrors] of them; [Link.MoreValidationErrors] counts the
	// rest), filled only by a [LinkExtractor] with [LinkExtractor.Validate]
	// set. Their Offsets are byte offsets in Raw; [Link.PositionOf] maps
	// them to the document.
	ValidationErrors     []url.ValidationError
	MoreValidationErrors int

	// exact reports whether Raw is the document's bytes from Offset on,
	// unchanged, so that PositionOf can map any offset in it.
	exact bool
}

// A Position is a place in a document: a byte offset from the start of
// the file, and the line and column there, both from 1. Columns count
// bytes from the start of the line (as the Go tools do), not characters.
// Lines end at "\n", "\r\n" or a lone "\r", as HTML's newlines do. A
// UTF-8 byte order mark at the start of the file counts in [Position.Offset]
// but not in the columns of the first line.
type Position struct {
	Offset, Line, Col int
}

// String returns "LINE:COL".
func (p Position) String() string {
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// PositionOf returns the position in the document of the byte at
// offset in l.Raw, such as a [url.ValidationError]'s Offset. It is exact
// when [Link.Raw] is written in the document as it is; when the document's
// text differs from Raw (it holds a character reference such as
// "&amp;", or a "\r" that HTML turned into "\n"), the position of every
// offset is that of Raw's start, l.Position.
func (l *Link) PositionOf(offset int) Position {
	if !l.exact || offset <= 0 {
		return l.Position
	}
	offset = min(offset, len(l.Raw))
	p := l.Position
	p.Offset += offset
	lineStart := -1 // the offset in Raw where the last line began
	for i := 0; i < offset; i++ {
		switch l.Raw[i] {
		case '\r':
			if i+1 < len(l.Raw) && l.Raw[i+1] == '\n' {
				continue
			}
			fallthrough
		case '\n':
			p.Line++
			lineStart = i + 1
		}
	}
	if lineStart < 0 {
		p.Col += offset
	} else {
		p.Col = offset - lineStart + 1
	}
	return p
}

// A LinkExtractor extracts the links of HTML documents. Its zero value
// extracts them without validation, as [ExtractLinks] does.
type LinkExtractor struct {
	// Validate, if true, records each link's validation errors in
	// [Link.ValidationErrors]. When false, the parser does no work to
	// find them.
	Validate bool
}

// ExtractLinks returns the links of the HTML document read from r, in
// document order, each resolved against the document's base URL as a
// browser resolves it. documentURL is the URL the document was fetched
// from. It is LinkExtractor{}.Extract(r, documentURL); see
// [LinkExtractor.Extract].
func ExtractLinks(r io.Reader, documentURL string) ([]Link, error) {
	return LinkExtractor{}.Extract(r, documentURL)
}

// Extract returns the links of the HTML document read from r, in
// document order. The error is that of reading r or of parsing
// documentURL (an *[url.Error]); a link that fails to parse is not an
// error of Extract: it is returned with its [Link.Err] set.
//
// The document is tokenized as HTML (golang.org/x/net/html), so
// character references are decoded, attribute names are matched in any
// case, and the contents of script, style, textarea and title elements
// and of comments are not markup. The links are the URL-valued
// attributes of HTML elements:
//
//   - a, area, link and base: href
//   - img, script, iframe, embed, audio, video, source and track, and
//     input with type=image: src
//   - img and source: srcset, and link: imagesrcset; each image
//     candidate is one [Link] (the attribute is split as HTML's "parse a
//     srcset attribute" does: on commas and whitespace, descriptors
//     dropped; a candidate whose descriptors HTML rejects is skipped, as
//     browsers skip it)
//   - video: poster; object: data
//   - form: action; button and input: formaction
//   - blockquote, q, del and ins: cite
//
// An attribute present with an empty value is a link too: it resolves
// to the base URL, as it does in the browser.
//
// The base URL is HTML's document base URL: the frozen base URL of the
// first base element with an href attribute (its href parsed against
// documentURL; documentURL itself if that fails), wherever it is in the
// document, so it applies to the links before it as well; documentURL
// if there is none. A base element inside a template or noscript
// element does not count, since it is not an element of the document
// (the template's contents are not in the tree; a browser running
// scripts parses noscript's contents as text).
//
// Links inside template elements are returned, resolved against the
// document's base URL, as they resolve once the template is used.
// Links inside noscript elements are returned too: a link checker wants
// the links of readers without scripts.
//
// The document is read as UTF-8 (a byte order mark is skipped), and its
// links are parsed as in a UTF-8 document: a page in a legacy encoding
// should be converted first. Elements are recognized by name only, so
// an SVG a element's href is a link too; other SVG and MathML
// attributes (xlink:href, image href) and URLs outside attributes (CSS
// url(), meta refresh) are not extracted.
//
// The whole document is read into memory: the base URL may come after
// the links it applies to. Time and memory are linear in its size.
func (x LinkExtractor) Extract(r io.Reader, documentURL string) ([]Link, error) {
	doc, err := readDocument(r)
	if err != nil {
		return nil, err
	}
	docURL, err := url.Parse(documentURL)
	if err != nil {
		return nil, err
	}
	start := 0
	if bytes.HasPrefix(doc, []byte("\uFEFF")) {
		start = len("\uFEFF")
	}
	e := linkScanner{doc: doc, baseIndex: -1, start: start, lineStart: start, counted: start, line: 1}
	e.links = make([]Link, 0, estimateLinks(doc))
	e.scan(start, len(doc), false, 0)

	base := docURL
	if e.baseIndex >= 0 {
		if b, err := docURL.Parse(e.links[e.baseIndex].Raw); err == nil {
			base = b
		}
	}
	var p url.Parser
	var log *url.ValidationLog
	if x.Validate {
		log = new(url.ValidationLog)
		p.OnValidationError = log.Add
	}
	for i := range e.links {
		l := &e.links[i]
		against := base
		if l.Tag == "base" {
			// A base element's href (its frozen base URL) is parsed
			// against the document's fallback base URL.
			against = docURL
		}
		l.URL, l.Err = p.ParseRef(against, l.Raw)
		if l.Err != nil {
			l.URL = nil
		}
		if log != nil && len(log.Errors) > 0 {
			l.ValidationErrors = log.Errors
			l.MoreValidationErrors = log.Total - len(log.Errors)
			*log = url.ValidationLog{}
		}
	}
	return e.links, nil
}

// estimateLinks guesses how many links doc has, to size the slice of
// them at once: a Link is large, and growing the slice link by link
// costs as much as the rest of the scan of a page of many links. It
// counts the "=" that follow the name of a URL-valued attribute (a
// srcset counted as a few candidates), as fast as bytes.IndexByte finds
// the "=". The guess is bounded by a link per 32 bytes of the document
// (a page has one per 80 to 100), so that a document of "href=href=..."
// and no links costs at most four times its size.
func estimateLinks(doc []byte) int {
	n := 0
	for i := 0; ; i++ {
		j := bytes.IndexByte(doc[i:], '=')
		if j < 0 {
			break
		}
		i += j
		if i == 0 {
			continue
		}
		// The attribute's name, or its last 6 bytes.
		name := doc[max(0, i-6):i]
		switch c := name[len(name)-1] | 0x20; {
		case c == 'f' && hasSuffixFold(name, "href"),
			c == 'c' && hasSuffixFold(name, "src"),
			c == 'a' && hasSuffixFold(name, "data"),
			c == 'n' && hasSuffixFold(name, "action"),
			c == 'e' && hasSuffixFold(name, "cite"),
			c == 'r' && hasSuffixFold(name, "poster"):
			n++
		case c == 't' && hasSuffixFold(name, "srcset"):
			n += 3
		}
	}
	return min(n+n/8+4, len(doc)/32+4)
}

// hasSuffixFold reports whether b ends with s, which is in lower case,
// in any ASCII case.
func hasSuffixFold(b []byte, s string) bool {
	return len(b) >= len(s) && equalFoldASCII(b[len(b)-len(s):], s)
}

// readDocument reads r to its end, in one allocation when r is a
// strings.Reader, bytes.Reader or bytes.Buffer, which tell how much is
// left to read.
func readDocument(r io.Reader) ([]byte, error) {
	n := -1
	switch r := r.(type) {
	case *strings.Reader:
		n = r.Len()
	case *bytes.Reader:
		n = r.Len()
	case *bytes.Buffer:
		n = r.Len()
	}
	if n >= 0 {
		var b bytes.Buffer
		// ReadFrom wants MinRead bytes free to see the end.
		b.Grow(n + bytes.MinRead)
		_, err := b.ReadFrom(r)
		return b.Bytes(), err
	}
	return io.ReadAll(r)
}

// linkScanner collects the links of a document, unresolved.
type linkScanner struct {
	doc   []byte
	start int // the offset of the document's first byte after a byte order mark
	links []Link
	// baseIndex is the index in links of the href of the first base
	// element that counts, or -1.
	baseIndex int

	// The links come in document order, so the lines are counted once:
	// doc[:counted] has been counted, line is the line of offset counted
	// and lineStart the offset where it starts.
	counted, line, lineStart int

	// Buffers reused from tag to tag.
	spans []attrSpan
	cands []srcsetCandidate
}

// A linkTag is an element whose attributes hold links.
type linkTag struct {
	name  string   // in lower case
	attrs []string // its URL-valued attributes, in lower case
}

// linkTags are the elements whose attributes hold links, with their
// URL-valued attributes.
var linkTags = [...]linkTag{
	{"a", []string{"href"}},
	{"area", []string{"href"}},
	{"link", []string{"href", "imagesrcset"}},
	{"base", []string{"href"}},
	{"img", []string{"src", "srcset"}},
	{"script", []string{"src"}},
	{"iframe", []string{"src"}},
	{"embed", []string{"src"}},
	{"audio", []string{"src"}},
	{"video", []string{"src", "poster"}},
	{"source", []string{"src", "srcset"}},
	{"track", []string{"src"}},
	{"input", []string{"src", "formaction"}},
	{"object", []string{"data"}},
	{"form", []string{"action"}},
	{"button", []string{"formaction"}},
	{"blockquote", []string{"cite"}},
	{"q", []string{"cite"}},
	{"del", []string{"cite"}},
	{"ins", []string{"cite"}},
}

// maxLinkTagName is the length of the longest name in linkTags.
const maxLinkTagName = len("blockquote")

// linkTagOf returns the linkTag of an element's name as written in the
// document, in any case, or nil.
func linkTagOf(name []byte) *linkTag {
	if len(name) > maxLinkTagName {
		return nil
	}
	var buf [maxLinkTagName]byte
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	// A switch, which compiles to a search by length and bytes, not a
	// map: most tags of a page are not in the table, and this is asked
	// of every tag.
	i := 0
	switch string(buf[:len(name)]) {
	case "a":
		i = 0
	case "area":
		i = 1
	case "link":
		i = 2
	case "base":
		i = 3
	case "img":
		i = 4
	case "script":
		i = 5
	case "iframe":
		i = 6
	case "embed":
		i = 7
	case "audio":
		i = 8
	case "video":
		i = 9
	case "source":
		i = 10
	case "track":
		i = 11
	case "input":
		i = 12
	case "object":
		i = 13
	case "form":
		i = 14
	case "button":
		i = 15
	case "blockquote":
		i = 16
	case "q":
		i = 17
	case "del":
		i = 18
	case "ins":
		i = 19
	default:
		return nil
	}
	return &linkTags[i]
}

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

// equalFoldASCII reports whether b, in ASCII lower case, is s, which is
// in lower case: a name as x/net/html lowers it (ASCII letters only).
func equalFoldASCII(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

// scan tokenizes doc[from:to] and collects its links. inert is true
// inside a noscript element, whose base element would not count;
// depth is how deeply the call is nested in noscript elements.
func (e *linkScanner) scan(from, to int, inert bool, depth int) {
	z := html.NewTokenizer(bytes.NewReader(e.doc[from:to]))
	off := from
	template := 0 // the depth of template elements around the token
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		raw := z.Raw()
		tokStart := off
		off += len(raw)
		// The names are read from raw ("<name" or "</name"), which is
		// what the Tokenizer's TagName returns, lowered, without the copy.
		switch tt {
		case html.EndTagToken:
			if template > 0 && equalFoldASCII(tagName(raw[2:]), "template") {
				template--
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name := tagName(raw[1:])
			if tt == html.StartTagToken {
				if equalFoldASCII(name, "template") {
					template++
				}
				if depth < 1 && equalFoldASCII(name, "noscript") {
					// Its contents come as one text token; scan them as
					// markup, as a browser without scripts parses them.
					if z.Next() == html.TextToken {
						n := len(z.Raw())
						e.scan(off, off+n, true, depth+1)
						off += n
					} else {
						off += len(z.Raw())
					}
					continue
				}
			}
			if t := linkTagOf(name); t != nil {
				e.tag(t, z, raw, tokStart, inert || template > 0)
			}
		}
	}
}

// tag collects the links of one start tag, whose raw text raw starts at
// offset tokStart of the document. It finds the attributes in raw, as
// x/net/html's Tokenizer reads them: a value with no character
// reference but "&amp;", no CR and no NUL is its raw text with each
// "&amp;" made "&", and the others, which only the Tokenizer decodes as
// HTML does, are read from its TagAttr.
func (e *linkScanner) tag(t *linkTag, z *html.Tokenizer, raw []byte, tokStart int, inert bool) {
	e.spans = appendAttrSpans(e.spans[:0], raw)
	isInput := t.name == "input"
	// The first attribute of each wanted name, as the Tokenizer keeps
	// only the first: its index in e.spans, or -1.
	hits, typ := [2]int{-1, -1}, -1
	simple := true
	for i, s := range e.spans {
		key := raw[s.ks:s.ke]
		if isInput && typ < 0 && equalFoldASCII(key, "type") {
			typ = i
			simple = simple && simpleAttrValue(raw[s.vs:s.ve])
			continue
		}
		for j, w := range t.attrs {
			if hits[j] < 0 && equalFoldASCII(key, w) {
				hits[j] = i
				simple = simple && simpleAttrValue(raw[s.vs:s.ve])
				break
			}
		}
	}
	if hits[0] < 0 && hits[1] < 0 {
		return
	}
	// The values, each read once, as strings: the links' Raw are
	// substrings of them.
	var (
		vals         [2]string
		have         [2]bool
		unplaced     [2]bool // decoded but not found in raw: not expected
		isImageInput bool
	)
	if simple {
		for j, h := range hits {
			if h >= 0 {
				vals[j], have[j] = simpleValue(raw[e.spans[h].vs:e.spans[h].ve]), true
			}
		}
		if typ >= 0 {
			// An "&amp;" in it would make it other than "image" either way.
			isImageInput = isImageType(raw[e.spans[typ].vs:e.spans[typ].ve])
		}
	} else {
		for more := true; more; {
			var k, v []byte
			k, v, more = z.TagAttr()
			if isInput && string(k) == "type" {
				isImageInput = isImageType(v)
				continue
			}
			if j := slices.Index(t.attrs, string(k)); j >= 0 {
				vals[j], have[j], unplaced[j] = string(v), true, hits[j] < 0
			}
		}
	}
	// In the tag's order.
	order := [2]int{0, 1}
	if hits[0] > hits[1] && hits[1] >= 0 {
		order = [2]int{1, 0}
	}
	for _, j := range order[:len(t.attrs)] {
		if !have[j] {
			continue
		}
		attr := t.attrs[j]
		if isInput && attr == "src" && !isImageInput {
			continue
		}
		// Where the value is written in the document, and whether it
		// is written there as it is.
		vstart, written := tokStart, []byte(nil)
		if !unplaced[j] {
			s := e.spans[hits[j]]
			vstart, written = tokStart+s.vs, raw[s.vs:s.ve]
		}
		e.attr(t, attr, vals[j], written, vstart, inert)
	}
}

// isImageType reports whether an input element's type attribute value
// is "image".
func isImageType(v []byte) bool {
	v = v[leadingSpace(v):]
	return bytes.EqualFold(v[:len(v)-trailingSpace(v)], []byte("image"))
}

// attr collects the links of the value val of the attribute attr of a
// t element, written in the document as written from offset vstart.
func (e *linkScanner) attr(t *linkTag, attr, val string, written []byte, vstart int, inert bool) {
	exact := string(written) == val
	if attr == "srcset" || attr == "imagesrcset" {
		e.cands = appendSrcsetCandidates(e.cands[:0], val)
		for _, c := range e.cands {
			at := vstart
			if exact {
				at += c.start
			}
			e.add(Link{Tag: t.name, Attr: attr, Raw: c.url, exact: exact}, at)
		}
		return
	}
	lead := leadingSpace(val)
	v := val[lead:]
	v = v[:len(v)-trailingSpace(v)]
	if !exact {
		// Step over the whitespace as it is written.
		lead = leadingSpace(written)
	}
	if t.name == "base" && !inert && e.baseIndex < 0 {
		e.baseIndex = len(e.links)
	}
	e.add(Link{Tag: t.name, Attr: attr, Raw: v, exact: exact}, vstart+lead)
}

// leadingSpace returns how many bytes of ASCII whitespace s starts with.
func leadingSpace[S string | []byte](s S) int {
	i := 0
	for i < len(s) && isHTMLSpace(s[i]) {
		i++
	}
	return i
}

// trailingSpace returns how many bytes of ASCII whitespace s ends with.
func trailingSpace[S string | []byte](s S) int {
	i := len(s)
	for i > 0 && isHTMLSpace(s[i-1]) {
		i--
	}
	return len(s) - i
}

// simpleAttrValue reports whether the value x/net/html's Tokenizer
// returns for an attribute whose value's raw text is raw is raw with
// each "&amp;" made "&": whether raw holds no CR or NUL, which it would
// convert or replace, and no character reference but "&amp;" (as
// query strings hold), which it decodes as "&" wherever it is.
func simpleAttrValue(raw []byte) bool {
	for i, c := range raw {
		switch c {
		case '\r', 0:
			return false
		case '&':
			if !bytes.HasPrefix(raw[i:], []byte("&amp;")) {
				return false
			}
		}
	}
	return true
}

// simpleValue returns the value of an attribute whose value's raw text
// raw is simple (simpleAttrValue): raw with each "&amp;" made "&".
func simpleValue(raw []byte) string {
	amp := []byte("&amp;")
	n := bytes.Count(raw, amp)
	if n == 0 {
		return string(raw)
	}
	var b strings.Builder
	b.Grow(len(raw) - n*(len(amp)-1))
	for {
		i := bytes.Index(raw, amp)
		if i < 0 {
			break
		}
		b.Write(raw[:i+1])
		raw = raw[i+len(amp):]
	}
	b.Write(raw)
	return b.String()
}

// add appends l at offset at of the document. The lines are counted
// from the previous link's offset on, so that the positions cost one
// pass over the document in all.
func (e *linkScanner) add(l Link, at int) {
	if at < e.counted {
		// Not expected: the links come in document order. Count again
		// from the start.
		e.counted, e.line, e.lineStart = e.start, 1, e.start
	}
	doc := e.doc
	seg := doc[e.counted:at]
	if bytes.IndexByte(seg, '\r') < 0 {
		// No CR: the lines end at the LFs, which Count and
		// LastIndexByte find many bytes at a time.
		if n := bytes.Count(seg, []byte("\n")); n > 0 {
			e.line += n
			e.lineStart = e.counted + bytes.LastIndexByte(seg, '\n') + 1
		}
		seg = nil
	}
	for i := e.counted; i < e.counted+len(seg); i++ {
		switch doc[i] {
		case '\r':
			if i+1 < len(doc) && doc[i+1] == '\n' {
				continue
			}
			fallthrough
		case '\n':
			e.line++
			e.lineStart = i + 1
		}
	}
	e.counted = at
	l.Position = Position{Offset: at, Line: e.line, Col: at - e.lineStart + 1}
	e.links = append(e.links, l)
}

// asciiWhitespace is HTML's ASCII whitespace.
const asciiWhitespace = "\t\n\f\r "

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

// A srcsetCandidate is one image candidate's URL and its offset in the
// attribute's value.
type srcsetCandidate struct {
	url   string
	start int
}

// srcsetCandidates splits a srcset attribute's value into its image
// candidates' URLs as HTML's "parse a srcset attribute" does, skipping
// the candidates whose descriptors it rejects.
// https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute
func srcsetCandidates(s string) []srcsetCandidate {
	return appendSrcsetCandidates(nil, s)
}

// appendSrcsetCandidates appends the image candidates of the srcset
// value s to out, as srcsetCandidates returns them. Their URLs are
// substrings of s.
func appendSrcsetCandidates(out []srcsetCandidate, s string) []srcsetCandidate {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	pos := 0
	var buf [4]string
	for {
		// Splitting loop: skip whitespace and commas.
		for pos < len(s) && (isSpace(s[pos]) || s[pos] == ',') {
			pos++
		}
		if pos >= len(s) {
			return out
		}
		start := pos
		for pos < len(s) && !isSpace(s[pos]) {
			pos++
		}
		u := s[start:pos]
		descriptors := buf[:0]
		if strings.HasSuffix(u, ",") {
			u = strings.TrimRight(u, ",")
		} else {
			// Tokenize the descriptors. The current descriptor is
			// always a run of s: s[cur:pos].
			for pos < len(s) && isSpace(s[pos]) {
				pos++
			}
			cur := pos
			const (
				inDescriptor = iota
				inParens
				afterDescriptor
			)
			state := inDescriptor
		tokenize:
			for ; ; pos++ {
				if pos >= len(s) {
					if state != afterDescriptor && pos > cur {
						descriptors = append(descriptors, s[cur:pos])
					}
					break
				}
				c := s[pos]
				switch state {
				case inDescriptor:
					switch {
					case isSpace(c):
						if pos > cur {
							descriptors = append(descriptors, s[cur:pos])
							state = afterDescriptor
						}
						cur = pos + 1
					case c == ',':
						if pos > cur {
							descriptors = append(descriptors, s[cur:pos])
						}
						pos++
						break tokenize
					case c == '(':
						state = inParens
					}
				case inParens:
					if c == ')' {
						state = inDescriptor
					}
				case afterDescriptor:
					if !isSpace(c) {
						state = inDescriptor
						cur = pos
						pos--
					}
				}
			}
		}
		if validDescriptors(descriptors) {
			out = append(out, srcsetCandidate{u, start})
		}
	}
}

// validDescriptors reports whether HTML's srcset parser accepts an
// image candidate's descriptors (its step "descriptor parser").
func validDescriptors(ds []string) bool {
	var width, density, height bool
	for _, d := range ds {
		if d == "" {
			return false
		}
		v, last := d[:len(d)-1], d[len(d)-1]
		switch last {
		case 'w':
			if width || density || !validPositiveInteger(v) {
				return false
			}
			width = true
		case 'x':
			if width || density || height || !validFloat(v) || strings.HasPrefix(v, "-") {
				return false
			}
			density = true
		case 'h':
			if height || density || !validPositiveInteger(v) {
				return false
			}
			height = true
		default:
			return false
		}
	}
	return !height || width
}

// validPositiveInteger reports whether s is a valid non-negative integer
// (ASCII digits) greater than zero.
func validPositiveInteger(s string) bool {
	if s == "" {
		return false
	}
	nonzero := false
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		nonzero = nonzero || s[i] != '0'
	}
	return nonzero
}

// validFloat reports whether s is an HTML valid floating-point number:
// an optional "-", digits, "." and digits, or both, then an optional
// exponent.
func validFloat(s string) bool {
	i := 0
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
