package dataurl

import "strings"

// percentSource yields the bytes of the percent-decoding of s
// (https://url.spec.whatwg.org/#percent-decode) from pos on, one at a time
// or a run at a time, without building it: a data: URL's body is the
// percent-decoding of the rest of its href, and the href is already in
// memory. With raw, s is yielded as it is (forgiving-base64 decode of a
// plain string).
type percentSource struct {
	s   string
	pos int
	raw bool
}

// next returns the next byte of the percent-decoding, and false at the
// end: "%" followed by two ASCII hex digits is the byte they denote; any
// other byte, "%" included, is itself.
func (p *percentSource) next() (byte, bool) {
	if p.pos >= len(p.s) {
		return 0, false
	}
	c := p.s[p.pos]
	if c == '%' && !p.raw && p.pos+2 < len(p.s) {
		if h, l := unhex(p.s[p.pos+1]), unhex(p.s[p.pos+2]); h|l < 16 {
			p.pos += 3
			return h<<4 | l, true
		}
	}
	p.pos++
	return c, true
}

// alphabetRun skips the bytes of the base64 alphabet from pos on (none of
// them is "%", so they are their own decoding) and returns how many.
func (p *percentSource) alphabetRun() int {
	i := p.pos
	for i < len(p.s) && base64Value[p.s[i]] != notSextet {
		i++
	}
	n := i - p.pos
	p.pos = i
	return n
}

// read copies the percent-decoding into b and returns how many bytes it
// wrote: fewer than len(b) only at the end.
func (p *percentSource) read(b []byte) int {
	if p.raw {
		n := copy(b, p.s[p.pos:])
		p.pos += n
		return n
	}
	s, i, n := p.s, p.pos, 0
	for n < len(b) && i < len(s) {
		c := s[i]
		if c != '%' {
			// A run without "%": copied whole when it is long.
			if j := strings.IndexByte(s[i:min(len(s), i+len(b)-n)], '%'); j < 0 || j > 16 {
				if j < 0 {
					j = min(len(s)-i, len(b)-n)
				}
				n += copy(b[n:], s[i:i+j])
				i += j
				continue
			}
			b[n] = c
			n++
			i++
			continue
		}
		if i+2 < len(s) {
			if h, l := unhex(s[i+1]), unhex(s[i+2]); h|l < 16 {
				b[n] = h<<4 | l
				n++
				i += 3
				continue
			}
		}
		b[n] = '%'
		n++
		i++
	}
	p.pos = i
	return n
}

// decodedLen returns the length of the percent-decoding of s: each "%"
// followed by two hex digits stands for one byte.
func (p *percentSource) decodedLen() int {
	n := len(p.s) - p.pos
	if p.raw {
		return n
	}
	s := p.s[p.pos:]
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			return n
		}
		if i+2 < len(s) && unhex(s[i+1])|unhex(s[i+2]) < 16 {
			n -= 2
			s = s[i+3:]
		} else {
			s = s[i+1:]
		}
	}
}

// unhex returns the value of an ASCII hex digit, or 16 or more for any
// other byte.
func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 0xF0
}
