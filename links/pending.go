package links

import "encoding/binary"

// A found link is one the scanner found, not yet resolved.
type found struct {
	tag, attr string
	kind      Kind
	raw       string
	pos       Position
	exact     bool
	base      bool // the href of the base element that sets the base URL
	utf8      bool // parsed with UTF-8, not the document's encoding (CSS)
}

// A pendingLog holds the links found before the document's base URL is
// known (HTML's base URL is that of the first base element, which may
// come after the links it applies to), written compactly: a link costs
// a few bytes besides its text, so that a document whose base URL is
// known only at its end (most documents have no base element) holds a
// small fraction of its size while it is read. The log is a list of
// chunks, so that it never copies itself to grow, and read once, in
// order, each chunk let go once read.
type pendingLog struct {
	chunks            [][]byte
	last              Position // the previous link's position, which the next is written against
	n                 int
	lastTag, lastAttr string // the names of the last link
	// big are the raws of bigLink bytes or more, which the log names by
	// their index here rather than copy: the string is the value the
	// tokenizer read, kept once.
	big []string
}

const (
	pendingChunk = 64 << 10
	bigLink      = 4 << 10
)

// add appends f to the log.
func (p *pendingLog) add(f found) {
	p.addBytes(f, nil)
}

// addBytes appends f to the log, with raw for its raw when raw is not
// nil: a link moved from one log to another costs no string.
func (p *pendingLog) addBytes(f found, raw []byte) {
	rawLen := len(f.raw)
	if raw != nil {
		rawLen = len(raw)
	} else if rawLen >= bigLink {
		rawLen = 0
	}
	need := 4 + 5*binary.MaxVarintLen64 + len(f.tag) + len(f.attr) + rawLen
	if len(p.chunks) == 0 || cap(p.chunks[len(p.chunks)-1])-len(p.chunks[len(p.chunks)-1]) < need {
		// Chunks double from 256 bytes to pendingChunk: a log of a few
		// links (a srcset's) costs a few hundred bytes.
		size := 256
		if n := len(p.chunks); n > 0 {
			size = min(pendingChunk, 2*cap(p.chunks[n-1]))
		}
		p.chunks = append(p.chunks, make([]byte, 0, max(size, need)))
	}
	b := p.chunks[len(p.chunks)-1]
	// The flags: the kind (two bits), exact, base, utf8, a big raw,
	// the names of the link before, and a column implied by the
	// offset (on the same line, the column advances with it).
	flags := byte(f.kind) & 3
	if f.exact {
		flags |= 1 << 2
	}
	if f.base {
		flags |= 1 << 3
	}
	if f.utf8 {
		flags |= 1 << 4
	}
	big := raw == nil && len(f.raw) >= bigLink
	if big {
		flags |= 1 << 5
	}
	sameNames := p.n > 0 && f.tag == p.lastTag && f.attr == p.lastAttr
	if sameNames {
		flags |= 1 << 6
	}
	sameLine := f.pos.Line == p.last.Line && f.pos.Col-p.last.Col == f.pos.Offset-p.last.Offset
	if sameLine {
		flags |= 1 << 7
	}
	b = append(b, flags)
	b = binary.AppendUvarint(b, uint64(f.pos.Offset-p.last.Offset))
	if !sameLine {
		b = binary.AppendUvarint(b, uint64(f.pos.Line-p.last.Line))
		b = binary.AppendUvarint(b, uint64(f.pos.Col))
	}
	if !sameNames {
		b = appendName(b, f.tag)
		b = appendName(b, f.attr)
		p.lastTag, p.lastAttr = f.tag, f.attr
	}
	switch {
	case big:
		b = binary.AppendUvarint(b, uint64(len(p.big)))
		p.big = append(p.big, f.raw)
	case raw != nil:
		b = binary.AppendUvarint(b, uint64(len(raw)))
		b = append(b, raw...)
	default:
		b = appendString(b, f.raw)
	}
	p.chunks[len(p.chunks)-1] = b
	p.last = f.pos
	p.n++
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// drain calls f with each link of the log, in order, and empties it; it
// stops early, keeping nothing, when f returns false.
func (p *pendingLog) drain(f func(found) bool) bool {
	return p.drainBytes(func(l found, raw []byte) bool {
		if raw != nil {
			l.raw = string(raw)
		}
		return f(l)
	})
}

// drainBytes is drain with each link's raw in a []byte, which is valid
// only during the call, not in its raw field; but a raw of bigLink bytes
// or more is in the raw field, with a nil []byte.
func (p *pendingLog) drainBytes(f func(found, []byte) bool) bool {
	var last Position
	var lastTag, lastAttr string
	chunks, big := p.chunks, p.big
	*p = pendingLog{}
	for i, b := range chunks {
		chunks[i] = nil // let it go once read
		for len(b) > 0 {
			var l found
			flags := b[0]
			b = b[1:]
			l.kind = Kind(flags & 3)
			l.exact = flags&(1<<2) != 0
			l.base = flags&(1<<3) != 0
			l.utf8 = flags&(1<<4) != 0
			var d uint64
			d, b = uvarint(b)
			l.pos.Offset = last.Offset + int(d)
			if flags&(1<<7) != 0 {
				l.pos.Line = last.Line
				l.pos.Col = last.Col + int(d)
			} else {
				d, b = uvarint(b)
				l.pos.Line = last.Line + int(d)
				d, b = uvarint(b)
				l.pos.Col = int(d)
			}
			if flags&(1<<6) != 0 {
				l.tag, l.attr = lastTag, lastAttr
			} else {
				l.tag, b = readName(b)
				l.attr, b = readName(b)
				lastTag, lastAttr = l.tag, l.attr
			}
			var n uint64
			n, b = uvarint(b)
			var raw []byte
			if flags&(1<<5) != 0 {
				l.raw = big[n]
				big[n] = "" // let it go once read
			} else {
				raw = b[:n:n]
				b = b[n:]
			}
			last = l.pos
			if !f(l, raw) {
				return false
			}
		}
	}
	return true
}

func uvarint(b []byte) (uint64, []byte) {
	v, n := binary.Uvarint(b)
	return v, b[n:]
}

// readString reads a string appendString wrote.
func readString(b []byte) (string, []byte) {
	n, b := uvarint(b)
	return string(b[:n]), b[n:]
}

// knownNames are the element and attribute names of links, which the log
// writes as one byte, their index.
var knownNames = func() []string {
	var names []string
	for _, e := range htmlElements {
		names = append(names, e.name)
	}
	names = append(names, attrNames[:]...)
	for _, n := range svgTagNames {
		names = append(names, n)
	}
	return append(names, "style", "svg", "image", "use", "script", "a")
}()

// appendName appends a tag or attribute name: its index in knownNames,
// or 0xFF and the name.
func appendName(b []byte, s string) []byte {
	for i, k := range knownNames[:min(len(knownNames), 0xFF)] {
		if k == s {
			return append(b, byte(i))
		}
	}
	return appendString(append(b, 0xFF), s)
}

// readName reads a name appendName wrote.
func readName(b []byte) (string, []byte) {
	if b[0] != 0xFF {
		return knownNames[b[0]], b[1:]
	}
	return readString(b[1:])
}
