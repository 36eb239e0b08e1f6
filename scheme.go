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
	if p := schemeTypeOf(scheme).defaultPort(); p >= 0 {
		return strconv.Itoa(p)
	}
	return ""
}
