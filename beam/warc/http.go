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
func (r *Record) HTTPResponse() (*http.Response, error) {
	resp, err := http.ReadResponse(bufio.NewReader(r.Content), nil)
	if err != nil {
		return nil, fmt.Errorf("warc: record at %d: HTTP response: %w", r.Offset, err)
	}
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
