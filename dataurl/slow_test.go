package dataurl

// A slow reference: the data: URL processor, forgiving-base64 decode and
// parse a MIME type written step by step from the standards' text, on
// code points and whole intermediate strings, as the fast code avoids.
// The fuzz targets hold the fast code to it.

import (
	"strings"
	"unicode/utf8"

	url "github.com/weburl/url"
)

// slowForgivingBase64 is Infra's forgiving-base64 decode on a string of
// code points; ok false is failure.
func slowForgivingBase64(data []rune) ([]byte, bool) {
	// 1. Remove all ASCII whitespace from data.
	var d []rune
	for _, r := range data {
		if r != '\t' && r != '\n' && r != '\f' && r != '\r' && r != ' ' {
			d = append(d, r)
		}
	}
	// 2. If data's code point length divides by 4 leaving no remainder:
	// if data ends with one or two U+003D (=), remove them.
	if len(d)%4 == 0 {
		if len(d) >= 2 && d[len(d)-1] == '=' && d[len(d)-2] == '=' {
			d = d[:len(d)-2]
		} else if len(d) >= 1 && d[len(d)-1] == '=' {
			d = d[:len(d)-1]
		}
	}
	// 3. If data's code point length divides by 4 leaving a remainder of
	// 1, then return failure.
	if len(d)%4 == 1 {
		return nil, false
	}
	// 4. If data contains a code point that is not +, / or ASCII
	// alphanumeric, then return failure.
	for _, r := range d {
		if r >= 0x80 || !strings.ContainsRune(base64Alphabet, r) {
			return nil, false
		}
	}
	// 5-8. Append six bits per code point; every 24 bits make 3 bytes.
	out := []byte{}
	var buf uint32
	bits := 0
	for _, r := range d {
		buf = buf<<6 | uint32(strings.IndexRune(base64Alphabet, r))
		bits += 6
		if bits == 24 {
			out = append(out, byte(buf>>16), byte(buf>>8), byte(buf))
			buf, bits = 0, 0
		}
	}
	// 9. 12 bits: one byte; 18 bits: two.
	switch bits {
	case 12:
		out = append(out, byte(buf>>4))
	case 18:
		out = append(out, byte(buf>>10), byte(buf>>2))
	}
	return out, true
}

// slowPercentDecode is the URL Standard's percent-decode of a byte
// sequence.
func slowPercentDecode(s string) []byte {
	out := []byte{}
	isHex := func(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			v := strings.IndexByte("0123456789abcdef", strings.ToLower(s[i+1 : i+2])[0])<<4 |
				strings.IndexByte("0123456789abcdef", strings.ToLower(s[i+2 : i+3])[0])
			out = append(out, byte(v))
			i += 2
			continue
		}
		out = append(out, c)
	}
	return out
}

// slowProcess is the data: URL processor; ok false is failure.
func slowProcess(u *url.URL) (mimeType string, body []byte, ok bool) {
	input := []rune(strings.TrimPrefix(u.HrefWithoutFragment(), "data:"))
	position := 0
	var mt []rune
	for position < len(input) && input[position] != ',' {
		mt = append(mt, input[position])
		position++
	}
	mimeTypeStr := strings.Trim(string(mt), "\t\n\f\r ")
	if position >= len(input) {
		return "", nil, false
	}
	position++
	body = slowPercentDecode(string(input[position:]))
	lower := strings.ToLower(mimeTypeStr)
	if strings.HasSuffix(lower, "base64") {
		before := strings.TrimRight(mimeTypeStr[:len(mimeTypeStr)-6], " ")
		if strings.HasSuffix(before, ";") {
			var stringBody []rune // isomorphic decode
			for _, b := range body {
				stringBody = append(stringBody, rune(b))
			}
			if body, ok = slowForgivingBase64(stringBody); !ok {
				return "", nil, false
			}
			mimeTypeStr = before[:len(before)-1]
		}
	}
	if strings.HasPrefix(mimeTypeStr, ";") {
		mimeTypeStr = "text/plain" + mimeTypeStr
	}
	serialized, ok := slowParseMIMEType(mimeTypeStr)
	if !ok {
		serialized = "text/plain;charset=US-ASCII"
	}
	return serialized, body, true
}

// slowParseMIMEType parses a MIME type on code points and returns its
// serialization, keeping at most maxParams parameters as ParseMIMEType
// does (the standard keeps them all).
func slowParseMIMEType(s string) (string, bool) {
	var input []rune
	for len(s) > 0 { // invalid UTF-8 bytes are U+FFFD
		r, n := utf8.DecodeRuneInString(s)
		input = append(input, r)
		s = s[n:]
	}
	isWS := func(r rune) bool { return r == '\n' || r == '\r' || r == '\t' || r == ' ' }
	isToken := func(r rune) bool {
		return r < 0x80 && (strings.ContainsRune("!#$%&'*+-.^_`|~", r) ||
			'0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
	}
	isQS := func(r rune) bool { return r == '\t' || 0x20 <= r && r <= 0x7E || 0x80 <= r && r <= 0xFF }
	all := func(rs []rune, f func(rune) bool) bool {
		for _, r := range rs {
			if !f(r) {
				return false
			}
		}
		return true
	}
	for len(input) > 0 && isWS(input[0]) {
		input = input[1:]
	}
	for len(input) > 0 && isWS(input[len(input)-1]) {
		input = input[:len(input)-1]
	}
	pos := 0
	collect := func(stop func(rune) bool) []rune {
		start := pos
		for pos < len(input) && !stop(input[pos]) {
			pos++
		}
		return input[start:pos]
	}
	typ := collect(func(r rune) bool { return r == '/' })
	if len(typ) == 0 || !all(typ, isToken) || pos >= len(input) {
		return "", false
	}
	pos++
	sub := collect(func(r rune) bool { return r == ';' })
	for len(sub) > 0 && isWS(sub[len(sub)-1]) {
		sub = sub[:len(sub)-1]
	}
	if len(sub) == 0 || !all(sub, isToken) {
		return "", false
	}
	out := strings.ToLower(string(typ)) + "/" + strings.ToLower(string(sub))
	seen := map[string]bool{}
	for pos < len(input) {
		pos++
		collect(func(r rune) bool { return !isWS(r) })
		name := strings.ToLower(string(collect(func(r rune) bool { return r == ';' || r == '=' })))
		if pos < len(input) {
			if input[pos] == ';' {
				continue
			}
			pos++
		}
		if pos >= len(input) {
			break
		}
		var value []rune
		if input[pos] == '"' {
			pos++
			for {
				value = append(value, collect(func(r rune) bool { return r == '"' || r == '\\' })...)
				if pos >= len(input) {
					break
				}
				q := input[pos]
				pos++
				if q == '\\' {
					if pos >= len(input) {
						value = append(value, '\\')
						break
					}
					value = append(value, input[pos])
					pos++
				} else {
					break
				}
			}
			collect(func(r rune) bool { return r == ';' })
		} else {
			value = collect(func(r rune) bool { return r == ';' })
			for len(value) > 0 && isWS(value[len(value)-1]) {
				value = value[:len(value)-1]
			}
			if len(value) == 0 {
				continue
			}
		}
		if len(seen) < maxParams && name != "" && all([]rune(name), isToken) && all(value, isQS) && !seen[name] {
			seen[name] = true
			v := string(value)
			if len(value) == 0 || !all(value, isToken) {
				v = `"` + strings.NewReplacer(`"`, `\"`, `\`, `\\`).Replace(v) + `"`
			}
			out += ";" + name + "=" + v
		}
	}
	return out, true
}
