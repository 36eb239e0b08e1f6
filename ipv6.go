package url

// IPv6 addresses (URL Standard, sections 3.5 and 3.6).

// parseIPv6 is the IPv6 parser, given the text between the brackets. It
// returns the eight pieces, or the (always fatal) validation error.
// https://url.spec.whatwg.org/#concept-ipv6-parser
func parseIPv6(s string) (addr [8]uint16, fail ErrorKind) {
	pieceIndex, compress := 0, -1
	p := 0
	at := func(i int) int { // the code point at i, or -1 for EOF
		if i < len(s) {
			return int(s[i])
		}
		return -1
	}
	if at(p) == ':' {
		if at(p+1) != ':' {
			return addr, IPv6InvalidCompression
		}
		p += 2
		pieceIndex++
		compress = pieceIndex
	}
	for at(p) != -1 {
		if pieceIndex == 8 {
			return addr, IPv6TooManyPieces
		}
		if at(p) == ':' {
			if compress != -1 {
				return addr, IPv6MultipleCompression
			}
			p++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && p < len(s) && isHex(s[p]) {
			value = value*0x10 + int(unhex(s[p]))
			p++
			length++
		}
		if at(p) == '.' {
			if length == 0 {
				return addr, IPv4InIPv6InvalidCodePoint
			}
			p -= length
			if pieceIndex > 6 {
				return addr, IPv4InIPv6TooManyPieces
			}
			numbersSeen := 0
			for at(p) != -1 {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if at(p) == '.' && numbersSeen < 4 {
						p++
					} else {
						return addr, IPv4InIPv6InvalidCodePoint
					}
				}
				if c := at(p); c < '0' || c > '9' {
					return addr, IPv4InIPv6InvalidCodePoint
				}
				for c := at(p); '0' <= c && c <= '9'; c = at(p) {
					number := c - '0'
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						return addr, IPv4InIPv6InvalidCodePoint
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return addr, IPv4InIPv6OutOfRangePart
					}
					p++
				}
				addr[pieceIndex] = addr[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return addr, IPv4InIPv6TooFewParts
			}
			break
		} else if at(p) == ':' {
			p++
			if at(p) == -1 {
				return addr, IPv6InvalidCodePoint
			}
		} else if at(p) != -1 {
			return addr, IPv6InvalidCodePoint
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
		return addr, IPv6TooFewPieces
	}
	return addr, 0
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
