package url

import "strings"

// A URL record is kept in serialized form: the href, and the offsets of
// its components in it, so that every getter returns a substring and
// allocates nothing. Over one URL (TestComponentsPicture holds the
// picture to the parser):
//
//	https://user:pass@example.com:8080/a/b?q=1#frag
//	     |      |     |          |    |   |   |
//	     |      |     |          |    |   |   fragmentStart 42: the '#', or 0 when the fragment is null
//	     |      |     |          |    |   queryStart 38: the '?', or 0 when the query is null
//	     |      |     |          |    pathStart 34: the path's first byte
//	     |      |     |          hostEnd 29: the ':' before the port, or pathStart
//	     |      |     hostStart 18: after the '@', or after the "//"
//	     |      usernameEnd 12: the ':' before the password, or the '@', or hostStart
//	     schemeEnd 5: the ':' after the scheme
//
// When the host is not null, the username runs from schemeEnd+3 (after
// "://") to usernameEnd; the password, if any, from usernameEnd+1 to
// hostStart-1 (before the '@'); the port, if any, from hostEnd+1 to
// pathStart. Without a port, hostEnd is pathStart; without credentials,
// usernameEnd is hostStart. When the host is null ("mailto:x"),
// usernameEnd, hostStart and hostEnd are schemeEnd+1, and so is
// pathStart but for a path that starts with "//", which is serialized
// after "/." ("web+demo:/.//not-a-host/"): pathStart is after the "/.",
// which authorityEnd leaves out. The path ends at queryStart, or at
// fragmentStart, or at the end of the href (pathEnd); the query at
// fragmentStart or the end (queryEnd).

// components are the offsets of a URL's parts in its href (the picture
// above), and the facts about it that the href alone does not say
// cheaply.
type components struct {
	schemeEnd     uint32 // index of the ':' ending the scheme
	usernameEnd   uint32 // end of the username
	hostStart     uint32 // start of the host (after '@' if credentials)
	hostEnd       uint32 // end of the host (the port's ':' if any)
	pathStart     uint32 // start of the path (after a "/." prefix)
	queryStart    uint32 // index of '?'; 0 when the query is null
	fragmentStart uint32 // index of '#'; 0 when the fragment is null
	hostKind      HostKind
	scheme        schemeType
	opaquePath    bool
}

// record is a URL record in serialized form: the href and the offsets
// of its components. A URL is one, with its SearchParams; the parser
// holds its base URL as one, by value, so that a base parsed into a URL
// on the stack stays there (the parser's methods leak what it points
// to).
type record struct {
	href string
	components
}

// pathEnd is the offset where the path ends.
func (u *record) pathEnd() uint32 {
	if u.queryStart != 0 {
		return u.queryStart
	}
	return u.queryEnd()
}

// queryEnd is the offset where the query (or, if null, the path) ends.
func (u *record) queryEnd() uint32 {
	if u.fragmentStart != 0 {
		return u.fragmentStart
	}
	return uint32(len(u.href))
}

// authorityEnd is the offset where the host and port end: the path start
// but for the "/." that may precede a path when the host is null.
func (u *record) authorityEnd() uint32 {
	if u.hostKind == HostNull {
		return u.hostEnd
	}
	return u.pathStart
}

// firstPathSegment returns the first segment of a non-opaque path.
func (u *record) firstPathSegment() string {
	path := u.href[u.pathStart:u.pathEnd()]
	if len(path) == 0 {
		return ""
	}
	segment, _, _ := strings.Cut(path[1:], "/")
	return segment
}
