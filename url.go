package url

// URL is a parsed URL: a URL record of the URL Standard, kept in
// serialized form. The zero URL is empty: every getter returns "". It is
// not a URL (it has no scheme), so it has no query for its [SearchParams]
// to update: changes to them change only their list, and the URL stays
// the zero URL until [URL.SetHref] or an Unmarshal method makes it a URL.
//
// # Concurrency
//
// This is the rule for a URL and the SearchParams it returns; other
// documentation refers here. A URL is read by every method but the
// setters (SetHref ... [URL.SetHash]), [URL.UnmarshalText],
// [URL.UnmarshalBinary], [URL.UnmarshalJSON] and [URL.Scan]; its SearchParams
// are read by Get, GetAll, Has, Len, String, All, Keys and Values, and
// changed by Append, Set, Delete and Sort. Any number of goroutines may read
// a URL and its SearchParams at once, including the first call of
// SearchParams, which makes them. A change to either must not run
// concurrently with any other use of the same URL or of its SearchParams:
// order it before the readers (with a mutex, a channel or sync.WaitGroup),
// and they may again read concurrently. The first read of the href after a
// change to the SearchParams rebuilds it under a lock of the SearchParams'
// own, which readers may meet but need not know about.
type URL struct {
	record

	// pending, when not nil, is the SearchParams whose changes href does
	// not show yet: the query in href, and with it the fragment offset,
	// are out of date (what comes before the query is not). The getters
	// of the query and of the whole href read current() instead. Only
	// the SearchParams' changes and the setters write it; a plain field,
	// not searchParams, whose atomic load makes the URL escape to the
	// heap.
	pending *SearchParams

	// searchParams is the URL's URLSearchParams object, made on first
	// use. A plain pointer, so that a URL is a value that go vet lets
	// one copy (v = append(v, *u)), as netip.Addr is; SearchParams reads
	// and sets it with sync/atomic's functions, as concurrent readers
	// may race to make it (see loadSearchParams).
	searchParams *SearchParams

	// buf is the buffer the setters write new hrefs into (hrefbuf.go),
	// made by the first setter that changes the href; nil until then.
	// A hint only: a setter writes after the href in place only when
	// the href is seen to end where buf's claimed room does. Copies of
	// the URL share it; a plain pointer to a header whose count is
	// atomic, so that a copy stays vet-clean.
	buf *hrefBuf
}

// Href returns the serialization of the URL.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) Href() string {
	if u.pending != nil {
		return u.updatedView().href
	}
	return u.href
}

// String returns the serialization of the URL: the same as [URL.Href].
func (u *URL) String() string {
	if u.pending != nil {
		return u.updatedView().href
	}
	return u.href
}

// Protocol returns the scheme followed by ":", e.g. "https:".
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Scheme returns the scheme without the ":", e.g. "https".
func (u *URL) Scheme() string { return u.href[:u.schemeEnd] }

// Username returns the percent-encoded username, or "".
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) Username() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the percent-encoded password, or "".
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) Password() string {
	if u.hostKind == HostNull || u.usernameEnd+1 >= u.hostStart {
		return ""
	}
	return u.href[u.usernameEnd+1 : u.hostStart-1]
}

// Host returns the host and, if the URL has one, ":" and the port, e.g.
// "example.com:8080"; "" when the host is null.
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) Host() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host: a domain in ASCII, an IPv4
// address, an IPv6 address in brackets, an opaque host, or "".
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when the URL has no port (which
// is also the case when the port is the scheme's default port).
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) Port() string {
	if u.hostKind == HostNull || u.hostEnd == u.pathStart {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the serialized path, e.g. "/a/b".
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns "?" followed by the query, or "" when the query is null
// or empty.
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) Search() string {
	u = u.current()
	if u.queryStart == 0 {
		return ""
	}
	end := u.queryEnd()
	if end == u.queryStart+1 {
		return ""
	}
	return u.href[u.queryStart:end]
}

// Hash returns "#" followed by the fragment, or "" when the fragment is
// null or empty.
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) Hash() string {
	if u.fragmentStart == 0 || int(u.fragmentStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragmentStart:]
}

// RawQuery returns the query without the "?", and whether it is non-null:
// "https://x/?" has an empty, non-null query.
func (u *URL) RawQuery() (query string, ok bool) {
	u = u.current()
	if u.queryStart == 0 {
		return "", false
	}
	return u.href[u.queryStart+1 : u.queryEnd()], true
}

// Fragment returns the fragment without the "#", and whether it is
// non-null.
func (u *URL) Fragment() (fragment string, ok bool) {
	if u.fragmentStart == 0 {
		return "", false
	}
	return u.href[u.fragmentStart+1:], true
}

// HostKind tells whether the host is null, empty, a domain, an IPv4 or
// IPv6 address, or an opaque host.
func (u *URL) HostKind() HostKind { return u.hostKind }

// IsSpecial reports whether the URL's scheme is a special scheme (ftp,
// file, http, https, ws, wss).
// https://url.spec.whatwg.org/#is-special
func (u *URL) IsSpecial() bool { return u.scheme.special() }

// HasOpaquePath reports whether the URL's path is opaque, as in
// "mailto:someone@example.com" or "data:text/plain,hi".
// https://url.spec.whatwg.org/#url-opaque-path
func (u *URL) HasOpaquePath() bool { return u.opaquePath }

// HrefWithoutFragment returns the serialization with exclude fragment
// set: the href up to, and without, the "#".
// https://url.spec.whatwg.org/#concept-url-serializer
func (u *URL) HrefWithoutFragment() string {
	u = u.current()
	if u.fragmentStart == 0 {
		return u.href
	}
	return u.href[:u.fragmentStart]
}

// Equal reports whether u and v serialize the same; with excludeFragments,
// their fragments are ignored.
// https://url.spec.whatwg.org/#concept-url-equals
func (u *URL) Equal(v *URL, excludeFragments bool) bool {
	if excludeFragments {
		return u.HrefWithoutFragment() == v.HrefWithoutFragment()
	}
	return u.Href() == v.Href()
}

// Origin returns the serialization of the URL's origin: "scheme://host"
// with ":port" when the URL has a port, for http, https, ws, wss and ftp
// URLs; the origin of the URL in the path for blob: URLs whose path is an
// http or https URL; "null" (an opaque origin) for everything else.
// It allocates nothing, but for a URL with a username or password, and a
// blob: URL whose inner URL has one or is not in normal form: there the
// origin is not a substring of the href.
// https://url.spec.whatwg.org/#concept-url-origin
func (u *URL) Origin() string { return originString(u) }

// assign makes u hold the same URL as v. The SearchParams object that u
// handed out, if any, stays u's and is brought up to date, as the spec's
// href setter does.
func (u *URL) assign(v *URL) {
	v = v.current()
	u.href = v.href
	u.components = v.components
	u.pending = nil
	switch {
	case v.buf != nil:
		u.buf = v.buf
	case u.buf == nil:
		// A URL given one whole href after another (SetHref on each
		// line of a file, as cmd/weburl does) is marked as reused, so
		// that its setters start a buffer and grow it (nextRoom), the
		// fragment setter too (spliceEncoded).
		u.buf = &reusedHrefBuf
	}
	// Else u keeps its buffer: its room, which no href covers, is for
	// u's next setters.
	if sp := u.setterSearchParams(); sp != nil {
		sp.view.Store(nil)
		q, _ := u.RawQuery()
		sp.reset(q)
	}
	u.assertInvariants("assignment")
}
