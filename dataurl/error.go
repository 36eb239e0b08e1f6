package dataurl

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// The causes an [Error] wraps; test for them with [errors.Is].
var (
	// ErrNotData: the URL's scheme is not "data".
	ErrNotData = errors.New("not a data: URL")
	// ErrNoComma: the data: URL has no "," between its MIME type and its
	// body (the data: URL processor returns failure).
	ErrNoComma = errors.New("no comma after the MIME type")
	// ErrBase64: the body of a ";base64" data: URL, or the input of
	// [DecodeBase64], is not forgiving-base64 (a code point outside the
	// base64 alphabet, a "=" before the end, or a length that leaves one
	// code point over).
	ErrBase64 = errors.New("invalid forgiving-base64")
	// ErrMIMEType: [ParseMIMEType] failed (the type or subtype is empty
	// or holds a code point other than an HTTP token code point, or
	// there is no "/").
	ErrMIMEType = errors.New("invalid MIME type")
)

// Error is the error of this package's functions: the operation, the
// input, and the cause ([ErrNotData], [ErrNoComma], [ErrBase64],
// [ErrMIMEType], or the *[github.com/weburl/url.Error] of parsing a URL).
type Error struct {
	Op    string // "process data: URL", "parse MIME type", "decode base64"
	Input string // the input, whole
	Err   error  // the cause
}

// errorContext is how many bytes of a long input the message quotes.
const errorContext = 64

// Error formats the error as "dataurl: " Op, the quoted input and the
// cause. An input longer than twice errorContext (64) bytes is quoted
// only by its first 64 bytes (cut at a code point boundary), followed by
// "..." and its length, so that a message stays short whatever the
// input.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	cause := "<nil>"
	if e.Err != nil {
		cause = e.Err.Error()
	}
	in := e.Input
	quoted := strconv.Quote(in)
	if len(in) > 2*errorContext {
		cut := errorContext
		for cut > 0 && !utf8.RuneStart(in[cut]) {
			cut--
		}
		quoted = strconv.Quote(in[:cut]) + "... (input of " + strconv.Itoa(len(in)) + " bytes)"
	}
	return "dataurl: " + e.Op + " " + quoted + ": " + cause
}

// Unwrap returns the cause (nil for a nil *Error).
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}
