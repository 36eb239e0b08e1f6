// Package ecmascript holds the URI handling functions of ECMAScript
// (ECMA-262, "URI Handling Functions": encodeURI, encodeURIComponent,
// decodeURI, decodeURIComponent) and the Annex B functions escape and
// unescape, with the exact semantics of the specification, on Go strings.
//
// https://tc39.es/ecma262/#sec-uri-handling-functions
// https://tc39.es/ecma262/#sec-escape-string
// https://tc39.es/ecma262/#sec-unescape-string
//
// JavaScript strings are sequences of UTF-16 code units and may hold lone
// surrogates; Go strings are bytes, normally UTF-8. This package maps one to
// the other as WTF-8 (https://simonsapin.github.io/wtf-8/) does: a valid
// UTF-8 Go string is the JavaScript string with the same code points, and a
// lone surrogate may be written as its three-byte generalized UTF-8 form
// (ED A0 80 to ED BF BF), which is not valid UTF-8. Each function's doc
// comment says what it does with bytes that are not valid UTF-8.
//
// This package is the API and its documentation; the algorithms are in
// internal/core. They are not the URL Standard's, so they live in a
// package beside it, [github.com/weburl/url], which they do not import.
package ecmascript

import (
	"errors"
	"strings"

	core "github.com/weburl/url/internal/ecmascript"
	"github.com/weburl/url/internal/errfmt"
)

// ErrMalformedURI is the error JavaScript reports as URIError ("URI
// malformed"). Every error returned by [EncodeURI], [EncodeURIComponent],
// [DecodeURI] and [DecodeURIComponent] is a *URIError that wraps it, so
// errors.Is(err, ErrMalformedURI) reports whether JavaScript would have
// thrown.
var ErrMalformedURI = errors.New("malformed URI")

// URIError describes where and why an ECMAScript URI function failed. It
// wraps [ErrMalformedURI].
type URIError struct {
	Func   string // the Go function that failed, e.g. "DecodeURIComponent"
	Input  string // the whole input
	Offset int    // byte offset in [URIError.Input] of the character or escape sequence at fault
	Reason string // what is wrong there, e.g. "overlong UTF-8 encoding"
}

// Error returns a message in the form of [github.com/weburl/url.Error]'s,
// prefixed with this package's name: the function, the input, "malformed
// URI", the reason and the offset:
//
//	ecmascript: DecodeURIComponent "ab%C0%AF": malformed URI (overlong UTF-8 encoding) at offset 2
//
// A long input is quoted only around the offset, with its length, as
// [github.com/weburl/url.Error.Error] does, so the message stays a few
// hundred bytes long;
// [URIError.Input] keeps the whole input.
func (e *URIError) Error() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	errfmt.WriteOpInput(&b, e.Func, e.Input, min(max(e.Offset, 0), len(e.Input)))
	errfmt.WriteCause(&b, ErrMalformedURI.Error(), e.Reason, e.Offset)
	// errfmt writes the root package's prefix, "url: ".
	return "ecmascript: " + strings.TrimPrefix(b.String(), "url: ")
}

// Unwrap returns [ErrMalformedURI].
func (e *URIError) Unwrap() error { return ErrMalformedURI }

// uriError is the *URIError of a failure of function fn on input s, or
// nil when f is nil.
func uriError(fn, s string, f *core.Fault) error {
	if f == nil {
		return nil
	}
	return &URIError{Func: fn, Input: s, Offset: f.Offset, Reason: f.Reason}
}

// EncodeURI is JavaScript's encodeURI: it percent-encodes the UTF-8 bytes
// of every character but the ASCII letters and digits,
// - _ . ! ~ * ' ( ) and the characters that have a meaning in a URI,
// ; / ? : @ & = + $ , #. Hex digits are uppercase. Note that [ and ] are
// encoded: ECMAScript follows RFC 2396, not RFC 3986.
//
// Where JavaScript throws URIError for a lone surrogate, EncodeURI returns
// a *URIError: s must be valid UTF-8, and any byte that does not start a
// valid UTF-8 sequence (including a surrogate encoded in three bytes, as in
// WTF-8 or CESU-8) is an error. When s needs no encoding, s itself is
// returned.
//
// https://tc39.es/ecma262/#sec-encodeuri-uri
func EncodeURI(s string) (string, error) {
	r, f := core.EncodeURI(s)
	return r, uriError("EncodeURI", s, f)
}

// EncodeURIComponent is JavaScript's encodeURIComponent: it percent-encodes
// the UTF-8 bytes of every character but the ASCII letters and digits and
// - _ . ! ~ * ' ( ). Hex digits are uppercase. For valid UTF-8 the result
// is the same as url.PercentEncode(s,
// [github.com/weburl/url.ComponentSet]).
//
// Invalid UTF-8 is an error, as for [EncodeURI]. When s needs no encoding, s
// itself is returned.
//
// https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent
func EncodeURIComponent(s string) (string, error) {
	r, f := core.EncodeURIComponent(s)
	return r, uriError("EncodeURIComponent", s, f)
}

// DecodeURI is JavaScript's decodeURI: it replaces every escape sequence
// that encodes a UTF-8 character by that character, except that an escape
// of one of ; / ? : @ & = + $ , # is left as it is written (so "%23" and
// "%2f" stay as they are, while "%5B" becomes "[").
//
// Where JavaScript throws URIError, DecodeURI returns a *URIError: for a
// "%" that is not followed by two hex digits, and for escaped bytes that
// are not valid UTF-8 (a stray continuation byte, a truncated sequence, an
// overlong form such as %C0%AF, a surrogate such as %ED%A0%80, or a code
// point above U+10FFFF such as %F4%90%80%80). Bytes of s outside escapes
// are copied unchanged, even if they are not valid UTF-8, as JavaScript
// copies lone surrogates; decoded escapes are always valid UTF-8. When s
// holds nothing to decode, s itself is returned.
//
// https://tc39.es/ecma262/#sec-decodeuri-encodeduri
func DecodeURI(s string) (string, error) {
	r, f := core.DecodeURI(s)
	return r, uriError("DecodeURI", s, f)
}

// DecodeURIComponent is JavaScript's decodeURIComponent: it replaces every
// escape sequence that encodes a UTF-8 character by that character. It
// fails where [DecodeURI] fails, and copies other bytes the same way. When s
// holds no escape sequence, s itself is returned.
//
// Unlike [github.com/weburl/url.PercentDecodeString], which never fails
// and may return invalid UTF-8, DecodeURIComponent rejects what
// JavaScript rejects, and it does not turn "+" into a space.
//
// https://tc39.es/ecma262/#sec-decodeuricomponent-encodeduricomponent
func DecodeURIComponent(s string) (string, error) {
	r, f := core.DecodeURIComponent(s)
	return r, uriError("DecodeURIComponent", s, f)
}

// Escape is JavaScript's escape (ECMA-262 Annex B). It works on UTF-16
// code units: ASCII letters and digits and @ * _ + - . / are kept, a code
// unit below 0x100 becomes %XX and any other becomes %uXXXX, with
// uppercase hex digits. A character above U+FFFF is a surrogate pair, so it
// becomes two %uXXXX ("😀" gives "%uD83D%uDE00"). Non-ASCII characters
// below U+0100 are escaped as their Latin-1 code, not as UTF-8 ("é" gives
// "%E9"), so Escape's result is not a URI percent-encoding.
//
// A lone surrogate written as three bytes of generalized UTF-8 (WTF-8,
// ED A0 80 to ED BF BF) is escaped as that code unit, as JavaScript escapes
// a lone surrogate. Any other byte that is not valid UTF-8 is taken as
// U+FFFD and becomes %uFFFD. When s needs no escaping, s itself is
// returned.
//
// https://tc39.es/ecma262/#sec-escape-string
func Escape(s string) string { return core.Escape(s) }

// Unescape is JavaScript's unescape (ECMA-262 Annex B): every %uXXXX (a
// lowercase u and four hex digits) becomes the UTF-16 code unit XXXX, and
// every other %XX the code unit 00XX, that is, the Latin-1 character XX
// ("%E9" gives "é", not the byte E9). Anything else, including a "%" that
// starts neither form, is kept. It never fails.
//
// Code units are joined as UTF-16: "%uD83D%uDE00" gives "😀", and so does
// an escaped high surrogate followed by a lone low surrogate written in
// WTF-8, or the other way round. Where JavaScript's result would hold a
// lone surrogate, which a valid UTF-8 Go string cannot, Unescape writes
// U+FFFD instead; and any byte of s that is not valid UTF-8 (and is not a
// surrogate that joins into a pair) becomes U+FFFD too, so the result is
// always valid UTF-8. When s holds no escape and is valid UTF-8, s itself
// is returned.
//
// https://tc39.es/ecma262/#sec-unescape-string
func Unescape(s string) string { return core.Unescape(s) }
