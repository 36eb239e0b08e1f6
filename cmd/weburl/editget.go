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
	// The flags first: the scheme's lookup costs a tenth of a --set line.
	if (m.def || o.defaultPort || o.keepPort && e.port != "") && u.Port() == "" {
		if d := url.DefaultPort(u.Scheme()); d != "" {
			if m.def || o.defaultPort || e.port == d {
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
		if d := url.DefaultPort(u.Scheme()); v == "" && d != "" && (m.def || r.opts.defaultPort || (r.opts.keepPort && e.port == d)) {
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

// getPart is a piece of a --get template: text, or a variable.
type getPart struct {
	text   string // the text, or the variable as written
	isVar  bool
	id     compID
	whatwg bool
	m      getMods
	query  bool   // {query:name} or {query-all:name}
	all    bool   // {query-all:name}
	name   string // the query pair's name, or the component's
}

// compileGet reads a --get template, as trurl's get does, into its
// parts, once for all URLs.
func compileGet(f string) ([]getPart, *exitError) {
	var parts []getPart
	var text []byte
	flush := func() {
		if len(text) > 0 {
			parts = append(parts, getPart{text: string(text)})
			text = text[:0]
		}
	}
	var open, close byte
	unclosed := false // no close bracket after here: an open one is text
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
				text = append(text, open)
				i += 2
				continue
			}
			j := -1
			if !unclosed {
				j = strings.IndexByte(f[i:], close)
			}
			if j < 0 {
				unclosed = true // (once found missing, it stays so: linear time)
				text = append(text, open)
				i++
				continue
			}
			p, xerr := compileVariable(f[i : i+j+1])
			if xerr != nil {
				return nil, xerr
			}
			flush()
			parts = append(parts, p)
			i += j + 1
		case c == '\\' && i+1 < len(f):
			switch f[i+1] {
			case 'r':
				text = append(text, '\r')
			case 'n':
				text = append(text, '\n')
			case 't':
				text = append(text, '\t')
			case '\\', '{', '[':
				text = append(text, f[i+1])
			default:
				text = append(text, c, f[i+1])
			}
			i += 2
		default:
			text = append(text, c)
			i++
		}
	}
	flush()
	return parts, nil
}

// compileVariable reads one {variable}, with its brackets in v.
func compileVariable(v string) (getPart, *exitError) {
	p := getPart{text: v, isVar: true}
	inner := v[1 : len(v)-1]
	if strings.HasPrefix(inner, ":") {
		p.m.encoded = true
		inner = inner[1:]
	}
	for !p.query {
		k := strings.IndexByte(inner, ':')
		if k < 0 {
			break
		}
		switch inner[:k] {
		case "default":
			p.m.def = true
		case "puny":
			if p.m.idn {
				return p, exitf(exitGet, "puny modifier is mutually exclusive with idn")
			}
			p.m.puny = true
		case "idn":
			if p.m.puny {
				return p, exitf(exitGet, "idn modifier is mutually exclusive with puny")
			}
			p.m.idn = true
		case "strict":
			p.m.strict = true
		case "must":
			p.m.must = true
		case "url":
			p.m.encoded = true
		case "query":
			p.query = true
		case "query-all":
			p.query, p.all = true, true
		default:
			return p, exitf(exitGet, "Bad --get syntax: %s", v)
		}
		inner = inner[k+1:]
	}
	p.name = inner
	if p.query {
		return p, nil
	}
	if inner == "" {
		return p, exitf(exitGet, "Bad --get syntax: %s", v)
	}
	var ok bool
	if p.id, p.whatwg, ok = lookupComponent(inner); !ok {
		return p, exitf(exitGet, "%q is not a recognized URL component", inner)
	}
	return p, nil
}

// writeGet prints the --get template for e.
func (r *editRun) writeGet(e *editURL) *exitError {
	b := r.buf[:0]
	for i := range r.get {
		p := &r.get[i]
		if !p.isVar {
			b = append(b, p.text...)
			continue
		}
		if p.query {
			q, _ := e.u.RawQuery()
			b = appendQueryValues(b, q, r.opts.qsep, p.name, p.m.encoded || r.opts.urlencode, p.all)
			continue
		}
		val, present, badDecode := r.component(e, p.id, p.whatwg, p.m)
		switch {
		case badDecode && p.m.strict:
			return exitf(exitGet, "problems URL decoding %s", p.name)
		case badDecode:
			r.note("URL decode error, most likely because of rubbish in the input (%s)", p.name)
		case !present && p.m.must:
			return exitf(exitGet, "missing must:%s", p.name)
		}
		b = append(b, val...)
	}
	b = append(b, '\n')
	r.buf = b
	r.out.Write(b)
	return nil
}
