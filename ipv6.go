package url

// IPv6 addresses (URL Standard, sections 3.5 and 3.6).

// parseIPv6 is the IPv6 parser, given the text between the brackets. It
// returns the eight pieces, or outcomeFailure after a validation error
// (every one the IPv6 parser meets is fatal), reported through p.fail at
// offset, the offset in the parser's input of the host's "[".
// https://url.spec.whatwg.org/#concept-ipv6-parser
func (p *parser) parseIPv6(s string, offset int) (addr [8]uint16, r outcome) {
	pieceIndex, compress := 0, -1
	pointer := 0
	at := func(i int) int { // the code point at i, or -1 for EOF
		if i < len(s) {
			return int(s[i])
		}
		return -1
	}
	if at(pointer) == ':' {
		if at(pointer+1) != ':' {
			return addr, p.fail(IPv6InvalidCompression, offset)
		}
		pointer += 2
		pieceIndex++
		compress = pieceIndex
	}
	for at(pointer) != -1 {
		if pieceIndex == 8 {
			return addr, p.fail(IPv6TooManyPieces, offset)
		}
		if at(pointer) == ':' {
			if compress != -1 {
				return addr, p.fail(IPv6MultipleCompression, offset)
			}
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && pointer < len(s) && isHex(s[pointer]) {
			value = value*0x10 + int(unhex(s[pointer]))
			pointer++
			length++
		}
		if at(pointer) == '.' {
			if length == 0 {
				return addr, p.fail(IPv4InIPv6InvalidCodePoint, offset)
			}
			pointer -= length
			if pieceIndex > 6 {
				return addr, p.fail(IPv4InIPv6TooManyPieces, offset)
			}
			numbersSeen := 0
			for at(pointer) != -1 {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if at(pointer) == '.' && numbersSeen < 4 {
						pointer++
					} else {
						return addr, p.fail(IPv4InIPv6InvalidCodePoint, offset)
					}
				}
				if c := at(pointer); c < '0' || c > '9' {
					return addr, p.fail(IPv4InIPv6InvalidCodePoint, offset)
				}
				for c := at(pointer); '0' <= c && c <= '9'; c = at(pointer) {
					number := c - '0'
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						return addr, p.fail(IPv4InIPv6InvalidCodePoint, offset)
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return addr, p.fail(IPv4InIPv6OutOfRangePart, offset)
					}
					pointer++
				}
				addr[pieceIndex] = addr[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return addr, p.fail(IPv4InIPv6TooFewParts, offset)
			}
			break
		} else if at(pointer) == ':' {
			pointer++
			if at(pointer) == -1 {
				return addr, p.fail(IPv6InvalidCodePoint, offset)
			}
		} else if at(pointer) != -1 {
			return addr, p.fail(IPv6InvalidCodePoint, offset)
		}
		// If length is greater than 1 and value is less than
		// 0x10^(length-1), IPv6-piece-leading-zero validation error.
		if length > 1 && value < 1<<(4*(length-1)) {
			p.warn(IPv6PieceLeadingZero, offset)
		}
		addr[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress != -1 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			addr[pieceIndex], addr[compress+swaps-1] = addr[compress+swaps-1], addr[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		return addr, p.fail(IPv6TooFewPieces, offset)
	}
	return addr, outcomeOK
}

// ipv6CompressedPieceIndex finds the first longest run of two or more
// zero pieces, which the serializer writes as "::"; -1 if there is none.
// https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index
func ipv6CompressedPieceIndex(addr *[8]uint16) int {
	longestIndex, longestSize := -1, 1
	foundIndex, foundSize := -1, 0
	for i, piece := range addr {
		if piece != 0 {
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			foundIndex, foundSize = -1, 0
			continue
		}
		if foundIndex == -1 {
			foundIndex = i
		}
		foundSize++
	}
	if foundSize > longestSize {
		return foundIndex
	}
	return longestIndex
}

// appendIPv6 is the IPv6 serializer (RFC 5952 form, without brackets).
// https://url.spec.whatwg.org/#concept-ipv6-serializer
func appendIPv6(dst []byte, addr *[8]uint16) []byte {
	const lowerHex = "0123456789abcdef"
	compress := ipv6CompressedPieceIndex(addr)
	ignore0 := false
	for i, piece := range addr {
		if ignore0 && piece == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			ignore0 = true
			continue
		}
		started := false
		for shift := 12; shift >= 0; shift -= 4 {
			d := piece >> shift & 15
			if d != 0 || started || shift == 0 {
				dst = append(dst, lowerHex[d])
				started = true
			}
		}
		if i != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}
