package ecmaregexp

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// This file computes ECMAScript character classes as explicit sets of code
// points: the v flag's class syntax (nested classes, -- subtraction, &&
// intersection, \q{...} strings), the class escapes, and case folding.
//
// Case folding: with the i flag, ECMA-262 (MaybeSimpleCaseFolding,
// Canonicalize) maps every code point of each operand to its simple case
// folding (scf), does the set operations on those folded sets, takes
// complements within the code points that fold to themselves, and lets a
// code point c match when scf(c) is in the result. The sets of code points
// with one scf are exactly the case-fold orbits of [unicode.SimpleFold], so
// this file works with orbit-closed sets instead: each operand is closed
// under folding, complements are taken within all code points, and the
// result is the set of code points that match. Union, intersection,
// subtraction and complement of orbit-closed sets are orbit-closed and
// correspond one to one to ECMAScript's operations on folded sets.

// runeSet is a set of code points as sorted, disjoint, non-adjacent
// inclusive ranges lo0, hi0, lo1, hi1, ...
type runeSet []rune

// newRuneSet returns the set of the given ranges in any order, sorting
// and merging them in place: the set is pairs' own memory.
func newRuneSet(pairs ...rune) runeSet {
	pairs = pairs[:len(pairs)&^1]
	sort.Sort(rangeSorter(pairs))
	out := runeSet(pairs[:0])
	for i := 0; i < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		if n := len(out); n > 0 && lo <= out[n-1]+1 {
			out[n-1] = max(out[n-1], hi)
			continue
		}
		out = append(out, lo, hi)
	}
	return out
}

// rangeSorter sorts the ranges lo0, hi0, lo1, hi1, ... by their lo.
type rangeSorter []rune

func (r rangeSorter) Len() int           { return len(r) / 2 }
func (r rangeSorter) Less(i, j int) bool { return r[2*i] < r[2*j] }
func (r rangeSorter) Swap(i, j int) {
	r[2*i], r[2*j] = r[2*j], r[2*i]
	r[2*i+1], r[2*j+1] = r[2*j+1], r[2*i+1]
}

func (s runeSet) contains(r rune) bool {
	i := sort.Search(len(s)/2, func(i int) bool { return s[2*i+1] >= r })
	return i < len(s)/2 && s[2*i] <= r
}

func (s runeSet) union(t runeSet) runeSet {
	u := make([]rune, 0, len(s)+len(t))
	return newRuneSet(append(append(u, s...), t...)...)
}

// complement returns every code point (U+0000..U+10FFFF) not in s.
func (s runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for i := 0; i < len(s); i += 2 {
		if s[i] > next {
			out = append(out, next, s[i]-1)
		}
		next = s[i+1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, next, unicode.MaxRune)
	}
	return out
}

func (s runeSet) intersect(t runeSet) runeSet {
	var out runeSet
	i, j := 0, 0
	for i < len(s) && j < len(t) {
		lo, hi := max(s[i], t[j]), min(s[i+1], t[j+1])
		if lo <= hi {
			out = append(out, lo, hi)
		}
		if s[i+1] < t[j+1] {
			i += 2
		} else {
			j += 2
		}
	}
	return out
}

func (s runeSet) subtract(t runeSet) runeSet { return s.intersect(t.complement()) }

// overlaps reports whether s and t have a code point in common.
func (s runeSet) overlaps(t runeSet) bool {
	i, j := 0, 0
	for i < len(s) && j < len(t) {
		if max(s[i], t[j]) <= min(s[i+1], t[j+1]) {
			return true
		}
		if s[i+1] < t[j+1] {
			i += 2
		} else {
			j += 2
		}
	}
	return false
}

// single reports whether s is one code point, and which.
func (s runeSet) single() (rune, bool) {
	if len(s) == 2 && s[0] == s[1] {
		return s[0], true
	}
	return 0, false
}

// foldables lists, in order, every code point whose case-fold orbit has
// more than one member. All of them are below U+20000 (a test checks
// unicode.CaseRanges for it).
var foldables = sync.OnceValue(func() []rune {
	var out []rune
	for r := rune(0); r < 0x20000; r++ {
		if unicode.SimpleFold(r) != r {
			out = append(out, r)
		}
	}
	return out
})

// foldClose returns s with the whole case-fold orbit of each member.
func (s runeSet) foldClose() runeSet {
	var add []rune
	fs := foldables()
	for i := 0; i < len(s); i += 2 {
		lo, hi := s[i], s[i+1]
		for k := sort.Search(len(fs), func(k int) bool { return fs[k] >= lo }); k < len(fs) && fs[k] <= hi; k++ {
			r := fs[k]
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				if !s.contains(f) {
					add = append(add, f, f)
				}
			}
		}
	}
	if len(add) == 0 {
		return s
	}
	return s.union(newRuneSet(add...))
}

// foldKey is the canonical member of r's case-fold orbit (its smallest),
// standing in for scf(r) when strings of a class are compared under i.
func foldKey(r rune) rune {
	k := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		k = min(k, f)
	}
	return k
}

// Sets of ECMA-262's CharacterClassEscape and of ".".
var (
	digitSet = runeSet{'0', '9'}
	// lineTerminators is ECMA-262's LineTerminator: LF, CR, LS, PS.
	lineTerminators = newRuneSet('\n', '\n', '\r', '\r', 0x2028, 0x2029)
)

// spaceSet is \s: ECMA-262's WhiteSpace (TAB, VT, FF, ZWNBSP and every Zs
// code point) and LineTerminator. RE2's \s is only [\t\n\f\r ].
func spaceSet() runeSet {
	pairs := []rune{'\t', '\t', '\v', '\v', '\f', '\f', 0xFEFF, 0xFEFF}
	pairs = append(pairs, tableSet(unicode.Zs)...)
	return newRuneSet(pairs...).union(lineTerminators)
}

// wordSet is \w: [0-9A-Za-z_]. With the u or v flag and i, ECMA-262's
// WordCharacters adds every code point whose simple case folding is one of
// those: U+017F (ſ) and U+212A (Kelvin sign), which foldClose adds.
var wordSet = runeSet{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}

// dotSet is "." without the s flag (every code point but a
// LineTerminator), or with it (every code point).
func dotSet(dotAll bool) runeSet {
	if dotAll {
		return runeSet{0, unicode.MaxRune}
	}
	return lineTerminators.complement()
}

// tableSet converts a [unicode.RangeTable] to a runeSet.
func tableSet(t *unicode.RangeTable) runeSet {
	var pairs []rune
	for _, r := range t.R16 {
		if r.Stride == 1 {
			pairs = append(pairs, rune(r.Lo), rune(r.Hi))
			continue
		}
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			pairs = append(pairs, c, c)
		}
	}
	for _, r := range t.R32 {
		if r.Stride == 1 {
			pairs = append(pairs, rune(r.Lo), rune(r.Hi))
			continue
		}
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			pairs = append(pairs, c, c)
		}
	}
	return newRuneSet(pairs...)
}

// classValue is the value of a v-flag class: code points, and strings of
// other than one code point (from \q{...}), folded with foldKey under i.
type classValue struct {
	set  runeSet
	strs []string // sorted, unique
	// mayContainStrings is ECMA-262's static MayContainStrings, which
	// decides whether the class may be negated.
	mayContainStrings bool
}

// classUnion gathers the ranges and strings of a union's items.
type classUnion struct {
	pairs             []rune
	strs              []string
	mayContainStrings bool
}

func (u *classUnion) add(v classValue) {
	u.pairs = append(u.pairs, v.set...)
	u.strs = append(u.strs, v.strs...)
	u.mayContainStrings = u.mayContainStrings || v.mayContainStrings
}

// value returns the union, sorting its ranges and strings once.
func (u *classUnion) value() classValue {
	slices.Sort(u.strs)
	return classValue{set: newRuneSet(u.pairs...), strs: slices.Compact(u.strs), mayContainStrings: u.mayContainStrings}
}

// intersectStrings returns the strings of v (sorted) that w (sorted)
// holds too.
func intersectStrings(v, w []string) []string {
	var strs []string
	for _, s := range v {
		if _, ok := slices.BinarySearch(w, s); ok {
			strs = append(strs, s)
		}
	}
	return strs
}

// subtractStrings returns the strings of v (sorted) that w (sorted) does
// not hold.
func subtractStrings(v, w []string) []string {
	if len(w) == 0 {
		return v
	}
	var strs []string
	for _, s := range v {
		if _, ok := slices.BinarySearch(w, s); !ok {
			strs = append(strs, s)
		}
	}
	return strs
}

// parseClass parses a CharacterClass at p.pos ("[") in the v flag's syntax.
func (p *reParser) parseClass() (*node, error) {
	start := p.pos
	v, err := p.parseClassBody()
	if err != nil {
		return nil, err
	}
	return p.classNode(v, start), nil
}

// parseClassBody parses "[" "^"? ClassSetExpression "]" at p.pos.
func (p *reParser) parseClassBody() (classValue, error) {
	start := p.pos
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxNesting {
		return classValue{}, p.unsupported(start, "nesting", "groups and classes nest deeper than %d", maxNesting)
	}
	p.pos++ // [
	negated := false
	if p.peek() == '^' {
		p.pos++
		negated = true
	}
	v, err := p.parseClassSetExpression(start)
	if err != nil {
		return classValue{}, err
	}
	if p.eof() {
		return classValue{}, p.errorf(start, "[", "unterminated character class")
	}
	p.pos++ // ]
	if negated {
		if v.mayContainStrings {
			return classValue{}, p.errorf(start, p.src[start:p.pos], "negated character class may contain strings")
		}
		return classValue{set: v.set.complement()}, nil
	}
	return v, nil
}

// classItem is one ClassSetOperand or ClassSetRange of a class.
type classItem struct {
	v      classValue
	isChar bool // a ClassSetCharacter, which may start a range
	char   rune
	pos    int
}

// parseClassSetExpression parses ClassUnion, ClassIntersection or
// ClassSubtraction up to (not including) the closing "]".
func (p *reParser) parseClassSetExpression(start int) (classValue, error) {
	if p.peek() == ']' {
		return classValue{}, nil
	}
	first, err := p.parseClassOperand()
	if err != nil {
		return classValue{}, err
	}
	switch {
	case p.lookingAt("--") || p.lookingAt("&&"):
		op := p.src[p.pos : p.pos+2]
		acc := first.v
		// A -- B -- C is A minus (B ∪ C), and A && B && C is A minus
		// the union of B's and C's complements: the operands' sets are
		// gathered and taken from A once, where a subtraction per
		// operand from a large A was quadratic. Strings are intersected
		// or subtracted one operand at a time (an intersection is no
		// larger than its smaller side).
		var taken classUnion
		for p.lookingAt(op) {
			opPos := p.pos
			p.pos += 2
			if op == "&&" && p.peek() == '&' {
				return classValue{}, p.errorf(p.pos, "&&&", "invalid set operation in character class: && is followed by &")
			}
			if p.peek() == ']' {
				return classValue{}, p.errorf(opPos, op, "invalid set operation in character class: %s has no right operand", op)
			}
			next, err := p.parseClassOperand()
			if err != nil {
				return classValue{}, err
			}
			if p.lookingAt("-") && !p.lookingAt("--") && next.isChar {
				return classValue{}, p.errorf(next.pos, "range", "invalid set operation in character class: a range must be nested, [a-z], to be an operand of %s", op)
			}
			if op == "--" {
				acc.strs = subtractStrings(acc.strs, next.v.strs)
				taken.pairs = append(taken.pairs, next.v.set...)
			} else {
				acc.strs = intersectStrings(acc.strs, next.v.strs)
				acc.mayContainStrings = acc.mayContainStrings && next.v.mayContainStrings
				taken.pairs = append(taken.pairs, next.v.set.complement()...)
			}
		}
		if p.peek() != ']' {
			return classValue{}, p.mixError(start)
		}
		acc.set = acc.set.subtract(newRuneSet(taken.pairs...))
		return acc, nil
	}
	// ClassUnion: the items' ranges and strings are gathered and sorted
	// once at the end (classUnion.value), so that a class of n items
	// takes O(n log n), not a sort per item.
	var acc classUnion
	item := first
	for {
		if item.isChar && p.lookingAt("-") && !p.lookingAt("--") {
			dash := p.pos
			p.pos++
			if p.peek() == ']' {
				return classValue{}, p.errorf(dash, "-", "invalid character class: a - must be escaped with the v flag unless it joins a range")
			}
			hi, err := p.parseClassOperand()
			if err != nil {
				return classValue{}, err
			}
			if !hi.isChar {
				return classValue{}, p.errorf(dash, "-", "invalid character class: a range ends at a single character")
			}
			if hi.char < item.char {
				return classValue{}, p.errorf(item.pos, p.src[item.pos:p.pos], "range out of order in character class")
			}
			set := runeSet{item.char, hi.char}
			if p.ignoreCase {
				set = set.foldClose()
			}
			item = classItem{v: classValue{set: set}, pos: item.pos}
		}
		acc.add(item.v)
		if p.eof() {
			return classValue{}, p.errorf(start, "[", "unterminated character class")
		}
		if p.peek() == ']' {
			return acc.value(), nil
		}
		if p.lookingAt("--") || p.lookingAt("&&") {
			return classValue{}, p.mixError(start)
		}
		if item, err = p.parseClassOperand(); err != nil {
			return classValue{}, err
		}
	}
}

func (p *reParser) mixError(start int) error {
	if p.eof() {
		return p.errorf(start, "[", "unterminated character class")
	}
	at := p.pos
	if p.lookingAt("--") || p.lookingAt("&&") {
		return p.errorf(at, p.src[at:at+2], "invalid set operation in character class: --, && and union do not mix at one level; nest them in [...]")
	}
	r := p.peek()
	return p.errorf(at, string(r), "invalid set operation in character class: --, && and union do not mix at one level; nest them in [...]")
}

// doublePunctuators are ECMA-262's ClassSetReservedDoublePunctuator first
// characters (each doubled), other than the operators && and --.
const doublePunctuators = "!#$%*+,.:;<=>?@^`~&"

// classSetReservedPunctuators may be escaped in a v-flag class.
const classSetReservedPunctuators = "&-!#%,.:;<=>@`~"

// parseClassOperand parses a ClassSetOperand (NestedClass,
// ClassStringDisjunction or ClassSetCharacter).
func (p *reParser) parseClassOperand() (classItem, error) {
	start := p.pos
	if p.eof() {
		return classItem{}, p.errorf(start, "[", "unterminated character class")
	}
	c := p.peek()
	switch c {
	case '[':
		v, err := p.parseClassBody()
		return classItem{v: v, pos: start}, err
	case '\\':
		p.pos++
		if p.eof() {
			return classItem{}, p.errorf(start, `\`, "\\ at end of pattern")
		}
		if set, ok, err := p.parseClassEscape(start); err != nil {
			return classItem{}, err
		} else if ok {
			return classItem{v: classValue{set: set}, pos: start}, nil
		}
		if p.peek() == 'q' {
			return p.parseClassStrings(start)
		}
		r, err := p.parseClassSetCharacterEscape(start)
		if err != nil {
			return classItem{}, err
		}
		return p.charItem(r, start), nil
	}
	r, err := p.parseClassSetCharacter()
	if err != nil {
		return classItem{}, err
	}
	return p.charItem(r, start), nil
}

func (p *reParser) charItem(r rune, pos int) classItem {
	return classItem{v: classValue{set: p.literalSet(r)}, isChar: true, char: r, pos: pos}
}

// parseClassSetCharacterEscape parses what follows "\" in a ClassSetCharacter:
// CharacterEscape, ClassSetReservedPunctuator, or b.
func (p *reParser) parseClassSetCharacterEscape(start int) (rune, error) {
	if r := p.peek(); r < utf8.RuneSelf && strings.IndexByte(classSetReservedPunctuators, byte(r)) >= 0 {
		p.pos++
		return r, nil
	}
	return p.parseCharacterEscape(start, true)
}

// parseClassSetCharacter parses an unescaped ClassSetCharacter.
func (p *reParser) parseClassSetCharacter() (rune, error) {
	start := p.pos
	c := p.peek()
	if c < utf8.RuneSelf && strings.IndexByte(doublePunctuators, byte(c)) >= 0 && start+1 < len(p.src) && p.src[start+1] == byte(c) {
		return 0, p.errorf(start, p.src[start:start+2], "invalid character in character class: a reserved double punctuator of the v flag")
	}
	switch c {
	case '(', ')', '[', ']', '{', '}', '/', '-', '|':
		return 0, p.errorf(start, string(c), "invalid character in character class: %c must be escaped with the v flag", c)
	case '\\':
		p.pos++
		if p.eof() {
			return 0, p.errorf(start, `\`, "\\ at end of pattern")
		}
		return p.parseClassSetCharacterEscape(start)
	}
	p.next()
	return c, nil
}

// parseClassStrings parses \q{ClassString|...} after the "\" at start.
// A string written without escapes, and unchanged by folding, is a slice
// of the source; others are built once.
func (p *reParser) parseClassStrings(start int) (classItem, error) {
	p.pos++ // q
	if p.peek() != '{' {
		return classItem{}, p.errorf(start, `\q`, "invalid escape: \\q must be followed by {")
	}
	p.pos++
	var v classValue
	var cur []rune
	from, plain := p.pos, true // the current string's source, and whether it is its value
	finish := func() {
		if len(cur) == 1 {
			v.set = v.set.union(p.literalSet(cur[0]))
		} else {
			v.mayContainStrings = true
			if p.ignoreCase {
				for i, r := range cur {
					if k := foldKey(r); k != r {
						cur[i], plain = k, false
					}
				}
			}
			if plain {
				v.strs = append(v.strs, p.src[from:p.pos])
			} else {
				v.strs = append(v.strs, string(cur))
			}
		}
		cur = cur[:0]
	}
	for {
		if p.eof() {
			return classItem{}, p.errorf(start, `\q{`, "unterminated \\q{...}")
		}
		switch p.peek() {
		case '}', '|':
			finish()
			c := p.next()
			from, plain = p.pos, true
			if c == '|' {
				continue
			}
			if len(v.strs) > 1 {
				slices.Sort(v.strs)
				v.strs = slices.Compact(v.strs)
			}
			return classItem{v: v, pos: start}, nil
		}
		if p.peek() == '\\' {
			plain = false
		}
		r, err := p.parseClassSetCharacter()
		if err != nil {
			return classItem{}, err
		}
		cur = append(cur, r)
	}
}

// classNode is the node matching a class value: a set of code points, or
// with strings ECMA-262's order (CompileAtom): the strings longest first,
// then the single code points, then the empty string. Each string is one
// opString node, and the nodes of all the strings are allocated at once: a
// class of many strings costs a few allocations and one node per string,
// not a node per code point.
func (p *reParser) classNode(v classValue, pos int) *node {
	if len(v.strs) == 0 {
		return &node{op: opSet, set: v.set, pos: pos}
	}
	// v.strs is the class's own (parseClassBody's value), sorted by
	// code point; a stable sort by length keeps that order among the
	// strings of one length.
	strs := v.strs
	slices.SortStableFunc(strs, func(a, b string) int {
		return utf8.RuneCountInString(b) - utf8.RuneCountInString(a)
	})
	nodes := make([]node, len(strs))
	alts := make([]*node, 0, len(strs)+2)
	empty := false
	for i, s := range strs {
		if s == "" {
			empty = true
			continue
		}
		nodes[i] = node{op: opString, text: s, fold: p.ignoreCase, pos: pos}
		alts = append(alts, &nodes[i])
	}
	if len(v.set) > 0 {
		alts = append(alts, &node{op: opSet, set: v.set, pos: pos})
	}
	if empty {
		alts = append(alts, &node{op: opEmpty, pos: pos})
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &node{op: opAlt, subs: alts, pos: pos}
}
