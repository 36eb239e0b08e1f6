package url

import (
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"

	"github.com/weburl/url/internal/ascii"
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

// idnaProfile is Unicode ToASCII with the flags that "domain parser
// ToASCII" passes when beStrict is false: CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength off; CheckBidi and CheckJoiners
// on; nontransitional. The same flags serve domain to Unicode
// (ToUnicode). A *idna.Profile is immutable and safe for concurrent use.
// https://url.spec.whatwg.org/#domain-parser-toascii
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
// and returns its kind, or outcomeFailure after a fatal validation error.
// offset is where input starts in p.input, for reporting. Its steps are
// the standard's, each in a function that names them: 1 hostIPv6, 2
// parseOpaqueHost, 4-7 (the domain in ASCII) writePlainDomain for an
// ASCII domain without percent-encoded bytes, the common case, or
// writeDomain for any other, and 8-9 domainOrIPv4.
// https://url.spec.whatwg.org/#concept-host-parser
func (p *parser) parseHost(input string, isOpaque bool, offset int) (HostKind, outcome) {
	if input != "" && input[0] == '[' {
		return p.hostIPv6(input, offset)
	}
	if isOpaque {
		return p.parseOpaqueHost(input, offset)
	}
	start := p.outLen()
	domain, nonASCII := input, false
	if forbidden, upper, plain := plainDomain(input); plain {
		if r := p.writePlainDomain(input, offset, forbidden, upper); r != outcomeOK {
			return 0, r
		}
	} else {
		var r outcome
		if domain, nonASCII, r = p.writeDomain(input, offset, start); r != outcomeOK {
			return 0, r
		}
	}
	return p.domainOrIPv4(domain, nonASCII, start, offset)
}

// hostIPv6 is the host parser's step 1, for input starting with "[":
// it writes the IPv6 address in brackets, serialized.
func (p *parser) hostIPv6(input string, offset int) (HostKind, outcome) {
	// 1.1. If input does not end with "]", IPv6-unclosed validation
	// error, return failure.
	if input[len(input)-1] != ']' || len(input) < 2 {
		return 0, p.fail(IPv6Unclosed, offset)
	}
	// 1.2. Return the result of IPv6 parsing input without its brackets.
	addr, r := p.parseIPv6(input[1:len(input)-1], offset)
	if r != outcomeOK {
		return 0, r
	}
	var tmp [41]byte
	b := append(tmp[:0], '[')
	b = appendIPv6(b, &addr)
	p.writeBytes(append(b, ']'))
	return HostIPv6, outcomeOK
}

// plainDomain reports whether input, a domain for the host parser, is
// plain: ASCII with no percent-encoded byte (no "%"), for which steps 4
// to 7 are writePlainDomain's. For a plain input it also returns the
// offset of the first forbidden domain code point (-1 for none) and
// whether it holds an ASCII upper alpha.
func plainDomain(input string) (forbidden int, upper, plain bool) {
	forbidden = -1
	// The bytes before the first one of interest, eight at a time.
	for i := scan(input, 0, &byteClass, classForbiddenDomain|classUpper|classNonASCII); i < len(input); i++ {
		c := input[i]
		if c >= utf8.RuneSelf || c == '%' {
			// Mapping may turn what follows (or precedes) into something
			// else entirely: "<" + U+0338 is "≮".
			return -1, false, false
		}
		if byteClass[c]&(classForbiddenDomain|classUpper) != 0 {
			if byteClass[c]&classUpper != 0 {
				upper = true
			} else if forbidden < 0 {
				forbidden = i
			}
		}
	}
	return forbidden, upper, true
}

// writePlainDomain is the host parser's steps 4 to 7 for a plain domain
// (plainDomain): the percent-decoding and UTF-8 decoding are then the
// identity, and the domain parser (beStrict false) lowercases it (its
// step 5) or fails on the forbidden domain code point at forbidden. It
// writes the domain, lowercased.
func (p *parser) writePlainDomain(input string, offset, forbidden int, upper bool) outcome {
	if forbidden >= 0 {
		// The domain parser returns failure: the result holds a
		// forbidden domain code point. The strict ToASCII has failed
		// too (UseSTD3ASCIIRules), so this is its domain-to-ASCII
		// validation error, reported once, as fatal, at that code point.
		return p.fail(DomainToASCII, offset+forbidden)
	}
	// The domain parser's strict ToASCII, for its domain-to-ASCII
	// validation error only (a plain ASCII domain never fails).
	if p.report != nil {
		if _, ok := uts46ToASCIIStrict(input); !ok {
			p.warn(DomainToASCII, offset)
		}
	}
	if upper {
		p.writeLower(input)
	} else {
		p.writeString(input)
	}
	return outcomeOK
}

// writeDomain is the host parser's steps 4 to 7 for a domain that is not
// plain (plainDomain): it writes asciiDomain, the domain parser's result,
// at the output's offset start, and returns it with whether the decoded
// domain was not ASCII (for step 8).
func (p *parser) writeDomain(input string, offset, start int) (asciiDomain string, nonASCII bool, r outcome) {
	// 4. If input contains a percent-encoded byte,
	// domain-percent-encoded validation error.
	if p.report != nil {
		if k := percentEncodedByteIndex(input); k >= 0 {
			p.warn(DomainPercentEncoded, offset+k)
		}
	}
	if p.noStore && !utf8.ValidString(input) {
		// Read in place, an invalid byte stands for U+FFFD, which
		// fails the domain parser (canparse.go).
		return "", false, p.fail(DomainToASCII, offset)
	}
	// 5. Let domain be the result of running UTF-8 decode without
	// BOM on the percent-decoding of input.
	decoded := PercentDecodeString(input)
	nonASCII = !isASCII(decoded)
	// 6-7. The domain parser, beStrict false; failure fails.
	if nonASCII && len(decoded) <= punyShortDomain {
		var buf [2 * punyShortDomain]byte
		if b, r := p.fastDomainToASCII(buf[:0], decoded, offset); r != outcomeOK {
			return "", false, r
		} else if b != nil {
			p.reserveHost(len(b), offset+len(input))
			p.writeBytes(b)
			if p.noStore {
				// CanParse keeps no output: the ASCII form is read
				// from the stack (for step 8 only).
				return unsafe.String(unsafe.SliceData(b), len(b)), true, outcomeOK
			}
			return p.outString()[start:], true, outcomeOK
		}
	}
	e := punyEncoder{deferCount: !p.noStore}
	u, n, r := p.checkDomainToASCII(decoded, offset, &e)
	if r != outcomeOK {
		return "", false, r
	}
	if n < 0 {
		// A short domain: encoded once, on the stack, then written.
		var buf [2 * punyShortDomain]byte
		if b, ok := appendShortASCIIForm(buf[:0], u); ok {
			p.reserveHost(len(b), offset+len(input))
			p.writeBytes(b)
			return p.outString()[start:], nonASCII, outcomeOK
		}
		e.count, e.n = true, 0
		if !e.asciiForm(u) {
			return "", false, p.fail(DomainToASCII, offset)
		}
		n = e.n
	}
	if p.noStore || isASCII(u) {
		asciiDomain = e.asciiFormString(u, n)
		p.writeString(asciiDomain)
		return asciiDomain, nonASCII, outcomeOK
	}
	// Punycode labels: encoded straight into the output, sized
	// exactly.
	p.reserveHost(n, offset+len(input))
	p.out = e.appendASCIIForm(p.out, u)
	return p.outString()[start:], nonASCII, outcomeOK
}

// domainOrIPv4 is the host parser's steps 8 and 9: asciiDomain, written
// at the output's offset start, is the host, unless it ends in a number,
// when the IPv4 address it parses to replaces it. nonASCII reports
// whether the domain before domain to ASCII was not ASCII.
func (p *parser) domainOrIPv4(asciiDomain string, nonASCII bool, start, offset int) (HostKind, outcome) {
	// 8. If asciiDomain ends in a number, return the result of IPv4
	// parsing asciiDomain; IPv4-non-ASCII-input validation error first
	// when domain is not ASCII (whatwg/url#925, newer than url.bs).
	if endsInANumber(asciiDomain) {
		if nonASCII {
			p.warn(IPv4NonASCIIInput, offset)
		}
		addr, r := p.parseIPv4(asciiDomain, offset)
		if r != outcomeOK {
			return 0, r
		}
		p.truncate(start)
		var tmp [15]byte
		p.writeBytes(appendIPv4(tmp[:0], addr))
		return HostIPv4, outcomeOK
	}
	// 9. Return asciiDomain.
	return HostDomain, outcomeOK
}

// domainToASCII runs the domain parser with beStrict false on a
// percent-decoded domain. Invalid UTF-8 counts as U+FFFD, which ToASCII
// rejects. The result is ASCII.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func (p *parser) domainToASCII(domain string, offset int) (string, outcome) {
	var e punyEncoder
	u, n, r := p.checkDomainToASCII(domain, offset, &e)
	if r != outcomeOK {
		return "", r
	}
	return e.asciiFormString(u, n), outcomeOK
}

// checkDomainToASCII runs domainToASCII up to the Punycode encoding: it
// returns the ASCII domain, or the mapped Unicode domain (see
// uts46Map) that e.appendASCIIForm encodes, and n, the length of the
// result. e counts the result and keeps its scratch for the encoding.
//
// The domain parser reports domain-to-ASCII when the strict ToASCII
// fails (step 2) and returns failure later without a validation error
// of its own; the strict ToASCII fails whenever the domain parser does,
// and nothing is reported in between, so here that one error is
// reported once: fatal when the domain parser fails, and otherwise only
// when someone listens and the strict ToASCII fails.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func (p *parser) checkDomainToASCII(domain string, offset int, e *punyEncoder) (u string, n int, r outcome) {
	ok := true
	switch {
	case isASCII(domain):
		// 5. If domain is an ASCII string, set result to domain,
		// lowercased.
		u = ascii.Lower(domain)
		n = len(u)
	default:
		// 6. Otherwise, set result to the result of running domain
		// parser ToASCII with domain and false; failure fails. (Invalid
		// UTF-8 stands for U+FFFD, which ToASCII rejects.)
		u, n, ok = uts46Map(domain, e)
	}
	// 7. If result is the empty string, then return failure. (n is -1
	// for a short domain whose length uts46Map left to its writer: it
	// is not empty.)
	ok = ok && n != 0
	// 8. If result contains a forbidden domain code point, then return
	// failure. The result's ASCII code points are exactly u's: a
	// label's ASCII code points are copied (by Punycode too), and the
	// rest of a Punycode label is "xn--", letters, digits and a hyphen.
	for i := 0; ok && i < len(u); i++ {
		ok = byteClass[u[i]]&classForbiddenDomain == 0
	}
	if !ok {
		return "", 0, p.fail(DomainToASCII, offset)
	}
	// 1-2. The strict ToASCII, for its validation error.
	if p.report != nil {
		if _, strict := uts46ToASCIIStrict(domain); !strict {
			p.warn(DomainToASCII, offset)
		}
	}
	return u, n, outcomeOK
}

// fastDomainToASCII is the domain parser with beStrict false, as
// checkDomainToASCII and the Punycode encoding run it, for a domain that
// appendUTS46FastASCII decides (its step 6: domain parser ToASCII,
// Unicode ToASCII with the flags of beStrict false): it appends the
// result to dst and returns it, or nil when appendUTS46FastASCII cannot
// tell (the domain parser must run). Steps 7 and 8 hold: the result of
// a domain that is not ASCII is not empty, and holds only ASCII lower-
// case letters, digits, "-" and ".". Steps 1 and 2, the strict ToASCII,
// run for their validation error when someone listens, as in
// checkDomainToASCII.
func (p *parser) fastDomainToASCII(dst []byte, domain string, offset int) ([]byte, outcome) {
	b, verdict, isBidi := appendUTS46FastASCII(dst, domain)
	if verdict == fastUndecided {
		return nil, outcomeOK
	}
	if isBidi && !bidiRuleLabels(domain) {
		return nil, p.fail(DomainToASCII, offset)
	}
	if p.report != nil {
		if _, strict := uts46ToASCIIStrict(domain); !strict {
			p.warn(DomainToASCII, offset)
		}
	}
	return b, outcomeOK
}

// percentEncodedByteIndex returns the index of the first percent-encoded
// byte ("%" and two ASCII hex digits) in s, or -1.
func percentEncodedByteIndex(s string) int {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) {
			return i
		}
	}
	return -1
}

// reserveHost makes room in the output for a host of n bytes and the
// rest of the input after the host, which ends at end in p.input: the
// states are past the host, whose own bytes need no room.
func (p *parser) reserveHost(n, end int) {
	if end <= len(p.input) {
		p.pos = max(p.pos, end)
	}
	if p.out != nil {
		p.out = slices.Grow(p.out, n)
		return
	}
	p.materialize(n + len(p.input) - max(p.n, p.pos) + 16)
}

// parseOpaqueHost is the opaque-host parser.
// https://url.spec.whatwg.org/#concept-opaque-host-parser
func (p *parser) parseOpaqueHost(input string, offset int) (HostKind, outcome) {
	for i := 0; i < len(input); i++ {
		if byteClass[input[i]]&classForbiddenHost != 0 {
			return 0, p.fail(HostInvalidCodePoint, offset+i)
		}
	}
	// 2-3. invalid-URL-unit if input contains a code point that is not a
	// URL code point and not "%", and again if it contains a "%" not
	// followed by two ASCII hex digits: at most twice, each at the first
	// offending code point.
	if p.report != nil {
		p.checkOpaqueHostURLUnits(input, offset)
	}
	p.writeEncoded(input, C0ControlSet)
	if input == "" {
		return HostEmpty, outcomeOK
	}
	return HostOpaque, outcomeOK
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// ToUnicode converts an ASCII domain, such as a URL's Hostname, to
// its Unicode form for display: "xn--nxasmq6b.com" becomes "βόλοσ.com".
// It is the URL Standard's domain to Unicode: Unicode ToUnicode with
// CheckBidi and CheckJoiners, nontransitional. When ToUnicode records
// an error, the standard returns the domain as it was given, and so does
// ToUnicode, with a non-nil err: an *[Error] whose cause is
// [ErrToUnicode] (nothing was converted). An "xn--" label that is not
// valid Punycode, holds non-ASCII, decodes to nothing, to ASCII only or
// to a label starting with "xn--" is such an error (UTS #46 section 4,
// step 4): ToUnicode("xn--8i7caa") is "xn--8i7caa" and an error.
// https://url.spec.whatwg.org/#concept-domain-to-unicode
func ToUnicode(domain string) (string, error) {
	s, ok := uts46ToUnicode(domain)
	if !ok {
		// 2. If an error was recorded, then return domain.
		return domain, &Error{Op: "domain to Unicode", Input: domain, Err: ErrToUnicode}
	}
	return s, nil
}

// ErrToUnicode is the cause of the error [ToUnicode] returns when
// Unicode ToUnicode records an error, and the domain is returned
// unconverted. (It was the domain-to-Unicode validation error, which the
// URL Standard no longer has: the host parser has already reported
// every such error as domain-to-ASCII.)
var ErrToUnicode = errors.New("ToUnicode (UTS #46) records an error; the domain is left as it is")

// ToASCII converts a domain to its ASCII form as the URL parser
// does for a special URL's host: "EXAMPLE.com" becomes "example.com",
// "βόλοσ.com" becomes "xn--nxasmq6b.com". It is the URL Standard's
// domain parser with beStrict false (called domain to ASCII before
// 2026); its error's cause is the domain-to-ASCII validation error. It
// does not percent-decode and
// does not recognize IP addresses; use [Parse] for a whole host. It takes
// time O(n log n) in the length of domain, whatever it holds, and sets
// no length limit (as the URL Standard and its reference implementation
// set none).
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func ToASCII(domain string) (string, error) {
	var p parser
	s, r := p.domainToASCII(domain, 0)
	if r != outcomeOK {
		return "", &Error{Op: "domain to ASCII", Input: domain, Err: p.failure()}
	}
	return s, nil
}

// UTS #46 processing (https://www.unicode.org/reports/tr46/#Processing)
// is golang.org/x/net/idna's, with two things done here instead:
//
//   - Punycode encoding, which x/net/idna does in time quadratic in the
//     label (length times distinct code points): ToASCII is x/net's
//     ToUnicode, which maps, normalizes, decodes and validates exactly as
//     its ToASCII does but stops short of encoding, followed by
//     appendPunycode on each non-ASCII label (O(n log n)).
//   - Step 4's checks of "xn--" labels that x/net/idna omits (it accepts
//     "xn--", an "xn--" label holding non-ASCII, and one that decodes to
//     a label starting with "xn--"): checkACELabels.
//
// A short domain of lower-case (or simply upper-case) letters of the
// common scripts skips x/net/idna: appendUTS46FastASCII (uts46fast.go)
// decides its processing from a small table, checked code point by code
// point against x/net/idna's, and writes its ASCII form in the same pass.
//
// Lengths: no limit is imposed, as in the URL Standard and its reference
// implementation (whatwg-url); see punycode.go for what browsers do.
// x/net/idna itself refuses to decode an "xn--" label into more than
// 1,024 code points, which bounds its (quadratic) decoder to O(1024 n);
// when it fails on a domain with such a label, the domain is processed
// again label by label, with the "xn--" labels decoded here
// (uts46ByLabel).

// unicode16 is x/net/idna's switch between the UTS #46 of Unicode 15
// and earlier and that of Unicode 16 and later: it follows the Unicode
// version of the Go toolchain.
const unicode16 = unicode.Version >= "16.0.0"

// uts46ToASCIIStrict is the domain parser ToASCII with beStrict true:
// Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength set, the other flags as in idnaProfile. ok is false
// when it records an error. It runs uts46Map (the same processing with
// those three flags unset, which fails whenever the strict one does)
// and then the three checks, as UTS #46 revision 31 and later define
// them: on each label of the mapped domain (an "xn--" label decoded),
// no U+002D at its start, its end, or in both the third and fourth
// positions (validity criteria 2 and 3), and no ASCII code point but
// a-z, 0-9 and U+002D (criterion 7, UseSTD3ASCIIRules); on the ASCII
// result, a length of 1 to 253 and labels of 1 to 63 bytes, the empty
// root label after a trailing dot included (as whatwg-url's tr46 does).
// https://url.spec.whatwg.org/#domain-parser-toascii
func uts46ToASCIIStrict(domain string) (string, bool) {
	if !utf8.ValidString(domain) {
		return "", false
	}
	var e punyEncoder
	u, n, ok := uts46Map(domain, &e)
	if !ok {
		return "", false
	}
	for label := range strings.SplitSeq(u, ".") {
		if label == "" {
			continue // VerifyDnsLength, below
		}
		if label[0] == '-' || label[len(label)-1] == '-' {
			return "", false
		}
		third := 0 // the byte index of the third code point
		for k := 0; k < 2 && third < len(label); k++ {
			_, size := utf8.DecodeRuneInString(label[third:])
			third += size
		}
		if strings.HasPrefix(label[third:], "--") {
			return "", false
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; c < utf8.RuneSelf && !('a' <= c && c <= 'z' || isASCIIDigit(c) || c == '-') {
				return "", false
			}
		}
	}
	a := e.asciiFormString(u, n)
	if a == "" || len(a) > 253 {
		return "", false
	}
	for label := range strings.SplitSeq(a, ".") {
		if label == "" || len(label) > 63 {
			return "", false
		}
	}
	return a, true
}

// uts46Map is Unicode ToASCII up to the Punycode encoding: it returns
// the mapped, normalized and validated domain, and the length of its
// ASCII form, which e.appendASCIIForm writes. ok is false when ToASCII
// records an error, and when domain is not valid UTF-8 (an invalid byte
// is U+FFFD, which ToASCII rejects). e counts the ASCII form and keeps
// the scratch of its Punycode encoder for the writing.
func uts46Map(domain string, e *punyEncoder) (u string, n int, ok bool) {
	if len(domain) <= punyShortDomain {
		// The shortcut, with its result on the stack.
		var buf [2 * punyShortDomain]byte
		if b, verdict, isBidi := appendUTS46FastASCII(buf[:0], domain); verdict == fastAsIs {
			// The domain as it is, unless the Bidi rule fails; its
			// ASCII form is b. (One to lower-case goes to x/net/idna,
			// which builds the mapped domain.)
			if isBidi && !bidiRuleLabels(domain) {
				return "", 0, false
			}
			return domain, len(b), true
		}
	}
	if !utf8.ValidString(domain) {
		return "", 0, false
	}
	u, err := idnaProfile.ToUnicode(domain)
	if err != nil && hasLongACELabel(u) {
		u, ok = uts46ByLabel(domain)
	} else {
		ok = err == nil && checkACELabels(domain, nil) && bidiRuleHolds(u)
	}
	if !ok {
		return "", 0, false
	}
	if isASCII(u) {
		return u, len(u), true
	}
	if e.deferCount && len(u) <= punyShortDomain {
		// The caller encodes it once, on its stack (appendShortASCIIForm).
		return u, -1, true
	}
	e.count, e.n = true, 0
	if !e.asciiForm(u) {
		return "", 0, false
	}
	return u, e.n, true
}

// punyShortDomain is the longest mapped domain, in bytes, whose ASCII
// form the host parser encodes once into a buffer on its stack (twice
// this size, which real domains stay within; a longer form moves the
// buffer to the heap, still correctly) instead of counting it first.
const punyShortDomain = 128

// appendShortASCIIForm is appendASCIIForm for a mapped domain of at most
// punyShortDomain bytes, without a punyEncoder (whose output escapes):
// dst can be a buffer on the caller's stack. It reports false when a
// label has more than punySmall code points, or holds U+FFFD, which
// x/net/idna's encoder refuses from Unicode 16 on (as asciiForm does).
func appendShortASCIIForm(dst []byte, u string) ([]byte, bool) {
	for len(u) > 0 {
		label := u
		dot := strings.IndexByte(u, '.')
		if dot >= 0 {
			label, u = u[:dot], u[dot+1:]
		} else {
			u = ""
		}
		if isASCII(label) {
			dst = append(dst, label...)
		} else {
			var ok bool
			if dst, ok = appendPunycodeShort(append(dst, "xn--"...), label); !ok {
				return dst, false
			}
		}
		if dot >= 0 {
			dst = append(dst, '.')
		}
	}
	return dst, true
}

// asciiFormString returns the ASCII form of u, a result of uts46Map
// whose ASCII form is n bytes long.
func (e *punyEncoder) asciiFormString(u string, n int) string {
	if isASCII(u) {
		return u
	}
	b := e.appendASCIIForm(make([]byte, 0, n), u)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not used again
}

// appendASCIIForm appends the ASCII form of u, a result of uts46Map, to
// dst: its ASCII labels as they are, the others in Punycode, with the
// "xn--" prefix.
func (e *punyEncoder) appendASCIIForm(dst []byte, u string) []byte {
	e.count, e.out, e.n = false, dst, 0
	e.asciiForm(u)
	b := e.out
	e.out = nil
	return b
}

// asciiForm writes (or counts) the ASCII form of the mapped domain u,
// label by label, and reports false when a label cannot be encoded.
// The encoder's scratch serves every label in turn.
func (e *punyEncoder) asciiForm(u string) bool {
	for len(u) > 0 {
		label := u
		dot := strings.IndexByte(u, '.')
		if dot >= 0 {
			label, u = u[:dot], u[dot+1:]
		} else {
			u = ""
		}
		if isASCII(label) {
			e.writeString(label)
		} else {
			// x/net/idna's encoder refuses U+FFFD from Unicode 16 on;
			// no valid label holds it anyway.
			if unicode16 && strings.ContainsRune(label, utf8.RuneError) {
				return false
			}
			e.writeString("xn--")
			if !e.encode(label, 0) {
				return false
			}
		}
		if dot >= 0 {
			e.writeByte('.')
		}
	}
	return true
}

// uts46ToUnicode is Unicode ToUnicode with the URL Standard's flags. The
// result is usable even when ok is false (an error was recorded).
func uts46ToUnicode(domain string) (string, bool) {
	u, err := idnaProfile.ToUnicode(domain)
	if err != nil && hasLongACELabel(u) {
		return uts46ByLabel(domain)
	}
	var keep []aceLabel
	ok := checkACELabels(domain, &keep)
	if len(keep) > 0 {
		u = restoreLabels(u, keep)
	}
	return u, ok && err == nil && bidiRuleHolds(u)
}

// xnetDecodeLimit is the most code points x/net/idna decodes an "xn--"
// label into: it fails on a longer one.
const xnetDecodeLimit = 1024

// hasLongACELabel reports whether u, x/net/idna's ToUnicode result for a
// domain on which it recorded an error, holds an "xn--" label that x/net
// may have refused to decode for its length alone: it leaves a label it
// cannot decode as it is, and a Punycode label decodes into at most as
// many code points as it has bytes after "xn--".
func hasLongACELabel(u string) bool {
	if len(u) <= len("xn--")+xnetDecodeLimit {
		return false
	}
	for label := range strings.SplitSeq(u, ".") {
		if len(label) > len("xn--")+xnetDecodeLimit && strings.HasPrefix(label, "xn--") {
			return true
		}
	}
	return false
}

// uts46ByLabel is Unicode ToUnicode with the URL Standard's flags (UTS
// #46 section 4, Processing, steps 1 to 4, and validity criterion 9 on
// the result), one label at a time, with step 4's decoding of "xn--"
// labels done here, without x/net/idna's length limit; x/net/idna maps
// and normalizes each label (steps 1 and 2) and validates it (criteria
// 1 and 5 to 8). Splitting the input at the code points that map to
// U+002E FULL STOP (cutLabel) gives the labels of step 3, as in
// checkACELabels. The result is usable even when ok is false. For
// domains with a label that x/net/idna refuses to decode for its
// length (hasLongACELabel): the common case goes through x/net/idna's
// processing of the whole domain.
func uts46ByLabel(domain string) (string, bool) {
	var b strings.Builder
	ok := true
	for {
		label, rest, more := cutLabel(domain)
		if mapped, isACE := mapACELabel(label); isACE {
			// Step 4, "xn--" labels: ASCII, valid Punycode that decodes
			// into a label neither empty nor all ASCII nor starting
			// with "xn--" (validACELabel), and that meets the validity
			// criteria: x/net/idna maps it to itself (its code points
			// are valid or deviation, and it is in NFC) and records no
			// error (criteria 6 and 8).
			var dec []rune
			valid := isASCII(mapped) && validACELabel(mapped)
			if valid {
				dec, _ = appendPunycodeDecoded(nil, mapped[len("xn--"):])
				s := string(dec)
				m, err := idnaProfile.ToUnicode(s)
				valid = err == nil && m == s
			}
			if valid {
				b.WriteString(string(dec))
			} else {
				ok = false
				b.WriteString(mapped)
			}
		} else {
			m, err := idnaProfile.ToUnicode(label)
			ok = ok && err == nil
			b.WriteString(m)
		}
		if !more {
			break
		}
		b.WriteByte('.')
		domain = rest
	}
	u := b.String()
	return u, ok && bidiRuleHolds(u)
}

// aceLabel is a label of the mapped domain that UTS #46 leaves as it is
// (an "xn--" label holding non-ASCII), by index.
type aceLabel struct {
	index int
	label string
}

// restoreLabels replaces labels of u, by index.
func restoreLabels(u string, keep []aceLabel) string {
	labels := strings.Split(u, ".")
	for _, k := range keep {
		if k.index < len(labels) {
			labels[k.index] = k.label
		}
	}
	return strings.Join(labels, ".")
}

// checkACELabels runs the checks of UTS #46 section 4 step 4 on the
// "xn--" labels of the mapped and normalized domain that x/net/idna
// leaves out, and reports whether they pass. When keep is not nil, it
// receives the labels
// that must stay as they are in ToUnicode's result (those holding
// non-ASCII, which x/net/idna decodes nonetheless).
//
// The mapped domain is not at hand (x/net/idna does not export its
// mapping), so it is rebuilt label by label: the mapping turns exactly
// U+002E, U+3002, U+FF0E and U+FF61 into a label separator (tested
// for every code point), so the input's labels are the mapped domain's
// labels before mapping, and each is mapped on its own. An ASCII label
// maps to its lowercase form. Only a label that can map to something
// starting with "xn--" is mapped: one that starts with x or X, or with
// a non-ASCII code point, and holds two code points that map to '-'.
func checkACELabels(domain string, keep *[]aceLabel) bool {
	ok := true
	for index := 0; ; index++ {
		label, rest, more := cutLabel(domain)
		if mapped, isACE := mapACELabel(label); isACE {
			switch {
			case !isASCII(mapped):
				// Step 4.1: an "xn--" label holding non-ASCII is an
				// error, and stays as it is.
				ok = false
				if keep != nil {
					*keep = append(*keep, aceLabel{index, mapped})
				}
			case !validACELabel(mapped):
				ok = false
			}
		}
		if !more {
			break
		}
		domain = rest
	}
	return ok
}

// cutLabel cuts domain at its first label separator (one of the code
// points that map to U+002E FULL STOP).
func cutLabel(domain string) (label, rest string, found bool) {
	for i := 0; i < len(domain); i++ {
		switch c := domain[i]; {
		case c == '.':
			return domain[:i], domain[i+1:], true
		case c == 0xE3 && strings.HasPrefix(domain[i:], "\u3002"),
			c == 0xEF && (strings.HasPrefix(domain[i:], "\uFF0E") || strings.HasPrefix(domain[i:], "\uFF61")):
			return domain[:i], domain[i+3:], true
		}
	}
	return domain, "", false
}

// mapACELabel returns the UTS #46 mapping of an input label (no
// separators in it) when that starts with "xn--".
func mapACELabel(label string) (string, bool) {
	if label == "" {
		return "", false
	}
	if c := label[0]; c < utf8.RuneSelf && c|0x20 != 'x' {
		// An ASCII code point maps to itself or its lowercase form, or
		// composes with a following mark into something else: never x.
		return "", false
	}
	if isASCII(label) {
		if len(label) < 4 || !strings.EqualFold(label[:4], "xn--") {
			return "", false
		}
		return ascii.Lower(label), true
	}
	// Only '-', U+FE63 and U+FF0D map to '-' (tested for every code
	// point): a label with fewer than two of them cannot map to "xn--".
	if strings.Count(label, "-")+strings.Count(label, "\uFE63")+strings.Count(label, "\uFF0D") < 2 {
		return "", false
	}
	// Map with a prefix that no mapping or composition touches, so that
	// x/net/idna does not take the result for an "xn--" label and
	// decode it.
	m, _ := idnaProfile.ToUnicode("0" + label)
	if m == "" || m[0] != '0' {
		return "", false
	}
	m = m[1:]
	return m, strings.HasPrefix(m, "xn--")
}

// validACELabel runs UTS #46 section 4 step 4 on an ASCII label of the
// mapped domain that starts with "xn--": it must decode as Punycode
// (4.2) into a label that is not empty and not all ASCII (4.3), and
// that does not itself start with "xn--" (validity criterion 4, with
// CheckHyphens false). x/net/idna runs the other validity criteria.
func validACELabel(label string) bool {
	var buf [64]rune
	dec, ok := appendPunycodeDecoded(buf[:0], label[len("xn--"):])
	if !ok || len(dec) >= 4 && dec[0] == 'x' && dec[1] == 'n' && dec[2] == '-' && dec[3] == '-' {
		return false
	}
	for _, r := range dec {
		if r >= utf8.RuneSelf {
			return true
		}
	}
	return false // empty, or all ASCII
}

// bidiRuleHolds checks UTS #46 section 4.1 criterion 8 (RFC 5893's Bidi
// rule in a Bidi domain) on the labels of domain, in their mapped
// Unicode form (x/net/idna's ToUnicode result). x/net/idna decides
// whether the domain is a Bidi domain from the code points before
// mapping, so "a\u2135b" (U+2135 is class L and maps to U+05D0, class R)
// escapes its own check.
func bidiRuleHolds(domain string) bool {
	isBidi := false
	for label := range strings.SplitSeq(domain, ".") {
		if bidirule.DirectionString(label) != bidi.LeftToRight {
			isBidi = true
			break
		}
	}
	return !isBidi || bidiRuleLabels(domain)
}

// bidiRuleLabels reports whether every label of domain, a Bidi domain
// name, satisfies RFC 5893's Bidi rule (UTS #46 validity criterion 9).
func bidiRuleLabels(domain string) bool {
	for label := range strings.SplitSeq(domain, ".") {
		if !bidirule.ValidString(label) {
			return false
		}
	}
	return true
}
