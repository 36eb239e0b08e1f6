package url

import "unicode/utf8"

// CanParse's no-store parse. The parser with noStore set (parser_states.go,
// output.go) keeps no output that differs from the input, only its
// length, and stops at the path, past which nothing fails. Two things
// would still allocate: preprocessing, which copies an input that holds
// tabs, newlines or invalid UTF-8, and the base, whose href the relative
// parse copies from. Neither needs a copy to decide success:
//
//   - An invalid UTF-8 byte becomes U+FFFD, three bytes that the URL
//     percent-encodes to nine. Read in place, the byte is a non-ASCII
//     byte like the bytes of U+FFFD, which no state takes for a
//     delimiter, a scheme byte, a digit or a forbidden code point; it is
//     percent-encoded to three bytes (p.extra counts the six missing),
//     and a domain holding one fails, as one holding U+FFFD does
//     (parseHost). Only the domain needs the check: read in place, the
//     byte could combine with percent-decoded bytes into valid UTF-8.
//   - A tab or newline is removed. After the point where the parser
//     reaches the path (prePathEnd), only the length of what follows
//     matters, and a tab read in place only adds to it.
//   - From the base, the relative parse needs its scheme, whether its
//     path is opaque, and an upper bound on its length: a base's path
//     and query never make a parse fail. A stand-in record with the same
//     scheme and path kind, whose href starts with a byte no
//     preprocessed input starts with (so that copying from it turns the
//     output blind at once), takes its place; p.extra adds the bound.
//
// Only a tab or newline before the path (in the scheme, the slashes, the
// authority) still takes preprocessing's copy, and of the part before
// prePathEnd only. The parser reads its input as one string, and a
// buffer on the stack would escape through it (its methods leak what it
// points to): no copy there would take the states before the path
// reading past tabs and newlines themselves.

// canParse is CanParse: the road (route.go) with check on, against a
// stand-in for the base (baseStandIn), which allocates nothing. It takes
// the road's step 1 itself, as parseURL does. It reads
// the base argument as parseBaseArg (parse.go) does for the others.
func canParse(input string, base []string) bool {
	var b record
	var extra uint64
	switch len(base) {
	case 0:
	case 1:
		var r outcome
		if b, extra, r = baseStandIn(base[0]); r == outcomeTooLong {
			return canParseExactly(input, base)
		} else if r != outcomeOK {
			return false
		}
	default:
		return false
	}
	var pr Parser
	var u URL // scratch: the road with check stores no href
	check := roadCheck{on: true, extra: extra}
	var err error
	if uint64(len(input)) <= hrefLimit {
		// The road for the zero Parser, its step 1 here, as parseURL
		// takes it: a call to road first cost CanParse 4-9%
		// (docs/performance.md, "The parser's road").
		stop, ok := parseNormalized(input, &u.components)
		if ok {
			return true
		}
		err = pr.declined(&u, input, &b, "", check, stop)
	} else {
		err = pr.road(&u, input, &b, "", check)
	}
	switch err {
	case nil:
		return true
	case ErrTooLong:
		// The no-store parser's length is an upper bound: parse again,
		// keeping the output, to know.
		return canParseExactly(input, base)
	}
	return false
}

// canParseExactly parses input against base keeping the output, for
// an href whose upper bound is past the limit.
func canParseExactly(input string, base []string) bool {
	var pr Parser
	var u URL
	return pr.parseBases(&u, input, base) == nil
}

// baseStandIn parses base and returns the record the relative parse
// uses in its place, with the extra length to allow for: the base
// itself when it is in normal form, otherwise a stand-in and an upper
// bound on the length of its href. The outcome is outcomeTooLong when
// the bound is past the limit: the base may still parse.
func baseStandIn(base string) (b record, extra uint64, r outcome) {
	var c components
	if _, ok := parseNormalized(base, &c); ok && uint64(len(base)) <= hrefLimit {
		return record{base, c}, 0, outcomeOK
	}
	p := parser{noStore: true}
	if r := p.parseInput(base); r != outcomeOK {
		return record{}, 0, r
	}
	switch {
	case p.opaquePath:
		b = standInOpaque
	case p.scheme == schemeFile:
		b = standInFile
	default:
		b = standInHier
		b.scheme = p.scheme
	}
	return b, p.bound, outcomeOK
}

// The stand-in bases: their hrefs start with a space, which no
// preprocessed input starts with, and a file URL's path starts with a
// drive letter, the longest first segment the file states copy.
var (
	standInOpaque = record{" :", components{schemeEnd: 1, usernameEnd: 2, hostStart: 2, hostEnd: 2, pathStart: 2,
		hostKind: HostNull, scheme: schemeOther, opaquePath: true}}
	standInFile = record{" :///C:/", components{schemeEnd: 1, usernameEnd: 4, hostStart: 4, hostEnd: 4, pathStart: 4,
		hostKind: HostEmpty, scheme: schemeFile}}
	standInHier = record{" ://h/", components{schemeEnd: 1, usernameEnd: 4, hostStart: 4, hostEnd: 5, pathStart: 5,
		hostKind: HostDomain}}
)

// preprocessNoStore is preprocess for the no-store parser: it trims
// the input as preprocess does and reads the rest in place, invalid
// UTF-8 and tabs or newlines after prePathEnd included. When a tab or
// newline comes earlier, it cleans the part before prePathEnd only.
func (p *parser) preprocessNoStore(input string) {
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	s := input[start:end]
	// The bytes before the first that is not printable ASCII, eight at
	// a time (see cleanTabs).
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if ((load64(s[i:i+8])-0x2121212121212121)|load64(s[i:i+8]))&0x8080808080808080 != 0 {
			break
		}
	}
	invalid, tabsFrom := 0, -1
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c == '\t' || c == '\n' || c == '\r') && tabsFrom < 0 {
				tabsFrom = i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			invalid++
		}
		i += size
	}
	if e := prePathEnd(s); tabsFrom >= 0 && tabsFrom < e {
		// Preprocessing's copy, but of the part before the path only:
		// the rest counts by its length, percent-encoded at worst.
		p.cleanTabs(input, start, start+e, true)
		p.extra += 3 * uint64(cleanLen(s[e:], true))
		return
	}
	p.input, p.origLead = s, start
	p.extra += 6 * uint64(invalid)
}

// prePathEnd returns an offset in s, an input trimmed but not cleaned
// of tabs and newlines, before which the parser, run on s cleaned, reads
// all it reads until it reaches the path (or opaque path, query or
// fragment) state: just past the first "/", "?" or "#" after the run of
// slashes, backslashes, tabs and newlines at the first "/", "\\", "?"
// or "#"; or len(s).
//
// The scheme, if any, ends before that first delimiter (d1). The
// authority, if any, starts either right after the scheme or after the
// run at d1, and ends at the next "/", "?" or "#" (or earlier, at a "\\"
// in a special URL); no state before the path looks past the byte that
// ends it. Removing tabs and newlines adds or removes none of these
// delimiters.
func prePathEnd(s string) int {
	i := 0
	for i < len(s) && delimClass[s[i]]&(delimEnd|delimBackslash) == 0 {
		i++
	}
	for i < len(s) && (s[i] == '/' || s[i] == '\\' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	for i < len(s) && delimClass[s[i]]&delimEnd == 0 {
		i++
	}
	if i < len(s) {
		i++
	}
	return i
}
