package url

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/url/internal/errfmt"
)

// ErrorKind is one of the URL Standard's validation errors
// (https://url.spec.whatwg.org/#validation-error). Its [ErrorKind.String]
// method returns the spec's name, such as "IPv4-empty-part".
//
// Some validation errors are fatal: the parser returns failure. [Parse] then
// returns an *[Error] whose cause is a *[ValidationError] of that kind, so
//
//	errors.Is(err, url.PortOutOfRange)
//
// tells which failure it was. The others are reported only to a caller
// that asks for them (see [Parser.OnValidationError] and [Validate]).
type ErrorKind uint8

// The validation errors of the URL Standard, in the order of its table
// (https://url.spec.whatwg.org/#validation-error). Their names, glosses
// and descriptions are in one table, errorKindTable: a new kind is one
// constant here and one row there.
const (
	_ ErrorKind = iota
	// DomainToASCII: Unicode [ToASCII] records an error when CheckHyphens,
	// UseSTD3ASCIIRules and VerifyDnsLength are all set (the strict
	// flags), even when the parser's own flags succeed. Fatal when the
	// domain parser fails: a non-ASCII domain that ToASCII rejects with
	// the parser's flags too, an empty result, or a result holding a
	// forbidden domain code point ("https://exa%23mple.org").
	DomainToASCII
	// DomainPercentEncoded: a host parsed as a domain holds a
	// percent-encoded byte ("https://exam%70le.org").
	DomainPercentEncoded
	// HostInvalidCodePoint: an opaque host contains a forbidden host
	// code point. Fatal.
	HostInvalidCodePoint
	// IPv4EmptyPart: an IPv4 address ends with a dot.
	IPv4EmptyPart
	// IPv4TooFewParts: an IPv4 address has fewer than four parts
	// ("https://1.2.3/").
	IPv4TooFewParts
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
	// IPv4NonASCIIInput: IDNA mapping turned a host that is not ASCII
	// into an IPv4 address ("https://１２７.0.0.1/"). Newer than the
	// url.bs this package follows (whatwg/url#925); whatwg-url 17.3.0
	// reports it.
	IPv4NonASCIIInput
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
	// IPv6PieceLeadingZero: an IPv6 address piece has a leading 0
	// ("https://[::01]/").
	IPv6PieceLeadingZero
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

// errorKindTable is the one table of the validation errors: for each
// kind, the spec's name; a short English gloss of it, which error
// messages give in parentheses after the name; and a description after
// the spec's table, which [ErrorKind.Description] returns.
var errorKindTable = [numErrorKinds]struct{ name, gloss, description string }{
	DomainToASCII: {"domain-to-ASCII", "Unicode ToASCII failed on the domain",
		"Unicode ToASCII records an error with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set."},
	DomainPercentEncoded: {"domain-percent-encoded", "domain holds a percent-encoded byte",
		"The host, parsed as a domain, holds a percent-encoded byte."},
	HostInvalidCodePoint: {"host-invalid-code-point", "opaque host holds a forbidden code point",
		"An opaque host contains a forbidden host code point."},
	IPv4EmptyPart: {"IPv4-empty-part", "IPv4 address ends with a dot",
		"An IPv4 address ends with a dot."},
	IPv4TooFewParts: {"IPv4-too-few-parts", "IPv4 address has fewer than four parts",
		"An IPv4 address has fewer than four parts."},
	IPv4TooManyParts: {"IPv4-too-many-parts", "IPv4 address has more than four parts",
		"An IPv4 address has more than four parts."},
	IPv4NonNumericPart: {"IPv4-non-numeric-part", "IPv4 address part is not a number",
		"An IPv4 address part is not numeric."},
	IPv4NonDecimalPart: {"IPv4-non-decimal-part", "IPv4 address part is in hex or octal",
		"An IPv4 address part is written in hexadecimal or octal."},
	IPv4OutOfRangePart: {"IPv4-out-of-range-part", "IPv4 address part is out of range",
		"An IPv4 address part exceeds 255."},
	IPv4NonASCIIInput: {"IPv4-non-ASCII-input", "IPv4 address written with non-ASCII code points",
		"A host that is not ASCII maps to an IPv4 address."},
	IPv6Unclosed: {"IPv6-unclosed", "IPv6 address missing its closing bracket",
		"An IPv6 address is missing its closing bracket."},
	IPv6InvalidCompression: {"IPv6-invalid-compression", "IPv6 address begins with a single colon",
		"An IPv6 address begins with improper compression."},
	IPv6TooManyPieces: {"IPv6-too-many-pieces", "IPv6 address has more than eight pieces",
		"An IPv6 address has more than 8 pieces."},
	IPv6MultipleCompression: {"IPv6-multiple-compression", `IPv6 address has more than one "::"`,
		"An IPv6 address is compressed in more than one spot."},
	IPv6InvalidCodePoint: {"IPv6-invalid-code-point", "IPv6 address holds an unexpected code point or ends early",
		"An IPv6 address holds a code point that is neither a hex digit nor a colon, or ends unexpectedly."},
	IPv6TooFewPieces: {"IPv6-too-few-pieces", "IPv6 address has fewer than eight pieces",
		"An uncompressed IPv6 address has fewer than 8 pieces."},
	IPv6PieceLeadingZero: {"IPv6-piece-leading-zero", "IPv6 address piece has a leading zero",
		"An IPv6 address piece has a leading 0."},
	IPv4InIPv6TooManyPieces: {"IPv4-in-IPv6-too-many-pieces", "IPv6 address has more than six pieces before its IPv4 part",
		"An IPv6 address with IPv4 address syntax has more than 6 pieces."},
	IPv4InIPv6InvalidCodePoint: {"IPv4-in-IPv6-invalid-code-point", "IPv4 part of an IPv6 address is malformed",
		"An IPv4 part of an IPv6 address is empty, has a non-digit, a leading 0, or too many parts."},
	IPv4InIPv6OutOfRangePart: {"IPv4-in-IPv6-out-of-range-part", "IPv4 part of an IPv6 address exceeds 255",
		"An IPv4 part of an IPv6 address exceeds 255."},
	IPv4InIPv6TooFewParts: {"IPv4-in-IPv6-too-few-parts", "IPv4 part of an IPv6 address has fewer than four parts",
		"An IPv4 part of an IPv6 address has too few parts."},
	InvalidURLUnit: {"invalid-URL-unit", `code point not allowed in a URL, or "%" without two hex digits`,
		"A code point that is not a URL unit, or a % not followed by two hex digits."},
	SpecialSchemeMissingFollowingSolidus: {"special-scheme-missing-following-solidus", `special scheme not followed by "//"`,
		"A special scheme is not followed by //."},
	MissingSchemeNonRelativeURL: {"missing-scheme-non-relative-URL", "no scheme, and no base URL to resolve against",
		"The input has no scheme and no usable base URL."},
	InvalidReverseSolidus: {"invalid-reverse-solidus", `backslash used as "/" in a special URL`,
		"A special URL uses \\ instead of /."},
	InvalidCredentials: {"invalid-credentials", "URL holds a username or password",
		"The input includes credentials."},
	HostMissing: {"host-missing", "URL needs a host and has none",
		"The URL needs a host and has none."},
	PortOutOfRange: {"port-out-of-range", "port is greater than 65535",
		"The port is greater than 65535."},
	PortInvalid: {"port-invalid", "port is not a number",
		"The port is not a number."},
	FileInvalidWindowsDriveLetter: {"file-invalid-Windows-drive-letter", "relative file URL starts with a Windows drive letter",
		"A relative file URL starts with a Windows drive letter."},
	FileInvalidWindowsDriveLetterHost: {"file-invalid-Windows-drive-letter-host", "file URL host is a Windows drive letter",
		"A file URL's host is a Windows drive letter."},
}

// gloss returns a short English gloss of the kind's name, or "".
func (k ErrorKind) gloss() string {
	if k > 0 && k < numErrorKinds {
		return errorKindTable[k].gloss
	}
	return ""
}

// Description returns a one-sentence description of the validation
// error, after the URL Standard's table, or "" for a value that is not
// one of the kinds.
func (k ErrorKind) Description() string {
	if k > 0 && k < numErrorKinds {
		return errorKindTable[k].description
	}
	return ""
}

// String returns the spec's name of the validation error.
func (k ErrorKind) String() string {
	if k > 0 && k < numErrorKinds {
		return errorKindTable[k].name
	}
	return "ErrorKind(" + strconv.Itoa(int(k)) + ")"
}

// Error makes an [ErrorKind] usable as an error target: errors.Is(err,
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

// Error returns the spec's name of the validation error, a short gloss
// of it in parentheses, and its offset (none when [ValidationError.Offset] is
// negative, for an error not found at one place of an input):
//
//	IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7
func (e *ValidationError) Error() string {
	var b strings.Builder
	errfmt.WriteCause(&b, e.Kind.String(), e.Kind.gloss(), e.Offset)
	return b.String()
}

// Is reports whether target is this error's Kind, so [errors.Is] works with
// the [ErrorKind] constants.
func (e *ValidationError) Is(target error) bool {
	k, ok := target.(ErrorKind)
	return ok && k == e.Kind
}

// Reporting validation errors. Every algorithm of the parser (the
// states, the host, opaque-host, IPv4 and IPv6 parsers, the domain parser,
// the URL-unit check of percent-encoded components) is a method of the
// parser and reports through the three methods below, with an offset in
// p.input that they map to the caller's input (before preprocessing).
// A non-fatal error goes to the Parser's OnValidationError callback as
// it is met, when there is one, and nowhere otherwise: nothing is kept
// per error, so there is no cap on how many an input may hold (what to
// keep is the callback's choice, see [ValidationLog]). A fatal one is
// also recorded for the *Error the parse returns.

// warn reports a non-fatal validation error at offset i of p.input
// (mapped to the caller's input); it does nothing when nobody asked for
// validation errors.
func (p *parser) warn(k ErrorKind, i int) {
	if p.report != nil {
		p.report(ValidationError{Kind: k, Offset: p.origOffset(i)})
	}
}

// warnAt reports a non-fatal validation error at an offset of the
// caller's input (preprocessing, which has no offset in p.input to give).
// Only called when errors are reported.
func (p *parser) warnAt(k ErrorKind, orig int) {
	p.report(ValidationError{Kind: k, Offset: orig})
}

// fail records a fatal validation error at offset i of p.input in
// p.failKind and p.failAt (the caller's offset), reports it, and returns
// outcomeFailure, for the caller to return: the spec's "validation
// error, return failure".
func (p *parser) fail(k ErrorKind, i int) outcome {
	p.failKind, p.failAt = k, p.origOffset(i)
	if p.report != nil {
		p.report(ValidationError{Kind: k, Offset: p.failAt, Fatal: true})
	}
	return outcomeFailure
}

// checkURLUnits reports invalid-URL-unit for each code point of s that is
// not a URL code point and not "%", and for each "%" not followed by two
// ASCII hex digits. Only called when errors are reported.
func (p *parser) checkURLUnits(s string, offset int) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '%' {
				if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
					p.warn(InvalidURLUnit, offset+i)
				}
			} else if !isURLCodePointASCII(c) {
				p.warn(InvalidURLUnit, offset+i)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isURLCodePoint(r) {
			p.warn(InvalidURLUnit, offset+i)
		}
		i += size
	}
}

// checkOpaqueHostURLUnits reports the opaque-host parser's two
// invalid-URL-unit checks on s, which starts at offset in p.input:
// once at the first code point that is not a URL code point and not
// "%", if any; then once at the first "%" not followed by two ASCII hex
// digits, if any. Only called when errors are reported.
// https://url.spec.whatwg.org/#concept-opaque-host-parser
func (p *parser) checkOpaqueHostURLUnits(s string, offset int) {
	badUnit, badPercent := -1, -1
	for i := 0; i < len(s) && (badUnit < 0 || badPercent < 0); {
		c := s[i]
		if c == '%' {
			if badPercent < 0 && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
				badPercent = i
			}
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if badUnit < 0 && !isURLCodePoint(r) {
			badUnit = i
		}
		i += size
	}
	if badUnit >= 0 {
		p.warn(InvalidURLUnit, offset+badUnit)
	}
	if badPercent >= 0 {
		p.warn(InvalidURLUnit, offset+badPercent)
	}
}

// failure returns the fatal validation error that fail recorded.
func (p *parser) failure() *ValidationError {
	return &ValidationError{Kind: p.failKind, Offset: p.failAt, Fatal: true}
}

// MaxValidationErrors is how many validation errors [Validate] returns
// at most, and a zero [ValidationLog] keeps. Hostile input can hold a
// validation error at nearly every byte (a megabyte of "%" holds a
// million); past the first hundred, a caller learns little from the
// rest but their number, which [ValidationLog.Total] gives.
const MaxValidationErrors = 100

// A ValidationLog collects validation errors in bounded memory: it keeps
// the first [ValidationLog.Max] of them and counts them all. Its
// [ValidationLog.Add] method is meant to be a [Parser]'s OnValidationError
// callback:
//
//	log := url.ValidationLog{Max: 10}
//	p := url.Parser{OnValidationError: log.Add}
//	u, err := p.Parse(link)
//	// log.Errors: the first 10 errors; log.Total - len(log.Errors): how many more
//
// When the parse fails, the fatal error is always kept: it is the last of
// [ValidationLog.Errors], in the place of the Max-th error if Errors was
// full. A ValidationLog is not safe for concurrent use; to reuse one, reset
// it to its zero value (or set Errors to Errors[:0] and [ValidationLog.Total]
// to 0).
type ValidationLog struct {
	// Max is how many errors [ValidationLog.Errors] keeps at most; zero or
	// less means [MaxValidationErrors].
	Max int
	// Errors are the first errors added, in order.
	Errors []ValidationError
	// Total is how many errors were added, kept or not.
	Total int
}

// Add records e: it appends e to l.Errors if fewer than l.Max are kept,
// puts e in the last place if it is Fatal and l.Errors is full, and
// counts it in l.Total in any case.
func (l *ValidationLog) Add(e ValidationError) {
	l.Total++
	limit := l.Max
	if limit <= 0 {
		limit = MaxValidationErrors
	}
	switch {
	case len(l.Errors) < limit:
		l.Errors = append(l.Errors, e)
	case e.Fatal:
		l.Errors[len(l.Errors)-1] = e
	}
}

// ErrTooManyBases is the cause of the error [Parse] and [CanParse] return
// when given more than one base URL.
var ErrTooManyBases = errors.New("more than one base URL")

// ErrTooLong is the cause of the error [Parse], [CanParse] and the setters
// return when the input, or the href it would give, is longer than the
// URL can hold (4 GiB less one byte, as offsets are 32-bit; ada also
// refuses inputs over 4 GB), or longer than a [Parser.MaxLength]. A
// change to a URL's [SearchParams] cannot return an error: when it
// would make the href that long, the URL keeps the query it had.
var ErrTooLong = errors.New("URL too long")

// ErrRequestURI is the cause of the error [ParseRequestURI] returns for
// a string that is not an HTTP request target it can turn into a URL:
// neither origin-form ("/path?query") nor absolute-form
// ("https://host/path"), such as "", "foo.html", "../dir/" and the
// asterisk-form "*"; or one holding an ASCII control character; or an
// origin-form target with no origin, or with an origin that is not one.
var ErrRequestURI = errors.New("not a request target (origin-form /path or absolute-form scheme:...)")

// Error is the error returned by [Parse] and the URL setters. It records
// the operation, the input, and the cause: a *[ValidationError] for a
// failure the URL Standard defines (errors.Is(err, url.PortInvalid)),
// or a sentinel such as [ErrTooManyBases].
//
// # Error messages
//
// Every error of this package reads the same way: "url: ", the
// operation, the input quoted, and the cause. A cause that the URL
// Standard names is given by its spec name, a short English gloss in
// parentheses, and the byte offset in the input where it was found:
//
//	url: parse "http://[::1": IPv6-unclosed (IPv6 address missing its closing bracket) at offset 7
//	url: set port "8o": port-invalid (port is not a number) at offset 1
//	url: parse "x": more than one base URL
//
// The errors of the packages beside this one follow the same form,
// prefixed with their package's name or, when they are an *Error, "url"
// ("ecmascript: DecodeURI "%C0%AF": malformed URI (overlong UTF-8
// encoding) at offset 0", "url: dial tcp4 "127.0.0.1:9": address is not
// globally reachable").
type Error struct {
	Op    string // "parse", "parse base", a setter's name ("set port"), or another operation ("canonicalize", "unmarshal JSON")
	Input string // the input that could not be parsed or set
	Err   error  // the cause
}

// Error formats the error as described under [Error]: "url: ", [Error.Op],
// the quoted [Error.Input], the cause.
//
// An input longer than 2*[ErrorContext] bytes is not quoted whole (a
// megabyte of hostile input would make a megabyte message, four of 0xFF):
// the message quotes ErrorContext bytes on each side of the offset the
// cause names (of the start of the input if it names none), cut at code
// point boundaries, marks the cuts with "...", and gives the length
// (the quoted part is shortened here):
//
//	url: parse ..."aaaa://h:x/" (input of 1048583 bytes): port-invalid (port is not a number) at offset 1048580
//
// so it is at most a few hundred bytes long (a 0xFF byte is quoted as
// four). Input keeps the whole input.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	at := 0
	var ve *ValidationError
	if errors.As(e.Err, &ve) && ve.Offset > 0 {
		at = min(ve.Offset, len(e.Input))
	}
	var b strings.Builder
	errfmt.WriteOpInput(&b, e.Op, e.Input, at)
	if k, ok := e.Err.(ErrorKind); ok {
		// A kind with no offset (a setter's value that is invalid as a
		// whole): its name and gloss.
		errfmt.WriteCause(&b, k.String(), k.gloss(), -1)
	} else if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("no cause")
	}
	return b.String()
}

// ErrorContext is how many bytes of its input an [Error] message quotes
// on each side of the failure when the input is too long to quote whole.
const ErrorContext = errfmt.Context

// Unwrap returns the cause.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Timeout reports whether the cause is a timeout: it returns the cause's
// Timeout method's result when the cause has one, and false otherwise,
// as [net/url.Error.Timeout] does. A cause this package makes never
// has one; an *Error that wraps an I/O error (from code outside the
// package) may.
//
// With [Error.Temporary] it makes *Error satisfy net.Error, as
// *net/url.Error does, without this package importing package net.
func (e *Error) Timeout() bool {
	if e == nil {
		return false
	}
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// Temporary reports whether the cause is temporary: it returns the
// cause's Temporary method's result when the cause has one, and false
// otherwise, as [net/url.Error.Temporary] does. See [Error.Timeout].
func (e *Error) Temporary() bool {
	if e == nil {
		return false
	}
	t, ok := e.Err.(interface{ Temporary() bool })
	return ok && t.Temporary()
}
