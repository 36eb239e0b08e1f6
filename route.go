package url

import (
	"errors"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// road is the one road from an input to a URL: Parse, (*Parser).Parse,
// ParseRef, (*URL).Parse, the base of each, Validate and the setters'
// SetHref take it to build a URL, and CanParse takes it with check set
// to learn only whether there is one (docs/parser-route.md draws it).
// It takes step 1 below and leaves the rest to declined; Parse without a
// base takes step 1 in its worker (parseURL) and then declined, which
// spares URLs in normal form a call.
// It parses input against base (nil for none) and stores the URL in u,
// a URL nobody else has yet: on failure u's href is unchanged but its
// components may not be (the fast paths write them in place), and the
// caller drops u. With check on (roadCheck), it stores no href (u's
// components are scratch), and its error is errNoURL, or ErrTooLong
// when the no-store parser's upper bound on the href passed the limit
// (the input may still parse), never an *Error.
//
// With nobody listening for validation errors and UTF-8 queries, it
// tries the fast paths (fastpath.go) in this order, each for inputs of
// one shape, each vouching for the whole URL or declining, but for
// 1 and 4, which may hand over a URL they vouched for up to its path:
//
//  1. parseNormalized, for any input: an absolute special URL in normal
//     form is its own href.
//  2. parseBareAuthority, for what 1 declined at the end of the host: a
//     special URL of a scheme and a domain and nothing after them
//     ("http://example.com"), whose href is input and "/".
//  3. resolveNormalized, for an input without a scheme and "://" (a
//     relative reference, hasSchemeAndSlashes) and a base: the base's
//     prefix and the reference, in normal form. Such an input takes no
//     other fast path: the state machine parses it when this declines.
//  4. lowerAuthority, for an input with a scheme and "://" that 1
//     declined before the path: in normal form up to the path but for
//     case, an internationalized domain or a default port.
//  5. The hand-over, where 1 or 4 reached the path of a URL other than
//     a file URL: they leave a handOver, the one record with which a fast
//     path passes partial work on; the rest is written in one pass
//     (finishTail and tail.go) or, where that declines, by the state
//     machine from there (resume). With check, nothing after the path
//     fails but a length past the limit (fitsEncoded).
//  6. parseRootPath, for an input with a scheme and "://" that neither
//     1 nor 4 took to its path: in normal form but for the path it lacks
//     ("https://h?q").
//  7. Every other input, and every parse with validation errors, a
//     query encoding or an input past the limit, goes to the state
//     machine from the beginning of the input (general), as ada's
//     parser does when its fast path declines.
func (pr *Parser) road(u *URL, input string, base *record, op string, check roadCheck) error {
	limit := pr.limit()
	if pr.OnValidationError != nil || pr.Encoding != nil || uint64(len(input)) > limit {
		return pr.general(u, input, base, op, check)
	}
	c := &u.components
	// 1. An absolute URL in normal form is its own href, whatever the
	// base.
	stop, ok := parseNormalized(input, c)
	if ok {
		if !check.on {
			u.href = input
		}
		return u.built(op, check)
	}
	return pr.declined(u, input, base, op, check, stop)
}

// declined is the road from step 2 on, once parseNormalized declined
// input, leaving u's components and stop as it found them. Parse without
// a base enters the road here, after taking step 1 itself (parseURL).
func (pr *Parser) declined(u *URL, input string, base *record, op string, check roadCheck, stop int) error {
	limit := pr.limit()
	c := &u.components
	h := handOver{in: int(c.pathStart), stop: stop}
	if h.in == 0 {
		// 2. A scheme and a domain, and nothing after them.
		if int(c.hostEnd) == len(input) && parseBareAuthority(u, input, c, limit, check.on) {
			return u.built(op, check)
		}
		if !hasSchemeAndSlashes(input, c) {
			// 3. A relative reference in normal form?
			if base != nil && base.href != "" && resolveNormalized(u, base, input, limit, check) {
				return u.built(op, check)
			}
			return pr.general(u, input, base, op, check)
		}
		if mayLowerAuthority(input, c) {
			// 4. In normal form but for case, an internationalized
			// domain and a default port?
			var idn [2 * punyShortDomain]byte
			h.in, h.stop, h.host, h.rewrite = lowerAuthority(input, c, idn[:0])
		}
	}
	if h.in != 0 && c.scheme != schemeFile {
		// 5. 1 or 4 reached the path: the hand-over.
		if check.on {
			if fitsEncoded(uint64(c.pathStart), len(input)-h.in, limit) {
				return nil
			}
			return pr.general(u, input, base, op, check)
		}
		h.c = c
		if finishTail(u, input, &h, limit) {
			return u.built(op, check)
		}
		p := parser{limit: limit}
		if r := p.resume(input, &h); r != outcomeOK {
			return p.parseError(op, input, r)
		}
		u.href = p.result()
		u.components = p.components
		return u.built(op, check)
	}
	// 6. In normal form but for the path it lacks.
	if h.in == 0 && parseRootPath(u, input, limit, check.on) {
		return u.built(op, check)
	}
	return pr.general(u, input, base, op, check)
}

// roadCheck is the road's flag: zero for a parse that builds the URL;
// for CanParse, which stores nothing, on, with extra, what CanParse's
// stand-in base may add to the length of the href (baseStandIn).
type roadCheck struct {
	on    bool
	extra uint64
}

// built ends the road where a step built the URL in u (or, with check
// on, vouched for one): it checks u's invariants (invariants.go).
func (u *URL) built(op string, check roadCheck) error {
	if !check.on {
		u.assertInvariants(op)
	}
	return nil
}

// errNoURL is the road's error with check when input does not parse:
// CanParse wants no more, and an *Error would cost an allocation.
var errNoURL = errors.New("url: not a URL")

// general is the road's step 7: the state machine alone, from the start
// of the input. With check on, it runs the no-store parser
// (canparse.go), which keeps no output, against base, CanParse's
// stand-in (baseStandIn).
func (pr *Parser) general(u *URL, input string, base *record, op string, check roadCheck) error {
	if check.on {
		p := parser{noStore: true, extra: check.extra, limit: pr.limit()}
		p.setBase(base)
		switch p.parseInput(input) {
		case outcomeOK:
			return nil
		case outcomeTooLong:
			return ErrTooLong
		}
		return errNoURL
	}
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

// fitsEncoded is the one bound on what the path, query and fragment can
// add: it reports whether an href of n bytes so far, with rest bytes of
// input still to come, stays within limit whatever they are, at most
// nine bytes for each byte (an invalid one is "%EF%BF%BD").
func fitsEncoded(n uint64, rest int, limit uint64) bool {
	return n+9*uint64(rest) <= limit
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
// offset stop, which is in its path, query or fragment. What takes over,
// finishTail (tail.go) and, where it declines, the state machine
// (resume), reads it; both start where resumePoint says.
type handOver struct {
	// c is the URL's components, in place (a copy would read them back
	// with wide loads from the narrow stores that wrote them): in href
	// offsets, up to the path, and the offsets of the query and fragment
	// the fast path's scan reached.
	c *components
	// in is the input offset where the path starts (its "/" or "\");
	// stop is where the fast path's scan of the path, query and
	// fragment stopped.
	in, stop int
	// rewrite is set by lowerAuthority: the href up to the path is
	// input's with the scheme and host lowercased (or, when host is not
	// nil, the host replaced by host, the ASCII form of an
	// internationalized domain) and the default port dropped
	// (appendRewritten). Without it (parseNormalized), the href is input
	// up to stop.
	rewrite bool
	host    []byte
}

// resumePoint returns where the rest takes over from what the fast path
// found: the state st at input offset i, and done, the input offset up
// to which the href holds input (rewritten). st is the query or fragment
// state after the "?" or "#" of the query or fragment that holds h.stop,
// or the path state at the start of the segment that holds it.
func (h *handOver) resumePoint(input string) (st state, i, done int) {
	shift := h.in - int(h.c.pathStart) // input offset less href offset
	switch {
	case h.c.fragmentStart != 0:
		i = int(h.c.fragmentStart) + shift + 1
		return stateFragment, i, i
	case h.c.queryStart != 0:
		i = int(h.c.queryStart) + shift + 1
		return stateQuery, i, i
	}
	// The "/" before the segment (or the path's first, which may be
	// "\\"): the path state appends it with the segment.
	i = max(strings.LastIndexByte(input[:h.stop], '/'), h.in) + 1
	return statePath, i, i - 1
}

// tailMaxInput is the longest input finishTail takes: its buffer is
// sized for the input, so that it may hold that much more than the href
// needs. Longer inputs go to the state machine, which writes nothing
// while the href is a prefix of the input.
const tailMaxInput = 4096

// finishTail takes over from a fast path at h: when the fast path
// vouched for all of input but its scheme and authority, the href is
// input with those rewritten; otherwise it writes the href up to done
// (resumePoint), then the rest by appendTail (tail.go), into one buffer. It stores the
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
	// Within the limit whatever comes (fitsEncoded), so that appendTail
	// needs no check of the limit; and a buffer sized for the input is
	// at most tailMaxInput bytes larger than the href (dot segments
	// shorten it).
	st, i, done := h.resumePoint(input)
	if len(input) > tailMaxInput || !fitsEncoded(uint64(done-shift), len(input)-done, limit) {
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
		buf = appendRewritten(buf, input, &c, h.in, done, h.host)
	} else {
		buf = append(buf, input[:done]...)
	}
	buf, ok := appendTail(buf, input, i, st, &c)
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
// up to done: it starts in state st at i (resumePoint). The path, query and fragment
// states have no failure: the result is a URL unless its href is too
// long (outcomeTooLong).
func (p *parser) resume(input string, h *handOver) outcome {
	// Preprocessing: the input starts with the scheme (nothing to strip
	// there) and holds no tab, newline, invalid byte or trailing space
	// before stop, so the cleaned input has the same prefix, which
	// cleanTabs need not read.
	st, i, done := h.resumePoint(input)
	p.cleanUntil = h.stop
	p.preprocess(input)
	p.ref = p.input
	p.components = *h.c
	if !h.rewrite {
		p.n = done
	} else {
		shift := h.in - int(h.c.pathStart) // input offset less href offset
		p.out = appendRewritten(make([]byte, 0, len(p.input)-shift+16), input, h.c, h.in, done, h.host)
	}
	p.run(st, i)
	return p.finishWithin()
}
