package urlpattern

// URLPatternInit and its processing (URL Pattern Standard, section 3.2).
// https://urlpattern.spec.whatwg.org/#canon-processing-for-init

import (
	"strings"

	url "github.com/weburl/url"
)

// Init holds a pattern, or a URL to match, one component at a time: the
// standard's URLPatternInit dictionary. A nil field is a component the
// dictionary does not have; a pointer to "" is an empty component. (In
// Go 1.26 and later, new("value") makes the pointer.)
//
// In a pattern ([NewInit]), a missing component matches anything unless
// BaseURL gives it; in a URL to match ([Pattern.TestInit]), a missing
// component is empty unless BaseURL gives it.
type Init struct {
	Protocol *string
	Username *string
	Password *string
	Hostname *string
	Port     *string
	Pathname *string
	Search   *string
	Hash     *string
	BaseURL  *string
}

// component returns the field of component c.
func (in *Init) component(c component) **string {
	switch c {
	case componentProtocol:
		return &in.Protocol
	case componentUsername:
		return &in.Username
	case componentPassword:
		return &in.Password
	case componentHostname:
		return &in.Hostname
	case componentPort:
		return &in.Port
	case componentPathname:
		return &in.Pathname
	case componentSearch:
		return &in.Search
	}
	return &in.Hash
}

// processType is the "type" argument of process a URLPatternInit.
type processType uint8

const (
	typePattern processType = iota // "pattern"
	typeURL                        // "url"
)

// strp returns a pointer to a copy of s.
func strp(s string) *string { return &s }

// processInit runs process a URLPatternInit given init and type, with
// every component argument null (create passes nulls for a pattern) or
// "" (match passes empty strings for a URL), as def says.
// https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit
func processInit(init *Init, typ processType) (Init, error) {
	// 1-9. Let result be a new URLPatternInit, with each component given
	// as an argument set (the empty string for "url", nothing for "pattern").
	var result Init
	if typ == typeURL {
		for c := range numComponents {
			*result.component(c) = strp("")
		}
	}
	// 10. Let baseURL be null.
	var baseURL *url.URL
	// 11. If init["baseURL"] exists:
	if init.BaseURL != nil {
		// 11.1-2. Set baseURL to the result of parsing it; if failure, throw.
		var err error
		baseURL, err = url.Parse(*init.BaseURL)
		if err != nil {
			return result, &Error{Pattern: *init.BaseURL, Err: ErrInvalidBaseURL}
		}
		has := func(cs ...component) bool {
			for _, c := range cs {
				if *init.component(c) != nil {
					return true
				}
			}
			return false
		}
		// 11.3. If init["protocol"] does not exist, set result["protocol"] to
		// the processed base URL's scheme.
		if init.Protocol == nil {
			result.Protocol = strp(processBaseURLString(baseURL.Scheme(), typ))
		}
		// 11.4. If type is not "pattern" and init has none of protocol,
		// hostname, port and username: the base URL's username.
		if typ != typePattern && !has(componentProtocol, componentHostname, componentPort, componentUsername) {
			result.Username = strp(processBaseURLString(baseURL.Username(), typ))
		}
		// 11.5. ... and none of those and password: the base URL's password.
		if typ != typePattern && !has(componentProtocol, componentHostname, componentPort, componentUsername, componentPassword) {
			result.Password = strp(processBaseURLString(baseURL.Password(), typ))
		}
		// 11.6. If init has neither protocol nor hostname: the base URL's
		// host, serialized, or "".
		if !has(componentProtocol, componentHostname) {
			result.Hostname = strp(processBaseURLString(baseURL.Hostname(), typ))
		}
		// 11.7. If init has none of protocol, hostname and port: the base
		// URL's port, serialized, or "".
		if !has(componentProtocol, componentHostname, componentPort) {
			result.Port = strp(baseURL.Port())
		}
		// 11.8. ... and pathname: the base URL's path, serialized.
		if !has(componentProtocol, componentHostname, componentPort, componentPathname) {
			result.Pathname = strp(processBaseURLString(baseURL.Pathname(), typ))
		}
		// 11.9. ... and search: the base URL's query, or "".
		if !has(componentProtocol, componentHostname, componentPort, componentPathname, componentSearch) {
			q, _ := baseURL.RawQuery()
			result.Search = strp(processBaseURLString(q, typ))
		}
		// 11.10. ... and hash: the base URL's fragment, or "".
		if !has(componentProtocol, componentHostname, componentPort, componentPathname, componentSearch, componentHash) {
			f, _ := baseURL.Fragment()
			result.Hash = strp(processBaseURLString(f, typ))
		}
	}
	var err error
	// 12. If init["protocol"] exists, process protocol for init.
	if init.Protocol != nil {
		if result.Protocol, err = processed(componentProtocol, *init.Protocol, typ, ""); err != nil {
			return result, err
		}
	}
	// 13. If init["username"] exists, process username for init.
	if init.Username != nil {
		if result.Username, err = processed(componentUsername, *init.Username, typ, ""); err != nil {
			return result, err
		}
	}
	// 14. If init["password"] exists, process password for init.
	if init.Password != nil {
		if result.Password, err = processed(componentPassword, *init.Password, typ, ""); err != nil {
			return result, err
		}
	}
	// 15. If init["hostname"] exists, process hostname for init.
	if init.Hostname != nil {
		if result.Hostname, err = processed(componentHostname, *init.Hostname, typ, ""); err != nil {
			return result, err
		}
	}
	// 16. Let resultProtocolString be result["protocol"] if it exists, else "".
	resultProtocolString := ""
	if result.Protocol != nil {
		resultProtocolString = *result.Protocol
	}
	// 17. If init["port"] exists, process port for init.
	if init.Port != nil {
		if result.Port, err = processed(componentPort, *init.Port, typ, resultProtocolString); err != nil {
			return result, err
		}
	}
	// 18. If init["pathname"] exists:
	if init.Pathname != nil {
		// 18.1. Set result["pathname"] to init["pathname"].
		pathname := *init.Pathname
		// 18.2. If baseURL is not null, has no opaque path, and the pathname is
		// not an absolute pathname: resolve it against the base URL's path.
		if baseURL != nil && !baseURL.HasOpaquePath() && !isAbsolutePathname(pathname, typ) {
			// 18.2.1. Let baseURLPath be the processed base URL's path.
			baseURLPath := processBaseURLString(baseURL.Pathname(), typ)
			// 18.2.2-3. If it has a "/", keep it up to and including the
			// last one and append the pathname.
			if slash := strings.LastIndexByte(baseURLPath, '/'); slash >= 0 {
				pathname = baseURLPath[:slash+1] + pathname
			}
		}
		// 18.3. Process pathname for init.
		if result.Pathname, err = processed(componentPathname, pathname, typ, resultProtocolString); err != nil {
			return result, err
		}
	}
	// 19. If init["search"] exists, process search for init.
	if init.Search != nil {
		if result.Search, err = processed(componentSearch, *init.Search, typ, ""); err != nil {
			return result, err
		}
	}
	// 20. If init["hash"] exists, process hash for init.
	if init.Hash != nil {
		if result.Hash, err = processed(componentHash, *init.Hash, typ, ""); err != nil {
			return result, err
		}
	}
	// 21. Return result.
	return result, nil
}

// processed runs the "process ... for init" algorithm of component c.
func processed(c component, value string, typ processType, protocol string) (*string, error) {
	var s string
	var err error
	switch c {
	case componentProtocol:
		// https://urlpattern.spec.whatwg.org/#process-protocol-for-init
		// 1. Remove a single trailing ":". 2. For "pattern", return it.
		// 3. Return the result of canonicalize a protocol.
		s = strings.TrimSuffix(value, ":")
		if typ == typeURL {
			s, err = canonicalizeProtocol(s)
		}
	case componentUsername:
		// https://urlpattern.spec.whatwg.org/#process-username-for-init
		s = value
		if typ == typeURL {
			s, err = canonicalizeUsername(value)
		}
	case componentPassword:
		// https://urlpattern.spec.whatwg.org/#process-password-for-init
		s = value
		if typ == typeURL {
			s, err = canonicalizePassword(value)
		}
	case componentHostname:
		// https://urlpattern.spec.whatwg.org/#process-hostname-for-init
		s = value
		if typ == typeURL {
			s, err = canonicalizeHostname(value)
		}
	case componentPort:
		// https://urlpattern.spec.whatwg.org/#process-port-for-init
		s = value
		if typ == typeURL {
			s, err = canonicalizePort(value, protocol)
		}
	case componentPathname:
		// https://urlpattern.spec.whatwg.org/#process-pathname-for-init
		// 2. If protocolValue is a special scheme or "", canonicalize a
		// pathname; 3. otherwise canonicalize an opaque pathname.
		s = value
		if typ == typeURL {
			if protocol == "" || isSpecialScheme(protocol) {
				s, err = canonicalizePathname(value)
			} else {
				s, err = canonicalizeOpaquePathname(value)
			}
		}
	case componentSearch:
		// https://urlpattern.spec.whatwg.org/#process-search-for-init
		// 1. Remove a single leading "?".
		s = strings.TrimPrefix(value, "?")
		if typ == typeURL {
			s, err = canonicalizeSearch(s)
		}
	case componentHash:
		// https://urlpattern.spec.whatwg.org/#process-hash-for-init
		// 1. Remove a single leading "#".
		s = strings.TrimPrefix(value, "#")
		if typ == typeURL {
			s, err = canonicalizeHash(s)
		}
	}
	if err != nil {
		return nil, &Error{Component: c.String(), Pattern: value, Err: err}
	}
	return &s, nil
}

// processBaseURLString escapes a base URL's component as a pattern
// string for "pattern", and returns it as it is for "url".
// https://urlpattern.spec.whatwg.org/#process-a-base-url-string
func processBaseURLString(input string, typ processType) string {
	if typ != typePattern {
		return input
	}
	return escapePatternString(input)
}

// isAbsolutePathname reports whether a pathname (pattern) starts at the
// root: "/", or for a pattern "\/" or "{/".
// https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname
func isAbsolutePathname(input string, typ processType) bool {
	if input == "" {
		return false
	}
	if input[0] == '/' {
		return true
	}
	if typ == typeURL {
		return false
	}
	if len(input) < 2 {
		return false
	}
	return (input[0] == '\\' || input[0] == '{') && input[1] == '/'
}
