package url

import (
	"bytes"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/net/html"
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
	URL *URL

	// Err is the *[Error] of a [Link.Raw] that does not parse, or nil.
	Err error

	// Position is where Raw starts in the document.
	Position

	// ValidationErrors are [Link.Raw]'s validation errors (the first
	// [MaxValidationErrors] of them; [Link.MoreValidationErrors] counts the
	// rest), filled only by a [LinkExtractor] with [LinkExtractor.Validate]
	// set. Their Offsets are byte offsets in Raw; [Link.PositionOf] maps
	// them to the document.
	ValidationErrors     []ValidationError
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
// offset in l.Raw, such as a [ValidationError]'s Offset. It is exact
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
// documentURL (an *[Error]); a link that fails to parse is not an
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
	doc, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	docURL, err := Parse(documentURL)
	if err != nil {
		return nil, err
	}
	start := 0
	if bytes.HasPrefix(doc, []byte("\uFEFF")) {
		start = len("\uFEFF")
	}
	e := linkScanner{doc: doc, lines: lineStarts(doc, start), baseIndex: -1}
	e.scan(start, len(doc), false, 0)

	base := docURL
	if e.baseIndex >= 0 {
		if b, err := docURL.Parse(e.links[e.baseIndex].Raw); err == nil {
			base = b
		}
	}
	var (
		p   Parser
		log ValidationLog
	)
	if x.Validate {
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
		log = ValidationLog{}
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

// linkScanner collects the links of a document, unresolved.
type linkScanner struct {
	doc   []byte
	lines []int // the offsets where the lines of doc start
	links []Link
	// baseIndex is the index in links of the href of the first base
	// element that counts, or -1.
	baseIndex int
}

// linkAttrs maps an element's name to its URL-valued attributes.
var linkAttrs = map[string][]string{
	"a":          {"href"},
	"area":       {"href"},
	"link":       {"href", "imagesrcset"},
	"base":       {"href"},
	"img":        {"src", "srcset"},
	"script":     {"src"},
	"iframe":     {"src"},
	"embed":      {"src"},
	"audio":      {"src"},
	"video":      {"src", "poster"},
	"source":     {"src", "srcset"},
	"track":      {"src"},
	"input":      {"src", "formaction"},
	"object":     {"data"},
	"form":       {"action"},
	"button":     {"formaction"},
	"blockquote": {"cite"},
	"q":          {"cite"},
	"del":        {"cite"},
	"ins":        {"cite"},
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
		switch tt {
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "template" && template > 0 {
				template--
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			if tag == "template" && tt == html.StartTagToken {
				template++
			}
			if tag == "noscript" && tt == html.StartTagToken && depth < 1 {
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
			wanted := linkAttrs[tag]
			if wanted == nil || !hasAttr {
				continue
			}
			e.tag(tag, wanted, z, raw, tokStart, inert || template > 0)
		}
	}
}

// tag collects the links of one start tag, whose raw text raw starts at
// offset tokStart of the document.
func (e *linkScanner) tag(tag string, wanted []string, z *html.Tokenizer, raw []byte, tokStart int, inert bool) {
	type attr struct{ key, val string }
	var attrs []attr
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		a := attr{key: string(k)}
		if a.key == "type" || slices.Contains(wanted, a.key) {
			a.val = string(v) // the others are not needed
		}
		attrs = append(attrs, a)
	}
	spans := attrValueSpans(raw)
	if len(spans) != len(attrs) {
		// Not expected: point every value at the tag.
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
		// Where the value is written in the document, and whether it
		// is written there as it is.
		vstart, written := tokStart, ""
		if spans != nil {
			vstart += spans[i][0]
			written = string(raw[spans[i][0]:spans[i][1]])
		}
		exact := written == a.val
		if a.key == "srcset" || a.key == "imagesrcset" {
			for _, c := range srcsetCandidates(a.val) {
				at := vstart
				if exact {
					at += c.start
				}
				e.add(Link{Tag: tag, Attr: a.key, Raw: c.url, exact: exact}, at)
			}
			continue
		}
		v := strings.TrimLeft(a.val, asciiWhitespace)
		lead := len(a.val) - len(v)
		v = strings.TrimRight(v, asciiWhitespace)
		if !exact {
			// Step over the whitespace as it is written.
			lead = len(written) - len(strings.TrimLeft(written, asciiWhitespace))
		}
		if tag == "base" && !inert && e.baseIndex < 0 {
			e.baseIndex = len(e.links)
		}
		e.add(Link{Tag: tag, Attr: a.key, Raw: v, exact: exact}, vstart+lead)
	}
}

// add appends l at offset at of the document.
func (e *linkScanner) add(l Link, at int) {
	l.Offset = at
	line := sort.SearchInts(e.lines, at+1) // the first line starting after at
	l.Line = line
	l.Col = at - e.lines[line-1] + 1
	e.links = append(e.links, l)
}

// asciiWhitespace is HTML's ASCII whitespace.
const asciiWhitespace = "\t\n\f\r "

// lineStarts returns the offsets where the lines of doc start, the
// first at start (after a byte order mark).
func lineStarts(doc []byte, start int) []int {
	lines := []int{start}
	for i := start; i < len(doc); i++ {
		switch doc[i] {
		case '\r':
			if i+1 < len(doc) && doc[i+1] == '\n' {
				continue
			}
			fallthrough
		case '\n':
			lines = append(lines, i+1)
		}
	}
	return lines
}

// attrValueSpans returns the bounds, in raw, of the value of each
// attribute of the start tag raw ("<a href=x>") that
// golang.org/x/net/html's Tokenizer returns, in its order: it reads the
// tag as the Tokenizer's readTag does, keeping, as it does, only the
// first attribute of each name. An attribute with no value has an
// empty span where its value would be.
func attrValueSpans(raw []byte) [][2]int {
	n := len(raw)
	i := 1
	isSpace := func(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }
	skipSpace := func() {
		for i < n && isSpace(raw[i]) {
			i++
		}
	}
	// The tag name: its first byte is never a delimiter.
	for i++; i < n; {
		c := raw[i]
		i++
		if isSpace(c) {
			break
		}
		if c == '/' || c == '>' {
			i--
			break
		}
	}
	skipSpace()
	var spans [][2]int
	seen := map[string]bool{}
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
			if c == '=' || isSpace(c) || c == '/' || c == '>' {
				i--
				break
			}
		}
		ke := i
		// The value.
		vs, ve := i, i
		func() {
			skipSpace()
			if i >= n {
				return
			}
			c := raw[i]
			i++
			if c == '/' {
				return
			}
			if c != '=' {
				i--
				return
			}
			skipSpace()
			if i >= n {
				return
			}
			q := raw[i]
			i++
			switch q {
			case '>':
				i--
				return
			case '\'', '"':
				vs = i
				for i < n {
					c := raw[i]
					i++
					if c == q {
						ve = i - 1
						return
					}
				}
				ve = i
			default:
				vs = i - 1
				for i < n {
					c := raw[i]
					i++
					if isSpace(c) {
						ve = i - 1
						return
					}
					if c == '>' {
						i--
						ve = i
						return
					}
				}
				ve = i
			}
		}()
		key := asciiLowercase(string(raw[ks:ke])) // as x/net/html lowers attribute names
		if ks != ke && !seen[key] {
			seen[key] = true
			spans = append(spans, [2]int{vs, ve})
		}
		skipSpace()
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
	var out []srcsetCandidate
	isSpace := func(c byte) bool { return strings.IndexByte(asciiWhitespace, c) >= 0 }
	pos := 0
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
		var descriptors []string
		if strings.HasSuffix(u, ",") {
			u = strings.TrimRight(u, ",")
		} else {
			// Tokenize the descriptors.
			for pos < len(s) && isSpace(s[pos]) {
				pos++
			}
			var cur []byte
			const (
				inDescriptor = iota
				inParens
				afterDescriptor
			)
			state := inDescriptor
		tokenize:
			for ; ; pos++ {
				if pos >= len(s) {
					if state != afterDescriptor && len(cur) > 0 {
						descriptors = append(descriptors, string(cur))
					}
					break
				}
				c := s[pos]
				switch state {
				case inDescriptor:
					switch {
					case isSpace(c):
						if len(cur) > 0 {
							descriptors = append(descriptors, string(cur))
							cur = cur[:0]
							state = afterDescriptor
						}
					case c == ',':
						pos++
						if len(cur) > 0 {
							descriptors = append(descriptors, string(cur))
						}
						break tokenize
					case c == '(':
						cur = append(cur, c)
						state = inParens
					default:
						cur = append(cur, c)
					}
				case inParens:
					cur = append(cur, c)
					if c == ')' {
						state = inDescriptor
					}
				case afterDescriptor:
					if !isSpace(c) {
						state = inDescriptor
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
