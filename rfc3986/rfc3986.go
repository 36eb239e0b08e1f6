// Package rfc3986 percent-encodes data for any URI component as RFC 3986
// recommends: every byte but the unreserved characters. It is not the URL
// Standard's percent-encoding (see [github.com/weburl/url.PercentEncode]
// and its encode sets), which leaves more characters as they are; it is
// what OAuth 1.0 signatures and strict RFC 3986 consumers need.
package rfc3986

import "github.com/weburl/url/internal/percent"

// Encode percent-encodes every byte of s except RFC 3986's
// unreserved characters, ALPHA / DIGIT / "-" / "." / "_" / "~", with
// uppercase hex digits. It is the "percent encode" of OAuth 1.0 (RFC 5849,
// section 3.6), which signature base strings need, and what RFC 3986,
// section 2.3 calls the safe way to encode any data in any URI component.
//
// Each byte is encoded as it is, so a non-ASCII character becomes the
// percent-encoding of its UTF-8 bytes, and bytes that are not valid UTF-8
// are encoded too; Encode never fails. It differs from
// [github.com/weburl/url/ecmascript.EncodeURIComponent] only in encoding
// ! ' ( ) and * and in accepting invalid UTF-8; from
// [github.com/weburl/url.PercentEncode] with
// [github.com/weburl/url.FormURLEncodedSet] in keeping ~ and encoding *.
// [github.com/weburl/url.PercentDecodeString] is its inverse. When s needs
// no encoding, s itself is returned.
//
// https://www.rfc-editor.org/rfc/rfc3986#section-2.3
// https://www.rfc-editor.org/rfc/rfc5849#section-3.6
func Encode(s string) string {
	i := 0
	for i < len(s) && percent.IsUnreserved(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+2*(len(s)-i))
	b = append(b, s[:i]...)
	return string(percent.Append(b, s[i:], &rfc3986Encoded, 1, false))
}

// rfc3986Encoded[c] is 1 for every byte Encode encodes: all but
// the unreserved characters.
var rfc3986Encoded = func() (t [256]uint8) {
	for c := range t {
		if !percent.IsUnreserved(byte(c)) {
			t[c] = 1
		}
	}
	return t
}()
