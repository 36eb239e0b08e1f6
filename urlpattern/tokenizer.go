package urlpattern

// The tokenizer of pattern strings (URL Pattern Standard, section 2.1.2).
// https://urlpattern.spec.whatwg.org/#tokenizing
//
// The standard indexes a pattern string by code points; this file
// indexes it by bytes, on a pattern made valid UTF-8 first (validUTF8: an
// invalid byte is read as U+FFFD, as a Go range loop reads it), and
// counts code points only for error messages. Every step moves the index
// forward, so tokenizing is linear in the pattern's length.

import (
	"strings"
	"unicode/utf8"

	"github.com/weburl/url/internal/ecmaregexp"
)

// tokenType is a token's type.
// https://urlpattern.spec.whatwg.org/#token-type
type tokenType uint8

const (
	tokenInvalidChar   tokenType = iota // "invalid-char"
	tokenOpen                           // "open": "{"
	tokenClose                          // "close": "}"
	tokenRegexp                         // "regexp": "(<regular expression>)"
	tokenName                           // "name": ":<name>"
	tokenChar                           // "char"
	tokenEscapedChar                    // "escaped-char": "\<char>"
	tokenOtherModifier                  // "other-modifier": "?" or "+"
	tokenAsterisk                       // "asterisk": "*"
	tokenEnd                            // "end"
)

// String returns the standard's name of the token type.
func (t tokenType) String() string {
	switch t {
	case tokenOpen:
		return "open"
	case tokenClose:
		return "close"
	case tokenRegexp:
		return "regexp"
	case tokenName:
		return "name"
	case tokenChar:
		return "char"
	case tokenEscapedChar:
		return "escaped-char"
	case tokenOtherModifier:
		return "other-modifier"
	case tokenAsterisk:
		return "asterisk"
	case tokenEnd:
		return "end"
	}
	return "invalid-char"
}

// token is one lexical token of a pattern string. It holds byte
// offsets into the input it was read from, which its value is a slice
// of: 12 bytes a token, and no string of its own.
// https://urlpattern.spec.whatwg.org/#token
type token struct {
	typ   tokenType
	index int32 // byte offset of the token's first code point (the standard's index counts code points; see codePointIndex)
	end   int32 // byte offset just past the token's value
}

// tokenNone is the type of no token: what tryConsumeToken returns when
// the next token does not have the type asked for.
const tokenNone tokenType = 0xFF

// noToken is the absent token.
var noToken = token{typ: tokenNone}

// present reports whether t is a token (not noToken).
func (t token) present() bool { return t.typ != tokenNone }

// value returns the code points the token represents, a slice of input:
// for "escaped-char", "name" and "regexp" tokens, the text after the
// token's first code point ("\", ":" or "(").
func (t token) value(input string) string {
	start := t.index
	switch t.typ {
	case tokenEscapedChar, tokenName, tokenRegexp:
		start++
	}
	return input[start:t.end]
}

// codePointIndex is the standard's index (in code points) of byte offset
// i of input.
func codePointIndex(input string, i int32) int {
	return utf8.RuneCountInString(input[:i])
}

// validUTF8 returns s with each byte that is not part of valid UTF-8
// replaced by U+FFFD, as converting s to []rune (and a range loop) reads
// it: the standard's code points of s. It returns s itself when s is
// valid UTF-8.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string([]rune(s))
}

// tokenizePolicy is "strict" or "lenient".
// https://urlpattern.spec.whatwg.org/#tokenize-policy
type tokenizePolicy uint8

const (
	policyStrict tokenizePolicy = iota
	policyLenient
)

// tokenizer is the standard's tokenizer struct, run one token at a time
// (next): the pattern parser reads the tokens as they come, and stops at
// its first error without tokenizing (and keeping) the rest. The input
// must be valid UTF-8 (validUTF8); indexes are byte offsets into it.
// https://urlpattern.spec.whatwg.org/#tokenizer
type tokenizer struct {
	input     string
	policy    tokenizePolicy
	index     int
	nextIndex int
	codePoint rune
	tok       token // the token the last step added
	added     bool  // whether the last step added one
	done      bool  // the "end" token was added
}

// next runs the steps of tokenize until they add a token, and returns it;
// after the "end" token it returns "end" again.
func (tz *tokenizer) next() (token, error) {
	tz.added = false
	n := len(tz.input)
	// 4. While tokenizer's index is less than tokenizer's input's code point length:
	for !tz.added && tz.index < n {
		if err := tz.step(); err != nil {
			return token{}, err
		}
	}
	if !tz.added {
		// 5. Add a token with default length given "end", index and index.
		tz.addTokenWithDefaultLength(tokenEnd, tz.index, tz.index)
		tz.done = true
	}
	return tz.tok, nil
}

// rest reports the tokenizing error, if any, in the input the tokenizer
// has not read yet, keeping no token: the standard tokenizes a whole
// pattern string before parsing it, so such an error comes before any
// of the parser's. Only "\", ":" and "(" can start one.
func (tz *tokenizer) rest() error {
	if tz.done || !strings.ContainsAny(tz.input[tz.index:], `\:(`) {
		return nil
	}
	for !tz.done {
		if _, err := tz.next(); err != nil {
			return err
		}
	}
	return nil
}

// step runs one iteration of step 4 of tokenize.
func (tz *tokenizer) step() error {
	n := len(tz.input)
	// 4.1. Run seek and get the next code point given tokenizer and tokenizer's index.
	tz.seekAndGetNextCodePoint(tz.index)
	switch c := tz.codePoint; {
	case c == '*':
		// 4.2. If code point is "*": add a token with default position and length, "asterisk".
		tz.addTokenWithDefaultPositionAndLength(tokenAsterisk)
	case c == '+' || c == '?':
		// 4.3. If code point is "+" or "?": "other-modifier".
		tz.addTokenWithDefaultPositionAndLength(tokenOtherModifier)
	case c == '\\':
		// 4.4. If code point is "\":
		// 4.4.1. If index is input's length - 1: process a tokenizing error given next index and index.
		if tz.index == n-1 {
			return tz.processTokenizingError(tz.nextIndex, tz.index)
		}
		// 4.4.2-4. Let escaped index be next index; get the next code point;
		// add a token with default length given "escaped-char", next index and escaped index.
		escapedIndex := tz.nextIndex
		tz.getNextCodePoint()
		tz.addTokenWithDefaultLength(tokenEscapedChar, tz.nextIndex, escapedIndex)
	case c == '{':
		// 4.5. If code point is "{": "open".
		tz.addTokenWithDefaultPositionAndLength(tokenOpen)
	case c == '}':
		// 4.6. If code point is "}": "close".
		tz.addTokenWithDefaultPositionAndLength(tokenClose)
	case c == ':':
		// 4.7. If code point is ":": a name.
		return tz.name()
	case c == '(':
		// 4.8. If code point is "(": a regexp.
		return tz.regexp()
	default:
		// 4.9. Add a token with default position and length given "char".
		tz.addTokenWithDefaultPositionAndLength(tokenChar)
	}
	return nil
}

// name runs step 4.7 of tokenize: a ":" and the name after it.
func (tz *tokenizer) name() error {
	// 4.7.1-2. Let name position and name start be next index.
	namePosition := tz.nextIndex
	nameStart := namePosition
	// 4.7.3. While name position is less than input's code point length:
	for namePosition < len(tz.input) {
		// 4.7.3.1. Seek and get the next code point given name position.
		tz.seekAndGetNextCodePoint(namePosition)
		// 4.7.3.2-4. If the code point is not a valid name code point (IdentifierStart
		// first, IdentifierPart after), break.
		if !isValidNameCodePoint(tz.codePoint, namePosition == nameStart) {
			break
		}
		// 4.7.3.5. Set name position to next index.
		namePosition = tz.nextIndex
	}
	// 4.7.4. If name position is less than or equal to name start: process a
	// tokenizing error given name start and index, and continue.
	if namePosition <= nameStart {
		return tz.processTokenizingError(nameStart, tz.index)
	}
	// 4.7.5. Add a token with default length given "name", name position and name start.
	tz.addTokenWithDefaultLength(tokenName, namePosition, nameStart)
	return nil
}

// regexp runs step 4.8 of tokenize: a "(" and the regular expression up to
// its matching ")".
func (tz *tokenizer) regexp() error {
	n := len(tz.input)
	// 4.8.1-4. Let depth be 1, regexp position and regexp start be next index, error be false.
	depth := 1
	regexpPosition := tz.nextIndex
	regexpStart := regexpPosition
	failed := false
	// 4.8.5. While regexp position is less than input's code point length:
	for regexpPosition < n {
		// 4.8.5.1. Seek and get the next code point given regexp position.
		tz.seekAndGetNextCodePoint(regexpPosition)
		// 4.8.5.2. If code point is not an ASCII code point: tokenizing error, break.
		if tz.codePoint > 0x7F {
			if err := tz.processTokenizingError(regexpStart, tz.index); err != nil {
				return err
			}
			failed = true
			break
		}
		// 4.8.5.3. If regexp position equals regexp start and code point is "?": error, break.
		if regexpPosition == regexpStart && tz.codePoint == '?' {
			if err := tz.processTokenizingError(regexpStart, tz.index); err != nil {
				return err
			}
			failed = true
			break
		}
		// 4.8.5.4. If code point is "\":
		if tz.codePoint == '\\' {
			// 4.8.5.4.1. If regexp position equals length - 1: error, break.
			if regexpPosition == n-1 {
				if err := tz.processTokenizingError(regexpStart, tz.index); err != nil {
					return err
				}
				failed = true
				break
			}
			// 4.8.5.4.2-3. Get the next code point; if not ASCII: error, break.
			tz.getNextCodePoint()
			if tz.codePoint > 0x7F {
				if err := tz.processTokenizingError(regexpStart, tz.index); err != nil {
					return err
				}
				failed = true
				break
			}
			// 4.8.5.4.4-5. Set regexp position to next index; continue.
			regexpPosition = tz.nextIndex
			continue
		}
		if tz.codePoint == ')' {
			// 4.8.5.5. If code point is ")": decrement depth; if 0, set regexp
			// position to next index and break.
			depth--
			if depth == 0 {
				regexpPosition = tz.nextIndex
				break
			}
		} else if tz.codePoint == '(' {
			// 4.8.5.6. Otherwise if code point is "(":
			// 4.8.5.6.1. Increment depth.
			depth++
			// 4.8.5.6.2. If regexp position equals length - 1: error, break.
			if regexpPosition == n-1 {
				if err := tz.processTokenizingError(regexpStart, tz.index); err != nil {
					return err
				}
				failed = true
				break
			}
			// 4.8.5.6.3-5. Let temporary position be next index; get the next
			// code point; if it is not "?": error, break.
			temporaryPosition := tz.nextIndex
			tz.getNextCodePoint()
			if tz.codePoint != '?' {
				if err := tz.processTokenizingError(regexpStart, tz.index); err != nil {
					return err
				}
				failed = true
				break
			}
			// 4.8.5.6.6. Set next index to temporary position.
			tz.nextIndex = temporaryPosition
		}
		// 4.8.5.7. Set regexp position to next index.
		regexpPosition = tz.nextIndex
	}
	// 4.8.6. If error is true, continue.
	if failed {
		return nil
	}
	// 4.8.7. If depth is not zero: tokenizing error given regexp start and index.
	if depth != 0 {
		return tz.processTokenizingError(regexpStart, tz.index)
	}
	// 4.8.8. Let regexp length be regexp position - regexp start - 1.
	regexpLength := regexpPosition - regexpStart - 1
	// 4.8.9. If regexp length is zero: tokenizing error given regexp start and index.
	if regexpLength == 0 {
		return tz.processTokenizingError(regexpStart, tz.index)
	}
	// 4.8.10. Add a token given "regexp", regexp position, regexp start and regexp length.
	tz.addToken(tokenRegexp, regexpPosition, regexpStart, regexpLength)
	return nil
}

// getNextCodePoint sets the code point to the one at next index and
// moves next index past it.
// https://urlpattern.spec.whatwg.org/#get-the-next-code-point
func (tz *tokenizer) getNextCodePoint() {
	if c := tz.input[tz.nextIndex]; c < utf8.RuneSelf {
		tz.codePoint = rune(c)
		tz.nextIndex++
		return
	}
	r, size := utf8.DecodeRuneInString(tz.input[tz.nextIndex:])
	tz.codePoint = r
	tz.nextIndex += size
}

// seekAndGetNextCodePoint sets next index to index and gets the next code point.
// https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point
func (tz *tokenizer) seekAndGetNextCodePoint(index int) {
	tz.nextIndex = index
	tz.getNextCodePoint()
}

// addToken adds a token whose value is the input from value position
// (a byte offset, as all of them here) with length value length, and
// sets index to next position. The token's value is a slice of the
// input from one byte after its index ("escaped-char", "name",
// "regexp") or from its index (the others): token.value. Value position
// is one of those two in every call of the standard's.
// https://urlpattern.spec.whatwg.org/#add-a-token
func (tz *tokenizer) addToken(typ tokenType, nextPosition, valuePosition, valueLength int) {
	tz.tok = token{
		typ:   typ,
		index: int32(tz.index),
		end:   int32(min(valuePosition+valueLength, len(tz.input))),
	}
	tz.added = true
	tz.index = nextPosition
}

// https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length
func (tz *tokenizer) addTokenWithDefaultLength(typ tokenType, nextPosition, valuePosition int) {
	tz.addToken(typ, nextPosition, valuePosition, nextPosition-valuePosition)
}

// https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length
func (tz *tokenizer) addTokenWithDefaultPositionAndLength(typ tokenType) {
	tz.addTokenWithDefaultLength(typ, tz.nextIndex, tz.index)
}

// processTokenizingError fails under the strict policy and otherwise adds
// an "invalid-char" token.
// https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error
func (tz *tokenizer) processTokenizingError(nextPosition, valuePosition int) error {
	if tz.policy == policyStrict {
		return errTokenizing(tz.input, valuePosition)
	}
	tz.addTokenWithDefaultLength(tokenInvalidChar, nextPosition, valuePosition)
	return nil
}

// isValidNameCodePoint reports whether c may appear in a group name:
// ECMAScript's IdentifierStart when first, IdentifierPart otherwise (the
// regular expression translator's [ecmaregexp.IsIDStart] and
// [ecmaregexp.IsIDContinue], which are those sets; Go's unicode tables
// follow the Go version).
// https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point
func isValidNameCodePoint(c rune, first bool) bool {
	if first {
		return ecmaregexp.IsIDStart(c)
	}
	return ecmaregexp.IsIDContinue(c)
}
