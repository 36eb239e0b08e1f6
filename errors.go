package url

import (
	"errors"
	"strconv"
)

// ErrorKind is one of the URL Standard's validation errors
// (https://url.spec.whatwg.org/#validation-error). Its String method
// returns the spec's name, such as "IPv4-empty-part".
//
// Some validation errors are fatal: the parser returns failure. Parse then
// returns an *Error whose cause is a *ValidationError of that kind, so
//
//	errors.Is(err, url.PortOutOfRange)
//
// tells which failure it was. The others are reported only to a caller
// that asks for them (see Parser.OnValidationError and Validate).
type ErrorKind uint8

// The validation errors of the URL Standard, in the order of its table
// (https://url.spec.whatwg.org/#validation-error).
const (
	_ ErrorKind = iota
	// DomainToASCII: Unicode ToASCII records an error or returns the
	// empty string. Fatal for a non-ASCII domain.
	DomainToASCII
	// DomainInvalidCodePoint: the domain contains a forbidden domain
	// code point. Fatal.
	DomainInvalidCodePoint
	// DomainToUnicode: Unicode ToUnicode records an error.
	DomainToUnicode
	// HostInvalidCodePoint: an opaque host contains a forbidden host
	// code point. Fatal.
	HostInvalidCodePoint
	// IPv4EmptyPart: an IPv4 address ends with a dot.
	IPv4EmptyPart
	// IPv4TooManyParts: an IPv4 address has more than four parts. Fatal.
	IPv4TooManyParts
	// IPv4NonNumericPart: an IPv4 address part is not numeric. Fatal.
	IPv4NonNumericPart
	// IPv4NonDecimalPart: an IPv4 address part is written in hex or
	// octal.
	IPv4NonDecimalPart
	// IPv4OutOfRangePart: an IPv4 address part exceeds 255 (fatal unless
	// it is the last part and fits).
	IPv4OutOfRangePart
	// IPv6Unclosed: an IPv6 address is missing its closing bracket.
	// Fatal.
	IPv6Unclosed
	// IPv6InvalidCompression: an IPv6 address begins with improper
	// compression. Fatal.
	IPv6InvalidCompression
	// IPv6TooManyPieces: an IPv6 address contains more than 8 pieces.
	// Fatal.
	IPv6TooManyPieces
	// IPv6MultipleCompression: an IPv6 address is compressed in more
	// than one spot. Fatal.
	IPv6MultipleCompression
	// IPv6InvalidCodePoint: an IPv6 address contains a code point that is
	// neither an ASCII hex digit nor a colon, or ends unexpectedly. Fatal.
	IPv6InvalidCodePoint
	// IPv6TooFewPieces: an uncompressed IPv6 address contains fewer than
	// 8 pieces. Fatal.
	IPv6TooFewPieces
	// IPv4InIPv6TooManyPieces: an IPv6 address with IPv4 address syntax
	// has more than 6 pieces. Fatal.
	IPv4InIPv6TooManyPieces
	// IPv4InIPv6InvalidCodePoint: an IPv4 part of an IPv6 address is
	// empty, has a non-digit, a leading 0, or too many parts. Fatal.
	IPv4InIPv6InvalidCodePoint
	// IPv4InIPv6OutOfRangePart: an IPv4 part of an IPv6 address exceeds
	// 255. Fatal.
	IPv4InIPv6OutOfRangePart
	// IPv4InIPv6TooFewParts: an IPv4 part of an IPv6 address has too few
	// parts. Fatal.
	IPv4InIPv6TooFewParts
	// InvalidURLUnit: a code point that is not a URL unit, or a "%" not
	// followed by two hex digits.
	InvalidURLUnit
	// SpecialSchemeMissingFollowingSolidus: a special scheme not followed
	// by "//".
	SpecialSchemeMissingFollowingSolidus
	// MissingSchemeNonRelativeURL: the input has no scheme and no usable
	// base URL. Fatal.
	MissingSchemeNonRelativeURL
	// InvalidReverseSolidus: a special URL uses "\" instead of "/".
	InvalidReverseSolidus
	// InvalidCredentials: the input includes credentials.
	InvalidCredentials
	// HostMissing: a special URL (or one with credentials or a port) has
	// no host. Fatal.
	HostMissing
	// PortOutOfRange: the port is greater than 65535. Fatal.
	PortOutOfRange
	// PortInvalid: the port is not a number. Fatal.
	PortInvalid
	// FileInvalidWindowsDriveLetter: a relative file URL starts with a
	// Windows drive letter.
	FileInvalidWindowsDriveLetter
	// FileInvalidWindowsDriveLetterHost: a file URL's host is a Windows
	// drive letter.
	FileInvalidWindowsDriveLetterHost

	numErrorKinds
)

var errorKindNames = [numErrorKinds]string{
	DomainToASCII:                        "domain-to-ASCII",
	DomainInvalidCodePoint:               "domain-invalid-code-point",
	DomainToUnicode:                      "domain-to-Unicode",
	HostInvalidCodePoint:                 "host-invalid-code-point",
	IPv4EmptyPart:                        "IPv4-empty-part",
	IPv4TooManyParts:                     "IPv4-too-many-parts",
	IPv4NonNumericPart:                   "IPv4-non-numeric-part",
	IPv4NonDecimalPart:                   "IPv4-non-decimal-part",
	IPv4OutOfRangePart:                   "IPv4-out-of-range-part",
	IPv6Unclosed:                         "IPv6-unclosed",
	IPv6InvalidCompression:               "IPv6-invalid-compression",
	IPv6TooManyPieces:                    "IPv6-too-many-pieces",
	IPv6MultipleCompression:              "IPv6-multiple-compression",
	IPv6InvalidCodePoint:                 "IPv6-invalid-code-point",
	IPv6TooFewPieces:                     "IPv6-too-few-pieces",
	IPv4InIPv6TooManyPieces:              "IPv4-in-IPv6-too-many-pieces",
	IPv4InIPv6InvalidCodePoint:           "IPv4-in-IPv6-invalid-code-point",
	IPv4InIPv6OutOfRangePart:             "IPv4-in-IPv6-out-of-range-part",
	IPv4InIPv6TooFewParts:                "IPv4-in-IPv6-too-few-parts",
	InvalidURLUnit:                       "invalid-URL-unit",
	SpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	MissingSchemeNonRelativeURL:          "missing-scheme-non-relative-URL",
	InvalidReverseSolidus:                "invalid-reverse-solidus",
	InvalidCredentials:                   "invalid-credentials",
	HostMissing:                          "host-missing",
	PortOutOfRange:                       "port-out-of-range",
	PortInvalid:                          "port-invalid",
	FileInvalidWindowsDriveLetter:        "file-invalid-Windows-drive-letter",
	FileInvalidWindowsDriveLetterHost:    "file-invalid-Windows-drive-letter-host",
}

// String returns the spec's name of the validation error.
func (k ErrorKind) String() string {
	if k > 0 && k < numErrorKinds {
		return errorKindNames[k]
	}
	return "ErrorKind(" + strconv.Itoa(int(k)) + ")"
}

// Error makes an ErrorKind usable as an error target: errors.Is(err,
// url.HostMissing) reports whether err is (or wraps) that validation error.
func (k ErrorKind) Error() string { return k.String() }

// ErrorKinds returns every validation error kind, in the spec's order.
func ErrorKinds() []ErrorKind {
	ks := make([]ErrorKind, 0, numErrorKinds-1)
	for k := ErrorKind(1); k < numErrorKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// A ValidationError is one violation of the URL Standard found in an
// input, with where it was found.
type ValidationError struct {
	Kind ErrorKind
	// Offset is the byte offset in the input given to the parser (before
	// the parser strips C0 controls, spaces, tabs and newlines) at which
	// the violation was detected: the start of the offending component or
	// code point.
	Offset int
	// Fatal reports whether this violation made the parse fail.
	Fatal bool
}

// Error returns a message naming the validation error and its offset.
func (e *ValidationError) Error() string {
	return e.Kind.String() + " at offset " + strconv.Itoa(e.Offset)
}

// Is reports whether target is this error's Kind, so errors.Is works with
// the ErrorKind constants.
func (e *ValidationError) Is(target error) bool {
	k, ok := target.(ErrorKind)
	return ok && k == e.Kind
}

// ErrTooManyBases is the cause of the error Parse and CanParse return
// when given more than one base URL.
var ErrTooManyBases = errors.New("more than one base URL")

// ErrTooLong is the cause of the error Parse, CanParse and the setters
// return when the input, or the href it would give, is longer than the
// URL can hold (4 GiB less one byte, as offsets are 32-bit; ada also
// refuses inputs over 4 GB), or longer than a Parser's MaxLength.
var ErrTooLong = errors.New("URL too long")

// Error is the error returned by Parse and the URL setters. It records
// the operation, the input, and the cause: a *ValidationError for a
// failure the URL Standard defines (errors.Is(err, url.PortInvalid)),
// or a sentinel such as ErrTooManyBases.
type Error struct {
	Op    string // "parse", "parse base", or the setter's name, e.g. "set port"
	Input string // the input that could not be parsed or set
	Err   error  // the cause
}

// Error formats the error as net/url's *Error does.
func (e *Error) Error() string {
	return e.Op + " " + strconv.Quote(e.Input) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
