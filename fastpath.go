package url

// The single-pass fast path: an absolute special URL already in normal
// form ("https://example.com/a/b?c#d") parses to itself. One scan with a
// table lookup per byte checks that the input is in that form and finds
// the offsets of its components; at the first byte it cannot vouch for,
// it gives up and the general parser (parser_states.go) starts over.
// Giving up costs the bytes scanned so far and allocates nothing.
//
// The fast path runs only when nobody listens for validation errors and
// no query encoding is set (see parseInto): a Parser with an
// OnValidationError callback is the test hook that forces the general
// path, and FuzzFastPath checks that both agree.

// Byte classes of the fast path: each marks the bytes that end a run the
// fast path copies as is, so that scan (parser_states.go) finds the end
// of a long run (a path, a query) eight bytes per branch. A host, being
// short, is scanned a byte at a time, which measured faster.
const (
	fastHostEnd     = 1 << iota // all but a-z, 0-9, "-", ".", "_": a domain the host parser copies
	fastPathEnd                 // a delimiter ("/", "\", "?", "#") or a byte the path encodes
	fastQueryEnd                // "#" or a byte the query of a special URL encodes
	fastFragmentEnd             // a byte the fragment encodes
	fastRunEnd                  // fastPathEnd but "/", plus "." and "%", which may make a dot segment
)

// fastClass classifies each byte for the fast path. Non-ASCII bytes,
// controls and space end every run: they need encoding or cleaning.
var fastClass = func() (t [256]uint8) {
	for c := range t {
		b := byte(c)
		t[c] = fastHostEnd | fastPathEnd | fastQueryEnd | fastFragmentEnd | fastRunEnd
		if c <= 0x20 || c >= 0x7F {
			continue
		}
		if 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '-' || b == '.' || b == '_' {
			t[c] &^= fastHostEnd
		}
		if percentTable[c]&PathSet == 0 && b != '/' && b != '\\' {
			t[c] &^= fastPathEnd
			if b != '.' && b != '%' {
				t[c] &^= fastRunEnd
			}
		}
		if b == '/' {
			t[c] &^= fastRunEnd
		}
		if percentTable[c]&SpecialQuerySet == 0 && b != '#' {
			t[c] &^= fastQueryEnd
		}
		if percentTable[c]&FragmentSet == 0 {
			t[c] &^= fastFragmentEnd
		}
	}
	return t
}()

// parseNormalized reports whether s is an absolute URL with a special
// scheme, in the form the URL serializer gives it:
// lowercase scheme, "//", no credentials, a lowercase ASCII domain that
// does not end in a number (or, for file, the empty host), no port or a
// non-default one without leading zeros (none for file), a non-empty path
// without dot segments (nor a Windows drive letter for file), and a query
// and fragment with nothing to percent-encode; then *c holds its
// components. Otherwise *c holds what the scan found (its pathStart, when
// not 0, says the scheme and authority are in normal form), and s may
// still be a URL: the general parser decides. c is written in place, not
// returned: a returned struct costs a copy the size of the result, read
// back with wide loads from narrow stores (a store-forwarding stall) at
// every call.
func parseNormalized(s string, c *components) bool {
	// The scheme: a special one, lowercase, and "//". One case per row
	// of specialSchemes, in code: each compare is one load of at most
	// eight bytes against a constant, where a loop over the table's
	// rows cost kasztp about 6% (TestSpecialSchemes checks that every
	// row is taken here).
	*c = components{}
	if len(s) < 8 {
		return false // too short for a special URL with a host and path
	}
	var i int
	switch {
	case s[:8] == "https://":
		c.scheme, i = schemeHTTPS, 5
	case s[:7] == "http://":
		c.scheme, i = schemeHTTP, 4
	case s[:6] == "wss://":
		c.scheme, i = schemeWSS, 3
	case s[:5] == "ws://":
		c.scheme, i = schemeWS, 2
	case s[:6] == "ftp://":
		c.scheme, i = schemeFTP, 3
	case s[:7] == "file://":
		c.scheme, i = schemeFile, 4
	default:
		return false
	}
	c.schemeEnd = uint32(i)
	i += 3
	hostStart := i
	for i < len(s) && fastClass[s[i]]&fastHostEnd == 0 {
		i++
	}
	if i == len(s) {
		return false // no path: the serializer adds "/"
	}
	// An IPv4 address? Only if the last byte may end a number (a digit,
	// a hex digit, "x", or "." when it is a trailing one): a test in line
	// that spares most domains (".com", ".org") endsInANumber's call.
	if c := s[i-1] | 0x20; (c <= 'f' || c == 'x') && endsInANumber(s[hostStart:i]) {
		return false
	}
	c.usernameEnd, c.hostStart, c.hostEnd = uint32(hostStart), uint32(hostStart), uint32(i)
	c.hostKind = HostDomain
	if c.scheme == schemeFile {
		switch s[hostStart:i] {
		case "":
			c.hostKind = HostEmpty
		case "localhost":
			return false // the empty host
		}
		// The port and the Windows drive letters of file URLs (which
		// empty the host and turn "|" into ":") are for the general
		// parser.
		if s[i] != '/' || i+3 <= len(s) && (s[i+2] == ':' || s[i+2] == '|') && (i+3 == len(s) || s[i+3] == '/' || s[i+3] == '?' || s[i+3] == '#') {
			return false
		}
	} else if i == hostStart {
		return false // a special URL other than file needs a host
	}
	if s[i] == ':' {
		// A port: 1 to 65535 without leading zeros, not the default.
		i++
		portStart, port := i, 0
		for i < len(s) && i-portStart < 6 && '0' <= s[i] && s[i] <= '9' {
			port = port*10 + int(s[i]-'0')
			i++
		}
		if i == portStart || s[portStart] == '0' || i-portStart > 5 || port > 65535 || port == c.scheme.defaultPort() || i == len(s) {
			return false
		}
	}
	if s[i] != '/' {
		// "?", "#" (the serializer inserts "/"), "\", credentials, a
		// host to lowercase or decode...
		return false
	}
	c.pathStart = uint32(i)
	// The path: runs of segments up to a byte that needs a look.
	for i++; ; i++ {
		i = scan(s, i, &fastClass, fastRunEnd)
		if i == len(s) || s[i] != '.' && s[i] != '%' {
			break
		}
		if s[i-1] == '/' {
			// A segment that starts with "." or "%": a dot segment?
			j := i + 1
			for j < len(s) && j-i < 7 && fastClass[s[j]]&fastPathEnd == 0 {
				j++
			}
			if isSingleDotSegment(s[i:j]) || isDoubleDotSegment(s[i:j]) {
				return false
			}
		}
		// The rest of the segment needs no look: skip it a byte at a
		// time rather than calling scan for every "." or "%" in it.
		for i < len(s) && fastClass[s[i]]&fastPathEnd == 0 {
			i++
		}
		if i == len(s) || s[i] != '/' {
			break
		}
	}
	if i < len(s) && s[i] == '?' {
		c.queryStart = uint32(i)
		i++
		i = scan(s, i, &fastClass, fastQueryEnd)
	}
	if i < len(s) && s[i] == '#' {
		c.fragmentStart = uint32(i)
		i++
		i = scan(s, i, &fastClass, fastFragmentEnd)
	}
	return i == len(s)
}
