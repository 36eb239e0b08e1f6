package url

import "strconv"

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
