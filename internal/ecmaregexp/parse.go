// Package ecmaregexp translates an ECMAScript regular expression, in the
// syntax and meaning of the "v" flag (and "vi"), into Go's regexp (RE2)
// syntax with the same meaning and the same capture-group numbering. It
// is package urlpattern's regexp engine, reached through [Compile]; it
// has no other subject.
package ecmaregexp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file parses an ECMAScript regular expression in the syntax of the
// "v" flag (unicodeSets mode, ECMA-262 §22.2.1 Patterns) into a small tree,
// and Compile turns that tree into Go's regexp (RE2) syntax
// (re2.go) with ECMAScript's meaning. Class contents are
// computed as explicit sets of code points (class.go,
// property.go), so RE2 receives plain classes whatever set
// operations, properties or case folding produced them, and RE2's own
// (?i), \s, \w, \d and "." are never used.
//
// Supported as ECMAScript defines them: \u{...}, \uXXXX (a surrogate pair
// written as two escapes is one code point; a lone surrogate matches
// nothing, as no Go string of valid UTF-8 holds one), \xXX, \cX, \0,
// \f \n \r \t \v; "." without the s flag (not \n, \r, U+2028, U+2029);
// \s and \S (ECMAScript's WhiteSpace and LineTerminator, with U+FEFF and
// every Zs); \d, \w, \b, \B; ^ and $ (no m flag); every quantifier,
// greedy and lazy, up to {1000}; (?:...), (...), (?<name>...) with
// ECMAScript's IdentifierName syntax and ES2025's duplicate names in
// different alternatives (RE2 gets (?P<name>...) when the name is ASCII
// word characters, else an unnamed group; the numbers are ECMAScript's);
// the ES2025 modifiers (?i:...), (?-i:...), (?s:...), (?-s:...); the i flag
// with simple case folding (CaseFolding.txt C+S, as Go's
// [unicode.SimpleFold]), applied as ECMA-262's MaybeSimpleCaseFolding to
// every operand of the v flag's classes; nested classes, -- and &&,
// \q{...} strings (longest first, as ECMA-262 orders them); \p{...} and
// \P{...} for every General_Category and Script value (long names and
// aliases), Script_Extensions aside, and the binary properties Go's tables
// give or define: Any, ASCII, Assigned, Alphabetic, Lowercase, Uppercase,
// Cased, Math, ID_Start, ID_Continue, Grapheme_Extend and those of
// PropList.txt. [[:alpha:]] is accepted: with the v flag it is a nested
// class of the five characters ":", "a", "l", "p", "h", which is what it
// matches here (RE2 would read a POSIX class).
//
// ECMAScript's quantifier semantics are kept: an iteration that matches
// the empty string fails (so /^(.*)?$/ leaves group 1 undefined on ""),
// which re2.go writes out for RE2, and captures inside a
// repeated atom are reset on each iteration, which is accepted where
// every iteration sets them.
//
// One difference remains: with the i flag, ECMAScript's \b and \B count
// U+017F and U+212A as word characters (they fold to s and k); RE2's
// \b and \B, used here, do not. URLPattern matches canonical URL
// components, which are ASCII, so it cannot tell.
//
// What ECMAScript accepts but RE2 cannot run is refused with a
// [Error] whose Unsupported field is true; what ECMAScript itself
// rejects (a SyntaxError in JavaScript) with Unsupported false, even where
// RE2 would accept the text. Each refusal, as Construct: Reason:
//
//	(?=...) lookahead: RE2 has no lookaround; URLPattern here runs in linear time
//	(?!...) negative lookahead: (the same)
//	(?<=...) lookbehind: (the same)
//	(?<!...) negative lookbehind: (the same)
//	\1 backreference: RE2 has no backreferences; matching them is NP-hard
//	\k<x> backreference: (the same)
//	(?m: modifier m: RE2's multi-line ^ and $ know only \n as a line terminator, ECMAScript also \r, U+2028 and U+2029
//	\p{scx=Latn} property: Go's unicode tables have no Script_Extensions
//	\p{Emoji} property: Go's unicode tables (Unicode 15.0.0) do not have the binary property Emoji
//	  (likewise the other emoji properties, Bidi_Mirrored, Case_Ignorable,
//	  Changes_When_*, Default_Ignorable_Code_Point, Grapheme_Base,
//	  XID_Start, XID_Continue)
//	\p{RGI_Emoji} property of strings: Go's unicode tables have no emoji sequences
//	\p{sc=Garay} property: Go's unicode tables (Unicode 15.0.0) do not have the script Garay
//	  (a script newer than the Go release's tables)
//	{1001}: counted repetition: RE2 allows at most 1000 repetitions
//	capture group 1 in a repeated atom (+) that an iteration can skip: ECMAScript resets the capture on every iteration, RE2 keeps the last one set
//	+ over a capture group that can match the empty string: ECMAScript's empty-iteration check would need the group copied, which RE2 cannot number as one group
//	* over parts that can match the empty string: too many ways to match empty to rewrite ECMAScript's empty-iteration check for RE2
//	the whole expression: its translation to RE2 exceeds 1048576 bytes (large classes written out, or nullable repeated parts copied by the empty-check rewrite)
//	the whole expression: Go's regexp refuses the translation: (RE2's own size limits)
//	nesting: groups and classes nest deeper than 1000
//
// ECMAScript syntax errors, among them what RE2 would accept:
//
//	(?P<: invalid group: ECMAScript names a group with (?<name>...), (?P<name>...) is Python's and RE2's syntax
//	(?i): invalid group: ECMAScript has no inline flags; the ES2025 modifiers take the form (?i:...)
//	\z: invalid escape: \z is RE2's or Perl's syntax, no ECMAScript escape (also \A \Z \Q \E \a \e \C \h \H \K \N \R \V \X \G)
//	\m: invalid escape: the u and v flags allow identity escapes only of syntax characters and /
//	::: invalid character in character class: a reserved double punctuator of the v flag ([[:alpha::]], [!!], ...)
//	lone {: a { that does not start a quantifier must be escaped with the u or v flag (lone }, lone ], lone ) alike)
//	*: nothing to repeat (a**, ^*, \b+, a{2}{3})
//	{2,1}: numbers out of order in {} quantifier
//	-: invalid character in character class: - must be escaped with the v flag (also ( ) { } / |; a [ opens a nested class)
//	--: invalid set operation in character class: --, && and union do not mix at one level; nest them in [...]
//	[^\q{ab}]: negated character class may contain strings
//	z-a: range out of order in character class
//	(?<a>: duplicate capture group name in the same alternative
//	\k<a>: invalid named reference: no group is named "a"
//	\2: invalid escape: a decimal escape other than \0 is a backreference, and the pattern has 1 capture group(s)
//	\u{110000}: invalid Unicode escape: \u takes four hexadecimal digits or {a code point up to 10FFFF}
//	\p{Foo}: invalid property name: "Foo" is no General_Category value or binary property
//	\01: invalid decimal escape: no octal escapes with the u or v flag
//
// TestCompileRegExpRefused has a case for each.

// Error is the error for an ECMAScript regular expression that
// cannot be translated: either ECMAScript rejects it (a
// SyntaxError in JavaScript), or ECMAScript accepts it but Go's regexp
// (RE2) cannot match it in linear time, or at all.
//
// Use [errors.As] to get it from the error a pattern constructor returns.
type Error struct {
	// Source is the regular expression, as ECMAScript would be given it.
	Source string
	// Offset is the byte offset in Source where the refused construct
	// starts.
	Offset int
	// Construct names the construct, as written or as ECMA-262 names it:
	// "(?=", `\k<name>`, "lone }", "\\p{Script_Extensions=Latin}".
	Construct string
	// Reason says why it is refused.
	Reason string
	// Unsupported is true when ECMAScript accepts the regular expression
	// and the refusal is this package's (RE2's) limit; false when
	// ECMAScript itself throws a SyntaxError for it.
	Unsupported bool
}

// Error returns the source, the offset, the construct and the reason in
// one line.
func (e *Error) Error() string {
	kind := "invalid regular expression"
	if e.Unsupported {
		kind = "unsupported regular expression"
	}
	return fmt.Sprintf("ecmaregexp: %s %s: offset %d: %s: %s", kind, quoteBounded(e.Source), e.Offset, e.Construct, e.Reason)
}

// Compile compiles an ECMAScript regular expression source with the
// flags the URL Pattern Standard uses ("v", or "vi" when ignoreCase) into
// Go's regexp (RE2), keeping ECMAScript's capture-group numbering: group n
// of the result is ECMAScript's group n.
func Compile(source string, ignoreCase bool) (*regexp.Regexp, error) {
	re2, err := Translate(source, ignoreCase)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile(re2)
	if err != nil {
		// The translation produces only syntax RE2 knows, so what is
		// left are RE2's size limits.
		return nil, &Error{Source: source, Offset: 0, Construct: "the whole expression",
			Reason: "Go's regexp refuses the translation: " + strings.TrimPrefix(err.Error(), "error parsing regexp: "), Unsupported: true}
	}
	return re, nil
}

// Translate returns the RE2 syntax with the meaning ECMAScript gives
// source under the flags "v" (and "i" when ignoreCase).
func Translate(source string, ignoreCase bool) (string, error) {
	if !utf8.ValidString(source) {
		i := 0
		for i < len(source) {
			r, n := utf8.DecodeRuneInString(source[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return "", &Error{Source: source, Offset: i, Construct: "byte " + strconv.Quote(source[i:i+1]),
			Reason: "the source is not valid UTF-8, so it is no ECMAScript string of code points"}
	}
	p := &reParser{src: source, ignoreCase: ignoreCase, dotAll: false}
	tree, err := p.parse()
	if err != nil {
		return "", err
	}
	return p.emit(tree)
}

// nodeOp is the kind of a node of a parsed regular expression.
type nodeOp uint8

const (
	opSet            nodeOp = iota // one code point from set (a literal is a set of one, or of its case-fold orbit)
	opEmpty                        // the empty string
	opFail                         // matches nothing (a class of no code points)
	opConcat                       // subs in sequence
	opAlt                          // subs in order of preference
	opRepeat                       // sub[0] from min to max (-1: unbounded) times, greedy or lazy
	opCapture                      // capture group number capIndex (name may be "")
	opBegin                        // ^ (no multiline flag: start of input)
	opEnd                          // $ (no multiline flag: end of input)
	opWordBoundary                 // \b
	opNoWordBoundary               // \B
	opString                       // the code points of text in sequence, each matching literalSet's set when fold (a string of a class's \q{...})
)

// node is one node of a parsed regular expression. (The one-byte fields
// come first, to share a word.)
type node struct {
	op       nodeOp
	fold     bool    // opString: the i flag was in force
	greedy   bool    // opRepeat
	memo     uint8   // see props
	set      runeSet // opSet
	subs     []*node
	min, max int // opRepeat
	capIndex int // opCapture
	name     string
	pos      int    // offset in the source, for errors
	text     string // opRepeat: the quantifier's source, for errors; opString: the string
}

// reParser is a recursive-descent parser for ECMA-262's Pattern[+UnicodeMode,
// +UnicodeSetsMode, +NamedCaptureGroups] grammar.
type reParser struct {
	src        string
	pos        int
	ignoreCase bool // the i flag, or an (?i:...) modifier in force
	dotAll     bool // an (?s:...) modifier in force
	ncap       int  // capture groups opened so far
	groups     []groupInfo
	backrefs   []backref
	altPath    []altStep // the alternatives the parser is inside, outermost first
	nextDisj   int
	depth      int
	work       int // steps of the empty-check rewrite, bounded by maxWork
	// properties holds the sets of the \p{...} bodies seen so far in this
	// source (folded when ignoreCase), which are costly to compute.
	properties map[propertyKey]runeSet
}

type propertyKey struct {
	body       string
	ignoreCase bool
}

type groupInfo struct {
	name  string
	index int
	pos   int
	path  []altStep
}

type altStep struct{ disj, alt int }

type backref struct {
	pos   int
	num   int    // \N
	name  string // \k<name>
	text  string
	named bool
}

// maxNesting bounds the parser's recursion, so that a deeply nested source
// is an error and not a stack exhaustion.
const maxNesting = 1000

func (p *reParser) errorf(pos int, construct, format string, args ...any) error {
	return &Error{Source: p.src, Offset: pos, Construct: construct, Reason: fmt.Sprintf(format, args...)}
}

func (p *reParser) unsupported(pos int, construct, format string, args ...any) error {
	return &Error{Source: p.src, Offset: pos, Construct: construct, Reason: fmt.Sprintf(format, args...), Unsupported: true}
}

func (p *reParser) eof() bool { return p.pos >= len(p.src) }

func (p *reParser) peek() rune {
	if p.pos >= len(p.src) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

func (p *reParser) next() rune {
	r, n := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += n
	return r
}

func (p *reParser) lookingAt(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

// parse parses the whole source: Pattern :: Disjunction.
func (p *reParser) parse() (*node, error) {
	n, err := p.parseDisjunction()
	if err != nil {
		return nil, err
	}
	if !p.eof() {
		// Only a ")" stops a top-level disjunction early.
		return nil, p.errorf(p.pos, "lone )", "unmatched closing parenthesis")
	}
	if err := p.checkGroups(); err != nil {
		return nil, err
	}
	return n, nil
}

// parseDisjunction parses Alternative ("|" Alternative)*.
func (p *reParser) parseDisjunction() (*node, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		return nil, p.unsupported(p.pos, "nesting", "groups and classes nest deeper than %d", maxNesting)
	}
	disj := p.nextDisj
	p.nextDisj++
	start := p.pos
	var alts []*node
	for i := 0; ; i++ {
		p.altPath = append(p.altPath, altStep{disj, i})
		a, err := p.parseAlternative()
		p.altPath = p.altPath[:len(p.altPath)-1]
		if err != nil {
			return nil, err
		}
		alts = append(alts, a)
		if p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &node{op: opAlt, subs: alts, pos: start}, nil
}

// parseAlternative parses Term* up to "|", ")" or the end. A run of
// literal code points, none quantified, is one opString node (the
// others each parse as a term).
func (p *reParser) parseAlternative() (*node, error) {
	start := p.pos
	var terms []*node
	var run []byte
	runStart := 0
	flush := func() {
		if len(run) > 0 {
			terms = append(terms, &node{op: opString, text: string(run), fold: p.ignoreCase, pos: runStart})
			run = run[:0]
		}
	}
	for !p.eof() {
		c := p.peek()
		if c == '|' || c == ')' {
			break
		}
		if r, n := p.literalInRun(); n > 0 {
			if len(run) == 0 {
				runStart = p.pos
			}
			run = utf8.AppendRune(run, r)
			p.pos += n
			continue
		}
		flush()
		t, err := p.parseTerm()
		if err != nil {
			return nil, err
		}
		terms = append(terms, t)
	}
	flush()
	switch len(terms) {
	case 0:
		return &node{op: opEmpty, pos: start}, nil
	case 1:
		return terms[0], nil
	}
	return &node{op: opConcat, subs: terms, pos: start}, nil
}

// literalInRun returns the code point of the Term at p.pos and its length
// in the source when the Term is a literal code point with no quantifier:
// a PatternCharacter, or an identity escape of a SyntaxCharacter or "/"
// (how escaped text is written). n is 0 for any other Term, which
// parseTerm parses.
func (p *reParser) literalInRun() (r rune, n int) {
	c := p.src[p.pos]
	switch {
	case c == '\\':
		if p.pos+1 < len(p.src) && strings.IndexByte(syntaxCharacters+"/", p.src[p.pos+1]) >= 0 {
			r, n = rune(p.src[p.pos+1]), 2
		}
	case c < utf8.RuneSelf:
		if strings.IndexByte(syntaxCharacters, c) < 0 {
			r, n = rune(c), 1
		}
	default:
		r, n = utf8.DecodeRuneInString(p.src[p.pos:])
	}
	if n > 0 && p.pos+n < len(p.src) && strings.IndexByte("*+?{", p.src[p.pos+n]) >= 0 {
		return 0, 0 // quantified: a term of its own
	}
	return r, n
}

// syntaxCharacters is ECMA-262's SyntaxCharacter.
const syntaxCharacters = "^$\\.*+?()[]{}|"

// parseTerm parses Assertion or Atom Quantifier?.
func (p *reParser) parseTerm() (*node, error) {
	start := p.pos
	var atom *node
	var err error
	quantifiable := true
	switch c := p.peek(); c {
	case '^':
		p.pos++
		atom, quantifiable = &node{op: opBegin, pos: start}, false
	case '$':
		p.pos++
		atom, quantifiable = &node{op: opEnd, pos: start}, false
	case '\\':
		if p.lookingAt(`\b`) || p.lookingAt(`\B`) {
			p.pos += 2
			op := opWordBoundary
			if c2 := p.src[start+1]; c2 == 'B' {
				op = opNoWordBoundary
			}
			atom, quantifiable = &node{op: op, pos: start}, false
			break
		}
		atom, err = p.parseAtomEscape()
	case '(':
		atom, err = p.parseGroup()
	case '[':
		atom, err = p.parseClass()
	case '.':
		p.pos++
		atom = &node{op: opSet, set: dotSet(p.dotAll), pos: start}
	case '*', '+', '?':
		return nil, p.errorf(start, string(c), "nothing to repeat")
	case '{':
		if _, _, ok := p.scanBraceQuantifier(); ok {
			return nil, p.errorf(start, p.src[start:p.pos], "nothing to repeat")
		}
		return nil, p.errorf(start, "lone {", "a { that does not start a quantifier must be escaped with the u or v flag")
	case '}':
		return nil, p.errorf(start, "lone }", "a } must be escaped with the u or v flag")
	case ']':
		return nil, p.errorf(start, "lone ]", "a ] must be escaped with the u or v flag")
	default:
		p.next()
		atom = &node{op: opSet, set: p.literalSet(c), pos: start}
	}
	if err != nil {
		return nil, err
	}
	return p.parseQuantifier(atom, quantifiable)
}

// parseQuantifier parses an optional Quantifier after atom.
func (p *reParser) parseQuantifier(atom *node, quantifiable bool) (*node, error) {
	start := p.pos
	min, max := 0, 0
	switch p.peek() {
	case '*':
		p.pos++
		min, max = 0, -1
	case '+':
		p.pos++
		min, max = 1, -1
	case '?':
		p.pos++
		min, max = 0, 1
	case '{':
		lo, hi, ok := p.scanBraceQuantifier()
		if !ok {
			return nil, p.errorf(start, "lone {", "a { that does not start a quantifier must be escaped with the u or v flag")
		}
		if hi != -1 && lo > hi {
			return nil, p.errorf(start, p.src[start:p.pos], "numbers out of order in {} quantifier")
		}
		min, max = lo, hi
	default:
		return atom, nil
	}
	text := p.src[start:p.pos]
	greedy := true
	if p.peek() == '?' {
		p.pos++
		greedy = false
		text += "?"
	}
	if !quantifiable {
		return nil, p.errorf(start, text, "nothing to repeat: an assertion cannot be quantified with the u or v flag")
	}
	switch p.peek() {
	case '*', '+', '?':
		return nil, p.errorf(p.pos, string(p.peek()), "nothing to repeat")
	case '{':
		save := p.pos
		if _, _, ok := p.scanBraceQuantifier(); ok {
			return nil, p.errorf(save, p.src[save:p.pos], "nothing to repeat")
		}
		p.pos = save
	}
	const limit = 1000
	if min > limit || max > limit {
		return nil, p.unsupported(start, text, "counted repetition: RE2 allows at most %d repetitions", limit)
	}
	return &node{op: opRepeat, subs: []*node{atom}, min: min, max: max, greedy: greedy, pos: start, text: text}, nil
}

// scanBraceQuantifier reads {n}, {n,} or {n,m} at p.pos and advances past
// it; ok is false (and p.pos unchanged) when the text there is no such
// quantifier. Numbers beyond 1<<30 saturate there: ECMAScript's limit is
// 2^53-1, and anything above 1000 is refused anyway.
func (p *reParser) scanBraceQuantifier() (min, max int, ok bool) {
	i := p.pos + 1
	digits := func() (int, bool) {
		j, v := i, 0
		for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
			if v < 1<<30 {
				v = v*10 + int(p.src[j]-'0')
			}
			j++
		}
		if j == i {
			return 0, false
		}
		i = j
		return v, true
	}
	lo, ok := digits()
	if !ok {
		return 0, 0, false
	}
	hi := lo
	if i < len(p.src) && p.src[i] == ',' {
		i++
		hi = -1
		if v, ok := digits(); ok {
			hi = v
		}
	}
	if i >= len(p.src) || p.src[i] != '}' {
		return 0, 0, false
	}
	p.pos = i + 1
	return lo, hi, true
}

// parseGroup parses "(" ... ")": a capture group, a named group, a
// non-capturing group or a modifier group; lookaround is refused.
func (p *reParser) parseGroup() (*node, error) {
	start := p.pos
	p.pos++ // (
	if !p.lookingAt("?") {
		p.ncap++
		idx := p.ncap
		return p.finishGroup(start, &node{op: opCapture, capIndex: idx, pos: start})
	}
	switch {
	case p.lookingAt("?:"):
		p.pos += 2
		return p.finishGroup(start, nil)
	case p.lookingAt("?="):
		return nil, p.unsupported(start, "(?=...) lookahead", "RE2 has no lookaround; URLPattern here runs in linear time")
	case p.lookingAt("?!"):
		return nil, p.unsupported(start, "(?!...) negative lookahead", "RE2 has no lookaround; URLPattern here runs in linear time")
	case p.lookingAt("?<="):
		return nil, p.unsupported(start, "(?<=...) lookbehind", "RE2 has no lookaround; URLPattern here runs in linear time")
	case p.lookingAt("?<!"):
		return nil, p.unsupported(start, "(?<!...) negative lookbehind", "RE2 has no lookaround; URLPattern here runs in linear time")
	case p.lookingAt("?<"):
		p.pos += 2
		name, err := p.parseGroupName(start)
		if err != nil {
			return nil, err
		}
		p.ncap++
		idx := p.ncap
		p.groups = append(p.groups, groupInfo{name: name, index: idx, pos: start, path: append([]altStep(nil), p.altPath...)})
		return p.finishGroup(start, &node{op: opCapture, capIndex: idx, name: name, pos: start})
	case p.lookingAt("?P<"):
		return nil, p.errorf(start, "(?P<", "invalid group: ECMAScript names a group with (?<name>...), (?P<name>...) is Python's and RE2's syntax")
	}
	return p.parseModifierGroup(start)
}

// finishGroup parses the disjunction of a group and its ")"; capture is
// the capture node to fill, nil for a non-capturing group.
func (p *reParser) finishGroup(start int, capture *node) (*node, error) {
	body, err := p.parseDisjunction()
	if err != nil {
		return nil, err
	}
	if p.peek() != ')' {
		return nil, p.errorf(start, "(", "unterminated group")
	}
	p.pos++
	if capture == nil {
		return body, nil
	}
	capture.subs = []*node{body}
	return capture, nil
}

// parseModifierGroup parses ES2025's modifiers (?ims-ims:...) at p.pos
// (just after "("). Inline flags that apply to the rest of the pattern,
// such as (?i), are no ECMAScript syntax.
func (p *reParser) parseModifierGroup(start int) (*node, error) {
	i := p.pos + 1 // after ?
	var add, remove string
	minus := false
	for i < len(p.src) && p.src[i] != ':' && p.src[i] != ')' {
		c := p.src[i]
		switch {
		case c == '-' && !minus:
			minus = true
		case c == 'i' || c == 'm' || c == 's':
			if strings.IndexByte(add, c) >= 0 || strings.IndexByte(remove, c) >= 0 {
				return nil, p.errorf(start, p.src[start:i+1], "repeated flag in modifiers")
			}
			if minus {
				remove += string(c)
			} else {
				add += string(c)
			}
		default:
			return nil, p.errorf(start, "(?"+p.src[p.pos+1:i+1], "invalid group: ECMAScript knows (?:, (?=, (?!, (?<=, (?<!, (?<name> and the modifiers (?ims-ims:")
		}
		i++
	}
	if i >= len(p.src) || p.src[i] == ')' {
		end := min(i+1, len(p.src))
		return nil, p.errorf(start, p.src[start:end], "invalid group: ECMAScript has no inline flags; the ES2025 modifiers take the form (?i:...)")
	}
	construct := p.src[start : i+1]
	if add == "" && remove == "" && minus {
		return nil, p.errorf(start, construct, "invalid modifiers: (?-:...) names no flag")
	}
	if strings.Contains(add+remove, "m") {
		return nil, p.unsupported(start, construct+" modifier m", "RE2's multi-line ^ and $ know only \\n as a line terminator, ECMAScript also \\r, U+2028 and U+2029")
	}
	saveI, saveS := p.ignoreCase, p.dotAll
	if strings.Contains(add, "i") {
		p.ignoreCase = true
	}
	if strings.Contains(remove, "i") {
		p.ignoreCase = false
	}
	if strings.Contains(add, "s") {
		p.dotAll = true
	}
	if strings.Contains(remove, "s") {
		p.dotAll = false
	}
	p.pos = i + 1
	n, err := p.finishGroup(start, nil)
	p.ignoreCase, p.dotAll = saveI, saveS
	return n, err
}

// parseGroupName parses RegExpIdentifierName ">" after "(?<" or "\k<".
func (p *reParser) parseGroupName(start int) (string, error) {
	var b strings.Builder
	first := true
	for {
		if p.eof() {
			return "", p.errorf(start, p.src[start:], "invalid capture group name: no closing >")
		}
		at := p.pos
		c := p.next()
		if c == '>' {
			break
		}
		if c == '\\' {
			if p.peek() != 'u' {
				return "", p.errorf(at, p.src[at:p.pos], "invalid capture group name: only \\u escapes may appear in a name")
			}
			p.pos++
			r, ok := p.parseUnicodeEscapeBody(true)
			if !ok {
				return "", p.errorf(at, p.src[at:p.pos], "invalid Unicode escape in a capture group name")
			}
			c = r
		}
		if first && !IsIDStart(c) || !first && !IsIDContinue(c) {
			return "", p.errorf(at, string(c), "invalid capture group name: %q is not an ECMAScript IdentifierName", p.src[start:])
		}
		first = false
		b.WriteRune(c)
	}
	if first {
		return "", p.errorf(start, p.src[start:p.pos], "invalid capture group name: the name is empty")
	}
	return b.String(), nil
}

// checkGroups applies the early errors that need the whole pattern: group
// names (a name may repeat only in different alternatives, as ES2025
// allows) and backreferences, which are refused once they are valid.
func (p *reParser) checkGroups() error {
	for i, g := range p.groups {
		for _, h := range p.groups[:i] {
			if h.name == g.name && !differentAlternatives(h.path, g.path) {
				return p.errorf(g.pos, "(?<"+g.name+">", "duplicate capture group name in the same alternative")
			}
		}
	}
	for _, b := range p.backrefs {
		if b.named {
			found := false
			for _, g := range p.groups {
				found = found || g.name == b.name
			}
			if !found {
				return p.errorf(b.pos, b.text, "invalid named reference: no group is named %q", b.name)
			}
		} else if b.num > p.ncap {
			return p.errorf(b.pos, b.text, "invalid escape: a decimal escape other than \\0 is a backreference, and the pattern has %d capture group(s)", p.ncap)
		}
	}
	// Every backreference is valid ECMAScript (a SyntaxError anywhere
	// comes first); RE2 runs none.
	if len(p.backrefs) > 0 {
		b := p.backrefs[0]
		return p.unsupported(b.pos, b.text+" backreference", "RE2 has no backreferences; matching them is NP-hard")
	}
	return nil
}

// differentAlternatives reports whether two groups lie in different
// alternatives of one disjunction, so that at most one of them matches.
func differentAlternatives(a, b []altStep) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i].disj != b[i].disj {
			return false
		}
		if a[i].alt != b[i].alt {
			return true
		}
	}
	return false
}

// parseAtomEscape parses "\" AtomEscape outside a class.
func (p *reParser) parseAtomEscape() (*node, error) {
	start := p.pos
	p.pos++ // \
	if p.eof() {
		return nil, p.errorf(start, `\`, "\\ at end of pattern")
	}
	c := p.peek()
	switch {
	case c >= '1' && c <= '9':
		j := p.pos
		for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
			j++
		}
		num, err := strconv.Atoi(p.src[p.pos:j])
		if err != nil {
			num = 1 << 30
		}
		p.pos = j
		p.backrefs = append(p.backrefs, backref{pos: start, num: num, text: p.src[start:j]})
		return &node{op: opEmpty, pos: start}, nil
	case c == 'k':
		p.pos++
		if p.peek() != '<' {
			return nil, p.errorf(start, `\k`, "invalid named reference: \\k must be followed by <name>")
		}
		p.pos++
		name, err := p.parseGroupName(start)
		if err != nil {
			return nil, err
		}
		p.backrefs = append(p.backrefs, backref{pos: start, name: name, named: true, text: p.src[start:p.pos]})
		return &node{op: opEmpty, pos: start}, nil
	}
	if set, ok, err := p.parseClassEscape(start); err != nil {
		return nil, err
	} else if ok {
		return &node{op: opSet, set: set, pos: start}, nil
	}
	r, err := p.parseCharacterEscape(start, false)
	if err != nil {
		return nil, err
	}
	return &node{op: opSet, set: p.literalSet(r), pos: start}, nil
}

// parseClassEscape parses CharacterClassEscape (\d \D \s \S \w \W \p{..}
// \P{..}) after the "\" at start; ok is false when the escape is another
// kind.
func (p *reParser) parseClassEscape(start int) (runeSet, bool, error) {
	c := p.peek()
	switch c {
	case 'd', 'D', 's', 'S', 'w', 'W':
		p.pos++
		var set runeSet
		switch c {
		case 'd', 'D':
			set = digitSet
		case 's', 'S':
			set = spaceSet()
		case 'w', 'W':
			set = wordSet
		}
		if p.ignoreCase {
			set = set.foldClose()
		}
		if c == 'D' || c == 'S' || c == 'W' {
			set = set.complement()
		}
		return set, true, nil
	case 'p', 'P':
		p.pos++
		if p.peek() != '{' {
			return nil, false, p.errorf(start, p.src[start:p.pos], "invalid property name: \\%c must be followed by {", c)
		}
		end := strings.IndexByte(p.src[p.pos:], '}')
		if end < 0 {
			return nil, false, p.errorf(start, p.src[start:], "invalid property name: no closing }")
		}
		body := p.src[p.pos+1 : p.pos+end]
		p.pos += end + 1
		key := propertyKey{body, p.ignoreCase}
		set, ok := p.properties[key]
		if !ok {
			var err error
			if set, err = p.property(start, p.src[start:p.pos], body, c == 'P'); err != nil {
				return nil, false, err
			}
			if p.ignoreCase {
				set = set.foldClose()
			}
			if p.properties == nil {
				p.properties = map[propertyKey]runeSet{}
			}
			p.properties[key] = set
		}
		if c == 'P' {
			set = set.complement()
		}
		return set, true, nil
	}
	return nil, false, nil
}

// parseCharacterEscape parses CharacterEscape[+UnicodeMode] after the "\" at
// start, and in a class (inClass) also \b (backspace) and \- ; in the v
// flag's class syntax the caller handles ClassSetReservedPunctuator.
func (p *reParser) parseCharacterEscape(start int, inClass bool) (rune, error) {
	c := p.next()
	switch c {
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'v':
		return '\v', nil
	case 'c':
		if l := p.peek(); l >= 'a' && l <= 'z' || l >= 'A' && l <= 'Z' {
			p.pos++
			return l % 32, nil
		}
		return 0, p.errorf(start, `\c`, "invalid escape: \\c must be followed by an ASCII letter")
	case '0':
		if d := p.peek(); d >= '0' && d <= '9' {
			return 0, p.errorf(start, p.src[start:p.pos+1], "invalid decimal escape: no octal escapes with the u or v flag")
		}
		return 0, nil
	case 'x':
		if p.pos+2 <= len(p.src) && isHex(p.src[p.pos]) && isHex(p.src[p.pos+1]) {
			v, _ := strconv.ParseUint(p.src[p.pos:p.pos+2], 16, 8)
			p.pos += 2
			return rune(v), nil
		}
		return 0, p.errorf(start, `\x`, "invalid escape: \\x must be followed by two hexadecimal digits")
	case 'u':
		r, ok := p.parseUnicodeEscapeBody(true)
		if !ok {
			end := p.pos
			if p.peek() == '{' {
				if i := strings.IndexByte(p.src[p.pos:], '}'); i >= 0 {
					end += i + 1
				}
			} else {
				for end < len(p.src) && end < p.pos+4 && isHex(p.src[end]) {
					end++
				}
			}
			return 0, p.errorf(start, p.src[start:end], "invalid Unicode escape: \\u takes four hexadecimal digits or {a code point up to 10FFFF}")
		}
		return r, nil
	case 'b':
		if inClass {
			return '\b', nil
		}
	case '-':
		if inClass {
			return '-', nil
		}
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return c, nil
	}
	what := "\\" + string(c)
	switch c {
	case 'z', 'A', 'Z', 'Q', 'E', 'a', 'e', 'C', 'h', 'H', 'K', 'N', 'R', 'V', 'X', 'G':
		return 0, p.errorf(start, what, "invalid escape: %s is RE2's or Perl's syntax, no ECMAScript escape", what)
	}
	return 0, p.errorf(start, what, "invalid escape: the u and v flags allow identity escapes only of syntax characters and /")
}

// parseUnicodeEscapeBody parses what follows "\u": XXXX (joining a
// surrogate pair written as two escapes) or {X...}.
func (p *reParser) parseUnicodeEscapeBody(allowBraces bool) (rune, bool) {
	if allowBraces && p.peek() == '{' {
		j := p.pos + 1
		for j < len(p.src) && isHex(p.src[j]) {
			j++
		}
		if j == p.pos+1 || j >= len(p.src) || p.src[j] != '}' {
			return 0, false
		}
		digits := strings.TrimLeft(p.src[p.pos+1:j], "0")
		if len(digits) > 6 {
			return 0, false
		}
		v, _ := strconv.ParseUint("0"+digits, 16, 32)
		if v > utf8.MaxRune {
			return 0, false
		}
		p.pos = j + 1
		return rune(v), true
	}
	hex4 := func(i int) (rune, bool) {
		if i+4 > len(p.src) {
			return 0, false
		}
		for k := i; k < i+4; k++ {
			if !isHex(p.src[k]) {
				return 0, false
			}
		}
		v, _ := strconv.ParseUint(p.src[i:i+4], 16, 32)
		return rune(v), true
	}
	r, ok := hex4(p.pos)
	if !ok {
		return 0, false
	}
	p.pos += 4
	if r >= 0xD800 && r <= 0xDBFF && p.lookingAt(`\u`) {
		if lo, ok := hex4(p.pos + 2); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			p.pos += 6
			return (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000, true
		}
	}
	return r, true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// literalSet is the set a literal code point matches: itself, or with the i
// flag every code point with the same simple case folding.
func (p *reParser) literalSet(r rune) runeSet {
	if p.ignoreCase {
		return foldSet(r)
	}
	return runeSet{r, r}
}

// foldSet is the set of every code point with the same simple case
// folding as r.
func foldSet(r rune) runeSet { return runeSet{r, r}.foldClose() }
