package warc

import (
	"bufio"
	"compress/gzip"
	"errors"
	"io"
	"strconv"
	"strings"
)

// Writer writes WARC/1.1 records, plain or each record compressed as its
// own gzip member (the ".warc.gz" convention, which lets a reader start
// at any record's offset).
type Writer struct {
	w    io.Writer
	gzip bool
	zw   *gzip.Writer // reused from member to member: a new one costs about 800 KB
	bw   *bufio.Writer
}

// NewWriter returns a Writer of uncompressed records to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// NewGzipWriter returns a Writer that compresses each record as its own
// gzip member.
func NewGzipWriter(w io.Writer) *Writer { return &Writer{w: w, gzip: true} }

// errBadField is the error of a field name or value that would break the
// header's syntax.
var errBadField = errors.New("warc: field name or value with a line break, or a name with a colon or space")

// WriteRecord writes one record: the version line "WARC/1.1", the fields
// of h in order (a Content-Length field in h is replaced by the block's
// length), a blank line, block, and the CRLF CRLF that ends a record.
func (w *Writer) WriteRecord(h Header, block []byte) error {
	for _, f := range h {
		if f.Name == "" || strings.ContainsAny(f.Name, ": \t\r\n") || strings.ContainsAny(f.Value, "\r\n") {
			return errBadField
		}
	}
	out := w.w
	var zw *gzip.Writer
	if w.gzip {
		if w.zw == nil {
			w.zw = gzip.NewWriter(w.w)
		} else {
			w.zw.Reset(w.w)
		}
		zw = w.zw
		out = zw
	}
	if w.bw == nil {
		w.bw = bufio.NewWriter(out)
	} else {
		w.bw.Reset(out)
	}
	bw := w.bw
	bw.WriteString("WARC/1.1\r\n")
	for _, f := range h {
		if strings.EqualFold(f.Name, "Content-Length") {
			continue
		}
		bw.WriteString(f.Name)
		bw.WriteString(": ")
		bw.WriteString(f.Value)
		bw.WriteString("\r\n")
	}
	bw.WriteString("Content-Length: " + strconv.Itoa(len(block)) + "\r\n\r\n")
	bw.Write(block)
	bw.WriteString("\r\n\r\n")
	if err := bw.Flush(); err != nil {
		return err
	}
	if zw != nil {
		return zw.Close()
	}
	return nil
}
