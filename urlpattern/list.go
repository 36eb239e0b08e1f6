package urlpattern

// A list of patterns matched against one URL at a time: CORS and
// redirect allow-lists, routing tables, crawl scopes.

import (
	"slices"
	"strings"

	url "github.com/weburl/url"
)

// List matches a URL against many patterns at once. The URL is parsed
// once, and only the patterns that can match its hostname, its protocol
// and the start of its pathname are tried, so that a query costs about
// the same however many patterns the list holds that cannot match it.
//
// A hostname pattern that ends in fixed text ("example.com",
// "*.example.com", "{*.}?example.com") only matches hostnames that end
// with that text; the text, or what follows its first ".", is then a
// label suffix of every hostname the pattern matches (the whole
// hostname, or what follows one of its "."), so the list keeps such
// patterns by it and looks up the label suffixes of a URL's hostname.
// A protocol pattern of fixed text ("https", "http{s}?") is kept by each
// protocol it matches. A pathname pattern that starts with fixed text
// ("/books/:id", "/docs/*") is kept by that text up to its last "/"
// (within maxPathKey bytes and maxPathKeySlashes segments), which a
// URL's pathname must start with.
//
// Patterns are tried in the order given, which is the order of the
// answers. A List is immutable, and safe for concurrent use. The zero
// List holds no pattern.
type List struct {
	patterns    []*Pattern
	buckets     map[listKey]*listBucket
	longestHost int // the longest hostname key
}

// listKey names the patterns of one hostname label suffix (or any
// hostname) and one protocol (or any protocol).
type listKey struct {
	host, protocol       string
	anyHost, anyProtocol bool
}

// listBucket holds the indexes, ascending, of the patterns of one
// listKey, by the start of their pathnames: byPath[""] holds the
// patterns whose pathnames start with no "/"-ended fixed text.
type listBucket struct {
	byPath  map[string][]int
	longest int // the longest key of byPath
}

// The pathname keys are at most maxPathKey bytes and maxPathKeySlashes
// "/" long, so that a query looks up a bounded number of short keys.
const (
	maxPathKey        = 256
	maxPathKeySlashes = 8
)

// Match is one pattern of a [List] that matched: its index in the list,
// and the groups.
type Match struct {
	Index   int
	Pattern *Pattern
	Result  *Result
}

// NewList returns a list of the patterns, in that order. The list keeps
// its own copy of the slice. A nil pattern matches nothing.
func NewList(patterns ...*Pattern) *List {
	l := &List{patterns: slices.Clone(patterns), buckets: map[listKey]*listBucket{}}
	for i, p := range l.patterns {
		if p == nil || !p.compiled {
			continue // matches nothing
		}
		k := listKey{anyHost: true, anyProtocol: true}
		if host, ok := hostnameKey(p); ok {
			k.host, k.anyHost = host, false
			l.longestHost = max(l.longestHost, len(host))
		}
		path := pathKey(p.components[componentPathname].fixedHead)
		protocols := p.components[componentProtocol].literals
		if protocols == nil {
			l.add(k, path, i)
			continue
		}
		k.anyProtocol = false
		for j, proto := range protocols {
			if !slices.Contains(protocols[:j], proto) {
				k.protocol = proto
				l.add(k, path, i)
			}
		}
	}
	return l
}

// add adds pattern i to the bucket of k under the pathname key path.
func (l *List) add(k listKey, path string, i int) {
	b := l.buckets[k]
	if b == nil {
		b = &listBucket{byPath: map[string][]int{}}
		l.buckets[k] = b
	}
	b.byPath[path] = append(b.byPath[path], i)
	b.longest = max(b.longest, len(path))
}

// pathKey returns the pathname key of a pathname pattern's fixed head:
// the head up to its last "/" within the bounds, or "".
func pathKey(head string) string {
	head = head[:min(len(head), maxPathKey)]
	slashes := 0
	end := 0
	for i := 0; i < len(head) && slashes < maxPathKeySlashes; i++ {
		if head[i] == '/' {
			slashes++
			end = i + 1
		}
	}
	return head[:end]
}

// hostnameKey returns a label suffix that every hostname the pattern
// matches has (the whole hostname, or what follows one of its "."): the
// fixed text that ends the hostname pattern when it starts a label, else
// what follows the text's first ".".
func hostnameKey(p *Pattern) (string, bool) {
	cc := &p.components[componentHostname]
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
func (l *List) Len() int {
	if l == nil {
		return 0
	}
	return len(l.patterns)
}

// Pattern returns the i-th pattern of the list.
func (l *List) Pattern(i int) *Pattern { return l.patterns[i] }

// candidates calls try with the index of each pattern that may match a
// URL of these components, in list order, until try returns false.
func (l *List) candidates(values *[numComponents]string, try func(i int) bool) {
	if l == nil || len(l.buckets) == 0 {
		return
	}
	// The index lists of every bucket the URL can reach: each label
	// suffix of the hostname ("a.b.c", "b.c" and "c"; a hostname has
	// few labels) and any hostname, by the URL's protocol and any
	// protocol; in each, every "/"-ended start of the pathname.
	var buf [32][]int
	found := buf[:0]
	hostname, protocol, pathname := values[componentHostname], values[componentProtocol], values[componentPathname]
	visit := func(k listKey) {
		b := l.buckets[k]
		if b == nil {
			return
		}
		if ids := b.byPath[""]; len(ids) > 0 {
			found = append(found, ids)
		}
		slashes := 0
		for i := 0; i < len(pathname) && i < b.longest && slashes < maxPathKeySlashes; i++ {
			if pathname[i] == '/' {
				slashes++
				if ids := b.byPath[pathname[:i+1]]; len(ids) > 0 {
					found = append(found, ids)
				}
			}
		}
	}
	byProtocol := func(k listKey) {
		k.anyProtocol, k.protocol = false, protocol
		visit(k)
		k.anyProtocol, k.protocol = true, ""
		visit(k)
	}
	for rest := hostname; ; {
		if len(rest) <= l.longestHost {
			byProtocol(listKey{host: rest})
		}
		dot := strings.IndexByte(rest, '.')
		if dot < 0 {
			break
		}
		rest = rest[dot+1:]
	}
	byProtocol(listKey{anyHost: true})
	// Merge the ascending index lists.
	if len(found) == 1 {
		for _, i := range found[0] {
			if !try(i) {
				return
			}
		}
		return
	}
	var posBuf [len(buf)]int
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
	if u == nil {
		return false
	}
	values := componentsOfURL(u)
	return l.first(&values) >= 0
}

// first returns the index of the first pattern that matches, or -1.
func (l *List) first(values *[numComponents]string) int {
	found := -1
	l.candidates(values, func(i int) bool {
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
	if u == nil {
		return Match{}, false
	}
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
	if u == nil {
		return nil
	}
	values := componentsOfURL(u)
	return l.execAll(&values, []Input{{URL: u.Href()}})
}

func (l *List) execAll(values *[numComponents]string, inputs []Input) []Match {
	var ms []Match
	l.candidates(values, func(i int) bool {
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
