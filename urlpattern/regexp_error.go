package urlpattern

// The regexp groups' error: the translator of internal/ecmaregexp
// refuses an ECMAScript regular expression, and RegExpError says why.

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/weburl/url/internal/ecmaregexp"
)

// RegExpError is the error for an ECMAScript regular expression that
// URLPattern's regexp groups cannot use: either ECMAScript rejects it (a
// SyntaxError in JavaScript), or ECMAScript accepts it but Go's regexp
// (RE2) cannot match it in linear time, or at all. Construct and Reason
// name what is refused and why.
//
// Use [errors.As] to get it from the error a pattern constructor returns.
type RegExpError struct {
	// Source is the regular expression, as ECMAScript would be given it.
	Source string
	// Offset is the byte offset in Source where the refused construct
	// starts.
	Offset int
	// Construct names the construct, as written or as ECMA-262 names it:
	// "(?=", `\k<name>`, "lone }", "\\p{Script_Extensions=Latin}".
	Construct string
	// Reason says why it is refused.
	Reason string
	// Unsupported is true when ECMAScript accepts the regular expression
	// and the refusal is this package's (RE2's) limit; false when
	// ECMAScript itself throws a SyntaxError for it.
	Unsupported bool
}

// Error returns the source, the offset, the construct and the reason in
// one line.
func (e *RegExpError) Error() string {
	kind := "invalid regular expression"
	if e.Unsupported {
		kind = "unsupported regular expression"
	}
	return fmt.Sprintf("urlpattern: %s %s: offset %d: %s: %s", kind, quoteBounded(e.Source), e.Offset, e.Construct, e.Reason)
}

// compileRegExp compiles an ECMAScript regular expression source with the
// flags the URL Pattern Standard uses ("v", or "vi" when ignoreCase) into
// Go's regexp, through the translator; its refusal becomes a
// *RegExpError.
func compileRegExp(source string, ignoreCase bool) (*regexp.Regexp, error) {
	re, err := ecmaregexp.Compile(source, ignoreCase)
	if err != nil {
		return nil, regExpErrorOf(err)
	}
	return re, nil
}

// translateRegExp is compileRegExp without Go's compiling: the
// translator's refusal, as a *RegExpError.
func translateRegExp(source string, ignoreCase bool) error {
	if _, err := ecmaregexp.Translate(source, ignoreCase); err != nil {
		return regExpErrorOf(err)
	}
	return nil
}

// regExpErrorOf is the *RegExpError of the translator's error.
func regExpErrorOf(err error) error {
	var e *ecmaregexp.Error
	if errors.As(err, &e) {
		return &RegExpError{Source: e.Source, Offset: e.Offset, Construct: e.Construct, Reason: e.Reason, Unsupported: e.Unsupported}
	}
	return err
}
