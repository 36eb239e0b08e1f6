package url

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/weburl/url/internal/ascii"
)

// The URL serializer (URL Standard, section 4.5).
// https://url.spec.whatwg.org/#concept-url-serializer
//
// A URL is kept serialized, so the serializer is spread over the
// operations below, which the parser calls as it sets each component:
//
//	scheme ":" ["//" [username [":" password] "@"] host [":" port]] ["/."] path ["?" query] ["#" fragment]
//
// While parsing, each one appends to the output (output.go). With a state override (the
// setters), the scheme, host and port are replaced in the middle of the
// href, and the offsets of the components after them move.

// field names one offset of components, in href order.
type field uint8

const (
	fieldSchemeEnd field = iota
	fieldUsernameEnd
	fieldHostStart
	fieldHostEnd
	fieldPathStart
	fieldQueryStart
	fieldFragmentStart
)

// shift moves every offset from field f on by delta; a null query or
// fragment (offset 0) stays null.
func (c *components) shift(f field, delta int) {
	d := uint32(delta)
	switch f {
	case fieldSchemeEnd:
		c.schemeEnd += d
		fallthrough
	case fieldUsernameEnd:
		c.usernameEnd += d
		fallthrough
	case fieldHostStart:
		c.hostStart += d
		fallthrough
	case fieldHostEnd:
		c.hostEnd += d
		fallthrough
	case fieldPathStart:
		c.pathStart += d
		fallthrough
	case fieldQueryStart:
		if c.queryStart != 0 {
			c.queryStart += d
		}
		fallthrough
	case fieldFragmentStart:
		if c.fragmentStart != 0 {
			c.fragmentStart += d
		}
	}
}

// replace replaces output[start:end] with s and moves the offsets from
// field f on by the change in length.
func (p *parser) replace(start, end uint32, s string, f field) {
	if p.out == nil && !p.blind && p.ref[start:end] == s {
		return // the output holds s there already
	}
	p.materialize(len(s))
	delta := len(s) - int(end-start)
	if delta == 0 {
		copy(p.out[start:], s)
		return
	}
	tail := len(p.out) - int(end)
	if delta > 0 {
		p.out = append(p.out, s[:delta]...) // grow
	}
	copy(p.out[int(end)+delta:], p.out[end:int(end)+tail])
	copy(p.out[start:], s)
	p.out = p.out[:int(end)+delta+tail]
	p.shift(f, delta)
}

// appendScheme writes the scheme, lowercased, and ":".
func (p *parser) appendScheme(scheme string, typ schemeType) {
	p.writeLowerIfNeeded(scheme)
	p.schemeEnd = uint32(p.outLen())
	p.writeByte(':')
	p.scheme = typ
}

// setScheme replaces the scheme (state override).
func (p *parser) setScheme(scheme string, typ schemeType) {
	lower := ascii.Lower(scheme)
	p.replace(0, p.schemeEnd, lower, fieldSchemeEnd)
	p.scheme = typ
}

// setNullHost records that the URL has no host: no "//" follows the
// scheme.
func (p *parser) setNullHost() {
	n := uint32(p.outLen())
	p.usernameEnd, p.hostStart, p.hostEnd = n, n, n
	p.hostKind = HostNull
}

// startAuthority writes the "//" that precedes a host, which is empty
// until set.
func (p *parser) startAuthority() {
	p.writeString("//")
	n := uint32(p.outLen())
	p.usernameEnd, p.hostStart, p.hostEnd = n, n, n
	p.hostKind = HostEmpty
}

// appendUserinfo writes the credentials before the last "@" of an
// authority: the username up to the first ":", the password after it,
// each UTF-8 percent-encoded with the userinfo set (so a ":" in the
// password and every "@" become %3A and %40, as the authority state's
// buffer flushes produce). Empty credentials write nothing.
func (p *parser) appendUserinfo(userinfo string) {
	username, password, _ := strings.Cut(userinfo, ":")
	if username == "" && password == "" {
		return
	}
	p.writeEncoded(username, UserinfoSet)
	p.usernameEnd = uint32(p.outLen())
	if password != "" {
		p.writeByte(':')
		p.writeEncoded(password, UserinfoSet)
	}
	p.writeByte('@')
	p.hostStart = uint32(p.outLen())
	p.hostEnd = p.hostStart
}

// setHost host-parses buffer (an opaque host for a non-special URL) and
// sets it as the URL's host. A file URL's "localhost" becomes the empty
// host.
func (p *parser) setHost(buffer string, offset int) outcome {
	start := p.outLen()
	end := start
	if p.override != stateNone && p.out == nil && p.hostKind != HostNull {
		// A setter whose output is still the href: the host is written
		// over the old one, so that an unchanged host copies nothing
		// (output.go); restoreOutput puts the old one back.
		start = int(p.hostStart)
		p.n = start
	}
	kind := HostEmpty
	if buffer != "" {
		var r outcome
		kind, r = p.parseHost(buffer, !p.scheme.special(), offset)
		if r != outcomeOK {
			p.restoreOutput(start, end)
			return r
		}
		if p.scheme == schemeFile && !p.blind && p.outString()[start:] == "localhost" {
			p.truncate(start)
			kind = HostEmpty
		}
	}
	if p.override == stateNone {
		p.hostEnd = uint32(p.outLen())
		p.hostKind = kind
		return outcomeOK
	}
	// The host was written at the end of the output, or over the old
	// host; it moves to its place (through a copy on the stack when it
	// is short, unless it is part of the old href).
	var host string
	if p.out == nil {
		host = p.ref[start:p.n]
	} else {
		var buf [64]byte
		b := append(buf[:0], p.outString()[start:]...)
		host = unsafe.String(unsafe.SliceData(b), len(b))
	}
	p.restoreOutput(start, end)
	if p.hostKind == HostNull {
		// A host where there was none: "sc:/p" becomes "sc://h/p". Any
		// "/." before the path is no longer needed.
		if p.pathStart == p.hostEnd+2 {
			p.replace(p.hostEnd, p.pathStart, "", fieldPathStart)
		}
		p.replace(p.hostEnd, p.hostEnd, "//", fieldUsernameEnd)
	}
	p.replace(p.hostStart, p.hostEnd, host, fieldHostEnd)
	p.hostKind = kind
	return outcomeOK
}

// restoreOutput cuts the output at start and puts back what p.ref held
// from there to end: what setHost wrote over, or nothing (start == end).
func (p *parser) restoreOutput(start, end int) {
	if start == end {
		p.truncate(start)
		return
	}
	if p.out == nil {
		p.n = end
		return
	}
	p.out = append(p.out[:start], p.ref[start:end]...)
}

// setPort sets the port to the given decimal digits, or to null when
// digits is "".
func (p *parser) setPort(digits string) {
	if p.override == stateNone {
		if digits != "" {
			p.writeByte(':')
			p.writeString(digits)
		}
		return
	}
	s := ""
	if digits != "" {
		s = ":" + digits
	}
	p.replace(p.hostEnd, p.pathStart, s, fieldPathStart)
}

// includesCredentials: the username or password is not empty.
// https://url.spec.whatwg.org/#include-credentials
func (p *parser) includesCredentials() bool {
	return p.hostKind != HostNull && p.hostStart > p.schemeEnd+3
}

// hasPort reports whether the port is non-null (state override only,
// where the path start is known).
func (p *parser) hasPort() bool {
	return p.hostKind != HostNull && p.hostEnd < p.pathStart
}

// portNumber returns the port (state override only).
func (p *parser) portNumber() (int, bool) {
	if !p.hasPort() {
		return 0, false
	}
	n, err := strconv.Atoi(p.outString()[p.hostEnd+1 : p.pathStart])
	return n, err == nil
}

// copyBase copies the base URL's serialization up to end (the end of its
// authority, path or query) and the offsets that go with it.
func (p *parser) copyBase(end uint32) {
	b := &p.base
	p.truncate(0)
	p.writeString(b.href[:end])
	p.components = b.components
	p.fragmentStart = 0
	if p.queryStart >= end {
		p.queryStart = 0
	}
	if p.pathStart > end {
		p.pathStart = end
	}
}

// shortenPath removes the path's last segment, unless the path is a file
// URL's lone normalized Windows drive letter.
// https://url.spec.whatwg.org/#shorten-a-urls-path
func (p *parser) shortenPath() {
	if p.blind {
		// CanParse: the path is not kept, and its length only needs to
		// be an upper bound.
		return
	}
	path := p.outString()[p.pathStart:]
	if p.scheme == schemeFile && len(path) == 3 && isNormalizedWindowsDriveLetter(path[1:]) {
		return
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			p.truncate(int(p.pathStart) + i)
			return
		}
	}
}

// startQuery sets the query to the empty string.
func (p *parser) startQuery() {
	p.queryStart = uint32(p.outLen())
	p.writeByte('?')
}

// startFragment sets the fragment to the empty string.
func (p *parser) startFragment() {
	p.fragmentStart = uint32(p.outLen())
	p.writeByte('#')
}

// finish completes the serialization: a URL with a null host whose path
// starts with an empty segment gets "/." before its path, so that the
// serialization does not read as a host.
// https://url.spec.whatwg.org/#url-serializing (step 3)
func (p *parser) finish() {
	if p.hostKind != HostNull || p.opaquePath {
		return
	}
	end := p.outLen()
	if p.queryStart != 0 {
		end = int(p.queryStart)
	} else if p.fragmentStart != 0 {
		end = int(p.fragmentStart)
	}
	path := p.outString()[p.pathStart:end]
	need := len(path) >= 2 && path[0] == '/' && path[1] == '/'
	has := p.pathStart == p.hostEnd+2
	switch {
	case need && !has:
		p.replace(p.hostEnd, p.hostEnd, "/.", fieldPathStart)
	case has && !need:
		p.replace(p.hostEnd, p.pathStart, "", fieldPathStart)
	}
}
