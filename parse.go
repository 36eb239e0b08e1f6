package url

import (
	"math"

	"golang.org/x/text/encoding"
)

// Parser parses URLs with options: a legacy encoding for queries (as in a
// document in that encoding), and a callback that receives every
// validation error. The zero Parser is ready to use and is what [Parse]
// uses. A Parser may be used from many goroutines at once if its
// callback allows it.
type Parser struct {
	// Encoding, if non-nil, encodes the query of special URLs (but ws: and
	// wss:) before percent-encoding, as the URL parser's encoding
	// argument does for a document in that encoding: a code point it
	// cannot represent becomes "&#N;", percent-encoded. nil means UTF-8.
	Encoding encoding.Encoding

	// OnValidationError, if non-nil, is called for every validation error
	// the parser meets, in the order it meets them; the last one of a
	// failed parse is Fatal. When nil, the parser does no work to find
	// them. The parser keeps nothing per error: what to keep is the
	// callback's choice ([ValidationLog.Add] keeps the first few and
	// counts the rest).
	OnValidationError func(ValidationError)

	// MaxLength, if positive, is the longest input, and the longest
	// href, in bytes, that the Parser accepts: a longer one fails with
	// [ErrTooLong] before any work is done on it, or as soon as the href
	// outgrows it (percent-encoding can make an href nine times as long
	// as its input). A server can set it to bound the work and memory
	// one request costs. Zero means the most a URL can hold: 4 GiB less
	// one byte.
	MaxLength int
}

// hrefLimit is the longest href a URL can hold: its offsets are 32-bit.
// A variable only so that tests can lower it.
var hrefLimit uint64 = math.MaxUint32

// limit returns the longest input and href the Parser accepts.
func (pr *Parser) limit() uint64 {
	if pr.MaxLength > 0 && uint64(pr.MaxLength) < hrefLimit {
		return uint64(pr.MaxLength)
	}
	return hrefLimit
}

// Parse parses input, which may be relative to an optional base URL, and
// returns the URL or an *[Error]. It is the URL Standard's URL parser: given
// Parse(input, base), base is parsed first and input is resolved against
// it. More than one base is an error ([ErrTooManyBases]).
//
// Parse(rawURL) compiles wherever net/url's Parse(rawURL) did, but
// rejects what browsers reject (a relative reference with no base, for
// one) and normalizes as browsers do.
//
// When input is already in normal form, the URL's href is input itself
// (no copy is made), as net/url's fields are substrings of its input: a
// URL parsed from a substring of a large string keeps that string in
// memory. Pass strings.Clone(input) if that matters.
func Parse(input string, base ...string) (*URL, error) {
	// Small enough to inline, so that a caller that does not keep the
	// URL can have it on its stack: parsing a URL in normal form then
	// allocates nothing.
	return parseURL(new(URL), input, base)
}

// parseURL is Parse's worker, out of line: it fills u and returns it,
// or nil and the error.
//
//go:noinline
func parseURL(u *URL, input string, base []string) (*URL, error) {
	var pr Parser
	if len(base) == 0 && uint64(len(input)) <= hrefLimit {
		// The road (route.go) for the zero Parser, its step 1 here
		// and the rest in declined: a call to road between this
		// worker and parseNormalized cost URLs in normal form 8-10%
		// (docs/performance.md, "The parser's road").
		stop, ok := parseNormalized(input, &u.components)
		if ok {
			u.href = input
			u.assertInvariants("parse")
			return u, nil
		}
		if err := pr.declined(u, input, nil, "parse", roadCheck{}, stop); err != nil {
			return nil, err
		}
		return u, nil
	}
	if err := pr.parseBases(u, input, base); err != nil {
		return nil, err
	}
	return u, nil
}

// Parse parses input against an optional base URL with the [Parser]'s
// options. See the package-level Parse.
func (pr *Parser) Parse(input string, base ...string) (*URL, error) {
	return pr.parseURL(new(URL), input, base)
}

// parseURL is (*Parser).Parse's worker, out of line.
//
//go:noinline
func (pr *Parser) parseURL(u *URL, input string, base []string) (*URL, error) {
	if err := pr.parseBases(u, input, base); err != nil {
		return nil, err
	}
	return u, nil
}

// parseBases parses the base, if any, and input against it into u: the
// road (route.go) for each.
func (pr *Parser) parseBases(u *URL, input string, base []string) error {
	if len(base) == 0 {
		return pr.road(u, input, nil, "parse", roadCheck{})
	}
	var b URL
	if err := pr.parseBaseArg(&b, input, base); err != nil {
		return err
	}
	return pr.road(u, input, &b.record, "parse", roadCheck{})
}

// parseBaseArg is the one reading of the optional base argument that
// Parse, CanParse, Validate and Parser.Parse take as base ...string: with
// one base, it parses it into b; with none, b stays the zero URL, which
// the parser takes for no base (setBase). A base that fails to parse
// fails with Op "parse base"; more than one base is ErrTooManyBases,
// with Op "parse" and the input.
func (pr *Parser) parseBaseArg(b *URL, input string, base []string) error {
	switch len(base) {
	case 0:
		return nil
	case 1:
		return pr.road(b, base[0], nil, "parse base", roadCheck{})
	}
	return &Error{Op: "parse", Input: input, Err: ErrTooManyBases}
}

// ParseRef parses input against base with the [Parser]'s options.
func (pr *Parser) ParseRef(base *URL, input string) (*URL, error) {
	return pr.parseRef(new(URL), base, input)
}

// parseRef is ParseRef's worker, out of line.
//
//go:noinline
func (pr *Parser) parseRef(u, base *URL, input string) (*URL, error) {
	var b *record
	if base != nil {
		b = &base.current().record // with the changes to its SearchParams
	}
	if err := pr.road(u, input, b, "parse", roadCheck{}); err != nil {
		return nil, err
	}
	return u, nil
}

// Parse parses ref in the context of u: ref is resolved against u as a
// base URL, as net/url's method of the same name is used.
func (u *URL) Parse(ref string) (*URL, error) {
	var pr Parser
	return pr.parseRef(new(URL), u, ref)
}

// MustParse is like [Parse] but panics if the input cannot be parsed. It is
// meant for URLs that are constants of a program.
func MustParse(input string, base ...string) *URL {
	u, err := Parse(input, base...)
	if err != nil {
		panic(err)
	}
	return u
}

// CanParse reports whether Parse(input, base...) would succeed, without
// building a URL. It allocates nothing (see canparse.go): not for
// invalid UTF-8, tabs or newlines, nor for a base not in normal form,
// with two exceptions. When a tab or newline falls before the path of
// the input or base, it copies the part up to the path; and domain to
// ASCII (IDNA) allocates for a host that is not ASCII or holds
// percent-encoded bytes.
func CanParse(input string, base ...string) bool {
	return canParse(input, base)
}

// Validate parses input against an optional base URL, as [Parse] does, and
// returns the validation errors the parser met in input, in order, each
// with its offset in input: at most [MaxValidationErrors] of them, so
// that hostile input (a megabyte of "%" holds a million) cannot make it
// keep memory per error. A valid URL string gives none. When the parse
// fails, the URL is nil, err is the *[Error], and the last [ValidationError]
// is the fatal one (in the place of the last kept error if there were
// more). Errors in the base are not reported: a base that fails to parse
// fails the call.
//
// To choose the limit, or to learn how many errors there were in all,
// give a [Parser] a [ValidationLog] and use [Parser.ParseRef]. To ask
// only whether input is a valid URL string, by the standard's grammar,
// use [ValidURLString].
// https://url.spec.whatwg.org/#validation-error
func Validate(input string, base ...string) (*URL, []ValidationError, error) {
	var b URL
	var plain Parser // errors in the base are not reported
	if err := plain.parseBaseArg(&b, input, base); err != nil {
		return nil, nil, err
	}
	var log ValidationLog
	pr := Parser{OnValidationError: log.Add}
	u, err := pr.ParseRef(&b, input)
	return u, log.Errors, err
}
