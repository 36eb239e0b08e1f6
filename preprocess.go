package url

import (
	"unicode/utf8"
	"unsafe"
)

// Preprocessing of the basic URL parser's input (URL Standard, section
// 4.4, the steps before the state machine): leading and trailing C0
// control or space stripped (not with a state override), ASCII tab or
// newline removed, and each byte that is not part of valid UTF-8 read as
// U+FFFD (the spec's input is a scalar value string). The input is copied
// only when a tab, a newline or an invalid byte occurs; the offset map
// that takes an offset in the cleaned input back to the caller's is kept
// only when validation errors are reported.
// https://url.spec.whatwg.org/#concept-basic-url-parser (steps 1-3)

// preprocess strips leading and trailing C0 control or space, removes
// ASCII tab or newline, and replaces each byte that is not part of valid
// UTF-8 with U+FFFD (the spec's input is a scalar value string). The
// input is copied only when tabs, newlines or invalid bytes occur.
func (p *parser) preprocess(input string) {
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	if (start > 0 || end < len(input)) && p.report != nil {
		p.warnAt(InvalidURLUnit, 0)
	}
	p.clean(input, start, end)
}

// preprocessOverride prepares a setter's value: with a state override
// the parser removes tabs and newlines but strips nothing.
func (p *parser) preprocessOverride(value string) {
	p.clean(value, 0, len(value))
}

// clean sets p.input to input[start:end] without tabs and newlines, with
// invalid UTF-8 bytes replaced.
func (p *parser) clean(input string, start, end int) {
	p.cleanTabs(input, start, end, true)
}

// cleanTabs is clean, removing tabs and newlines only if removeTabs.
// The offset map (p.offsets) is built only when validation errors are
// reported; otherwise origOffset recomputes the one offset a failure
// needs by rescanning the caller's input, so that Parse allocates no
// more than the cleaned input.
func (p *parser) cleanTabs(input string, start, end int, removeTabs bool) {
	p.origLead = start
	s := input[start:end]
	i := min(p.cleanUntil, len(s)) // known to need no cleaning
	// Eight bytes at a time while none is a tab, a newline or non-ASCII:
	// the high bit of a byte of (w - 0x0E...) | w is set for the lowest
	// byte below 0x0E (tab, LF and CR are 0x09, 0x0A, 0x0D) or above
	// 0x7F. After a byte that needs a look, the scan goes on eight bytes
	// at a time, so that a space or a non-ASCII character does not make
	// the rest of the input a byte at a time.
	for i < len(s) {
		if i+8 <= len(s) {
			if w := load64(s[i : i+8]); ((w-0x0E0E0E0E0E0E0E0E)|w)&0x8080808080808080 == 0 {
				i += 8
				continue
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if (c == '\t' || c == '\n' || c == '\r') && removeTabs {
				break
			}
			i++
			continue
		}
		size := validRuneLen(s, i)
		if size == 0 {
			break
		}
		i += size
	}
	if i == len(s) {
		p.input = s
		return
	}
	// Slow path: build the cleaned input, of exactly the size it needs,
	// and the offset map if needed.
	p.orig, p.origTabs = s, removeTabs
	out := make([]byte, 0, i+cleanLen(s[i:], removeTabs))
	out = append(out, s[:i]...)
	reportedTab := false
	for i < len(s) {
		// Copy the run of bytes that stay as they are in one append.
		j := i
		for j < len(s) {
			c := s[j]
			if c < utf8.RuneSelf {
				if (c == '\t' || c == '\n' || c == '\r') && removeTabs {
					break
				}
				j++
				continue
			}
			if c < 0xC2 || c > 0xF4 {
				break // never the first byte of a UTF-8 sequence
			}
			r, size := utf8.DecodeRuneInString(s[j:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			j += size
		}
		if j-i == 1 {
			out = append(out, s[i]) // no copy call for a one-byte run ("a\tb\tc")
		} else {
			out = append(out, s[i:j]...)
		}
		if i = j; i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			// A tab or newline: removed.
			if p.report != nil && !reportedTab {
				reportedTab = true
				p.warnAt(InvalidURLUnit, start+i)
			}
		} else {
			// An invalid UTF-8 byte: U+FFFD. So is each byte after it
			// that never starts a UTF-8 sequence: with no offset map to
			// keep, a run of them is replaced in bulk.
			k := i + 1
			if p.report == nil {
				for k < len(s) && s[k] >= utf8.RuneSelf && (s[k] < 0xC2 || s[k] > 0xF4) {
					k++
				}
			}
			for n := k - i; n > 0; n -= min(n, len(replacementRun)/3) {
				out = append(out, replacementRun[:3*min(n, len(replacementRun)/3)]...)
			}
			i = k - 1
		}
		i++
		if p.report != nil {
			p.mark(len(out), start+i)
		}
	}
	p.input = unsafe.String(unsafe.SliceData(out), len(out))
}

// replacementRun is U+FFFD, the replacement of an invalid UTF-8 byte,
// 32 times.
const replacementRun = "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD" +
	"\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD"

// validRuneLen returns the length of the UTF-8 sequence of a code point
// (not ASCII) at s[i], or 0 when the bytes there are not one: what
// utf8.DecodeRuneInString tells with (utf8.RuneError, 1), without
// decoding the code point.
func validRuneLen(s string, i int) int {
	c := s[i]
	switch {
	case c >= 0xC2 && c < 0xE0:
		if i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			return 2
		}
	case c >= 0xE0 && c < 0xF0:
		// The second byte's range excludes overlong forms (after E0)
		// and surrogates (after ED).
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
		if i+2 < len(s) && lo <= s[i+1] && s[i+1] <= hi && s[i+2]&0xC0 == 0x80 {
			return 3
		}
	case c >= 0xF0 && c < 0xF5:
		// Overlong forms (after F0) and code points beyond U+10FFFF
		// (after F4).
		lo, hi := byte(0x80), byte(0xBF)
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
		if i+3 < len(s) && lo <= s[i+1] && s[i+1] <= hi && s[i+2]&0xC0 == 0x80 && s[i+3]&0xC0 == 0x80 {
			return 4
		}
	}
	return 0
}

// load64 reads eight bytes of s, little-endian, in one load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// cleanLen returns the length of s once cleaned: without tabs and
// newlines if removeTabs, each invalid UTF-8 byte counted as the three
// bytes of U+FFFD.
func cleanLen(s string, removeTabs bool) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !(removeTabs && (c == '\t' || c == '\n' || c == '\r')) {
				n++
			}
			i++
			continue
		}
		if c < 0xC2 || c > 0xF4 {
			// Never the first byte of a UTF-8 sequence: U+FFFD.
			i++
			n += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == utf8.RuneError && size == 1 {
			size = 3
		}
		n += size
	}
	return n
}

func (p *parser) mark(proc, orig int) {
	p.offsets.add(proc, orig)
}

// origOffset maps an offset in p.input to the caller's input.
func (p *parser) origOffset(i int) int {
	if p.report == nil && p.orig != "" {
		// No map was built: rescan for the one offset a failure needs.
		return p.origLead + rescanOffset(p.orig, i, p.origTabs)
	}
	return p.offsets.lookup(i, p.origLead)
}

// rescanOffset returns the offset in orig of offset i of orig cleaned
// (see cleanTabs): what the offset map says, found without one.
func rescanOffset(orig string, i int, removeTabs bool) int {
	isTab := func(c byte) bool { return removeTabs && (c == '\t' || c == '\n' || c == '\r') }
	j, proc := 0, 0
	for j < len(orig) && proc < i {
		c := orig[j]
		switch {
		case isTab(c):
			j++
		case c < utf8.RuneSelf:
			j++
			proc++
		default:
			r, size := utf8.DecodeRuneInString(orig[j:])
			if r == utf8.RuneError && size == 1 {
				if proc+3 > i {
					// Inside the U+FFFD: the map points past the byte.
					return j + (i - proc)
				}
				proc += 3
			} else {
				proc += size
			}
			j += size
		}
	}
	// Offsets right after removed tabs map past them.
	for j < len(orig) && isTab(orig[j]) {
		j++
	}
	return j + (i - proc)
}
