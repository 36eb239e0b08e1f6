package urlpattern

// Matching without the regular expression. A component of fixed text
// only, some of it optional ("http{s}?"), matches one of a few strings.
// A component whose part list is only fixed text and groups without
// modifiers or regular expressions of their own ("/books/:id",
// "*.example.com", "/docs/*", "https") has
// exactly one way to match, which a scan finds: fixed text compares
// equal, a ":name" group ends at the next delimiter (the fixed text after
// it must start with the delimiter, or the group must be last), and at
// most one "*" group takes what lies between the text before it and the
// text after it. The regular expression answers everything else, and
// the scan defers to it for inputs where ECMAScript's "." differs from a
// plain scan (line terminators) or that are not ASCII. Fuzzing holds the
// scan to the regular expression (FuzzFastMatch).

import "strings"

// fastItem is a piece of a component's match: fixed text, or a group.
type fastItem struct {
	text  string   // fixed text, when typ is partFixedText
	typ   partType // partFixedText, partSegmentWildcard or partFullWildcard
	group int      // the group's index, for a group
}

// fastMatcher matches a component by a scan of its items, or by
// comparing it with a few strings.
type fastMatcher struct {
	items     []fastItem
	delimiter byte // the delimiter code point, 0 when none
	groups    int
	// oneOf, when not nil, is every string the component matches: its
	// part list is fixed text only, some of it optional ("http{s}?").
	oneOf []string
}

// maxOneOf bounds the strings of a fixedAlternatives matcher.
const maxOneOf = 16

// fixedAlternatives returns every string that a part list of fixed text
// with modifiers "none" and "optional" matches (at most maxOneOf), or
// nil when the part list is anything else.
func fixedAlternatives(parts []part, o options) []string {
	if o.ignoreCase || len(parts) == 0 {
		return nil
	}
	alts := []string{""}
	for i := range parts {
		pt := &parts[i]
		if pt.typ != partFixedText || (pt.modifier != modifierNone && pt.modifier != modifierOptional) {
			return nil
		}
		n := len(alts)
		if pt.modifier == modifierOptional {
			if 2*n > maxOneOf {
				return nil
			}
			alts = append(alts, alts...) // the first n without the text
		}
		for j := range alts {
			if pt.modifier == modifierNone || j >= n {
				alts[j] += pt.value
			}
		}
	}
	return alts
}

// newFastMatcher returns the scan of a part list, and false when the part
// list needs the regular expression; literals is fixedAlternatives of the
// part list. (A value, so that the component keeps it without an
// allocation of its own.)
func newFastMatcher(parts []part, literals []string, o options) (fastMatcher, bool) {
	if len(literals) > 1 {
		return fastMatcher{oneOf: literals}, true
	}
	m := fastMatcher{items: make([]fastItem, 0, 2*len(parts))}
	if o.delimiterCodePoint != "" {
		m.delimiter = o.delimiterCodePoint[0]
	}
	text := func(s string) {
		if s == "" {
			return
		}
		if n := len(m.items); n > 0 && m.items[n-1].typ == partFixedText {
			m.items[n-1].text += s
			return
		}
		m.items = append(m.items, fastItem{text: s, typ: partFixedText})
	}
	fullWildcards := 0
	for i := range parts {
		pt := &parts[i]
		if pt.modifier != modifierNone || pt.typ == partRegexp {
			return fastMatcher{}, false
		}
		if pt.typ == partFixedText {
			text(pt.value)
			continue
		}
		text(pt.prefix)
		if pt.typ == partFullWildcard {
			fullWildcards++
		}
		m.items = append(m.items, fastItem{typ: pt.typ, group: m.groups})
		m.groups++
		text(pt.suffix)
	}
	if fullWildcards > 1 {
		return fastMatcher{}, false
	}
	for _, it := range m.items {
		if o.ignoreCase && it.typ == partFixedText {
			return fastMatcher{}, false // text compared without regard to case: the expression's job
		}
	}
	// A ":name" group must be last or followed by fixed text that starts
	// with the delimiter, and nothing but fixed text may follow a "*".
	sawFull := false
	for i, it := range m.items {
		switch it.typ {
		case partSegmentWildcard:
			if sawFull {
				return fastMatcher{}, false
			}
			if i+1 < len(m.items) && (m.delimiter == 0 || m.items[i+1].typ != partFixedText || m.items[i+1].text[0] != m.delimiter) {
				return fastMatcher{}, false
			}
		case partFullWildcard:
			sawFull = true
		}
	}
	return m, true
}

// plainInput reports whether the scan may decide input: ASCII with no
// line terminator (which ECMAScript's "." does not match).
func plainInput(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == '\n' || c == '\r' {
			return false
		}
	}
	return true
}

// match reports whether input matches; decided is false when the scan
// cannot tell and the regular expression must. With want, the groups
// (named by names) are returned.
func (m *fastMatcher) match(input string, names []string, want bool) (ok, decided bool, groups []Group) {
	if m.oneOf != nil {
		// Fixed text compares equal or not, whatever the input holds.
		for _, s := range m.oneOf {
			if input == s {
				return true, true, nil
			}
		}
		return false, true, nil
	}
	if !plainInput(input) {
		return false, false, nil
	}
	var spans [][2]int
	if want && m.groups > 0 {
		spans = make([][2]int, 0, m.groups)
	}
	pos := 0
	for i, it := range m.items {
		switch it.typ {
		case partFixedText:
			if !strings.HasPrefix(input[pos:], it.text) {
				return false, true, nil
			}
			pos += len(it.text)
		case partSegmentWildcard:
			end := len(input)
			if m.delimiter != 0 {
				if j := strings.IndexByte(input[pos:], m.delimiter); j >= 0 {
					end = pos + j
				}
			}
			if i+1 == len(m.items) && end != len(input) || end == pos {
				// Last, the group must take the rest, which must hold no
				// delimiter; and a ":name" group matches at least one code point.
				return false, true, nil
			}
			if spans != nil {
				spans = append(spans, [2]int{pos, end})
			}
			pos = end
		case partFullWildcard:
			// Fixed text at most follows: the group takes all but it.
			rest := ""
			if i+1 < len(m.items) {
				rest = m.items[i+1].text
			}
			if len(input)-pos < len(rest) || !strings.HasSuffix(input, rest) {
				return false, true, nil
			}
			end := len(input) - len(rest)
			if spans != nil {
				spans = append(spans, [2]int{pos, end})
			}
			pos = end
		}
	}
	if pos != len(input) {
		return false, true, nil
	}
	if spans != nil {
		groups = make([]Group, len(spans))
		for i, sp := range spans {
			groups[i] = Group{Name: names[i], Value: input[sp[0]:sp[1]], Matched: true}
		}
	}
	return true, true, groups
}
