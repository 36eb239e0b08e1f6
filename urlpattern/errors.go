package urlpattern

// Errors. Constructing a pattern fails where the URL Pattern Standard
// throws a TypeError; the error is an *Error naming the component (when
// one is known) and the pattern text, and it unwraps to one of the
// sentinel causes below, with the standard's reason, so that errors.Is
// and errors.As work. A regular expression that cannot be compiled
// unwraps to a *RegExpError as well as to [ErrRegExp].

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/weburl/url/internal/errfmt"
)

// The causes of construction errors, one per reason the standard throws.
var (
	// ErrTokenize: the pattern has a character that cannot start a token
	// where it stands: a ":" not followed by a name, a "(" without its
	// ")", a regular expression group that starts with "?", holds a
	// non-ASCII character or an unescaped "(" not followed by "?", or a
	// "\" at the end.
	ErrTokenize = errors.New("invalid pattern syntax")
	// ErrUnexpectedToken: the pattern parser needed a "}" (or the end of
	// the pattern) and found something else, as in "{a" or "a}".
	ErrUnexpectedToken = errors.New("unexpected token")
	// ErrDuplicateName: two groups of one component have the same name.
	ErrDuplicateName = errors.New("duplicate group name")
	// ErrNoBaseURL: a pattern string with no protocol ("/books/*") needs
	// a base URL.
	ErrNoBaseURL = errors.New("a relative pattern needs a base URL")
	// ErrInvalidBaseURL: the base URL does not parse.
	ErrInvalidBaseURL = errors.New("invalid base URL")
	// ErrInvalidComponent: the URL parser refuses fixed text of the
	// component, e.g. a hostname with a space or a port that is not a
	// number below 65536.
	ErrInvalidComponent = errors.New("invalid component value")
	// ErrRegExp: the component's regular expression does not compile
	// (the error also unwraps to the *RegExpError that says why).
	ErrRegExp = errors.New("invalid regular expression")
	// ErrTooManyBases: more than one base URL was given.
	ErrTooManyBases = errors.New("more than one base URL")
	// ErrTooLarge: the pattern is longer than 1 MiB (the constructor
	// string and base URL, or the Init's fields, together), checked before
	// any other work, or a component has more than 1000 groups (":name",
	// "(regexp)", "*", or "{...}" with a modifier), checked as they are
	// parsed, or a component's regexp groups ("(...)") are together
	// longer than 16 KiB. Each would cost memory out of proportion to
	// what a URL pattern needs (and Go's regexp refuses a translation
	// longer than 1 MiB all the same).
	ErrTooLarge = errors.New("pattern too large")
)

// The bounds of ErrTooLarge.
const (
	maxPatternBytes = 1 << 20
	maxGroups       = 1000
	maxRegexpBytes  = 16 << 10
)

// Error is the error of a pattern that cannot be constructed.
type Error struct {
	// Component is the component whose pattern failed ("protocol",
	// "username", "password", "hostname", "port", "pathname", "search"
	// or "hash"), or "" when the failure is not one component's (the
	// constructor string or the base URL).
	Component string
	// Pattern is the text that failed: the component's pattern, or the
	// constructor string or base URL.
	Pattern string
	// Err is the cause: one of the Err* sentinels, wrapped with detail.
	Err error
}

// maxQuoted bounds the pattern text an error message quotes.
const maxQuoted = 200

// Error returns "urlpattern: COMPONENT pattern "...": cause".
func (e *Error) Error() string {
	s := "urlpattern: "
	if e.Component != "" {
		s += e.Component + " "
	}
	return s + "pattern " + quoteBounded(e.Pattern) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// quoteBounded quotes s, cut to maxQuoted bytes with "..." after it.
func quoteBounded(s string) string { return errfmt.QuoteHead(s, maxQuoted) }

// errTokenizing is the cause of a tokenizing error at byte offset i of
// input (valid UTF-8), named by its code point index.
func errTokenizing(input string, i int) error {
	n := codePointIndex(input, int32(i))
	if i < len(input) {
		r, _ := utf8.DecodeRuneInString(input[i:])
		return fmt.Errorf("%w: %q at code point %d", ErrTokenize, r, n)
	}
	return fmt.Errorf("%w at code point %d", ErrTokenize, n)
}
