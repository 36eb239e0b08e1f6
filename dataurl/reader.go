package dataurl

import (
	"io"

	url "github.com/weburl/url"
)

// Reader reads the body of a data: URL as it decodes it from the URL's
// href: percent-decoding and forgiving-base64 decoding happen as Read is
// called, straight into the caller's buffer, so that reading a body of
// any size holds no copy of it. [NewReader] makes one; it is not safe for
// concurrent use. A zero Reader, and a nil *Reader, read an empty body
// with no MIME type.
type Reader struct {
	mimeType *MIMEType
	size     int64
	read64   bool
	raw      percentSource // without base64: the body, percent-decoded
	b64      base64Decoder // with base64
}

// NewReader runs the data: URL processor on u, as [Process] does, and
// returns a [Reader] of its body instead of the body. It fails as
// [Process] fails. Checking that a ";base64" body decodes, and measuring
// the body, take one pass over it, with no allocation; the Reader then
// holds no more than u does.
func NewReader(u *url.URL) (*Reader, error) {
	p, err := process(u)
	if err != nil {
		return nil, err
	}
	r := &Reader{mimeType: p.mimeType, size: int64(p.size), read64: p.base64}
	if p.base64 {
		r.b64 = base64Decoder{src: p.body, left: p.sextets}
	} else {
		r.raw = p.body
	}
	return r, nil
}

// MIMEType returns the data: URL's MIME type (nil for a zero or nil
// Reader).
func (r *Reader) MIMEType() *MIMEType {
	if r == nil {
		return nil
	}
	return r.mimeType
}

// Size returns the length of the whole body in bytes, however much of it
// has been read.
func (r *Reader) Size() int64 {
	if r == nil {
		return 0
	}
	return r.size
}

// Read reads up to len(p) bytes of the body into p. At the end of the
// body it returns 0 and [io.EOF].
func (r *Reader) Read(p []byte) (int, error) {
	if r == nil {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	n := r.read(p)
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// read fills p with the next bytes of the body and returns how many:
// fewer than len(p) only at the end.
func (r *Reader) read(p []byte) int {
	var n int
	if r.read64 {
		n = r.b64.read(p)
	} else {
		n = r.raw.read(p)
	}
	return n
}
