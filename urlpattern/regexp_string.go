package urlpattern

// Converting part lists to regular expressions (URL Pattern Standard,
// section 2.2).
// https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions

import "strings"

// generateRegexpAndNameList returns the ECMAScript regular expression
// source of a part list and the names of its groups in order.
// https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list
func generateRegexpAndNameList(parts []part, o options) (string, []string) {
	// 1-2. Let result be "^" and name list a new list.
	var b strings.Builder
	b.WriteByte('^')
	var names []string
	// 3. For each part of part list:
	for i := range parts {
		pt := &parts[i]
		// 3.1. If part's type is "fixed-text":
		if pt.typ == partFixedText {
			if pt.modifier == modifierNone {
				// 3.1.1. Append the escaped value.
				b.WriteString(escapeRegexpString(pt.value))
			} else {
				// 3.1.2. Otherwise "(?:<fixed text>)<modifier>".
				b.WriteString("(?:")
				b.WriteString(escapeRegexpString(pt.value))
				b.WriteString(")")
				b.WriteString(pt.modifier.String())
			}
			continue
		}
		// 3.2-3. Assert: part's name is not ""; append it to name list.
		names = append(names, pt.name)
		// 3.4-6. Let regexp value be part's value, or the wildcard's regexp.
		regexpValue := pt.value
		switch pt.typ {
		case partSegmentWildcard:
			regexpValue = generateSegmentWildcardRegexp(o)
		case partFullWildcard:
			regexpValue = fullWildcardRegexpValue
		}
		// 3.7. If part's prefix and suffix are both "":
		if pt.prefix == "" && pt.suffix == "" {
			if pt.modifier == modifierNone || pt.modifier == modifierOptional {
				// 3.7.1. "(<regexp value>)<modifier>"
				b.WriteString("(")
				b.WriteString(regexpValue)
				b.WriteString(")")
				b.WriteString(pt.modifier.String())
			} else {
				// 3.7.2. "((?:<regexp value>)<modifier>)"
				b.WriteString("((?:")
				b.WriteString(regexpValue)
				b.WriteString(")")
				b.WriteString(pt.modifier.String())
				b.WriteString(")")
			}
			continue
		}
		// 3.8. If part's modifier is "none" or "optional":
		// "(?:<prefix>(<regexp value>)<suffix>)<modifier>"
		if pt.modifier == modifierNone || pt.modifier == modifierOptional {
			b.WriteString("(?:")
			b.WriteString(escapeRegexpString(pt.prefix))
			b.WriteString("(")
			b.WriteString(regexpValue)
			b.WriteString(")")
			b.WriteString(escapeRegexpString(pt.suffix))
			b.WriteString(")")
			b.WriteString(pt.modifier.String())
			continue
		}
		// 3.9-21. A repeating part with a prefix or suffix:
		// "(?:<prefix>((?:<regexp value>)(?:<suffix><prefix>(?:<regexp value>))*)<suffix>)?"
		// (the final "?" only for zero-or-more).
		b.WriteString("(?:")
		b.WriteString(escapeRegexpString(pt.prefix))
		b.WriteString("((?:")
		b.WriteString(regexpValue)
		b.WriteString(")(?:")
		b.WriteString(escapeRegexpString(pt.suffix))
		b.WriteString(escapeRegexpString(pt.prefix))
		b.WriteString("(?:")
		b.WriteString(regexpValue)
		b.WriteString("))*)")
		b.WriteString(escapeRegexpString(pt.suffix))
		b.WriteString(")")
		if pt.modifier == modifierZeroOrMore {
			b.WriteString("?")
		}
	}
	// 4. Append "$".
	b.WriteByte('$')
	// 5. Return (result, name list).
	return b.String(), names
}

// escapeRegexpString backslash-escapes the regular expression syntax
// characters . + * ? ^ $ { } ( ) [ ] | / \ of input.
// https://urlpattern.spec.whatwg.org/#escape-a-regexp-string
func escapeRegexpString(input string) string {
	return escapeWith(input, ".+*?^${}()[]|/\\")
}

// escapeWith returns input with a "\" before each byte of special (all
// ASCII), or input itself when none occurs.
func escapeWith(input, special string) string {
	n := 0
	for i := 0; i < len(input); i++ {
		if strings.IndexByte(special, input[i]) >= 0 {
			n++
		}
	}
	if n == 0 {
		return input
	}
	b := make([]byte, 0, len(input)+n)
	for i := 0; i < len(input); i++ {
		if strings.IndexByte(special, input[i]) >= 0 {
			b = append(b, '\\')
		}
		b = append(b, input[i])
	}
	return string(b)
}
