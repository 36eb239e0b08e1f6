package main

import (
	"errors"
	"strings"

	url "github.com/weburl/url"
)

// setSpec is one --set (or one item of an --iterate): component=value,
// component:=value (value already percent-encoded) or component?=value
// (only when the component is not set).
type setSpec struct {
	id          compID
	whatwg      bool // named by its URL Standard name
	raw         bool // ":=", or a URL Standard name: the setter takes the value as it is
	conditional bool // "?="
	value       string
}

// parseSetSpec reads component[:][?]=value, as trurl's setone does.
func parseSetSpec(s string) (setSpec, *exitError) {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return setSpec{}, exitf(exitSet, "invalid --set syntax: %s", s)
	}
	name := s[:eq]
	var sp setSpec
	for len(name) > 1 {
		switch name[len(name)-1] {
		case ':':
			sp.raw = true
		case '?':
			sp.conditional = true
		default:
			goto done
		}
		name = name[:len(name)-1]
	}
done:
	id, whatwg, ok := lookupComponent(name)
	if !ok {
		return setSpec{}, exitf(exitSet, "unknown component: %s", name)
	}
	sp.id, sp.whatwg, sp.value = id, whatwg, s[eq+1:]
	if whatwg {
		sp.raw = true
	}
	return sp, nil
}

// encoded returns sp with its value percent-encoded where the setter
// would read a byte as syntax (see apply), and raw: the setter takes it
// as it is. prepare encodes each --set once, not once a line.
func (sp setSpec) encoded() setSpec {
	if sp.raw {
		return sp
	}
	switch sp.id {
	case compUser, compPassword, compFragment:
		sp.value = strings.ReplaceAll(sp.value, "%", "%25")
	case compPath:
		sp.value = strings.ReplaceAll(strings.ReplaceAll(sp.value, "%", "%25"), `\`, "%5C")
	case compQuery:
		sp.value = url.PercentEncode(sp.value, url.ComponentSet)
	}
	sp.raw = true
	return sp
}

// errNoComponent is the error of a --set of a component the URL
// Standard does not have.
var errNoComponent = errors.New("the URL Standard has no such component (RFC 3986 and libcurl have it)")

// editURL is a URL being edited, with what the URL Standard does not
// keep: whether its scheme was guessed, and the port the input or a
// --set wrote (which the URL Standard drops when it is the scheme's
// default, and --keep-port shows).
type editURL struct {
	u             *url.URL
	schemeGuessed bool
	port          string
}

// apply does one --set through the URL Standard's setters. A value
// given with "=" is percent-encoded first where the setter would read
// a byte as syntax: "%" everywhere, "\" in the path (a special URL's
// path reads it as "/"), and the query as a single component.
func (e *editURL) apply(sp setSpec) error {
	u := e.u
	if sp.conditional && e.isSet(sp.id) {
		return nil
	}
	v := sp.value
	if !sp.raw {
		v = sp.encoded().value
	}
	switch sp.id {
	case compURL:
		err := u.SetHref(v)
		if err == nil {
			e.schemeGuessed, e.port = false, explicitPort(v)
		}
		return err
	case compScheme:
		e.schemeGuessed = false
		return e.setScheme(strings.TrimSuffix(v, ":"))
	case compUser:
		return u.SetUsername(v)
	case compPassword:
		return u.SetPassword(v)
	case compHost:
		return u.SetHostname(v)
	case compPort:
		err := u.SetPort(v)
		if err == nil {
			e.port = strings.TrimLeft(v, "0")
			if e.port == "" && v != "" {
				e.port = "0"
			}
		}
		return err
	case compPath:
		return u.SetPathname(v)
	case compQuery:
		return u.SetSearch(v)
	case compFragment:
		return u.SetHash(v)
	}
	return errNoComponent
}

// setScheme sets the scheme with the protocol setter; where the URL
// Standard's setter refuses to turn a special URL into a non-special one
// or back (as browsers do for url.protocol), the href is parsed again
// with the new scheme in place of the old, which is what trurl's --set
// scheme means.
func (e *editURL) setScheme(scheme string) error {
	u := e.u
	old := u.Href()
	err := u.SetProtocol(scheme)
	if err == nil {
		return nil
	}
	v, perr := url.Parse(scheme + old[len(u.Scheme()):])
	if perr != nil || v.Scheme() != strings.ToLower(scheme) {
		return err
	}
	e.u = v
	return nil
}

// isSet reports whether a component is set, for "?=".
func (e *editURL) isSet(id compID) bool {
	u := e.u
	switch id {
	case compURL:
		return true
	case compScheme:
		return !e.schemeGuessed
	case compUser:
		return u.Username() != ""
	case compPassword:
		return u.Password() != ""
	case compHost:
		return u.Hostname() != ""
	case compPort:
		return u.Port() != ""
	case compPath:
		return u.Pathname() != ""
	case compQuery:
		_, ok := u.RawQuery()
		return ok
	case compFragment:
		_, ok := u.Fragment()
		return ok
	}
	return false
}

// appendPath appends a path segment, percent-encoded as a component,
// after a "/" (unless the path ends in one), as trurl's --append path=.
func (e *editURL) appendPath(seg string) error {
	p := e.u.Pathname()
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	if e.u.HasOpaquePath() {
		return url.ErrOpaquePath
	}
	return e.u.SetPathname(p + url.PercentEncode(seg, url.ComponentSet))
}
