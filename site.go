package url

import (
	"strings"

	"github.com/weburl/url/internal/publicsuffix"
)

// Origins and sites: HTML's "same origin", "same site" and "schemelessly
// same site" on the origins of two URLs, and the URL Standard's public
// suffix and registrable domain of a host, which sites are made of.

// origin is a URL's origin: a tuple origin, the scheme, host and port
// of url, or an opaque origin when url is nil. Every opaque origin of a
// URL is a new one, equal to no other.
// https://html.spec.whatwg.org/multipage/browsers.html#concept-origin
type origin struct {
	url *URL // the URL whose scheme, host and port are the tuple
}

// originOf returns the origin of u: its own tuple for the schemes that
// have one (see tupleOrigin), the origin of the URL in the path of a
// blob: URL when that is an http or https URL (the path URL's origin,
// since file's is opaque anyway), and an opaque origin otherwise.
// https://url.spec.whatwg.org/#concept-url-origin
func originOf(u *URL) origin {
	switch {
	case u.scheme.tupleOrigin():
		return origin{u}
	case u.scheme == schemeOther && u.href[:u.schemeEnd] == "blob":
		inner, err := Parse(u.Pathname())
		if err == nil && (inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS) {
			return origin{inner}
		}
	}
	return origin{}
}

// originString is Origin's worker: the serialization of originOf(u),
// with a blob: URL's inner URL parsed here and not kept, so that it stays
// on the stack (Parse inlines) and the origin of a blob: URL whose inner
// URL is in normal form, a substring of u's href, costs no allocation.
// CanParse, which allocates nothing, answers first for an inner URL that
// does not parse, whose error Parse would allocate.
func originString(u *URL) string {
	if u.scheme == schemeOther && u.href[:u.schemeEnd] == "blob" {
		if !CanParse(u.Pathname()) {
			return "null"
		}
		inner, err := Parse(u.Pathname())
		if err != nil || (inner.scheme != schemeHTTP && inner.scheme != schemeHTTPS) {
			return "null"
		}
		return origin{inner}.String()
	}
	return originOf(u).String()
}

// tuple reports whether o is a tuple origin.
func (o origin) tuple() bool { return o.url != nil }

// String is the serialization of an origin: "scheme://host" with ":port"
// when the URL has a port (a substring of the href when the URL has no
// credentials), or "null" for an opaque origin.
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
func (o origin) String() string {
	u := o.url
	if u == nil {
		return "null"
	}
	if u.hostStart == u.schemeEnd+3 {
		return u.href[:u.pathStart]
	}
	return u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathStart]
}

// sameTuple reports whether a and b are the same tuple origin: scheme,
// host and port equal.
func sameTuple(a, b origin) bool {
	return a.tuple() && b.tuple() && a.url.Scheme() == b.url.Scheme() && a.url.Hostname() == b.url.Hostname() && a.url.Port() == b.url.Port()
}

// isZero reports whether u is nil or the zero URL, which has no scheme,
// no host and no origin.
func isZero(u *URL) bool { return u == nil || u.href == "" }

// SameOrigin reports whether a and b have the same origin, as HTML's
// "same origin" says: both origins are tuple origins with equal scheme,
// host and port. A blob: URL has the origin of the http or https URL in
// its path ("blob:https://example.com/uuid" is same origin with
// "https://example.com/"). Every other URL has an opaque origin
// (data:, file:, about:, javascript:, non-special schemes such as
// "git://example.com"), which is a new origin each time and so never the
// same as another, although Origin serializes all of them as "null".
// A nil or zero URL is same origin with nothing.
//
// Paths, queries, fragments and credentials do not count;
// "https://example.com" and "https://example.com:443/x" are same origin,
// "http://example.com" and "https://example.com" are not.
// https://html.spec.whatwg.org/multipage/browsers.html#same-origin
func SameOrigin(a, b *URL) bool {
	if isZero(a) || isZero(b) {
		return false
	}
	return sameTuple(originOf(a), originOf(b))
}

// SameSite reports whether a and b are "same site" as HTML defines it for
// their origins: schemelessly same site (see [SchemelesslySameSite]) and
// with the same scheme. Opaque origins, which every URL with a scheme
// other than http, https, ws, wss, ftp (and blob: of an http or https
// URL) has, are never same site with anything.
//
// "https://a.example.com" and "https://b.example.com:8443" are same
// site; "http://example.com" and "https://example.com" are not.
// https://html.spec.whatwg.org/multipage/browsers.html#same-site
func SameSite(a, b *URL) bool {
	if isZero(a) || isZero(b) {
		return false
	}
	oa, ob := originOf(a), originOf(b)
	return oa.tuple() && ob.tuple() && oa.url.Scheme() == ob.url.Scheme() && schemelesslySameSite(oa, ob)
}

// SchemelesslySameSite reports whether a and b are "schemelessly same
// site" as HTML defines it for their origins: both are tuple origins and
// their hosts are equal, or have the same registrable domain (see
// [URL.RegistrableDomain]). Schemes and ports do not count:
// "http://a.example.com" and "wss://b.example.com:8443" are schemelessly
// same site. Hosts without a registrable domain (IP addresses, public
// suffixes such as "github.io") match only themselves.
//
// The registrable domain comes from the Public Suffix List built into the
// module (the copy golang.org/x/net/publicsuffix compiles in, checked
// against it rule by rule), which clients update at different times:
// prefer [SameOrigin] for security decisions, as the URL Standard advises.
// https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site
func SchemelesslySameSite(a, b *URL) bool {
	if isZero(a) || isZero(b) {
		return false
	}
	oa, ob := originOf(a), originOf(b)
	return oa.tuple() && ob.tuple() && schemelesslySameSite(oa, ob)
}

// schemelesslySameSite is HTML's algorithm for two tuple origins.
func schemelesslySameSite(a, b origin) bool {
	ka, kb := a.url.hostKind, b.url.hostKind
	ha, hb := a.url.Hostname(), b.url.Hostname()
	if ka == kb && ha == hb {
		return true
	}
	if ka != HostDomain || kb != HostDomain {
		return false
	}
	ra := registrableDomain(ha)
	return ra != "" && ra == registrableDomain(hb)
}

// PublicSuffix returns the public suffix of the URL's host, as the URL
// Standard's "public suffix" of a host: the part of the host that the
// Public Suffix List (the copy golang.org/x/net/publicsuffix compiles in,
// held inside the module, with its private section, so "github.io" is
// one) says anyone may register names
// under, and "." after it when the host ends with ".". A host that is not
// a domain (an IP address, an opaque, empty or null host) has none, and
// PublicSuffix returns "". A domain that no rule of the list matches has
// its last label as public suffix ("localhost", "example.internal" gives
// "internal").
// https://url.spec.whatwg.org/#host-public-suffix
func (u *URL) PublicSuffix() string {
	if u.hostKind != HostDomain {
		return ""
	}
	return publicSuffix(u.Hostname())
}

// RegistrableDomain returns the registrable domain of the URL's host, as
// the URL Standard's "registrable domain" of a host: its public suffix
// and the label before it ("www.example.co.uk" gives "example.co.uk"),
// with "." after it when the host ends with ".". It returns "" when the
// host is not a domain or is a public suffix itself ("co.uk",
// "github.io").
// https://url.spec.whatwg.org/#host-registrable-domain
func (u *URL) RegistrableDomain() string {
	if u.hostKind != HostDomain {
		return ""
	}
	return registrableDomain(u.Hostname())
}

// PublicSuffixOf returns the public suffix of host, as [URL.PublicSuffix]
// does for a URL. host is parsed as the host of an http URL would be (so
// "EXAMPLE.COM" is example.com, "إختبار" is "xn--kgbechtv" and
// "0x7f.1" is the IPv4 address 127.0.0.1); it is "" when host is not a
// domain or does not parse. host has no port.
func PublicSuffixOf(host string) string {
	domain, ok := parseDomain(host)
	if !ok {
		return ""
	}
	return publicSuffix(domain)
}

// RegistrableDomainOf returns the registrable domain of host, as
// [URL.RegistrableDomain] does for a URL. host is parsed as in
// [PublicSuffixOf]; it is "" when host is not a domain, does not parse or
// is a public suffix.
func RegistrableDomainOf(host string) string {
	domain, ok := parseDomain(host)
	if !ok {
		return ""
	}
	return registrableDomain(domain)
}

// parseDomain runs the host parser on host as for a special URL and
// returns the serialized host if it is a domain.
// https://url.spec.whatwg.org/#concept-host-parser
func parseDomain(host string) (string, bool) {
	if host == "" {
		return "", false // the parser fails an empty special host
	}
	p := parser{input: host, ref: host}
	kind, r := p.parseHost(host, false, 0)
	if r != outcomeOK || kind != HostDomain {
		return "", false
	}
	return strings.Clone(p.result()), true
}

// publicSuffix is the URL Standard's public suffix of a domain.
// https://url.spec.whatwg.org/#host-public-suffix
func publicSuffix(host string) string {
	domain, trailingDot := strings.CutSuffix(host, ".")
	suffix := publicsuffix.PublicSuffix(domain)
	if !trailingDot {
		return suffix
	}
	return host[len(host)-len(suffix)-1:] // suffix + "."
}

// registrableDomain is the URL Standard's registrable domain of a domain:
// its public suffix and the label before it, or "" when the domain is its
// own public suffix.
// https://url.spec.whatwg.org/#host-registrable-domain
func registrableDomain(host string) string {
	domain, trailingDot := strings.CutSuffix(host, ".")
	suffix := publicsuffix.PublicSuffix(domain)
	if len(suffix) >= len(domain) {
		return ""
	}
	// domain ends with "." + suffix: the list's rules are whole labels.
	dot := len(domain) - len(suffix) - 1
	if domain[dot] != '.' {
		return ""
	}
	start := strings.LastIndexByte(domain[:dot], '.') + 1
	if trailingDot {
		return host[start:]
	}
	return domain[start:]
}
