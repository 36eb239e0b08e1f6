package urlpattern

// Parts and options (URL Pattern Standard, sections 2.1.3 and 2.1.4).
// https://urlpattern.spec.whatwg.org/#parts

// partType is a part's type.
// https://urlpattern.spec.whatwg.org/#part-type
type partType uint8

const (
	partFixedText       partType = iota // "fixed-text"
	partRegexp                          // "regexp": a group with a custom regular expression
	partSegmentWildcard                 // "segment-wildcard": up to the next delimiter (":name")
	partFullWildcard                    // "full-wildcard": everything ("*")
)

// modifier is a part's modifier.
// https://urlpattern.spec.whatwg.org/#part-modifier
type modifier uint8

const (
	modifierNone       modifier = iota // "none"
	modifierOptional                   // "optional": "?"
	modifierZeroOrMore                 // "zero-or-more": "*"
	modifierOneOrMore                  // "one-or-more": "+"
)

// String converts a modifier to a string.
// https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string
func (m modifier) String() string {
	switch m {
	case modifierZeroOrMore:
		return "*"
	case modifierOptional:
		return "?"
	case modifierOneOrMore:
		return "+"
	}
	return ""
}

// part is one piece of a parsed pattern string: fixed text, or one
// matching group with its fixed prefix and suffix, and a modifier.
// https://urlpattern.spec.whatwg.org/#part
type part struct {
	typ      partType
	value    string
	modifier modifier
	name     string
	prefix   string
	suffix   string
}

// options control how a pattern string matches.
// https://urlpattern.spec.whatwg.org/#options
type options struct {
	delimiterCodePoint string // "" or one ASCII code point
	prefixCodePoint    string // "" or one ASCII code point
	ignoreCase         bool
}

var (
	// https://urlpattern.spec.whatwg.org/#default-options
	defaultOptions = options{}
	// https://urlpattern.spec.whatwg.org/#hostname-options
	hostnameOptions = options{delimiterCodePoint: "."}
	// https://urlpattern.spec.whatwg.org/#pathname-options
	pathnameOptions = options{delimiterCodePoint: "/", prefixCodePoint: "/"}
)

// fullWildcardRegexpValue is the regular expression of a "*" group.
// https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value
const fullWildcardRegexpValue = ".*"

// generateSegmentWildcardRegexp returns the regular expression of a
// ":name" group: "[^" + the escaped delimiter + "]+?".
// https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp
func generateSegmentWildcardRegexp(o options) string {
	switch o.delimiterCodePoint { // the options' delimiters, without an allocation
	case "":
		return "[^]+?"
	case ".":
		return `[^\.]+?`
	case "/":
		return `[^\/]+?`
	}
	return "[^" + escapeRegexpString(o.delimiterCodePoint) + "]+?"
}
