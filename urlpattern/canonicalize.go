package urlpattern

// Canonicalization: the encoding callbacks of each component (URL
// Pattern Standard, section 3.1), done by weburl's own URL parser through
// its exported API: each function parses the standard's dummy URL and
// runs the setter whose steps are the ones the standard names (the basic
// URL parser with that state override), or parses a dummy URL built
// around the value where no setter has the standard's exact steps.
// https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks

import (
	"fmt"
	"strings"

	url "github.com/weburl/url"
)

// dummyInput is the standard's dummy URL.
// https://urlpattern.spec.whatwg.org/#create-a-dummy-url
const dummyInput = "https://dummy.invalid/"

// createDummyURL returns a new parse of the dummy URL.
// https://urlpattern.spec.whatwg.org/#create-a-dummy-url
func createDummyURL() *url.URL {
	return url.MustParse(dummyInput)
}

// invalid is the cause of a value the URL parser refuses.
func invalid(what, value string, err error) error {
	if err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrInvalidComponent, what, quoteBounded(value), err)
	}
	return fmt.Errorf("%w: %s %s", ErrInvalidComponent, what, quoteBounded(value))
}

// canonicalizeProtocol returns the scheme of value + "://dummy.invalid/".
// https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol
func canonicalizeProtocol(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let parseResult be the result of running the basic URL parser given
	// value followed by "://dummy.invalid/".
	u, err := url.Parse(value + "://dummy.invalid/")
	// 3. If parseResult is failure, then throw a TypeError.
	if err != nil {
		return "", invalid("protocol", value, nil)
	}
	// 4. Return parseResult's scheme.
	return u.Scheme(), nil
}

// canonicalizeUsername sets the dummy URL's username to value.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-username
func canonicalizeUsername(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2-4. Let dummyURL be a dummy URL; set the username given dummyURL
	// and value; return dummyURL's username.
	u := createDummyURL()
	if err := u.SetUsername(value); err != nil {
		return "", invalid("username", value, err)
	}
	return u.Username(), nil
}

// canonicalizePassword sets the dummy URL's password to value.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-password
func canonicalizePassword(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := createDummyURL()
	if err := u.SetPassword(value); err != nil {
		return "", invalid("password", value, err)
	}
	return u.Password(), nil
}

// canonicalizeHostname runs the basic URL parser on value with the dummy
// URL and hostname state as state override: the hostname setter's steps
// (the dummy URL has no opaque path, which is the setter's only other
// step).
// https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname
func canonicalizeHostname(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2-4. Let dummyURL be a dummy URL; parse value with hostname state as
	// state override; if failure, throw.
	u := createDummyURL()
	if err := u.SetHostname(value); err != nil {
		return "", invalid("hostname", value, err)
	}
	// 5. Return dummyURL's host, serialized, or "" if it is null.
	return u.Hostname(), nil
}

// canonicalizeIPv6Hostname checks that value holds only hex digits, "[",
// "]" and ":", and lowercases it.
// https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname
func canonicalizeIPv6Hostname(value string) (string, error) {
	for i := 0; i < len(value); i++ {
		c := value[i]
		if !isASCIIHex(c) && c != '[' && c != ']' && c != ':' {
			return "", invalid("IPv6 hostname", value, nil)
		}
	}
	return strings.ToLower(value), nil
}

func isASCIIHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// canonicalizePort runs the basic URL parser on portValue with the dummy
// URL and port state as state override: the port setter's steps for a
// non-empty value. With a protocol, the dummy URL's scheme is that
// protocol; the port state uses the scheme only to drop its default port,
// so a dummy URL of that scheme (or of a non-special one when the scheme
// is not special) serves.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-port
func canonicalizePort(portValue string, protocolValue ...string) (string, error) {
	// 1. If portValue is the empty string, return portValue.
	if portValue == "" {
		return portValue, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	// 3. If protocolValue was given, then set dummyURL's scheme to protocolValue.
	//
	// Without a protocolValue the dummy URL here is not special, so that no
	// port is dropped as a default one: the WPT data, newer than the text,
	// keeps "443" in the port pattern "443*" of {protocol: "https"} (as ada
	// and the polyfill do; create's step 6 drops the default port of the
	// protocol given).
	scheme := ""
	if len(protocolValue) > 0 {
		scheme = protocolValue[0]
	}
	u := dummyURLWithScheme(scheme)
	// 4-5. Parse portValue with dummyURL and port state as state override;
	// if failure, throw.
	if err := u.SetPort(portValue); err != nil {
		return "", invalid("port", portValue, err)
	}
	// 6. Return dummyURL's port, serialized, or "" if it is null.
	return u.Port(), nil
}

// dummyURLWithScheme returns the dummy URL with its scheme set to scheme,
// as far as the port state can tell: scheme's own dummy URL when scheme
// is special and has a default port, and a non-special one otherwise.
func dummyURLWithScheme(scheme string) *url.URL {
	if scheme != "" && scheme != "file" && isSpecialScheme(scheme) {
		return url.MustParse(scheme + "://dummy.invalid/")
	}
	return url.MustParse("dummy://dummy.invalid/")
}

// canonicalizePathname runs the basic URL parser on value with the dummy
// URL (path emptied) and path start state as state override, which is
// what the pathname setter does; "/-" goes before a value without a
// leading "/" and is removed after, as the standard says.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname
func canonicalizePathname(value string) (string, error) {
	// 1. If value is the empty string, then return value.
	if value == "" {
		return value, nil
	}
	// 2-4. Let leading slash be whether value starts with "/"; let modified
	// value be "/-" if not, then value.
	leadingSlash := value[0] == '/'
	modified := value
	if !leadingSlash {
		modified = "/-" + value
	}
	// 5-7. Let dummyURL be a dummy URL; empty its path; parse modified
	// value with path start state as state override.
	u := createDummyURL()
	if err := u.SetPathname(modified); err != nil {
		return "", invalid("pathname", value, err)
	}
	// 8. Let result be the URL path serialization of dummyURL.
	result := u.Pathname()
	// 9. If leading slash is false, remove the first two code points.
	if !leadingSlash {
		// A "\.." in value can remove the "-" ("/-\.." is "/"): then
		// nothing is left past the two code points.
		result = result[min(2, len(result)):]
	}
	return result, nil
}

// canonicalizeOpaquePathname runs the basic URL parser on value with a
// URL whose path is opaque and empty, in opaque path state. No setter
// does that, so the value is parsed inside a URL with an opaque path,
// "dummy:x" + value + "x", which the parser reads in that state from the
// "x" on: the path is "x", value's path as the state makes it, and "x"
// (or value's path is cut at a "?" or "#", and the rest is query or
// fragment). The two "x" keep value's own leading and trailing spaces and
// C0 controls from being trimmed as a whole input's would be.
// https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname
func canonicalizeOpaquePathname(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2-5. Parse value with an empty opaque path and opaque path state as
	// state override.
	u, err := url.Parse("dummy:x" + value + "x")
	if err != nil || !u.HasOpaquePath() {
		return "", invalid("opaque pathname", value, err)
	}
	// 6. Return the result of URL path serializing dummyURL.
	path := u.Pathname()[1:]
	if _, hasQuery := u.RawQuery(); !hasQuery {
		if _, hasFragment := u.Fragment(); !hasFragment {
			path = path[:len(path)-1]
		}
	}
	return path, nil
}

// canonicalizeSearch runs the basic URL parser on value with the dummy URL
// (query set to "") and query state as state override. The search setter
// does that after removing one leading "?", so it is given "?" + value.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-search
func canonicalizeSearch(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := createDummyURL()
	if err := u.SetSearch("?" + value); err != nil {
		return "", invalid("search", value, err)
	}
	q, _ := u.RawQuery()
	return q, nil
}

// canonicalizeHash runs the basic URL parser on value with the dummy URL
// (fragment set to "") and fragment state as state override: the hash
// setter, given "#" + value since it removes one leading "#".
// https://urlpattern.spec.whatwg.org/#canonicalize-a-hash
func canonicalizeHash(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := createDummyURL()
	if err := u.SetHash("#" + value); err != nil {
		return "", invalid("hash", value, err)
	}
	f, _ := u.Fragment()
	return f, nil
}

// specialSchemes are the URL Standard's special schemes, in its order.
// The root package keeps the table; TestSpecialSchemes checks this list
// against its IsSpecial.
// https://url.spec.whatwg.org/#special-scheme
var specialSchemes = [...]string{"ftp", "file", "http", "https", "ws", "wss"}

// isSpecialScheme reports whether s is a special scheme.
func isSpecialScheme(s string) bool {
	for _, sc := range specialSchemes {
		if s == sc {
			return true
		}
	}
	return false
}

// isDefaultPort reports whether port is scheme's default port written in
// decimal ("443" for https; not "0443").
func isDefaultPort(scheme, port string) bool {
	if !isSpecialScheme(scheme) || scheme == "file" || port == "" || port[0] == '0' {
		return false
	}
	for i := 0; i < len(port); i++ {
		if !isASCIIDigit(port[i]) {
			return false
		}
	}
	u, err := url.Parse(scheme + "://h:" + port + "/")
	return err == nil && u.Port() == ""
}
