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
	eachSrcsetCandidate(s, func(c srcsetCandidate) { out = append(out, c) })
	return out
}

// eachSrcsetCandidate calls f with each image candidate of the srcset
// value s, as srcsetCandidates returns them, keeping none: a value of a
// million candidates costs no more memory than one of a few. Their URLs are
// substrings of s.
func eachSrcsetCandidate(s string, f func(srcsetCandidate)) {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	pos := 0
	var buf [4]string
	for {
		// Splitting loop: skip whitespace and commas.
		for pos < len(s) && (isSpace(s[pos]) || s[pos] == ',') {
			pos++
		}
		if pos >= len(s) {
			return
		}
		start := pos
		for pos < len(s) && !isSpace(s[pos]) {
			pos++
		}
		u := s[start:pos]
		descriptors := buf[:0]
		if strings.HasSuffix(u, ",") {
			u = strings.TrimRight(u, ",")
		} else {
			// Tokenize the descriptors. The current descriptor is
			// always a run of s: s[cur:pos].
			for pos < len(s) && isSpace(s[pos]) {
				pos++
			}
			cur := pos
			const (
				inDescriptor = iota
				inParens
				afterDescriptor
			)
			state := inDescriptor
		tokenize:
			for ; ; pos++ {
				if pos >= len(s) {
					if state != afterDescriptor && pos > cur {
						descriptors = append(descriptors, s[cur:pos])
					}
					break
				}
				c := s[pos]
				switch state {
				case inDescriptor:
					switch {
					case isSpace(c):
						if pos > cur {
							descriptors = append(descriptors, s[cur:pos])
							state = afterDescriptor
						}
						cur = pos + 1
					case c == ',':
						if pos > cur {
							descriptors = append(descriptors, s[cur:pos])
						}
						pos++
						break tokenize
					case c == '(':
						state = inParens
					}
				case inParens:
					if c == ')' {
						state = inDescriptor
					}
				case afterDescriptor:
					if !isSpace(c) {
						state = inDescriptor
						cur = pos
						pos--
					}
				}
			}
		}
		if validDescriptors(descriptors) {
			f(srcsetCandidate{u, start})
		}
	}
}

// validDescriptors reports whether HTML's srcset parser accepts an
// image candidate's descriptors (its step "descriptor parser").
func validDescriptors(ds []string) bool {
	var width, density, height bool
	for _, d := range ds {
		if d == "" {
			return false
		}
		v, last := d[:len(d)-1], d[len(d)-1]
		switch last {
		case 'w':
			if width || density || !validPositiveInteger(v) {
				return false
			}
			width = true
		case 'x':
			if width || density || height || !validFloat(v) || strings.HasPrefix(v, "-") {
				return false
			}
			density = true
		case 'h':
			if height || density || !validPositiveInteger(v) {
				return false
			}
			height = true
		default:
			return false
		}
	}
	return !height || width
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
