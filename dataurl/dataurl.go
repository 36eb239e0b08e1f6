// Package dataurl is the Fetch Standard's data: URL processor
// (https://fetch.spec.whatwg.org/#data-url-processor) and the MIME
// Sniffing Standard's MIME types (https://mimesniff.spec.whatwg.org/#mime-types),
// on top of the URL Standard's parser of [github.com/weburl/url]:
// what a browser finds in a data: URL, byte for byte.
//
// [Parse] and [Process] return a data: URL's [MIMEType] and its body;
// [NewReader] reads the body through an [io.Reader], decoding straight
// from the URL's href as it is read, so that a data: URL of any size
// costs no memory beyond the URL itself. [ParseMIMEType] parses a MIME
// type as browsers parse a Content-Type, and [DecodeBase64] is Infra's
// forgiving-base64 decode (atob()).
//
// Go's [mime.ParseMediaType] and RFC 2397 packages follow other rules
// (RFC 2045's, and RFC 2397's grammar): they refuse data: URLs that
// browsers load and give other MIME types and bodies for others.
//
// Every function runs in time linear in its input, and allocates at most
// the size of its result.
package dataurl

import (
	"math"
	"strings"

	url "github.com/weburl/url"

	"github.com/weburl/url/internal/ascii"
)

// DataURL is the Fetch Standard's data: URL struct
// (https://fetch.spec.whatwg.org/#data-url-struct): a MIME type and a
// body. The zero DataURL has no MIME type (a nil *[MIMEType], whose
// methods return zero values) and an empty body.
type DataURL struct {
	MIMEType *MIMEType
	Body     []byte
}

// Parse parses s with the URL parser ([github.com/weburl/url.Parse]) and
// runs the data: URL processor on the result, as [Process] does. An s
// that is not a URL fails with the URL parser's *[github.com/weburl/url.Error].
//
// When s is a data: URL that the URL parser would leave as it is (the
// common case: "data:" and printable ASCII that needs no
// percent-encoding, as canvas.toDataURL() writes), the processor reads
// s itself and the URL is not built.
func Parse(s string) (*DataURL, error) {
	if isNormalDataURL(s) {
		p, err := processHref(s, s)
		if err != nil {
			return nil, err
		}
		return p.decode(), nil
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	return Process(u)
}

// keptByParser marks the bytes the URL parser copies unchanged into the
// opaque path, query and fragment of a data: URL: printable ASCII but
// those of the query and fragment percent-encode sets ('"', '<', '>',
// '`') and U+0020 SPACE (which it may strip or encode), i.e. the bytes
// outside every percent-encode set it applies there, minus tab and
// newline, which it removes.
var keptByParser = func() (t [256]bool) {
	for c := byte(0x21); c < 0x7F; c++ {
		t[c] = strings.IndexByte("\"<>`", c) < 0
	}
	return t
}()

// isNormalDataURL reports whether the URL parser would give s back
// unchanged as a data: URL with an opaque path: s starts with "data:",
// not followed by "/" (which would make a path of segments), holds only
// bytes in keptByParser, and is not longer than a URL can be (the parser
// refuses an href of 4 GiB or more).
func isNormalDataURL(s string) bool {
	if uint64(len(s)) > math.MaxUint32 || len(s) < len("data:") || s[:len("data:")] != "data:" || strings.HasPrefix(s[len("data:"):], "/") {
		return false
	}
	for i := len("data:"); i < len(s); i++ {
		if !keptByParser[s[i]] {
			return false
		}
	}
	return true
}

// Process is the data: URL processor
// (https://fetch.spec.whatwg.org/#data-url-processor): it returns the
// MIME type and the body of the data: URL u. It fails with an *[Error]
// that wraps [ErrNotData] when u's scheme is not "data" (or u is nil),
// [ErrNoComma] when there is no "," after the MIME type, and [ErrBase64]
// when a ";base64" body is not forgiving-base64. A MIME type that does not parse
// is not an error: the standard makes it "text/plain;charset=US-ASCII".
//
// The body is decoded from u's href in one pass into a slice of exactly
// its size; to read it without holding it, use [NewReader].
func Process(u *url.URL) (*DataURL, error) {
	p, err := process(u)
	if err != nil {
		return nil, err
	}
	return p.decode(), nil
}

// decode reads the whole body into a slice of exactly its size.
func (p processed) decode() *DataURL {
	body := make([]byte, p.size)
	var n int
	if p.base64 {
		d := base64Decoder{src: p.body, left: p.sextets}
		n = d.read(body)
	} else {
		n = p.body.read(body)
	}
	return &DataURL{MIMEType: p.mimeType, Body: body[:n]} // n == p.size
}

// processed is the outcome of the data: URL processor's steps, before
// the body is read: the MIME type and where and how to read the body.
type processed struct {
	mimeType *MIMEType
	body     percentSource // the encoded body; its percent-decoding is the body
	base64   bool
	sextets  int // with base64: the code points of the alphabet to decode
	size     int // the body's length in bytes
}

// process runs the steps of the data: URL processor that decide its
// outcome, reading the body (to check the base64 and count the bytes)
// but storing nothing of it.
func process(u *url.URL) (processed, error) {
	if u == nil {
		return processed{}, &Error{Op: "process data: URL", Err: ErrNotData}
	}
	// 1. Assert: dataURL's scheme is "data".
	if u.Scheme() != "data" {
		return processed{}, &Error{Op: "process data: URL", Input: u.Href(), Err: ErrNotData}
	}
	// 2. Let input be the result of running the URL serializer on dataURL
	// with exclude fragment set to true.
	return processHref(u.Href(), u.HrefWithoutFragment())
}

// processHref runs the rest of the processor on the serialization of a
// data: URL without its fragment (input); href, the whole
// serialization, is for the error.
func processHref(href, input string) (processed, error) {
	if i := strings.IndexByte(input, '#'); i >= 0 {
		// The serialization's first "#" starts its fragment: neither an
		// opaque path nor a query holds one.
		input = input[:i]
	}
	// 3. Remove the leading "data:" from input.
	input = input[len("data:"):]
	// 4. Let position point at the start of input.
	// 5. Let mimeType be the result of collecting a sequence of code
	// points that are not equal to U+002C (,), given position.
	comma := strings.IndexByte(input, ',')
	// 7. If position is past the end of input, then return failure.
	if comma < 0 {
		return processed{}, &Error{Op: "process data: URL", Input: href, Err: ErrNoComma}
	}
	// 6. Strip leading and trailing ASCII whitespace from mimeType.
	mimeType := trimASCIIWhitespace(input[:comma])
	// 8. Advance position by 1.
	// 9. Let encodedBody be the remainder of input.
	// 10. Let body be the percent-decoding of encodedBody. (body reads
	// it as it goes.)
	p := processed{body: percentSource{s: input[comma+1:]}}
	// 11. If mimeType ends with U+003B (;), followed by zero or more U+0020
	// SPACE, followed by an ASCII case-insensitive match for "base64",
	// then:
	if rest, ok := cutBase64Suffix(mimeType); ok {
		// 11.1. Let stringBody be the isomorphic decode of body. (Each
		// byte is a code point: the same bytes, as far as the base64
		// alphabet goes.)
		// 11.2. Set body to the forgiving-base64 decode of stringBody.
		// 11.3. If body is failure, then return failure.
		sextets, ok := scanBase64(p.body)
		if !ok {
			return processed{}, &Error{Op: "process data: URL", Input: href, Err: ErrBase64}
		}
		p.base64, p.sextets, p.size = true, sextets, base64DecodedLen(sextets)
		// 11.4-11.6. Remove the last 6 code points from mimeType, then
		// trailing U+0020 SPACE code points, then the last U+003B (;).
		mimeType = rest
	} else {
		p.size = p.body.decodedLen()
	}
	// 12. If mimeType starts with ";", then prepend "text/plain" to
	// mimeType.
	// 13. Let mimeTypeRecord be the result of parsing mimeType.
	// The record's strings are cloned, so that it does not keep the href
	// (maybe megabytes) alive.
	var m *MIMEType
	var ok bool
	if strings.HasPrefix(mimeType, ";") {
		m, ok = parseMIMEType("text/plain" + mimeType)
	} else {
		m, ok = parseMIMEType(strings.Clone(mimeType))
	}
	// 14. If mimeTypeRecord is failure, then set mimeTypeRecord to
	// text/plain;charset=US-ASCII.
	if !ok {
		m = &MIMEType{typ: "text", subtype: "plain", params: []param{{"charset", "US-ASCII"}}}
	}
	// 15. Return a new data: URL struct whose MIME type is mimeTypeRecord
	// and body is body.
	p.mimeType = m
	return p, nil
}

// cutBase64Suffix reports whether mimeType ends with ";", zero or more
// spaces, and "base64" in any ASCII case, and returns what comes before
// the ";".
func cutBase64Suffix(mimeType string) (string, bool) {
	const suffix = "base64"
	if len(mimeType) < len(suffix)+1 || ascii.Lower(mimeType[len(mimeType)-len(suffix):]) != suffix {
		return "", false
	}
	rest := strings.TrimRight(mimeType[:len(mimeType)-len(suffix)], " ")
	if !strings.HasSuffix(rest, ";") {
		return "", false
	}
	return rest[:len(rest)-1], true
}

// trimASCIIWhitespace strips leading and trailing ASCII whitespace
// (https://infra.spec.whatwg.org/#strip-leading-and-trailing-ascii-whitespace).
func trimASCIIWhitespace(s string) string {
	i, j := 0, len(s)
	for i < j && isASCIIWhitespace(s[i]) {
		i++
	}
	for j > i && isASCIIWhitespace(s[j-1]) {
		j--
	}
	return s[i:j]
}
