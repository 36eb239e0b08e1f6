package urlpattern

// The constructor string parser: a pattern written as one URL-like
// string ("https://*.example.com/books/:id") split into the components of
// an Init (URL Pattern Standard, section 1.5).
// https://urlpattern.spec.whatwg.org/#constructor-string-parsing

// parserState is the constructor string parser's state.
// https://urlpattern.spec.whatwg.org/#constructor-string-parser-state
type parserState uint8

const (
	stateInit parserState = iota
	stateProtocol
	stateAuthority
	stateUsername
	statePassword
	stateHostname
	statePort
	statePathname
	stateSearch
	stateHash
	stateDone
)

// component returns the Init component a state's text goes to.
func (s parserState) component() component {
	switch s {
	case stateProtocol:
		return componentProtocol
	case stateUsername:
		return componentUsername
	case statePassword:
		return componentPassword
	case stateHostname:
		return componentHostname
	case statePort:
		return componentPort
	case statePathname:
		return componentPathname
	case stateSearch:
		return componentSearch
	}
	return componentHash
}

// constructorStringParser is the standard's constructor string parser.
// https://urlpattern.spec.whatwg.org/#constructor-string-parser
type constructorStringParser struct {
	input                            string      // valid UTF-8 (validUTF8)
	tokens                           tokenWindow // the token list, componentStart its mark
	result                           Init
	componentStart                   int
	tokenIndex                       int
	tokenIncrement                   int
	groupDepth                       int
	hostnameIPv6BracketDepth         int
	protocolMatchesSpecialSchemeFlag bool
	state                            parserState
	// protocol, when not nil, is where the protocol component compiled
	// by computeProtocolMatchesSpecialSchemeFlag is kept, for create to
	// use when the processed protocol is protocolString.
	protocol       *compiledComponent
	protocolString string
	protocolKept   bool
}

// parseConstructorStringInto splits a constructor string into an Init.
// It compiles the protocol component, when the standard's steps compile
// one, into protocol (if not nil), and returns the pattern string it
// compiled and whether it did.
// https://urlpattern.spec.whatwg.org/#parse-a-constructor-string
func parseConstructorStringInto(input string, protocol *compiledComponent) (Init, keptProtocol, error) {
	init, p, err := parseConstructorStringParser(input, protocol)
	if err != nil || p == nil {
		return init, keptProtocol{}, err
	}
	return init, keptProtocol{p.protocolString, p.protocolKept}, nil
}

// keptProtocol is the pattern string of a protocol component compiled by
// the constructor string parser, and whether there is one.
type keptProtocol struct {
	pattern string
	ok      bool
}

func parseConstructorStringParser(input string, protocol *compiledComponent) (Init, *constructorStringParser, error) {
	// 1. Let parser be a new constructor string parser whose input is input
	// and token list is the result of tokenize given input and "lenient".
	input = validUTF8(input)
	p := &constructorStringParser{input: input, tokens: newTokenWindow(input), tokenIncrement: 1, protocol: protocol}
	// 2. While parser's token index is less than parser's token list size:
	for p.tokens.exists(p.tokenIndex) {
		// 2.1. Set parser's token increment to 1.
		p.tokenIncrement = 1
		// 2.2. If the token at token index is "end":
		if p.tokens.at(p.tokenIndex).typ == tokenEnd {
			// 2.2.1. If state is "init": a relative pattern.
			if p.state == stateInit {
				// 2.2.1.1. Rewind.
				p.rewind()
				// 2.2.1.2-4. Hash prefix: "hash"; search prefix: "search";
				// otherwise "pathname" with skip 0.
				if p.isHashPrefix() {
					p.changeState(stateHash, 1)
				} else if p.isSearchPrefix() {
					p.changeState(stateSearch, 1)
				} else {
					p.changeState(statePathname, 0)
				}
				// 2.2.1.5-6. Increment token index by token increment; continue.
				p.tokenIndex += p.tokenIncrement
				continue
			}
			// 2.2.2. If state is "authority": no "@", so no username or password.
			if p.state == stateAuthority {
				p.rewindAndSetState(stateHostname)
				p.tokenIndex += p.tokenIncrement
				continue
			}
			// 2.2.3-4. Change state to "done" with skip 0; break.
			p.changeState(stateDone, 0)
			break
		}
		// 2.3. If is a group open: increment group depth and token index; continue.
		if p.isGroupOpen() {
			p.groupDepth++
			p.tokenIndex += p.tokenIncrement
			continue
		}
		// 2.4. If group depth is greater than 0:
		if p.groupDepth > 0 {
			// 2.4.1-2. A group close decrements group depth; anything else is skipped.
			if p.isGroupClose() {
				p.groupDepth--
			} else {
				p.tokenIndex += p.tokenIncrement
				continue
			}
		}
		// 2.5. Switch on parser's state.
		if err := p.step(); err != nil {
			return Init{}, nil, err
		}
		// 2.6. Increment parser's token index by parser's token increment.
		p.tokenIndex += p.tokenIncrement
	}
	// 3. If result has a hostname and no port, set result's port to "".
	if p.result.Hostname != nil && p.result.Port == nil {
		p.result.Port = strp("")
	}
	// 4. Return parser's result.
	return p.result, p, nil
}

// step runs step 2.5 of parse a constructor string: the steps of the
// parser's state.
func (p *constructorStringParser) step() error {
	switch p.state {
	case stateInit:
		// If is a protocol suffix: rewind and set state to "protocol".
		if p.isProtocolSuffix() {
			p.rewindAndSetState(stateProtocol)
		}
	case stateProtocol:
		// If is a protocol suffix:
		if p.isProtocolSuffix() {
			// 1. Compute protocol matches a special scheme flag.
			if err := p.computeProtocolMatchesSpecialSchemeFlag(); err != nil {
				return err
			}
			// 2-5. Let next state be "pathname" and skip 1; authority slashes
			// make it "authority" with skip 3; a special scheme makes it
			// "authority". 6. Change state.
			next, skip := statePathname, 1
			if p.nextIsAuthoritySlashes() {
				next, skip = stateAuthority, 3
			} else if p.protocolMatchesSpecialSchemeFlag {
				next = stateAuthority
			}
			p.changeState(next, skip)
		}
	case stateAuthority:
		// An identity terminator: rewind and set state to "username"; a
		// pathname start, search prefix or hash prefix: rewind and set state
		// to "hostname".
		if p.isIdentityTerminator() {
			p.rewindAndSetState(stateUsername)
		} else if p.isPathnameStart() || p.isSearchPrefix() || p.isHashPrefix() {
			p.rewindAndSetState(stateHostname)
		}
	case stateUsername:
		if p.isPasswordPrefix() {
			p.changeState(statePassword, 1)
		} else if p.isIdentityTerminator() {
			p.changeState(stateHostname, 1)
		}
	case statePassword:
		if p.isIdentityTerminator() {
			p.changeState(stateHostname, 1)
		}
	case stateHostname:
		switch {
		case p.isIPv6Open():
			p.hostnameIPv6BracketDepth++
		case p.isIPv6Close():
			p.hostnameIPv6BracketDepth--
		case p.isPortPrefix() && p.hostnameIPv6BracketDepth == 0:
			p.changeState(statePort, 1)
		case p.isPathnameStart():
			p.changeState(statePathname, 0)
		case p.isSearchPrefix():
			p.changeState(stateSearch, 1)
		case p.isHashPrefix():
			p.changeState(stateHash, 1)
		}
	case statePort:
		switch {
		case p.isPathnameStart():
			p.changeState(statePathname, 0)
		case p.isSearchPrefix():
			p.changeState(stateSearch, 1)
		case p.isHashPrefix():
			p.changeState(stateHash, 1)
		}
	case statePathname:
		if p.isSearchPrefix() {
			p.changeState(stateSearch, 1)
		} else if p.isHashPrefix() {
			p.changeState(stateHash, 1)
		}
	case stateSearch:
		if p.isHashPrefix() {
			p.changeState(stateHash, 1)
		}
	case stateHash:
		// Do nothing.
	}
	return nil
}

// changeState stores the text of the component just read, fills in the
// components the new state skips over, and moves to new state.
// https://urlpattern.spec.whatwg.org/#change-state
func (p *constructorStringParser) changeState(newState parserState, skip int) {
	s := p.state
	// 1. If state is not "init", "authority" or "done", set result[state]
	// to the result of make a component string.
	if s != stateInit && s != stateAuthority && s != stateDone {
		*p.result.component(s.component()) = strp(p.makeComponentString())
	}
	// 2. If state is not "init" and new state is not "done":
	if s != stateInit && newState != stateDone {
		early := s == stateProtocol || s == stateAuthority || s == stateUsername || s == statePassword
		// 2.1. From protocol/authority/username/password to port, pathname,
		// search or hash with no hostname: hostname "".
		if early && (newState == statePort || newState == statePathname || newState == stateSearch || newState == stateHash) &&
			p.result.Hostname == nil {
			p.result.Hostname = strp("")
		}
		// 2.2. From protocol ... port to search or hash with no pathname:
		// pathname "/" for a special scheme, else "".
		if (early || s == stateHostname || s == statePort) && (newState == stateSearch || newState == stateHash) &&
			p.result.Pathname == nil {
			if p.protocolMatchesSpecialSchemeFlag {
				p.result.Pathname = strp("/")
			} else {
				p.result.Pathname = strp("")
			}
		}
		// 2.3. From protocol ... pathname to hash with no search: search "".
		if (early || s == stateHostname || s == statePort || s == statePathname) && newState == stateHash &&
			p.result.Search == nil {
			p.result.Search = strp("")
		}
	}
	// 3-6. Set state, increment token index by skip, set component start
	// to token index and token increment to 0.
	p.state = newState
	p.tokenIndex += skip
	p.componentStart = p.tokenIndex
	p.tokens.setMark(p.componentStart)
	p.tokenIncrement = 0
}

// https://urlpattern.spec.whatwg.org/#rewind
func (p *constructorStringParser) rewind() {
	p.tokenIndex = p.componentStart
	p.tokenIncrement = 0
}

// https://urlpattern.spec.whatwg.org/#rewind-and-set-state
func (p *constructorStringParser) rewindAndSetState(s parserState) {
	p.rewind()
	p.state = s
}

// getSafeToken returns the token at index, or the last ("end") token
// when index is past the list.
// https://urlpattern.spec.whatwg.org/#get-a-safe-token
func (p *constructorStringParser) getSafeToken(index int) token {
	return p.tokens.at(index)
}

// isNonSpecialPatternChar reports whether the token at index is a char,
// escaped-char or invalid-char token whose value is value.
// https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char
func (p *constructorStringParser) isNonSpecialPatternChar(index int, value string) bool {
	t := p.getSafeToken(index)
	if t.value(p.input) != value {
		return false
	}
	return t.typ == tokenChar || t.typ == tokenEscapedChar || t.typ == tokenInvalidChar
}

// https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix
func (p *constructorStringParser) isProtocolSuffix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// https://urlpattern.spec.whatwg.org/#next-is-authority-slashes
func (p *constructorStringParser) nextIsAuthoritySlashes() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex+1, "/") && p.isNonSpecialPatternChar(p.tokenIndex+2, "/")
}

// https://urlpattern.spec.whatwg.org/#is-an-identity-terminator
func (p *constructorStringParser) isIdentityTerminator() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "@")
}

// https://urlpattern.spec.whatwg.org/#is-a-password-prefix
func (p *constructorStringParser) isPasswordPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// https://urlpattern.spec.whatwg.org/#is-a-port-prefix
func (p *constructorStringParser) isPortPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// https://urlpattern.spec.whatwg.org/#is-a-pathname-start
func (p *constructorStringParser) isPathnameStart() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "/")
}

// isSearchPrefix: a "?" that is not a modifier of the token before it.
// https://urlpattern.spec.whatwg.org/#is-a-search-prefix
func (p *constructorStringParser) isSearchPrefix() bool {
	// 1. A non-special "?" is a search prefix.
	if p.isNonSpecialPatternChar(p.tokenIndex, "?") {
		return true
	}
	// 2. If the token's value is not "?", return false.
	if p.tokens.at(p.tokenIndex).value(p.input) != "?" {
		return false
	}
	// 3-4. Let previous index be token index - 1; if less than 0, return true.
	previousIndex := p.tokenIndex - 1
	if previousIndex < 0 {
		return true
	}
	// 5-6. If the previous token is a name, regexp, close or asterisk, the
	// "?" is its modifier: return false.
	switch p.getSafeToken(previousIndex).typ {
	case tokenName, tokenRegexp, tokenClose, tokenAsterisk:
		return false
	}
	// 7. Return true.
	return true
}

// https://urlpattern.spec.whatwg.org/#is-a-hash-prefix
func (p *constructorStringParser) isHashPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "#")
}

// https://urlpattern.spec.whatwg.org/#is-a-group-open
func (p *constructorStringParser) isGroupOpen() bool {
	return p.tokens.at(p.tokenIndex).typ == tokenOpen
}

// https://urlpattern.spec.whatwg.org/#is-a-group-close
func (p *constructorStringParser) isGroupClose() bool {
	return p.tokens.at(p.tokenIndex).typ == tokenClose
}

// https://urlpattern.spec.whatwg.org/#is-an-ipv6-open
func (p *constructorStringParser) isIPv6Open() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "[")
}

// https://urlpattern.spec.whatwg.org/#is-an-ipv6-close
func (p *constructorStringParser) isIPv6Close() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "]")
}

// makeComponentString returns the input from the component start token
// up to the current token.
// https://urlpattern.spec.whatwg.org/#make-a-component-string
func (p *constructorStringParser) makeComponentString() string {
	// 1. Assert: token index is less than the token list's size.
	// 2-6. Return the code points from the component start token's index to
	// the current token's index.
	t := p.tokens.at(p.tokenIndex)
	start := int(p.getSafeToken(p.componentStart).index)
	if start > int(t.index) {
		return "" // a component start past the token (the standard does not say)
	}
	return p.input[start:int(t.index)]
}

// computeProtocolMatchesSpecialSchemeFlag compiles the protocol read so
// far and sets the flag when it matches a special scheme.
// https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag
func (p *constructorStringParser) computeProtocolMatchesSpecialSchemeFlag() error {
	// 1. Let protocol string be the result of make a component string.
	protocolString := p.makeComponentString()
	// 2. Let protocol component be the result of compiling a component given
	// protocol string, canonicalize a protocol and default options.
	cc := p.protocol
	if cc == nil {
		cc = new(compiledComponent)
	}
	p.protocolKept = false
	if err := cc.compile(componentProtocol, protocolString, canonicalizeProtocol, defaultOptions); err != nil {
		return err
	}
	p.protocolString, p.protocolKept = protocolString, p.protocol != nil
	// 3. If it matches a special scheme, set the flag.
	if protocolComponentMatchesSpecialScheme(cc) {
		p.protocolMatchesSpecialSchemeFlag = true
	}
	return nil
}
