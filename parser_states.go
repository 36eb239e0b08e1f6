package url

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding"
)

// The basic URL parser (URL Standard, section 4.4).
// https://url.spec.whatwg.org/#concept-basic-url-parser
//
// The parser follows the spec's state machine, one case per state, but a
// state consumes a whole run of input at a time where the spec steps one
// code point at a time (a path segment, a query, a host), and writes the
// URL straight into its serialized form: the output plus the offsets of
// components. Components are produced in the order they appear in the
// serialization, so parsing appends; only the setters (state override)
// replace a component in the middle.

// state is one of the basic URL parser's states.
type state uint8

const (
	stateNone                          state = iota // no state override
	stateSchemeStart                                // https://url.spec.whatwg.org/#scheme-start-state
	stateScheme                                     // https://url.spec.whatwg.org/#scheme-state
	stateNoScheme                                   // https://url.spec.whatwg.org/#no-scheme-state
	stateSpecialRelativeOrAuthority                 // https://url.spec.whatwg.org/#special-relative-or-authority-state
	statePathOrAuthority                            // https://url.spec.whatwg.org/#path-or-authority-state
	stateRelative                                   // https://url.spec.whatwg.org/#relative-state
	stateRelativeSlash                              // https://url.spec.whatwg.org/#relative-slash-state
	stateSpecialAuthoritySlashes                    // https://url.spec.whatwg.org/#special-authority-slashes-state
	stateSpecialAuthorityIgnoreSlashes              // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
	stateAuthority                                  // https://url.spec.whatwg.org/#authority-state
	stateHost                                       // https://url.spec.whatwg.org/#host-state
	stateHostname                                   // https://url.spec.whatwg.org/#hostname-state
	statePort                                       // https://url.spec.whatwg.org/#port-state
	stateFile                                       // https://url.spec.whatwg.org/#file-state
	stateFileSlash                                  // https://url.spec.whatwg.org/#file-slash-state
	stateFileHost                                   // https://url.spec.whatwg.org/#file-host-state
	statePathStart                                  // https://url.spec.whatwg.org/#path-start-state
	statePath                                       // https://url.spec.whatwg.org/#path-state
	stateOpaquePath                                 // https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
	stateQuery                                      // https://url.spec.whatwg.org/#query-state
	stateFragment                                   // https://url.spec.whatwg.org/#fragment-state
)

// outcome is how a run of the basic URL parser, or of an algorithm it
// calls (the host parser, the IPv4 and IPv6 parsers), ended. It is
// control flow, not a validation error: a fatal validation error is
// outcomeFailure, and its kind and offset are in p.failKind and
// p.failAt (see fail in errors.go).
type outcome uint8

const (
	// outcomeOK: the parser has the URL; with a state override, the
	// spec's "return" without failure (the component was set, or left
	// as it was).
	outcomeOK outcome = iota
	// outcomeFailure: the spec's "return failure" after a validation
	// error, which fail recorded.
	outcomeFailure
	// outcomeOverrideFailure: with a state override, a "return failure"
	// that names no validation error (such steps exist for the setters
	// only).
	outcomeOverrideFailure
	// outcomeSchemeRefused: with the scheme state override (the protocol
	// setter), the spec's "return" that leaves the scheme as it was: the
	// URL cannot take the new scheme (ErrSchemeChange).
	outcomeSchemeRefused
	// outcomeTooLong: the href would be longer than the limit
	// (ErrTooLong). Only parseInput returns it; the states record an
	// oversized write in p.overLimit.
	outcomeTooLong
)

// setBase makes u, unless nil or empty, the parser's base URL.
func (p *parser) setBase(u *URL) {
	if u != nil && u.href != "" {
		p.base, p.hasBase = u.record, true
	}
}

// parser holds the state of one run of the basic URL parser and the URL
// it is building.
type parser struct {
	input    string // the input after preprocessing
	base     record
	hasBase  bool
	enc      encoding.Encoding // query encoding; nil means UTF-8
	override state
	report   func(ValidationError) // nil: nobody asked for validation errors
	origLead int                   // bytes trimmed from the front of the caller's input
	offsets  offsetMap             // offset map when preprocessing edited the input and errors are reported
	orig     string                // the caller's input, trimmed, when preprocessing edited it
	origTabs bool                  // whether preprocessing removed tabs and newlines from orig
	failAt   int                   // offset in the caller's input of the fatal error
	failKind ErrorKind             // the fatal error, when an algorithm returned outcomeFailure

	pos       int    // an input offset the states reached, for sizing the output (output.go)
	limit     uint64 // the longest href allowed; 0 means hrefLimit
	overLimit bool   // a write was dropped because the href would pass the limit
	noStore   bool   // CanParse: keep no output that differs from the input
	blind     bool   // noStore and the output differed: only its length (an upper bound) is kept
	extra     uint64 // noStore: output bytes the length may miss (canparse.go)
	bound     uint64 // noStore: on success, an upper bound on the href's length

	// Two facts that one state finds and a later one uses, each with
	// one writer and one reader. (Fields, not locals of run: as locals
	// they cost run registers, and the parse path about 5%.)
	//
	// hostEndHint is where the authority state's scan found the host to
	// end, for the host state, which follows it and resets it (0:
	// unknown, as when a setter starts in the host state).
	hostEndHint int
	// uncheckedUntil is the end of a Windows drive letter that the file
	// host state collected and handed to the path state, which must not
	// check those code points for URL units (the spec's file host state
	// checks none).
	uncheckedUntil int

	// the URL being built: its serialization (see output.go) and offsets
	out []byte // nil while the output is input[:n]
	n   int
	components
}

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
	i := 0
	// Eight bytes at a time while all are printable ASCII (0x21-0x7F):
	// the high bit of a byte of (w - 0x21...) | w is set for the lowest
	// byte below 0x21 or above 0x7F.
	for ; i+8 <= len(s); i += 8 {
		if ((load64(s[i:i+8])-0x2121212121212121)|load64(s[i:i+8]))&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if ' ' < c && c < utf8.RuneSelf {
			continue
		}
		if (c == '\t' || c == '\n' || c == '\r') && removeTabs {
			break
		}
		if c >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 {
				break
			} else {
				i += size - 1
			}
		}
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
		out = append(out, s[i:j]...)
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

// isURLCodePointASCII: ASCII alphanumeric or one of !$&'()*+,-./:;=?@_~.
// https://url.spec.whatwg.org/#url-code-points
func isURLCodePointASCII(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '!', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', '_', '~':
		return true
	}
	return false
}

// isURLCodePoint: for non-ASCII, U+00A0 to U+10FFFD excluding surrogates
// and noncharacters.
func isURLCodePoint(r rune) bool {
	if r < utf8.RuneSelf {
		return isURLCodePointASCII(byte(r))
	}
	if r < 0xA0 || r > 0x10FFFD || (0xD800 <= r && r <= 0xDFFF) {
		return false
	}
	if 0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE {
		return false
	}
	return true
}

func isASCIIAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWindowsDriveLetter: an ASCII alpha followed by ":" or "|".
// https://url.spec.whatwg.org/#windows-drive-letter
func isWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedWindowsDriveLetter: an ASCII alpha followed by ":".
// https://url.spec.whatwg.org/#normalized-windows-drive-letter
func isNormalizedWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(s[0]) && s[1] == ':'
}

// startsWithWindowsDriveLetter
// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// isSingleDotSegment: "." or "%2e", ASCII case-insensitively.
// https://url.spec.whatwg.org/#single-dot-path-segment
func isSingleDotSegment(s string) bool {
	switch len(s) {
	case 1:
		return s == "."
	case 3:
		return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
	}
	return false
}

// isDoubleDotSegment: "..", ".%2e", "%2e." or "%2e%2e", ASCII
// case-insensitively.
// https://url.spec.whatwg.org/#double-dot-path-segment
func isDoubleDotSegment(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return s[0] == '.' && isSingleDotSegment(s[1:]) || s[3] == '.' && isSingleDotSegment(s[:3])
	case 6:
		return isSingleDotSegment(s[:3]) && isSingleDotSegment(s[3:])
	}
	return false
}

// at returns the byte at i of the input, or -1 at the end (the spec's EOF
// code point). Non-ASCII bytes are never delimiters, so a byte is enough.
func (p *parser) at(i int) int {
	if i < len(p.input) {
		return int(p.input[i])
	}
	return -1
}

// run is the state machine, started in state st at input offset i.
func (p *parser) run(st state, i int) outcome {
	input := p.input
	for {
		if st >= statePathStart && p.noStore && uint64(p.outLen())+p.extra+3*uint64(len(input)-i)+2 <= p.maxLen() {
			// CanParse: from the path start on, nothing fails (the path,
			// query and fragment states have no failure), and the rest
			// of the input, percent-encoded at worst (three bytes for
			// one), plus the "/." finish may add, fits the limit.
			p.bound = uint64(p.outLen()) + p.extra + 3*uint64(len(input)-i) + 2
			return outcomeOK
		}
		switch st {
		case stateSchemeStart:
			if i < len(input) && isASCIIAlpha(input[i]) {
				st = stateScheme
				continue
			}
			if p.override == stateNone {
				st = stateNoScheme
				continue
			}
			return outcomeOverrideFailure

		case stateScheme:
			j := i
			for j < len(input) && isSchemeByte(input[j]) {
				j++
			}
			if j == len(input) || input[j] != ':' {
				if p.override != stateNone {
					return outcomeOverrideFailure
				}
				// Start over, from the first code point, with no scheme.
				st, i = stateNoScheme, 0
				continue
			}
			scheme := input[i:j]
			typ := schemeTypeOf(scheme)
			if p.override != stateNone {
				// The protocol setter cannot turn a special URL into a
				// non-special one or back, nor make a file URL of one with
				// credentials or a port, nor change a file URL with an
				// empty host.
				if p.scheme.special() != typ.special() ||
					typ == schemeFile && (p.includesCredentials() || p.hasPort()) ||
					p.scheme == schemeFile && p.hostKind == HostEmpty {
					return outcomeSchemeRefused
				}
				p.setScheme(scheme, typ)
				if port, ok := p.portNumber(); ok && port == typ.defaultPort() {
					p.setPort("")
				}
				return outcomeOK
			}
			p.appendScheme(scheme, typ)
			i = j + 1
			switch {
			case typ == schemeFile:
				if !strings.HasPrefix(input[i:], "//") {
					p.warn(SpecialSchemeMissingFollowingSolidus, i)
				}
				st = stateFile
			case typ.special() && p.hasBase && p.base.scheme == typ && typ != schemeOther:
				st = stateSpecialRelativeOrAuthority
			case typ.special():
				st = stateSpecialAuthoritySlashes
			case i < len(input) && input[i] == '/':
				st = statePathOrAuthority
				i++
			default:
				p.setNullHost()
				p.pathStart = uint32(p.outLen())
				p.opaquePath = true
				st = stateOpaquePath
			}

		case stateNoScheme:
			c := p.at(i)
			if !p.hasBase || p.base.opaquePath && c != '#' {
				return p.fail(MissingSchemeNonRelativeURL, i)
			}
			if p.base.opaquePath && c == '#' {
				// Scheme, opaque path and query come from the base.
				p.copyBase(p.base.queryEnd())
				p.opaquePath = true
				p.startFragment()
				st, i = stateFragment, i+1
				continue
			}
			if p.base.scheme != schemeFile {
				st = stateRelative
			} else {
				st = stateFile
			}

		case stateSpecialRelativeOrAuthority:
			if p.at(i) == '/' && p.at(i+1) == '/' {
				st, i = stateSpecialAuthorityIgnoreSlashes, i+2
				continue
			}
			p.warn(SpecialSchemeMissingFollowingSolidus, i)
			st = stateRelative

		case statePathOrAuthority:
			if p.at(i) == '/' {
				st, i = stateAuthority, i+1
				continue
			}
			p.setNullHost()
			p.pathStart = uint32(p.outLen())
			st = statePath

		case stateRelative:
			// The scheme is the base's; the rest depends on c.
			c := p.at(i)
			if c == '/' || c == '\\' && p.base.scheme.special() {
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				p.truncate(0)
				p.appendScheme(p.base.href[:p.base.schemeEnd], p.base.scheme)
				st, i = stateRelativeSlash, i+1
				continue
			}
			if next, ok := p.continueFromBase(c); ok {
				if next == stateNone {
					return outcomeOK
				}
				st, i = next, i+1
				continue
			}
			p.copyBase(p.base.pathEnd())
			p.shortenPath()
			st = statePath

		case stateRelativeSlash:
			c := p.at(i)
			if p.scheme.special() && (c == '/' || c == '\\') {
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				st, i = stateSpecialAuthorityIgnoreSlashes, i+1
				continue
			}
			if c == '/' {
				st, i = stateAuthority, i+1
				continue
			}
			// Username, password, host and port come from the base.
			p.copyBase(p.base.authorityEnd())
			p.pathStart = uint32(p.outLen())
			st = statePath

		case stateSpecialAuthoritySlashes:
			if p.at(i) == '/' && p.at(i+1) == '/' {
				st, i = stateSpecialAuthorityIgnoreSlashes, i+2
				continue
			}
			p.warn(SpecialSchemeMissingFollowingSolidus, i)
			st = stateSpecialAuthorityIgnoreSlashes

		case stateSpecialAuthorityIgnoreSlashes:
			for c := p.at(i); c == '/' || c == '\\'; c = p.at(i) {
				p.warn(SpecialSchemeMissingFollowingSolidus, i)
				i++
			}
			st = stateAuthority

		case stateAuthority:
			// A run-based scan replaces steps 1 to 3, which take one code
			// point at a time. The authority runs to the first "/", "?",
			// "#" (or "\" in a special URL): step 2. The spec's buffer
			// collects it (step 3) and, at each "@" (step 1), flushes it
			// into the credentials, so the last "@" splits userinfo from
			// host and every earlier "@" ends up in the userinfo as "%40"
			// (step 1.2). The same pass finds where the host ends after
			// the last "@", which the host state's steps 2 to 4 would
			// find: the first ":" outside brackets, or the authority's
			// end. It hands that to the host state in p.hostEndHint (see
			// the parser type), so the host is not scanned twice.
			mask := uint8(delimEnd | delimAt | delimColon | delimBracket)
			if p.scheme.special() {
				mask |= delimBackslash
			}
			j, at, hostEnd := i, -1, -1
			insideBrackets := false
		authority:
			for {
				j = scan(input, j, &delimClass, mask)
				if j == len(input) {
					break
				}
				switch input[j] {
				case '@':
					// 1. If c is U+0040 (@), then:
					// 1.1. Invalid-credentials validation error.
					p.warn(InvalidCredentials, j)
					// 1.3. Set atSignSeen to true. (What came before
					// is userinfo: the host starts after this "@".)
					at, hostEnd, insideBrackets = j, -1, false
				case '[', ']':
					// Host state, 4.1-4.2: insideBrackets.
					insideBrackets = input[j] == '['
				case ':':
					// Host state, 2: a ":" outside brackets ends the
					// host.
					if !insideBrackets && hostEnd < 0 {
						hostEnd = j
					}
				default:
					// 2. Otherwise, if c is the EOF code point, "/",
					// "?", or "#", or url is special and c is "\":
					break authority
				}
				j++
			}
			if hostEnd < 0 {
				hostEnd = j
			}
			p.hostEndHint = hostEnd
			p.pos = i
			p.startAuthority()
			if at >= 0 {
				// 2.1. If atSignSeen is true and buffer is the empty
				// string, host-missing validation error, return failure.
				if at+1 == j {
					return p.fail(HostMissing, j)
				}
				// 1.2-1.5, for all the "@"s at once: the userinfo up to
				// the last "@", UTF-8 percent-encoded with the userinfo
				// percent-encode set, the first ":" splitting username
				// from password (appendUserinfo). The authority state
				// checks no URL units.
				p.appendUserinfo(input[i:at])
				i = at + 1
			}
			// 2.2. Decrease pointer by buffer's code point length + 1,
			// set buffer to the empty string, and set state to host
			// state: the host starts after the last "@".
			st = stateHost

		case stateHost, stateHostname:
			// 1. If state override is given and url's scheme is "file",
			// then decrease pointer by 1 and set state to file host
			// state.
			if p.override != stateNone && p.scheme == schemeFile {
				st = stateFileHost
				continue
			}
			// A run-based scan replaces the steps that take one code
			// point at a time: 4 (append c to buffer, tracking
			// insideBrackets) until step 2's ":" outside brackets or
			// step 3's end of the host. The authority state's scan
			// found that end already (p.hostEndHint, see the parser
			// type); a setter that starts here scans for it.
			j := p.hostEndHint
			if j == 0 {
				j = p.scanHostEnd(i)
			}
			p.hostEndHint = 0
			buffer := input[i:j]
			// 2. Otherwise, if c is U+003A (:) and insideBrackets is
			// false:
			if p.at(j) == ':' {
				// 2.1. If buffer is the empty string, host-missing
				// validation error, return failure.
				if buffer == "" {
					return p.fail(HostMissing, i)
				}
				// 2.2. If state override is given and state override is
				// hostname state, then return failure.
				if p.override == stateHostname {
					return outcomeOverrideFailure
				}
				// 2.3. Let host be the result of host parsing buffer
				// with url is not special.
				// 2.4. If host is failure, then return failure.
				// 2.5. Set url's host to host, buffer to the empty
				// string, and state to port state.
				if r := p.setHost(buffer, i); r != outcomeOK {
					return r
				}
				st, i = statePort, j+1
				continue
			}
			// 3. Otherwise, if c is the EOF code point, "/", "?", or "#",
			// or url is special and c is "\", then decrease pointer by
			// 1, and:
			// 3.1. If url is special and buffer is the empty string,
			// host-missing validation error, return failure.
			if p.scheme.special() && buffer == "" {
				return p.fail(HostMissing, i)
			}
			// 3.2. Otherwise, if state override is given, buffer is the
			// empty string, and either url includes credentials or url's
			// port is non-null, then return failure.
			if p.override != stateNone && buffer == "" && (p.includesCredentials() || p.hasPort()) {
				return outcomeOverrideFailure
			}
			// 3.3. Let host be the result of host parsing buffer with url
			// is not special.
			// 3.4. If host is failure, then return failure.
			// 3.5. Set url's host to host, buffer to the empty string,
			// and state to path start state.
			if r := p.setHost(buffer, i); r != outcomeOK {
				return r
			}
			// 3.6. If state override is given, then return.
			if p.override != stateNone {
				return outcomeOK
			}
			st, i = statePathStart, j

		case statePort:
			j := i
			for j < len(input) && isASCIIDigit(input[j]) {
				j++
			}
			c := p.at(j)
			if !(c == -1 || c == '/' || c == '?' || c == '#' || c == '\\' && p.scheme.special() || p.override != stateNone) {
				return p.fail(PortInvalid, j)
			}
			if j > i {
				port := 0
				for k := i; k < j && port <= 0xFFFF; k++ {
					port = port*10 + int(input[k]-'0')
				}
				if port > 0xFFFF {
					return p.fail(PortOutOfRange, i)
				}
				if port == p.scheme.defaultPort() {
					p.setPort("")
				} else {
					var digits [5]byte
					p.setPort(string(strconv.AppendInt(digits[:0], int64(port), 10)))
				}
				if p.override != stateNone {
					return outcomeOK
				}
			}
			if p.override != stateNone {
				return outcomeOverrideFailure
			}
			st, i = statePathStart, j

		case stateFile:
			// 1. Set url's scheme to "file". (The scheme state wrote it
			// already when the input has one.)
			if p.outLen() == 0 {
				p.appendScheme("file", schemeFile)
			}
			// 2. Set url's host to the empty string. The output is
			// written in order, so the host is written below, where
			// it is known: the empty host, or the base's.
			c := p.at(i)
			// 3. If c is U+002F (/) or U+005C (\), then:
			if c == '/' || c == '\\' {
				// 3.1. If c is U+005C (\), invalid-reverse-solidus
				// validation error.
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				// 3.2. Set state to file slash state.
				st, i = stateFileSlash, i+1
				continue
			}
			// 5. Otherwise (no file base), set state to path state, and
			// decrease pointer by 1. (Step 2's empty host is written.)
			if !p.hasBase || p.base.scheme != schemeFile {
				p.startAuthority()
				p.hostKind = HostEmpty
				p.pathStart = uint32(p.outLen())
				st = statePath
				continue
			}
			// 4. Otherwise, if base is non-null and base's scheme is
			// "file":
			// 4.1. Set url's host to base's host, url's path to a clone
			// of base's path, and url's query to base's query.
			// 4.2. If c is U+003F (?), then set url's query to the empty
			// string and state to query state.
			// 4.3. Otherwise, if c is U+0023 (#), set url's fragment to
			// the empty string and state to fragment state.
			// (continueFromBase copies from the base what each case
			// keeps; at the EOF code point, 4.1 is the whole URL.)
			if next, ok := p.continueFromBase(c); ok {
				if next == stateNone {
					return outcomeOK
				}
				st, i = next, i+1
				continue
			}
			// 4.4. Otherwise, if c is not the EOF code point:
			// 4.4.1. Set url's query to null (the base's query is not
			// copied).
			if !startsWithWindowsDriveLetter(input[i:]) {
				// 4.4.2. If the code point substring from pointer to the
				// end of input does not start with a Windows drive
				// letter, then shorten url's path.
				p.copyBase(p.base.pathEnd())
				p.shortenPath()
			} else {
				// 4.4.3. Otherwise:
				// 4.4.3.1. File-invalid-Windows-drive-letter validation
				// error.
				p.warn(FileInvalidWindowsDriveLetter, i)
				// 4.4.3.2. Set url's path to « » (only the base's host
				// is copied).
				p.copyBase(p.base.authorityEnd())
				p.pathStart = uint32(p.outLen())
			}
			// 4.4.4. Set state to path state and decrease pointer by 1.
			st = statePath

		case stateFileSlash:
			c := p.at(i)
			// 1. If c is U+002F (/) or U+005C (\), then:
			if c == '/' || c == '\\' {
				// 1.1. If c is U+005C (\), invalid-reverse-solidus
				// validation error.
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				// 1.2. Set state to file host state.
				st, i = stateFileHost, i+1
				continue
			}
			// 2. Otherwise:
			// 2.1. If base is non-null and base's scheme is "file", then:
			if p.hasBase && p.base.scheme == schemeFile {
				// 2.1.1. Set url's host to base's host.
				p.copyBase(p.base.authorityEnd())
				p.pathStart = uint32(p.outLen())
				// 2.1.2. If the code point substring from pointer to the
				// end of input does not start with a Windows drive letter
				// and base's path[0] is a normalized Windows drive
				// letter, then append base's path[0] to url's path.
				if !startsWithWindowsDriveLetter(input[i:]) {
					if first := p.base.firstPathSegment(); isNormalizedWindowsDriveLetter(first) {
						p.writeByte('/')
						p.writeString(first)
					}
				}
			} else {
				// The file state's step 2: the empty host.
				p.startAuthority()
				p.hostKind = HostEmpty
				p.pathStart = uint32(p.outLen())
			}
			// 2.2. Set state to path state, and decrease pointer by 1.
			st = statePath

		case stateFileHost:
			// A run-based scan replaces step 2 (append c to buffer), one
			// code point at a time, until step 1's c: the EOF code point,
			// "/", "\", "?", or "#".
			j := i
			for j < len(input) {
				c := input[j]
				if c == '/' || c == '\\' || c == '?' || c == '#' {
					break
				}
				j++
			}
			buffer := input[i:j]
			// 1. If c is the EOF code point, U+002F (/), U+005C (\),
			// U+003F (?), or U+0023 (#), then decrease pointer by 1 and
			// then:
			// 1.1. If state override is not given and buffer is a
			// Windows drive letter, file-invalid-Windows-drive-letter-host
			// validation error, set state to path state. buffer is not
			// reset here and instead used in the path state: the path
			// state starts at the drive letter (i stays), and
			// p.uncheckedUntil (see the parser type) tells it that these
			// code points were collected here, where no URL units are
			// checked. The host is the file state's empty host.
			if p.override == stateNone && isWindowsDriveLetter(buffer) {
				p.warn(FileInvalidWindowsDriveLetterHost, i)
				p.uncheckedUntil = j
				p.startAuthority()
				p.hostKind = HostEmpty
				p.pathStart = uint32(p.outLen())
				st = statePath
				continue
			}
			if p.override == stateNone {
				p.startAuthority()
			}
			// 1.2. Otherwise, if buffer is the empty string, then:
			// 1.2.1. Set url's host to the empty string.
			// 1.3. Otherwise, run these steps:
			// 1.3.1. Let host be the result of host parsing buffer with
			// url is not special.
			// 1.3.2. If host is failure, then return failure.
			// 1.3.3. If host is "localhost", then set host to the empty
			// string.
			// 1.3.4. Set url's host to host.
			// (setHost does both branches: an empty buffer is the empty
			// host, and a file URL's "localhost" becomes it.)
			if r := p.setHost(buffer, i); r != outcomeOK {
				return r
			}
			// 1.2.2, 1.3.5. If state override is given, then return.
			if p.override != stateNone {
				return outcomeOK
			}
			// 1.2.3, 1.3.6. Set buffer to the empty string and state to
			// path start state.
			st, i = statePathStart, j

		case statePathStart:
			c := p.at(i)
			if p.override == stateNone && p.pathStart == 0 {
				p.pathStart = uint32(p.outLen())
			}
			switch {
			case p.scheme.special():
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				if c == '/' || c == '\\' {
					i++
				}
				st = statePath
			case p.override == stateNone && c == '?':
				p.startQuery()
				st, i = stateQuery, i+1
			case p.override == stateNone && c == '#':
				p.startFragment()
				st, i = stateFragment, i+1
			case c != -1:
				if c == '/' {
					i++
				}
				st = statePath
			default:
				if p.override != stateNone && p.hostKind == HostNull {
					p.writeByte('/')
				}
				return outcomeOK
			}

		case statePath:
			// One path segment per iteration, where the spec takes one
			// code point per step: a run-based scan does step 2 (append
			// c, percent-encoded, to buffer) for the whole segment, up to
			// step 1's c; then step 1 appends the segment to the path or
			// applies the dot-segment rules. When nobody asks for
			// validation errors, three more shortcuts take several
			// segments at once (below).
			special := p.scheme.special()
			mask := uint8(delimSlash)
			if special {
				mask |= delimBackslash
			}
			if p.override == stateNone {
				mask |= delimQuery | delimFragment
			}
			slashes := uint8(delimSlash)
			if special {
				slashes |= delimBackslash
			}
			for {
				if p.report == nil && i < len(input) && delimClass[input[i]]&slashes != 0 {
					// A run of empty segments ("////", or "\\\\" in a
					// special URL): for each slash, step 1.4.2 appends
					// the empty buffer, which becomes "/". Nothing to
					// warn about (step 1.1) when nobody listens.
					k := i + 1
					for k < len(input) && delimClass[input[k]]&slashes != 0 {
						k++
					}
					p.writeSlashes(input[i:k])
					i = k
					continue
				}
				if p.report == nil && i+1 < len(input) && input[i] == '.' && delimClass[input[i+1]]&slashes != 0 {
					// A run of single-dot segments, each ended by a
					// slash ("./././"): step 1.3 for each, which
					// appends nothing.
					for i+1 < len(input) && input[i] == '.' && delimClass[input[i+1]]&slashes != 0 {
						i += 2
					}
					continue
				}
				if p.report == nil && p.scheme != schemeFile {
					// A run of segments that are neither dot segments nor
					// in need of encoding (no ".", "%", "\\" or byte to
					// encode) is written as it is: step 1.4.2 for each
					// segment up to the run's last slash, in one write.
					k := scan(input, i, &pathRunClass, 1)
					if last := strings.LastIndexByte(input[i:k], '/'); last >= 0 {
						if i > 0 && input[i-1] == '/' {
							p.writeString(input[i-1 : i+last])
						} else {
							p.writeByte('/')
							p.writeString(input[i : i+last])
						}
						i += last + 1
						continue
					}
				}
				// Find the segment's end (step 1's c), and whether any
				// byte of it needs percent-encoding (step 2.3), in one
				// pass.
				j, clean := i, true
				j = scan(input, j, &pathClass, mask|pathEncode)
				if j < len(input) && pathClass[input[j]]&mask == 0 {
					clean = false
					j = scan(input, j, &delimClass, mask)
				}
				// 1. If one of the following is true: c is the EOF code
				// point or "/"; url is special and c is "\"; state
				// override is not given and c is "?" or "#"; then:
				c := p.at(j)
				seg := input[i:j]
				// 2.1. If c is not a URL code point and not U+0025 (%),
				// invalid-URL-unit validation error.
				// 2.2. If c is U+0025 (%) and remaining does not start
				// with two ASCII hex digits, invalid-URL-unit validation
				// error.
				// (For the whole segment, but a drive letter that the file
				// host state collected: p.uncheckedUntil, see the parser
				// type. The segment's code points come before step 1's c,
				// and so do their errors.)
				if p.report != nil {
					if from := max(i, p.uncheckedUntil); from < j {
						p.checkURLUnits(input[from:j], from)
					}
				}
				// 1.1. If url is special and c is U+005C (\),
				// invalid-reverse-solidus validation error. (In a URL that
				// is not special, "\" is no delimiter: c is never one.)
				if c == '\\' {
					p.warn(InvalidReverseSolidus, j)
				}
				slash := c == '/' || c == '\\' && special
				switch {
				case isDoubleDotSegment(seg):
					// 1.2. If buffer is a double-dot URL path segment,
					// then:
					// 1.2.1. Shorten url's path.
					p.shortenPath()
					// 1.2.2. If neither c is U+002F (/), nor url is
					// special and c is U+005C (\), append the empty
					// string to url's path.
					if !slash {
						p.writeByte('/')
					}
				case isSingleDotSegment(seg):
					// 1.3. Otherwise, if buffer is a single-dot URL path
					// segment and if neither c is U+002F (/), nor url is
					// special and c is U+005C (\), append the empty
					// string to url's path.
					if !slash {
						p.writeByte('/')
					}
				case clean && i > 0 && input[i-1] == '/' && p.scheme != schemeFile:
					// 1.4.2 for a segment that needs no encoding (and no
					// drive-letter quirk, in a URL that is not file): the
					// slash before it and the segment, in one write (no
					// copy while the output is the input).
					p.writeString(input[i-1 : j])
				default:
					// 1.4. Otherwise, if buffer is not a single-dot URL
					// path segment, then:
					p.writeByte('/')
					if p.scheme == schemeFile && p.outLen() == int(p.pathStart)+1 && isWindowsDriveLetter(seg) {
						// 1.4.1. If url's scheme is "file", url's path is
						// empty, and buffer is a Windows drive letter,
						// then replace the second code point in buffer
						// with U+003A (:).
						p.writeByte(seg[0])
						p.writeByte(':')
					} else if clean {
						// 1.4.2. Append buffer to url's path.
						p.writeString(seg)
					} else {
						// 2.3. UTF-8 percent-encode c using the path
						// percent-encode set and append the result to
						// buffer; 1.4.2. Append buffer to url's path.
						p.writeEncoded(seg, PathSet)
					}
				}
				// 1.5. Set buffer to the empty string.
				if slash {
					i = j + 1
					continue
				}
				switch c {
				case '?':
					// 1.6. If c is U+003F (?), then set url's query to
					// the empty string and state to query state.
					p.startQuery()
					st, i = stateQuery, j+1
				case '#':
					// 1.7. If c is U+0023 (#), then set url's fragment to
					// the empty string and state to fragment state.
					p.startFragment()
					st, i = stateFragment, j+1
				default:
					// The EOF code point: the path is done. (With state
					// override, "?" and "#" are in the segment.)
					return outcomeOK
				}
				break
			}

		case stateOpaquePath:
			j := i
			for j < len(input) && input[j] != '?' && input[j] != '#' {
				j++
			}
			seg := input[i:j]
			if p.report != nil {
				p.checkURLUnits(seg, i)
			}
			if j < len(input) && seg != "" && seg[len(seg)-1] == ' ' {
				// A space before "?" or "#" is encoded, so that it
				// survives as the last code point of the path.
				p.writeEncoded(seg[:len(seg)-1], C0ControlSet)
				p.writeString("%20")
			} else {
				p.writeEncoded(seg, C0ControlSet)
			}
			switch p.at(j) {
			case '?':
				p.startQuery()
				st, i = stateQuery, j+1
			case '#':
				p.startFragment()
				st, i = stateFragment, j+1
			default:
				return outcomeOK
			}

		case stateQuery:
			j := len(input)
			if p.override == stateNone {
				if k := strings.IndexByte(input[i:], '#'); k >= 0 {
					j = i + k
				}
			}
			if p.report != nil {
				p.checkURLUnits(input[i:j], i)
			}
			set := QuerySet
			if p.scheme.special() {
				set = SpecialQuerySet
			}
			if p.enc != nil && p.scheme.special() && p.scheme != schemeWS && p.scheme != schemeWSS {
				p.materialize(3 * (j - i))
				p.out = appendPercentEncodeAfterEncoding(p.out, p.enc, input[i:j], set, false)
			} else {
				p.writeEncoded(input[i:j], set)
			}
			if j == len(input) {
				return outcomeOK
			}
			p.startFragment()
			st, i = stateFragment, j+1

		case stateFragment:
			if p.report != nil {
				p.checkURLUnits(input[i:], i)
			}
			p.writeEncoded(input[i:], FragmentSet)
			return outcomeOK

		default:
			panic("url: unknown parser state " + strconv.Itoa(int(st)))
		}
	}
}

// continueFromBase does what the relative and file states do when c is
// "?", "#" or the end of the input: the URL takes the base's path and,
// but for "?", its query; then comes the query state, the fragment state,
// or the end (stateNone). It reports whether c was one of those.
func (p *parser) continueFromBase(c int) (next state, ok bool) {
	switch c {
	case '?':
		p.copyBase(p.base.pathEnd())
		p.startQuery()
		return stateQuery, true
	case '#':
		p.copyBase(p.base.queryEnd())
		p.startFragment()
		return stateFragment, true
	case -1:
		p.copyBase(p.base.queryEnd())
		return stateNone, true
	}
	return 0, false
}

// scan returns the offset of the first byte of s at or after i whose
// class in t has a bit of mask, or len(s). It looks at eight bytes per
// branch while none matches.
func scan[T ~uint8](s string, i int, t *[256]T, mask T) int {
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		if (t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]])&mask != 0 {
			break
		}
	}
	for i < len(s) && t[s[i]]&mask == 0 {
		i++
	}
	return i
}

// scanHostEnd returns where the host that starts at i ends: the first ":"
// outside brackets, "/", "?", "#" (or "\" in a special URL), or the end.
func (p *parser) scanHostEnd(i int) int {
	mask := uint8(delimEnd | delimColon | delimBracket)
	if p.scheme.special() {
		mask |= delimBackslash
	}
	insideBrackets := false
	for {
		i = scan(p.input, i, &delimClass, mask)
		if i == len(p.input) {
			return i
		}
		c := p.input[i]
		if c == '[' || c == ']' {
			insideBrackets = c == '['
		} else if c != ':' || !insideBrackets {
			return i
		}
		i++
	}
}

// isSchemeByte: ASCII alphanumeric, "+", "-" or ".".
func isSchemeByte(c byte) bool {
	return isASCIIAlpha(c) || isASCIIDigit(c) || c == '+' || c == '-' || c == '.'
}

// Delimiter classes for the scanners: one table lookup per byte.
const (
	delimSlash     = 1 << iota // "/"
	delimBackslash             // "\" (a delimiter in special URLs only)
	delimQuery                 // "?"
	delimFragment              // "#"
	delimAt                    // "@", which ends the credentials
	delimColon                 // ":", which starts a port
	delimBracket               // "[" or "]", around an IPv6 address

	delimEnd = delimSlash | delimQuery | delimFragment
)

// pathClass is delimClass plus pathEncode on every byte in the path
// percent-encode set.
var pathClass = func() (t [256]uint8) {
	for c := range t {
		t[c] = delimClass[c]
		if percentTable[c]&PathSet != 0 {
			t[c] |= pathEncode
		}
	}
	return t
}()

// pathRunClass is 1 for the bytes that end a run of path segments the
// path state may copy as they are: "\\", "?", "#", "." and "%" (which
// may make a dot segment), and every byte the path percent-encodes.
var pathRunClass = func() (t [256]uint8) {
	for c := range t {
		if pathClass[c]&(delimBackslash|delimQuery|delimFragment|pathEncode) != 0 || c == '.' || c == '%' {
			t[c] = 1
		}
	}
	return t
}()

// pathEncode marks, in pathClass, a byte that the path percent-encodes.
const pathEncode = 0x80

var delimClass = [256]uint8{
	'/': delimSlash, '\\': delimBackslash, '?': delimQuery, '#': delimFragment,
	'@': delimAt, ':': delimColon, '[': delimBracket, ']': delimBracket,
}
