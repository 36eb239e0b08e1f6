package urlpattern

// The Pattern type: creating a URL pattern, and matching URLs against it
// (URL Pattern Standard, sections 1.2 and 1.3).
// https://urlpattern.spec.whatwg.org/#urlpattern-class

import (
	"fmt"

	url "github.com/weburl/url"
)

// Pattern is a compiled URL pattern: one pattern per URL component, each
// with its regular expression. A Pattern is immutable, and safe for
// concurrent use by any number of goroutines.
//
// The zero Pattern, and a nil *Pattern, match no URL, and their pattern
// strings are empty: a pattern comes from [New], [NewInit] or
// [Options.New].
type Pattern struct {
	components [numComponents]compiledComponent
	compiled   bool // made by create; the zero Pattern matches nothing
}

// Options are the standard's URLPatternOptions. The zero value is the
// default: case-sensitive matching.
type Options struct {
	// IgnoreCase makes the pathname, search and hash match without regard
	// to case (the regular expressions' "i" flag). The protocol, username,
	// password, hostname and port are always matched as they are
	// canonicalized (scheme and domain in lower case).
	IgnoreCase bool
}

// New compiles a pattern string, which may be relative to one optional
// base URL: New("https://*.example.com/books/:id"), New("/books/:id",
// "https://example.com"). Components the string leaves out after the
// ones it gives match anything ("https://example.com/*" matches any
// search and hash); without a port after a hostname, the port must be
// the default one. The error is an *[Error].
func New(pattern string, baseURL ...string) (*Pattern, error) {
	return Options{}.New(pattern, baseURL...)
}

// NewInit compiles a pattern given one component at a time. A component
// the Init leaves out matches anything, unless Init.BaseURL gives it.
// The error is an *[Error].
func NewInit(init Init) (*Pattern, error) {
	return Options{}.NewInit(init)
}

// MustNew is like [New] but panics if the pattern does not compile. It is
// meant for patterns written into a program.
func MustNew(pattern string, baseURL ...string) *Pattern {
	p, err := New(pattern, baseURL...)
	if err != nil {
		panic(err)
	}
	return p
}

// New is [New] with the options o.
func (o Options) New(pattern string, baseURL ...string) (*Pattern, error) {
	if len(baseURL) > 1 {
		return nil, &Error{Pattern: pattern, Err: ErrTooManyBases}
	}
	n := len(pattern)
	for _, b := range baseURL {
		n += len(b)
	}
	if n > maxPatternBytes {
		return nil, &Error{Pattern: pattern, Err: fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, n, maxPatternBytes)}
	}
	// create, step 2: input is a string.
	// 2.1. Set init to the result of parse a constructor string given input.
	p := new(Pattern)
	init, kept, err := parseConstructorStringInto(pattern, &p.components[componentProtocol])
	if err != nil {
		return nil, &Error{Pattern: pattern, Err: err}
	}
	// 2.2. If baseURL is null and init["protocol"] does not exist, throw.
	if len(baseURL) == 0 && init.Protocol == nil {
		return nil, &Error{Pattern: pattern, Err: ErrNoBaseURL}
	}
	// 2.3. If baseURL is not null, set init["baseURL"] to baseURL.
	if len(baseURL) == 1 {
		init.BaseURL = &baseURL[0]
	}
	return o.create(&init, p, kept)
}

// NewInit is [NewInit] with the options o.
func (o Options) NewInit(init Init) (*Pattern, error) {
	// create, step 3: input is a URLPatternInit (and the baseURL argument,
	// which the standard refuses with one, does not exist here).
	n := 0
	for _, f := range [...]*string{init.Protocol, init.Username, init.Password, init.Hostname, init.Port, init.Pathname, init.Search, init.Hash, init.BaseURL} {
		if f != nil {
			n += len(*f)
		}
	}
	if n > maxPatternBytes {
		return nil, &Error{Err: fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, n, maxPatternBytes)}
	}
	return o.create(&init, new(Pattern), keptProtocol{})
}

// create runs the standard's create from step 4, given init, into p,
// whose protocol component the constructor string parser may have
// compiled already (kept says from which pattern string).
// https://urlpattern.spec.whatwg.org/#url-pattern-create
func (o Options) create(init *Init, p *Pattern, kept keptProtocol) (*Pattern, error) {
	// 4. Let processedInit be the result of process a URLPatternInit given
	// init, "pattern" and nulls.
	processed, err := processInit(init, typePattern)
	if err != nil {
		return nil, err
	}
	// 5. For each component, if processedInit lacks it, set it to "*".
	for c := range numComponents {
		if f := processed.component(c); *f == nil {
			*f = strp("*")
		}
	}
	// 6. If processedInit["protocol"] is a special scheme and its port is
	// the scheme's default port, set the port to "".
	if isDefaultPort(*processed.Protocol, *processed.Port) {
		processed.Port = strp("")
	}
	// 7. Let urlPattern be a new URL pattern (p).
	compile := func(c component, cb encodingCallback, opts options) error {
		p.components[c] = compiledComponent{}
		return p.components[c].compile(c, **processed.component(c), cb, opts)
	}
	// 8-10. Compile the protocol, username and password with default
	// options. The protocol the constructor string parser compiled, from
	// the same pattern string, is the same component.
	if !kept.ok || *processed.Protocol != kept.pattern {
		if err := compile(componentProtocol, canonicalizeProtocol, defaultOptions); err != nil {
			return nil, err
		}
	}
	if err := compile(componentUsername, canonicalizeUsername, defaultOptions); err != nil {
		return nil, err
	}
	if err := compile(componentPassword, canonicalizePassword, defaultOptions); err != nil {
		return nil, err
	}
	// 11-12. Compile the hostname with hostname options, as an IPv6 address
	// when the pattern is one.
	hostnameCallback := canonicalizeHostname
	if hostnamePatternIsIPv6(*processed.Hostname) {
		hostnameCallback = canonicalizeIPv6Hostname
	}
	if err := compile(componentHostname, hostnameCallback, hostnameOptions); err != nil {
		return nil, err
	}
	// 13. Compile the port with default options.
	if err := compile(componentPort, func(s string) (string, error) { return canonicalizePort(s) }, defaultOptions); err != nil {
		return nil, err
	}
	// 14. Let compileOptions be the default options with ignore case set
	// from options.
	compileOptions := defaultOptions
	compileOptions.ignoreCase = o.IgnoreCase
	// 15-16. If the protocol component matches a special scheme, compile the
	// pathname with the pathname options (ignore case from options);
	// otherwise as an opaque pathname with compileOptions.
	if protocolComponentMatchesSpecialScheme(&p.components[componentProtocol]) {
		pathCompileOptions := pathnameOptions
		pathCompileOptions.ignoreCase = o.IgnoreCase
		if err := compile(componentPathname, canonicalizePathname, pathCompileOptions); err != nil {
			return nil, err
		}
	} else if err := compile(componentPathname, canonicalizeOpaquePathname, compileOptions); err != nil {
		return nil, err
	}
	// 17-18. Compile the search and hash with compileOptions.
	if err := compile(componentSearch, canonicalizeSearch, compileOptions); err != nil {
		return nil, err
	}
	if err := compile(componentHash, canonicalizeHash, compileOptions); err != nil {
		return nil, err
	}
	// 19. Return urlPattern.
	p.compiled = true
	return p, nil
}

// Protocol returns the normalized pattern string of the protocol.
func (p *Pattern) Protocol() string { return p.patternString(componentProtocol) }

// Username returns the normalized pattern string of the username.
func (p *Pattern) Username() string { return p.patternString(componentUsername) }

// Password returns the normalized pattern string of the password.
func (p *Pattern) Password() string { return p.patternString(componentPassword) }

// Hostname returns the normalized pattern string of the hostname.
func (p *Pattern) Hostname() string { return p.patternString(componentHostname) }

// Port returns the normalized pattern string of the port.
func (p *Pattern) Port() string { return p.patternString(componentPort) }

// Pathname returns the normalized pattern string of the pathname.
func (p *Pattern) Pathname() string { return p.patternString(componentPathname) }

// Search returns the normalized pattern string of the search.
func (p *Pattern) Search() string { return p.patternString(componentSearch) }

// Hash returns the normalized pattern string of the hash.
func (p *Pattern) Hash() string { return p.patternString(componentHash) }

// patternString returns component c's pattern string, "" for the zero
// or nil Pattern.
func (p *Pattern) patternString(c component) string {
	if p == nil {
		return ""
	}
	return p.components[c].patternString
}

// HasRegExpGroups reports whether any component has a group with a
// regular expression of its own, like ":id(\\d+)" or "(a|b)".
// https://urlpattern.spec.whatwg.org/#url-pattern-has-regexp-groups
func (p *Pattern) HasRegExpGroups() bool {
	if p == nil {
		return false
	}
	for c := range p.components {
		if p.components[c].hasRegExpGroups {
			return true
		}
	}
	return false
}

// Test reports whether the URL input, which may be relative to one
// optional base URL, matches the pattern. An input or base that does not
// parse does not match, nor does a call with more than one base.
func (p *Pattern) Test(input string, baseURL ...string) bool {
	values, ok := componentsOfString(input, baseURL)
	return ok && p.matchComponents(&values, false, nil)
}

// Exec matches the URL input, which may be relative to one optional base
// URL, and returns the groups of each component, or nil when it does not
// match (as [Pattern.Test] says).
func (p *Pattern) Exec(input string, baseURL ...string) *Result {
	values, ok := componentsOfString(input, baseURL)
	if !ok || !p.matchComponents(&values, false, nil) {
		return nil
	}
	return p.result(&values, stringInputs(input, baseURL))
}

// result returns the Result of values, which match: the groups are
// collected only once the match is known, so that a URL that does not
// match costs no allocation.
func (p *Pattern) result(values *[numComponents]string, inputs []Input) *Result {
	r := &Result{Inputs: inputs}
	p.matchComponents(values, true, r)
	return r
}

// TestURL reports whether a parsed URL matches the pattern. The URL is
// not serialized or parsed again. A nil URL matches nothing.
func (p *Pattern) TestURL(u *url.URL) bool {
	if u == nil {
		return false
	}
	values := componentsOfURL(u)
	return p.matchComponents(&values, false, nil)
}

// ExecURL matches a parsed URL and returns the groups of each component,
// or nil when it does not match (or u is nil). Result.Inputs holds the
// URL's href.
func (p *Pattern) ExecURL(u *url.URL) *Result {
	if u == nil {
		return nil
	}
	values := componentsOfURL(u)
	if !p.matchComponents(&values, false, nil) {
		return nil
	}
	return p.result(&values, []Input{{URL: u.Href()}})
}

// TestInit reports whether the URL given one component at a time
// matches the pattern: each component is canonicalized as the URL parser
// would, missing ones are empty unless init.BaseURL gives them. An init
// whose components the URL parser refuses does not match.
func (p *Pattern) TestInit(init Init) bool {
	values, ok := componentsOfInit(&init)
	return ok && p.matchComponents(&values, false, nil)
}

// ExecInit is [Pattern.TestInit] returning the groups of each component,
// or nil when the URL does not match.
func (p *Pattern) ExecInit(init Init) *Result {
	values, ok := componentsOfInit(&init)
	if !ok || !p.matchComponents(&values, false, nil) {
		return nil
	}
	echo := init
	return p.result(&values, []Input{{Init: &echo}})
}

// componentsOfString runs match steps 12 (a string input): parse the
// base URL, then the input against it; failure is no match.
// https://urlpattern.spec.whatwg.org/#url-pattern-match
func componentsOfString(input string, baseURL []string) ([numComponents]string, bool) {
	var u *url.URL
	var err error
	switch len(baseURL) {
	case 0:
		u, err = url.Parse(input)
	case 1:
		u, err = url.Parse(input, baseURL[0])
	default:
		return [numComponents]string{}, false
	}
	if err != nil {
		return [numComponents]string{}, false
	}
	return componentsOfURL(u), true
}

// componentsOfURL runs match steps 12.3-11: the components of a URL
// record, as the URL parser serialized them.
func componentsOfURL(u *url.URL) [numComponents]string {
	query, _ := u.RawQuery()
	fragment, _ := u.Fragment()
	return [numComponents]string{
		u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), u.Pathname(), query, fragment,
	}
}

// componentsOfInit runs match step 11 (an init input): process the init
// as a URL; an exception is no match.
func componentsOfInit(init *Init) ([numComponents]string, bool) {
	var values [numComponents]string
	applied, err := processInit(init, typeURL)
	if err != nil {
		return values, false
	}
	for c := range numComponents {
		values[c] = **applied.component(c)
	}
	return values, true
}

// matchComponents runs match steps 13-22: each component's regular
// expression on its value; with want, the groups go into r.
func (p *Pattern) matchComponents(values *[numComponents]string, want bool, r *Result) bool {
	if p == nil || !p.compiled {
		return false
	}
	for c := range numComponents {
		ok, groups := p.components[c].exec(values[c], want)
		if !ok {
			return false
		}
		if want {
			*r.component(c) = ComponentResult{Input: values[c], Groups: groups}
		}
	}
	return true
}
