package url

// IPv4 addresses (URL Standard, sections 3.5 and 3.6).

import "strings"

// maxIPv4Number caps the value of an IPv4 number while it is parsed: any
// value at or above it is out of range for every part, so saturating
// there keeps arbitrarily long digit strings from overflowing.
const maxIPv4Number = 1 << 40

// endsInANumber reports whether a domain's last label (ignoring one
// trailing dot) is an IPv4 number, in which case the host parser hands
// the domain to the IPv4 parser.
// https://url.spec.whatwg.org/#ends-in-a-number-checker
func endsInANumber(s string) bool {
	if s != "" && s[len(s)-1] == '.' {
		if len(s) == 1 {
			return false
		}
		s = s[:len(s)-1]
	}
	// A number ends in a digit, a hex digit, or the "x" of "0x": most
	// domains (".com", ".org") are told apart by their last byte.
	if s == "" {
		return false
	}
	if c := s[len(s)-1]; !isASCIIDigit(c) && !('a' <= c|0x20 && c|0x20 <= 'f') && c|0x20 != 'x' {
		return false
	}
	last := s
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			last = s[i+1:]
			break
		}
	}
	if last == "" {
		return false
	}
	allDigits := true
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			allDigits = false
			break
		}
	}
	if allDigits {
		return true
	}
	_, _, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number is the IPv4 number parser: decimal, octal after a
// leading "0", hex after "0x" or "0X". nonDecimal is the spec's
// validationError flag.
// https://url.spec.whatwg.org/#ipv4-number-parser
func parseIPv4Number(s string) (n uint64, nonDecimal, ok bool) {
	if s == "" {
		return 0, false, false
	}
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		nonDecimal, radix, s = true, 16, s[2:]
	} else if len(s) >= 2 && s[0] == '0' {
		nonDecimal, radix, s = true, 8, s[1:]
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case radix == 16 && 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false, false
		}
		if d >= radix {
			return 0, false, false
		}
		if n < maxIPv4Number {
			n = n*radix + d
		}
	}
	return n, nonDecimal, true
}

// parseIPv4 is the IPv4 parser. It returns the address, or
// outcomeFailure after a fatal validation error. It reports validation
// errors, in the spec's order, through p.warn and p.fail at offset, where
// s starts in the parser's input (the host's start: the spec's IPv4
// parser knows no position within the address).
// https://url.spec.whatwg.org/#concept-ipv4-parser
func (p *parser) parseIPv4(s string, offset int) (addr uint32, r outcome) {
	// 1-2. Strictly split on "."; a last empty part is dropped.
	if s != "" && s[len(s)-1] == '.' {
		p.warn(IPv4EmptyPart, offset)
		if len(s) > 1 {
			s = s[:len(s)-1]
		}
	}
	// 3. Fewer than four parts: IPv4-too-few-parts validation error.
	// 4. More than four parts fail before any is parsed.
	switch dots := strings.Count(s, "."); {
	case dots < 3:
		p.warn(IPv4TooFewParts, offset)
	case dots > 3:
		return 0, p.fail(IPv4TooManyParts, offset)
	}
	// 5-6. Parse each part.
	var numbers [4]uint64
	count := 0
	for {
		part, rest, more := strings.Cut(s, ".")
		n, nonDecimal, ok := parseIPv4Number(part)
		if !ok {
			return 0, p.fail(IPv4NonNumericPart, offset)
		}
		if nonDecimal {
			p.warn(IPv4NonDecimalPart, offset)
		}
		numbers[count] = n
		count++
		if !more {
			break
		}
		s = rest
	}
	// 7-9. One error if any part exceeds 255; a failure if one but the
	// last does, or the last exceeds what the remaining bytes can hold.
	// (The failure is that same error, reported as fatal.)
	outOfRange := false
	for i := 0; i < count; i++ {
		if numbers[i] > 255 {
			if i < count-1 {
				return 0, p.fail(IPv4OutOfRangePart, offset)
			}
			outOfRange = true
		}
	}
	last := numbers[count-1]
	if last >= 1<<(8*(5-count)) {
		return 0, p.fail(IPv4OutOfRangePart, offset)
	}
	if outOfRange {
		p.warn(IPv4OutOfRangePart, offset)
	}
	// 10-14.
	ipv4 := last
	for i := 0; i < count-1; i++ {
		ipv4 += numbers[i] << (8 * (3 - i))
	}
	return uint32(ipv4), outcomeOK
}

// appendIPv4 is the IPv4 serializer: four decimal numbers joined by dots.
// https://url.spec.whatwg.org/#concept-ipv4-serializer
func appendIPv4(dst []byte, addr uint32) []byte {
	for i := 3; i >= 0; i-- {
		b := byte(addr >> (8 * i))
		if b >= 100 {
			dst = append(dst, '0'+b/100)
		}
		if b >= 10 {
			dst = append(dst, '0'+b/10%10)
		}
		dst = append(dst, '0'+b%10)
		if i > 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}
