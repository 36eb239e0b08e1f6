package urlpattern

// Converting part lists to pattern strings (URL Pattern Standard,
// section 2.3): the normalized pattern string of each component.
// https://urlpattern.spec.whatwg.org/#converting-part-lists-to-pattern-strings

import (
	"strings"
	"unicode/utf8"
)

// generatePatternString returns the pattern string of a part list.
// https://urlpattern.spec.whatwg.org/#generate-a-pattern-string
func generatePatternString(parts []part, o options) string {
	// 1. Let result be the empty string.
	var b strings.Builder
	// 2-3. For each index of part list's indices:
	for i := range parts {
		// 3.1-3. Let part, previous part and next part be the parts at index, index - 1 and index + 1.
		pt := &parts[i]
		var prev, next *part
		if i > 0 {
			prev = &parts[i-1]
		}
		if i < len(parts)-1 {
			next = &parts[i+1]
		}
		// 3.4. If part's type is "fixed-text":
		if pt.typ == partFixedText {
			// 3.4.1. With no modifier: append the escaped value; continue.
			if pt.modifier == modifierNone {
				b.WriteString(escapePatternString(pt.value))
				continue
			}
			// 3.4.2-5. Otherwise "{" + escaped value + "}" + modifier.
			b.WriteString("{")
			b.WriteString(escapePatternString(pt.value))
			b.WriteString("}")
			b.WriteString(pt.modifier.String())
			continue
		}
		// 3.5. Let custom name be true if part's name[0] is not an ASCII digit.
		customName := !isASCIIDigit(pt.name[0])
		// 3.6. Let needs grouping be true if part's suffix is not "", or its
		// prefix is not "" and not options' prefix code point.
		needsGrouping := pt.suffix != "" || (pt.prefix != "" && pt.prefix != o.prefixCodePoint)
		// 3.7. A segment wildcard with a custom name and no modifier, followed by a
		// part with no prefix or suffix, needs grouping when the next part would
		// read as part of its name.
		if !needsGrouping && customName && pt.typ == partSegmentWildcard && pt.modifier == modifierNone &&
			next != nil && next.prefix == "" && next.suffix == "" {
			if next.typ == partFixedText {
				// 3.7.1. A fixed-text next part: if its first code point is a valid name code point.
				r, _ := utf8.DecodeRuneInString(next.value)
				needsGrouping = next.value != "" && isValidNameCodePoint(r, false)
			} else {
				// 3.7.2. Otherwise: if the next part's name[0] is an ASCII digit.
				needsGrouping = isASCIIDigit(next.name[0])
			}
		}
		// 3.8. A part with no prefix after fixed text ending in the prefix code
		// point needs grouping.
		if !needsGrouping && pt.prefix == "" && prev != nil && prev.typ == partFixedText &&
			o.prefixCodePoint != "" && strings.HasSuffix(prev.value, o.prefixCodePoint) {
			needsGrouping = true
		}
		// 3.9. Assert: part's name is not "".
		// 3.10. If needs grouping, append "{".
		if needsGrouping {
			b.WriteString("{")
		}
		// 3.11. Append the escaped prefix.
		b.WriteString(escapePatternString(pt.prefix))
		// 3.12. If custom name: append ":" and the name.
		if customName {
			b.WriteString(":")
			b.WriteString(pt.name)
		}
		switch {
		case pt.typ == partRegexp:
			// 3.13. A regexp: "(" + value + ")".
			b.WriteString("(")
			b.WriteString(pt.value)
			b.WriteString(")")
		case pt.typ == partSegmentWildcard && !customName:
			// 3.14. An unnamed segment wildcard: "(" + its regexp + ")".
			b.WriteString("(")
			b.WriteString(generateSegmentWildcardRegexp(o))
			b.WriteString(")")
		case pt.typ == partFullWildcard:
			// 3.15. A full wildcard: "*" when it cannot be misread, else "(.*)".
			if !customName && (prev == nil || prev.typ == partFixedText || prev.modifier != modifierNone ||
				needsGrouping || pt.prefix != "") {
				b.WriteString("*")
			} else {
				b.WriteString("(")
				b.WriteString(fullWildcardRegexpValue)
				b.WriteString(")")
			}
		}
		// 3.16. A named segment wildcard whose suffix starts with a name code
		// point: append "\".
		if pt.typ == partSegmentWildcard && customName && pt.suffix != "" {
			if r, _ := utf8.DecodeRuneInString(pt.suffix); isValidNameCodePoint(r, false) {
				b.WriteString(`\`)
			}
		}
		// 3.17. Append the escaped suffix.
		b.WriteString(escapePatternString(pt.suffix))
		// 3.18. If needs grouping, append "}".
		if needsGrouping {
			b.WriteString("}")
		}
		// 3.19. Append the modifier.
		b.WriteString(pt.modifier.String())
	}
	// 4. Return result.
	return b.String()
}

// escapePatternString backslash-escapes the pattern syntax characters
// + * ? : { } ( ) \ of input.
// https://urlpattern.spec.whatwg.org/#escape-a-pattern-string
func escapePatternString(input string) string {
	return escapeWith(input, "+*?:{}()\\")
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }
