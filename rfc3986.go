package url

import "github.com/weburl/url/internal/percent"

// EncodeRFC3986 percent-encodes every byte of s except RFC 3986's
// unreserved characters, ALPHA / DIGIT / "-" / "." / "_" / "~", with
// uppercase hex digits. It is the "percent encode" of OAuth 1.0 (RFC 5849,
// section 3.6), which signature base strings need, and what RFC 3986,
// section 2.3 calls the safe way to encode any data in any URI component.
//
// Each byte is encoded as it is, so a non-ASCII character becomes the
// percent-encoding of its UTF-8 bytes, and bytes that are not valid UTF-8
// are encoded too; EncodeRFC3986 never fails. It differs from
// [EncodeURIComponent] only in encoding ! ' ( ) and * and in accepting
// invalid UTF-8; from [PercentEncode] with [FormURLEncodedSet] in keeping ~
// and encoding *. [PercentDecodeString] is its inverse. When s needs no
// encoding, s itself is returned.
//
// https://www.rfc-editor.org/rfc/rfc3986#section-2.3
// https://www.rfc-editor.org/rfc/rfc5849#section-3.6
func EncodeRFC3986(s string) string {
	i := 0
	for i < len(s) && isUnreserved(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+2*(len(s)-i))
	b = append(b, s[:i]...)
	return string(percent.Append(b, s[i:], &rfc3986Encoded, 1, false))
}

// rfc3986Encoded[c] is 1 for every byte EncodeRFC3986 encodes: all but
// the unreserved characters.
var rfc3986Encoded = func() (t [256]uint8) {
	for c := range t {
		if !isUnreserved(byte(c)) {
			t[c] = 1
		}
	}
	return t
}()

// isUnreserved reports whether c is in RFC 3986's unreserved set.
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
