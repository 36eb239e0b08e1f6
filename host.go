package url

import (
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Hosts (URL Standard, section 3).

// HostKind tells what a URL's host is.
// https://url.spec.whatwg.org/#host-representation
type HostKind uint8

const (
	// HostNull: the URL has no host ("mailto:x", "sc:/path").
	HostNull HostKind = iota
	// HostEmpty: the host is the empty host ("file:///etc", "sc://").
	HostEmpty
	// HostDomain: a domain, in ASCII form ("example.com",
	// "xn--nxasmq6b.com").
	HostDomain
	// HostIPv4: an IPv4 address, serialized in dotted-decimal form.
	HostIPv4
	// HostIPv6: an IPv6 address, serialized in brackets.
	HostIPv6
	// HostOpaque: the opaque host of a non-special URL ("sc://Opaque%20").
	HostOpaque
)

// String returns a short lower-case name of the kind, e.g. "ipv4".
func (k HostKind) String() string {
	switch k {
	case HostNull:
		return "null"
	case HostEmpty:
		return "empty"
	case HostDomain:
		return "domain"
	case HostIPv4:
		return "ipv4"
	case HostIPv6:
		return "ipv6"
	case HostOpaque:
		return "opaque"
	}
	return "HostKind(invalid)"
}

// Byte classes used by the host parser and the URL parser's scanners.
const (
	classForbiddenHost   = 1 << iota // forbidden host code point
	classForbiddenDomain             // forbidden domain code point
	classUpper                       // ASCII upper alpha
	classNonASCII                    // a byte >= 0x80
)

var byteClass = buildByteClass()

func buildByteClass() (t [256]uint8) {
	// https://url.spec.whatwg.org/#forbidden-host-code-point
	for _, c := range []byte("\x00\t\n\r #/:<>?@[\\]^|") {
		t[c] |= classForbiddenHost | classForbiddenDomain
	}
	// https://url.spec.whatwg.org/#forbidden-domain-code-point: also the
	// C0 controls, U+0025 (%) and U+007F DELETE.
	for c := 0; c < 0x20; c++ {
		t[c] |= classForbiddenDomain
	}
	t['%'] |= classForbiddenDomain
	t[0x7F] |= classForbiddenDomain
	for c := 'A'; c <= 'Z'; c++ {
		t[c] |= classUpper
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] |= classNonASCII
	}
	return t
}

// idnaProfile is Unicode ToASCII with the flags that "domain to ASCII"
// passes when beStrict is false: CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength off; CheckBidi and CheckJoiners on; nontransitional.
// The same flags serve domain to Unicode (ToUnicode). A *idna.Profile is
// immutable and safe for concurrent use.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.CheckHyphens(false),
	idna.StrictDomainName(false),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// parseHost is the host parser. It writes the serialized host to the output
// and returns its kind, or the fatal validation error. offset is where
// input starts in p.input, for reporting.
// https://url.spec.whatwg.org/#concept-host-parser
func (p *parser) parseHost(input string, isOpaque bool, offset int) (HostKind, ErrorKind) {
	if input != "" && input[0] == '[' {
		if input[len(input)-1] != ']' || len(input) < 2 {
			return 0, p.fail(IPv6Unclosed, offset)
		}
		addr, fail := parseIPv6(input[1 : len(input)-1])
		if fail != 0 {
			return 0, p.fail(fail, offset)
		}
		var tmp [41]byte
		b := append(tmp[:0], '[')
		b = appendIPv6(b, &addr)
		p.writeBytes(append(b, ']'))
		return HostIPv6, 0
	}
	if isOpaque {
		return p.parseOpaqueHost(input, offset)
	}
	// The common case: an ASCII domain with no percent-encoded bytes. The
	// percent-decoding and UTF-8 decoding are then the identity, and
	// domain to ASCII lowercases it (the ASCII rule of domain to ASCII,
	// as the WPT data has it).
	start := p.outLen()
	plain, forbidden, upper := true, -1, false
	// The bytes before the first one of interest, eight at a time.
	for i := scan(input, 0, &byteClass, classForbiddenDomain|classUpper|classNonASCII); i < len(input); i++ {
		c := input[i]
		if c >= utf8.RuneSelf || c == '%' {
			// Mapping may turn what follows (or precedes) into something
			// else entirely: "<" + U+0338 is "≮".
			plain = false
			break
		}
		if byteClass[c]&(classForbiddenDomain|classUpper) != 0 {
			if byteClass[c]&classUpper != 0 {
				upper = true
			} else if forbidden < 0 {
				forbidden = i
			}
		}
	}
	domain := input
	switch {
	case plain && forbidden >= 0:
		return 0, p.fail(DomainInvalidCodePoint, offset+forbidden)
	case plain && upper:
		p.writeLower(input)
	case plain:
		p.writeString(input)
	default:
		var fail ErrorKind
		domain, fail = p.domainToASCII(PercentDecodeString(input), offset)
		if fail != 0 {
			return 0, fail
		}
		p.writeString(domain)
	}
	if plain && p.report != nil {
		if _, err := idnaProfile.ToASCII(input); err != nil {
			p.warn(DomainToASCII, offset)
		}
	}
	if endsInANumber(domain) {
		var w warnings
		addr, fail := parseIPv4(domain, &w)
		p.warnAll(&w, offset)
		if fail != 0 {
			return 0, p.fail(fail, offset)
		}
		p.truncate(start)
		var tmp [15]byte
		p.writeBytes(appendIPv4(tmp[:0], addr))
		return HostIPv4, 0
	}
	return HostDomain, 0
}

// domainToASCII runs domain to ASCII with beStrict false on a
// percent-decoded domain. Invalid UTF-8 counts as U+FFFD, which ToASCII
// rejects. The result is ASCII.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func (p *parser) domainToASCII(domain string, offset int) (string, ErrorKind) {
	var result string
	if isASCII(domain) {
		result = asciiLowercase(domain)
		if p.report != nil {
			if _, err := idnaProfile.ToASCII(domain); err != nil {
				p.warn(DomainToASCII, offset)
			}
		}
	} else {
		if !utf8.ValidString(domain) {
			return "", p.fail(DomainToASCII, offset)
		}
		var err error
		result, err = idnaProfile.ToASCII(domain)
		if err != nil {
			return "", p.fail(DomainToASCII, offset)
		}
	}
	if result == "" {
		return "", p.fail(DomainToASCII, offset)
	}
	for i := 0; i < len(result); i++ {
		if byteClass[result[i]]&classForbiddenDomain != 0 {
			return "", p.fail(DomainInvalidCodePoint, offset)
		}
	}
	return result, 0
}

// parseOpaqueHost is the opaque-host parser.
// https://url.spec.whatwg.org/#concept-opaque-host-parser
func (p *parser) parseOpaqueHost(input string, offset int) (HostKind, ErrorKind) {
	for i := 0; i < len(input); i++ {
		if byteClass[input[i]]&classForbiddenHost != 0 {
			return 0, p.fail(HostInvalidCodePoint, offset+i)
		}
	}
	if p.report != nil {
		p.checkURLUnits(input, offset)
	}
	p.writeEncoded(input, C0ControlSet)
	if input == "" {
		return HostEmpty, 0
	}
	return HostOpaque, 0
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiLowercase returns s with ASCII upper alphas lowercased, s itself
// when there are none.
func asciiLowercase(s string) string {
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]]&classUpper != 0 {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if byteClass[b[j]]&classUpper != 0 {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// ToUnicode converts an ASCII domain, such as a URL's Hostname, to
// its Unicode form for display: "xn--nxasmq6b.com" becomes "βόλοσ.com".
// Labels that are not valid Punycode are left as they are. It is the URL
// Standard's domain to Unicode with beStrict false; a non-nil err is an
// *Error whose cause is the domain-to-Unicode validation error
// (errors.Is(err, DomainToUnicode)), and the result is usable even then.
// https://url.spec.whatwg.org/#concept-domain-to-unicode
func ToUnicode(domain string) (string, error) {
	s, err := idnaProfile.ToUnicode(domain)
	if err != nil {
		return s, &Error{Op: "domain to Unicode", Input: domain, Err: &ValidationError{Kind: DomainToUnicode, Offset: -1}}
	}
	return s, nil
}

// ToASCII converts a domain to its ASCII form as the URL parser
// does for a special URL's host: "EXAMPLE.com" becomes "example.com",
// "βόλος.com" becomes "xn--nxasmq6b.com". It does not percent-decode and
// does not recognize IP addresses; use Parse for a whole host.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func ToASCII(domain string) (string, error) {
	var p parser
	s, fail := p.domainToASCII(domain, 0)
	if fail != 0 {
		return "", &Error{Op: "domain to ASCII", Input: domain, Err: &ValidationError{Kind: fail, Fatal: true}}
	}
	return s, nil
}
