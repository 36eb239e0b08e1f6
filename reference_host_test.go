package url

// The reference implementation's host parsing and serializing (see
// reference_test.go): the host parser, the ends-in-a-number checker, the
// IPv4 and IPv4 number parsers, the IPv6 parser, the opaque-host parser,
// the domain parser (domain to ASCII, on golang.org/x/net/idna configured
// as the standard says: UTS #46 is a standard of its own) and the host,
// IPv4 and IPv6 serializers, each step quoted from
// ../shared/spec/url.bs.

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// refHostKind says what a host is: "A host is a domain, an IP address, an
// opaque host, or an empty host."
type refHostKind int

const (
	refDomain refHostKind = iota + 1
	refIPv4Address
	refIPv6Address
	refOpaqueHost
	refEmptyHost
)

// refHost is a host. A domain, an opaque host and the empty host are the
// string name; an IPv4 address is the 32-bit unsigned integer ipv4; an
// IPv6 address is its eight 16-bit pieces.
// https://url.spec.whatwg.org/#concept-host
type refHost struct {
	kind refHostKind
	name string
	ipv4 uint32
	ipv6 [8]uint16
}

// refIsForbiddenHostCodePoint: "A forbidden host code point is U+0000
// NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F
// (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@), U+005B
// ([), U+005C (\), U+005D (]), U+005E (^), or U+007C (|)."
func refIsForbiddenHostCodePoint(c rune) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// refIsForbiddenDomainCodePoint: "A forbidden domain code point is a
// forbidden host code point, a C0 control, U+0025 (%), or U+007F DELETE."
func refIsForbiddenDomainCodePoint(c rune) bool {
	return refIsForbiddenHostCodePoint(c) || refIsC0Control(c) || c == '%' || c == 0x7F
}

// hostParse is the host parser; nil is failure.
// https://url.spec.whatwg.org/#concept-host-parser
func (p *refParser) hostParse(input []rune, isOpaque bool) *refHost {
	// "If input starts with U+005B ([), then:"
	if len(input) > 0 && input[0] == '[' {
		// "If input does not end with U+005D (]), IPv6-unclosed validation
		// error, return failure."
		if input[len(input)-1] != ']' || len(input) < 2 {
			p.validationError("IPv6-unclosed")
			return nil
		}
		// "Return the result of IPv6 parsing input with its leading U+005B
		// ([) and trailing U+005D (]) removed."
		return p.ipv6Parse(input[1 : len(input)-1])
	}
	// "If isOpaque is true, then return the result of opaque-host parsing
	// input."
	if isOpaque {
		return p.opaqueHostParse(input)
	}
	// "Assert: input is not the empty string."
	if len(input) == 0 {
		panic("host parser: empty input")
	}
	// "If input contains a percent-encoded byte, domain-percent-encoded
	// validation error."
	for i := range input {
		if input[i] == '%' && i+2 < len(input) && refIsASCIIHexDigit(input[i+1]) && refIsASCIIHexDigit(input[i+2]) {
			p.validationError("domain-percent-encoded")
			break
		}
	}
	// "Let domain be the result of running UTF-8 decode without BOM on the
	// percent-decoding of input."
	//
	// Each byte of an invalid sequence decodes to U+FFFD here, where the
	// Encoding Standard's decoder gives one U+FFFD per maximal subpart:
	// the count does not matter, since the domain parser fails on U+FFFD
	// (the standard's note).
	domain := []rune(string(refPercentDecodeString(input)))
	// "Let asciiDomain be the result of running domain parser with domain
	// and false."
	asciiDomain, ok := p.domainParse(domain, false)
	// "If asciiDomain is failure, then return failure."
	if !ok {
		return nil
	}
	// "If asciiDomain ends in a number, then return the result of IPv4
	// parsing asciiDomain."
	if refEndsInANumber(asciiDomain) {
		return p.ipv4Parse(asciiDomain)
	}
	// "Return asciiDomain."
	return &refHost{kind: refDomain, name: asciiDomain}
}

// refStrictlySplit is "strictly split a string on a particular delimiter
// code point delimiter": every delimiter splits, so the parts are one
// more than the delimiters.
// https://infra.spec.whatwg.org/#strictly-split
func refStrictlySplit(input string, delimiter string) []string {
	return strings.Split(input, delimiter)
}

// refEndsInANumber is the ends in a number checker.
// https://url.spec.whatwg.org/#ends-in-a-number-checker
func refEndsInANumber(input string) bool {
	// "Assert: input is not the empty string."
	if input == "" {
		panic("ends in a number: empty input")
	}
	// "Let parts be the result of strictly splitting input on U+002E (.)."
	parts := refStrictlySplit(input, ".")
	// "If the last item in parts is the empty string, then remove the last
	// item from parts."
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	// "Let last be the last item in parts."
	last := parts[len(parts)-1]
	// "If last is not the empty string and contains only ASCII digits,
	// then return true."
	if last != "" && !strings.ContainsFunc(last, func(c rune) bool { return !refIsASCIIDigit(c) }) {
		return true
	}
	// "If parsing last as an IPv4 number does not return failure, then
	// return true."
	if _, _, ok := refIPv4NumberParse(last); ok {
		return true
	}
	// "Return false."
	return false
}

// ipv4Parse is the IPv4 parser; nil is failure.
// https://url.spec.whatwg.org/#concept-ipv4-parser
func (p *refParser) ipv4Parse(input string) *refHost {
	// "Let parts be the result of strictly splitting input on U+002E (.)."
	parts := refStrictlySplit(input, ".")
	// "If the last item in parts is the empty string, then:"
	if parts[len(parts)-1] == "" {
		// "IPv4-empty-part validation error."
		p.validationError("IPv4-empty-part")
		// "If parts's size is greater than 1, then remove the last item
		// from parts."
		if len(parts) > 1 {
			parts = parts[:len(parts)-1]
		}
	}
	// "If parts's size is less than 4, IPv4-too-few-parts validation
	// error."
	if len(parts) < 4 {
		p.validationError("IPv4-too-few-parts")
	}
	// "If parts's size is greater than 4, IPv4-too-many-parts validation
	// error, return failure."
	if len(parts) > 4 {
		p.validationError("IPv4-too-many-parts")
		return nil
	}
	// "Let numbers be an empty list."
	var numbers []*big.Int
	// "For each part of parts:"
	for _, part := range parts {
		// "Let result be the result of parsing part."
		n, nonDecimal, ok := refIPv4NumberParse(part)
		// "If result is failure, IPv4-non-numeric-part validation error,
		// return failure."
		if !ok {
			p.validationError("IPv4-non-numeric-part")
			return nil
		}
		// "If result[1] is true, IPv4-non-decimal-part validation error."
		if nonDecimal {
			p.validationError("IPv4-non-decimal-part")
		}
		// "Append result[0] to numbers."
		numbers = append(numbers, n)
	}
	b255 := big.NewInt(255)
	// "If any item in numbers is greater than 255, IPv4-out-of-range-part
	// validation error."
	if slices.ContainsFunc(numbers, func(n *big.Int) bool { return n.Cmp(b255) > 0 }) {
		p.validationError("IPv4-out-of-range-part")
	}
	// "If any but the last item in numbers is greater than 255, then
	// return failure."
	if slices.ContainsFunc(numbers[:len(numbers)-1], func(n *big.Int) bool { return n.Cmp(b255) > 0 }) {
		return nil
	}
	// "If the last item in numbers is greater than or equal to 256^(5 −
	// numbers's size), then return failure."
	limit := new(big.Int).Exp(big.NewInt(256), big.NewInt(int64(5-len(numbers))), nil)
	if numbers[len(numbers)-1].Cmp(limit) >= 0 {
		return nil
	}
	// "Let ipv4 be the last item in numbers."
	ipv4 := new(big.Int).Set(numbers[len(numbers)-1])
	// "Remove the last item from numbers."
	numbers = numbers[:len(numbers)-1]
	// "Let counter be 0."
	counter := 0
	// "For each n of numbers:"
	for _, n := range numbers {
		// "Increment ipv4 by n × 256^(3 − counter)."
		f := new(big.Int).Exp(big.NewInt(256), big.NewInt(int64(3-counter)), nil)
		ipv4.Add(ipv4, f.Mul(f, n))
		// "Increment counter by 1."
		counter++
	}
	// "Return ipv4."
	return &refHost{kind: refIPv4Address, ipv4: uint32(ipv4.Uint64())}
}

// refIPv4NumberParse is the IPv4 number parser: it returns the number,
// whether a validation error was seen, and false for failure.
// https://url.spec.whatwg.org/#ipv4-number-parser
func refIPv4NumberParse(input string) (*big.Int, bool, bool) {
	// "If input is the empty string, then return failure."
	if input == "" {
		return nil, false, false
	}
	// "Let validationError be false."
	validationError := false
	// "Let R be 10."
	R := 10
	switch {
	// "If input contains at least two code points and the first two code
	// points are either "0X" or "0x", then:"
	case len(input) >= 2 && (input[:2] == "0X" || input[:2] == "0x"):
		// "Set validationError to true."
		validationError = true
		// "Remove the first two code points from input."
		input = input[2:]
		// "Set R to 16."
		R = 16
	// "Otherwise, if input contains at least two code points and the first
	// code point is U+0030 (0), then:"
	case len(input) >= 2 && input[0] == '0':
		// "Set validationError to true."
		validationError = true
		// "Remove the first code point from input."
		input = input[1:]
		// "Set R to 8."
		R = 8
	}
	// "If input is the empty string, then return (0, true)."
	if input == "" {
		return big.NewInt(0), true, true
	}
	// "If input contains a code point that is not a radix-R digit, then
	// return failure."
	for _, c := range input {
		var ok bool
		switch R {
		case 8:
			ok = '0' <= c && c <= '7'
		case 10:
			ok = refIsASCIIDigit(c)
		case 16:
			ok = refIsASCIIHexDigit(c)
		}
		if !ok {
			return nil, false, false
		}
	}
	// "Let output be the mathematical integer value that is represented by
	// input in radix-R notation, using ASCII hex digits for digits with
	// values 0 through 15."
	output, ok := new(big.Int).SetString(input, R)
	if !ok {
		panic("IPv4 number parser: " + input)
	}
	// "Return (output, validationError)."
	return output, validationError, true
}

// ipv6Parse is the IPv6 parser; nil is failure.
// https://url.spec.whatwg.org/#concept-ipv6-parser
func (p *refParser) ipv6Parse(input []rune) *refHost {
	// "Let address be a new IPv6 address whose pieces are all 0."
	var address [8]uint16
	// "Let pieceIndex be 0."
	pieceIndex := 0
	// "Let compress be null." (-1 is null.)
	compress := -1
	// "Let pointer be a pointer for input."
	pointer := 0
	c := func() rune {
		if pointer >= len(input) {
			return refEOF
		}
		return input[pointer]
	}
	remaining := func() []rune { return input[pointer+1:] }
	hexValue := func(c rune) int {
		v, err := strconv.ParseUint(string(c), 16, 8)
		if err != nil {
			panic(err)
		}
		return int(v)
	}
	// "If c is U+003A (:), then:"
	if c() == ':' {
		// "If remaining does not start with U+003A (:),
		// IPv6-invalid-compression validation error, return failure."
		if r := remaining(); len(r) == 0 || r[0] != ':' {
			p.validationError("IPv6-invalid-compression")
			return nil
		}
		// "Increase pointer by 2."
		pointer += 2
		// "Increase pieceIndex by 1 and then set compress to pieceIndex."
		pieceIndex++
		compress = pieceIndex
	}
	// "While c is not the EOF code point:"
	for c() != refEOF {
		// "If pieceIndex is 8, IPv6-too-many-pieces validation error, return
		// failure."
		if pieceIndex == 8 {
			p.validationError("IPv6-too-many-pieces")
			return nil
		}
		// "If c is U+003A (:), then:"
		if c() == ':' {
			// "If compress is non-null, IPv6-multiple-compression validation
			// error, return failure."
			if compress != -1 {
				p.validationError("IPv6-multiple-compression")
				return nil
			}
			// "Increase pointer and pieceIndex by 1, set compress to
			// pieceIndex, and then continue."
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		// "Let value and length be 0."
		value, length := 0, 0
		// "While length is less than 4 and c is an ASCII hex digit, set
		// value to value × 0x10 + c interpreted as a hexadecimal number, and
		// increase pointer and length by 1."
		for length < 4 && refIsASCIIHexDigit(c()) {
			value = value*0x10 + hexValue(c())
			pointer++
			length++
		}
		switch {
		// "If c is U+002E (.), then:"
		case c() == '.':
			// "If length is 0, IPv4-in-IPv6-invalid-code-point validation
			// error, return failure."
			if length == 0 {
				p.validationError("IPv4-in-IPv6-invalid-code-point")
				return nil
			}
			// "Decrease pointer by length."
			pointer -= length
			// "If pieceIndex is greater than 6, IPv4-in-IPv6-too-many-pieces
			// validation error, return failure."
			if pieceIndex > 6 {
				p.validationError("IPv4-in-IPv6-too-many-pieces")
				return nil
			}
			// "Let numbersSeen be 0."
			numbersSeen := 0
			// "While c is not the EOF code point:"
			for c() != refEOF {
				// "Let ipv4Piece be null." (-1 is null.)
				ipv4Piece := -1
				// "If numbersSeen is greater than 0, then:"
				if numbersSeen > 0 {
					// "If c is a U+002E (.) and numbersSeen is less than 4, then
					// increase pointer by 1."
					if c() == '.' && numbersSeen < 4 {
						pointer++
					} else {
						// "Otherwise, IPv4-in-IPv6-invalid-code-point validation
						// error, return failure."
						p.validationError("IPv4-in-IPv6-invalid-code-point")
						return nil
					}
				}
				// "If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point
				// validation error, return failure."
				if !refIsASCIIDigit(c()) {
					p.validationError("IPv4-in-IPv6-invalid-code-point")
					return nil
				}
				// "While c is an ASCII digit:"
				for refIsASCIIDigit(c()) {
					// "Let number be c interpreted as decimal number."
					number := int(c() - '0')
					switch {
					// "If ipv4Piece is null, then set ipv4Piece to number."
					case ipv4Piece == -1:
						ipv4Piece = number
					// "Otherwise, if ipv4Piece is 0,
					// IPv4-in-IPv6-invalid-code-point validation error, return
					// failure."
					case ipv4Piece == 0:
						p.validationError("IPv4-in-IPv6-invalid-code-point")
						return nil
					// "Otherwise, set ipv4Piece to ipv4Piece × 10 + number."
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					// "If ipv4Piece is greater than 255,
					// IPv4-in-IPv6-out-of-range-part validation error, return
					// failure."
					if ipv4Piece > 255 {
						p.validationError("IPv4-in-IPv6-out-of-range-part")
						return nil
					}
					// "Increase pointer by 1."
					pointer++
				}
				// "Set address[pieceIndex] to address[pieceIndex] × 0x100 +
				// ipv4Piece."
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				// "Increase numbersSeen by 1."
				numbersSeen++
				// "If numbersSeen is 2 or 4, then increase pieceIndex by 1."
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			// "If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts validation
			// error, return failure."
			if numbersSeen != 4 {
				p.validationError("IPv4-in-IPv6-too-few-parts")
				return nil
			}
			// "Break."
			goto afterLoop
		// "Otherwise, if c is U+003A (:):"
		case c() == ':':
			// "Increase pointer by 1."
			pointer++
			// "If c is the EOF code point, IPv6-invalid-code-point validation
			// error, return failure."
			if c() == refEOF {
				p.validationError("IPv6-invalid-code-point")
				return nil
			}
		// "Otherwise, if c is not the EOF code point, IPv6-invalid-code-point
		// validation error, return failure."
		case c() != refEOF:
			p.validationError("IPv6-invalid-code-point")
			return nil
		}
		// "If length is greater than 1 and value is less than 0x10^(length −
		// 1), IPv6-piece-leading-zero validation error."
		if length > 1 && value < 1<<(4*(length-1)) {
			p.validationError("IPv6-piece-leading-zero")
		}
		// "Set address[pieceIndex] to value."
		address[pieceIndex] = uint16(value)
		// "Increase pieceIndex by 1."
		pieceIndex++
	}
afterLoop:
	// "If compress is non-null, then:"
	if compress != -1 {
		// "Let swaps be pieceIndex − compress."
		swaps := pieceIndex - compress
		// "Set pieceIndex to 7."
		pieceIndex = 7
		// "While pieceIndex is not 0 and swaps is greater than 0, swap
		// address[pieceIndex] with address[compress + swaps − 1], and then
		// decrease both pieceIndex and swaps by 1."
		for pieceIndex != 0 && swaps > 0 {
			address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		// "Otherwise, if compress is null and pieceIndex is not 8,
		// IPv6-too-few-pieces validation error, return failure."
		p.validationError("IPv6-too-few-pieces")
		return nil
	}
	// "Return address."
	return &refHost{kind: refIPv6Address, ipv6: address}
}

// opaqueHostParse is the opaque-host parser; nil is failure.
// https://url.spec.whatwg.org/#concept-opaque-host-parser
func (p *refParser) opaqueHostParse(input []rune) *refHost {
	// "If input contains a forbidden host code point,
	// host-invalid-code-point validation error, return failure."
	if slices.ContainsFunc(input, refIsForbiddenHostCodePoint) {
		p.validationError("host-invalid-code-point")
		return nil
	}
	// "If input contains a code point that is not a URL code point and not
	// U+0025 (%), invalid-URL-unit validation error."
	if slices.ContainsFunc(input, func(c rune) bool { return !refIsURLCodePoint(c) && c != '%' }) {
		p.validationError("invalid-URL-unit")
	}
	// "If input contains a U+0025 (%) and the two code points following it
	// are not ASCII hex digits, invalid-URL-unit validation error."
	for i, c := range input {
		if c == '%' && !(i+2 < len(input) && refIsASCIIHexDigit(input[i+1]) && refIsASCIIHexDigit(input[i+2])) {
			p.validationError("invalid-URL-unit")
			break
		}
	}
	// "Return the result of running UTF-8 percent-encode on input using
	// the C0 control percent-encode set."
	name := refUTF8PercentEncodeString(input, refC0ControlSet)
	kind := refOpaqueHost
	if name == "" {
		kind = refEmptyHost // "An empty host is the empty string."
	}
	return &refHost{kind: kind, name: name}
}

// refDomainParserToASCII is "domain parser ToASCII": it "returns the
// result of running Unicode ToASCII with domain_name set to domain,
// CheckHyphens set to beStrict, CheckBidi set to true, CheckJoiners set
// to true, UseSTD3ASCIIRules set to beStrict, Transitional_Processing
// set to false, VerifyDnsLength set to beStrict, and
// IgnoreInvalidPunycode set to false" (reference_idna_test.go); ok is
// false for a failure value.
func refDomainParserToASCII(domain []rune, beStrict bool) (string, bool) {
	return refUTS46ToASCII(domain, refUTS46Flags{
		CheckHyphens:      beStrict,
		UseSTD3ASCIIRules: beStrict,
		VerifyDNSLength:   beStrict,
	})
}

// domainParse is the domain parser (domain to ASCII); ok is false for
// failure.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func (p *refParser) domainParse(domain []rune, beStrict bool) (string, bool) {
	// "Let strictResult be the result of running domain parser ToASCII
	// with domain and true."
	strictResult, strictOK := refDomainParserToASCII(domain, true)
	// "If strictResult is a failure value, domain-to-ASCII validation
	// error. This step does not return."
	if !strictOK {
		p.validationError("domain-to-ASCII")
	}
	// "If beStrict is true:"
	if beStrict {
		// "If strictResult is a failure value, then return failure."
		// "Return strictResult."
		return strictResult, strictOK
	}
	// "Let result be null."
	var result string
	isASCII := !slices.ContainsFunc(domain, func(c rune) bool { return c > 0x7F })
	if isASCII {
		// "If domain is an ASCII string, then set result to domain,
		// lowercased."
		lower := make([]rune, len(domain))
		for i, c := range domain {
			lower[i] = refASCIILowercase(c)
		}
		result = string(lower)
	} else {
		// "Otherwise: Set result to the result of running domain parser
		// ToASCII with domain and false. If result is a failure value, then
		// return failure."
		var ok bool
		if result, ok = refDomainParserToASCII(domain, false); !ok {
			return "", false
		}
	}
	// "If result is the empty string, then return failure."
	if result == "" {
		return "", false
	}
	// "If result contains a forbidden domain code point, then return
	// failure."
	if strings.ContainsFunc(result, refIsForbiddenDomainCodePoint) {
		return "", false
	}
	// "Return result."
	return result, true
}

// serialize is the host serializer.
// https://url.spec.whatwg.org/#concept-host-serializer
func (h *refHost) serialize() string {
	switch h.kind {
	// "If host is an IPv4 address, return the result of running the IPv4
	// serializer on host."
	case refIPv4Address:
		return refIPv4Serialize(h.ipv4)
	// "Otherwise, if host is an IPv6 address, return U+005B ([), followed
	// by the result of running the IPv6 serializer on host, followed by
	// U+005D (])."
	case refIPv6Address:
		return "[" + refIPv6Serialize(h.ipv6) + "]"
	}
	// "Otherwise, host is a domain, opaque host, or empty host, return
	// host."
	return h.name
}

// refIPv4Serialize is the IPv4 serializer.
// https://url.spec.whatwg.org/#concept-ipv4-serializer
func refIPv4Serialize(address uint32) string {
	// "Let output be the empty string."
	output := ""
	// "Let n be the value of address."
	n := address
	// "For each i in the range 1 to 4, inclusive:"
	for i := 1; i <= 4; i++ {
		// "Prepend n % 256, serialized, to output."
		output = strconv.Itoa(int(n%256)) + output
		// "If i is not 4, then prepend U+002E (.) to output."
		if i != 4 {
			output = "." + output
		}
		// "Set n to floor(n / 256)."
		n /= 256
	}
	// "Return output."
	return output
}

// refIPv6Serialize is the IPv6 serializer.
// https://url.spec.whatwg.org/#concept-ipv6-serializer
func refIPv6Serialize(address [8]uint16) string {
	// "Let output be the empty string."
	output := ""
	// "Let compress be the result of finding the IPv6 address compressed
	// piece index given address."
	compress := refIPv6CompressedPieceIndex(address)
	// "Let ignore0 be false."
	ignore0 := false
	// "For each pieceIndex of address's pieces's indices:"
	for pieceIndex := range address {
		// "If ignore0 is true and address[pieceIndex] is 0, then continue."
		if ignore0 && address[pieceIndex] == 0 {
			continue
		} else if ignore0 {
			// "Otherwise, if ignore0 is true, set ignore0 to false."
			ignore0 = false
		}
		// "If compress is pieceIndex, then:"
		if compress == pieceIndex {
			// "Let separator be "::" if pieceIndex is 0; otherwise U+003A
			// (:)."
			separator := ":"
			if pieceIndex == 0 {
				separator = "::"
			}
			// "Append separator to output."
			output += separator
			// "Set ignore0 to true and continue."
			ignore0 = true
			continue
		}
		// "Append address[pieceIndex], represented as the shortest possible
		// lowercase hexadecimal number, to output."
		output += strconv.FormatUint(uint64(address[pieceIndex]), 16)
		// "If pieceIndex is not 7, then append U+003A (:) to output."
		if pieceIndex != 7 {
			output += ":"
		}
	}
	// "Return output."
	return output
}

// refIPv6CompressedPieceIndex is "find the IPv6 address compressed piece
// index"; -1 is null.
// https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index
func refIPv6CompressedPieceIndex(address [8]uint16) int {
	// "Let longestIndex be null."
	longestIndex := -1
	// "Let longestSize be 1."
	longestSize := 1
	// "Let foundIndex be null."
	foundIndex := -1
	// "Let foundSize be 0."
	foundSize := 0
	// "For each pieceIndex of address's pieces's indices:"
	for pieceIndex := range address {
		// "If address's pieces[pieceIndex] is not 0:"
		if address[pieceIndex] != 0 {
			// "If foundSize is greater than longestSize, then set longestIndex
			// to foundIndex and longestSize to foundSize."
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			// "Set foundIndex to null." "Set foundSize to 0."
			foundIndex, foundSize = -1, 0
		} else {
			// "If foundIndex is null, then set foundIndex to pieceIndex."
			if foundIndex == -1 {
				foundIndex = pieceIndex
			}
			// "Increment foundSize by 1."
			foundSize++
		}
	}
	// "If foundSize is greater than longestSize, then return foundIndex."
	if foundSize > longestSize {
		return foundIndex
	}
	// "Return longestIndex."
	return longestIndex
}
