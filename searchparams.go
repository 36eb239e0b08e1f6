package url

// The URLSearchParams class (URL Standard, section 6.2).
// https://url.spec.whatwg.org/#interface-urlsearchparams

import (
	"iter"
	"slices"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// SearchParams is a URLSearchParams: an ordered list of name-value pairs
// with the application/x-www-form-urlencoded syntax. Names may repeat and
// order is kept. A SearchParams obtained from a URL is tied to it: every
// change updates the URL's query, as in browsers (see [URL.SearchParams]
// for what that costs, and [URL] for what may run concurrently).
// https://url.spec.whatwg.org/#interface-urlsearchparams
//
// The zero value is an empty list not tied to a URL. The reading methods
// accept a nil *SearchParams as an empty list. A SearchParams not tied to
// a URL may be read from many goroutines at once; a change must not run
// concurrently with anything else on it.
type SearchParams struct {
	// The list is small[:n] while spans is nil: a short list lives in
	// the object itself, so that a SearchParams on its creator's stack
	// (NewSearchParams inlines) costs no allocation for its list. No
	// field points into the object (that would make every SearchParams
	// escape to the heap).
	small [smallPairs]Param
	n     int

	// A longer list is spans, each a pair whose name is
	// arena[off:mid] and value arena[mid:end]: memory without pointers,
	// which the garbage collector neither scans nor guards with write
	// barriers (as a []Param, a long list cost more per pair the longer
	// it was, in the collector's marking of its pointers and in the
	// barriers of its copies as it grew). The arena is only
	// appended to: the strings the readers return point into it and
	// stay as they are. garbage is how many of its bytes no span
	// covers any more (Delete, Set), which compact gives back.
	spans   []span
	arena   []byte
	garbage int

	// raw, for the pairs in small, says which names and values are
	// still as in the query NewSearchParams parsed, not decoded: bit
	// 2i for small[i].Name, bit 2i+1 for small[i].Value. Reading one
	// decodes it; the changes but Append and Sort decode them all
	// first (decodeRaw), so that counts only ever sees decoded names.
	// Zero while spans is not nil. Decoding late is what lets a parsed
	// query cost no allocation: the decoded names and values would
	// need memory of their own, and a buffer in the object would be a
	// pointer into it.
	raw uint64

	url *URL // the URL object whose query this list mirrors, or nil

	// counts, when not nil, is the number of pairs of each name in list
	// (a name with none has no entry). Set and Delete make it once the
	// list is long (countsMinLen), and every change then keeps it, so
	// that Set and Delete of a name the list does not hold take constant
	// time, not a scan of the list; Get, GetAll and Has use it too.
	counts map[string]int

	// view is url as its getters show it after the latest change to the
	// list: url with the query the update steps make of the list. The
	// first reader after a change builds it, under mu, and the next
	// change or setter folds it into url (see URL.current).
	view atomic.Pointer[URL]
	mu   sync.Mutex
}

// NewSearchParams returns the list parsed from query with the
// application/x-www-form-urlencoded parser (see [ParseForm]), after
// removing one leading '?': the URLSearchParams(init) constructor with a
// string. https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
//
// A list of up to 24 pairs is kept in the object itself, and its names
// and values are decoded when they are read: a caller that does not keep
// the object (it stays on the caller's stack) pays no allocation to
// parse, change and serialize such a list but for the result of String,
// and one that reads a name or value which decoding changes, with Get,
// GetAll or the iterators, pays one allocation for each such read.
func NewSearchParams(query string) *SearchParams {
	// Small enough to inline, so that a caller that does not keep the
	// object can have it on its stack.
	sp := new(SearchParams)
	sp.parse(query, true)
	return sp
}

// span is a pair of a long list: see [SearchParams.spans].
type span struct{ off, mid, end int }

// smallPairs is the number of pairs a SearchParams holds in itself
// (small); a longer list moves to the arena (spans). Queries of up to
// 20 pairs, appended to, fit.
const smallPairs = 24

// parse makes the list of the empty sp that of query, without one
// leading '?' if init (the constructor's string; a URL's query may
// start with '?'). A list of up to smallPairs pairs goes to small, not
// decoded (raw); a longer one is decoded into the arena, with room for
// one more pair (a new list is often appended to).
func (sp *SearchParams) parse(query string, init bool) {
	if init && len(query) > 0 && query[0] == '?' {
		query = query[1:]
	}
	if n := formPairs(query); n > smallPairs {
		// Decoding makes no valid UTF-8 longer: the arena holds the
		// query decoded, and the decoded bytes are its own.
		sp.spans = make([]span, 0, n+1)
		sp.arena = make([]byte, 0, len(query))
		sc := formScanner{input: query}
		for {
			name, value, change, ok := sc.next()
			if !ok {
				return
			}
			sp.push(Param{name, value}, change)
		}
	}
	sc := formScanner{input: query}
	for i := 0; ; i++ {
		name, value, change, ok := sc.next()
		if !ok {
			sp.n = i
			return
		}
		sp.small[i] = Param{name, value}
		sp.raw |= uint64(change) << (2 * i)
	}
}

// appendComponent appends s to dst, decoded if raw.
func appendComponent(dst []byte, s string, raw bool) []byte {
	if raw {
		return appendDecodedComponent(dst, s)
	}
	return append(dst, s...)
}

// at returns the i-th pair, as it is stored (see raw).
func (sp *SearchParams) at(i int) Param {
	if sp.spans == nil {
		return sp.small[i]
	}
	s := sp.spans[i]
	return Param{sp.str(s.off, s.mid), sp.str(s.mid, s.end)}
}

// str returns arena[i:j] as a string, which shares its memory: the
// bytes of the arena below its length are never written again.
func (sp *SearchParams) str(i, j int) string {
	if i == j {
		return ""
	}
	return unsafe.String(&sp.arena[i], j-i)
}

// truncate shortens the list in small to its first k pairs, after a
// change compacted it in place.
func (sp *SearchParams) truncate(k int) {
	clear(sp.small[k:sp.n])
	sp.n = k
}

// appendPair adds p at the end of the list: in small while it has room,
// or else in the arena, where the list then moves.
func (sp *SearchParams) appendPair(p Param) {
	if sp.spans == nil {
		if sp.n < smallPairs {
			sp.small[sp.n] = p
			sp.n++
			return
		}
		// The raw names and values are decoded into the arena.
		size := rawFormLen(sp.small[:sp.n]) + len(p.Name) + len(p.Value)
		sp.spans = make([]span, 0, 2*smallPairs)
		sp.arena = make([]byte, 0, 2*size)
		for i, q := range sp.small[:sp.n] {
			sp.push(q, uint8(sp.raw>>(2*i)&3))
		}
		clear(sp.small[:sp.n])
		sp.n, sp.raw = 0, 0
	}
	sp.push(p, 0)
}

// push appends p to the arena, its name decoded if raw&nameChanges and
// its value if raw&valueChanges, and its span to spans, each growing by
// doubling.
func (sp *SearchParams) push(p Param, raw uint8) {
	if len(sp.spans) == cap(sp.spans) {
		sp.spans = slices.Grow(sp.spans, len(sp.spans)+1)
	}
	if n := len(p.Name) + len(p.Value); len(sp.arena)+n > cap(sp.arena) {
		sp.arena = slices.Grow(sp.arena, len(sp.arena)+n)
	}
	s := span{off: len(sp.arena)}
	if raw == 0 {
		sp.arena = append(sp.arena, p.Name...)
		s.mid = len(sp.arena)
		sp.arena = append(sp.arena, p.Value...)
	} else {
		sp.arena = appendComponent(sp.arena, p.Name, raw&nameChanges != 0)
		s.mid = len(sp.arena)
		sp.arena = appendComponent(sp.arena, p.Value, raw&valueChanges != 0)
	}
	s.end = len(sp.arena)
	sp.spans = append(sp.spans, s)
}

// compact gives the arena's garbage back once it is more than half of
// the arena: a new arena, of the list's bytes only, so that the strings
// handed out from the old one stay as they are. Each byte is copied at
// most once per byte that became garbage: linear time.
func (sp *SearchParams) compact() {
	if sp.garbage <= len(sp.arena)/2 {
		return
	}
	arena := make([]byte, 0, 2*(len(sp.arena)-sp.garbage))
	for i, s := range sp.spans {
		off := len(arena)
		arena = append(arena, sp.arena[s.off:s.end]...)
		sp.spans[i] = span{off, off + s.mid - s.off, len(arena)}
	}
	sp.arena, sp.garbage = arena, 0
}

// decodeRaw decodes the names and values of small that are still raw,
// into one buffer for all of them.
func (sp *SearchParams) decodeRaw() {
	if sp.raw == 0 {
		return
	}
	size := 0
	for i := range sp.n {
		if sp.raw>>(2*i)&1 != 0 {
			size += len(sp.small[i].Name)
		}
		if sp.raw>>(2*i+1)&1 != 0 {
			size += len(sp.small[i].Value)
		}
	}
	decoded := formDecoder{buf: make([]byte, 0, size)}
	for i := range sp.n {
		p := &sp.small[i]
		if sp.raw>>(2*i)&1 != 0 {
			p.Name = decoded.component(p.Name, "")
		}
		if sp.raw>>(2*i+1)&1 != 0 {
			p.Value = decoded.component(p.Value, "")
		}
	}
	sp.raw = 0
}

// isRaw reports whether component c (0 for the name, 1 for the value)
// of pair i is not decoded yet.
func (sp *SearchParams) isRaw(i, c int) bool {
	return sp.raw>>(2*i+c)&1 != 0
}

// name returns the name of pair p, the list's i-th, decoded.
func (sp *SearchParams) name(i int, p Param) string {
	if sp.isRaw(i, 0) {
		return decodeFormComponent(p.Name)
	}
	return p.Name
}

// value returns the value of pair p, the list's i-th, decoded.
func (sp *SearchParams) value(i int, p Param) string {
	if sp.isRaw(i, 1) {
		return decodeFormComponent(p.Value)
	}
	return p.Value
}

// is reports whether component c (0 for the name, 1 for the value) of
// pair i, s as it is stored, is want once decoded.
func (sp *SearchParams) is(i, c int, s, want string) bool {
	if !sp.isRaw(i, c) {
		return s == want
	}
	var buf [128]byte
	d := buf[:0]
	if len(s) > len(buf) {
		d = nil
	}
	d = appendDecodedComponent(d, s)
	return string(d) == want
}

// reset replaces the list with the one parsed from query (already without
// '?'). The URL calls it when its query changes
// through href or search; it does not run the update steps.
func (sp *SearchParams) reset(query string) {
	clear(sp.small[:sp.n]) // let the old strings go
	sp.n, sp.raw = 0, 0
	sp.spans, sp.arena, sp.garbage = nil, nil, 0
	sp.counts = nil
	sp.parse(query, false)
}

// update runs the update steps: the URL object's query becomes the
// serialization, or null when that is empty. It does so lazily, in O(1):
// it marks the URL's href out of date (URL.pending), and the URL's next
// reader builds the new href once (URL.current), however many changes
// came before. A zero URL is not a URL: its query stays as it is (null),
// and only the list changes.
// https://url.spec.whatwg.org/#concept-urlsearchparams-update
func (sp *SearchParams) update() {
	u := sp.url
	if u == nil || u.href == "" {
		return
	}
	// A SearchParams whose url is u is the one u made and holds (the
	// only one URL.SearchParams hands out). The work is done on that
	// pointer, read from u, rather than on sp: through sp (its atomic
	// view, u.pending = sp), every SearchParams would escape to the
	// heap, a standalone one included.
	if own := u.setterSearchParams(); own == sp {
		own.markPending()
	}
}

// markPending is update's work on sp, whose url is a URL.
func (sp *SearchParams) markPending() {
	u := sp.url
	if v := sp.view.Load(); v != nil {
		// A reader built the URL after the previous change: keep it,
		// so that u holds no older href than it must.
		u.href, u.components = v.href, v.components
		sp.view.Store(nil)
	}
	u.pending = sp
	u.assertInvariants("a SearchParams change")
}

// current returns u as its getters show it: u itself, unless u's
// SearchParams changed since u's query was last written (update sets
// u.pending); then the URL the update steps make of u, which the first reader
// after the change builds and the next readers share. The parts before
// the query (scheme, credentials, host, port, path) are the same in both,
// so the getters of those parts read u directly, and a reader never
// writes to u: only to the SearchParams' view, under its mutex.
func (u *URL) current() *URL {
	if u.pending == nil {
		return u
	}
	return u.updatedView()
}

// updatedView returns the view of u, whose pending is not nil, building
// it if need be.
func (u *URL) updatedView() *URL {
	sp := u.pending
	if sp.url != u {
		// u was copied by assignment from a URL whose SearchParams
		// changed: the view is the original's to keep.
		return sp.updated(u)
	}
	if v := sp.view.Load(); v != nil {
		return v
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	v := sp.view.Load()
	if v == nil {
		v = sp.updated(u)
		sp.view.Store(v)
	}
	return v
}

// settle makes u's own fields hold what its getters show. Setters call
// it first, as they read and rewrite the whole href.
func (u *URL) settle() {
	sp := u.pending
	if sp == nil {
		return
	}
	v := u.updatedView()
	u.href, u.components = v.href, v.components
	u.pending = nil
	if sp.url == u {
		sp.view.Store(nil)
	}
}

// updated returns u with the query the update steps make of sp's list:
// u's href up to the end of its path, "?" and the serialized list unless
// that is empty, and u's fragment. It takes time linear in the href. An
// href longer than a URL can hold (4 GiB) is not made: u is returned as
// it is.
func (sp *SearchParams) updated(u *URL) *URL {
	end := u.pathEnd()
	var fragment string
	if u.fragmentStart != 0 {
		fragment = u.href[u.fragmentStart:]
	}
	size := int(end) + len(fragment) + 1 + sp.rawLen()
	b := append(make([]byte, 0, size+size/4), u.href[:end]...)
	v := &URL{record: record{components: u.components}}
	v.queryStart, v.fragmentStart = 0, 0
	if sp.Len() > 0 { // every pair serializes to at least "="
		v.queryStart = end
		b = append(b, '?')
		b = sp.appendSerialized(b)
	}
	if u.fragmentStart != 0 {
		v.fragmentStart = uint32(len(b))
		b = append(b, fragment...)
	}
	if uint64(len(b)) > hrefLimit {
		// Past what 32-bit offsets can hold: the update steps cannot
		// fail, so the URL keeps the query it had (see ErrTooLong).
		return &URL{record: u.record}
	}
	// b is never written again: the href can be its bytes.
	v.href = unsafe.String(unsafe.SliceData(b), len(b))
	return v
}

// Len returns the number of pairs: the size getter.
// https://url.spec.whatwg.org/#dom-urlsearchparams-size
func (sp *SearchParams) Len() int {
	if sp == nil {
		return 0
	}
	if sp.spans != nil {
		return len(sp.spans)
	}
	return sp.n
}

// rawLen is rawFormLen of the list.
func (sp *SearchParams) rawLen() int {
	if sp.spans != nil {
		return len(sp.arena) - sp.garbage + 2*len(sp.spans)
	}
	return rawFormLen(sp.small[:sp.n])
}

// countsMinLen is the length of list from which Set and Delete keep
// counts: below it, a scan of the list costs less than the map.
const countsMinLen = 32

// count makes counts if the list is long enough, and returns the number
// of pairs named name, or -1 when there are no counts.
func (sp *SearchParams) count(name string) int {
	if sp.counts == nil {
		if sp.Len() < countsMinLen {
			return -1
		}
		sp.counts = make(map[string]int, sp.Len())
		for i := range sp.Len() {
			sp.counts[sp.at(i).Name]++ // decoded: see raw
		}
	}
	return sp.counts[name]
}

// lacks reports whether the counts say that no pair is named name; false
// when there are no counts. It does not write, so readers may call it.
func (sp *SearchParams) lacks(name string) bool {
	if sp.counts == nil {
		return false
	}
	_, ok := sp.counts[name]
	return !ok
}

// removed records that n pairs named name left the list.
func (sp *SearchParams) removed(name string, n int) {
	if sp.counts == nil || n == 0 {
		return
	}
	if c := sp.counts[name] - n; c > 0 {
		sp.counts[name] = c
	} else {
		delete(sp.counts, name)
	}
}

// Append adds the pair name=value at the end of the list.
// https://url.spec.whatwg.org/#dom-urlsearchparams-append
func (sp *SearchParams) Append(name, value string) {
	sp.appendPair(Param{name, value})
	if sp.counts != nil {
		sp.counts[name]++
	}
	sp.update()
}

// Delete removes every pair named name; with a value, only the pairs
// named name whose value is value[0] (later arguments are ignored).
// https://url.spec.whatwg.org/#dom-urlsearchparams-delete
func (sp *SearchParams) Delete(name string, value ...string) {
	sp.decodeRaw()
	if sp.count(name) != 0 {
		n := sp.Len()
		match := func(p Param) bool { return p.Name == name && (len(value) == 0 || p.Value == value[0]) }
		if sp.spans != nil {
			sp.spans = slices.DeleteFunc(sp.spans, func(s span) bool {
				if match(Param{sp.str(s.off, s.mid), sp.str(s.mid, s.end)}) {
					sp.garbage += s.end - s.off
					return true
				}
				return false
			})
			sp.compact()
		} else {
			sp.truncate(len(slices.DeleteFunc(sp.small[:sp.n], match)))
		}
		sp.removed(name, n-sp.Len())
	}
	sp.update() // even with the list unchanged: the query becomes its serialization
}

// Get returns the value of the first pair named name, or "" when there is
// none (use [SearchParams.Has] to tell an absent name from an empty value).
// https://url.spec.whatwg.org/#dom-urlsearchparams-get
func (sp *SearchParams) Get(name string) string {
	if sp == nil || sp.lacks(name) {
		return ""
	}
	for i := range sp.Len() {
		if p := sp.at(i); sp.is(i, 0, p.Name, name) {
			return sp.value(i, p)
		}
	}
	return ""
}

// GetAll returns the values of the pairs named name, in list order, or
// nil when there are none.
// https://url.spec.whatwg.org/#dom-urlsearchparams-getall
func (sp *SearchParams) GetAll(name string) []string {
	if sp == nil || sp.lacks(name) {
		return nil
	}
	var values []string
	for i := range sp.Len() {
		if p := sp.at(i); sp.is(i, 0, p.Name, name) {
			values = append(values, sp.value(i, p))
		}
	}
	return values
}

// Has reports whether a pair is named name; with a value, whether a pair
// is named name and has value value[0] (later arguments are ignored).
// https://url.spec.whatwg.org/#dom-urlsearchparams-has
func (sp *SearchParams) Has(name string, value ...string) bool {
	if sp == nil || sp.lacks(name) {
		return false
	}
	for i := range sp.Len() {
		if p := sp.at(i); sp.is(i, 0, p.Name, name) && (len(value) == 0 || sp.is(i, 1, p.Value, value[0])) {
			return true
		}
	}
	return false
}

// Set gives the first pair named name the value value and removes the
// other pairs named name; the pair keeps its position. Without such a
// pair, it appends name=value.
// https://url.spec.whatwg.org/#dom-urlsearchparams-set
func (sp *SearchParams) Set(name, value string) {
	sp.decodeRaw()
	c := sp.count(name)
	i := -1
	if c != 0 {
		for k := range sp.Len() {
			if sp.at(k).Name == name {
				i = k
				break
			}
		}
	}
	switch {
	case i < 0:
		sp.appendPair(Param{name, value})
		if c == 0 {
			sp.counts[name] = 1
		}
	case sp.spans != nil:
		// The pair is written anew at the arena's end, where its
		// value can change.
		n := sp.Len()
		old := sp.spans[i]
		sp.garbage += old.end - old.off
		sp.push(Param{name, value}, 0)
		sp.spans[i] = sp.spans[len(sp.spans)-1]
		sp.spans = sp.spans[:len(sp.spans)-1]
		if c != 1 {
			rest := slices.DeleteFunc(sp.spans[i+1:], func(s span) bool {
				if sp.str(s.off, s.mid) == name {
					sp.garbage += s.end - s.off
					return true
				}
				return false
			})
			sp.spans = sp.spans[:i+1+len(rest)]
		}
		sp.removed(name, n-sp.Len())
		sp.compact()
	case c == 1:
		sp.small[i].Value = value // no other pair to remove
	default:
		list := sp.small[:sp.n]
		list[i].Value = value
		rest := slices.DeleteFunc(list[i+1:], func(p Param) bool { return p.Name == name })
		sp.removed(name, len(list)-(i+1+len(rest)))
		sp.truncate(i + 1 + len(rest))
	}
	sp.update()
}

// Sort sorts the pairs by name, keeping the relative order of pairs with
// the same name. Names are compared by UTF-16 code units, as JavaScript
// compares strings, not by bytes or code points: a name starting with a
// character outside the Basic Multilingual Plane (U+10000 and above,
// which is a surrogate pair in UTF-16) sorts before one starting with
// U+E000 to U+FFFF. https://url.spec.whatwg.org/#dom-urlsearchparams-sort
func (sp *SearchParams) Sort() {
	if sp.spans != nil {
		sortSpans(sp.spans, sp.arena)
	} else {
		sp.raw = sortParams(sp.small[:sp.n], sp.raw)
	}
	sp.update()
}

// smallSortMax is the longest list sortParams sorts by insertion, on an
// array of positions; a longer one goes to [slices.SortStableFunc].
const smallSortMax = 32

// sortParams is the sort step of URLSearchParams's sort(): "Sort all
// tuples in this's list, if any, by their names. Sorting must be done by
// comparison of code units. The relative order between tuples with equal
// names must be preserved." A list that is already sorted costs n-1
// comparisons and no write. A short one is sorted by insertion (stable)
// on an array of positions on the stack, so that the pairs themselves,
// which hold pointers, are moved once each (each move of a pair in the
// heap costs a write barrier while the garbage collector runs), not once
// per step of the insertion. raw says which names and values of list
// are not decoded yet, as [SearchParams.raw] does; sortParams returns
// it for the sorted list.
func sortParams(list []Param, raw uint64) uint64 {
	n := len(list)
	i := 1
	for i < n && compareRawNames(list[i-1].Name, raw>>(2*i-2)&1 != 0, list[i].Name, raw>>(2*i)&1 != 0) <= 0 {
		i++
	}
	if i >= n {
		return raw
	}
	if n > smallSortMax { // raw is 0: only small holds raw names
		slices.SortStableFunc(list, func(a, b Param) int { return compareUTF16(a.Name, b.Name) })
		return raw
	}
	// pos[k] is the position in list of the pair that goes to k; the
	// first i are in order already.
	var pos [smallSortMax]uint8
	for k := range n {
		pos[k] = uint8(k)
	}
	for ; i < n; i++ {
		name, r := list[i].Name, raw>>(2*i)&1 != 0
		j := i
		for j > 0 && compareRawNames(list[pos[j-1]].Name, raw>>(2*pos[j-1])&1 != 0, name, r) > 0 {
			pos[j] = pos[j-1]
			j--
		}
		pos[j] = uint8(i)
	}
	sorted := uint64(0)
	if raw != 0 {
		for k := range n {
			sorted |= raw >> (2 * pos[k]) & 3 << (2 * k)
		}
	}
	permuteParams(list, &pos)
	return sorted
}

// compareRawNames is compareNames for names that may be raw (ra, rb):
// not decoded yet, as SearchParams keeps names it parsed and has not
// read (see [SearchParams.raw]). A raw name compares as its decoding.
func compareRawNames(a string, ra bool, b string, rb bool) int {
	if !ra && !rb {
		return compareNames(a, b)
	}
	// A raw name's first byte is its decoding's when it is ASCII and
	// neither '%' nor '+'.
	x, y := firstByte(a), firstByte(b)
	if x != y && x|y < utf8.RuneSelf && !(ra && (x == '%' || x == '+')) && !(rb && (y == '%' || y == '+')) {
		return int(x) - int(y)
	}
	return compareRunesUTF16(&formReader{s: a, plain: !ra}, &formReader{s: b, plain: !rb})
}

// sortSpans is sortParams for a list in an arena (SearchParams.spans):
// slices.SortStableFunc on the spans, which move without write barriers.
func sortSpans(spans []span, arena []byte) {
	name := func(s span) string {
		if s.off == s.mid {
			return ""
		}
		return unsafe.String(&arena[s.off], s.mid-s.off)
	}
	i := 1
	for i < len(spans) && compareNames(name(spans[i-1]), name(spans[i])) <= 0 {
		i++
	}
	if i < len(spans) {
		slices.SortStableFunc(spans, func(a, b span) int { return compareUTF16(name(a), name(b)) })
	}
}

// compareNames is compareUTF16 for sortParams: names whose first bytes
// are ASCII and differ compare by them, without compareUTF16's loops.
// The empty name's first byte counts as 0, below every ASCII byte but
// 0 itself, and equal first bytes go to compareUTF16.
func compareNames(a, b string) int {
	x, y := firstByte(a), firstByte(b)
	if x != y && x|y < utf8.RuneSelf {
		return int(x) - int(y)
	}
	return compareUTF16(a, b)
}

// firstByte is s[0], or 0 for "".
func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// permuteParams moves the pair at list[pos[k]] to list[k], for each k,
// following the cycles of the permutation: each pair that moves is
// written once. It leaves pos as the identity.
func permuteParams(list []Param, pos *[smallSortMax]uint8) {
	for k := range list {
		if int(pos[k]) == k {
			continue
		}
		first := list[k]
		j := k
		for {
			src := int(pos[j])
			pos[j] = uint8(j)
			if src == k {
				list[j] = first
				break
			}
			list[j] = list[src]
			j = src
		}
	}
}

// compareUTF16 compares a and b as sequences of UTF-16 code units. Bytes
// that are not valid UTF-8 compare as U+FFFD, each.
func compareUTF16(a, b string) int {
	// UTF-8 byte order is code point order, which is UTF-16 order
	// except between U+E000..U+FFFF and supplementary code points. Skip
	// the common prefix, then compare the code points from where they
	// differ.
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if c, ok := compareAtASCII(a, b, i); ok {
		return c
	}
	// Back up to the start of the code point that holds byte i (the
	// bytes before i are the same in a and b).
	for k := 1; k <= utf8.UTFMax-1 && k <= i; k++ {
		if c := a[i-k]; utf8.RuneStart(c) {
			if c >= utf8.RuneSelf {
				i -= k
			}
			break
		}
	}
	return compareRunesUTF16(&formReader{s: a[i:], plain: true}, &formReader{s: b[i:], plain: true})
}

// compareAtASCII compares a and b, whose first i bytes are the same,
// when that takes no decoding (ok): they are equal, or where they first
// differ each has an ASCII byte or its end (not both). The common prefix
// then decodes to the same code units in both (an invalid sequence at
// its end stops at the ASCII byte or the end alike), and an ASCII byte
// is one code unit of its own value, below every other code unit; the
// end is below everything. Names are ASCII as a rule.
func compareAtASCII(a, b string, i int) (int, bool) {
	switch {
	case i == len(a) && i == len(b):
		return 0, true
	case i == len(a):
		return -1, b[i] < utf8.RuneSelf
	case i == len(b):
		return 1, a[i] < utf8.RuneSelf
	case a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf:
		if a[i] < b[i] {
			return -1, true
		}
		return 1, true
	}
	return 0, false
}

// compareRunesUTF16 is the one comparison by UTF-16 code units, that
// of URLSearchParams's sort, which [SearchParams.Sort] and the
// canonicalizers' sort of query parameters share: it compares what a and
// b read, code point by code point, where a code point of U+10000 and
// above counts as its surrogate pair.
// https://url.spec.whatwg.org/#dom-urlsearchparams-sort
func compareRunesUTF16(a, b *formReader) int {
	for {
		ca, oka := a.nextRune()
		cb, okb := b.nextRune()
		switch {
		case !oka && !okb:
			return 0
		case !oka:
			return -1
		case !okb:
			return 1
		case ca == cb:
			continue
		}
		ua, ub := firstUTF16Unit(ca), firstUTF16Unit(cb)
		if ua == ub { // same lead surrogate: trail order is code point order
			ua, ub = ca, cb
		}
		if ua < ub {
			return -1
		}
		return 1
	}
}

// firstUTF16Unit returns the first UTF-16 code unit of r: r itself, or
// its lead surrogate.
func firstUTF16Unit(r rune) rune {
	if r >= 0x10000 {
		return 0xD800 + (r-0x10000)>>10
	}
	return r
}

// String returns the application/x-www-form-urlencoded serialization of
// the list (see [SerializeForm]): the stringifier.
// https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior
func (sp *SearchParams) String() string {
	if sp.Len() == 0 {
		return ""
	}
	if sp.spans == nil && sp.raw == 0 {
		return SerializeForm(sp.small[:sp.n])
	}
	if sp.spans == nil && sp.rawLen() <= serializeStackSize {
		// As serializeFormSmall: the serialization of a raw name or
		// value is hardly ever longer than it.
		var buf [serializeStackSize]byte
		return string(sp.appendSerialized(buf[:0]))
	}
	b := sp.appendSerialized(make([]byte, 0, sp.serializedLen()))
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not used again
}

// appendSerialized appends the application/x-www-form-urlencoded
// serialization of the list to dst.
func (sp *SearchParams) appendSerialized(dst []byte) []byte {
	if sp.spans != nil {
		for i, s := range sp.spans {
			if i > 0 {
				dst = append(dst, '&')
			}
			dst = appendFormEncoded(dst, sp.str(s.off, s.mid))
			dst = append(dst, '=')
			dst = appendFormEncoded(dst, sp.str(s.mid, s.end))
		}
		return dst
	}
	for i := range sp.n {
		p := sp.small[i]
		if i > 0 {
			dst = append(dst, '&')
		}
		if sp.raw>>(2*i)&3 == 0 {
			dst = appendFormEncoded(dst, p.Name)
			dst = append(dst, '=')
			dst = appendFormEncoded(dst, p.Value)
			continue
		}
		dst = appendFormComponent(dst, p.Name, sp.isRaw(i, 0))
		dst = append(dst, '=')
		dst = appendFormComponent(dst, p.Value, sp.isRaw(i, 1))
	}
	return dst
}

// serializedLen is the length of the list's serialization.
func (sp *SearchParams) serializedLen() int {
	n := 2*sp.Len() - 1 // the "=" of each pair and the "&" between them
	var buf [256]byte
	for i := range sp.Len() {
		p := sp.at(i)
		for c, s := range [2]string{p.Name, p.Value} {
			if !sp.isRaw(i, c) {
				n += formEncodedLen(s)
				continue
			}
			d := buf[:0]
			if len(s) > len(buf) {
				d = nil
			}
			d = appendDecodedComponent(d, s)
			n += formEncodedLen(unsafe.String(unsafe.SliceData(d), len(d)))
		}
	}
	return n
}

// All returns an iterator over the pairs, as name and value. Like the
// iterator of URLSearchParams in JavaScript it walks the live list by
// position, reading the length again at each step: deleting the current
// pair while iterating skips the pair after it, and appended pairs are
// visited. https://webidl.spec.whatwg.org/#dfn-iterator-prototype-object
func (sp *SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := 0; i < sp.Len(); i++ {
			p := sp.at(i)
			if !yield(sp.name(i, p), sp.value(i, p)) {
				return
			}
		}
	}
}

// Keys returns an iterator over the names of the pairs, walking the live
// list by position as [SearchParams.All] does.
func (sp *SearchParams) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < sp.Len(); i++ {
			if !yield(sp.name(i, sp.at(i))) {
				return
			}
		}
	}
}

// Values returns an iterator over the values of the pairs, walking the
// live list by position as [SearchParams.All] does.
func (sp *SearchParams) Values() iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < sp.Len(); i++ {
			if !yield(sp.value(i, sp.at(i))) {
				return
			}
		}
	}
}
