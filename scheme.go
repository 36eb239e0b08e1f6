package url

import (
	"strconv"

	"github.com/weburl/url/internal/ascii"
)

// schemeType tells the special schemes apart from the others: it is
// the index of the scheme's row in specialSchemes, 0 (schemeOther) for a
// scheme that is not special.
// https://url.spec.whatwg.org/#special-scheme
type schemeType uint8

// The special schemes the code names; their values are their rows in
// specialSchemes.
const (
	schemeOther schemeType = iota
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
	schemeFTP
	schemeFile
)

// specialSchemes is the URL Standard's table of special schemes and their
// default ports, the one place that lists them: the parser, the fast path,
// the origin, the canonicalizers and the setters read it through
// schemeTypeOf, special, defaultPort and tupleOrigin. A new special scheme
// is a row here (a constant above only if the code names it).
// https://url.spec.whatwg.org/#special-scheme
var specialSchemes = [...]struct {
	name string // lowercase
	port int    // the default port; -1 for none
}{
	schemeOther: {"", -1},
	schemeHTTP:  {"http", 80},
	schemeHTTPS: {"https", 443},
	schemeWS:    {"ws", 80},
	schemeWSS:   {"wss", 443},
	schemeFTP:   {"ftp", 21},
	schemeFile:  {"file", -1},
}

// schemeTypeOf returns the row of specialSchemes whose name is s, ASCII
// case-insensitively (the parser lowercases the scheme as it copies it),
// or schemeOther.
func schemeTypeOf(s string) schemeType {
	for t := schemeType(1); int(t) < len(specialSchemes); t++ {
		if name := specialSchemes[t].name; len(name) == len(s) && asciiEqualFold(s, name) {
			return t
		}
	}
	return schemeOther
}

// asciiEqualFold reports whether s equals lower, which is lowercase
// ASCII, ignoring the case of the ASCII letters of s.
func asciiEqualFold(s, lower string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		c = ascii.LowerByte(c)
		if c != lower[i] {
			return false
		}
	}
	return true
}

func (s schemeType) special() bool { return s != schemeOther }

// defaultPort returns the scheme's default port, or -1 when it has none.
// https://url.spec.whatwg.org/#default-port
func (s schemeType) defaultPort() int { return specialSchemes[s].port }

// tupleOrigin reports whether a URL of the scheme has a tuple origin of
// its own: the special schemes but file (whose origin the standard leaves
// to the implementation, and which is opaque here).
// https://url.spec.whatwg.org/#concept-url-origin
func (s schemeType) tupleOrigin() bool { return s.special() && s != schemeFile }

// DefaultPort returns the default port of scheme in the URL Standard's
// table of special schemes ("80" for http and ws, "443" for https and
// wss, "21" for ftp), or "" for a scheme that has none: file, and every
// scheme that is not special. The scheme is given without its ":" and
// matched ASCII case-insensitively. It is the port that [Parse] and
// [URL.SetPort] drop, so that [URL.Port] is "" for it.
// https://url.spec.whatwg.org/#default-port
func DefaultPort(scheme string) string {
	return defaultPortText(schemeTypeOf(scheme))
}

// defaultPortText is the scheme's default port in decimal, "" for none,
// without an allocation for the ports of the table (the command line
// asks once a URL).
func defaultPortText(s schemeType) string {
	switch p := s.defaultPort(); p {
	case -1:
		return ""
	case 21:
		return "21"
	case 80:
		return "80"
	case 443:
		return "443"
	default:
		return strconv.Itoa(p)
	}
}
