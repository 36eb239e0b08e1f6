// Package warc reads and writes WARC files (ISO 28500:2017, the Web
// ARChive format, versions 1.0 and 1.1): the records a crawl writes, one
// after another, each a header of named fields and a block of
// Content-Length bytes. It is the small reader the link pipeline needs:
// records in sequence from an [io.Reader] (plain, or gzip-compressed:
// record by record as ".warc.gz" files are, or the whole file as one
// gzip member), HTTP responses out of
// "response" records ([Record.HTTPResponse]) and the links of Common
// Crawl's WAT metadata records ([ParseWAT]). It does not verify digests
// or reassemble segmented ("continuation") records.
//
// Memory is bounded whatever the input holds: a record's header may be
// at most [Reader.MaxHeaderBytes] long, the HTTP head of a response
// record at most [Reader.MaxHTTPHeadBytes], and a block is read through
// an [io.Reader] limited to its Content-Length, never held whole by the
// reader. Time is linear in the input, folded (continuation) header
// lines included.
package warc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// DefaultMaxHeaderBytes is the default bound on the size of one
// record's header (its version line and named fields).
const DefaultMaxHeaderBytes = 1 << 20

// DefaultMaxHTTPHeadBytes is the default bound on the size of the HTTP
// head (status line and header lines) that [Record.HTTPResponse] reads,
// net/http's [net/http.DefaultMaxHeaderBytes].
const DefaultMaxHTTPHeadBytes = 1 << 20

// ErrHTTPHeadTooLong is the cause of the error of [Record.HTTPResponse]
// for an HTTP head longer than [Reader.MaxHTTPHeadBytes].
var ErrHTTPHeadTooLong = errors.New("warc: HTTP head too long")

// ErrHeaderTooLong is the cause of a [FormatError] for a record header
// longer than [Reader.MaxHeaderBytes].
var ErrHeaderTooLong = errors.New("WARC record header too long")

// FormatError reports input that is not a WARC record where one must
// start or continue. Offset is the position in the (decompressed) input
// where the record that failed starts.
type FormatError struct {
	Offset int64
	Reason string
	Err    error // a cause to match with errors.Is, such as ErrHeaderTooLong; may be nil
}

// Error returns "warc: record at OFFSET: REASON".
func (e *FormatError) Error() string {
	return "warc: record at " + strconv.FormatInt(e.Offset, 10) + ": " + e.Reason
}

// Unwrap returns the cause, if any.
func (e *FormatError) Unwrap() error { return e.Err }

// Field is one named field of a record header, as written.
type Field struct {
	Name, Value string
}

// Header is a record's named fields, in the order they were written.
// Names compare without regard to ASCII case, as the standard says.
type Header []Field

// Get returns the value of the first field named name, or "".
func (h Header) Get(name string) string {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// Record is one WARC record. Its Content reads the record's block and is
// valid only until the next call to [Reader.Next].
type Record struct {
	// Version is the record's version line, such as "WARC/1.1".
	Version string
	Header  Header
	// ContentLength is the block's length in bytes (the Content-Length
	// field).
	ContentLength int64
	// Content reads the block: exactly ContentLength bytes.
	Content io.Reader
	// Offset is where the record starts in the decompressed input.
	Offset int64

	maxHTTPHead int // the Reader's MaxHTTPHeadBytes
}

// Type returns the WARC-Type field: "warcinfo", "response",
// "resource", "request", "metadata", "revisit", "conversion" or
// "continuation".
func (r *Record) Type() string { return r.Header.Get("WARC-Type") }

// TargetURI returns the WARC-Target-URI field without the angle
// brackets that WARC/1.0 writers put around it.
func (r *Record) TargetURI() string {
	return trimAngle(r.Header.Get("WARC-Target-URI"))
}

// ContentType returns the Content-Type field, the type of the block.
func (r *Record) ContentType() string { return r.Header.Get("Content-Type") }

func trimAngle(s string) string {
	if len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>' {
		return s[1 : len(s)-1]
	}
	return s
}

// Reader reads the records of a WARC file in order.
type Reader struct {
	// MaxHeaderBytes bounds one record's header; zero means
	// DefaultMaxHeaderBytes.
	MaxHeaderBytes int
	// MaxHTTPHeadBytes bounds the HTTP head that [Record.HTTPResponse]
	// reads from a record this Reader returns; zero means
	// DefaultMaxHTTPHeadBytes.
	MaxHTTPHeadBytes int

	br     *bufio.Reader
	block  *io.LimitedReader // the current record's unread block
	offset int64             // bytes consumed from br
	hbuf   []byte            // a record header's bytes, reused
	err    error             // sticky error
}

// NewReader returns a Reader of the WARC file read from r. A file that
// starts with the gzip magic number is decompressed, member after
// member, as a ".warc.gz" file of records compressed one by one is.
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, err := br.Peek(2)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("warc: %w", err)
	}
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("warc: gzip stream: %w", err)
		}
		br = bufio.NewReaderSize(zr, 64<<10)
	}
	return &Reader{br: br}, nil
}

// Next returns the next record, skipping what is left unread of the
// previous record's block. At the end of the input it returns io.EOF.
// Input that is not a WARC record gives a [*FormatError]; an error of
// the input under the reader (a gzip stream's, say) is wrapped in one
// that starts "warc: record at OFFSET: ". After an error, Next returns
// the same error again.
func (r *Reader) Next() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	start := r.offset
	rec, err := r.next()
	if err != nil {
		var fe *FormatError
		if err != io.EOF && !errors.As(err, &fe) {
			// An error of the input under the reader (such as gzip's),
			// named as this package's.
			err = fmt.Errorf("warc: record at %d: %w", start, err)
		}
		r.err = err
	}
	return rec, err
}

func (r *Reader) next() (*Record, error) {
	if r.block != nil {
		n, err := io.Copy(io.Discard, r.block)
		r.offset += n
		if err != nil {
			return nil, err
		}
		if r.block.N > 0 {
			return nil, &FormatError{Offset: r.offset, Reason: "block shorter than its Content-Length", Err: io.ErrUnexpectedEOF}
		}
		r.block = nil
	}
	// The CRLF CRLF that ends a record, and any blank lines a lenient
	// writer added, come before the next version line.
	for {
		c, err := r.br.ReadByte()
		if err == io.EOF {
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if c != '\r' && c != '\n' {
			r.br.UnreadByte()
			break
		}
		r.offset++
	}
	start := r.offset
	max := r.MaxHeaderBytes
	if max <= 0 {
		max = DefaultMaxHeaderBytes
	}
	fail := func(reason string, cause error) error {
		return &FormatError{Offset: start, Reason: reason, Err: cause}
	}
	// The header's lines go into one buffer, made one string at the end:
	// one allocation per header, not one per line.
	buf := r.hbuf[:0]
	lineStart := 0
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.offset += int64(len(chunk))
		if len(buf)+len(chunk) > max {
			r.hbuf = buf[:0]
			return nil, fail(fmt.Sprintf("header longer than %d bytes", max), ErrHeaderTooLong)
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			r.hbuf = buf[:0]
			return nil, fail("header cut off by the end of the input", io.ErrUnexpectedEOF)
		}
		if err != nil {
			return nil, err
		}
		line := bytes.TrimRight(buf[lineStart:], "\r\n")
		if lineStart == 0 && !bytes.HasPrefix(line, []byte("WARC/")) {
			r.hbuf = buf[:0]
			return nil, fail(fmt.Sprintf("no WARC version line (%q)", truncate(string(line), 40)), nil)
		}
		if lineStart > 0 && len(line) == 0 {
			break
		}
		lineStart = len(buf)
	}
	r.hbuf = buf[:0]
	text := string(buf)
	version, text, _ := strings.Cut(text, "\n")
	version = strings.TrimRight(version, "\r")
	fb := fieldsBuilder{h: make(Header, 0, countFields(text))}
	for {
		var l string
		l, text, _ = strings.Cut(text, "\n")
		l = strings.TrimRight(l, "\r\n")
		if l == "" {
			break
		}
		if l[0] == ' ' || l[0] == '\t' {
			// A continuation line (linear white space) folds into the
			// field before it.
			if !fb.fold(l) {
				return nil, fail("continuation line before any field", nil)
			}
			continue
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, fail(fmt.Sprintf("malformed field %q", truncate(l, 40)), nil)
		}
		fb.add(name, value)
	}
	h := fb.header()
	cl := h.Get("Content-Length")
	if cl == "" {
		return nil, fail("no Content-Length field", nil)
	}
	n, err := strconv.ParseInt(cl, 10, 64)
	if err != nil || n < 0 || strings.ContainsAny(cl, "+-") {
		return nil, fail(fmt.Sprintf("bad Content-Length %q", truncate(cl, 40)), nil)
	}
	r.block = &io.LimitedReader{R: r.br, N: n}
	rec := &Record{Version: version, Header: h, ContentLength: n, Offset: start, maxHTTPHead: r.MaxHTTPHeadBytes}
	rec.Content = &countingReader{r: r}
	return rec, nil
}

// countingReader reads the current block and keeps the reader's offset.
type countingReader struct{ r *Reader }

func (c *countingReader) Read(p []byte) (int, error) {
	if c.r.block == nil {
		return 0, io.EOF
	}
	n, err := c.r.block.Read(p)
	c.r.offset += int64(n)
	if err == io.EOF && c.r.block.N > 0 {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
