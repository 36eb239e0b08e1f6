package urlpattern

// The pattern parser: a pattern string to a part list (URL Pattern
// Standard, section 2.1.5).
// https://urlpattern.spec.whatwg.org/#parsing

import "fmt"

// encodingCallback validates and encodes a fixed-text piece of a pattern
// string (the canonicalize functions of canonicalize.go).
// https://urlpattern.spec.whatwg.org/#encoding-callback
type encodingCallback func(string) (string, error)

// patternParser is the standard's pattern parser struct. It reads its
// token list from the tokenizer one token at a time: token is the token
// at the standard's index, and index moves forward only.
// https://urlpattern.spec.whatwg.org/#pattern-parser
type patternParser struct {
	tz                    tokenizer
	token                 token // the token at index
	tokenErr              error // the tokenizing error that ended the token list early
	encodingCallback      encodingCallback
	segmentWildcardRegexp string
	parts                 []part
	pendingFixedValue     []byte
	nextNumericName       int
	names                 map[string]struct{} // the names of parts, for "is a duplicate name", past maxScannedNames groups
	groups                int                 // the parts that are groups, or "{fixed}" with a modifier (countGroup)
	regexpBytes           int                 // the bytes of the component's regexp groups so far (countRegexp)
}

// parsePatternString parses a pattern string into a part list.
//
// The standard tokenizes the whole string first, then parses the token
// list; here the parser takes each token as the tokenizer makes it, so
// that at the parser's first error the rest of the string is only
// checked for a tokenizing error (which the standard would have raised
// first), not tokenized into a list. The errors are the same.
// https://urlpattern.spec.whatwg.org/#parse-a-pattern-string
func parsePatternString(input string, o options, cb encodingCallback) ([]part, error) {
	input = validUTF8(input)
	// 1. Let parser be a new pattern parser with encoding callback and
	// segment wildcard regexp.
	p := &patternParser{encodingCallback: cb, segmentWildcardRegexp: generateSegmentWildcardRegexp(o)}
	// 2. Set parser's token list to the result of tokenize given input
	// and "strict" (one token at a time).
	p.tz = tokenizer{input: input, policy: policyStrict}
	p.advance()
	parts, err := p.parse(o)
	if p.tokenErr != nil {
		return nil, p.tokenErr
	}
	if err != nil {
		if terr := p.tz.rest(); terr != nil {
			return nil, terr
		}
		return nil, err
	}
	return parts, nil
}

// parse runs step 3 of parse a pattern string.
func (p *patternParser) parse(o options) ([]part, error) {
	// 3. While parser's index is less than parser's token list's size
	// (until the "end" token is consumed):
	for p.token.present() {
		// 3.1-3. Try to consume a char token, a name token, a regexp or wildcard token.
		charToken := p.tryConsumeToken(tokenChar)
		nameToken := p.tryConsumeToken(tokenName)
		regexpOrWildcardToken := p.tryConsumeRegexpOrWildcardToken(nameToken)
		// 3.4. If name token or regexp or wildcard token is not null:
		if nameToken.present() || regexpOrWildcardToken.present() {
			// 3.4.1-2. Let prefix be char token's value, if any.
			prefix := ""
			if charToken.present() {
				prefix = p.value(charToken)
			}
			// 3.4.3. If prefix is not "" and not options' prefix code point:
			// append it to pending fixed value and set prefix to "".
			if prefix != "" && prefix != o.prefixCodePoint {
				p.pendingFixedValue = append(p.pendingFixedValue, prefix...)
				prefix = ""
			}
			// 3.4.4. Maybe add a part from the pending fixed value.
			if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
				return nil, err
			}
			// 3.4.5-6. Try to consume a modifier token; add a part.
			modifierToken := p.tryConsumeModifierToken()
			if err := p.addPart(prefix, nameToken, regexpOrWildcardToken, "", modifierToken); err != nil {
				return nil, err
			}
			// 3.4.7. Continue.
			continue
		}
		// 3.5-6. Let fixed token be char token, else an escaped-char token.
		fixedToken := charToken
		if !fixedToken.present() {
			fixedToken = p.tryConsumeToken(tokenEscapedChar)
		}
		// 3.7. If fixed token is not null: append its value to pending fixed value; continue.
		if fixedToken.present() {
			p.pendingFixedValue = append(p.pendingFixedValue, p.value(fixedToken)...)
			continue
		}
		// 3.8-9. Let open token be the result of trying to consume an "open" token.
		// If it is not null:
		if openToken := p.tryConsumeToken(tokenOpen); openToken.present() {
			// 3.9.1. Let prefix be the result of consume text.
			prefix := p.consumeText()
			// 3.9.2-3. Set name token and regexp or wildcard token.
			nameToken = p.tryConsumeToken(tokenName)
			regexpOrWildcardToken = p.tryConsumeRegexpOrWildcardToken(nameToken)
			// 3.9.4. Let suffix be the result of consume text.
			suffix := p.consumeText()
			// 3.9.5. Consume a required token given "close".
			if err := p.consumeRequiredToken(tokenClose); err != nil {
				return nil, err
			}
			// 3.9.6-7. Try to consume a modifier token; add a part.
			modifierToken := p.tryConsumeModifierToken()
			if err := p.addPart(prefix, nameToken, regexpOrWildcardToken, suffix, modifierToken); err != nil {
				return nil, err
			}
			// 3.9.8. Continue.
			continue
		}
		// 3.10. Maybe add a part from the pending fixed value.
		if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
			return nil, err
		}
		// 3.11. Consume a required token given "end".
		if err := p.consumeRequiredToken(tokenEnd); err != nil {
			return nil, err
		}
	}
	// 4. Return parser's part list.
	return p.parts, nil
}

// advance moves to the next token: the tokenizer's next one, none after
// the "end" token, and none when tokenizing fails (tokenErr).
func (p *patternParser) advance() {
	if p.tokenErr != nil || p.token.typ == tokenEnd {
		p.token = noToken
		return
	}
	t, err := p.tz.next()
	if err != nil {
		p.tokenErr, t = err, noToken
	}
	p.token = t
}

// value returns a token's value.
func (p *patternParser) value(t token) string { return t.value(p.tz.input) }

// tryConsumeToken returns the next token and advances past it if it has
// type typ, and returns noToken otherwise.
// https://urlpattern.spec.whatwg.org/#try-to-consume-a-token
func (p *patternParser) tryConsumeToken(typ tokenType) token {
	next := p.token
	if next.typ != typ {
		return noToken
	}
	p.advance()
	return next
}

// https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token
func (p *patternParser) tryConsumeModifierToken() token {
	if t := p.tryConsumeToken(tokenOtherModifier); t.present() {
		return t
	}
	return p.tryConsumeToken(tokenAsterisk)
}

// https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token
func (p *patternParser) tryConsumeRegexpOrWildcardToken(nameToken token) token {
	t := p.tryConsumeToken(tokenRegexp)
	if !nameToken.present() && !t.present() {
		t = p.tryConsumeToken(tokenAsterisk)
	}
	return t
}

// consumeRequiredToken fails when the next token does not have type typ.
// https://urlpattern.spec.whatwg.org/#consume-a-required-token
func (p *patternParser) consumeRequiredToken(typ tokenType) error {
	got := p.token
	if t := p.tryConsumeToken(typ); !t.present() {
		if !got.present() && p.tokenErr != nil {
			return p.tokenErr // the token list ended early
		}
		return fmt.Errorf("%w: expected %s, found %s %s at code point %d", ErrUnexpectedToken, typ, got.typ, quoteBounded(p.value(got)), codePointIndex(p.tz.input, got.index))
	}
	return nil
}

// consumeText consumes the run of char and escaped-char tokens and
// returns their values.
// https://urlpattern.spec.whatwg.org/#consume-text
func (p *patternParser) consumeText() string {
	var result []byte
	for {
		t := p.tryConsumeToken(tokenChar)
		if !t.present() {
			t = p.tryConsumeToken(tokenEscapedChar)
		}
		if !t.present() {
			break
		}
		result = append(result, p.value(t)...)
	}
	return string(result)
}

// https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value
func (p *patternParser) maybeAddPartFromPendingFixedValue() error {
	// 1. If pending fixed value is the empty string, return.
	if len(p.pendingFixedValue) == 0 {
		return nil
	}
	// 2. Let encoded value be the result of the encoding callback.
	encoded, err := p.encodingCallback(string(p.pendingFixedValue))
	if err != nil {
		return err
	}
	// 3. Set pending fixed value to the empty string.
	p.pendingFixedValue = p.pendingFixedValue[:0]
	// 4-5. Append a "fixed-text" part with modifier "none".
	p.parts = append(p.parts, part{typ: partFixedText, value: encoded, modifier: modifierNone})
	return nil
}

// addPart adds the part of a group (or a "{fixed}" with a modifier).
// https://urlpattern.spec.whatwg.org/#add-a-part
func (p *patternParser) addPart(prefix string, nameToken, regexpOrWildcardToken token, suffix string, modifierToken token) error {
	// 1-2. Let modifier be the modifier token's modifier, else "none".
	mod := modifierNone
	if modifierToken.present() {
		switch p.value(modifierToken) {
		case "?":
			mod = modifierOptional
		case "*":
			mod = modifierZeroOrMore
		case "+":
			mod = modifierOneOrMore
		}
	}
	// 3. If there is no name, regexp or wildcard and no modifier: a "{foo}"
	// grouping; append prefix to pending fixed value and return.
	if !nameToken.present() && !regexpOrWildcardToken.present() && mod == modifierNone {
		p.pendingFixedValue = append(p.pendingFixedValue, prefix...)
		return nil
	}
	// 4. Maybe add a part from the pending fixed value.
	if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
		return err
	}
	// 5. If there is no name and no regexp or wildcard: a "{foo}?" grouping.
	if !nameToken.present() && !regexpOrWildcardToken.present() {
		// 5.1. Assert: suffix is the empty string. 5.2. If prefix is "", return.
		if prefix == "" {
			return nil
		}
		// 5.3-5. Append a fixed-text part of the encoded prefix with the modifier.
		encoded, err := p.encodingCallback(prefix)
		if err != nil {
			return err
		}
		p.parts = append(p.parts, part{typ: partFixedText, value: encoded, modifier: mod})
		return p.countGroup()
	}
	// 6-9. Convert the regexp or wildcard token into a regexp value.
	var regexpValue string
	switch {
	case !regexpOrWildcardToken.present():
		regexpValue = p.segmentWildcardRegexp
	case regexpOrWildcardToken.typ == tokenAsterisk:
		regexpValue = fullWildcardRegexpValue
	default:
		regexpValue = p.value(regexpOrWildcardToken)
	}
	// 10-12. Let type be "regexp", or a wildcard type when the regexp value
	// is the segment or full wildcard's regexp.
	typ := partRegexp
	switch regexpValue {
	case p.segmentWildcardRegexp:
		typ, regexpValue = partSegmentWildcard, ""
	case fullWildcardRegexpValue:
		typ, regexpValue = partFullWildcard, ""
	}
	if typ == partRegexp {
		if err := p.countRegexp(regexpValue); err != nil {
			return err
		}
	}
	// 13-15. Let name be the name token's value, or the next numeric name.
	name := ""
	if nameToken.present() {
		name = p.value(nameToken)
	} else if regexpOrWildcardToken.present() {
		name = fmt.Sprint(p.nextNumericName)
		p.nextNumericName++
	}
	// 16. If name is a duplicate name, throw.
	if p.isDuplicateName(name) {
		return fmt.Errorf("%w %s", ErrDuplicateName, quoteBounded(name))
	}
	// 17-18. Encode prefix and suffix.
	encodedPrefix, err := p.encodingCallback(prefix)
	if err != nil {
		return err
	}
	encodedSuffix, err := p.encodingCallback(suffix)
	if err != nil {
		return err
	}
	// 19-20. Append the part.
	p.parts = append(p.parts, part{typ: typ, value: regexpValue, modifier: mod, name: name, prefix: encodedPrefix, suffix: encodedSuffix})
	if err := p.countGroup(); err != nil {
		return err
	}
	if p.groups > maxScannedNames {
		if p.names == nil {
			p.names = make(map[string]struct{}, 2*maxScannedNames)
			for i := range p.parts {
				if p.parts[i].typ != partFixedText {
					p.names[p.parts[i].name] = struct{}{}
				}
			}
		}
		p.names[name] = struct{}{}
	}
	return nil
}

// countGroup counts a group part, or a "{fixed}" part with a modifier
// (each a group of the expression), and fails past maxGroups.
func (p *patternParser) countGroup() error {
	p.groups++
	if p.groups > maxGroups {
		return fmt.Errorf("%w: more than %d groups", ErrTooLarge, maxGroups)
	}
	return nil
}

// countRegexp counts the bytes of a regexp group's value, and fails past
// maxRegexpBytes in the component: Go's regexp allocates 300-700 bytes
// per byte of some regexps as it compiles them (a long "(a?a?...)"), so a
// longer expression would cost memory out of proportion to the pattern.
func (p *patternParser) countRegexp(value string) error {
	p.regexpBytes += len(value)
	if p.regexpBytes > maxRegexpBytes {
		return fmt.Errorf("%w: regexp groups of more than %d bytes", ErrTooLarge, maxRegexpBytes)
	}
	return nil
}

// maxScannedNames is the number of groups up to which isDuplicateName
// walks the part list; past it, a set keeps many groups linear.
const maxScannedNames = 8

// isDuplicateName reports whether a part already has the name. (The
// standard walks the part list, as this does for a few groups; a set
// keeps a pattern of many groups linear.)
// https://urlpattern.spec.whatwg.org/#is-a-duplicate-name
func (p *patternParser) isDuplicateName(name string) bool {
	if p.names != nil {
		_, dup := p.names[name]
		return dup
	}
	for i := range p.parts {
		if p.parts[i].typ != partFixedText && p.parts[i].name == name {
			return true
		}
	}
	return false
}
