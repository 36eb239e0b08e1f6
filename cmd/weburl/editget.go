package main

import (
	"strings"

	url "github.com/weburl/url"
)

// getMods are the modifiers of a --get variable ({default:port},
// {:path}, ...), some of which options set for every variable.
type getMods struct {
	encoded bool // "url:" or ":": as the href has it, percent-encoded
	def     bool // "default:": the scheme's default port when there is none
	puny    bool // "puny:": the host in ASCII (Punycode), as the href has it
	idn     bool // "idn:": the host in Unicode where the display rules say it is safe
	strict  bool // "strict:": a value that cannot be decoded is an error
	must    bool // "must:": a missing component is an error
}

// urlString returns the URL as weburl prints it: the href, with the
// default port written out for --default-port (or "default:") and
// --keep-port, and the host in Unicode for --as-idn (or "idn:").
func (r *editRun) urlString(e *editURL, m getMods) string {
	o := r.opts
	u := e.u
	port := ""
	if u.Port() == "" {
		if d := defaultPort(u.Scheme()); d != "" {
			if m.def || o.defaultPort || (o.keepPort && e.port == d) {
				port = d
			}
		}
	}
	host := ""
	if (m.idn || o.asIDN) && !m.puny {
		if h := r.unicodeHost(u); h != u.Hostname() {
			host = h
		}
	}
	if port == "" && host == "" {
		return u.Href()
	}
	return hrefWith(u, port, host)
}

// unicodeHost returns u's hostname in Unicode where URL.Display's rules
// (display.go: the spoof checks) show it so, and says on standard error
// why a Punycode label stays as it is.
func (r *editRun) unicodeHost(u *url.URL) string {
	h := u.Hostname()
	if u.HostKind() != url.HostDomain || !strings.Contains(h, "xn--") {
		return h
	}
	shown := u.Display(url.DisplayOptions{Mode: url.DisplayHost})
	uni, err := url.ToUnicode(h)
	switch {
	case err != nil:
		r.note("--as-idn: %s stays in Punycode: %v", h, err)
	case shown != uni:
		var kept []string
		sl, ul := strings.Split(shown, "."), strings.Split(uni, ".")
		for i := range sl {
			if i < len(ul) && sl[i] != ul[i] {
				kept = append(kept, sl[i]+" ("+ul[i]+")")
			}
		}
		r.note("--as-idn: %s: %s kept in Punycode: the display rules (URL.Display's spoof checks) do not show it in Unicode", h, strings.Join(kept, ", "))
	}
	return shown
}

// component returns a component's value for --get and --json: present
// reports whether the URL has it (a missing one prints as ""), badDecode
// whether its decoded form holds a NUL byte, which --get cannot show.
func (r *editRun) component(e *editURL, id compID, whatwg bool, m getMods) (v string, present, badDecode bool) {
	u := e.u
	if whatwg {
		switch id {
		case compURL:
			v = u.Href()
		case compScheme:
			v = u.Protocol()
		case compUser:
			v = u.Username()
		case compPassword:
			v = u.Password()
		case compHost:
			v = u.Hostname()
		case compPort:
			v = u.Port()
		case compPath:
			v = u.Pathname()
		case compQuery:
			v = u.Search()
		case compFragment:
			v = u.Hash()
		}
		return v, v != "", false
	}
	switch id {
	case compURL:
		return r.urlString(e, m), true, false
	case compScheme:
		return u.Scheme(), true, false
	case compHost:
		if u.HostKind() == url.HostNull {
			return "", false, false
		}
		v = u.Hostname()
		if (m.idn || r.opts.asIDN) && !m.puny {
			v = r.unicodeHost(u)
		}
		return v, v != "", false
	case compPort:
		v = u.Port()
		if d := defaultPort(u.Scheme()); v == "" && d != "" && (m.def || r.opts.defaultPort || (r.opts.keepPort && e.port == d)) {
			v = d
		}
		return v, v != "", false
	case compUser:
		v = u.Username()
		present = v != ""
	case compPassword:
		v = u.Password()
		present = v != ""
	case compPath:
		v, present = u.Pathname(), true
	case compQuery:
		v, present = u.RawQuery()
	case compFragment:
		v, present = u.Fragment()
	default: // options, zoneid: the URL Standard has neither
		return "", false, false
	}
	if m.encoded || r.opts.urlencode || strings.IndexByte(v, '%') < 0 {
		return v, present, false
	}
	v = url.PercentDecodeString(v)
	if strings.IndexByte(v, 0) >= 0 {
		return "", present, true
	}
	return v, present, false
}

// writeGet prints the --get template for e, as trurl's get does.
func (r *editRun) writeGet(e *editURL) *exitError {
	f := *r.opts.format
	b := r.buf[:0]
	var open, close byte
	for i := 0; i < len(f); {
		c := f[i]
		if open == 0 && (c == '{' || c == '[') {
			open, close = c, '}'
			if c == '[' {
				close = ']'
			}
		}
		switch {
		case open != 0 && c == open:
			if i+1 < len(f) && f[i+1] == open {
				b = append(b, open)
				i += 2
				continue
			}
			j := strings.IndexByte(f[i:], close)
			if j < 0 {
				b = append(b, open)
				i++
				continue
			}
			var xerr *exitError
			b, xerr = r.variable(b, e, f[i:i+j+1])
			if xerr != nil {
				return xerr
			}
			i += j + 1
		case c == '\\' && i+1 < len(f):
			switch f[i+1] {
			case 'r':
				b = append(b, '\r')
			case 'n':
				b = append(b, '\n')
			case 't':
				b = append(b, '\t')
			case '\\', '{', '[':
				b = append(b, f[i+1])
			default:
				b = append(b, c, f[i+1])
			}
			i += 2
		default:
			b = append(b, c)
			i++
		}
	}
	b = append(b, '\n')
	r.buf = b
	r.out.Write(b)
	return nil
}

// variable appends the value of one {variable} (with its brackets in
// v) to b.
func (r *editRun) variable(b []byte, e *editURL, v string) ([]byte, *exitError) {
	inner := v[1 : len(v)-1]
	var m getMods
	if strings.HasPrefix(inner, ":") {
		m.encoded = true
		inner = inner[1:]
	}
	query, all := false, false
	for !query {
		k := strings.IndexByte(inner, ':')
		if k < 0 {
			break
		}
		switch inner[:k] {
		case "default":
			m.def = true
		case "puny":
			if m.idn {
				return b, exitf(exitGet, "puny modifier is mutually exclusive with idn")
			}
			m.puny = true
		case "idn":
			if m.puny {
				return b, exitf(exitGet, "idn modifier is mutually exclusive with puny")
			}
			m.idn = true
		case "strict":
			m.strict = true
		case "must":
			m.must = true
		case "url":
			m.encoded = true
		case "query":
			query = true
		case "query-all":
			query, all = true, true
		default:
			return b, exitf(exitGet, "Bad --get syntax: %s", v)
		}
		inner = inner[k+1:]
	}
	if query {
		q, _ := e.u.RawQuery()
		raw := m.encoded || r.opts.urlencode
		for i, val := range queryValues(q, r.opts.qsep, inner, raw, all) {
			if i > 0 {
				b = append(b, ' ')
			}
			if !raw {
				// trurl shows a NUL byte of a decoded value as ".".
				val = strings.ReplaceAll(val, "\x00", ".")
			}
			b = append(b, val...)
		}
		return b, nil
	}
	if inner == "" {
		return b, exitf(exitGet, "Bad --get syntax: %s", v)
	}
	id, whatwg, ok := lookupComponent(inner)
	if !ok {
		return b, exitf(exitGet, "%q is not a recognized URL component", inner)
	}
	val, present, badDecode := r.component(e, id, whatwg, m)
	switch {
	case badDecode && m.strict:
		return b, exitf(exitGet, "problems URL decoding %s", inner)
	case badDecode:
		r.note("URL decode error, most likely because of rubbish in the input (%s)", inner)
	case !present && m.must:
		return b, exitf(exitGet, "missing must:%s", inner)
	}
	return append(b, val...), nil
}
