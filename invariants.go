package url

import (
	"errors"
	"fmt"
	"strings"
)

// checkInvariants verifies that the offsets describe the href: every
// component sits where the serializer would put it, and the getters
// reassemble the href. The tests and the fuzzer run it after every parse
// and every setter.
func (u *URL) checkInvariants() error {
	if u.pending != nil {
		// The getters of the parts before the query read u, the others
		// the URL the update steps made: both must agree on those parts.
		v := u.current()
		c, d := u.components, v.components
		c.queryStart, c.fragmentStart, d.queryStart, d.fragmentStart = 0, 0, 0, 0
		if c != d || u.href[:u.pathEnd()] != v.href[:v.pathEnd()] {
			return fmt.Errorf("stale href %q and its update %q differ before the query", u.href, v.href)
		}
		u = v
	}
	h := u.href
	if h == "" {
		if u.components != (components{}) {
			return errors.New("empty href with non-zero offsets")
		}
		return nil
	}
	for i := 0; i < len(h); i++ {
		// Only an opaque path may hold a space; everything else outside
		// printable ASCII is percent-encoded.
		if c := h[i]; c > '~' || c < ' ' || c == ' ' && !u.opaquePath {
			return fmt.Errorf("href byte %d is %#x, not printable ASCII", i, c)
		}
	}
	n := uint32(len(h))
	if u.schemeEnd == 0 || u.schemeEnd >= n || h[u.schemeEnd] != ':' {
		return fmt.Errorf("schemeEnd %d does not point at ':'", u.schemeEnd)
	}
	scheme := h[:u.schemeEnd]
	if !isASCIIAlpha(scheme[0]) || strings.ToLower(scheme) != scheme {
		return fmt.Errorf("scheme %q is not a lowercase scheme", scheme)
	}
	for i := 0; i < len(scheme); i++ {
		if !isSchemeByte(scheme[i]) {
			return fmt.Errorf("scheme %q has byte %q", scheme, scheme[i])
		}
	}
	if schemeTypeOf(scheme) != u.scheme {
		return fmt.Errorf("scheme %q recorded as type %d", scheme, u.scheme)
	}
	if !(u.schemeEnd < u.usernameEnd && u.usernameEnd <= u.hostStart && u.hostStart <= u.hostEnd && u.hostEnd <= u.pathStart && u.pathStart <= n) {
		return fmt.Errorf("offsets out of order: %+v (len %d)", u.components, n)
	}
	if u.hostKind == HostNull {
		if u.usernameEnd != u.schemeEnd+1 || u.hostStart != u.usernameEnd || u.hostEnd != u.hostStart {
			return fmt.Errorf("null host with authority offsets %+v", u.components)
		}
		if u.pathStart != u.hostEnd && !(u.pathStart == u.hostEnd+2 && h[u.hostEnd:u.pathStart] == "/.") {
			return fmt.Errorf("null host, but %q before the path", h[u.hostEnd:u.pathStart])
		}
		if u.scheme.special() {
			return errors.New("special URL with a null host")
		}
	} else {
		if h[u.schemeEnd+1:u.schemeEnd+3] != "//" {
			return errors.New("host without \"//\"")
		}
		if u.hostStart > u.schemeEnd+3 {
			if h[u.hostStart-1] != '@' {
				return errors.New("credentials not followed by '@'")
			}
			if u.usernameEnd != u.hostStart-1 && h[u.usernameEnd] != ':' {
				return errors.New("username not followed by ':' or '@'")
			}
			if u.Username() == "" && u.Password() == "" {
				return errors.New("'@' with empty credentials")
			}
		} else if u.usernameEnd != u.hostStart {
			return errors.New("username without '@'")
		}
		if (u.hostKind == HostEmpty) != (u.hostStart == u.hostEnd) {
			return fmt.Errorf("host kind %v for host %q", u.hostKind, h[u.hostStart:u.hostEnd])
		}
		if u.scheme.special() && u.scheme != schemeFile && u.hostKind == HostEmpty {
			return errors.New("special URL with an empty host")
		}
		if port := h[u.hostEnd:u.pathStart]; port != "" {
			if port[0] != ':' || len(port) < 2 || len(port) > 6 || port[1] == '0' && len(port) > 2 {
				return fmt.Errorf("bad port text %q", port)
			}
			v := 0
			for _, c := range []byte(port[1:]) {
				if !isASCIIDigit(c) {
					return fmt.Errorf("bad port text %q", port)
				}
				v = v*10 + int(c-'0')
			}
			if v > 65535 || v == u.scheme.defaultPort() {
				return fmt.Errorf("port %d out of range or default", v)
			}
		}
	}
	pathEnd := u.pathEnd()
	if u.queryStart != 0 && (u.queryStart < u.pathStart || h[u.queryStart] != '?') {
		return fmt.Errorf("queryStart %d does not point at '?'", u.queryStart)
	}
	if u.fragmentStart != 0 && (u.fragmentStart < u.pathStart || u.fragmentStart < u.queryStart || h[u.fragmentStart] != '#') {
		return fmt.Errorf("fragmentStart %d does not point at '#'", u.fragmentStart)
	}
	path := h[u.pathStart:pathEnd]
	if u.opaquePath {
		if u.hostKind != HostNull || strings.HasPrefix(path, "/") && u.pathStart == u.schemeEnd+1 {
			return errors.New("opaque path with a host or a leading '/'")
		}
	} else {
		if path != "" && path[0] != '/' {
			return fmt.Errorf("path %q does not start with '/'", path)
		}
		if u.scheme.special() && path == "" {
			return errors.New("special URL with an empty path")
		}
		if u.hostKind == HostNull && (u.pathStart == u.hostEnd+2) != strings.HasPrefix(path, "//") {
			return errors.New(`"/." prefix present where not needed, or missing`)
		}
		if strings.ContainsAny(path, "?#") {
			return fmt.Errorf("path %q holds '?' or '#'", path)
		}
	}
	if u.queryStart != 0 && strings.Contains(h[u.queryStart:u.queryEnd()], "#") {
		return errors.New("query holds '#'")
	}
	// The getters reassemble the href.
	var b strings.Builder
	b.WriteString(u.Protocol())
	if u.hostKind != HostNull {
		b.WriteString("//")
		if u.Username() != "" || u.Password() != "" {
			b.WriteString(u.Username())
			if u.Password() != "" {
				b.WriteString(":" + u.Password())
			}
			b.WriteString("@")
		}
		b.WriteString(u.Host())
	} else if u.pathStart == u.hostEnd+2 {
		b.WriteString("/.")
	}
	b.WriteString(path)
	if q, ok := u.RawQuery(); ok {
		b.WriteString("?" + q)
	}
	if f, ok := u.Fragment(); ok {
		b.WriteString("#" + f)
	}
	if b.String() != h {
		return fmt.Errorf("components reassemble to %q, not %q", b.String(), h)
	}
	return nil
}
