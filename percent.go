package url

import "github.com/weburl/url/internal/percent"

// Percent-encoding (URL Standard, section 1.3).
// https://url.spec.whatwg.org/#percent-encoded-bytes

// EncodeSet is one of the percent-encode sets of the URL Standard. Each set
// is one bit of a 256-entry table, so "must this byte be encoded in set S"
// is a single load and AND. Every byte >= 0x80 is in every set: a non-ASCII
// code point is always encoded as the percent-encoding of its UTF-8 bytes.
//
// The sets are constants: they cannot be changed by a caller.
type EncodeSet uint8

const (
	// C0ControlSet is the C0 control percent-encode set: the C0 controls
	// and every code point greater than U+007E (~).
	// https://url.spec.whatwg.org/#c0-control-percent-encode-set
	C0ControlSet EncodeSet = 1 << iota
	// FragmentSet is the fragment percent-encode set: the C0 control set
	// and space, ", <, > and `.
	// https://url.spec.whatwg.org/#fragment-percent-encode-set
	FragmentSet
	// QuerySet is the query percent-encode set: the C0 control set and
	// space, ", #, < and >.
	// https://url.spec.whatwg.org/#query-percent-encode-set
	QuerySet
	// SpecialQuerySet is the special-query percent-encode set: the query
	// set and '.
	// https://url.spec.whatwg.org/#special-query-percent-encode-set
	SpecialQuerySet
	// PathSet is the path percent-encode set: the query set and ?, ^, `,
	// { and }.
	// https://url.spec.whatwg.org/#path-percent-encode-set
	PathSet
	// UserinfoSet is the userinfo percent-encode set: the path set and
	// /, :, ;, =, @, [ to ], and |.
	// https://url.spec.whatwg.org/#userinfo-percent-encode-set
	UserinfoSet
	// ComponentSet is the component percent-encode set: the userinfo set
	// and $ to &, + and ,. UTF-8 percent-encoding with it gives the same
	// result as JavaScript's encodeURIComponent.
	// https://url.spec.whatwg.org/#component-percent-encode-set
	ComponentSet
	// FormURLEncodedSet is the application/x-www-form-urlencoded
	// percent-encode set: every code point but the ASCII alphanumerics,
	// *, -, . and _.
	// https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
	FormURLEncodedSet
)

// encodeSetMembers writes each set in the spec's own terms: the set it
// extends and the ASCII code points it adds. percentTable is built from it
// by a constant expression, and TestEncodeSetTable checks the result
// against an independent reading of the definitions.
var encodeSetMembers = [...]struct {
	set     EncodeSet
	extends EncodeSet // 0 for the C0 control set
	adds    string
}{
	{C0ControlSet, 0, ""}, // plus C0 controls and > U+007E, added below
	{FragmentSet, C0ControlSet, " \"<>`"},
	{QuerySet, C0ControlSet, " \"#<>"},
	{SpecialQuerySet, QuerySet, "'"},
	{PathSet, QuerySet, "?^`{}"},
	{UserinfoSet, PathSet, "/:;=@[\\]|"},
	{ComponentSet, UserinfoSet, "$%&+,"},
	{FormURLEncodedSet, ComponentSet, "!'()~"},
}

// percentTable[b] has the bit of every set that contains byte b.
var percentTable = buildPercentTable()

func buildPercentTable() (t [256]EncodeSet) {
	for _, m := range encodeSetMembers {
		for b := 0; b < 256; b++ {
			if m.extends == 0 {
				if b < 0x20 || b > 0x7E {
					t[b] |= m.set
				}
				continue
			}
			if t[b]&m.extends != 0 {
				t[b] |= m.set
			}
		}
		for i := 0; i < len(m.adds); i++ {
			t[m.adds[i]] |= m.set
		}
	}
	return t
}

// Contains reports whether byte b is in the set. Bytes >= 0x80 are in
// every set.
func (s EncodeSet) Contains(b byte) bool { return percentTable[b]&s != 0 }

// String returns the set's name as the URL Standard writes it.
func (s EncodeSet) String() string {
	switch s {
	case C0ControlSet:
		return "C0 control percent-encode set"
	case FragmentSet:
		return "fragment percent-encode set"
	case QuerySet:
		return "query percent-encode set"
	case SpecialQuerySet:
		return "special-query percent-encode set"
	case PathSet:
		return "path percent-encode set"
	case UserinfoSet:
		return "userinfo percent-encode set"
	case ComponentSet:
		return "component percent-encode set"
	case FormURLEncodedSet:
		return "application/x-www-form-urlencoded percent-encode set"
	}
	return "EncodeSet(invalid)"
}

// countInSet returns how many bytes of s are in set.
func countInSet(s string, set EncodeSet) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if percentTable[s[i]]&set != 0 {
			n++
		}
	}
	return n
}

// needsEncoding reports the index of the first byte of s in set, or -1.
func needsEncoding(s string, set EncodeSet) int {
	if i := scan(s, 0, &percentTable, set); i < len(s) {
		return i
	}
	return -1
}

// PercentEncode returns s with every byte in set percent-encoded: the
// URL Standard's UTF-8 percent-encode of a string
// (https://url.spec.whatwg.org/#string-utf-8-percent-encode). Bytes of s
// that are not valid UTF-8 are encoded as they are. When nothing needs
// encoding, s itself is returned and nothing is allocated.
func PercentEncode(s string, set EncodeSet) string {
	i := needsEncoding(s, set)
	if i < 0 {
		return s
	}
	buf := make([]byte, 0, len(s)+16)
	buf = append(buf, s[:i]...)
	buf, _ = appendEncodedRun(buf, s[i:], set, false)
	return string(buf)
}

// PercentEncodeBytes appends the percent-encoding of b in set to dst and
// returns the extended slice, as strconv's Append functions do.
func PercentEncodeBytes(dst, b []byte, set EncodeSet) []byte {
	return percent.Append(dst, b, &percentTable, set, false)
}

// PercentDecode returns the percent-decoding of b
// (https://url.spec.whatwg.org/#percent-decode): every "%" followed by two
// ASCII hex digits becomes the byte they denote; any other "%" is kept as
// it is. It never fails. b is not modified; when it holds no
// percent-encoded byte, b itself is returned.
func PercentDecode(b []byte) []byte {
	i := firstEscape(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	out = append(out, b[:i]...)
	return appendPercentDecoded(out, b[i:])
}

// PercentDecodeString is the percent-decoding of a string
// (https://url.spec.whatwg.org/#string-percent-decode), as a string. The
// result may not be valid UTF-8. When s holds no percent-encoded byte, s
// itself is returned.
func PercentDecodeString(s string) string {
	i := firstEscape(s)
	if i < 0 {
		return s
	}
	out := make([]byte, 0, len(s))
	out = append(out, s[:i]...)
	return string(appendPercentDecoded(out, s[i:]))
}

// firstEscape returns the index of the first percent-encoded byte in s,
// or -1.
func firstEscape[T string | []byte](s T) int {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) {
			return i
		}
	}
	return -1
}

// appendPercentDecoded appends the percent-decoding of s to dst.
func appendPercentDecoded[T string | []byte](dst []byte, s T) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		}
		dst = append(dst, c)
	}
	return dst
}

// isHex and unhex are the core's, under the names the parser's files use.
func isHex(c byte) bool { return percent.IsHex(c) }

func unhex(c byte) byte { return percent.Unhex(c) }
