package warc

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// IsHTTPResponse reports whether the record holds an HTTP response: a
// "response" record whose Content-Type is application/http with
// msgtype=response.
func (r *Record) IsHTTPResponse() bool {
	if r.Type() != "response" {
		return false
	}
	mt, params, err := mime.ParseMediaType(r.ContentType())
	return err == nil && mt == "application/http" && strings.EqualFold(params["msgtype"], "response")
}

// HTTPResponse reads the record's block as an HTTP response message (see
// [Record.IsHTTPResponse]). The response's Body reads the entity as the
// server meant it: a chunked transfer coding is removed, and so is a
// gzip or deflate content coding (the Content-Encoding header is then
// deleted); another content coding is an error. The Body reads from the
// record's Content, so it is valid until the next call to [Reader.Next].
//
// The HTTP head (status line and header lines) may be at most the
// [Reader.MaxHTTPHeadBytes] of the Reader that returned the record
// ([DefaultMaxHTTPHeadBytes] for a zero value); a longer head is an
// error that matches [ErrHTTPHeadTooLong] with [errors.Is], found after
// reading at most that many bytes and a buffer's worth more, so the
// memory it takes is bounded by the bound, not by the record's size.
func (r *Record) HTTPResponse() (*http.Response, error) {
	max := r.maxHTTPHead
	if max <= 0 {
		max = DefaultMaxHTTPHeadBytes
	}
	const bufSize = 4096
	lr := &headLimiter{r: r.Content, n: int64(max) + bufSize}
	br := bufio.NewReaderSize(lr, bufSize)
	resp, err := http.ReadResponse(br, nil)
	if head := lr.read - int64(br.Buffered()); lr.hit || head > int64(max) {
		return nil, fmt.Errorf("%w (record at %d: more than %d bytes)", ErrHTTPHeadTooLong, r.Offset, max)
	}
	if err != nil {
		return nil, fmt.Errorf("warc: record at %d: HTTP response: %w", r.Offset, err)
	}
	lr.n = -1 // the body: no bound but the record's
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, fmt.Errorf("warc: record at %d: gzip content coding: %w", r.Offset, err)
		}
		resp.Body = struct {
			io.Reader
			io.Closer
		}{zr, resp.Body}
		resp.Header.Del("Content-Encoding")
		resp.ContentLength = -1
	case "deflate":
		resp.Body = struct {
			io.Reader
			io.Closer
		}{flate.NewReader(resp.Body), resp.Body}
		resp.Header.Del("Content-Encoding")
		resp.ContentLength = -1
	default:
		return nil, fmt.Errorf("warc: record at %d: unsupported content coding %q", r.Offset, truncate(enc, 40))
	}
	return resp, nil
}

// Charset returns the charset parameter of an HTTP response's
// Content-Type, or "" when it has none: the transport's word on the
// document's encoding, which HTML's encoding sniffing puts before the
// document's own <meta>.
func Charset(resp *http.Response) string {
	_, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err != nil {
		return ""
	}
	return params["charset"]
}

// IsHTML reports whether an HTTP response's Content-Type is text/html or
// application/xhtml+xml (a missing Content-Type counts as HTML, as a
// crawler sniffing it would mostly find).
func IsHTML(resp *http.Response) bool {
	ct := resp.Header.Get("Content-Type")
	if ct == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

// headLimiter reads from r, at most n bytes while n >= 0, and counts
// what it has read: the bound on an HTTP head, lifted for the body.
type headLimiter struct {
	r    io.Reader
	n    int64 // bytes left to read; no bound when negative
	read int64 // bytes read
	hit  bool  // whether a read was refused at the bound
}

func (l *headLimiter) Read(p []byte) (int, error) {
	if l.n == 0 {
		l.hit = true
		return 0, ErrHTTPHeadTooLong
	}
	if l.n > 0 && int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.read += int64(n)
	if l.n > 0 {
		l.n -= int64(n)
	}
	return n, err
}
