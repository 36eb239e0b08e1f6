package urlpattern

// Components: compiling a component's pattern string into its regular
// expression, and making a component's match result (URL Pattern
// Standard, section 1.4).
// https://urlpattern.spec.whatwg.org/#compile-a-component

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// component names one of the eight components of a URL pattern.
type component uint8

const (
	componentProtocol component = iota
	componentUsername
	componentPassword
	componentHostname
	componentPort
	componentPathname
	componentSearch
	componentHash
	numComponents
)

var componentNames = [numComponents]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// String returns the component's name in the standard: "protocol" ...
func (c component) String() string { return componentNames[c] }

// compiledComponent is the standard's component struct, plus the part
// list it was compiled from (for the matchers of fastmatch.go).
// https://urlpattern.spec.whatwg.org/#component
type compiledComponent struct {
	patternString string
	// parts and opts give the ECMAScript regular expression, compiled
	// into re (at construction, or by regexp at the first match that
	// needs it when the scan of fast decides all but rare inputs; parts
	// is nil once re is set).
	parts           []part
	opts            options
	reOnce          sync.Once
	re              *regexp.Regexp
	groupNames      []string
	hasRegExpGroups bool
	// emptyUnmatched[i] is set for a group generated as "(R)?": ECMAScript
	// rejects an iteration of a "?" that matches the empty string, so such
	// a group that RE2 reports as matching "" is undefined in JavaScript.
	emptyUnmatched []bool
	// fixedTail is the fixed text that ends every string the component
	// matches, as far as the part list tells (for List's index).
	fixedTail        string
	fixedTailAligned bool
	// fixedHead is the fixed text that starts every string the component
	// matches, as far as the part list tells (for List's index).
	fixedHead string
	// literals, when not nil, is every string the component matches: its
	// part list is fixed text, some of it optional (for List's index).
	literals []string
	fast     *fastMatcher // a match without the regular expression, when the part list allows
	// fastValue is where fast points, but for the shared scan of "*".
	fastValue fastMatcher
}

// compile parses a component's pattern string into cc, which is zero,
// generates its regular expression and pattern string, and compiles the
// expression (or leaves it for later: see lazyMax).
// https://urlpattern.spec.whatwg.org/#compile-a-component
func (cc *compiledComponent) compile(c component, input string, cb encodingCallback, o options) error {
	if input == "*" {
		// The most common component pattern (every component a pattern
		// string leaves out): its parts, names and scan are the same
		// every time, and read-only. TestWildcardComponent holds them
		// to what the steps below make.
		*cc = compiledComponent{patternString: "*", parts: wildcardParts, opts: o, groupNames: wildcardNames,
			emptyUnmatched: wildcardEmptyUnmatched, fast: &wildcardFast}
		return nil
	}
	// 1. Let part list be the result of parse a pattern string.
	parts, err := parsePatternString(input, o, cb)
	if err != nil {
		return &Error{Component: c.String(), Pattern: input, Err: err}
	}
	// 2-6. Let (regular expression string, name list) be the result of
	// generate a regular expression and name list; let flags be "vi" if
	// ignore case, else "v"; let regular expression be
	// RegExpCreate(regular expression string, flags); if this throws,
	// throw a TypeError.
	//
	// A component the scan of fastmatch.go decides (for ASCII input
	// without line terminators, which is what a URL's components are)
	// generates and compiles its expression when an input first needs
	// it: the expression is then made of escaped fixed text and the
	// wildcards' own, which compiles whenever the pattern is no longer
	// than lazyMax; a longer one is translated here, so that the
	// translator's bound on its length is reported here, and Go's regexp
	// takes any translation of such a part list (flat, and no longer than
	// that bound: TestLazyExpressionCompiles).
	literals := fixedAlternatives(parts, o)
	fast, hasFast := newFastMatcher(parts, literals, o)
	var re *regexp.Regexp
	var names []string
	if !hasFast {
		var source string
		source, names = generateRegexpAndNameList(parts, o)
		var err error
		re, err = compileRegExp(source, o.ignoreCase)
		if err != nil {
			return &Error{Component: c.String(), Pattern: input, Err: regExpCause{err}}
		}
	} else {
		names = nameList(parts)
		if len(input) > lazyMax {
			source, _ := generateRegexpAndNameList(parts, o)
			if err := translateRegExp(source, o.ignoreCase); err != nil {
				return &Error{Component: c.String(), Pattern: input, Err: regExpCause{err}}
			}
		}
	}
	// 7. Let pattern string be the result of generate a pattern string.
	patternString := generatePatternString(parts, o)
	// 8-9. Let has regexp groups be true if a part has type "regexp".
	hasRegExpGroups := false
	var emptyUnmatched []bool
	for i := range parts {
		pt := &parts[i]
		if pt.typ == partRegexp {
			hasRegExpGroups = true
		}
		if pt.typ != partFixedText {
			emptyUnmatched = append(emptyUnmatched, pt.modifier == modifierOptional && pt.prefix == "" && pt.suffix == "")
		}
	}
	// 10. Return a new component.
	tail, aligned := fixedTail(parts, o)
	*cc = compiledComponent{
		fixedTail:        tail,
		fixedTailAligned: aligned,
		fixedHead:        fixedHead(parts, o),
		literals:         literals,
		patternString:    patternString,
		opts:             o,
		re:               re,
		groupNames:       names,
		hasRegExpGroups:  hasRegExpGroups,
		emptyUnmatched:   emptyUnmatched,
	}
	if hasFast {
		cc.fastValue = fast
		cc.fast = &cc.fastValue
	}
	if re != nil {
		cc.reOnce.Do(func() {})
	} else {
		cc.parts = parts
	}
	return nil
}

// The parts, group names, emptyUnmatched and scan of the component
// pattern "*", shared read-only by every component compiled from it.
var (
	wildcardParts          = []part{{typ: partFullWildcard, name: "0"}}
	wildcardNames          = []string{"0"}
	wildcardEmptyUnmatched = []bool{false}
	wildcardFast           = fastMatcher{items: []fastItem{{typ: partFullWildcard}}, groups: 1}
)

// nameList returns the names of a part list's groups, in order: the name
// list of generate a regular expression and name list.
func nameList(parts []part) []string {
	n := 0
	for i := range parts {
		if parts[i].typ != partFixedText {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	names := make([]string, 0, n)
	for i := range parts {
		if parts[i].typ != partFixedText {
			names = append(names, parts[i].name)
		}
	}
	return names
}

// lazyMax bounds the pattern of a component whose expression waits for
// an input that needs it without being translated at construction: a
// longer one is translated there, so that the translator's bound on its
// length is reported there.
const lazyMax = 1 << 10

// regexp returns the component's compiled expression, compiling it
// once if construction left it for later. Only the expression of a
// component with a scan is left for later, and that one compiles; were
// it refused all the same, nothing would match.
func (cc *compiledComponent) regexp() *regexp.Regexp {
	cc.reOnce.Do(func() {
		source, _ := generateRegexpAndNameList(cc.parts, cc.opts)
		cc.re, _ = compileRegExp(source, cc.opts.ignoreCase)
		cc.parts = nil
	})
	return cc.re
}

// regExpCause is the cause of a regular expression that does not
// compile: its message is the translator's, and it unwraps to both
// ErrRegExp and the translator's error (a *RegExpError).
type regExpCause struct{ err error }

// Error names the construct and the reason, without the expression
// itself (the *Error around it quotes the component's pattern, bounded).
func (e regExpCause) Error() string {
	var re *RegExpError
	if errors.As(e.err, &re) {
		kind := ""
		if re.Unsupported {
			kind = " (unsupported by RE2)"
		}
		return fmt.Sprintf("%s%s: offset %d: %s: %s", ErrRegExp, kind, re.Offset, quoteBounded(re.Construct), re.Reason)
	}
	return ErrRegExp.Error() + ": " + e.err.Error()
}

// Unwrap returns ErrRegExp and the translator's error.
func (e regExpCause) Unwrap() []error { return []error{ErrRegExp, e.err} }

// exec runs the component's regular expression on input (RegExpBuiltinExec)
// and reports whether it matched, with the group values when want is set.
// Each group's value is the group's match, or unmatched (undefined).
func (cc *compiledComponent) exec(input string, want bool) (bool, []Group) {
	if cc.fast != nil {
		if ok, decided, groups := cc.fast.match(input, cc.groupNames, want); decided {
			return ok, groups
		}
	}
	re := cc.regexp()
	if re == nil {
		return false, nil
	}
	if !want {
		return re.MatchString(input), nil
	}
	m := re.FindStringSubmatchIndex(input)
	if m == nil {
		return false, nil
	}
	return true, cc.matchResultGroups(input, m)
}

// matchResultGroups makes the groups of a component match result from a
// submatch index list: group i+1 of the expression is the i-th name's.
// https://urlpattern.spec.whatwg.org/#create-a-component-match-result
func (cc *compiledComponent) matchResultGroups(input string, m []int) []Group {
	groups := make([]Group, len(cc.groupNames))
	// 4-5. Let index be 1; while index is at most the group name list's
	// size: groups[name] = Get(execResult, ToString(index)).
	for i, name := range cc.groupNames {
		groups[i].Name = name
		lo, hi := m[2*(i+1)], m[2*(i+1)+1]
		if lo >= 0 && !(lo == hi && cc.emptyUnmatched[i]) {
			groups[i].Value = input[lo:hi]
			groups[i].Matched = true
		}
	}
	return groups
}

// protocolComponentMatchesSpecialScheme reports whether the protocol
// component matches any special scheme.
// https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme
func protocolComponentMatchesSpecialScheme(cc *compiledComponent) bool {
	for _, scheme := range specialSchemes {
		if ok, _ := cc.exec(scheme, false); ok {
			return true
		}
	}
	return false
}

// hostnamePatternIsIPv6 reports whether a hostname pattern starts with
// "[", "{[" or "\[".
// https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address
func hostnamePatternIsIPv6(input string) bool {
	// 1. If input's code point length is less than 2, return false.
	if utf8.RuneCountInString(input) < 2 {
		return false
	}
	// 2-5.
	return input[0] == '[' || (input[0] == '{' || input[0] == '\\') && input[1] == '['
}

// fixedHead returns the fixed text that every string a part list
// matches starts with: the fixed text without a modifier at its start,
// and the prefix of the group that follows when that group has no
// modifier. It is "" when the component ignores case.
func fixedHead(parts []part, o options) string {
	if o.ignoreCase {
		return ""
	}
	head := ""
	for i := range parts {
		pt := &parts[i]
		if pt.modifier != modifierNone {
			break
		}
		if pt.typ == partFixedText {
			head += pt.value
			continue
		}
		head += pt.prefix
		break
	}
	return head
}

// fixedTail returns the fixed text that every string a part list matches
// ends with: the last part's text when it is fixed text without a
// modifier, matched with regard to case (hostname patterns, the ones the
// list indexes, never ignore case). aligned reports that the text also
// starts every match or follows a "." in it: there is no part before it,
// or the part before it is a group whose suffix ends in "." ("{*.}?").
func fixedTail(parts []part, o options) (tail string, aligned bool) {
	if len(parts) == 0 || o.ignoreCase {
		return "", false
	}
	last := &parts[len(parts)-1]
	if last.typ != partFixedText || last.modifier != modifierNone {
		return "", false
	}
	if len(parts) == 1 {
		return last.value, true
	}
	prev := &parts[len(parts)-2]
	return last.value, prev.typ != partFixedText && strings.HasSuffix(prev.suffix, ".")
}
