package url

import (
	"errors"
	"math"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// The URL API setters (URL Standard, section 6.1).
// https://url.spec.whatwg.org/#url-class
//
// Each setter changes the URL exactly as the spec's setter steps do,
// mostly by running the basic URL parser with a state override on the
// value. The spec's setters never throw (but href's): they leave the URL
// unchanged when the value is invalid or the URL cannot take it. Here
// that case returns an *Error saying why; a setter that changed the URL
// returns nil, even where the spec's parser went on to "return failure"
// after setting part of it (the host setter given "example.com:bad" sets
// the host and keeps the port, as browsers do).

// Causes of setter errors, besides the validation errors (such as
// [PortInvalid] or [HostMissing]) that make a value invalid.
var (
	// ErrOpaquePath: the URL has an opaque path ("mailto:x"), so its host
	// and path cannot be set.
	ErrOpaquePath = errors.New("the URL has an opaque path")
	// ErrCannotHaveCredentialsOrPort: the URL's host is null or empty, or
	// its scheme is file, so it cannot have a username, password or port.
	ErrCannotHaveCredentialsOrPort = errors.New("the URL cannot have a username, password or port")
	// ErrSchemeChange: the scheme cannot change from a special scheme to a
	// non-special one or back, to file when the URL has credentials or a
	// port, or from file when the host is empty.
	ErrSchemeChange = errors.New("the URL cannot take this scheme")
	// ErrInvalidValue: the value is not valid for the component, e.g. a
	// protocol that does not start with a scheme, or a hostname with a
	// port.
	ErrInvalidValue = errors.New("invalid value")
)

// startOverride sets p up to run on value with state override st
// against u's URL. The output starts as u's href (see output.go). When
// u's href buffer (hrefbuf.go) has room for the href and grow bytes
// more, the output is a copy of the href in that room, which the
// parser then edits, and commit keeps what it needs of the room. Else
// the href is copied only when the setter writes something the href
// does not hold, into a new href buffer of that size and more
// (newSetterOutput), so a setter that changes nothing allocates
// nothing, and one that does allocates once, with room for the setters
// after it. p is the caller's, on its stack.
func (u *URL) startOverride(p *parser, value string, st state, grow int) {
	p.override = st
	p.preprocessOverride(value)
	p.ref, p.n = u.href, len(u.href)
	p.components = u.components
	end := u.schemeEnd // the end of the part st sets
	switch st {
	case stateHost, stateHostname:
		end = u.hostEnd
	case statePort:
		end = u.pathStart
	}
	u.claimOutput(p, len(u.href)+grow, end)
}

// claimOutput sets the parser up to write its output, still p.ref[:p.n]
// (u's href or a prefix of it), in a href buffer: as a copy in the room
// of u's buffer, if that holds need bytes (a setter that does not
// commit then gives it back: release); else, when the output first
// differs from p.ref, in a new buffer (newSetterOutput) of need bytes
// and the room hrefRoom gives for the parts from end on.
func (u *URL) claimOutput(p *parser, need int, end uint32) {
	p.outCap = int(u.nextRoom(need, end, u.fragmentFrom(end)))
	if b := u.buf; b != nil {
		if off, n, ok := b.claimRest(uint32(need)); ok {
			p.out = append(b.bytes(off, n)[:0], p.ref[:p.n]...)
			p.outCap = -int(n)
		}
	}
}

// newSetterOutput is the parser's output buffer for a setter whose
// output first differs from the href, with room for size bytes (the
// new href, as the setter estimated it, and the room for later
// setters: claimOutput): the room of a new href buffer, all of it
// claimed until commit keeps what the href uses.
// p.outCap records the room's length, negated, as the mark that p.out
// lies in a href buffer's room (see takeOutput).
func (p *parser) newSetterOutput(size int) []byte {
	b := newHrefBuf(uint64(size), math.MaxUint32)
	p.outCap = -int(b.size)
	return b.bytes(0, b.size)[:0]
}

// takeOutput returns the href of the parser's finished output and,
// when the output lies in the room of a href buffer (startOverride's
// copy in u's buffer, or newSetterOutput's new one), gives back the
// room the href does not use and makes that buffer u's. An href equal
// to the old one, or to a prefix of it, is that substring of the old
// href, and the room is given back whole.
func (u *URL) takeOutput(p *parser) string {
	href := p.result()
	if p.out == nil || p.outCap >= 0 {
		return href
	}
	n := uint32(-p.outCap)
	if cap(p.out) != int(n) {
		// The output outgrew the room (an append moved it to a new
		// array): the room is lost to u's setters, not given back (where
		// it was is no longer known), and the href is a plain string.
		return href
	}
	room := unsafe.String(unsafe.SliceData(p.out), n)
	b := u.buf
	end, inBuf := uint32(0), false
	if b != nil {
		end, inBuf = b.end(room)
	}
	if !inBuf {
		// newSetterOutput's buffer: the room starts right after the
		// header, in the same allocation.
		b = (*hrefBuf)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p.out)), -int(hrefBufHeader)))
		end = n
		u.buf = b
	}
	off := end - n
	if len(href) <= len(u.href) && u.href[:len(href)] == href {
		b.unclaim(off, end)
		return u.href[:len(href)]
	}
	b.unclaim(off+uint32(len(href)), end)
	return href
}

// commit stores the parser's URL in u, keeping u's SearchParams. The
// new href is the parser's output in u's href buffer, or (when nothing
// differed from the old href) a prefix of the old href: no copy.
func (u *URL) commit(p *parser) {
	p.finish()
	u.href = u.takeOutput(p)
	u.components = p.components
	u.assertInvariants("a setter")
}

// release gives back the room startOverride claimed for a setter that
// does not commit.
func (u *URL) release(p *parser) {
	if p.out != nil && p.outCap < 0 && cap(p.out) == -p.outCap {
		if b := u.buf; b != nil {
			if end, ok := b.end(unsafe.String(unsafe.SliceData(p.out), cap(p.out))); ok {
				b.unclaim(end-uint32(cap(p.out)), end)
			}
		}
	}
}

// setterError builds the error of a setter that left the URL unchanged.
func setterError(op, value string, cause error) error {
	return &Error{Op: op, Input: value, Err: cause}
}

// runOverride runs the parser from the override state, commits what it
// set, and returns an error only when the URL did not change.
func (u *URL) runOverride(op, value string, p *parser, invalid error) error {
	before := u.href
	r := p.run(p.override, 0)
	if p.tooLong() {
		u.release(p)
		return setterError(op, value, ErrTooLong)
	}
	u.commit(p)
	if u.href != before {
		return nil
	}
	switch r {
	case outcomeSchemeRefused:
		return setterError(op, value, ErrSchemeChange)
	case outcomeOverrideFailure:
		return setterError(op, value, invalid)
	case outcomeFailure:
		return setterError(op, value, p.failure())
	}
	return nil
}

// SetHref replaces the whole URL with the result of parsing value (with
// no base). On failure the URL is unchanged and the error is the parse
// error. The URL's [SearchParams] follow the new query.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) SetHref(value string) error {
	v, err := Parse(value)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Op = "set href"
		}
		return err
	}
	u.assign(v)
	return nil
}

// SetProtocol sets the scheme from value, which may end in ":" (anything
// after a ":" is ignored). The scheme cannot change from special to
// non-special or back ([ErrSchemeChange]). A port that is the new scheme's
// default port is dropped.
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) SetProtocol(value string) error {
	u.settle()
	const op = "set protocol"
	if u.href == "" {
		return setterError(op, value, ErrInvalidValue)
	}
	// The spec runs the parser on value + ":"; colonAtEnd stands for
	// that ":" without building the string.
	var p parser
	u.startOverride(&p, value, stateSchemeStart, len(value))
	p.colonAtEnd = true
	return u.runOverride(op, value, &p, ErrInvalidValue)
}

// cannotHaveCredentialsOrPort: the host is null or empty, or the scheme
// is file.
// https://url.spec.whatwg.org/#cannot-have-a-username-password-port
func (u *URL) cannotHaveCredentialsOrPort() bool {
	return u.hostKind == HostNull || u.hostKind == HostEmpty || u.scheme == schemeFile
}

// SetUsername sets the username to value, percent-encoded with the
// userinfo percent-encode set.
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) SetUsername(value string) error {
	u.settle()
	if u.href == "" || u.cannotHaveCredentialsOrPort() {
		return setterError("set username", value, ErrCannotHaveCredentialsOrPort)
	}
	username := userinfoValue(value)
	if uint64(len(u.href)-len(u.Username())+len(username)+2*countInSet(username, UserinfoSet)) > hrefLimit {
		return setterError("set username", value, ErrTooLong)
	}
	u.setUserinfo(username, u.Password())
	return nil
}

// SetPassword sets the password to value, percent-encoded with the
// userinfo percent-encode set.
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) SetPassword(value string) error {
	u.settle()
	if u.href == "" || u.cannotHaveCredentialsOrPort() {
		return setterError("set password", value, ErrCannotHaveCredentialsOrPort)
	}
	password := userinfoValue(value)
	if uint64(len(u.href)-len(u.Password())+len(password)+2*countInSet(password, UserinfoSet)+1) > hrefLimit {
		return setterError("set password", value, ErrTooLong)
	}
	u.setUserinfo(u.Username(), password)
	return nil
}

// userinfoValue is the username or password setter's value with invalid
// UTF-8 read as U+FFFD. Tabs and newlines stay (to be encoded): these
// setters do not run the parser.
func userinfoValue(value string) string {
	if utf8.ValidString(value) {
		return value
	}
	var p parser
	p.cleanTabs(value, 0, len(value), false)
	return p.input
}

// setUserinfo rewrites the credentials from a username and password
// that it percent-encodes with the userinfo percent-encode set (an
// already encoded one stays as it is: "%" is not in the set), in one
// allocation at most (see newHref), or none when they are unchanged.
func (u *URL) setUserinfo(username, password string) {
	start := u.schemeEnd + 3
	uc, pc := countInSet(username, UserinfoSet), countInSet(password, UserinfoSet)
	userLen := len(username) + 2*uc
	n := userLen
	if password != "" {
		n += 1 + len(password) + 2*pc
	}
	if n > 0 {
		n++ // "@"
	}
	old := u.href[start:u.hostStart]
	if n == len(old) && (n == 0 || equalUserinfo(old, username, password, userLen)) {
		return
	}
	b := u.newHref(len(u.href)-len(old)+n, int(start), u.hostStart, u.fragmentFrom(u.hostStart))
	k := int(start)
	enc, _ := appendEncodedRun(b[k:k], username, UserinfoSet, false)
	k += len(enc)
	if password != "" {
		b[k] = ':'
		k++
		enc, _ := appendEncodedRun(b[k:k], password, UserinfoSet, false)
		k += len(enc)
	}
	if n > 0 {
		b[k] = '@'
		k++
	}
	copy(b[k:], u.href[u.hostStart:])
	u.setHrefBytes(b)
	u.shift(fieldHostStart, n-len(old))
	u.usernameEnd = start + uint32(userLen)
	u.assertInvariants("a setter")
}

// equalUserinfo reports whether old, the credentials of the href with
// their "@", are username and password encoded, the username's encoding
// userLen bytes long; old is as long as that encoding.
func equalUserinfo(old, username, password string, userLen int) bool {
	if !equalEncoded(old[:userLen], username, UserinfoSet) {
		return false
	}
	rest := old[userLen : len(old)-1]
	if password == "" {
		return rest == ""
	}
	return rest != "" && rest[0] == ':' && equalEncoded(rest[1:], password, UserinfoSet)
}

// splice replaces href[start:end] with the concatenation of parts,
// written into u's href buffer (newHref: an allocation only when its
// room runs out), or nowhere when that changes
// nothing or cuts the end off the href (the new href is then a prefix of
// the old, a substring), and returns the change in length. The caller
// moves the offsets.
func (u *URL) splice(start, end uint32, parts ...string) int {
	n := 0
	for _, s := range parts {
		n += len(s)
	}
	if n == 0 && int(end) == len(u.href) {
		u.href = u.href[:start]
		return -int(end - start)
	}
	if n == int(end-start) {
		old := u.href[start:end]
		same := true
		for _, s := range parts {
			if old[:len(s)] != s {
				same = false
				break
			}
			old = old[len(s):]
		}
		if same {
			return 0
		}
	}
	b := u.newHref(len(u.href)-int(end-start)+n, int(start), end, u.fragmentFrom(end))
	k := int(start)
	for _, s := range parts {
		k += copy(b[k:], s)
	}
	copy(b[k:], u.href[end:])
	u.setHrefBytes(b)
	return n - int(end-start)
}

// SetHost sets the host and, if value has one, the port: "example.com:8080".
// A value without a port leaves the port as it is.
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) SetHost(value string) error {
	u.settle()
	const op = "set host"
	if u.href == "" || u.opaquePath {
		return setterError(op, value, ErrOpaquePath)
	}
	var p parser
	u.startOverride(&p, value, stateHost, hostGrowth(value))
	return u.runOverride(op, value, &p, ErrInvalidValue)
}

// SetHostname sets the host. A value with a port is invalid.
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) SetHostname(value string) error {
	u.settle()
	const op = "set hostname"
	if u.href == "" || u.opaquePath {
		return setterError(op, value, ErrOpaquePath)
	}
	var p parser
	u.startOverride(&p, value, stateHostname, hostGrowth(value))
	return u.runOverride(op, value, &p, ErrInvalidValue)
}

// SetPort sets the port from the leading digits of value; "" removes the
// port. The scheme's default port is stored as no port.
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) SetPort(value string) error {
	u.settle()
	const op = "set port"
	if u.href == "" || u.cannotHaveCredentialsOrPort() {
		return setterError(op, value, ErrCannotHaveCredentialsOrPort)
	}
	if digits, ok := plainPort(value, u.scheme); ok {
		// The port state with state override on a value that starts
		// with the port's digits, with no tab or newline among them:
		// the port is their number, or null if it is the scheme's
		// default.
		mark := ":"
		if digits == "" {
			mark = ""
		}
		start, end := u.hostEnd, u.pathStart
		if uint64(len(u.href)-int(end-start)+len(mark)+len(digits)) <= hrefLimit {
			u.shift(fieldPathStart, u.splice(start, end, mark, digits))
			u.assertInvariants("a setter")
			return nil
		}
	}
	var p parser
	u.startOverride(&p, value, statePort, len(":65535"))
	if value == "" {
		p.setPort("")
		u.commit(&p)
		return nil
	}
	return u.runOverride(op, value, &p, PortInvalid)
}

// plainPort returns the port that the port state with state override
// sets from value, in its shortest decimal form, or "" when it is the
// default port of scheme, if value starts with at most 65535 in ASCII
// digits, which no tab or newline follows (preprocessing would remove
// it and join the digits after it): what comes after the digits is
// ignored. Else it returns false, and the parser decides.
// https://url.spec.whatwg.org/#port-state
func plainPort(value string, scheme schemeType) (string, bool) {
	j := 0
	for j < len(value) && isASCIIDigit(value[j]) {
		j++
	}
	if j == 0 || j < len(value) && (value[j] == '\t' || value[j] == '\n' || value[j] == '\r') {
		return "", false
	}
	k := 0
	for k < j-1 && value[k] == '0' {
		k++
	}
	digits := value[k:j]
	if len(digits) > 5 {
		return "", false
	}
	port := 0
	for i := 0; i < len(digits); i++ {
		port = port*10 + int(digits[i]-'0')
	}
	if port > 0xFFFF {
		return "", false
	}
	if port == scheme.defaultPort() {
		return "", true
	}
	return digits, true
}

// SetPathname replaces the path with value, parsed as a path: dot
// segments are resolved, code points outside the path percent-encode set
// are encoded ("?" and "#" included).
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) SetPathname(value string) error {
	u.settle()
	const op = "set pathname"
	if u.href == "" || u.opaquePath {
		return setterError(op, value, ErrOpaquePath)
	}
	input, count := setterValue(value, PathSet)
	if input != "" && u.hostKind != HostNull && u.scheme != schemeFile {
		// In a URL with a host that is not file (no "/." prefix, no
		// Windows drive letter quirk), the path start and path states
		// with state override: for a value with no segment that starts
		// with "." or "%" and no "\\" delimiter, the path is "/" (unless
		// the value starts with it) and the value, percent-encoded with
		// the path set; for another, appendPath's walk (writePath).
		if !mayHoldDotSegment(input, u.scheme.special()) {
			mark := "/"
			if input[0] == '/' {
				mark = ""
			}
			start, end := u.pathStart, u.pathEnd()
			if uint64(len(u.href)-int(end-start)+len(mark)+len(input)+2*count) > hrefLimit {
				return setterError(op, value, ErrTooLong)
			}
			delta := u.spliceEncoded(start, end, mark, input, PathSet, count)
			u.shift(fieldQueryStart, delta)
			u.assertInvariants("a setter")
			return nil
		}
		if u.writePath(input, count) {
			return nil
		}
	}
	return u.parsePath(op, value, input, count)
}

// parsePath is SetPathname by the state machine: the path start state
// with state override on input, the cleaned value (setterValue: count
// of its bytes are in the path percent-encode set).
func (u *URL) parsePath(op, value, input string, count int) error {
	var p parser
	p.override, p.input = statePathStart, input
	p.ref, p.n = u.href, len(u.href)
	p.components = u.components
	// Empty the path: cut the output at the path (and any "/." before
	// it) and keep the query and fragment aside.
	pathEnd := u.pathEnd()
	suffix := u.href[pathEnd:]
	cut := u.pathStart
	if u.hostKind == HostNull {
		cut = u.hostEnd
	}
	// The new href is at most: up to the path, "/." (finish), the value
	// percent-encoded with the path set and a "/" before it (dot
	// segments only shorten it), and the query and fragment.
	p.truncate(int(cut))
	u.claimOutput(&p, int(cut)+3+len(input)+2*count+len(suffix), pathEnd)
	p.pathStart = cut
	p.queryStart, p.fragmentStart = 0, 0
	if p.run(statePathStart, 0) == outcomeFailure {
		u.release(&p)
		return setterError(op, value, p.failure())
	}
	if p.tooLong() || uint64(p.outLen()+len(suffix)) > hrefLimit {
		u.release(&p)
		return setterError(op, value, ErrTooLong)
	}
	p.reattach(suffix, pathEnd, u)
	u.commit(&p)
	return nil
}

// writePath is SetPathname for a URL with a host that is not file, and
// a value input that is not empty, cleaned (setterValue: count of its
// bytes are in the path percent-encode set): the path start state with
// state override (in a special URL, a first "/" or "\\" is the path's
// own; in another, a first "/"), then the path state, which appendPath
// walks (the walk the state machine's path state takes too, walkPath).
// The new path, at most a "/" and input encoded long, is written
// into an array on the stack, and spliced into the href only when it
// differs from the old one: a value that changes nothing allocates
// nothing. It reports false, doing nothing, when the state machine must
// do it: the bound passes the length limit (the state machine knows the
// exact length), or the path is too long for the array.
func (u *URL) writePath(input string, count int) bool {
	mask := uint8(delimSlash)
	i := 0
	if input[0] == '/' {
		i = 1
	}
	if u.scheme.special() {
		mask |= delimBackslash
		if input[0] == '\\' {
			i = 1
		}
	}
	start, end := u.pathStart, u.pathEnd()
	n := 1 + len(input) + 2*count
	if n > pathArray || uint64(len(u.href)-int(end-start)+n) > hrefLimit {
		return false
	}
	var buf [pathArray]byte
	path, _, _ := appendPath(buf[:0], input, i, 0, mask, math.MaxInt)
	delta := u.splice(start, end, unsafe.String(unsafe.SliceData(path), len(path)))
	u.shift(fieldQueryStart, delta)
	u.assertInvariants("a setter")
	return true
}

// pathArray is the longest path writePath writes on the stack.
const pathArray = 512

// mayHoldDotSegment reports whether SetPathname must walk input segment
// by segment (writePath): some segment starts with "." or "%" (as every
// dot segment does), or (in a special URL) input holds a "\\". Eight
// bytes at a time: a word's bytes equal to "/" shifted one byte on meet
// its bytes equal to "." or "%" where a segment starts with one, the
// last "/" of a word carried into the next (and input's start counted
// as one).
func mayHoldDotSegment(input string, special bool) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	carry := uint64(0x80) // input starts a segment
	n := len(input)
	for i := 0; i < n; i += 8 {
		// The word of input[i:i+8]; past the end, zero bytes (no
		// delimiter, no dot), not written to memory and read back.
		var w uint64
		switch {
		case n-i >= 8:
			w = load64(input[i:])
		case n >= 8: // the last eight bytes, without those seen
			w = load64(input[n-8:]) >> (8 * (i + 8 - n))
		default:
			for j := n - 1; j >= i; j-- {
				w = w<<8 | uint64(input[j])
			}
		}
		slash := bytesEqual(w, '/'*ones)
		if (slash<<8|carry)&(bytesEqual(w, '.'*ones)|bytesEqual(w, '%'*ones)) != 0 ||
			special && bytesEqual(w, '\\'*ones) != 0 {
			return true
		}
		carry = slash >> 56
	}
	return false
}

// bytesEqual returns a word with the high bit set in each byte where w
// and pattern are equal, and no other bit: exact, with no carry from one
// byte into the next.
func bytesEqual(w, pattern uint64) uint64 {
	const lows = 0x7F7F7F7F7F7F7F7F
	x := w ^ pattern
	return ^((x&lows + lows) | x | lows)
}

// reattach appends suffix, the tail of u's href from offset from that a
// setter cut off, and moves the query and fragment offsets that lay in
// it to where they now are.
func (p *parser) reattach(suffix string, from uint32, u *URL) {
	at := uint32(p.outLen())
	p.writeString(suffix)
	if u.queryStart != 0 && u.queryStart >= from {
		p.queryStart = at + (u.queryStart - from)
	}
	if u.fragmentStart != 0 && u.fragmentStart >= from {
		p.fragmentStart = at + (u.fragmentStart - from)
	}
}

// SetSearch sets the query from value, without its leading "?" if any,
// percent-encoded with the (special-)query percent-encode set; ""
// removes the query. The URL's [SearchParams] follow.
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) SetSearch(value string) error {
	u.settle()
	if u.href == "" {
		return setterError("set search", value, ErrInvalidValue)
	}
	if value == "" {
		u.setQuery("", false)
		if sp := u.setterSearchParams(); sp != nil {
			sp.reset("")
		}
		return nil
	}
	input := value
	if input[0] == '?' {
		input = input[1:]
	}
	set := querySet(u.scheme)
	// The query state with state override, whose only step is to
	// percent-encode each code point (UTF-8: a setter has no other
	// encoding) and append it to the query: the query is the value,
	// cleaned and encoded.
	input, count := setterValue(input, set)
	start, end := u.pathEnd(), u.queryEnd()
	if uint64(len(u.href)-int(end-start)+1+len(input)+2*count) > hrefLimit {
		return setterError("set search", value, ErrTooLong)
	}
	delta := u.spliceEncoded(start, end, "?", input, set, count)
	u.shift(fieldFragmentStart, delta)
	u.queryStart = start
	u.assertInvariants("a setter")
	if sp := u.setterSearchParams(); sp != nil {
		// The spec parses the value; browsers (and WPT) parse the value
		// as the parser saw it, without tabs and newlines: the query.
		q, _ := u.RawQuery()
		sp.reset(q)
	}
	return nil
}

// SetHash sets the fragment from value, without its leading "#" if any,
// percent-encoded with the fragment percent-encode set; "" removes the
// fragment.
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) SetHash(value string) error {
	u.settle()
	if u.href == "" {
		return setterError("set hash", value, ErrInvalidValue)
	}
	start := u.queryEnd()
	if value == "" {
		u.splice(start, uint32(len(u.href)))
		u.fragmentStart = 0
		u.assertInvariants("a setter")
		return nil
	}
	input := value
	if input[0] == '#' {
		input = input[1:]
	}
	// The fragment state with state override: each code point
	// percent-encoded with the fragment percent-encode set and appended
	// to the fragment.
	input, count := setterValue(input, FragmentSet)
	if uint64(int(start)+1+len(input)+2*count) > hrefLimit {
		return setterError("set hash", value, ErrTooLong)
	}
	u.spliceEncoded(start, uint32(len(u.href)), "#", input, FragmentSet, count)
	u.fragmentStart = start
	u.assertInvariants("a setter")
	return nil
}

// setterValue is the basic URL parser's preprocessing of a setter's
// value (tabs and newlines removed, invalid UTF-8 read as U+FFFD; no
// stripping with a state override), with the number of bytes of the
// result in set: each becomes three when percent-encoded. One pass over
// value when it needs no cleaning, which is the common case.
func setterValue(value string, set EncodeSet) (input string, count int) {
	nonASCII := false
	for i := scan(value, 0, &percentTable, set); i < len(value); i++ {
		// Every set holds the C0 controls and all bytes >= 0x80 (see
		// percent.go), so the bytes preprocessing changes are counted
		// here.
		if c := value[i]; percentTable[c]&set != 0 {
			count++
			switch {
			case c == '\t' || c == '\n' || c == '\r':
				return cleanSetterValue(value, set)
			case c >= utf8.RuneSelf:
				nonASCII = true
			}
		}
	}
	if nonASCII && !utf8.ValidString(value) {
		return cleanSetterValue(value, set)
	}
	return value, count
}

// cleanSetterValue is setterValue for a value preprocessing changes.
func cleanSetterValue(value string, set EncodeSet) (string, int) {
	var p parser
	p.preprocessOverride(value)
	return p.input, countInSet(p.input, set)
}

// spliceEncoded replaces href[start:end] with mark and s percent-encoded
// with set (count is the number of bytes of s in set), written into u's
// href buffer (newHref: an allocation only when its room runs out), or
// nowhere when that changes nothing, and returns the change in length. The caller moves the offsets.
func (u *URL) spliceEncoded(start, end uint32, mark, s string, set EncodeSet, count int) int {
	n := len(mark) + len(s) + 2*count
	old := u.href[start:end]
	if n == len(old) && old[:len(mark)] == mark &&
		(count == 0 && old[len(mark):] == s || count > 0 && equalEncoded(old[len(mark):], s, set)) {
		return 0
	}
	// The new href, of its exact length, filled by copies (and the
	// encoder, which then writes exactly 2*count bytes more than s).
	var b []byte
	if mark == "#" && u.buf == nil {
		// A fragment set on a URL without a buffer (a URL that Parse
		// made, not one reused through SetHref: reusedHrefBuf): no
		// setter adds after a fragment, so a buffer would keep no room,
		// and its 8-byte header would often move the href into the next
		// size class. The href alone, as before there were buffers.
		b = make([]byte, len(u.href)-len(old)+n)
		copy(b, u.href[:start])
	} else {
		b = u.newHref(len(u.href)-len(old)+n, int(start), end, mark == "#" || u.fragmentFrom(end))
	}
	k := int(start)
	if len(mark) == 1 { // "?", "#" or "/": a store, not a call
		b[k] = mark[0]
		k++
	} else {
		k += copy(b[k:], mark)
	}
	if count == 0 {
		k += copy(b[k:], s)
	} else {
		enc, _ := appendEncodedRun(b[k:k], s, set, false)
		k += len(enc)
	}
	copy(b[k:], u.href[end:])
	u.setHrefBytes(b)
	return n - len(old)
}

// equalEncoded reports whether enc is s percent-encoded with set, whose
// encoding is known to be as long as enc.
func equalEncoded(enc, s string, set EncodeSet) bool {
	j := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if percentTable[c]&set == 0 {
			if enc[j] != c {
				return false
			}
			j++
			continue
		}
		if enc[j] != '%' || enc[j+1] != upperHex[c>>4] || enc[j+2] != upperHex[c&15] {
			return false
		}
		j += 3
	}
	return true
}

// setQuery sets the query to an already encoded string, or to null.
func (u *URL) setQuery(query string, nonNull bool) {
	start := u.pathEnd()
	mark := ""
	if nonNull {
		mark = "?"
	}
	delta := u.splice(start, u.queryEnd(), mark, query)
	u.shift(fieldFragmentStart, delta)
	if nonNull {
		u.queryStart = start
	} else {
		u.queryStart = 0
	}
	u.assertInvariants("a setter")
}

// SearchParams returns the URL's query as a live URLSearchParams object:
// the same object every time; changing it updates the URL's query, and
// [URL.SetSearch] and [URL.SetHref] update it. The zero URL's SearchParams
// change only their list (see [URL]). For what may run concurrently, see
// [URL]. https://url.spec.whatwg.org/#dom-url-searchparams
//
// Cost: a change runs the list operation of the standard and only marks
// the URL's href out of date. Append takes amortized constant time; Set
// and Delete of a name the list holds take time linear in the length of
// the list, as they scan and compact it, and of a name it does not hold,
// constant time (the list counts its names once it is long); Sort takes
// O(n log n). The first read of the href, the search or the
// query after any number of changes ([URL.Href], String, [URL.Search],
// RawQuery, [URL.HrefWithoutFragment], the Marshal and Append methods,
// [URL.NetURL], Clone, and so on) runs the update steps once, in time
// linear in the length of the href. So n calls of Append and then a read
// cost O(n + len(href)), not O(n × len(href)); a read after every change
// costs O(len(href)) per change, as building a new href must. The other
// getters (Host, [URL.Pathname], [URL.Hash], ...) read what no change to
// the SearchParams touches, and never pay it.
//
// A URL copied by value (v = append(v, *u), or as [flag.TextVar] copies
// its default) does not share the original's object: it gets its own on
// first use (docs/values.md).
func (u *URL) SearchParams() *SearchParams {
	for {
		old := u.loadSearchParams()
		if old != nil && old.url == u {
			return old
		}
		q, _ := u.RawQuery()
		sp := &SearchParams{url: u}
		sp.parse(q, false)
		if atomic.CompareAndSwapPointer(u.searchParamsAddr(), unsafe.Pointer(old), unsafe.Pointer(sp)) {
			return sp
		}
	}
}

// searchParamsAddr is the address of u.searchParams for sync/atomic's
// pointer functions.
func (u *URL) searchParamsAddr() *unsafe.Pointer {
	return (*unsafe.Pointer)(unsafe.Pointer(&u.searchParams))
}

// loadSearchParams is the atomic load of u.searchParams, for readers of
// u, which may meet another reader's first call of SearchParams.
func (u *URL) loadSearchParams() *SearchParams {
	return (*SearchParams)(atomic.LoadPointer(u.searchParamsAddr()))
}

// setterSearchParams returns the SearchParams object made for u, or nil
// if none was (or the one held came with a copy of another URL). It is
// for a setter, which (see [URL]) runs alone: nothing else uses the URL
// meanwhile, so a plain load
// of the pointer does, and unlike the atomic load it does not make the
// URL escape to the heap (a URL parsed, set and dropped stays on the
// caller's stack).
func (u *URL) setterSearchParams() *SearchParams {
	if sp := u.searchParams; sp != nil && sp.url == u {
		return sp
	}
	return nil
}

// hostGrowth bounds how much longer than value a host (and the "//"
// before it, where there was none) may serialize: an IPv4 address such
// as "1" becomes "0.0.0.1", and a non-ASCII label its Punycode form
// with "xn--". A longer host only costs the buffer a second allocation.
func hostGrowth(value string) int {
	return len(value) + 24
}

// upperHex are the digits of a percent-encoded byte.
const upperHex = "0123456789ABCDEF"
