package urlpattern

// A list of patterns matched against one URL at a time: CORS and
// redirect allow-lists, routing tables, crawl scopes.

import (
	"slices"
	"strings"

	url "github.com/weburl/url"
)

// List matches a URL against many patterns at once. The URL is parsed
// once, and only the patterns whose hostname can match it are tried. A
// hostname pattern that ends in fixed text ("example.com",
// "*.example.com", "{*.}?example.com") only matches hostnames that end
// with that text; the text, or what follows its first ".", is then a
// label suffix of every hostname the pattern matches (the whole
// hostname, or what follows one of its "."), so the list keeps such
// patterns by it and looks up the label suffixes of a URL's hostname.
// Patterns are tried in the order given, which is the order of the
// answers. A List is immutable, and safe for concurrent use.
type List struct {
	patterns []*Pattern
	bySuffix map[string][]int // label suffix -> indexes of the patterns whose hostnames end with it
	anyHost  []int            // indexes of the other patterns
}

// Match is one pattern of a [List] that matched: its index in the list,
// and the groups.
type Match struct {
	Index   int
	Pattern *Pattern
	Result  *Result
}

// NewList returns a list of the patterns (none nil), in that order. The
// list keeps its own copy of the slice.
func NewList(patterns ...*Pattern) *List {
	l := &List{patterns: slices.Clone(patterns), bySuffix: map[string][]int{}}
	for i, p := range l.patterns {
		if key, ok := hostnameKey(p); ok {
			l.bySuffix[key] = append(l.bySuffix[key], i)
		} else {
			l.anyHost = append(l.anyHost, i)
		}
	}
	return l
}

// hostnameKey returns a label suffix that every hostname the pattern
// matches has (the whole hostname, or what follows one of its "."): the
// fixed text that ends the hostname pattern when it starts a label, else
// what follows the text's first ".".
func hostnameKey(p *Pattern) (string, bool) {
	cc := p.components[componentHostname]
	if cc.fixedTail != "" && cc.fixedTailAligned {
		return cc.fixedTail, true
	}
	dot := strings.IndexByte(cc.fixedTail, '.')
	if dot < 0 {
		return "", false
	}
	return cc.fixedTail[dot+1:], true
}

// Len returns the number of patterns in the list.
func (l *List) Len() int { return len(l.patterns) }

// Pattern returns the i-th pattern of the list.
func (l *List) Pattern(i int) *Pattern { return l.patterns[i] }

// candidates calls try with the index of each pattern that may match a
// URL of this hostname, in list order, until try returns false.
func (l *List) candidates(hostname string, try func(i int) bool) {
	// The patterns of every label suffix of the hostname ("a.b.c",
	// "b.c" and "c"); a hostname has few labels.
	var buf [8][]int
	found := buf[:0]
	for rest := hostname; ; {
		if ids := l.bySuffix[rest]; len(ids) > 0 {
			found = append(found, ids)
		}
		dot := strings.IndexByte(rest, '.')
		if dot < 0 {
			break
		}
		rest = rest[dot+1:]
	}
	if len(found) == 0 {
		for _, i := range l.anyHost {
			if !try(i) {
				return
			}
		}
		return
	}
	// Merge the sorted index lists, with anyHost.
	found = append(found, l.anyHost)
	var posBuf [len(buf) + 1]int
	pos := posBuf[:]
	if len(found) > len(posBuf) {
		pos = make([]int, len(found))
	}
	for {
		best := -1
		for k, ids := range found {
			if pos[k] < len(ids) && (best < 0 || ids[pos[k]] < found[best][pos[best]]) {
				best = k
			}
		}
		if best < 0 {
			return
		}
		i := found[best][pos[best]]
		pos[best]++
		if !try(i) {
			return
		}
	}
}

// Test reports whether any pattern matches the URL input, which may be
// relative to one optional base URL (see [Pattern.Test]).
func (l *List) Test(input string, baseURL ...string) bool {
	values, ok := componentsOfString(input, baseURL)
	return ok && l.first(&values) >= 0
}

// TestURL reports whether any pattern matches a parsed URL.
func (l *List) TestURL(u *url.URL) bool {
	values := componentsOfURL(u)
	return l.first(&values) >= 0
}

// first returns the index of the first pattern that matches, or -1.
func (l *List) first(values *[numComponents]string) int {
	found := -1
	l.candidates(values[componentHostname], func(i int) bool {
		if l.patterns[i].matchComponents(values, false, nil) {
			found = i
			return false
		}
		return true
	})
	return found
}

// Exec returns the first pattern, in list order, that matches the URL
// input (which may be relative to one optional base URL), with its
// groups; ok is false when none does.
func (l *List) Exec(input string, baseURL ...string) (m Match, ok bool) {
	values, ok := componentsOfString(input, baseURL)
	if !ok {
		return Match{}, false
	}
	i := l.first(&values)
	if i < 0 {
		return Match{}, false
	}
	return l.match(i, &values, stringInputs(input, baseURL)), true
}

// ExecURL is [List.Exec] given a parsed URL.
func (l *List) ExecURL(u *url.URL) (m Match, ok bool) {
	values := componentsOfURL(u)
	i := l.first(&values)
	if i < 0 {
		return Match{}, false
	}
	return l.match(i, &values, []Input{{URL: u.Href()}}), true
}

// match returns the Match of pattern i, which matches values.
func (l *List) match(i int, values *[numComponents]string, inputs []Input) Match {
	return Match{Index: i, Pattern: l.patterns[i], Result: l.patterns[i].result(values, inputs)}
}

// ExecAll returns every pattern that matches the URL input (which may be
// relative to one optional base URL), in list order, with its groups.
func (l *List) ExecAll(input string, baseURL ...string) []Match {
	values, ok := componentsOfString(input, baseURL)
	if !ok {
		return nil
	}
	return l.execAll(&values, stringInputs(input, baseURL))
}

// ExecAllURL is [List.ExecAll] given a parsed URL.
func (l *List) ExecAllURL(u *url.URL) []Match {
	values := componentsOfURL(u)
	return l.execAll(&values, []Input{{URL: u.Href()}})
}

func (l *List) execAll(values *[numComponents]string, inputs []Input) []Match {
	var ms []Match
	l.candidates(values[componentHostname], func(i int) bool {
		if l.patterns[i].matchComponents(values, false, nil) {
			ms = append(ms, l.match(i, values, inputs))
		}
		return true
	})
	return ms
}

// stringInputs returns Result.Inputs of a string input.
func stringInputs(input string, baseURL []string) []Input {
	in := []Input{{URL: input}}
	if len(baseURL) == 1 {
		in = append(in, Input{URL: baseURL[0]})
	}
	return in
}
