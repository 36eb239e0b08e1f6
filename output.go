package url

import (
	"slices"
	"unsafe"
)

// The parser's output: the serialization being written. Most inputs are
// already in normal form (a crawler's links mostly are), and then the
// serialization is the input itself, or a prefix of it. So the output
// starts out as a count: while everything written equals the input at
// the same offset, p.out is nil and the output is p.ref[:p.n], where
// p.ref is the input. The first write that differs copies the prefix
// into a buffer. Parsing a normalized URL therefore copies nothing, and
// its href is a substring of the input.
//
// A setter (state override) starts with p.ref the URL's href and p.n
// its length, or the offset where the component it replaces starts:
// writing a component equal to the one the href holds then copies
// nothing either, and a setter that changes nothing allocates nothing.
// The first write that differs copies the output into the room of the
// URL's href buffer, or into a new href buffer of p.outCap bytes, which
// the setter sizes for the whole new href and room for the setters
// after it (hrefbuf.go, setters.go's claimOutput).

// maxLen returns the longest href the parser may produce.
func (p *parser) maxLen() uint64 {
	if p.limit == 0 {
		return hrefLimit
	}
	return p.limit
}

// tooLong reports whether the href is, or would have been, longer than
// the limit; past it the offsets (uint32) may have wrapped, so the URL
// must not be used.
func (p *parser) tooLong() bool {
	return p.overLimit || uint64(p.outLen()) > p.maxLen()
}

// outLen returns the length of the output so far.
func (p *parser) outLen() int {
	if p.out == nil {
		return p.n
	}
	return len(p.out)
}

// outString returns the output so far. The result is only valid until
// the next write. It must not be called once the output is blind.
func (p *parser) outString() string {
	if p.out == nil {
		return p.ref[:p.n]
	}
	return unsafe.String(unsafe.SliceData(p.out), len(p.out))
}

// result returns the finished serialization. The parser must not write
// to the output again.
func (p *parser) result() string {
	if p.out == nil {
		return p.ref[:p.n]
	}
	return unsafe.String(unsafe.SliceData(p.out), len(p.out))
}

// materialize switches from counting to a buffer with room for extra
// more bytes. With noStore (CanParse), it switches to blind counting
// instead and returns false: the caller then only adds to p.n.
func (p *parser) materialize(extra int) bool {
	if p.out != nil {
		return true
	}
	if p.noStore {
		p.blind = true
		return false
	}
	size := p.n + extra
	if p.outCap > 0 {
		// A setter: the size of the new href, as it computed, in the
		// room of a buffer the URL keeps for later setters (hrefbuf.go).
		p.out = append(p.newSetterOutput(max(size, p.outCap)), p.ref[:p.n]...)
		return true
	}
	// The rest of the input still to come, which the states may have
	// skipped ahead of the output (a run of slashes before a host).
	if rest := len(p.input) - max(p.n, p.pos); extra < rest+16 {
		size = p.n + rest + 16
	}
	if p.hasBase {
		size += len(p.base.href)
	}
	p.out = append(make([]byte, 0, size), p.ref[:p.n]...)
	return true
}

// writeString appends s to the output.
func (p *parser) writeString(s string) {
	if p.out == nil {
		if p.blind {
			p.n += len(s)
			return
		}
		if rest := p.ref[p.n:]; len(rest) >= len(s) && (unsafe.StringData(rest) == unsafe.StringData(s) || rest[:len(s)] == s) {
			p.n += len(s)
			return
		}
		if !p.materialize(len(s)) {
			p.n += len(s)
			return
		}
	}
	p.out = append(p.out, s...)
}

// writeBytes appends b to the output.
func (p *parser) writeBytes(b []byte) {
	if p.out == nil {
		if p.blind {
			p.n += len(b)
			return
		}
		if rest := p.ref[p.n:]; len(rest) >= len(b) && rest[:len(b)] == string(b) {
			p.n += len(b)
			return
		}
		if !p.materialize(len(b)) {
			p.n += len(b)
			return
		}
	}
	p.out = append(p.out, b...)
}

// writeByte appends c to the output.
func (p *parser) writeByte(c byte) {
	if p.out == nil {
		if p.n < len(p.ref) && p.ref[p.n] == c || !p.materialize(1) {
			p.n++
			return
		}
	}
	p.out = append(p.out, c)
}

// writeLower appends s with ASCII upper alphas lowercased.
func (p *parser) writeLower(s string) {
	if !p.materialize(len(s)) {
		p.n += len(s)
		return
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if byteClass[c]&classUpper != 0 {
			c += 'a' - 'A'
		}
		p.out = append(p.out, c)
	}
}

// writeLowerIfNeeded appends s lowercased, copying nothing when s has no
// ASCII upper alpha.
func (p *parser) writeLowerIfNeeded(s string) {
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]]&classUpper != 0 {
			p.writeString(s[:i])
			p.writeLower(s[i:])
			return
		}
	}
	p.writeString(s)
}

// writeEncoded appends s with every byte in set percent-encoded
// (appendEncodedRun, writer.go), sizing the output for it.
func (p *parser) writeEncoded(s string, set EncodeSet) {
	i := needsEncoding(s, set)
	if i < 0 {
		p.writeString(s)
		return
	}
	p.writeString(s[:i])
	// Room for exactly what s[i:] encodes to, so that the href of an
	// input that grows is not a slice of a buffer three times its size.
	need := len(s) - i + 2*countInSet(s[i:], set)
	if uint64(p.outLen())+uint64(need) > p.maxLen() {
		// Never allocate for an href that will be refused.
		p.overLimit = true
		return
	}
	if p.out == nil {
		if !p.materialize(len(p.input) - p.n - (len(s) - i) + need) {
			p.n += need
			return
		}
	} else if cap(p.out)-len(p.out) < need {
		p.out = slices.Grow(p.out, need+max(0, len(p.input)-max(p.n, p.pos)))
	}
	p.out, _ = appendEncodedRun(p.out, s[i:], set, false)
}

// truncate cuts the output back to n bytes.
func (p *parser) truncate(n int) {
	if p.out == nil {
		p.n = n
		return
	}
	p.out = p.out[:n]
}
