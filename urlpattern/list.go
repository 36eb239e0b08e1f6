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
// Among many patterns of one hostname key (more than smallBucket), a
// protocol pattern of fixed text ("https", "http{s}?") is kept by each
// protocol it matches, and a pathname pattern that starts with fixed
// text ("/books/:id", "/docs/*") by that text up to its last "/"
// (within maxPathKey bytes and maxPathKeySlashes segments), which a
// URL's pathname must start with.
//
// Patterns are tried in the order given, which is the order of the
// answers. A List is immutable, and safe for concurrent use. The zero
// List holds no pattern.
type List struct {
	patterns    []*Pattern
	byHost      map[string]*listBucket // by hostname label suffix
	anyHost     *listBucket            // the patterns of no hostname key
	longestHost int                    // the longest hostname key
}

// listBucket holds the indexes, ascending, of the patterns of one
// hostname key: all of them in ids when they are few, else by protocol
// and pathname start in byKey.
type listBucket struct {
	ids     []int
	byKey   map[protocolPath][]int
	longest int // the longest path of byKey
}

// protocolPath is a key of listBucket.byKey: a protocol (or any) and a
// pathname start ("" for none).
type protocolPath struct {
	protocol    string
	anyProtocol bool
	path        string
}

// smallBucket is the number of patterns of one hostname key that are
// tried in turn, without the protocol and pathname index: a few tries
// cost less than the lookups.
const smallBucket = 16

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
	l := &List{patterns: slices.Clone(patterns), byHost: map[string]*listBucket{}}
	byHost := map[string][]int{}
	var anyHost []int
	for i, p := range l.patterns {
		if p == nil || !p.compiled {
			continue // matches nothing
		}
		if host, ok := hostnameKey(p); ok {
			byHost[host] = append(byHost[host], i)
			l.longestHost = max(l.longestHost, len(host))
		} else {
			anyHost = append(anyHost, i)
		}
	}
	for host, ids := range byHost {
		l.byHost[host] = l.bucket(ids)
	}
	if len(anyHost) > 0 {
		l.anyHost = l.bucket(anyHost)
	}
	return l
}

// bucket returns the bucket of the patterns ids, ascending.
func (l *List) bucket(ids []int) *listBucket {
	b := &listBucket{}
	if len(ids) <= smallBucket {
		b.ids = ids
		return b
	}
	b.byKey = map[protocolPath][]int{}
	for _, i := range ids {
		p := l.patterns[i]
		k := protocolPath{anyProtocol: true, path: pathKey(p.components[componentPathname].fixedHead)}
		b.longest = max(b.longest, len(k.path))
		protocols := p.components[componentProtocol].literals
		if protocols == nil {
			b.byKey[k] = append(b.byKey[k], i)
			continue
		}
		k.anyProtocol = false
		for j, proto := range protocols {
			if !slices.Contains(protocols[:j], proto) {
				k.protocol = proto
				b.byKey[k] = append(b.byKey[k], i)
			}
		}
	}
	return b
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
	if l == nil {
		return
	}
	// The index lists of every bucket the URL can reach: each label
	// suffix of the hostname ("a.b.c", "b.c" and "c"; a hostname has
	// few labels) and any hostname; in a large bucket, by the URL's
	// protocol and any protocol, and every "/"-ended start of the
	// pathname.
	var buf [32][]int
	found := buf[:0]
	protocol, pathname := values[componentProtocol], values[componentPathname]
	visit := func(b *listBucket) {
		if b == nil {
			return
		}
		if b.byKey == nil {
			found = append(found, b.ids)
			return
		}
		for _, k := range [2]protocolPath{{protocol: protocol}, {anyProtocol: true}} {
			if ids := b.byKey[k]; len(ids) > 0 {
				found = append(found, ids)
			}
			slashes := 0
			for i := 0; i < len(pathname) && i < b.longest && slashes < maxPathKeySlashes; i++ {
				if pathname[i] == '/' {
					slashes++
					k.path = pathname[:i+1]
					if ids := b.byKey[k]; len(ids) > 0 {
						found = append(found, ids)
					}
				}
			}
		}
	}
	if len(l.byHost) > 0 {
		for rest := values[componentHostname]; ; {
			if len(rest) <= l.longestHost {
				visit(l.byHost[rest])
			}
			dot := strings.IndexByte(rest, '.')
			if dot < 0 {
				break
			}
			rest = rest[dot+1:]
		}
	}
	visit(l.anyHost)
	// Merge the ascending index lists.
	if len(found) == 0 {
		return
	}
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
