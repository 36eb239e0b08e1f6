package url

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

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

// setBase makes b, unless nil or empty, the parser's base URL.
func (p *parser) setBase(b *record) {
	if b != nil && b.href != "" {
		p.base, p.hasBase = *b, true
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
	// colonAtEnd: the protocol setter's input is followed by ":" (the
	// spec runs the parser on the value with ":" appended).
	colonAtEnd bool
	report     func(ValidationError) // nil: nobody asked for validation errors
	origLead   int                   // bytes trimmed from the front of the caller's input
	offsets    offsetMap             // offset map when preprocessing edited the input and errors are reported
	orig       string                // the caller's input, trimmed, when preprocessing edited it
	origTabs   bool                  // whether preprocessing removed tabs and newlines from orig
	failAt     int                   // offset in the caller's input of the fatal error
	failKind   ErrorKind             // the fatal error, when an algorithm returned outcomeFailure

	// cleanUntil: the input up to there holds nothing that preprocessing
	// changes (resume: what the fast path vouched for), so that
	// cleanTabs need not read it.
	cleanUntil int

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
	out    []byte // nil while the output is ref[:n]
	n      int
	ref    string // what the output is a prefix of while out is nil: the input, or a setter's href
	outCap int    // a setter's estimate of the new href's length, the buffer's size (0: none)
	components
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

// dotKind is what a path segment is to the path state's steps 1.2 and
// 1.3: a double-dot URL path segment, a single-dot one, or neither.
type dotKind uint8

const (
	notDot    dotKind = iota
	singleDot         // https://url.spec.whatwg.org/#single-dot-path-segment
	doubleDot         // https://url.spec.whatwg.org/#double-dot-path-segment
)

// dotSegmentAt is the one place that tells dot segments in a path: it
// returns what the segment that starts at s[i] is, the segment running
// up to the first byte whose pathClass has a bit of delims (the path
// state's delimiters there) or to the end of s, and, for a dot segment,
// where it ends. With delims 0, s[i:] is the whole segment. A dot
// segment is one or two dots, each "." or "%2e" (isSingleDotSegment and
// isDoubleDotSegment are the spec's definitions, which it follows), so
// it reads at most seven bytes, with no loop. The path state
// (walkPath, appendSegment), the fast path (normalizedTail,
// resolveDotSegments) and the path writer (plainPath and appendPath:
// the state machine's, the one-pass tail's and the pathname setter's)
// all ask it.
func dotSegmentAt(s string, i int, delims uint8) (dotKind, int) {
	j := i + dotLen(s, i)
	if j == i {
		return notDot, i
	}
	if j == len(s) || pathClass[s[j]]&delims != 0 {
		return singleDot, j
	}
	if k := j + dotLen(s, j); k > j && (k == len(s) || pathClass[s[k]]&delims != 0) {
		return doubleDot, k
	}
	return notDot, i
}

// dotLen returns the length of the dot at s[i]: 1 for ".", 3 for "%2e"
// (ASCII case-insensitively), 0 for none.
func dotLen(s string, i int) int {
	switch {
	case i < len(s) && s[i] == '.':
		return 1
	case i+2 < len(s) && s[i] == '%' && s[i+1] == '2' && s[i+2]|0x20 == 'e':
		return 3
	}
	return 0
}

// at returns the byte at i of the input, or -1 at the end (the spec's EOF
// code point). Non-ASCII bytes are never delimiters, so a byte is enough.
func (p *parser) at(i int) int {
	if i < len(p.input) {
		return int(p.input[i])
	}
	return -1
}

// run is the state machine, started in state st at input offset i. Each
// case is one state of the spec, its steps quoted (or, for the states a
// method of its own does, that method's); a shortcut that takes several
// steps at once is a named helper that says which.
func (p *parser) run(st state, i int) outcome {
	input := p.input
	for {
		if p.noStore && st >= statePathStart && p.restCannotFail(i) {
			return outcomeOK
		}
		switch st {
		case stateSchemeStart:
			// 1. If c is an ASCII alpha, append c, lowercased, to buffer,
			// and set state to scheme state.
			if i < len(input) && isASCIIAlpha(input[i]) {
				st = stateScheme
				continue
			}
			// 2. Otherwise, if state override is not given, set state to
			// no scheme state and decrease pointer by 1.
			if p.override == stateNone {
				st = stateNoScheme
				continue
			}
			// 3. Otherwise, return failure.
			return outcomeOverrideFailure

		case stateScheme:
			var r outcome
			if st, i, r = p.schemeState(i); st == stateNone {
				return r
			}

		case stateNoScheme:
			c := p.at(i)
			// 1. If base is null, or base has an opaque path and c is not
			// U+0023 (#), missing-scheme-non-relative-URL validation
			// error, return failure.
			if !p.hasBase || p.base.opaquePath && c != '#' {
				return p.fail(MissingSchemeNonRelativeURL, i)
			}
			// 2. Otherwise, if base has an opaque path and c is U+0023
			// (#), set url's scheme to base's scheme, url's path to
			// base's path, url's query to base's query, url's fragment
			// to the empty string, and set state to fragment state.
			if p.base.opaquePath && c == '#' {
				p.copyBase(p.base.queryEnd())
				p.opaquePath = true
				p.startFragment()
				st, i = stateFragment, i+1
				continue
			}
			// 3. Otherwise, if base's scheme is not "file", set state to
			// relative state and decrease pointer by 1.
			// 4. Otherwise, set state to file state and decrease pointer
			// by 1.
			if p.base.scheme != schemeFile {
				st = stateRelative
			} else {
				st = stateFile
			}

		case stateSpecialRelativeOrAuthority:
			// 1. If c is U+002F (/) and remaining starts with U+002F (/),
			// then set state to special authority ignore slashes state
			// and increase pointer by 1.
			if p.at(i) == '/' && p.at(i+1) == '/' {
				st, i = stateSpecialAuthorityIgnoreSlashes, i+2
				continue
			}
			// 2. Otherwise, special-scheme-missing-following-solidus
			// validation error, set state to relative state and decrease
			// pointer by 1.
			p.warn(SpecialSchemeMissingFollowingSolidus, i)
			st = stateRelative

		case statePathOrAuthority:
			// 1. If c is U+002F (/), then set state to authority state.
			if p.at(i) == '/' {
				st, i = stateAuthority, i+1
				continue
			}
			// 2. Otherwise, set state to path state, and decrease pointer
			// by 1. (The URL has no host.)
			p.setNullHost()
			p.pathStart = uint32(p.outLen())
			st = statePath

		case stateRelative:
			// 1. Assert: base's scheme is not "file". 2. Set url's
			// scheme to base's scheme.
			c := p.at(i)
			// 3. If c is U+002F (/), then set state to relative slash
			// state. 4. Otherwise, if url is special and c is U+005C
			// (\), invalid-reverse-solidus validation error, set state
			// to relative slash state.
			if c == '/' || c == '\\' && p.base.scheme.special() {
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				p.truncate(0)
				p.appendScheme(p.base.href[:p.base.schemeEnd], p.base.scheme)
				st, i = stateRelativeSlash, i+1
				continue
			}
			// 5. Otherwise: 5.1. Set url's username, password, host,
			// port, path and query to base's; 5.2-5.3: "?" and "#"
			// (continueFromBase).
			if next, ok := p.continueFromBase(c); ok {
				if next == stateNone {
					return outcomeOK
				}
				st, i = next, i+1
				continue
			}
			// 5.4. Otherwise, if c is not the EOF code point: set url's
			// query to null, shorten url's path, set state to path state
			// and decrease pointer by 1.
			p.copyBase(p.base.pathEnd())
			p.shortenPath()
			st = statePath

		case stateRelativeSlash:
			c := p.at(i)
			// 1. If url is special and c is U+002F (/) or U+005C (\),
			// then: 1.1. If c is U+005C (\), invalid-reverse-solidus
			// validation error. 1.2. Set state to special authority
			// ignore slashes state.
			if p.scheme.special() && (c == '/' || c == '\\') {
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				st, i = stateSpecialAuthorityIgnoreSlashes, i+1
				continue
			}
			// 2. Otherwise, if c is U+002F (/), then set state to
			// authority state.
			if c == '/' {
				st, i = stateAuthority, i+1
				continue
			}
			// 3. Otherwise, set url's username, password, host and port
			// to base's, state to path state, and then, decrease pointer
			// by 1.
			p.copyBase(p.base.authorityEnd())
			p.pathStart = uint32(p.outLen())
			st = statePath

		case stateSpecialAuthoritySlashes:
			// 1. If c is U+002F (/) and remaining starts with U+002F (/),
			// then set state to special authority ignore slashes state
			// and increase pointer by 1.
			if p.at(i) == '/' && p.at(i+1) == '/' {
				st, i = stateSpecialAuthorityIgnoreSlashes, i+2
				continue
			}
			// 2. Otherwise, special-scheme-missing-following-solidus
			// validation error, set state to special authority ignore
			// slashes state and decrease pointer by 1.
			p.warn(SpecialSchemeMissingFollowingSolidus, i)
			st = stateSpecialAuthorityIgnoreSlashes

		case stateSpecialAuthorityIgnoreSlashes:
			// 2. If c is U+002F (/) or U+005C (\),
			// special-scheme-missing-following-solidus validation error
			// (and the next code point).
			for c := p.at(i); c == '/' || c == '\\'; c = p.at(i) {
				p.warn(SpecialSchemeMissingFollowingSolidus, i)
				i++
			}
			// 1. If c is neither U+002F (/) nor U+005C (\), then set
			// state to authority state and decrease pointer by 1.
			st = stateAuthority

		case stateAuthority:
			// Steps 1 to 3 for the whole authority at once: scanAuthority
			// finds its end (step 2's c), its last "@" (step 1) and the
			// host's end, for the host state (p.hostEndHint).
			j, at := p.scanAuthority(i)
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
			var r outcome
			if st, i, r = p.hostState(i); st == stateNone {
				return r
			}

		case statePort:
			var r outcome
			if st, i, r = p.portState(i); st == stateNone {
				return r
			}

		case stateFile:
			var r outcome
			if st, i, r = p.fileState(i); st == stateNone {
				return r
			}

		case stateFileSlash:
			st, i = p.fileSlashState(i)

		case stateFileHost:
			var r outcome
			if st, i, r = p.fileHostState(i); st == stateNone {
				return r
			}

		case statePathStart:
			c := p.at(i)
			if p.override == stateNone && p.pathStart == 0 {
				p.pathStart = uint32(p.outLen())
			}
			switch {
			case p.scheme.special():
				// 1. If url is special, then: 1.1. If c is U+005C (\),
				// invalid-reverse-solidus validation error. 1.2. Set
				// state to path state. 1.3. If c is neither U+002F (/)
				// nor U+005C (\), then decrease pointer by 1.
				if c == '\\' {
					p.warn(InvalidReverseSolidus, i)
				}
				if c == '/' || c == '\\' {
					i++
				}
				st = statePath
			case p.override == stateNone && c == '?':
				// 2. Otherwise, if state override is not given and c is
				// U+003F (?), set url's query to the empty string and
				// state to query state.
				p.startQuery()
				st, i = stateQuery, i+1
			case p.override == stateNone && c == '#':
				// 3. Otherwise, if state override is not given and c is
				// U+0023 (#), set url's fragment to the empty string and
				// state to fragment state.
				p.startFragment()
				st, i = stateFragment, i+1
			case c != -1:
				// 4. Otherwise, if c is not the EOF code point: 4.1. Set
				// state to path state. 4.2. If c is not U+002F (/), then
				// decrease pointer by 1.
				if c == '/' {
					i++
				}
				st = statePath
			default:
				// 5. Otherwise, if state override is given and url's host
				// is null, append the empty string to url's path.
				if p.override != stateNone && p.hostKind == HostNull {
					p.writeByte('/')
				}
				return outcomeOK
			}

		case statePath:
			if st, i = p.pathState(i); st == stateNone {
				return outcomeOK
			}

		case stateOpaquePath:
			// Steps 1 to 4 for the whole path at once: the path runs to
			// the first "?" or "#" (steps 1-2).
			j := i
			for j < len(input) && input[j] != '?' && input[j] != '#' {
				j++
			}
			seg := input[i:j]
			if p.report != nil {
				p.checkURLUnits(seg, i)
			}
			// 3. Otherwise, if c is U+0020 SPACE: ... if remaining starts
			// with U+003F (?) or U+0023 (#), then append "%20" to url's
			// path; otherwise append U+0020 SPACE to url's path.
			// 4. Otherwise, if c is not the EOF code point: ... UTF-8
			// percent-encode c using the C0 control percent-encode set
			// and append the result to url's path.
			if j < len(input) && seg != "" && seg[len(seg)-1] == ' ' {
				p.writeEncoded(seg[:len(seg)-1], C0ControlSet)
				p.writeString("%20")
			} else {
				p.writeEncoded(seg, C0ControlSet)
			}
			switch p.at(j) {
			case '?':
				// 1. If c is U+003F (?), then set url's query to the
				// empty string and state to query state.
				p.startQuery()
				st, i = stateQuery, j+1
			case '#':
				// 2. Otherwise, if c is U+0023 (#), then set url's
				// fragment to the empty string and state to fragment
				// state.
				p.startFragment()
				st, i = stateFragment, j+1
			default:
				return outcomeOK
			}

		case stateQuery:
			// Steps 2 and 3 for the whole query at once: the buffer runs
			// to the first "#" (unless state override is given) or the
			// EOF code point (step 2), checked for URL units (step 3).
			j := len(input)
			if p.override == stateNone {
				if k := strings.IndexByte(input[i:], '#'); k >= 0 {
					j = i + k
				}
			}
			if p.report != nil {
				p.checkURLUnits(input[i:j], i)
			}
			// 2.1. Let queryPercentEncodeSet be the special-query
			// percent-encode set if url is special; otherwise the query
			// percent-encode set. 2.2. Percent-encode after encoding,
			// with encoding, buffer, and queryPercentEncodeSet, and
			// append the result to url's query. (1. The encoding is UTF-8
			// if url is not special or its scheme is "ws" or "wss".)
			p.appendQuery(input[i:j])
			if j == len(input) {
				return outcomeOK
			}
			// 2.4. If c is U+0023 (#), then set url's fragment to the
			// empty string and state to fragment state.
			p.startFragment()
			st, i = stateFragment, j+1

		case stateFragment:
			// 1. If c is not the EOF code point, then: 1.1-1.2 (URL units)
			// 1.3. UTF-8 percent-encode c using the fragment
			// percent-encode set and append the result to url's fragment.
			// (For the rest of the input at once.)
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

// restCannotFail is CanParse's early exit from run, at the path start or
// a state after it: there nothing fails (the path, query and fragment
// states have no failure), so the input is a URL if the rest of it,
// percent-encoded at worst (three bytes for one), plus the "/." that
// finish may add, fits the limit. It records that bound in p.bound.
func (p *parser) restCannotFail(i int) bool {
	bound := uint64(p.outLen()) + p.extra + 3*uint64(len(p.input)-i) + 2
	if bound > p.maxLen() {
		return false
	}
	p.bound = bound
	return true
}

// schemeState is the scheme state, from the first code point of the
// scheme at i. It returns the next state and offset, or stateNone and
// the outcome to return.
// https://url.spec.whatwg.org/#scheme-state
func (p *parser) schemeState(i int) (state, int, outcome) {
	input := p.input
	// 1. If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E
	// (.), append c, lowercased, to buffer. (The whole run at once.)
	j := i
	for j < len(input) && isSchemeByte(input[j]) {
		j++
	}
	if j == len(input) && !p.colonAtEnd || j < len(input) && input[j] != ':' {
		// 3. Otherwise, if state override is not given, set buffer to
		// the empty string, state to no scheme state, and start over
		// (from the first code point in input).
		if p.override == stateNone {
			return stateNoScheme, 0, outcomeOK
		}
		// 4. Otherwise, return failure.
		return stateNone, 0, outcomeOverrideFailure
	}
	// 2. Otherwise, if c is U+003A (:), then:
	scheme := input[i:j]
	typ := schemeTypeOf(scheme)
	if p.override != stateNone {
		// 2.1. If state override is given, then: 2.1.1-2.1.4 (return if
		// special-ness would change, if url includes credentials or has
		// a non-null port and buffer is "file", or if url's scheme is
		// "file" and its host is an empty host).
		if p.scheme.special() != typ.special() ||
			typ == schemeFile && (p.includesCredentials() || p.hasPort()) ||
			p.scheme == schemeFile && p.hostKind == HostEmpty {
			return stateNone, 0, outcomeSchemeRefused
		}
		// 2.2. Set url's scheme to buffer. 2.3. If state override is
		// given, then: 2.3.1. If url's port is url's scheme's default
		// port, then set url's port to null. 2.3.2. Return.
		p.setScheme(scheme, typ)
		if port, ok := p.portNumber(); ok && port == typ.defaultPort() {
			p.setPort("")
		}
		return stateNone, 0, outcomeOK
	}
	// 2.2. Set url's scheme to buffer. 2.4. Set buffer to the empty
	// string.
	p.appendScheme(scheme, typ)
	i = j + 1
	switch {
	case typ == schemeFile:
		// 2.5. If url's scheme is "file", then: 2.5.1. If remaining does
		// not start with "//", special-scheme-missing-following-solidus
		// validation error. 2.5.2. Set state to file state.
		if !strings.HasPrefix(input[i:], "//") {
			p.warn(SpecialSchemeMissingFollowingSolidus, i)
		}
		return stateFile, i, outcomeOK
	case typ.special() && p.hasBase && p.base.scheme == typ:
		// 2.6. Otherwise, if url is special, base is non-null, and
		// base's scheme is url's scheme: set state to special relative
		// or authority state.
		return stateSpecialRelativeOrAuthority, i, outcomeOK
	case typ.special():
		// 2.7. Otherwise, if url is special, set state to special
		// authority slashes state.
		return stateSpecialAuthoritySlashes, i, outcomeOK
	case i < len(input) && input[i] == '/':
		// 2.8. Otherwise, if remaining starts with an U+002F (/), set
		// state to path or authority state and increase pointer by 1.
		return statePathOrAuthority, i + 1, outcomeOK
	}
	// 2.9. Otherwise, set url's path to the empty string and set state
	// to opaque path state.
	p.setNullHost()
	p.pathStart = uint32(p.outLen())
	p.opaquePath = true
	return stateOpaquePath, i, outcomeOK
}

// scanAuthority replaces the authority state's steps 1 to 3, which take
// one code point at a time, with one scan from i. The authority runs to
// the first "/", "?", "#" (or "\" in a special URL): step 2, at j. The
// spec's buffer collects it (step 3) and, at each "@" (step 1), flushes
// it into the credentials, so the last "@" (at, or -1) splits userinfo
// from host and every earlier "@" ends up in the userinfo as "%40" (step
// 1.2). The same pass finds where the host ends after the last "@",
// which the host state's steps 2 to 4 would find: the first ":" outside
// brackets, or the authority's end. It hands that to the host state in
// p.hostEndHint (see the parser type), so the host is not scanned twice.
// https://url.spec.whatwg.org/#authority-state
func (p *parser) scanAuthority(i int) (j, at int) {
	input := p.input
	mask := uint8(delimEnd | delimAt | delimColon | delimBracket)
	if p.scheme.special() {
		mask |= delimBackslash
	}
	j, at = i, -1
	hostEnd := -1
	insideBrackets := false
	for {
		j = scan(input, j, &delimClass, mask)
		if j == len(input) {
			break
		}
		switch input[j] {
		case '@':
			// 1. If c is U+0040 (@), then: 1.1. Invalid-credentials
			// validation error. 1.3. Set atSignSeen to true. (What
			// came before is userinfo: the host starts after this "@".)
			p.warn(InvalidCredentials, j)
			at, hostEnd, insideBrackets = j, -1, false
		case '[', ']':
			// Host state, 4.1-4.2: insideBrackets.
			insideBrackets = input[j] == '['
		case ':':
			// Host state, 2: a ":" outside brackets ends the host.
			if !insideBrackets && hostEnd < 0 {
				hostEnd = j
			}
		default:
			// 2. Otherwise, if c is the EOF code point, "/", "?", or
			// "#", or url is special and c is "\": the authority ends.
			if hostEnd < 0 {
				hostEnd = j
			}
			p.hostEndHint = hostEnd
			return j, at
		}
		j++
	}
	if hostEnd < 0 {
		hostEnd = j
	}
	p.hostEndHint = hostEnd
	return j, at
}

// hostState is the host state and the hostname state, from the host's
// first code point at i. It returns the next state and offset, or
// stateNone and the outcome to return.
// https://url.spec.whatwg.org/#host-state
func (p *parser) hostState(i int) (state, int, outcome) {
	// 1. If state override is given and url's scheme is "file", then
	// decrease pointer by 1 and set state to file host state.
	if p.override != stateNone && p.scheme == schemeFile {
		return stateFileHost, i, outcomeOK
	}
	// Step 4 (append c to buffer, tracking insideBrackets), one code point
	// at a time until step 2's ":" outside brackets or step 3's end of the
	// host, as one scan: the authority state's (p.hostEndHint), or for a
	// setter that starts here, scanHostEnd.
	j := p.hostEndHint
	if j == 0 {
		j = p.scanHostEnd(i)
	}
	p.hostEndHint = 0
	buffer := p.input[i:j]
	// 2. Otherwise, if c is U+003A (:) and insideBrackets is false:
	if p.at(j) == ':' {
		// 2.1. If buffer is the empty string, host-missing validation
		// error, return failure.
		if buffer == "" {
			return stateNone, 0, p.fail(HostMissing, i)
		}
		// 2.2. If state override is given and state override is
		// hostname state, then return failure.
		if p.override == stateHostname {
			return stateNone, 0, outcomeOverrideFailure
		}
		// 2.3. Let host be the result of host parsing buffer with url is
		// not special. 2.4. If host is failure, then return failure.
		// 2.5. Set url's host to host, buffer to the empty string, and
		// state to port state.
		if r := p.setHost(buffer, i); r != outcomeOK {
			return stateNone, 0, r
		}
		return statePort, j + 1, outcomeOK
	}
	// 3. Otherwise, if c is the EOF code point, "/", "?", or "#", or url
	// is special and c is "\", then decrease pointer by 1, and:
	// 3.1. If url is special and buffer is the empty string, host-missing
	// validation error, return failure.
	if p.scheme.special() && buffer == "" {
		return stateNone, 0, p.fail(HostMissing, i)
	}
	// 3.2. Otherwise, if state override is given, buffer is the empty
	// string, and either url includes credentials or url's port is
	// non-null, then return failure.
	if p.override != stateNone && buffer == "" && (p.includesCredentials() || p.hasPort()) {
		return stateNone, 0, outcomeOverrideFailure
	}
	// 3.3. Let host be the result of host parsing buffer with url is not
	// special. 3.4. If host is failure, then return failure. 3.5. Set
	// url's host to host, buffer to the empty string, and state to path
	// start state.
	if r := p.setHost(buffer, i); r != outcomeOK {
		return stateNone, 0, r
	}
	// 3.6. If state override is given, then return.
	if p.override != stateNone {
		return stateNone, 0, outcomeOK
	}
	return statePathStart, j, outcomeOK
}

// portState is the port state, from the port's first code point at i.
// It returns the next state and offset, or stateNone and the outcome to
// return.
// https://url.spec.whatwg.org/#port-state
func (p *parser) portState(i int) (state, int, outcome) {
	input := p.input
	// 1. If c is an ASCII digit, append c to buffer. (The whole run.)
	j := i
	for j < len(input) && isASCIIDigit(input[j]) {
		j++
	}
	// 2. Otherwise, if one of the following is true: c is the EOF code
	// point, "/", "?", or "#"; url is special and c is "\"; or state
	// override is given, then: ...
	c := p.at(j)
	if !(c == -1 || c == '/' || c == '?' || c == '#' || c == '\\' && p.scheme.special() || p.override != stateNone) {
		// 3. Otherwise, port-invalid validation error, return failure.
		return stateNone, 0, p.fail(PortInvalid, j)
	}
	// 2.1. If buffer is not the empty string:
	if j > i {
		// 2.1.1. Let port be the mathematical integer value that is
		// represented by buffer in radix-10 using ASCII digits.
		port := 0
		for k := i; k < j && port <= 0xFFFF; k++ {
			port = port*10 + int(input[k]-'0')
		}
		// 2.1.2. If port is not a 16-bit unsigned integer,
		// port-out-of-range validation error, return failure.
		if port > 0xFFFF {
			return stateNone, 0, p.fail(PortOutOfRange, i)
		}
		// 2.1.3. Set url's port to null, if port is url's scheme's
		// default port; otherwise to port.
		if port == p.scheme.defaultPort() {
			p.setPort("")
		} else {
			var digits [5]byte
			p.setPort(string(strconv.AppendInt(digits[:0], int64(port), 10)))
		}
		// 2.1.4. Set buffer to the empty string. 2.1.5. If state
		// override is given, then return.
		if p.override != stateNone {
			return stateNone, 0, outcomeOK
		}
	}
	// 2.2. If state override is given, then return failure.
	if p.override != stateNone {
		return stateNone, 0, outcomeOverrideFailure
	}
	// 2.3. Set state to path start state and decrease pointer by 1.
	return statePathStart, j, outcomeOK
}

// fileState is the file state at i. It returns the next state and
// offset, or stateNone and the outcome to return.
// https://url.spec.whatwg.org/#file-state
func (p *parser) fileState(i int) (state, int, outcome) {
	// 1. Set url's scheme to "file". (The scheme state wrote it already
	// when the input has one.)
	if p.outLen() == 0 {
		p.appendScheme("file", schemeFile)
	}
	// 2. Set url's host to the empty string. The output is written in
	// order, so the host is written below, where it is known: the empty
	// host, or the base's.
	c := p.at(i)
	// 3. If c is U+002F (/) or U+005C (\), then: 3.1. If c is U+005C (\),
	// invalid-reverse-solidus validation error. 3.2. Set state to file
	// slash state.
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.warn(InvalidReverseSolidus, i)
		}
		return stateFileSlash, i + 1, outcomeOK
	}
	// 5. Otherwise (no file base), set state to path state, and decrease
	// pointer by 1. (Step 2's empty host is written.)
	if !p.hasBase || p.base.scheme != schemeFile {
		p.startEmptyHost()
		return statePath, i, outcomeOK
	}
	// 4. Otherwise, if base is non-null and base's scheme is "file":
	// 4.1. Set url's host to base's host, url's path to a clone of base's
	// path, and url's query to base's query. 4.2. If c is U+003F (?),
	// then set url's query to the empty string and state to query state.
	// 4.3. Otherwise, if c is U+0023 (#), set url's fragment to the empty
	// string and state to fragment state. (continueFromBase copies from
	// the base what each case keeps; at the EOF code point, 4.1 is the
	// whole URL.)
	if next, ok := p.continueFromBase(c); ok {
		if next == stateNone {
			return stateNone, 0, outcomeOK
		}
		return next, i + 1, outcomeOK
	}
	// 4.4. Otherwise, if c is not the EOF code point: 4.4.1. Set url's
	// query to null (the base's query is not copied).
	if !startsWithWindowsDriveLetter(p.input[i:]) {
		// 4.4.2. If the code point substring from pointer to the end of
		// input does not start with a Windows drive letter, then shorten
		// url's path.
		p.copyBase(p.base.pathEnd())
		p.shortenPath()
	} else {
		// 4.4.3. Otherwise: 4.4.3.1. File-invalid-Windows-drive-letter
		// validation error. 4.4.3.2. Set url's path to « » (only the
		// base's host is copied).
		p.warn(FileInvalidWindowsDriveLetter, i)
		p.copyBase(p.base.authorityEnd())
		p.pathStart = uint32(p.outLen())
	}
	// 4.4.4. Set state to path state and decrease pointer by 1.
	return statePath, i, outcomeOK
}

// startEmptyHost writes the "//" of the empty host that the file state's
// step 2 gives the URL, and starts the path after it.
func (p *parser) startEmptyHost() {
	p.startAuthority()
	p.hostKind = HostEmpty
	p.pathStart = uint32(p.outLen())
}

// fileSlashState is the file slash state at i. It returns the next state
// and offset.
// https://url.spec.whatwg.org/#file-slash-state
func (p *parser) fileSlashState(i int) (state, int) {
	c := p.at(i)
	// 1. If c is U+002F (/) or U+005C (\), then: 1.1. If c is U+005C (\),
	// invalid-reverse-solidus validation error. 1.2. Set state to file
	// host state.
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.warn(InvalidReverseSolidus, i)
		}
		return stateFileHost, i + 1
	}
	// 2. Otherwise: 2.1. If base is non-null and base's scheme is "file",
	// then:
	if p.hasBase && p.base.scheme == schemeFile {
		// 2.1.1. Set url's host to base's host.
		p.copyBase(p.base.authorityEnd())
		p.pathStart = uint32(p.outLen())
		// 2.1.2. If the code point substring from pointer to the end of
		// input does not start with a Windows drive letter and base's
		// path[0] is a normalized Windows drive letter, then append
		// base's path[0] to url's path.
		if !startsWithWindowsDriveLetter(p.input[i:]) {
			if first := p.base.firstPathSegment(); isNormalizedWindowsDriveLetter(first) {
				p.writeByte('/')
				p.writeString(first)
			}
		}
	} else {
		// The file state's step 2: the empty host.
		p.startEmptyHost()
	}
	// 2.2. Set state to path state, and decrease pointer by 1.
	return statePath, i
}

// fileHostState is the file host state, from the host's first code point
// at i. It returns the next state and offset, or stateNone and the
// outcome to return.
// https://url.spec.whatwg.org/#file-host-state
func (p *parser) fileHostState(i int) (state, int, outcome) {
	input := p.input
	// Step 2 (append c to buffer), one code point at a time until step
	// 1's c, as one scan.
	j := i
	for j < len(input) {
		if c := input[j]; c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
		j++
	}
	buffer := input[i:j]
	// 1. If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?),
	// or U+0023 (#), then decrease pointer by 1 and then:
	// 1.1. If state override is not given and buffer is a Windows drive
	// letter, file-invalid-Windows-drive-letter-host validation error,
	// set state to path state. buffer is not reset here and instead used
	// in the path state: the path state starts at the drive letter (i
	// stays), and p.uncheckedUntil (see the parser type) tells it that
	// these code points were collected here, where no URL units are
	// checked. The host is the file state's empty host.
	if p.override == stateNone && isWindowsDriveLetter(buffer) {
		p.warn(FileInvalidWindowsDriveLetterHost, i)
		p.uncheckedUntil = j
		p.startEmptyHost()
		return statePath, i, outcomeOK
	}
	if p.override == stateNone {
		p.startAuthority()
	}
	// 1.2. Otherwise, if buffer is the empty string, then: 1.2.1. Set
	// url's host to the empty string. 1.3. Otherwise, run these steps:
	// 1.3.1. Let host be the result of host parsing buffer with url is
	// not special. 1.3.2. If host is failure, then return failure. 1.3.3.
	// If host is "localhost", then set host to the empty string. 1.3.4.
	// Set url's host to host. (setHost does both branches: an empty
	// buffer is the empty host, and a file URL's "localhost" becomes it.)
	if r := p.setHost(buffer, i); r != outcomeOK {
		return stateNone, 0, r
	}
	// 1.2.2, 1.3.5. If state override is given, then return.
	if p.override != stateNone {
		return stateNone, 0, outcomeOK
	}
	// 1.2.3, 1.3.6. Set buffer to the empty string and state to path
	// start state.
	return statePathStart, j, outcomeOK
}

// appendQuery appends buffer to url's query as the query state's step
// 2 does: percent-encoded after encoding with the (special-)query
// percent-encode set, in the query encoding unless url is not special
// or its scheme is "ws" or "wss" (step 1), where it is UTF-8.
// https://url.spec.whatwg.org/#query-state
func (p *parser) appendQuery(buffer string) {
	set := querySet(p.scheme)
	if p.enc != nil && p.scheme.special() && p.scheme != schemeWS && p.scheme != schemeWSS {
		p.materialize(3 * len(buffer))
		p.out = appendPercentEncodeAfterEncoding(p.out, p.enc, buffer, set, false)
		return
	}
	p.writeEncoded(buffer, set)
}

// pathState is the path state from offset i, where a segment starts.
// With validation errors to report, or in a file URL (the drive-letter
// quirk), it takes one path segment per iteration where the spec takes
// one code point per step: checkedSegment, then step 1's c. Else
// walkPath takes the whole path in one pass, appendPath's walk
// (writer.go), the one the one-pass tail and SetPathname take (after
// normalRun, in a special URL, which writes what of the path, query and
// fragment is in normal form). It returns the query or fragment state
// and its offset, or stateNone when the input (or, with state override,
// the value) ends.
// https://url.spec.whatwg.org/#path-state
func (p *parser) pathState(i int) (state, int) {
	special := p.scheme.special()
	// Step 1's c: the EOF code point, "/", "\" if url is special, and,
	// unless state override is given, "?" and "#".
	mask := uint8(delimSlash)
	if special {
		mask |= delimBackslash
	}
	if p.override == stateNone {
		mask |= delimQuery | delimFragment
	}
	var j int
	if p.report == nil && p.scheme != schemeFile {
		// (Not on the segment where the fast path stopped, p.cleanUntil,
		// where normalRun would stop too, nor on one that starts with "."
		// or "%" and may be a dot segment, which it would often stop at:
		// "../../".)
		if special && p.override == stateNone && p.enc == nil && (p.cleanUntil == 0 || i > p.cleanUntil) &&
			(i == len(p.input) || p.input[i] != '.' && p.input[i] != '%') {
			st, k := p.normalRun(i)
			if st != statePath {
				return st, k
			}
			i = k
		}
		j = p.walkPath(i, mask)
	} else {
		for {
			j = p.checkedSegment(i, mask, special)
			// 1.5. Set buffer to the empty string.
			if c := p.at(j); c != '/' && (c != '\\' || !special) {
				break
			}
			i = j + 1
		}
	}
	switch p.at(j) {
	case '?':
		// 1.6. If c is U+003F (?), then set url's query to the empty
		// string and state to query state.
		p.startQuery()
		return stateQuery, j + 1
	case '#':
		// 1.7. If c is U+0023 (#), then set url's fragment to the empty
		// string and state to fragment state.
		p.startFragment()
		return stateFragment, j + 1
	}
	// The EOF code point: the path is done. (With state override, "?"
	// and "#" are in the segment.)
	return stateNone, 0
}

// walkPath is the path state from the segment at input[i:] to step 1's
// c that ends the path ("?" or "#" of mask, or the end), whose offset
// it returns, in a URL that is not file when nobody listens for
// validation errors: appendPath's walk (writer.go), through the
// parser's output. While the output is the input (output.go), it
// writes the segments that the walk writes as they are (plainPath) at
// once, and takes dot segments itself, as appendPath does, with
// shortenPath: neither copies anything (a path of "a/../" or "./"
// segments in a row leaves the output equal to the input). From the
// segment where the output differs (a "\\" in a special URL, a byte to
// percent-encode, or a write after a dot segment), appendPath takes the
// rest of the path into the output, sized for it: "/" and the rest,
// with two more bytes for each byte to encode (dot segments only
// shorten it). Where that passes the length limit, appendPath stops at
// the run to encode that would pass it (p.overLimit); with noStore, the
// output goes blind and only that bound is counted.
func (p *parser) walkPath(i int, mask uint8) int {
	input := p.input
	slashes := mask & (delimSlash | delimBackslash)
	ends := mask &^ slashes
	for p.out == nil && !p.blind {
		j := plainPath(input, i, i, mask)
		if j == len(input) || delimClass[input[j]]&ends != 0 {
			p.writeSegments(i, j)
			return j
		}
		// The segments before the one that holds j.
		if last := strings.LastIndexByte(input[i:j], '/'); last >= 0 {
			p.writeSegments(i, i+last)
			i += last + 1
		}
		if j > i || input[j] != '.' && input[j] != '%' {
			break // a "\\" or a byte to encode
		}
		// A dot segment at i: 1.2 and 1.3 as appendPath takes them. (The
		// "/" before it is not written.)
		dot, k := dotSegmentAt(input, i, mask)
		if dot == doubleDot {
			p.shortenPath()
		}
		if k == len(input) || delimClass[input[k]]&slashes == 0 {
			p.writeByte('/')
			return k
		}
		i = k + 1
	}
	end := len(input)
	if ends != 0 {
		end = scan(input, i, &delimClass, ends)
	}
	need := 1 + end - i + 2*countInSet(input[i:end], PathSet)
	// Where need passes the length limit, appendPath stops at the run to
	// encode that would take the href past it, unless a double-dot
	// segment may follow, which may shorten the path below the limit
	// again: then it takes the whole path, in memory linear in the input.
	// (Never allocate for an href that will be refused.)
	limit := math.MaxInt
	if uint64(p.outLen())+uint64(need) > p.maxLen() && !mayHoldDoubleDot(input[i:end]) {
		limit = int(min(p.maxLen(), math.MaxInt))
	}
	if p.out == nil {
		extra := need + len(input) - end
		if limit != math.MaxInt {
			extra = len(input) - i
		}
		if p.blind || !p.materialize(extra) {
			p.n += need
			return end
		}
	}
	if limit == math.MaxInt && cap(p.out)-len(p.out) < need {
		p.out = slices.Grow(p.out, need+len(input)-end)
	}
	j, ok := 0, false
	if p.out, j, ok = appendPath(p.out, input, i, int(p.pathStart), mask, limit); !ok {
		p.overLimit = true
		return len(input)
	}
	return j
}

// mayHoldDoubleDot reports whether path may hold a double-dot segment
// (dotSegmentAt): whether it holds ".." or "%2", which every spelling of
// one does.
func mayHoldDoubleDot(path string) bool {
	return strings.Contains(path, "..") || strings.Contains(path, "%2")
}

// writeSegments writes the path segments input[i:j] as they are, with
// the "/" before the first (step 1.4.2 for each, with the serializer's
// "/" before each path item): in the same write as the segments when
// the input has one there (no copy while the output is the input).
func (p *parser) writeSegments(i, j int) {
	if i > 0 && p.input[i-1] == '/' {
		p.writeString(p.input[i-1 : j])
		return
	}
	p.writeByte('/')
	p.writeString(p.input[i:j])
}

// normalRun is the path state's shortcut for what of input[i:] (i:
// where a segment starts) is in normal form (normalizedTail), in a
// special URL other than file, when nobody listens for validation
// errors, state override is not given and the query's encoding is
// UTF-8: segments that are no dot segment and hold no "\\" and no byte
// to encode, each of which step 1.4.2 appends with the "/" before it;
// then, if it reaches them, "?" (step 1.6) and the query, which the
// query state's step 2.2 appends as it is, and "#" (step 1.7) and the
// fragment, which the fragment state's step 1.3 appends as it is. It
// writes them at once and returns where to go on: the path state at
// the start of the segment where the normal form stopped (i itself when
// that is the first), the query or fragment state where it stopped
// there, or stateNone at the end of the input.
func (p *parser) normalRun(i int) (state, int) {
	input := p.input
	q, f, stop := normalizedTail(input, i)
	st, end := stateNone, stop // input[i:end] is written
	switch {
	case f >= 0:
		if stop < len(input) {
			st = stateFragment
		}
	case q >= 0:
		if stop < len(input) {
			st = stateQuery
		}
	case stop < len(input):
		// Up to the segment that holds stop.
		st, end = statePath, i+strings.LastIndexByte(input[i:stop], '/')+1
		if end == i {
			return statePath, i
		}
		end-- // the slash that ends the last segment written
	}
	base := p.outLen() + 1 // the output offset of input[i]
	p.writeSegments(i, end)
	if q >= 0 {
		p.queryStart = uint32(q - i + base)
	}
	if f >= 0 {
		p.fragmentStart = uint32(f - i + base)
	}
	if st == statePath {
		return st, end + 1
	}
	return st, stop
}

// checkedSegment is the path state for the segment at input[i:], with
// its validation errors, or in a file URL: a scan does step 2 (2.1 and
// 2.2, the URL units; 2.3, append c, percent-encoded, to buffer) for
// the whole segment, up to step 1's c (a byte of mask, or the end);
// then step 1.1 and, in appendSegment, steps 1.2 to 1.4. It returns the
// offset of step 1's c.
func (p *parser) checkedSegment(i int, mask uint8, special bool) int {
	input := p.input
	// The segment's end (step 1's c), and whether any byte of it needs
	// percent-encoding (step 2.3), in one pass.
	clean := true
	j := scan(input, i, &pathClass, mask|pathEncode)
	if j < len(input) && pathClass[input[j]]&mask == 0 {
		clean = false
		j = scan(input, j, &delimClass, mask)
	}
	c := p.at(j)
	// 2.1. If c is not a URL code point and not U+0025 (%),
	// invalid-URL-unit validation error. 2.2. If c is U+0025 (%) and
	// remaining does not start with two ASCII hex digits,
	// invalid-URL-unit validation error. (For the whole segment, but a
	// drive letter that the file host state collected: p.uncheckedUntil,
	// see the parser type. The segment's code points come before step
	// 1's c, and so do their errors.)
	if p.report != nil {
		if from := max(i, p.uncheckedUntil); from < j {
			p.checkURLUnits(input[from:j], from)
		}
	}
	// 1.1. If url is special and c is U+005C (\), invalid-reverse-solidus
	// validation error. (In a URL that is not special, "\" is no
	// delimiter: c is never one.)
	if c == '\\' {
		p.warn(InvalidReverseSolidus, j)
	}
	p.appendSegment(i, j, c == '/' || c == '\\' && special, clean)
	return j
}

// appendSegment is the path state's steps 1.2 to 1.4 for the segment
// input[i:j] (the buffer, which clean says needs no percent-encoding),
// ended by a slash or not.
func (p *parser) appendSegment(i, j int, slash, clean bool) {
	seg := p.input[i:j]
	switch dot, _ := dotSegmentAt(seg, 0, 0); {
	case dot == doubleDot:
		// 1.2. If buffer is a double-dot URL path segment, then: 1.2.1.
		// Shorten url's path. 1.2.2. If neither c is U+002F (/), nor url
		// is special and c is U+005C (\), append the empty string to
		// url's path.
		p.shortenPath()
		if !slash {
			p.writeByte('/')
		}
	case dot == singleDot:
		// 1.3. Otherwise, if buffer is a single-dot URL path segment and
		// if neither c is U+002F (/), nor url is special and c is U+005C
		// (\), append the empty string to url's path.
		if !slash {
			p.writeByte('/')
		}
	case clean && i > 0 && p.input[i-1] == '/' && p.scheme != schemeFile:
		// 1.4.2 for a segment that needs no encoding (and no drive-letter
		// quirk, in a URL that is not file): the slash before it and the
		// segment, in one write (no copy while the output is the input).
		p.writeString(p.input[i-1 : j])
	default:
		// 1.4. Otherwise, if buffer is not a single-dot URL path segment,
		// then:
		p.writeByte('/')
		if p.scheme == schemeFile && p.outLen() == int(p.pathStart)+1 && isWindowsDriveLetter(seg) {
			// 1.4.1. If url's scheme is "file", url's path is empty, and
			// buffer is a Windows drive letter, then replace the second
			// code point in buffer with U+003A (:).
			p.writeByte(seg[0])
			p.writeByte(':')
		} else if clean {
			// 1.4.2. Append buffer to url's path.
			p.writeString(seg)
		} else {
			// 2.3. UTF-8 percent-encode c using the path percent-encode
			// set and append the result to buffer; 1.4.2. Append buffer
			// to url's path.
			p.writeEncoded(seg, PathSet)
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
