package links

import (
	"bytes"
	"errors"
	"io"
	"iter"
	"strconv"

	"golang.org/x/text/encoding"

	url "github.com/weburl/url"
)

// A Link is one URL an HTML document refers to, resolved as a browser
// resolves it, with where it is in the document.
type Link struct {
	// Tag and Attr are the element's and the attribute's names, in
	// lower case ("a" and "href", "img" and "srcset"), but SVG element
	// names, in the case the HTML parser gives them ("feImage"). A URL
	// in a style element's CSS has Tag "style" and Attr "", one in a
	// style attribute's has Attr "style", and a meta refresh's URL has
	// Tag "meta" and Attr "content". An element name of more than 64
	// bytes is cut to its first 64.
	Tag, Attr string

	// Kind is what a browser does with the link: navigate to it, load
	// it with the page, or neither.
	Kind Kind

	// exact reports whether Raw is the document's bytes from Offset on,
	// unchanged, so that PositionOf can map any offset in it. (Beside
	// Kind, so that the two share a word: a Link is 136 bytes.)
	exact bool

	// Raw is the URL as written: the attribute's value with its
	// character references decoded and its leading and trailing ASCII
	// whitespace removed (HTML's "valid URL potentially surrounded by
	// spaces"), or, for a srcset attribute, one image candidate's URL;
	// for ping, one of its space-separated URLs; for a meta refresh, the
	// URL HTML's refresh parsing finds in content; in CSS, the value of a
	// url() or of @import's string, CSS escapes decoded.
	Raw string

	// URL is [Link.Raw] parsed against the document's base URL, with the
	// document's encoding (its output encoding: a non-ASCII query is
	// percent-encoded as the page's encoding writes it, as browsers do;
	// but a URL in CSS is parsed with UTF-8, as the CSS Working Group
	// resolved and Firefox does), or nil when that fails.
	URL *url.URL

	// Err is the *[url.Error] of a [Link.Raw] that does not parse, a
	// *[ValueTooLongError] when the link's text is longer than
	// [LinkExtractor.MaxValueBytes] (Raw is then empty), or nil.
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
}

// A Position is a place in a document: a byte offset from the start of
// the file, and the line and column there, both from 1. Columns count
// bytes from the start of the line (as the Go tools do), not characters.
// Lines end at "\n", "\r\n" or a lone "\r", as HTML's newlines do. A
// byte order mark at the start of the file counts in [Position.Offset]
// but not in the columns of the first line. In a document in another
// encoding than UTF-8 (Shift_JIS, windows-1252, UTF-16, ...), offsets
// and columns count the bytes of the file as served, not of its UTF-8
// decoding: a crawler can seek to them. (Inside a value the extractor
// reads whole, a ping or a meta refresh's content, in ISO-2022-JP,
// whose escape sequences the decoded text does not show, a URL after
// the value's start is placed at the value's start.)
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
// "&amp;", or a "\r" that HTML turned into "\n"; or the document is in
// another encoding than UTF-8 and Raw is not ASCII, or is in UTF-16 or
// ISO-2022-JP), the position of every offset is that of Raw's start,
// l.Position. A nil *Link has the zero Position.
func (l *Link) PositionOf(offset int) Position {
	if l == nil {
		return Position{}
	}
	if !l.exact || offset <= 0 {
		return l.Position
	}
	return advance(l.Position, l.Raw, offset)
}

// A Kind is what a browser does with a link.
type Kind uint8

const (
	// Navigation is a link a browser navigates to, a page of its own:
	// a and area href, form action, button and input formaction, a
	// meta refresh, an SVG a's href, and what Fetch calls navigation
	// requests, iframe and frame src, embed src and object data; link
	// href with rel canonical, alternate, next, prev and the like. A
	// crawler follows these.
	Navigation Kind = iota + 1
	// Subresource is a link the browser loads as part of the page: img,
	// script, audio, video, source, track and input type=image src,
	// srcset and imagesrcset, video poster, background, link href with
	// rel stylesheet, icon, preload, prefetch, modulepreload or
	// manifest, SVG image, feImage, script and use href, CSS url() and
	// @import. A link checker checks these.
	Subresource
	// Reference is a URL the page names without loading or opening it:
	// cite, base href, ping (requested only when a link is followed),
	// link href with only rel preconnect, dns-prefetch, pingback or
	// webmention, and the href of other SVG elements (gradients,
	// patterns, textPath), mostly fragments of the page.
	Reference
)

// String returns "navigation", "subresource" or "reference".
func (k Kind) String() string {
	switch k {
	case Navigation:
		return "navigation"
	case Subresource:
		return "subresource"
	case Reference:
		return "reference"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A LinkExtractor extracts the links of HTML documents. Its zero value
// extracts them without validation, sniffing each document's encoding,
// with no limit on the document's size and [DefaultMaxValueBytes] on one
// link's text, as [ExtractLinks] does.
type LinkExtractor struct {
	// Validate, if true, records each link's validation errors in
	// [Link.ValidationErrors]. When false, the parser does no work to
	// find them.
	Validate bool

	// Charset is the document's encoding as the transport gave it, the
	// charset parameter of an HTTP Content-Type ("shift_jis"), or "".
	// An Encoding Standard label that is not known is ignored, as
	// browsers ignore it. See [SniffEncoding].
	Charset string

	// DefaultCharset is the encoding of a document that declares none
	// (no byte order mark, no Charset, no <meta> charset found by the
	// prescan), an Encoding Standard label: HTML's "implementation-defined
	// or user-specified default", which browsers take from the user's
	// locale (windows-1252 in most, shift_jis in Japanese, gbk in
	// simplified Chinese, ...). "", or a label that is not known, is
	// windows-1252. A crawler that knows a site's pages are UTF-8 when
	// they do not say sets "utf-8"; one that knows the language of a
	// site sets its locale's default. See [SniffEncoding].
	DefaultCharset string

	// MaxBytes, if positive, is the longest document read, in bytes: a
	// longer one ends the extraction with a *[TooLargeError].
	MaxBytes int64

	// MaxValueBytes is the longest text of one link the extractor reads
	// whole, in bytes of the document decoded to UTF-8: an attribute
	// value that is read whole (href, src, ping, a meta refresh's
	// content, ...), one URL of a srcset, one CSS url() or string. A
	// longer one is not kept: it is one [Link] with an empty
	// [Link.Raw], a nil [Link.URL] and a *[ValueTooLongError] in
	// [Link.Err] (a ping attribute that long is one such Link; a srcset
	// descriptor that long makes its candidate invalid). Zero means
	// [DefaultMaxValueBytes] (2 MiB); a negative value, no limit. With a
	// limit, the extractor's memory stays within a few bytes per input
	// byte and a constant of a few times the limit (see
	// docs/limits.md); without one, a single value may cost up to about
	// 20 bytes per byte of it.
	MaxValueBytes int
}

// A TooLargeError is the error of a document longer than
// [LinkExtractor.MaxBytes].
type TooLargeError struct {
	Limit int64 // the limit, in bytes
}

func (e *TooLargeError) Error() string {
	if e == nil {
		return "<nil>"
	}
	return "links: document larger than " + strconv.FormatInt(e.Limit, 10) + " bytes"
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
// document order, as [LinkExtractor.Links] finds them. The error is
// that of reading r (a *[TooLargeError] past [LinkExtractor.MaxBytes]),
// returned with the links found before it, or of parsing documentURL
// (an *[url.Error]); a link that fails to parse is not an error of
// Extract: it is returned with its [Link.Err] set.
func (x LinkExtractor) Extract(r io.Reader, documentURL string) ([]Link, error) {
	var links []Link
	err := x.run(r, documentURL, func(l Link) bool {
		links = append(links, l)
		return true
	})
	return links, err
}

// Links returns an iterator over the links of the HTML document read
// from r, in document order, which reads r as it goes: its memory is
// not the document's size but that of the links it holds back (see
// below) and of the longest value it reads whole, which
// [LinkExtractor.MaxValueBytes] bounds. An error (of reading
// r, a *[TooLargeError], or of parsing documentURL, an *[url.Error])
// is yielded last, with a zero Link; a link that fails to parse is
// yielded with its [Link.Err] set. A nil r is an empty document.
//
// The document is decoded with the encoding HTML's encoding sniffing
// algorithm gives it ([SniffEncoding]: a byte order mark, then
// [LinkExtractor.Charset], then a <meta> charset in the first 1024
// bytes, then [LinkExtractor.DefaultCharset], windows-1252 unless set;
// an encoding from the prescan or the default is tentative, and a <meta>
// declaring another one in the first 64 KiB makes the document be read
// again from its start in that one, as HTML's "change the encoding"
// says, its links held back until then), and tokenized as HTML: character
// references are decoded, names are matched in any case, and the
// contents of script, style, textarea, title, xmp, iframe, noembed and
// noframes elements and of comments are not markup (in SVG, CDATA
// sections are not either). The links are the URL-valued attributes of
// HTML elements, each with its [Kind]:
//
//   - a and area: href, and ping (each of its URLs)
//   - link: href, and imagesrcset
//   - base: href
//   - img, script, iframe, frame, embed, audio, video, source and
//     track, and input with type=image: src
//   - img and source: srcset (each image candidate is one [Link]; the
//     attribute is split as HTML's "parse a srcset attribute" does: on
//     commas and whitespace, descriptors dropped; a candidate whose
//     descriptors HTML rejects is skipped, as browsers skip it)
//   - video: poster; object: data; body, table, td and th: background
//   - form: action; button and input: formaction
//   - blockquote, q, del and ins: cite
//   - meta http-equiv=refresh: the URL in content, as HTML's shared
//     declarative refresh steps find it ("0; url=/next")
//
// and, in SVG, the href and xlink:href of every element, and in CSS,
// the url() and @import URLs of style elements and of the style
// attribute of every element, found by CSS's own tokenizer (escapes,
// comments and strings included; a bad url() is skipped, as browsers
// skip it).
//
// An attribute present with an empty value is a link too: it resolves
// to the base URL, as it does in the browser.
//
// The base URL is HTML's document base URL: the frozen base URL of the
// first base element with an href attribute (its href parsed against
// documentURL; documentURL itself if that fails), wherever it is in the
// document, so it applies to the links before it as well; documentURL
// if there is none. Links are therefore held back, in a compact form of
// a few bytes each besides their text, until a base element or the end
// of the document is met. A base element inside a template or noscript
// element, or in SVG, does not count.
//
// Links inside template elements are returned, resolved against the
// document's base URL, as they resolve once the template is used.
// Links inside noscript elements are returned too, read as markup as a
// browser without scripts reads them: a link checker wants the links of
// readers without scripts.
//
// After an error of reading r the links held back are yielded,
// resolved against the base URL found so far, before the error.
func (x LinkExtractor) Links(r io.Reader, documentURL string) iter.Seq2[Link, error] {
	return func(yield func(Link, error) bool) {
		stopped := false
		err := x.run(r, documentURL, func(l Link) bool {
			if !yield(l, nil) {
				stopped = true
			}
			return !stopped
		})
		if err != nil && !stopped {
			yield(Link{}, err)
		}
	}
}

// errStopped ends the reading of a document whose links are no longer
// wanted.
var errStopped = errors.New("links: stopped")

// run extracts the links of the document read from r and calls yield
// with each, until yield returns false.
func (x LinkExtractor) run(r io.Reader, documentURL string, yield func(Link) bool) error {
	docURL, err := url.Parse(documentURL)
	if err != nil {
		return err
	}
	if r == nil {
		r = bytes.NewReader(nil) // an empty document
	}
	// The document's length, when r tells it (bytes.Reader,
	// strings.Reader, bytes.Buffer), for the window's buffer.
	size := -1
	if l, ok := r.(interface{ Len() int }); ok {
		size = l.Len()
	}
	if x.MaxBytes > 0 {
		r = &limitReader{r: r, n: x.MaxBytes, limit: x.MaxBytes}
	}
	// The first 1024 bytes, for the encoding.
	prefix := make([]byte, 1024)
	n, rerr := io.ReadFull(r, prefix)
	prefix = prefix[:n]
	if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
		rerr = nil
	}
	enc := sniff(prefix, x.Charset, x.DefaultCharset)
	rest := errOr(rerr, r)
	var rec *recorder
	if enc.tentative {
		// A <meta> may change the encoding: what is read is kept, to
		// be read again in the new one.
		rec = &recorder{r: rest, max: changeBound + changeSlack - len(prefix)}
		rest = rec
	}
	for {
		ex := extraction{x: x, docURL: docURL, yield: yield, enc: enc, rec: rec, size: size}
		err := ex.run(prefix, rest)
		if ex.restart == nil {
			return err
		}
		// HTML's "change the encoding": the document is read again
		// from its start, in the encoding declared, for certain.
		enc = *ex.restart
		rest = io.MultiReader(bytes.NewReader(rec.buf), rec.r)
		rec = nil
	}
}

// changeBound is how far into a document whose encoding is tentative
// (found by the prescan, or the default) a <meta> declaring another
// encoding is honoured: the document is then read again from its start
// in that encoding, as HTML's "change the encoding" says. Until the
// extractor is past it, the document's bytes are kept and its links held
// back; a <meta> further on is ignored.
const changeBound = 64 << 10

// changeSlack is how far past changeBound the extractor may have read
// when its tokenizer meets a <meta> before changeBound: the window's
// read-ahead (readSize decoded bytes, at most twice as many source
// bytes) and the decoder's.
const changeSlack = 4 * readSize

// A recorder is a reader of r that keeps what it reads, up to max bytes;
// past them it keeps nothing more and lets go of what it kept.
type recorder struct {
	r    io.Reader
	max  int
	buf  []byte
	over bool // more than max bytes were read
}

func (rc *recorder) Read(p []byte) (int, error) {
	n, err := rc.r.Read(p)
	if !rc.over {
		if len(rc.buf)+n > rc.max {
			rc.over, rc.buf = true, nil
		} else {
			rc.buf = append(rc.buf, p[:n]...)
		}
	}
	return n, err
}

// errRestart ends the reading of a document to read it again in the
// encoding a <meta> declares.
var errRestart = errors.New("links: restart")

// An extraction is one reading of a document in one encoding.
type extraction struct {
	x       LinkExtractor
	docURL  *url.URL
	yield   func(Link) bool
	enc     sniffed
	rec     *recorder // what was read, while the encoding is tentative
	restart *sniffed  // the encoding to read the document again in
	size    int       // the document's length in bytes, or -1 if not known
}

// run extracts the links of the document whose first bytes are prefix
// and the rest rest.
func (ex *extraction) run(prefix []byte, rest io.Reader) error {
	enc := ex.enc
	var src io.Reader = io.MultiReader(bytes.NewReader(prefix), rest)
	bom := 0
	kind := utf8Source
	var m *offsetMap
	switch {
	case enc.utf8:
		if bytes.HasPrefix(prefix, []byte("\uFEFF")) {
			bom = 3
		}
	default:
		if enc.bom > 0 {
			src = io.MultiReader(bytes.NewReader(prefix[enc.bom:]), rest)
		}
		// Decoded with a map of where each character comes from, so
		// that positions count the bytes of the document as served.
		m = &offsetMap{s: int64(enc.bom)}
		d := newMappedDecoder(src, enc.enc, m)
		kind = d.kind
		src = d
	}
	size := -1 // the window reads decoded text, of another length
	if enc.utf8 {
		size = ex.size
	}
	w := newWindow(src, size)
	w.lines.m = m
	w.lines.lineStartSrc = int64(enc.bom)
	if bom > 0 {
		w.fill(bom)
		w.i = bom
		w.lines.lineStart = int64(bom)
		w.lines.lineStartSrc = int64(bom)
	}
	e := emitter{docURL: ex.docURL, yield: ex.yield, w: w, kind: kind, rec: ex.rec, tentative: enc.tentative, max: ex.x.maxValue()}
	switch enc.name {
	case "utf-8", "utf-16be", "utf-16le", "replacement":
		// Their output encoding is UTF-8, the Parser's default.
	default:
		e.encoding = url.OutputEncoding(enc.enc)
	}
	e.baseParser.Encoding = e.encoding
	e.p.Encoding = e.encoding
	if ex.x.Validate {
		e.log = new(url.ValidationLog)
		e.p.OnValidationError = e.log.Add
		e.utf8Parser.OnValidationError = e.log.Add
	}
	s := scanner{add: e.add, addBytes: e.addBytes, kind: kind, max: ex.x.maxValue()}
	if enc.tentative {
		s.charset = func(label string, at Position) {
			if !e.tentative || e.rec.over || at.Offset >= changeBound {
				e.endTentative()
				return
			}
			ne := declared(label)
			if sameEncoding(ne, enc) {
				e.endTentative() // confidence certain
				return
			}
			ex.restart = &ne
			e.stopped = true
			w.err = errRestart
			w.buf = w.buf[:w.i]
		}
	}
	t := tokenizer{w: w, h: &s, kind: kind, max: ex.x.maxValue()}
	t.sp.max = t.max
	t.run()
	if ex.restart != nil {
		return nil
	}
	s.end()
	e.endTentative()
	if !e.stopped {
		e.flush()
	}
	if w.err == io.EOF || w.err == errStopped {
		return nil
	}
	return w.err
}

// isASCII reports whether s is ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// errOr returns a reader of rerr if it is not nil, else r.
func errOr(rerr error, r io.Reader) io.Reader {
	if rerr != nil {
		return errReader{rerr}
	}
	return r
}

// errReader is a reader that fails with its error.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// limitReader reads at most n more bytes from r, then fails with a
// *TooLargeError if r has more.
type limitReader struct {
	r        io.Reader
	n, limit int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		var b [1]byte
		m, err := l.r.Read(b[:])
		if m > 0 {
			return 0, &TooLargeError{Limit: l.limit}
		}
		return 0, err
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	m, err := l.r.Read(p)
	l.n -= int64(m)
	return m, err
}

// An emitter resolves the links the scanner finds and yields them, in
// order: it holds them back until the base URL is known.
type emitter struct {
	docURL, base *url.URL
	baseKnown    bool
	pending      pendingLog
	encoding     encoding.Encoding
	baseParser   url.Parser // the document's encoding, no validation
	p            url.Parser // the document's encoding
	utf8Parser   url.Parser // UTF-8, for CSS
	log          *url.ValidationLog
	yield        func(Link) bool
	stopped      bool
	w            *window
	kind         decodeKind // how the document was decoded
	// tentative is true while a <meta> may still change the encoding:
	// every link is held back, as the document may be read again; rec
	// is what was read.
	tentative bool
	rec       *recorder
	max       int // the longest raw parsed (LinkExtractor.maxValue)
}

// endTentative makes the encoding certain: the links held back for it
// are yielded if the base URL is known.
func (e *emitter) endTentative() {
	if !e.tentative {
		return
	}
	e.tentative = false
	e.rec.over, e.rec.buf = true, nil // keep no more
	if e.baseKnown && !e.stopped {
		e.flush()
	}
}

func (e *emitter) add(f found) {
	if e.stopped {
		return
	}
	if e.tentative && e.rec.over {
		e.endTentative()
		if e.stopped {
			return
		}
	}
	switch {
	case e.baseKnown && !e.tentative:
		e.emit(f)
	case f.base:
		e.base = e.docURL
		if f.raw == tooLongRaw || len(f.raw) > e.max {
			// Not parsed: the document's URL is the base.
		} else if b, err := e.baseParser.ParseRef(e.docURL, f.raw); err == nil {
			e.base = b
		}
		e.pending.add(f)
		e.baseKnown = true
		if !e.tentative {
			e.flush()
		}
	default:
		e.pending.add(f)
	}
}

// addBytes is add with f's raw in raw, which is valid during the call
// only: a link held back is copied into the log from it, with no string
// made for it.
func (e *emitter) addBytes(f found, raw []byte) {
	if e.stopped {
		return
	}
	if (!e.baseKnown || e.tentative) && !f.base {
		e.pending.addBytes(f, raw)
		return
	}
	f.raw = string(raw)
	e.add(f)
}

// flush yields the links held back, against the base URL known so far
// (the document's URL if none), from which point on the base URL is
// known.
func (e *emitter) flush() {
	if e.base == nil {
		e.base = e.docURL
	}
	e.baseKnown = true
	e.pending.drain(func(f found) bool {
		e.emit(f)
		return !e.stopped
	})
}

// emit resolves f and yields it.
func (e *emitter) emit(f found) {
	against := e.base
	if f.tag == "base" {
		// A base element's href (its frozen base URL) is parsed
		// against the document's fallback base URL.
		against = e.docURL
	}
	exact := f.exact
	if exact && e.kind != utf8Source && (!e.kind.asciiExact() || !isASCII(f.raw)) {
		// Raw is the document's text decoded, not its bytes.
		exact = false
	}
	l := Link{Tag: f.tag, Attr: f.attr, Kind: f.kind, Raw: f.raw, Position: f.pos, exact: exact}
	p := &e.p
	if f.utf8 && e.encoding != nil {
		p = &e.utf8Parser
	}
	if f.raw == tooLongRaw || len(f.raw) > e.max {
		l.Raw, l.exact, l.Err = "", false, &ValueTooLongError{Limit: e.max}
	} else if l.URL, l.Err = p.ParseRef(against, f.raw); l.Err != nil {
		l.URL = nil
	}
	if e.log != nil && len(e.log.Errors) > 0 {
		l.ValidationErrors = e.log.Errors
		l.MoreValidationErrors = e.log.Total - len(e.log.Errors)
		*e.log = url.ValidationLog{}
	}
	if !e.yield(l) {
		e.stopped = true
		e.w.err = errStopped
		e.w.buf = e.w.buf[:e.w.i]
	}
}
