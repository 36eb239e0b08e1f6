package url

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// The route from Parse to a URL (docs/parser-route.md draws and counts
// it). parseInto is its one entry: Parse without a base takes its first
// step in parseURL and then parseDeclined, sparing a call that perf-ada
// measured on file URLs. With nobody listening for validation errors
// and UTF-8 queries, it tries the fast paths (fastpath.go) in this
// order, each for inputs of one shape, each of which vouches for a URL
// or declines:
//
//  1. parseNormalized, for any input: an absolute special URL in normal
//     form is its own href;
//  2. resolveNormalized, for an input without a scheme and "://" (a
//     relative reference) and a base: the base's prefix and the
//     reference, in normal form;
//  3. lowerAuthority, for an input with a scheme and "://": in normal
//     form up to the path but for case, an internationalized domain or a
//     default port;
//  4. parseBareAuthority, then parseRootPath, for the same: an absolute
//     special URL in normal form but for the path it lacks
//     ("http://example.com"). parseBareAuthority takes the commonest
//     such URL, a scheme and a domain with nothing after them, from what
//     parseNormalized found, without a second scan; it is tried first,
//     as no other fast path takes what it takes (its scheme matched, and
//     nothing follows the host for lowerAuthority to rewrite).
//
// Where 1 or 3 reached the path, they leave a handOver, the one record
// with which a fast path passes partial work on: the rest is written in
// one pass (finishTail and tail.go) or, where that declines, by the state
// machine from there (resume). Every other decline, and every parse
// with validation errors or a query encoding, starts the state machine
// from the beginning of the input (parseGeneral), as ada's parser does
// when its fast path declines.

// parseInto parses input against base (which may be nil) and stores the
// URL in u, a URL nobody else has yet: on failure its href is unchanged
// but its components may not be (the fast path writes them in place),
// and the caller drops u. It is the route's one entry.
func (pr *Parser) parseInto(u *URL, input string, base *URL, op string) error {
	if pr.OnValidationError != nil || pr.Encoding != nil || uint64(len(input)) > pr.limit() {
		return pr.parseGeneral(u, input, base, op)
	}
	// 1. An absolute URL in normal form is its own href, whatever the
	// base.
	stop, ok := parseNormalized(input, &u.components)
	if ok {
		u.href = input
		u.assertInvariants(op)
		return nil
	}
	return pr.parseDeclined(u, input, base, op, stop)
}

// parseDeclined is parseInto's route once parseNormalized declined
// input, leaving u's components and stop as it found them: fast paths 2
// to 4, the hand-over, or the state machine from the start.
func (pr *Parser) parseDeclined(u *URL, input string, base *URL, op string, stop int) error {
	limit := pr.limit()
	c := &u.components
	h := handOver{in: int(c.pathStart), stop: stop}
	if h.in == 0 && int(c.hostEnd) == len(input) && parseBareAuthority(u, input, c, limit) {
		// 4. A scheme and a domain, and nothing after them.
		u.assertInvariants(op)
		return nil
	}
	if h.in == 0 && c.scheme == schemeOther && !schemeAndSlashes(input) {
		// 2. A relative reference in normal form?
		if base != nil && base.href != "" && resolveNormalized(u, &base.record, input, limit) {
			u.assertInvariants(op)
			return nil
		}
		return pr.parseGeneral(u, input, base, op)
	}
	if h.in == 0 && mayLowerAuthority(input, c) {
		// 3. In normal form but for case, an internationalized domain
		// and a default port?
		var idn [2 * punyShortDomain]byte
		h.in, h.stop, h.host, h.rewrite = lowerAuthority(input, c, idn[:0])
	}
	if h.in != 0 && c.scheme != schemeFile {
		// 1 or 3 reached the path: the hand-over.
		h.c = c
		if finishTail(u, input, &h, limit) {
			u.assertInvariants(op)
			return nil
		}
		p := parser{limit: limit}
		if r := p.resume(input, &h); r != outcomeOK {
			return p.parseError(op, input, r)
		}
		u.href = p.result()
		u.components = p.components
		u.assertInvariants(op)
		return nil
	}
	if h.in == 0 && parseRootPath(u, input, limit) {
		// 4. In normal form but for the path it lacks.
		u.assertInvariants(op)
		return nil
	}
	return pr.parseGeneral(u, input, base, op)
}

// parseGeneral is parseInto by the state machine alone, from the start
// of the input.
func (pr *Parser) parseGeneral(u *URL, input string, base *URL, op string) error {
	p := parser{enc: pr.Encoding, report: pr.OnValidationError, limit: pr.limit()}
	p.setBase(base)
	if r := p.parseInput(input); r != outcomeOK {
		return p.parseError(op, input, r)
	}
	u.href = p.result()
	u.components = p.components
	u.assertInvariants(op)
	return nil
}

// parseError returns the *Error of a parse that ended with r.
func (p *parser) parseError(op, input string, r outcome) error {
	if r == outcomeTooLong {
		return &Error{Op: op, Input: input, Err: ErrTooLong}
	}
	return &Error{Op: op, Input: input, Err: p.failure()}
}

// parseInput runs the basic URL parser on input; on success the URL is
// p.result() with p.components. It returns outcomeOK, outcomeFailure
// (the fatal validation error is p.failKind) or outcomeTooLong.
func (p *parser) parseInput(input string) outcome {
	if uint64(len(input)) > p.maxLen() {
		return outcomeTooLong
	}
	if p.noStore {
		p.preprocessNoStore(input)
	} else {
		p.preprocess(input)
	}
	p.ref = p.input
	if r := p.run(stateSchemeStart, 0); r != outcomeOK {
		return r
	}
	if p.noStore {
		// finish adds at most "/.". The length is an upper bound when
		// the output went blind: CanParse retries with the output kept
		// when the bound is past the limit.
		if p.overLimit || uint64(p.outLen())+p.extra+2 > p.maxLen() {
			return outcomeTooLong
		}
		p.bound = max(p.bound, uint64(p.outLen())+p.extra+2)
		return outcomeOK
	}
	return p.finishWithin()
}

// finishWithin runs finish on a parse that ended well, and says whether
// the result stays within the length limit: checked before finish, which
// reads the offsets (past the limit, they may have wrapped), and after
// it, which may add "/.".
func (p *parser) finishWithin() outcome {
	if p.tooLong() {
		return outcomeTooLong
	}
	p.finish()
	if p.tooLong() {
		return outcomeTooLong
	}
	return outcomeOK
}

// handOver is the one record with which a fast path passes partial
// work on: an absolute URL with a special scheme other than file that
// parseNormalized, or lowerAuthority, found in normal form up to input
// offset stop, which is in its path, query or fragment. Both what takes
// over, finishTail (tail.go) and the state machine (resume), read it.
type handOver struct {
	// What the fast path found. c is the URL's components, in place (a
	// copy would read them back with wide loads from the narrow stores
	// that wrote them): in href offsets, up to the path, and the offsets
	// of the query and fragment its scan reached. The path starts at
	// input offset in (its "/" or "\\"). With rewrite, the href up to
	// there is input's with the scheme and host lowercased (or, when
	// host is not nil, the host replaced by host, the ASCII form of an
	// internationalized domain) and the default port dropped
	// (appendRewritten); without it, the href is input up to stop.
	c       *components
	in      int
	stop    int
	rewrite bool
	host    []byte

	// Where the rest takes over (at; stateNone until then): the state
	// st at input offset i, and done, the input offset up to which the
	// href holds input (rewritten). st is the query or fragment state
	// after the "?" or "#" of the query or fragment that holds stop, or
	// the path state at the start of the segment that holds stop.
	st   state
	i    int
	done int
}

// at sets h.st, h.i and h.done from what the fast path found, unless
// they are set.
func (h *handOver) at(input string) {
	if h.st != stateNone {
		return
	}
	shift := h.in - int(h.c.pathStart) // input offset less href offset
	switch {
	case h.c.fragmentStart != 0:
		h.i = int(h.c.fragmentStart) + shift + 1
		h.st, h.done = stateFragment, h.i
	case h.c.queryStart != 0:
		h.i = int(h.c.queryStart) + shift + 1
		h.st, h.done = stateQuery, h.i
	default:
		// The "/" before the segment (or the path's first, which may be
		// "\\"): the path state appends it with the segment.
		h.i = max(strings.LastIndexByte(input[:h.stop], '/'), h.in) + 1
		h.st, h.done = statePath, h.i-1
	}
}

// tailMaxInput is the longest input finishTail takes: its buffer is
// sized for the input, so that it may hold that much more than the href
// needs. Longer inputs go to the state machine, which writes nothing
// while the href is a prefix of the input.
const tailMaxInput = 4096

// finishTail takes over from a fast path at h: when the fast path
// vouched for all of input but its scheme and authority, the href is
// input with those rewritten; otherwise it writes the href up to h.done,
// then the rest by appendTail (tail.go), into one buffer. It stores the
// URL in u and reports true, or reports false, leaving u as it was, when
// the state machine must decide: the href might pass limit, or
// appendTail declined.
func finishTail(u *URL, input string, h *handOver, limit uint64) bool {
	shift := h.in - int(h.c.pathStart) // input offset less href offset
	if h.rewrite && h.stop == len(input) {
		// In normal form but for the scheme and authority: the
		// components are the URL's already.
		n := len(input) - shift
		if uint64(n) > limit {
			return false
		}
		buf := appendRewritten(make([]byte, 0, n), input, h.c, h.in, len(input), h.host)
		u.href = unsafe.String(unsafe.SliceData(buf), len(buf))
		return true
	}
	c := *h.c
	// At most nine bytes for each byte still to come (an invalid one is
	// "%EF%BF%BD"), so that appendTail needs no check of the limit; and
	// a buffer sized for the input is at most tailMaxInput bytes
	// larger than the href (dot segments shorten it).
	h.at(input)
	if len(input) > tailMaxInput || uint64(h.done-shift)+9*uint64(len(input)-h.done) > limit {
		return false
	}
	// Room for the href as long as the input, and 16 bytes more; when
	// the fast path stopped at a code point that is not ASCII, two more
	// for each byte of the run of them there, which appendTail
	// percent-encodes three bytes for one ("/путь" is 24 bytes in the
	// href): most hrefs then take one allocation.
	n := len(input) - shift + 16
	for k := h.stop; k < len(input) && input[k] >= utf8.RuneSelf; k++ {
		n += 2
	}
	buf := make([]byte, 0, n)
	if h.rewrite {
		buf = appendRewritten(buf, input, &c, h.in, h.done, h.host)
	} else {
		buf = append(buf, input[:h.done]...)
	}
	buf, ok := appendTail(buf, input, h.i, h.st, &c)
	if !ok {
		return false
	}
	u.href = unsafe.String(unsafe.SliceData(buf), len(buf))
	u.components = c
	return true
}

// resume is the state machine taking over from a fast path at h, for
// what finishTail declines. It does what the basic URL parser would do
// from there, as the states before would have written input (rewritten)
// up to h.done: it starts in h.st at h.i. The path, query and fragment
// states have no failure: the result is a URL unless its href is too
// long (outcomeTooLong).
func (p *parser) resume(input string, h *handOver) outcome {
	// Preprocessing: the input starts with the scheme (nothing to strip
	// there) and holds no tab, newline, invalid byte or trailing space
	// before stop, so the cleaned input has the same prefix, which
	// cleanTabs need not read.
	h.at(input)
	p.cleanUntil = h.stop
	p.preprocess(input)
	p.ref = p.input
	p.components = *h.c
	if !h.rewrite {
		p.n = h.done
	} else {
		shift := h.in - int(h.c.pathStart) // input offset less href offset
		p.out = appendRewritten(make([]byte, 0, len(p.input)-shift+16), input, h.c, h.in, h.done, h.host)
	}
	p.run(h.st, h.i)
	return p.finishWithin()
}
