package url

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/url/internal/ascii"
)

// The single-pass fast path: an absolute special URL already in normal
// form ("https://example.com/a/b?c#d") parses to itself. One scan with a
// table lookup per byte checks that the input is in that form and finds
// the offsets of its components; at the first byte it cannot vouch for,
// it gives up and the general parser (parser_states.go) starts over.
// Giving up costs the bytes scanned so far and allocates nothing.
//
// The fast path runs only when nobody listens for validation errors and
// no query encoding is set (see road, route.go): a Parser with an
// OnValidationError callback is the test hook that forces the general
// path, and FuzzFastPath checks that both agree.

// Byte classes of the fast path: each marks the bytes that end a run the
// fast path copies as is. classWord reads the classes of eight bytes at
// once into a word, one byte per byte of the input, so that a scan
// learns where the first byte of a class is (bits.TrailingZeros64)
// without a branch per byte.
const (
	fastHostEnd     = 1 << iota // all but a-z, 0-9, "-", ".", "_": a domain the host parser copies
	fastPathEnd                 // a delimiter ("/", "\", "?", "#") or a byte the path encodes
	fastQueryEnd                // "#" or a byte the query of a special URL encodes
	fastFragmentEnd             // a byte the fragment encodes
	fastRunEnd                  // fastPathEnd but "/"
	fastSlash                   // "/", which ends a segment
	fastDot                     // "." and "%", which may start a dot segment (fastSlash<<1: normalizedTail shifts one onto the other)
)

// lanes has 1 in each byte of a word: c*lanes is c in every byte.
const lanes = 0x0101010101010101

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
			t[c] &^= fastPathEnd | fastRunEnd
		}
		switch b {
		case '/':
			t[c] = t[c]&^fastRunEnd | fastSlash
		case '.', '%':
			t[c] |= fastDot
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

// classWord returns the classes (fastClass) of s[i:i+8] in a word, that
// of s[i] in the low byte; of s[i:] when fewer than eight bytes are left,
// with zero bytes above them (no class). i < len(s). It is over the
// inliner's budget: the loops that read eight bytes at a time write the
// common case out and call it for the last bytes.
func classWord(s string, i int) uint64 {
	if len(s) < 8 {
		var w uint64
		for k := i; k < len(s); k++ {
			w |= uint64(fastClass[s[k]]) << (8 * (k - i) & 63)
		}
		return w
	}
	j := min(i, len(s)-8) // the last eight bytes, shifted
	return classes8(s[j:j+8]) >> (8 * (i - j) & 63)
}

// classes8 returns the classes (fastClass) of the eight bytes of c in a
// word, that of c[0] in the low byte. Small enough to inline.
func classes8(c string) uint64 {
	_ = c[7]
	return uint64(fastClass[c[0]]) | uint64(fastClass[c[1]])<<8 | uint64(fastClass[c[2]])<<16 | uint64(fastClass[c[3]])<<24 |
		uint64(fastClass[c[4]])<<32 | uint64(fastClass[c[5]])<<40 | uint64(fastClass[c[6]])<<48 | uint64(fastClass[c[7]])<<56
}

// parseNormalized reports whether s is an absolute URL with a special
// scheme, in the form the URL serializer gives it:
// lowercase scheme, "//", no credentials, a lowercase ASCII domain that
// does not end in a number (or, for file, the empty host), no port or a
// non-default one without leading zeros (none for file), a non-empty path
// without dot segments (nor a Windows drive letter for file), and a query
// and fragment with nothing to percent-encode; then *c holds its
// components. Otherwise *c holds what the scan found, and s may still be
// a URL: the general parser decides. When c.pathStart is not 0, the
// scheme and authority are in normal form, and so is s up to stop, in
// the path (its queryStart and fragmentStart 0), the query
// (queryStart set) or the fragment (fragmentStart set): the hand-over
// (handOver, route.go) takes over there. c is written in place, not
// returned: a returned struct costs a copy the size of the result, read
// back with wide loads from narrow stores (a store-forwarding stall) at
// every call.
func parseNormalized(s string, c *components) (stop int, ok bool) {
	// The scheme: a special one, lowercase, and "//". One case per row
	// of specialSchemes, in code: each compare is one load of at most
	// eight bytes against a constant, where a loop over the table's
	// rows cost kasztp about 6% (TestSpecialSchemes checks that every
	// row is taken here).
	*c = components{}
	if len(s) < 8 {
		return 0, false // too short for a special URL with a host and path
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
		return 0, false
	}
	c.schemeEnd = uint32(i)
	i += 3
	hostStart := i
	// The host, up to its first byte of fastHostEnd (hostEndAt). An
	// empty host ("file:///") takes no word: the offset hostEndAt gives
	// depends on loads, and the path's scan, which starts there, would
	// wait for them (isaacs_files 0.25x -> 0.21x ada).
	if i < len(s) && s[i] != '/' {
		i = hostEndAt(s, i)
	}
	i = min(i, len(s))
	c.hostEnd = uint32(i) // where the scan stopped, for mayLowerAuthority
	if i == len(s) {
		return 0, false // no path: the serializer adds "/"
	}
	// An IPv4 address? Only if the last byte may end a number (a digit,
	// a hex digit, "x", or "." when it is a trailing one): a test in line
	// that spares most domains (".com", ".org") endsInANumber's call.
	if c := s[i-1] | 0x20; i > hostStart && (c <= 'f' || c == 'x') && endsInANumber(s[hostStart:i]) {
		return 0, false
	}
	c.usernameEnd, c.hostStart, c.hostEnd = uint32(hostStart), uint32(hostStart), uint32(i)
	c.hostKind = HostDomain
	if c.scheme == schemeFile {
		switch s[hostStart:i] {
		case "":
			c.hostKind = HostEmpty
		case "localhost":
			return 0, false // the empty host
		}
		// The port and the Windows drive letters of file URLs (which
		// empty the host and turn "|" into ":") are for the general
		// parser.
		if s[i] != '/' || i+3 <= len(s) && (s[i+2] == ':' || s[i+2] == '|') && (i+3 == len(s) || s[i+3] == '/' || s[i+3] == '?' || s[i+3] == '#') {
			return 0, false
		}
	} else if i == hostStart {
		return 0, false // a special URL other than file needs a host
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
			return 0, false
		}
	}
	if s[i] != '/' {
		// "?", "#" (the serializer inserts "/"), "\", credentials, a
		// host to lowercase or decode...
		return 0, false
	}
	c.pathStart = uint32(i)
	// The path, query and fragment: normalizedPath, but for file URLs.
	// On isaacs_files (file URLs of one package tree, nearly all with a
	// query) it cost 4-5 ns a URL more than normalizedTail (perf-ada:
	// 46-47 ns against 42 ns), for a reason not found.
	var q, f int
	if c.scheme == schemeFile {
		q, f, stop = normalizedTail(s, i+1)
	} else {
		q, f, stop = normalizedPath(s, i+1)
	}
	c.queryStart, c.fragmentStart = uint32(max(q, 0)), uint32(max(f, 0))
	return stop, stop == len(s)
}

// normalizedPath is normalizedTail for the path of a URL whose first
// segment starts at s[i], after the path's "/" (len(s) >= 8). It scans
// eight bytes at a time for the first byte that normalizedTail must
// look at, a byte of fastRunEnd (a delimiter, or a byte to encode) or a
// "." or "%" after a "/" (which may start a dot segment), and hands over
// to normalizedTail there, or, at a "?" or "#", scans the query and
// fragment as normalizedTail's end does (written out here: a call less
// for URLs with a query). A word with no byte of fastRunEnd, and not
// both a "/" and a "." or "%", costs one table lookup per byte; a word
// with both, as in "/index.html", is looked at in full (lookWord)
// without leaving the loop, where normalizedTail leaves its loop of
// words for it. TestPathLook holds it to normalizedTail.
func normalizedPath(s string, i int) (query, fragment, stop int) {
	look := len(s)
	for t := &fastClass; i+8 <= len(s); i += 8 {
		c := s[i : i+8]
		// A word with a "." or "%" but no "/" nor byte of fastRunEnd
		// needs no look: a dot segment that starts a word ends in it,
		// at a "/", "\\", "?" or "#" (or the end of s, in no full word).
		if o := t[c[0]] | t[c[1]] | t[c[2]] | t[c[3]] | t[c[4]] | t[c[5]] | t[c[6]] | t[c[7]]; o&(fastRunEnd|fastDot) != 0 &&
			o&(fastRunEnd|fastSlash) != 0 {
			if e := lookAt(s, i); e != 0 {
				look = i + bits.TrailingZeros64(e)>>3
				break
			}
		}
	}
	if i < len(s) && look == len(s) {
		// The last bytes: the last eight, shifted.
		n := len(s) - 8
		if e := lookWord(classes8(s[n:])>>(8*(i-n)&63), s[i-1]); e != 0 {
			look = i + bits.TrailingZeros64(e)>>3
		}
	}
	query, fragment = -1, -1
	if look == len(s) {
		return query, fragment, look // the common case: nothing to look at
	}
	// A byte of fastRunEnd, or a "." or "%" that starts a segment.
	if s[look] == '?' {
		query = look
		look = scan(s, look+1, &fastClass, fastQueryEnd)
	} else if s[look] != '#' {
		return normalizedTail(s, look)
	}
	if look < len(s) && s[look] == '#' {
		fragment = look
		look = scan(s, look+1, &fastClass, fastFragmentEnd)
	}
	return query, fragment, look
}

// lookAt is lookWord of the eight bytes at s[i:] (i > 0), out of line:
// were its loads those of normalizedPath's test of the word, the
// compiler would keep them in registers across that loop, and spill
// some at every word (BenchmarkParseHuge/segments/1MiB took 0.19-0.20
// cpu-ns a byte, against 0.17-0.18 without normalizedPath).
//
//go:noinline
func lookAt(s string, i int) uint64 {
	return lookWord(classes8(s[i:i+8]), s[i-1])
}

// lookWord returns the bytes of w, a word of classes (classes8), that
// normalizedPath looks for, at the bits of fastRunEnd and fastDot: the bytes
// of fastRunEnd and the "." and "%" after a "/" (the "/" class of each
// byte shifted onto the next one's "." class; prev is the byte before
// the word's first).
func lookWord(w uint64, prev byte) uint64 {
	return (w<<(8+1)|uint64(fastClass[prev]&fastSlash)<<1)&w&(fastDot*lanes) | w&(fastRunEnd*lanes)
}

// hostEndAt returns the offset of the first byte of fastHostEnd in s at
// or after i, or len(s). len(s) >= 8. When s holds 24 bytes from i, it
// reads the second and third word with no branch on where the host ends
// in them: in a list of URLs, the word in which a host of eight bytes or
// more ends follows no pattern a branch predictor could learn, and a
// loop over the words takes such a branch at its exit. A longer host, or
// a shorter s, takes a loop.
func hostEndAt(s string, i int) int {
	if i+24 <= len(s) {
		// A host of up to seven bytes ("deps", "localhost") ends in the
		// first word. Otherwise, for each of the next two: the offset of
		// its first such byte, or, when it has none (TrailingZeros64 is
		// 64), one past i+24.
		if w := classes8(s[i:i+8]) & (fastHostEnd * lanes); w != 0 {
			return i + bits.TrailingZeros64(w)>>3
		}
		t1 := bits.TrailingZeros64(classes8(s[i+8:i+16]) & (fastHostEnd * lanes))
		t2 := bits.TrailingZeros64(classes8(s[i+16:i+24]) & (fastHostEnd * lanes))
		if end := min(i+8+t1>>3+t1>>6<<5, i+16+t2>>3+t2>>6<<5); end < i+24 {
			return end
		}
		i += 24
	}
	for n := len(s) - 8; i < len(s); i += 8 {
		j := min(i, n) // the last eight bytes, shifted
		if w := classes8(s[j:j+8]) >> (8 * (i - j) & 63) & (fastHostEnd * lanes); w != 0 {
			return i + bits.TrailingZeros64(w)>>3
		}
	}
	return len(s)
}

// normalizedTail scans s from i, where a path segment starts (a "/"
// before it, or the start of a relative reference) or s holds a byte of
// fastRunEnd (a delimiter or a byte to encode), for the rest of a
// path, then an optional query and fragment, as the URL serializer gives
// them for a special URL: no dot segment, no "\", nothing to
// percent-encode. It returns the offsets of the "?" and "#" in s (-1 for
// none) and where the scan stopped: len(s) when all of s[i:] is such,
// otherwise the first offset in a segment, query or fragment that it
// cannot vouch for. For a file URL, the caller checks the Windows drive
// letters.
func normalizedTail(s string, i int) (query, fragment, stop int) {
	query, fragment = -1, -1
	// The path, eight bytes at a time: up to a byte that ends it or needs
	// encoding (fastRunEnd), or a "." or "%" that starts a segment
	// (after a fastSlash, or at i), which may be a dot segment.
	// (normalizedPath is the same scan, for a path from its start, with
	// fewer branches: TestPathLook.)
	if i < len(s) && fastClass[s[i]]&fastDot != 0 {
		if dot, _ := dotSegmentAt(s, i, tailDelims); dot != notDot {
			// The general parser's path state calls normalRun at every
			// segment, dot segments too: no word for those.
			return query, fragment, i
		}
	}
	for start := i; ; {
		// First the chunks with nothing to look at, the common case of
		// a long path: no fastRunEnd, and no "." or "%", or none that
		// may start a segment (no "/" in the chunk nor before it).
		for ; i+8 <= len(s); i += 8 {
			c, t := s[i:i+8], &fastClass
			if o := t[c[0]] | t[c[1]] | t[c[2]] | t[c[3]] | t[c[4]] | t[c[5]] | t[c[6]] | t[c[7]]; o&(fastRunEnd|fastDot) != 0 &&
				(o&(fastRunEnd|fastSlash) != 0 || i == start || s[i-1] == '/') {
				break
			}
		}
		if i >= len(s) {
			break
		}
		var w uint64
		if i+8 <= len(s) {
			w = classes8(s[i : i+8])
		} else {
			w = classWord(s, i)
		}
		// A "." or "%" after a "/" (or at start) starts a segment: the
		// "/" class shifted onto its successor's "." class, the byte
		// before the word's (or fastDot at start) onto its first.
		slash := uint64(fastDot)
		if i > start {
			slash = uint64(fastClass[s[i-1]]&fastSlash) << 1
		}
		dots := (w&(fastSlash*lanes)<<(8+1) | slash) & w & (fastDot * lanes)
		end := w & (fastRunEnd * lanes)
		if end|dots == 0 {
			i += 8 // a "." or "%" inside a segment: no look needed
			continue
		}
		if end&(dots-1) != 0 {
			// A byte to encode or a delimiter comes first: a
			// byte at a time, which the branch predictor may know.
			for fastClass[s[i]]&fastRunEnd == 0 {
				i++
			}
			break
		}
		i += bits.TrailingZeros64(dots) >> 3
		if dot, _ := dotSegmentAt(s, i, tailDelims); dot != notDot {
			return query, fragment, i
		}
		i++
	}
	i = min(i, len(s))
	if i < len(s) && s[i] == '?' {
		query = i
		i = scan(s, i+1, &fastClass, fastQueryEnd)
	}
	if i < len(s) && s[i] == '#' {
		fragment = i
		i = scan(s, i+1, &fastClass, fastFragmentEnd)
	}
	return query, fragment, i
}

// resolveNormalized is the fast path for a relative reference against a
// base URL: when base is special (not file) and ref, resolved against it,
// needs nothing but the base's prefix and ref (or ref without leading
// "./" and "../" segments), in normal form, it stores the result in u,
// built in one buffer of its exact size (none when the result is a
// prefix of the base), and reports true. Otherwise u is unchanged and
// the general parser decides. Its shortcuts, by ref's first bytes, are
// the basic URL parser's steps from the no scheme state on (ref has no
// scheme):
//   - "": the relative state's step 5.1 (the base's path and query) and
//     the end of input;
//   - "#": 5.1 and 5.3, then the fragment state;
//   - "?": 5.1 and 5.2, then the query state;
//   - "//": the relative slash state's step 1.2, then the authority of a
//     special URL: base's scheme and ref, which parseNormalized checks;
//   - "/": the relative slash state's step 3 (the base's authority),
//     then the path state;
//   - anything else: 5.4 (the base's path, shortened), then the path
//     state, which for each leading "../" shortens the path again
//     (step 1.2) and for each "./" does nothing (step 1.3).
//
// What follows in ref must be a path, query and fragment in normal form
// (normalizedTail).
//
// With check on (CanParse), it stores nothing and declines a ref that
// starts with "//"; base may be CanParse's stand-in (baseStandIn), which
// has the base's scheme, and check.extra what the real base may add to
// the href's length.
func resolveNormalized(u *URL, base *record, ref string, limit uint64, check roadCheck) bool {
	if !base.scheme.special() || base.scheme == schemeFile {
		return false // file's drive letters and hosts are for the general parser
	}
	c := base.components
	keep, tail := 0, ref
	query, fragment, end := -1, -1, len(ref)
	switch {
	case ref == "":
		keep = int(base.queryEnd())
	case ref[0] == '#':
		keep = int(base.queryEnd())
		fragment = 0
		end = scan(ref, 1, &fastClass, fastFragmentEnd)
	case ref[0] == '?':
		keep = int(base.pathEnd())
		query, fragment, end = normalizedTail(ref, 0)
		c.queryStart = 0
	case ref[0] == '/' && len(ref) > 1 && ref[1] == '/':
		return !check.on && resolveSchemeRelative(u, base, ref, limit)
	case ref[0] == '/':
		keep = int(base.pathStart)
		query, fragment, end = normalizedTail(ref, 1)
		c.queryStart = 0
	default:
		if hasScheme(ref) {
			return false
		}
		keep, tail = resolveDotSegments(base, ref)
		query, fragment, end = normalizedTail(tail, 0)
		c.queryStart = 0
	}
	n := keep + len(tail)
	if end != len(tail) || uint64(n)+check.extra > limit {
		return false
	}
	if check.on {
		return true
	}
	c.fragmentStart = 0
	if query >= 0 {
		c.queryStart = uint32(keep + query)
	}
	if fragment >= 0 {
		c.fragmentStart = uint32(keep + fragment)
	}
	if tail == "" {
		u.href = base.href[:keep]
	} else {
		buf := make([]byte, n)
		copy(buf[copy(buf, base.href[:keep]):], tail)
		u.href = unsafe.String(unsafe.SliceData(buf), n)
	}
	u.components = c
	return true
}

// resolveSchemeRelative is resolveNormalized for a ref that starts with
// "//": the href is the base's scheme, ":" and ref, if that is a URL in
// normal form (parseNormalized). The relative slash state's step 1.2
// then the special authority ignore slashes and authority states, and on,
// as for an absolute URL.
func resolveSchemeRelative(u *URL, base *record, ref string, limit uint64) bool {
	n := int(base.schemeEnd) + 1 + len(ref)
	if uint64(n) > limit {
		return false
	}
	buf := make([]byte, n)
	copy(buf[copy(buf, base.href[:base.schemeEnd+1]):], ref)
	href := unsafe.String(unsafe.SliceData(buf), n)
	var c components
	if _, ok := parseNormalized(href, &c); !ok {
		return false
	}
	u.href, u.components = href, c
	return true
}

// hasScheme reports whether ref starts with a scheme and ":", which the
// scheme start and scheme states would take (an ASCII alpha, then ASCII
// alphanumerics, "+", "-" and ".").
func hasScheme(ref string) bool {
	if ref == "" || !isASCIIAlpha(ref[0]) {
		return false
	}
	i := 1
	for i < len(ref) && isSchemeByte(ref[i]) {
		i++
	}
	return i < len(ref) && ref[i] == ':'
}

// resolveDotSegments returns how much of base's href a path-relative ref
// keeps, and what of ref follows: the base's path shortened (the
// relative state's step 5.4: up to its last "/"), then shortened once
// more for each leading double-dot segment ("..", ".%2e" ...) ended by
// "/" or by the end of ref, and nothing for each such single-dot one
// ("." or "%2e"): the path state's steps 1.2 and 1.3 (dotSegmentAt).
func resolveDotSegments(base *record, ref string) (keep int, rest string) {
	path := base.href[base.pathStart:base.pathEnd()]
	dir := strings.LastIndexByte(path, '/') + 1 // a special URL's path starts with "/"
	for rest = ref; rest != "" && (rest[0] == '.' || rest[0] == '%'); {
		dot, end := dotSegmentAt(rest, 0, tailDelims)
		if dot == notDot || end < len(rest) && rest[end] != '/' {
			break // ("?", "#" and "\\" after it are normalizedTail's to decline)
		}
		if dot == doubleDot {
			// Shorten the path: drop the segment before dir's last "/".
			dir = strings.LastIndexByte(path[:dir-1], '/') + 1
			if dir == 0 {
				dir = 1
			}
		}
		rest = rest[min(end+1, len(rest)):]
	}
	return int(base.pathStart) + dir, rest
}

// hasSchemeAndSlashes is the road's one test of "could input be
// absolute, with an authority?", for an input that parseNormalized
// declined before the path, leaving c: whether it starts with a scheme
// and "://" (the scheme matched, or schemeAndSlashes). An input without
// is a relative reference (or a URL such as "mailto:x"), which only
// resolveNormalized and the state machine take.
func hasSchemeAndSlashes(s string, c *components) bool {
	return c.scheme != schemeOther || schemeAndSlashes(s)
}

// schemeAndSlashes reports whether s starts with a scheme and "://".
func schemeAndSlashes(s string) bool {
	i := 0
	for i < len(s) && isSchemeByte(s[i]) {
		i++
	}
	return i > 0 && i+3 <= len(s) && s[i:i+3] == "://"
}

// mayLowerAuthority reports whether lowerAuthority may take s, which
// parseNormalized declined before the path, leaving c: its scheme did not
// match (upper case?), or its host scan stopped at an upper-case letter,
// a non-ASCII byte (an internationalized domain?), a port or a
// backslash. Otherwise lowerAuthority would read the host again for
// nothing.
func mayLowerAuthority(s string, c *components) bool {
	if c.scheme == schemeOther {
		return true
	}
	if i := int(c.hostEnd); i < len(s) {
		return 'A' <= s[i] && s[i] <= 'Z' || s[i] >= utf8.RuneSelf || s[i] == ':' || s[i] == '\\'
	}
	return false
}

// lowerAuthority is the fast path for an absolute URL with a special
// scheme other than file whose scheme and authority are in normal form
// (see parseNormalized) but for upper-case ASCII letters in the scheme or
// the domain, a domain with non-ASCII code points that fastIDNHost
// converts (with or without a port), the scheme's default port written
// out, or a "\" that
// starts the path ("HTTPS://Example.COM:443\a", "https://München.de/"):
// the scheme state lowercases the scheme, domain to ASCII lowercases an
// ASCII domain (UTS 46 maps A-Z to a-z, and nothing else changes a
// domain of a-z, 0-9, "-", ".", "_") and converts a non-ASCII one
// (fastIDNHost), the port state drops the default port (and keeps
// another, without leading zeros, as it is), and the path
// start state takes "\" for "/" in a special URL (appendRewritten writes
// "/"). When so, it sets *c to the components of the href with those
// rewritten, up to the path (and the query and fragment, in href
// offsets, if the scan reached them), and returns the offset in s where
// the path starts and where normalizedTail stopped: the hand-over
// (handOver, route.go) takes over from there with rewrite. The ASCII
// form of a non-ASCII domain is returned in host, appended to idn (nil
// for an ASCII domain, which appendRewritten lowercases from s).
// Otherwise it returns 0. On entry, *c is what parseNormalized left
// there as it declined s (or zero): when it matched the scheme, the
// scan of the host goes on from where parseNormalized's stopped
// (c.hostEnd) instead of reading both again.
func lowerAuthority(s string, c *components, idn []byte) (in, stop int, host []byte, rewrite bool) {
	var seen uint8 // the authorityClass bits of the scheme and host
	i, j := int(c.schemeEnd), int(c.hostEnd)
	scheme := c.scheme
	if scheme == schemeOther {
		// The scheme did not match in lowercase: read it again.
		for i = 0; i < len(s) && isSchemeByte(s[i]); i++ {
			seen |= authorityClass[s[i]]
		}
		if i+3 > len(s) || s[i:i+3] != "://" {
			return 0, 0, nil, false
		}
		scheme, j = schemeTypeOf(s[:i]), i+3
	}
	// (Otherwise parseNormalized matched the scheme and "//", in
	// lowercase, and vouched for the host up to c.hostEnd: its scan goes
	// on from there.)
	if !scheme.special() || scheme == schemeFile {
		return 0, 0, nil, false
	}
	// The host: what the fast path takes in a domain, A-Z, and non-ASCII
	// bytes (which end no host: the authority and host states stop at
	// ASCII delimiters only). One table lookup and one branch per byte.
	hostStart := i + 3
	for ; j < len(s); j++ {
		k := authorityClass[s[j]]
		if k&authorityEnd != 0 {
			break
		}
		seen |= k
	}
	upper, nonASCII := seen&authorityUpper != 0, seen&authorityNonASCII != 0
	if j == hostStart || j == len(s) {
		return 0, 0, nil, false
	}
	hostEnd := j // in the href
	if nonASCII {
		if host = fastIDNHost(idn, s[hostStart:j]); host == nil {
			return 0, 0, nil, false
		}
		hostEnd = hostStart + len(host)
	} else if endsInANumber(s[hostStart:j]) {
		// The IPv4 number parser reads "0X" and hex digits in either
		// case, so endsInANumber gives the same answer before
		// lowercasing.
		return 0, 0, nil, false
	}
	// The port: without leading zeros, at most 65535; the default one
	// dropped, another kept as it is.
	in, pathStart, dropped := j, hostEnd, false
	if s[j] == ':' {
		k, port := j+1, 0
		for k < len(s) && k-j <= 5 && isASCIIDigit(s[k]) {
			port = port*10 + int(s[k]-'0')
			k++
		}
		if k == j+1 || s[j+1] == '0' || port > 65535 {
			return 0, 0, nil, false
		}
		if dropped = port == scheme.defaultPort(); !dropped {
			pathStart += k - j
		}
		in = k
	}
	if in == len(s) || s[in] != '/' && s[in] != '\\' || !upper && !nonASCII && !dropped && s[in] == '/' {
		return 0, 0, nil, false
	}
	query, fragment, stop := normalizedTail(s, in+1)
	shift := in - pathStart
	*c = components{
		schemeEnd: uint32(i), usernameEnd: uint32(hostStart), hostStart: uint32(hostStart),
		hostEnd: uint32(hostEnd), pathStart: uint32(pathStart), hostKind: HostDomain, scheme: scheme,
	}
	if query >= 0 {
		c.queryStart = uint32(query - shift)
	}
	if fragment >= 0 {
		c.fragmentStart = uint32(fragment - shift)
	}
	return in, stop, host, true
}

// Byte classes of lowerAuthority's scan of the scheme and host.
const (
	authorityUpper    = 1 << iota // an ASCII upper alpha: the scheme or host is lowercased
	authorityNonASCII             // a byte >= 0x80: an internationalized domain (fastIDNHost)
	authorityEnd                  // any other ASCII byte but a-z, 0-9, "-", ".", "_": the host ends
)

// authorityClass classifies each byte for lowerAuthority: what the fast
// path takes in a domain (a-z, 0-9, "-", ".", "_") is 0.
var authorityClass = func() (t [256]uint8) {
	for c := range t {
		switch b := byte(c); {
		case 'A' <= b && b <= 'Z':
			t[c] = authorityUpper
		case b >= utf8.RuneSelf:
			t[c] = authorityNonASCII
		case !('a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '-' || b == '.' || b == '_'):
			t[c] = authorityEnd
		}
	}
	return t
}()

// appendRewritten appends to dst the href lowerAuthority vouched for
// (c: its components), up to done in s (at least in, the offset of the
// path's first "/" or "\\"): the scheme lowercased, the host lowercased
// from s or, when host is not nil, host (the ASCII domain), the port
// as in s unless it was the default one (c.pathStart - c.hostEnd bytes
// before in), and, when done is past in, "/" (the path start
// state takes "\\" for "/" in a special URL) and s up to done.
// What takes over at the hand-over (route.go) writes the href so up to
// where it goes on; finishTail, up to the end of s when normalizedTail
// vouched for all of it: the href is then complete (the basic URL
// parser would write the path, query and fragment as they are, and the
// serializer adds nothing for a URL with a host).
func appendRewritten(dst []byte, s string, c *components, in, done int, host []byte) []byte {
	end := int(c.hostEnd) // the scheme and host, lowercased from s
	if host != nil {
		end = int(c.hostStart)
	}
	n := len(dst)
	dst = append(dst, s[:end]...)
	lowerInto(dst[n:], s) // eight bytes at a time
	dst = append(dst, host...)
	dst = append(dst, s[in-int(c.pathStart-c.hostEnd):in]...) // a port kept
	if done > in {
		dst = append(dst, '/')
		dst = append(dst, s[in+1:done]...)
	}
	return dst
}

// fastIDNHost is the host parser, for a special URL, on a domain with
// non-ASCII code points that holds no "%" nor any ASCII byte but
// letters, digits, "-", "." and "_", when appendUTS46FastASCII decides
// its Unicode ToASCII: it appends the host (the ASCII domain) to dst and
// returns it, or returns nil when the general parser must decide (the
// shortcut cannot tell, the host is an IPv4 address or fails). Its
// steps: 4, percent-decoding, changes nothing (no "%"), nor does UTF-8
// decoding (appendUTS46FastASCII leaves invalid UTF-8 undecided); 5,
// domain to ASCII, is fastDomainToASCII's (and so host.go's) shortcut:
// its step 6 by appendUTS46FastASCII and the Bidi rule (a failure is
// left to the general parser, which reports it), steps 7 and 8 hold
// for a result of ASCII lower-case letters, digits, "-" and "."; the
// strict ToASCII of steps 1-2 only reports validation errors, which
// nobody listens for on the fast path; 6 (failure) does not happen; 7,
// a domain that ends in a number, is left to the general parser (the
// IPv4 parser); 8 returns the ASCII domain. As in host.go, it takes a
// domain of at most punyShortDomain bytes, whose ASCII form fits in a
// buffer of twice that on the caller's stack.
func fastIDNHost(dst []byte, domain string) []byte {
	if len(domain) > punyShortDomain {
		return nil
	}
	b, verdict, bidi := appendUTS46FastASCII(dst, domain)
	if verdict == fastUndecided || bidi && !bidiRuleLabels(domain) ||
		endsInANumber(unsafe.String(unsafe.SliceData(b), len(b))) {
		return nil
	}
	return b
}

// parseBareAuthority is the fast path for the commonest URL without a
// path, a scheme and a domain and nothing after them
// ("http://example.com"), which parseNormalized declines at the end of
// the host, leaving c: when bareAuthority vouches for s, it stores the
// URL in u (unless check) and reports true; otherwise it reports false,
// leaving u's href as it was. Its one allocation is the href, which
// holds a byte that s does not: no string handed out may change, so it
// cannot be s, nor a buffer that a later parse writes.
func parseBareAuthority(u *URL, s string, c *components, limit uint64, check bool) bool {
	if !bareAuthority(s, c, limit) {
		return false
	}
	if check {
		return true
	}
	n := len(s)
	buf := make([]byte, n+1)
	copy(buf, s)
	buf[n] = '/'
	u.href = unsafe.String(unsafe.SliceData(buf), n+1)
	hostStart := c.schemeEnd + 3
	u.components = components{
		schemeEnd: c.schemeEnd, usernameEnd: hostStart, hostStart: hostStart,
		hostEnd: uint32(n), pathStart: uint32(n), hostKind: HostDomain, scheme: c.scheme,
	}
	return true
}

// bareAuthority reports whether s, which parseNormalized declined
// leaving c, is a special URL other than file with a domain and nothing
// after it, whose href, s and "/", is within limit: the scheme matched,
// the scan of the host reached the end of s (c.hostEnd) without a byte
// it cannot vouch for, and the host is not empty and does not end in a
// number (the IPv4 parser's). For such a URL the path start state
// leaves the pointer at the end of input and the path state, at a
// special URL, appends the empty buffer as the path's one segment, which
// serializes as "/" (as withRootPath says).
func bareAuthority(s string, c *components, limit uint64) bool {
	hostStart := int(c.schemeEnd) + 3
	return c.scheme != schemeOther && c.scheme != schemeFile && int(c.hostEnd) == len(s) && len(s) > hostStart &&
		uint64(len(s))+1 <= limit && !endsInANumber(s[hostStart:])
}

// rootPathMax bounds the input withRootPath takes: its copy fits in a
// buffer of that size on the caller's stack.
const rootPathMax = 256

// rootPathAt returns where withRootPath would insert "/" into s: the
// end of its authority, the first "/", "\\", "?" or "#" after the "://"
// of a scheme of at most five lowercase letters (parseNormalized takes
// no other), or the end of s, when that is not a "/" or "\\"; otherwise
// -1. A relative reference is turned down at its first bytes, before
// its caller clears a buffer for it.
func rootPathAt(s string) int {
	if len(s) >= rootPathMax {
		return -1
	}
	i := 0
	for i < len(s) && i < 6 && 'a' <= s[i] && s[i] <= 'z' {
		i++
	}
	if i+3 > len(s) || s[i:i+3] != "://" {
		return -1
	}
	k := i + 3
	for k < len(s) && s[k] != '/' && s[k] != '\\' && s[k] != '?' && s[k] != '#' {
		k++
	}
	if k < len(s) && (s[k] == '/' || s[k] == '\\') {
		return -1
	}
	return k
}

// withRootPath is the fast path for an absolute URL with a special
// scheme other than file and no path at all, as URLs are often written
// ("http://example.com", "https://example.com?q", "https://h:8080#f"),
// which parseNormalized declines (it wants a path): for such a URL the
// path start state leaves the pointer on the "?", "#" or end of input,
// and the path state, at a special URL, appends the empty buffer as
// the path's one segment, which serializes as "/". So s parses as s with
// "/" inserted where its authority ends, at k (rootPathAt). It writes s
// so into buf and reports the length and whether parseNormalized
// vouches for the result, which is then the href, with components c.
func withRootPath(s string, k int, buf *[rootPathMax]byte, c *components) (n int, ok bool) {
	n = copy(buf[:], s[:k])
	buf[n] = '/'
	n++
	n += copy(buf[n:], s[k:])
	if _, ok := parseNormalized(unsafe.String(&buf[0], n), c); !ok || c.scheme == schemeFile {
		return 0, false
	}
	return n, true
}

// parseRootPath stores in u the URL withRootPath vouches for (unless
// check), and reports whether it vouched: its href is the one
// allocation.
func parseRootPath(u *URL, input string, limit uint64, check bool) bool {
	k := rootPathAt(input)
	if k < 0 {
		return false
	}
	var buf [rootPathMax]byte
	var c components
	n, ok := withRootPath(input, k, &buf, &c)
	if !ok || uint64(n) > limit {
		return false
	}
	if check {
		return true
	}
	u.href = string(buf[:n])
	u.components = c
	return true
}

// lowerInto fills dst with the first len(dst) bytes of s, ASCII upper
// alphas lowercased: eight bytes at a time (the last eight bytes
// overlapping the word before), each word with 0x20 or'ed into its
// bytes "A" to "Z", without a branch per byte, which a host such as
// "Example.COM" mispredicts.
func lowerInto(dst []byte, s string) {
	n := len(dst)
	s = s[:n]
	if n < 8 {
		for k := range dst {
			dst[k] = ascii.LowerByte(s[k])
		}
		return
	}
	for k := 0; k < n; k += 8 {
		k = min(k, n-8)
		binary.LittleEndian.PutUint64(dst[k:], lowerWord(load64(s[k:])))
	}
}

// lowerWord returns w with 0x20 or'ed into each of its bytes that is an
// ASCII upper alpha.
func lowerWord(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	h := w &^ highs
	// The high bit of each byte that is at least "A", and of each that
	// is past "Z" (no carry: h's bytes are below 0x80).
	ge, gt := h+(0x80-'A')*ones, h+(0x80-'Z'-1)*ones
	return w | (ge&^gt&^w&highs)>>2
}
