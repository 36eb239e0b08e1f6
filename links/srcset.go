package links

import "strings"

// A srcsetCandidate is one image candidate's URL and its offset in the
// attribute's value.
type srcsetCandidate struct {
	url   string
	start int
}

// srcsetCandidates splits a srcset attribute's value into its image
// candidates' URLs as HTML's "parse a srcset attribute" does, skipping
// the candidates whose descriptors it rejects.
// https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute
func srcsetCandidates(s string) []srcsetCandidate {
	var out []srcsetCandidate
	p := srcsetParser{emit: func(url []byte, at Position, _ bool) {
		out = append(out, srcsetCandidate{string(url), at.Offset})
	}}
	p.feed(s, placer{exact: true})
	p.end()
	return out
}

// The states of a srcsetParser: HTML's splitting loop, the URL, and
// the descriptor tokenizer's states.
const (
	srcsetSplitting = iota
	srcsetURL
	srcsetInDescriptor
	srcsetInParens
	srcsetAfterDescriptor
)

// A srcsetParser is HTML's "parse a srcset attribute" run on a value
// handed to it in pieces, as the tokenizer reads it, which calls emit
// with each image candidate whose descriptors HTML accepts, as soon as
// it ends: it keeps only the candidate being read (its URL and its
// current descriptor), so that a value of a million candidates costs no
// more than one of a few.
type srcsetParser struct {
	emit func(url []byte, at Position, exact bool) // url only during the call
	// max, if positive, is the longest URL and descriptor kept: a
	// longer URL is emitted as tooLongRaw, a longer descriptor makes
	// its candidate invalid.
	max int
	// long is true when the URL is longer than max (url is then
	// empty), and longComma when its text so far ends with a comma.
	long, longComma bool

	state    uint8
	url      []byte
	urlAt    Position // where the URL starts
	urlExact bool     // whether the URL is written as it is
	desc     []byte   // the current descriptor
	// What the candidate's descriptors hold so far: the descriptor
	// parser's width, density and height, and an error.
	width, density, height, bad bool
}

// feed parses the next piece of the value, s, which pl places in the
// document.
func (p *srcsetParser) feed(s string, pl placer) {
	exact := pl.exact
	for k := 0; k < len(s); k++ {
		c := s[k]
		switch p.state {
		case srcsetSplitting:
			if isSpace(c) || c == ',' {
				continue
			}
			p.state = srcsetURL
			p.url, p.long = p.url[:0], false
			p.urlExact = exact
			p.urlAt = pl.at(k)
			j := k + 1
			for j < len(s) && !isSpace(s[j]) {
				j++
			}
			p.addURL(s[k:j])
			k = j - 1
		case srcsetURL:
			if isSpace(c) {
				p.endURL()
				continue
			}
			// The URL's run up to whitespace, at once.
			j := k + 1
			for j < len(s) && !isSpace(s[j]) {
				j++
			}
			p.urlExact = p.urlExact && exact
			p.addURL(s[k:j])
			k = j - 1
		case srcsetInDescriptor:
			switch {
			case isSpace(c):
				if len(p.desc) > 0 {
					p.endDescriptor()
					p.state = srcsetAfterDescriptor
				}
			case c == ',':
				p.endDescriptor()
				p.endCandidate()
			case c == '(':
				p.addDesc(c)
				p.state = srcsetInParens
			default:
				p.addDesc(c)
			}
		case srcsetInParens:
			p.addDesc(c)
			if c == ')' {
				p.state = srcsetInDescriptor
			}
		case srcsetAfterDescriptor:
			if !isSpace(c) {
				p.state = srcsetInDescriptor
				k-- // reconsume c
			}
		}
	}
}

// addURL adds s to the URL: a URL longer than p.max is dropped, and
// stands as tooLongRaw.
func (p *srcsetParser) addURL(s string) {
	if !p.long && p.max > 0 && len(p.url)+len(s) > p.max {
		p.long, p.url = true, p.url[:0]
	}
	if p.long {
		p.longComma = s[len(s)-1] == ','
		return
	}
	p.url = append(p.url, s...)
}

// addDesc adds c to the current descriptor: a descriptor longer than
// p.max is not kept, and makes its candidate invalid.
func (p *srcsetParser) addDesc(c byte) {
	if p.max > 0 && len(p.desc) >= p.max {
		p.bad = true
		return
	}
	p.desc = append(p.desc, c)
}

// reset makes p ready for a new value, keeping its buffers.
func (p *srcsetParser) reset() {
	p.state = srcsetSplitting
	p.url, p.desc, p.long = p.url[:0], p.desc[:0], false
	p.width, p.density, p.height, p.bad = false, false, false, false
}

// end ends the value.
func (p *srcsetParser) end() {
	switch p.state {
	case srcsetURL:
		p.endURL()
		if p.state == srcsetInDescriptor {
			p.endCandidate()
		}
	case srcsetInDescriptor, srcsetInParens:
		p.endDescriptor()
		p.endCandidate()
	case srcsetAfterDescriptor:
		p.endCandidate()
	}
	p.state = srcsetSplitting
}

// endURL ends the URL at whitespace or the value's end: a URL that ends
// with commas loses them and has no descriptors; otherwise the
// descriptors follow.
func (p *srcsetParser) endURL() {
	if p.long {
		if p.longComma {
			p.endCandidate()
		} else {
			p.state = srcsetInDescriptor
		}
		return
	}
	if p.url[len(p.url)-1] == ',' {
		for len(p.url) > 0 && p.url[len(p.url)-1] == ',' {
			p.url = p.url[:len(p.url)-1]
		}
		p.endCandidate()
		return
	}
	p.state = srcsetInDescriptor
}

// endDescriptor ends the current descriptor, if any, and checks it as
// HTML's descriptor parser does.
func (p *srcsetParser) endDescriptor() {
	if len(p.desc) == 0 {
		return
	}
	d := string(p.desc)
	p.desc = p.desc[:0]
	v, last := d[:len(d)-1], d[len(d)-1]
	switch last {
	case 'w':
		if p.width || p.density || !validPositiveInteger(v) {
			p.bad = true
		}
		p.width = true
	case 'x':
		if p.width || p.density || p.height || !validFloat(v) || strings.HasPrefix(v, "-") {
			p.bad = true
		}
		p.density = true
	case 'h':
		if p.height || p.density || !validPositiveInteger(v) {
			p.bad = true
		}
		p.height = true
	default:
		p.bad = true
	}
}

// endCandidate emits the candidate read, if HTML accepts its
// descriptors, and goes back to the splitting loop.
func (p *srcsetParser) endCandidate() {
	if !p.bad && (!p.height || p.width) {
		if p.long {
			p.emit([]byte(tooLongRaw), p.urlAt, false)
		} else {
			p.emit(p.url, p.urlAt, p.urlExact)
		}
	}
	p.width, p.density, p.height, p.bad = false, false, false, false
	p.desc = p.desc[:0]
	p.state = srcsetSplitting
}

// validPositiveInteger reports whether s is a valid non-negative integer
// (ASCII digits) greater than zero.
func validPositiveInteger(s string) bool {
	if s == "" {
		return false
	}
	nonzero := false
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		nonzero = nonzero || s[i] != '0'
	}
	return nonzero
}

// validFloat reports whether s is an HTML valid floating-point number:
// an optional "-", digits, "." and digits, or both, then an optional
// exponent.
func validFloat(s string) bool {
	i := 0
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
