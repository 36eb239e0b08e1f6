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
// type as a Content-Type header is parsed, and [DecodeBase64] is Infra's
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
	"strings"

	url "github.com/weburl/url"
)

// DataURL is the Fetch Standard's data: URL struct
// (https://fetch.spec.whatwg.org/#data-url-struct): a MIME type and a
// body.
type DataURL struct {
	MIMEType *MIMEType
	Body     []byte
}

// Parse parses s with the URL parser ([github.com/weburl/url.Parse]) and
// runs the data: URL processor on the result, as [Process] does. An s
// that is not a URL fails with the URL parser's *[github.com/weburl/url.Error].
func Parse(s string) (*DataURL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	return Process(u)
}

// Process is the data: URL processor
// (https://fetch.spec.whatwg.org/#data-url-processor): it returns the
// MIME type and the body of the data: URL u. It fails with an *[Error]
// that wraps [ErrNotData] when u's scheme is not "data", [ErrNoComma]
// when there is no "," after the MIME type, and [ErrBase64] when a
// ";base64" body is not forgiving-base64. A MIME type that does not parse
// is not an error: the standard makes it "text/plain;charset=US-ASCII".
//
// The body is decoded from u's href in one pass into a slice of exactly
// its size; to read it without holding it, use [NewReader].
func Process(u *url.URL) (*DataURL, error) {
	r, err := NewReader(u)
	if err != nil {
		return nil, err
	}
	body := make([]byte, r.Size())
	n := r.read(body) // all of it: Size is exact
	return &DataURL{MIMEType: r.MIMEType(), Body: body[:n]}, nil
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
	// 1. Assert: dataURL's scheme is "data".
	if u.Scheme() != "data" {
		return processed{}, &Error{Op: "process data: URL", Input: u.Href(), Err: ErrNotData}
	}
	// 2. Let input be the result of running the URL serializer on dataURL
	// with exclude fragment set to true.
	input := u.HrefWithoutFragment()
	// 3. Remove the leading "data:" from input.
	input = input[len("data:"):]
	// 4. Let position point at the start of input.
	// 5. Let mimeType be the result of collecting a sequence of code
	// points that are not equal to U+002C (,), given position.
	comma := strings.IndexByte(input, ',')
	// 7. If position is past the end of input, then return failure.
	if comma < 0 {
		return processed{}, &Error{Op: "process data: URL", Input: u.Href(), Err: ErrNoComma}
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
			return processed{}, &Error{Op: "process data: URL", Input: u.Href(), Err: ErrBase64}
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
	if len(mimeType) < len(suffix)+1 || asciiLower(mimeType[len(mimeType)-len(suffix):]) != suffix {
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
