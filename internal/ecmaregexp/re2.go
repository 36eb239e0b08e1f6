package ecmaregexp

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file turns a parsed ECMAScript regular expression into RE2 syntax
// with the same matches and the same captures.
//
// Two rules of ECMA-262's RepeatMatcher have no counterpart in RE2, and
// are rewritten here or refused:
//
//   - The empty check: once a quantifier has its minimum count, an
//     iteration that matches the empty string fails, and the matcher
//     backtracks into that iteration for a non-empty match. So
//     /(|a)*/ matches "aa" and /^(.*)?$/ leaves group 1 undefined on "",
//     where RE2 stops at the empty alternative. x{min,max} with a nullable
//     x is rewritten as x{min} followed by nonempty(x){0,max-min}, where
//     nonempty(x) matches what x matches but the empty string, in x's
//     order of preference.
//   - The capture reset: every iteration clears the captures inside the
//     quantified atom, so /(?:(a)|b)+/ on "ab" leaves group 1 undefined,
//     where RE2 keeps "a". A repeated atom is accepted when each of its
//     capture groups is set by every iteration (then the last iteration
//     decides in both), and refused otherwise.

// emit returns the RE2 syntax for tree.
func (p *reParser) emit(tree *node) (string, error) {
	t, err := p.rewrite(tree)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if !writeNode(&b, t, precAlt) {
		return "", p.unsupported(0, "the whole expression", "its translation to RE2 exceeds %d bytes (large classes written out, or nullable repeated parts copied by the empty-check rewrite)", maxTranslated)
	}
	return b.String(), nil
}

// maxTranslated bounds the RE2 syntax of one expression: the empty-check
// rewrite copies a nullable repeated part once per level of nesting, so
// the output is not linear in the source in the worst case.
const maxTranslated = 1 << 20

// maxWork bounds the steps of nonempty and segments for one quantifier.
const maxWork = 1 << 14

// rewrite applies ECMAScript's quantifier semantics (see above) throughout n.
func (p *reParser) rewrite(n *node) (*node, error) {
	switch n.op {
	case opConcat, opAlt, opCapture:
		// Copied only where a sub changes: most of a tree has no
		// repeat to rewrite.
		var subs []*node
		for i, s := range n.subs {
			r, err := p.rewrite(s)
			if err != nil {
				return nil, err
			}
			if r != s && subs == nil {
				subs = make([]*node, len(n.subs))
				copy(subs, n.subs[:i])
			}
			if subs != nil {
				subs[i] = r
			}
		}
		if subs == nil {
			return n, nil
		}
		c := n.clone()
		c.subs = subs
		return c, nil
	case opRepeat:
		return p.rewriteRepeat(n)
	}
	return n, nil
}

func (p *reParser) rewriteRepeat(n *node) (*node, error) {
	x, err := p.rewrite(n.subs[0])
	if err != nil {
		return nil, err
	}
	repeat := func(min, max int, body *node) *node {
		return &node{op: opRepeat, subs: []*node{body}, min: min, max: max, greedy: n.greedy, pos: n.pos, text: n.text}
	}
	p.work = 0 // each quantifier's rewrite has its own budget
	var out *node
	switch {
	case !nullable(x) || n.min == n.max:
		// No empty check can apply: every iteration is non-empty, or all
		// of them are below the minimum.
		out = n
		if x != n.subs[0] {
			out = repeat(n.min, n.max, x)
		}
	case n.min == 0:
		ne, err := p.nonempty(x, n)
		if err != nil {
			return nil, err
		}
		out = repeat(0, n.max, ne)
	default:
		if hasCapture(x) {
			return nil, p.unsupported(n.pos, n.text+" over a capture group that can match the empty string",
				"ECMAScript's empty-iteration check would need the group copied, which RE2 cannot number as one group")
		}
		ne, err := p.nonempty(x, n)
		if err != nil {
			return nil, err
		}
		rest := -1
		if n.max != -1 {
			rest = n.max - n.min
		}
		out = &node{op: opConcat, pos: n.pos, subs: []*node{repeat(n.min, n.min, x), repeat(0, rest, ne)}}
	}
	if err := p.checkCaptureReset(out); err != nil {
		return nil, err
	}
	return out, nil
}

// checkCaptureReset refuses a repetition of more than one iteration whose
// body has a capture group that an iteration can leave unset.
func (p *reParser) checkCaptureReset(n *node) error {
	if n.op == opConcat {
		for _, s := range n.subs {
			if err := p.checkCaptureReset(s); err != nil {
				return err
			}
		}
		return nil
	}
	if n.op != opRepeat || n.max == 0 || n.max == 1 {
		return nil
	}
	body := n.subs[0]
	if !hasCapture(body) {
		return nil
	}
	must := map[int]bool{}
	mandatoryCaptures(body, must)
	var missing *node
	walk(body, func(c *node) {
		if c.op == opCapture && !must[c.capIndex] && missing == nil {
			missing = c
		}
	})
	if missing == nil {
		return nil
	}
	return p.unsupported(missing.pos, fmt.Sprintf("capture group %d in a repeated atom (%s) that an iteration can skip", missing.capIndex, n.text),
		"ECMAScript resets the capture on every iteration, RE2 keeps the last one set")
}

// mandatoryCaptures adds to must the capture groups that every match of n sets.
func mandatoryCaptures(n *node, must map[int]bool) {
	if !hasCapture(n) {
		return
	}
	switch n.op {
	case opCapture:
		must[n.capIndex] = true
		mandatoryCaptures(n.subs[0], must)
	case opConcat:
		for _, s := range n.subs {
			mandatoryCaptures(s, must)
		}
	case opRepeat:
		if n.min >= 1 {
			mandatoryCaptures(n.subs[0], must)
		}
	case opAlt:
		var common map[int]bool
		for _, s := range n.subs {
			m := map[int]bool{}
			mandatoryCaptures(s, m)
			if common == nil {
				common = m
				continue
			}
			for k := range common {
				if !m[k] {
					delete(common, k)
				}
			}
		}
		for k := range common {
			must[k] = true
		}
	}
}

// walk calls f on n and its descendants that hold capture groups: the
// only parts of a tree the rewrite never shares between two parents.
func walk(n *node, f func(*node)) {
	f(n)
	for _, s := range n.subs {
		if hasCapture(s) {
			walk(s, f)
		}
	}
}

// Properties of a node, computed once (node.memo) since the rewrite asks
// for them at every level.
const (
	memoDone uint8 = 1 << iota
	memoNullable
	memoConsumes
	memoCapture
)

func (n *node) props() uint8 {
	if n.memo&memoDone != 0 {
		return n.memo
	}
	var m uint8
	switch n.op {
	case opSet:
		m = memoConsumes
	case opString:
		m = memoConsumes // never empty: a class's empty string is an opEmpty
	case opFail:
	case opConcat:
		m = memoNullable
		for _, s := range n.subs {
			sp := s.props()
			if sp&memoNullable == 0 {
				m &^= memoNullable
			}
			m |= sp & (memoConsumes | memoCapture)
		}
	case opAlt:
		for _, s := range n.subs {
			m |= s.props() & (memoNullable | memoConsumes | memoCapture)
		}
	case opRepeat:
		sp := n.subs[0].props()
		m = sp & memoCapture
		if n.min == 0 || sp&memoNullable != 0 {
			m |= memoNullable
		}
		if n.max != 0 {
			m |= sp & memoConsumes
		}
	case opCapture:
		m = n.subs[0].props() | memoCapture
	default: // opEmpty and the assertions
		m = memoNullable
	}
	n.memo = m | memoDone
	return n.memo
}

// clone returns a copy of n to change, without the copied memo.
func (n *node) clone() *node {
	c := *n
	c.memo = 0
	return &c
}

func hasCapture(n *node) bool { return n.props()&memoCapture != 0 }

// nullable reports whether n can match the empty string.
func nullable(n *node) bool { return n.props()&memoNullable != 0 }

// canConsume reports whether n can match a non-empty string.
func canConsume(n *node) bool { return n.props()&memoConsumes != 0 }

// failKeeping is a node that matches nothing but keeps the capture groups
// of n in the syntax, so that later groups keep their numbers.
func failKeeping(n *node) *node {
	fail := &node{op: opFail, pos: n.pos}
	if !hasCapture(n) {
		return fail
	}
	return &node{op: opConcat, subs: []*node{fail, n}, pos: n.pos}
}

// maxSegments bounds the work of nonempty on a sequence of several
// nullable parts.
const maxSegments = 64

// nonempty returns a node matching what n matches except the empty string,
// with n's order of preference and capture groups; q is the quantifier
// being rewritten, for errors.
func (p *reParser) nonempty(n, q *node) (*node, error) {
	if p.work++; p.work > maxWork {
		return nil, p.unsupported(q.pos, q.text+" over parts that can match the empty string",
			"too many ways to match empty to rewrite ECMAScript's empty-iteration check for RE2")
	}
	if !nullable(n) {
		return n, nil
	}
	if !canConsume(n) {
		return failKeeping(n), nil
	}
	switch n.op {
	case opCapture:
		s, err := p.nonempty(n.subs[0], q)
		if err != nil {
			return nil, err
		}
		c := n.clone()
		c.subs = []*node{s}
		return c, nil
	case opAlt:
		subs := make([]*node, 0, len(n.subs))
		for _, s := range n.subs {
			ne, err := p.nonempty(s, q)
			if err != nil {
				return nil, err
			}
			if ne.op == opFail {
				continue
			}
			subs = append(subs, ne)
		}
		if len(subs) == 1 {
			return subs[0], nil
		}
		c := n.clone()
		c.subs = subs
		return c, nil
	case opRepeat:
		// After rewrite, a repeat that can be empty either has min 0
		// and a body that cannot, or repeats a nullable body exactly
		// min times.
		if n.min == 0 && !nullable(n.subs[0]) {
			c := n.clone()
			c.min = 1
			return c, nil
		}
	case opConcat:
		consuming := 0
		for _, s := range n.subs {
			if canConsume(s) {
				consuming++
			}
		}
		if consuming == 1 {
			// The other parts only ever match empty, so the match is
			// non-empty exactly when this part's is.
			subs := make([]*node, len(n.subs))
			for i, s := range n.subs {
				subs[i] = s
				if canConsume(s) {
					ne, err := p.nonempty(s, q)
					if err != nil {
						return nil, err
					}
					subs[i] = ne
				}
			}
			c := n.clone()
			c.subs = subs
			return c, nil
		}
	}
	if hasCapture(n) {
		return nil, p.unsupported(q.pos, q.text+" over a capture group that can match the empty string",
			"ECMAScript's empty-iteration check would need the group copied, which RE2 cannot number as one group")
	}
	segs, ok := p.segments(n)
	if !ok {
		return nil, p.unsupported(q.pos, q.text+" over a sequence of parts that can each match the empty string",
			"too many ways to match empty to rewrite ECMAScript's empty-iteration check for RE2")
	}
	var alts []*node
	for _, s := range segs {
		if s.consumes {
			alts = append(alts, s.n)
		}
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &node{op: opAlt, subs: alts, pos: n.pos}, nil
}

// segment is a run of n's ways to match, in n's order of preference, that
// all consume input (consumes) or all match empty.
type segment struct {
	n        *node
	consumes bool
}

// segments splits a capture-free n into segments; ok is false past
// maxSegments.
func (p *reParser) segments(n *node) ([]segment, bool) {
	if p.work++; p.work > maxWork {
		return nil, false
	}
	if !nullable(n) {
		return []segment{{n, true}}, true
	}
	if !canConsume(n) {
		return []segment{{n, false}}, true
	}
	// Runs of the same kind are merged into one alternation when the
	// list is done; each step counts against maxWork.
	var out []segment
	add := func(s segment) bool {
		p.work++
		out = append(out, s)
		return len(out) <= 4*maxSegments && p.work <= maxWork
	}
	switch n.op {
	case opAlt:
		for _, s := range n.subs {
			ss, ok := p.segments(s)
			if !ok {
				return nil, false
			}
			for _, x := range ss {
				if !add(x) {
					return nil, false
				}
			}
		}
		return mergeSegments(out, n.pos)
	case opRepeat:
		body := n.subs[0]
		if n.min == 0 && !nullable(body) {
			more := n.clone()
			more.min = 1
			empty := &node{op: opEmpty, pos: n.pos}
			if n.greedy {
				return []segment{{more, true}, {empty, false}}, true
			}
			return []segment{{empty, false}, {more, true}}, true
		}
		if n.min != n.max || n.min > maxSegments {
			return nil, false
		}
		copies := make([]*node, n.min)
		for i := range copies {
			copies[i] = body
		}
		return p.segments(&node{op: opConcat, subs: copies, pos: n.pos})
	case opConcat:
		if len(n.subs) == 0 {
			return []segment{{n, false}}, true
		}
		head, ok := p.segments(n.subs[0])
		if !ok {
			return nil, false
		}
		rest := &node{op: opConcat, subs: n.subs[1:], pos: n.pos}
		if len(n.subs) == 2 {
			rest = n.subs[1]
		}
		var tail []segment
		for _, h := range head {
			if h.consumes {
				if !add(segment{&node{op: opConcat, subs: []*node{h.n, rest}, pos: n.pos}, true}) {
					return nil, false
				}
				continue
			}
			if tail == nil {
				if tail, ok = p.segments(rest); !ok {
					return nil, false
				}
			}
			for _, t := range tail {
				if !add(segment{&node{op: opConcat, subs: []*node{h.n, t.n}, pos: n.pos}, t.consumes}) {
					return nil, false
				}
			}
		}
		return mergeSegments(out, n.pos)
	}
	return nil, false
}

// mergeSegments joins runs of segments of the same kind into one
// alternation each; ok is false past maxSegments.
func mergeSegments(in []segment, pos int) ([]segment, bool) {
	var out []segment
	for i := 0; i < len(in); {
		j := i + 1
		for j < len(in) && in[j].consumes == in[i].consumes {
			j++
		}
		if j == i+1 {
			out = append(out, in[i])
		} else {
			alts := make([]*node, 0, j-i)
			for _, s := range in[i:j] {
				alts = append(alts, s.n)
			}
			out = append(out, segment{&node{op: opAlt, subs: alts, pos: pos}, in[i].consumes})
		}
		i = j
	}
	return out, len(out) <= maxSegments
}

// Precedence levels for writing RE2 syntax.
const (
	precAlt = iota
	precConcat
	precAtom
)

// fullRange matches any code point; emptyClass matches none.
const emptyClass = `[^\x00-\x{10FFFF}]`

// writeNode writes n in RE2 syntax; false when the output grows past
// maxTranslated.
func writeNode(b *strings.Builder, n *node, prec int) bool {
	if b.Len() > maxTranslated {
		return false
	}
	switch n.op {
	case opSet:
		writeSet(b, n.set)
	case opString:
		// One code point is an atom; more are a concatenation.
		group := prec > precConcat && !oneRune(n.text)
		if group {
			b.WriteString("(?:")
		}
		for _, r := range n.text {
			if n.fold {
				writeFold(b, r)
			} else if surrogates.contains(r) {
				b.WriteString(emptyClass)
			} else {
				writeRune(b, r)
			}
		}
		if group {
			b.WriteString(")")
		}
	case opFail:
		b.WriteString(emptyClass)
	case opEmpty:
		b.WriteString("(?:)")
	case opBegin:
		b.WriteString("^")
	case opEnd:
		b.WriteString("$")
	case opWordBoundary:
		b.WriteString(`\b`)
	case opNoWordBoundary:
		b.WriteString(`\B`)
	case opCapture:
		b.WriteString("(")
		if n.name != "" && isRE2Name(n.name) {
			b.WriteString("?P<" + n.name + ">")
		}
		if !writeNode(b, n.subs[0], precAlt) {
			return false
		}
		b.WriteString(")")
	case opConcat:
		if prec > precConcat {
			b.WriteString("(?:")
		}
		for _, s := range n.subs {
			if !writeNode(b, s, precConcat) {
				return false
			}
		}
		if len(n.subs) == 0 {
			b.WriteString("(?:)")
		}
		if prec > precConcat {
			b.WriteString(")")
		}
	case opAlt:
		if prec > precAlt {
			b.WriteString("(?:")
		}
		for i, s := range n.subs {
			if i > 0 {
				b.WriteString("|")
			}
			if !writeNode(b, s, precConcat) {
				return false
			}
		}
		if prec > precAlt {
			b.WriteString(")")
		}
	case opRepeat:
		sub := n.subs[0]
		if sub.op == opSet || sub.op == opCapture || sub.op == opFail || sub.op == opString && oneRune(sub.text) {
			if !writeNode(b, sub, precAtom) {
				return false
			}
		} else {
			b.WriteString("(?:")
			if !writeNode(b, sub, precAlt) {
				return false
			}
			b.WriteString(")")
		}
		switch {
		case n.min == 0 && n.max == -1:
			b.WriteString("*")
		case n.min == 1 && n.max == -1:
			b.WriteString("+")
		case n.min == 0 && n.max == 1:
			b.WriteString("?")
		case n.max == -1:
			fmt.Fprintf(b, "{%d,}", n.min)
		case n.min == n.max:
			fmt.Fprintf(b, "{%d}", n.min)
		default:
			fmt.Fprintf(b, "{%d,%d}", n.min, n.max)
		}
		if !n.greedy {
			b.WriteString("?")
		}
	}
	return true
}

// oneRune reports whether s is one code point.
func oneRune(s string) bool {
	_, n := utf8.DecodeRuneInString(s)
	return n > 0 && n == len(s)
}

// isRE2Name reports whether Go's regexp accepts name as a group name; other
// ECMAScript names ($, non-ASCII) leave the group unnamed in RE2, with the
// same number.
func isRE2Name(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return name != ""
}

// surrogates cannot occur in a Go string of valid UTF-8 (nor in the
// USVStrings URLPattern matches), so they are left out of every class.
var surrogates = runeSet{0xD800, 0xDFFF}

func writeSet(b *strings.Builder, s runeSet) {
	if r, ok := s.single(); ok && !surrogates.contains(r) {
		writeRune(b, r)
		return
	}
	if s.overlaps(surrogates) {
		s = s.subtract(surrogates)
	}
	if r, ok := s.single(); ok {
		writeRune(b, r)
		return
	}
	if len(s) == 0 {
		b.WriteString(emptyClass)
		return
	}
	// c is the complement of s and the surrogates, built only when it is
	// written.
	cRanges := complementRanges(s, surrogates)
	if cRanges == 0 {
		b.WriteString(`[\x00-\x{10FFFF}]`)
		return
	}
	b.WriteString("[")
	// A class or its complement, whichever has fewer ranges; the
	// complement leaves the surrogates to the "^".
	if cRanges < len(s)/2 {
		b.WriteString("^")
		s = s.union(surrogates).complement()
	}
	for i := 0; i < len(s); i += 2 {
		writeRune(b, s[i])
		if s[i+1] != s[i] {
			if s[i+1] > s[i]+1 {
				b.WriteString("-")
			}
			writeRune(b, s[i+1])
		}
	}
	b.WriteString("]")
}

// complementRanges returns the number of ranges of the complement of s
// and the one range of t, without building either.
func complementRanges(s, t runeSet) int {
	merged, first, last := 0, rune(-1), rune(-1)
	add := func(lo, hi rune) {
		if merged > 0 && lo <= last+1 {
			last = max(last, hi)
			return
		}
		if merged == 0 {
			first = lo
		}
		merged++
		last = hi
	}
	tDone := false
	for i := 0; i < len(s); i += 2 {
		if !tDone && t[0] < s[i] {
			add(t[0], t[1])
			tDone = true
		}
		add(s[i], s[i+1])
	}
	if !tDone {
		add(t[0], t[1])
	}
	n := merged - 1
	if first > 0 {
		n++
	}
	if last < unicode.MaxRune {
		n++
	}
	return n
}

// writeFold writes the set of r's case-fold orbit as writeSet writes
// foldSet(r), without building the set.
func writeFold(b *strings.Builder, r rune) {
	var orbit [8]rune // the largest orbits have 4 members
	n := 0
	orbit[n], n = r, n+1
	for f := unicode.SimpleFold(r); f != r && n < len(orbit); f = unicode.SimpleFold(f) {
		orbit[n], n = f, n+1
	}
	if n == 1 && !surrogates.contains(r) {
		writeRune(b, r)
		return
	}
	if n == 1 || n == len(orbit) {
		writeSet(b, foldSet(r))
		return
	}
	o := orbit[:n]
	slices.Sort(o)
	b.WriteByte('[')
	for i := 0; i < len(o); {
		j := i + 1
		for j < len(o) && o[j] == o[j-1]+1 {
			j++
		}
		writeRune(b, o[i])
		if j-i > 2 {
			b.WriteByte('-')
		}
		if j-i > 1 {
			writeRune(b, o[j-1])
		}
		i = j
	}
	b.WriteByte(']')
}

// writeRune writes r as an RE2 literal: ASCII letters and digits as
// themselves, other printable ASCII escaped with \, everything else as
// \x{...}.
func writeRune(b *strings.Builder, r rune) {
	if r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
		b.WriteRune(r)
		return
	}
	if r > ' ' && r < 0x7F {
		b.WriteByte('\\')
		b.WriteRune(r)
		return
	}
	fmt.Fprintf(b, `\x{%X}`, r)
}
