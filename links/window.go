package links

import (
	"bytes"
	"io"
)

// readSize is how much a window asks its reader for at a time.
const readSize = 32 << 10

// A window is the part of a document that the tokenizer still needs, read
// from an io.Reader as the tokenizer asks for more: the bytes before the
// read position are dropped on the next read, unless the tokenizer holds
// them (the value of an attribute it wants, the text of a style element).
// Its memory is the larger of readSize and the longest stretch held, not
// the document's size; for a document shorter than readSize whose length
// is known, its length (and one byte, for the read that meets its end).
type window struct {
	r    io.Reader
	buf  []byte
	i    int   // the read position: the next byte is buf[i]
	base int64 // the document offset of buf[0]
	hold int64 // the document offset from which bytes are held, or -1
	err  error // the reader's error (io.EOF at the end), once met

	lines lineCounter
}

// newWindow returns a window over r. size is the length of the document r
// reads, when known, or -1: a length below readSize makes the buffer
// that length (a wrong one only moves where the buffer grows).
func newWindow(r io.Reader, size int) *window {
	w := &window{r: r, hold: -1, lines: lineCounter{line: 1}}
	if size >= 0 && size < readSize {
		w.buf = make([]byte, 0, size+1) // grows only when full (fill)
	}
	return w
}

// offset returns the document offset of the read position.
func (w *window) offset() int64 { return w.base + int64(w.i) }

// fill makes at least n bytes after the read position available in
// w.buf, reading as needed, and reports whether it could (false at the
// end of the document or on a read error, with fewer available).
func (w *window) fill(n int) bool {
	for len(w.buf)-w.i < n {
		if w.err != nil {
			return false
		}
		drop := w.i
		if w.hold >= 0 && int(w.hold-w.base) < drop {
			drop = int(w.hold - w.base)
		}
		if drop > 0 {
			w.lines.advance(w.buf, w.base, w.base+int64(drop))
			m := copy(w.buf, w.buf[drop:])
			w.buf = w.buf[:m]
			w.base += int64(drop)
			w.i -= drop
		}
		// A buffer smaller than readSize was made for the document's
		// length (newWindow): it grows only when full.
		if free := cap(w.buf) - len(w.buf); free == 0 || free < readSize/2 && cap(w.buf) >= readSize {
			nb := make([]byte, len(w.buf), max(2*cap(w.buf), len(w.buf)+readSize))
			copy(nb, w.buf)
			w.buf = nb
		}
		m, err := w.r.Read(w.buf[len(w.buf):cap(w.buf)])
		w.buf = w.buf[:len(w.buf)+m]
		if err != nil {
			w.err = err
		} else if m == 0 {
			// A reader that returns nothing and no error: ask again,
			// as io.ReadAll does.
			continue
		}
	}
	return true
}

// more reports whether a byte is available at the read position.
func (w *window) more() bool {
	return w.i < len(w.buf) || w.fill(1)
}

// position returns the position of the document offset off, which must
// be at or after the last position asked for and still in the window.
func (w *window) position(off int64) Position {
	return w.lines.position(w.buf, w.base, off)
}

// bytes returns the document's bytes from offset from to offset to,
// which must be in the window.
func (w *window) bytes(from, to int64) []byte {
	return w.buf[from-w.base : to-w.base]
}

// A lineCounter counts the lines of a document as it goes by, once:
// lines end at "\n", "\r\n" or a lone "\r", as HTML's newlines do.
type lineCounter struct {
	counted   int64 // the bytes before this offset are counted
	line      int   // the line of offset counted
	lineStart int64 // the offset where that line starts
	// crLine and crStart are line and lineStart before the last counted
	// byte, when that byte is a CR: the LF that may follow it is on the
	// CR's line.
	prevCR  bool
	crLine  int
	crStart int64

	// m, if not nil, maps offsets in the decoded document to its
	// source's (a document in another encoding than UTF-8): positions
	// count source bytes. lineStartSrc and crStartSrc are the source
	// offsets of lineStart and crStart.
	m                        *offsetMap
	lineStartSrc, crStartSrc int64
}

// src returns the source offset of the decoded offset off.
func (c *lineCounter) src(off int64) int64 {
	if c.m == nil {
		return off
	}
	return c.m.source(off)
}

// setLineStart records that a line starts at off.
func (c *lineCounter) setLineStart(off int64) {
	c.lineStart = off
	c.lineStartSrc = c.src(off)
}

// advance counts the lines of the document up to offset to, of which
// buf, starting at document offset base, holds the uncounted part.
func (c *lineCounter) advance(buf []byte, base, to int64) {
	if to <= c.counted {
		return
	}
	seg := buf[c.counted-base : to-base]
	if c.prevCR && seg[0] == '\n' {
		// The LF of a CRLF: the line began after the CR; it begins
		// after the LF.
		c.setLineStart(c.counted + 1)
		seg = seg[1:]
		c.counted++
	}
	c.prevCR = false
	if len(seg) == 0 {
		return
	}
	if bytes.IndexByte(seg, '\r') < 0 {
		// No CR: the lines end at the LFs, which Count and
		// LastIndexByte find many bytes at a time.
		if n := bytes.Count(seg, []byte("\n")); n > 0 {
			c.line += n
			c.setLineStart(c.counted + int64(bytes.LastIndexByte(seg, '\n')) + 1)
		}
		c.counted = to
		return
	}
	for i, x := range seg {
		switch {
		case x == '\r':
			c.crLine, c.crStart, c.crStartSrc = c.line, c.lineStart, c.lineStartSrc
			c.line++
			c.setLineStart(c.counted + int64(i) + 1)
		case x == '\n' && i > 0 && seg[i-1] == '\r':
			c.setLineStart(c.counted + int64(i) + 1)
		case x == '\n':
			c.line++
			c.setLineStart(c.counted + int64(i) + 1)
		}
	}
	c.prevCR = seg[len(seg)-1] == '\r'
	c.counted = to
}

// position returns the line and column of off (see advance).
func (c *lineCounter) position(buf []byte, base, off int64) Position {
	c.advance(buf, base, off)
	s := c.src(off)
	if c.prevCR && off == c.counted && off-base < int64(len(buf)) && buf[off-base] == '\n' {
		// The LF of a CRLF is on the CR's line.
		return Position{Offset: int(s), Line: c.crLine, Col: int(s-c.crStartSrc) + 1}
	}
	return Position{Offset: int(s), Line: c.line, Col: int(s-c.lineStartSrc) + 1}
}
