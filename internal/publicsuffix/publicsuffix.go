// Package publicsuffix answers the Public Suffix List algorithm
// (https://publicsuffix.org/list/) for the URL Standard's public suffix and
// registrable domain, and for the canonicalizers' and the display's
// "eTLD+1". It holds the list that golang.org/x/net/publicsuffix compiles
// in, the same three data files in the same encoding (see data.go), and
// its own lookup; it exists so that a program that parses URLs does not
// link net/http/cookiejar, and with it net/http and crypto/tls, which
// golang.org/x/net/publicsuffix imports to type one variable. Its tests
// hold it to golang.org/x/net/publicsuffix on every rule of the list and
// on the hosts of the URL datasets, and check that the data files are the
// ones of the golang.org/x/net version go.mod requires.
package publicsuffix

import (
	"net/netip"
	"strings"
)

// PublicSuffix returns the public suffix of domain, an ASCII domain
// without a trailing dot: the longest suffix of whole labels that a rule
// of the list matches (an exception rule "!a.b" giving "b"), or, when no
// rule matches, the last label (the list's prevailing rule "*"). An IP
// address is returned as it is. It answers as
// golang.org/x/net/publicsuffix.PublicSuffix does.
func PublicSuffix(domain string) string {
	if _, err := netip.ParseAddr(domain); err == nil {
		return domain
	}
	start := -1 // where the suffix starts in domain; -1 while no rule matched
	lo, hi := uint32(0), uint32(numTLD)
	rest, wildcard := domain, false
	for {
		dot := strings.LastIndexByte(rest, '.')
		if wildcard {
			start = dot + 1 // "*.parent" matches this label
		}
		n, ok := find(rest[dot+1:], lo, hi)
		if !ok {
			break
		}
		var kind uint32
		lo, hi, kind, wildcard = n.children()
		switch kind {
		case nodeTypeNormal:
			start = dot + 1
		case nodeTypeException:
			// "!label.parent": the suffix is the parent.
			return domain[min(len(rest)+1, len(domain)):]
		}
		if dot < 0 {
			break
		}
		rest = rest[:dot]
	}
	if start < 0 {
		return domain[strings.LastIndexByte(domain, '.')+1:]
	}
	return domain[start:]
}

// EffectiveTLDPlusOne returns the public suffix of domain and the label
// before it, and false when domain has an empty label, a leading or
// trailing dot, or is its own public suffix. It answers as
// golang.org/x/net/publicsuffix.EffectiveTLDPlusOne does, with false for
// its errors.
func EffectiveTLDPlusOne(domain string) (string, bool) {
	if strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "", false
	}
	suffix := PublicSuffix(domain)
	if len(domain) <= len(suffix) {
		return "", false
	}
	dot := len(domain) - len(suffix) - 1
	if domain[dot] != '.' {
		return "", false
	}
	return domain[strings.LastIndexByte(domain[:dot], '.')+1:], true
}

// find returns the node among the nodes lo to hi-1, which are sorted by
// label, whose label is label.
func find(label string, lo, hi uint32) (node, bool) {
	for lo < hi {
		mid := lo + (hi-lo)/2
		switch l := node(mid).label(); {
		case l < label:
			lo = mid + 1
		case l > label:
			hi = mid
		default:
			return node(mid), true
		}
	}
	return 0, false
}
