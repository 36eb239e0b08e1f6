package urlpattern

// The result of a match: the standard's URLPatternResult.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult

// Result is what a URL matched: for each component, its value and the
// groups of the component's pattern.
type Result struct {
	// Inputs are the arguments of the match: the URL string and its base
	// URL if given, or the Init, or the href of a parsed URL.
	Inputs []Input

	Protocol ComponentResult
	Username ComponentResult
	Password ComponentResult
	Hostname ComponentResult
	Port     ComponentResult
	Pathname ComponentResult
	Search   ComponentResult
	Hash     ComponentResult
}

// Input is one argument of a match, as [Result] echoes it: a URL string,
// or an Init.
type Input struct {
	URL  string
	Init *Init // non-nil when the argument was an Init
}

// ComponentResult is one component's part of a [Result]: the value
// matched, and the pattern's groups in the order they appear in the
// pattern. A group of a "*" or of a regular expression without a name is
// named by its number: "0", "1", ...
type ComponentResult struct {
	Input  string
	Groups []Group
}

// Group is one group's match. A group can be unmatched, which JavaScript
// shows as undefined: the optional group of "/books/:id?" given
// "/books". An unmatched group has Matched false; a group that matched
// the empty string has Matched true and Value "".
type Group struct {
	Name    string
	Value   string
	Matched bool
}

// Get returns the value of the named group, and whether the group
// exists and matched.
func (c ComponentResult) Get(name string) (value string, ok bool) {
	for _, g := range c.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// component returns the field of component c.
func (r *Result) component(c component) *ComponentResult {
	switch c {
	case componentProtocol:
		return &r.Protocol
	case componentUsername:
		return &r.Username
	case componentPassword:
		return &r.Password
	case componentHostname:
		return &r.Hostname
	case componentPort:
		return &r.Port
	case componentPathname:
		return &r.Pathname
	case componentSearch:
		return &r.Search
	}
	return &r.Hash
}
