package urlpattern

// The tokenizer of pattern strings (URL Pattern Standard, section 2.1.2).
// https://urlpattern.spec.whatwg.org/#tokenizing
//
// The standard indexes a pattern string by code points; so does this
// file, on the pattern decoded into runes once (an invalid UTF-8 byte is
// read as U+FFFD, as a Go range loop reads it). Every step moves the
// index forward, so tokenizing is linear in the pattern's length.

import "github.com/weburl/url/internal/ecmaregexp"

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

// token is one lexical token of a pattern string.
// https://urlpattern.spec.whatwg.org/#token
type token struct {
	typ   tokenType
	index int32  // code point index of the token's first code point (a pattern is at most maxPatternBytes)
	value string // the code points the token represents
}

// tokenizePolicy is "strict" or "lenient".
// https://urlpattern.spec.whatwg.org/#tokenize-policy
type tokenizePolicy uint8

const (
	policyStrict tokenizePolicy = iota
	policyLenient
)

// tokenizer is the standard's tokenizer struct.
// https://urlpattern.spec.whatwg.org/#tokenizer
type tokenizer struct {
	input     []rune
	policy    tokenizePolicy
	tokens    []token
	index     int
	nextIndex int
	codePoint rune
}

// tokenize runs the standard's tokenize algorithm. Under the strict
// policy a tokenizing error is returned as an *Error wrapping
// [ErrTokenize].
// https://urlpattern.spec.whatwg.org/#tokenize
func tokenize(input []rune, policy tokenizePolicy) ([]token, error) {
	// 1-3. Let tokenizer be a new tokenizer with input and policy.
	tz := &tokenizer{input: input, policy: policy, tokens: make([]token, 0, len(input)+1)}
	n := len(input)
	// 4. While tokenizer's index is less than tokenizer's input's code point length:
	for tz.index < n {
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
				if err := tz.processTokenizingError(tz.nextIndex, tz.index); err != nil {
					return nil, err
				}
				continue
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
			if err := tz.name(); err != nil {
				return nil, err
			}
		case c == '(':
			// 4.8. If code point is "(": a regexp.
			if err := tz.regexp(); err != nil {
				return nil, err
			}
		default:
			// 4.9. Add a token with default position and length given "char".
			tz.addTokenWithDefaultPositionAndLength(tokenChar)
		}
	}
	// 5. Add a token with default length given "end", index and index.
	tz.addTokenWithDefaultLength(tokenEnd, tz.index, tz.index)
	// 6. Return tokenizer's token list.
	return tz.tokens, nil
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
// increments next index.
// https://urlpattern.spec.whatwg.org/#get-the-next-code-point
func (tz *tokenizer) getNextCodePoint() {
	tz.codePoint = tz.input[tz.nextIndex]
	tz.nextIndex++
}

// seekAndGetNextCodePoint sets next index to index and gets the next code point.
// https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point
func (tz *tokenizer) seekAndGetNextCodePoint(index int) {
	tz.nextIndex = index
	tz.getNextCodePoint()
}

// addToken appends a token whose value is the code point substring from
// value position with length value length, and sets index to next position.
// https://urlpattern.spec.whatwg.org/#add-a-token
func (tz *tokenizer) addToken(typ tokenType, nextPosition, valuePosition, valueLength int) {
	var value string
	if r := tz.input[valuePosition:min(valuePosition+valueLength, len(tz.input))]; len(r) == 1 && r[0] < 0x80 {
		value = asciiStrings[r[0] : r[0]+1] // most tokens: no allocation
	} else {
		value = string(r)
	}
	tz.tokens = append(tz.tokens, token{
		typ:   typ,
		index: int32(tz.index),
		value: value,
	})
	tz.index = nextPosition
}

// asciiStrings holds each ASCII character at its own index, for
// one-character token values without an allocation each.
const asciiStrings = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
	" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f"

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
