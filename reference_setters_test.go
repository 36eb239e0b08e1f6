package url

// The reference implementation's URL class setters (see
// reference_test.go), each as the standard's setter steps say, on the
// reference URL record. The URL Standard's setters do not report
// anything (but href's, which throws): each returns refused, true when
// its steps ended at a step that leaves the URL as it is for a reason
// (the basic URL parser returned failure, or the URL cannot take the
// value). The production setters return an error exactly when that
// happened and the href did not change (see setters.go), which
// fuzz_test.go checks.
// https://url.spec.whatwg.org/#urlutils-members

// refSetters are the setters by attribute name.
var refSetters = map[string]func(u *refURL, value string) (refused bool){
	"href":     (*refURL).setHref,
	"protocol": (*refURL).setProtocol,
	"username": (*refURL).setUsername,
	"password": (*refURL).setPassword,
	"host":     (*refURL).setHost,
	"hostname": (*refURL).setHostname,
	"port":     (*refURL).setPort,
	"pathname": (*refURL).setPathname,
	"search":   (*refURL).setSearch,
	"hash":     (*refURL).setHash,
}

// overrideParse runs the basic URL parser on value with u as url and a
// state override, and reports whether it refused the value.
func (u *refURL) overrideParse(value string, override refState) (refused bool) {
	p := &refParser{}
	_, outcome := p.parse(value, nil, u, override)
	return outcome != refReturned
}

// https://url.spec.whatwg.org/#dom-url-href
func (u *refURL) setHref(value string) bool {
	// "Let parsedURL be the result of running the basic URL parser on the
	// given value."
	parsedURL, _ := refParse(value, nil)
	// "If parsedURL is failure, then throw a TypeError."
	if parsedURL == nil {
		return true
	}
	// "Set this's URL to parsedURL." (The query object's list follows.)
	*u = *parsedURL
	return false
}

// https://url.spec.whatwg.org/#dom-url-protocol
func (u *refURL) setProtocol(value string) bool {
	// "basic URL parse the given value, followed by U+003A (:), with this's
	// URL as url and scheme start state as state override."
	return u.overrideParse(value+":", refSchemeStartState)
}

// https://url.spec.whatwg.org/#dom-url-username
func (u *refURL) setUsername(value string) bool {
	// "If this's URL cannot have a username/password/port, then return."
	if u.cannotHaveUsernamePasswordPort() {
		return true
	}
	// "Set the username given this's URL and the given value": "set url's
	// username to the result of running UTF-8 percent-encode on username
	// using the userinfo percent-encode set."
	u.username = refUTF8PercentEncodeString([]rune(value), refUserinfoSet)
	return false
}

// https://url.spec.whatwg.org/#dom-url-password
func (u *refURL) setPassword(value string) bool {
	// "If this's URL cannot have a username/password/port, then return."
	if u.cannotHaveUsernamePasswordPort() {
		return true
	}
	// "Set the password given this's URL and the given value": "set url's
	// password to the result of running UTF-8 percent-encode on password
	// using the userinfo percent-encode set."
	u.password = refUTF8PercentEncodeString([]rune(value), refUserinfoSet)
	return false
}

// https://url.spec.whatwg.org/#dom-url-host
func (u *refURL) setHost(value string) bool {
	// "If this's URL has an opaque path, then return."
	if u.hasOpaquePath() {
		return true
	}
	// "Basic URL parse the given value with this's URL as url and host
	// state as state override."
	return u.overrideParse(value, refHostState)
}

// https://url.spec.whatwg.org/#dom-url-hostname
func (u *refURL) setHostname(value string) bool {
	// "If this's URL has an opaque path, then return."
	if u.hasOpaquePath() {
		return true
	}
	// "Basic URL parse the given value with this's URL as url and hostname
	// state as state override."
	return u.overrideParse(value, refHostnameState)
}

// https://url.spec.whatwg.org/#dom-url-port
func (u *refURL) setPort(value string) bool {
	// "If this's URL cannot have a username/password/port, then return."
	if u.cannotHaveUsernamePasswordPort() {
		return true
	}
	// "If the given value is the empty string, then set this's URL's port
	// to null."
	if value == "" {
		u.port = -1
		return false
	}
	// "Otherwise, basic URL parse the given value with this's URL as url
	// and port state as state override."
	return u.overrideParse(value, refPortState)
}

// https://url.spec.whatwg.org/#dom-url-pathname
func (u *refURL) setPathname(value string) bool {
	// "If this's URL has an opaque path, then return."
	if u.hasOpaquePath() {
		return true
	}
	// "Empty this's URL's path."
	u.path = []string{}
	// "Basic URL parse the given value with this's URL as url and path
	// start state as state override."
	return u.overrideParse(value, refPathStartState)
}

// https://url.spec.whatwg.org/#dom-url-search
func (u *refURL) setSearch(value string) bool {
	// "Let url be this's URL."
	url := u
	// "If the given value is the empty string, then set url's query to
	// null, empty this's query object's list, and return."
	if value == "" {
		url.query = nil
		return false
	}
	// "Let input be the given value with a single leading U+003F (?)
	// removed, if any."
	input := value
	if input[0] == '?' {
		input = input[1:]
	}
	// "Set url's query to the empty string."
	url.query = refString("")
	// "Basic URL parse input with url as url and query state as state
	// override."
	// "Set this's query object's list to the result of parsing input."
	return url.overrideParse(input, refQueryState)
}

// https://url.spec.whatwg.org/#dom-url-hash
func (u *refURL) setHash(value string) bool {
	// "If the given value is the empty string, then set this's URL's
	// fragment to null and return."
	if value == "" {
		u.fragment = nil
		return false
	}
	// "Let input be the given value with a single leading U+0023 (#)
	// removed, if any."
	input := value
	if input[0] == '#' {
		input = input[1:]
	}
	// "Set this's URL's fragment to the empty string."
	u.fragment = refString("")
	// "Basic URL parse input with this's URL as url and fragment state as
	// state override."
	return u.overrideParse(input, refFragmentState)
}
