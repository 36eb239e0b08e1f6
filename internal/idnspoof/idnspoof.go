// Package idnspoof decides whether a domain label, in Unicode, is safe
// to show a person in that form, or must keep its Punycode ("xn--")
// form: the IDN display policy of the root package's URL.Display, after
// Chromium's (docs/idn.md and
// components/url_formatter/spoof_checks/idn_spoof_checker.cc in the
// Chromium source), which builds on UTS #39 (Unicode Security
// Mechanisms) and Mozilla's IDN display algorithm. The rules, numbered
// as in URL.Display's doc comment, where they are written out for users:
//
//  2. every character is allowed in identifiers (an approximation of
//     UTS #39's Identifier_Status=Allowed, with Chromium's removals);
//  3. no invisible character;
//  4. no character that looks like a URL delimiter;
//  5. scripts mix only as UTS #39 "Highly Restrictive" allows, with
//     Chromium's restriction on Latin;
//  6. one numbering system, and not only digits and digit lookalikes;
//  7. no whole-script confusable, unless the top-level domain is of
//     that script;
//  8. no character in an unusual place (Chromium's "dangerous
//     patterns").
//
// Rule 1 (the label converts with the URL Standard's domain to Unicode
// and back) needs the URL parser, and stays in the root package.
package idnspoof

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Scripts. Go's unicode package has no Script_Extensions property; each
// code point is taken to belong to its Script value only, and the few
// Common ones the policy needs are named where they are used.
type idnScript uint8

const (
	idnNone idnScript = iota // not a Recommended script
	idnCommon
	idnInherited
	idnLatin
	idnGreek
	idnCyrillic
	idnArmenian
	idnHebrew
	idnArabic
	idnThaana
	idnDevanagari
	idnBengali
	idnGurmukhi
	idnGujarati
	idnOriya
	idnTamil
	idnTelugu
	idnKannada
	idnMalayalam
	idnSinhala
	idnThai
	idnLao
	idnTibetan
	idnMyanmar
	idnGeorgian
	idnHangul
	idnEthiopic
	idnKhmer
	idnHiragana
	idnKatakana
	idnBopomofo
	idnHan
	idnNumScripts
)

// idnScriptTable returns the Unicode table of s, one of the scripts of
// UAX #31 Table 7 (Recommended Scripts). A switch, not a table of
// pointers: a package-level table of unicode's tables would link every
// one of them (and the code that reads them at init) into every program
// that imports the package, Display or not (see parseonly_test.go).
func idnScriptTable(s idnScript) *unicode.RangeTable {
	switch s {
	case idnCommon:
		return unicode.Common
	case idnInherited:
		return unicode.Inherited
	case idnLatin:
		return unicode.Latin
	case idnGreek:
		return unicode.Greek
	case idnCyrillic:
		return unicode.Cyrillic
	case idnArmenian:
		return unicode.Armenian
	case idnHebrew:
		return unicode.Hebrew
	case idnArabic:
		return unicode.Arabic
	case idnThaana:
		return unicode.Thaana
	case idnDevanagari:
		return unicode.Devanagari
	case idnBengali:
		return unicode.Bengali
	case idnGurmukhi:
		return unicode.Gurmukhi
	case idnGujarati:
		return unicode.Gujarati
	case idnOriya:
		return unicode.Oriya
	case idnTamil:
		return unicode.Tamil
	case idnTelugu:
		return unicode.Telugu
	case idnKannada:
		return unicode.Kannada
	case idnMalayalam:
		return unicode.Malayalam
	case idnSinhala:
		return unicode.Sinhala
	case idnThai:
		return unicode.Thai
	case idnLao:
		return unicode.Lao
	case idnTibetan:
		return unicode.Tibetan
	case idnMyanmar:
		return unicode.Myanmar
	case idnGeorgian:
		return unicode.Georgian
	case idnHangul:
		return unicode.Hangul
	case idnEthiopic:
		return unicode.Ethiopic
	case idnKhmer:
		return unicode.Khmer
	case idnHiragana:
		return unicode.Hiragana
	case idnKatakana:
		return unicode.Katakana
	case idnBopomofo:
		return unicode.Bopomofo
	case idnHan:
		return unicode.Han
	}
	return nil
}

// idnScriptOf returns the Recommended script of r, or idnNone.
func idnScriptOf(r rune) idnScript {
	if r < 0x80 {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return idnLatin
		}
		return idnCommon
	}
	// Scripts are disjoint: the order only saves time (Common, a large
	// table, last).
	for s := idnLatin; s < idnNumScripts; s++ {
		if unicode.Is(idnScriptTable(s), r) {
			return s
		}
	}
	switch {
	case unicode.Is(unicode.Inherited, r):
		return idnInherited
	case unicode.Is(unicode.Common, r):
		return idnCommon
	}
	return idnNone
}

// idnNotAllowed are the code points Chromium removes from the identifier
// set (SetAllowedUnicodeSet in idn_spoof_checker.cc), as ranges.
var idnNotAllowed = []struct{ lo, hi rune }{
	{0x0138, 0x0138}, // Latin kra
	{0x01C0, 0x01C3}, // click letters: they pass for "|", "‖", "ǂ", "!"
	{0x01CD, 0x01DC}, // Latin Extended-B, Pinyin
	{0x02BB, 0x02BC}, // modifier letters that pass for quotes
	{0x02EC, 0x02EC}, // modifier letter voicing
	{0x0338, 0x0338}, // combining long solidus overlay
	{0x058A, 0x058A}, // Armenian hyphen
	{0x1C80, 0x1C8F}, // Cyrillic Extended-C
	{0x1E00, 0x1E9B}, // Latin Extended Additional
	{0x1F00, 0x1FFF}, // Greek Extended
	{0x2010, 0x2010}, // hyphen
	{0x2019, 0x2019}, // right single quotation mark
	{0x2027, 0x2027}, // hyphenation point
	{0x30A0, 0x30A0}, // Katakana-Hiragana double hyphen
	{0xA640, 0xA69F}, // Cyrillic Extended-B
	{0xA720, 0xA7FF}, // Latin Extended-D
}

// Invisible reports whether r is not seen, or is seen as blank: format
// characters (Cf: joiners, bidi controls, soft hyphen ...), other
// default-ignorable code points, variation selectors, and the fillers.
func Invisible(r rune) bool {
	switch r {
	case 0x115F, 0x1160, 0x3164, 0xFFA0, // Hangul fillers
		0x2800, // braille pattern blank
		0x034F: // combining grapheme joiner
		return true
	}
	return unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r)
}

// DelimiterLookalike reports whether r passes for a character that
// delimits a URL or its host: "/", ".", "?", "#", "@", ":", "\", "%".
func DelimiterLookalike(r rune) bool {
	switch r {
	// "/"
	case 0x0337, 0x0338, 0x2044, 0x2215, 0x2571, 0x27CB, 0x29F8, 0x3033,
		0x2F03, 0xFF0F, 0x1D10D,
		// "."
		0x00B7, 0x0387, 0x0589, 0x06D4, 0x0701, 0x0702, 0x2024, 0x2027,
		0x2E3C, 0x3002, 0x30FB, 0xA4F8, 0xA60E, 0xFE52, 0xFF0E, 0xFF61,
		0x10A50,
		// "?"
		0x0241, 0x0242, 0x0294, 0x097D, 0x2047, 0x2048, 0x2049, 0xFE56,
		0xFF1F,
		// "#"
		0x266F, 0xFE5F, 0xFF03,
		// "@"
		0xFE6B, 0xFF20,
		// ":"
		0x02D0, 0x0703, 0x0704, 0x2236, 0xA789, 0xFE13, 0xFE55, 0xFF1A,
		// "\"
		0x2216, 0x29F5, 0x29F9, 0xFE68, 0xFF3C,
		// "%"
		0x2052, 0x066A, 0xFE6A, 0xFF05:
		return true
	}
	return false
}

// idnIdentifierAllowed approximates UTS #39 Identifier_Status=Allowed with
// Go's unicode tables (see the policy at the top of this file); sc is
// scriptOf(r).
func idnIdentifierAllowed(r rune, sc idnScript) bool {
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-'
	}
	for _, rg := range idnNotAllowed {
		if rg.lo <= r && r <= rg.hi {
			return false
		}
	}
	if Invisible(r) || DelimiterLookalike(r) && r != 0x00B7 {
		return false
	}
	switch sc {
	case idnNone:
		return false
	case idnCommon:
		return r == 0x00B7 || r == 0x30FC
	case idnInherited:
		return 0x0300 <= r && r <= 0x0339 || 0x064B <= r && r <= 0x0655 || r == 0x0670
	}
	switch {
	case unicode.Is(unicode.Lm, r):
		return sc != idnLatin && sc != idnGreek && sc != idnCyrillic
	case unicode.IsLetter(r), unicode.Is(unicode.Mn, r), unicode.Is(unicode.Mc, r), unicode.Is(unicode.Nd, r):
		return true
	}
	return false
}

// idnDigitZero returns the zero of r's numbering system: decimal digits
// come in runs of ten from a zero.
func idnDigitZero(r rune) rune {
	t := unicode.Nd
	for _, rg := range t.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) && rg.Stride == 1 {
			lo := rune(rg.Lo)
			return lo + (r-lo)/10*10
		}
	}
	for _, rg := range t.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) && rg.Stride == 1 {
			lo := rune(rg.Lo)
			return lo + (r-lo)/10*10
		}
	}
	return -1
}

// idnDigitLookalikes pass for digits (Chromium's digit_lookalikes_).
const idnDigitLookalikes = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜ੫丩ㄐճ৪੪୫૭୨౨"

// idnWholeScriptConfusables: for a script, its letters that look Latin, and
// the ccTLDs where labels made only of them are expected
// (Chromium's kWholeScriptConfusables; Thai: the list for platforms
// other than Linux).
var idnWholeScriptConfusables = []struct {
	script  idnScript
	letters string
	tlds    []string
}{
	{idnArmenian, "ագզէլհյոսւօՙ", []string{"am"}},
	{idnCyrillic, "аысԁеԍһіюјӏорԗԛѕԝхуъьҽпгѵѡ", []string{"bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"}},
	{idnEthiopic, "ሀሠሰስበነተከዐዕዘጠፐꬅ", []string{"er", "et"}},
	{idnGeorgian, "იოყძხჽჿ", []string{"ge"}},
	{idnGreek, "αικνρυωηοτ", []string{"gr"}},
	{idnHebrew, "דוחיןסװײ׳ﬦ", []string{"il"}},
	{idnBengali, "০৭", nil},
	{idnDevanagari, "ऽ०ॱ", nil},
	{idnGujarati, "ડટ૦૧", nil},
	{idnGurmukhi, "੦੧", nil},
	{idnKannada, "ಽ೦೧", nil},
	{idnMalayalam, "ടഠധനറ൦", nil},
	{idnOriya, "ଠ୦୮", nil},
	{idnTamil, "டப௦", nil},
	{idnTelugu, "౦౧", nil},
	{idnMyanmar, "ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", []string{"mm"}},
	{idnThai, "บพเแ๐", []string{"th"}},
}

// idnWholeScriptConfusable reports whether every letter of label that
// belongs to some script is one of that script's Latin lookalikes, and
// the top-level domain (tld, utld its Unicode form) is neither of that
// script nor one of its ccTLDs.
func idnWholeScriptConfusable(label, tld, utld string) bool {
	for _, w := range idnWholeScriptConfusables {
		seen, all := false, true
		for _, r := range label {
			if unicode.Is(idnScriptTable(w.script), r) {
				seen = true
				if !strings.ContainsRune(w.letters, r) {
					all = false
					break
				}
			}
		}
		if !seen || !all {
			continue
		}
		allowed := false
		for _, r := range utld {
			if unicode.Is(idnScriptTable(w.script), r) {
				allowed = true
				break
			}
		}
		for _, t := range w.tlds {
			if t == tld {
				allowed = true
			}
		}
		if !allowed {
			return true
		}
	}
	return false
}

// Characters of Chromium's dangerous patterns.
const (
	// Katakana ノ ソ ゾ ン and Han 丶 乀 乁 丿: they pass for "/".
	idnSlashLikeKanaHan = "\u30ce\u30bd\u30be\u30f3\u4e36\u4e40\u4e41\u4e3f"
	// Han and Bopomofo that pass for Latin letters or punctuation.
	idnLatinLikeCJK = "\u4e00\u3127\u4e28\u4e5b\u4e03\u4e05\u5341\u3007\u3112\u311a\u311f\u3128\u3129\u3108\u31ba\u31b3\u5de5\u31b2\u8ba0\u4e01"
)

func idnIsKana(r rune) bool { return unicode.Is(unicode.Katakana, r) || r == 0x30FC }
func idnIsHira(r rune) bool { return unicode.Is(unicode.Hiragana, r) || r == 0x30FC }
func idnIsJapaneseOrHan(r rune) bool {
	return idnIsKana(r) || idnIsHira(r) || unicode.Is(unicode.Han, r)
}
func idnIsCJK(r rune) bool { return idnIsJapaneseOrHan(r) || unicode.Is(unicode.Bopomofo, r) }

// LabelSafe reports whether a label, in Unicode, may be shown so
// (rules 2 to 8 of the policy in the package doc). tld is the
// domain's top-level label in ASCII, utld in Unicode.
func LabelSafe(label, tld, utld string) bool {
	var scripts uint64
	nonASCIILatin, hasMark := false, false
	zero := rune(-1)
	onlyDigits, digitLookalike := true, false
	allKana, allHira := true, true
	hasHiraHe, hasKanaHe := false, false
	prev := rune(-1)
	n := 0
	for i, r := range label {
		if r == utf8.RuneError {
			return false
		}
		sc := idnScriptOf(r)
		if !idnIdentifierAllowed(r, sc) {
			return false
		}
		if sc != idnCommon && sc != idnInherited {
			scripts |= 1 << sc
		}
		if unicode.Is(unicode.Mn, r) {
			hasMark = true
		}
		if sc == idnLatin && r >= 0x80 {
			nonASCIILatin = true
		}
		// Numbering systems, digit lookalikes.
		if z := idnDigitZero(r); z >= 0 {
			if zero >= 0 && z != zero {
				return false
			}
			zero = z
		} else if strings.ContainsRune(idnDigitLookalikes, r) {
			digitLookalike = true
		} else {
			onlyDigits = false
		}
		// Dangerous patterns.
		switch {
		case r == 0x3099 || r == 0x309A:
			return false
		case strings.ContainsRune(idnSlashLikeKanaHan, r):
			if prev >= 0 && !idnIsJapaneseOrHan(prev) {
				return false
			}
		case r == 0x30FD || r == 0x30FE:
			if prev < 0 || !unicode.Is(unicode.Katakana, prev) {
				return false
			}
		case r == 0x30FC:
			if prev < 0 || !idnIsKana(prev) && !idnIsHira(prev) {
				return false
			}
		case 0x0300 <= r && r <= 0x0339:
			if prev < 0 || r == 0x0307 && (prev == 'i' || prev == 'j' || prev == 'l') || prev == 0x0131 {
				return false
			}
			// After Latin, Greek or Cyrillic, or after a mark that
			// followed one.
			if ps := idnScriptOf(prev); ps != idnLatin && ps != idnGreek && ps != idnCyrillic && ps != idnInherited {
				return false
			}
		case 0x064B <= r && r <= 0x0655 || r == 0x0670:
			// Arabic marks (Script_Extensions Arabic): after Arabic.
			if ps := idnScriptOf(prev); prev < 0 || ps != idnArabic && ps != idnInherited {
				return false
			}
			scripts |= 1 << idnArabic
		case r == 0x00B7:
			// Only the Catalan ela geminada, "l·l", under .cat.
			if tld != "cat" || prev != 'l' || i+2 >= len(label) || label[i+2] != 'l' {
				return false
			}
		case r == 0x00FE || r == 0x00F0: // þ ð
			if tld != "is" && utf8.RuneCountInString(label) > 1 {
				return false
			}
		case r == 0x0259: // ə
			if tld != "az" && utf8.RuneCountInString(label) > 1 {
				return false
			}
		}
		if strings.ContainsRune(idnLatinLikeCJK, r) && prev >= 0 && !idnIsCJK(prev) {
			return false
		}
		if prev >= 0 && strings.ContainsRune(idnLatinLikeCJK, prev) && !idnIsCJK(r) {
			return false
		}
		switch {
		case 0x3078 <= r && r <= 0x307A:
			hasHiraHe = true
			allHira = false
		case 0x30D8 <= r && r <= 0x30DA:
			hasKanaHe = true
			allKana = false
		default:
			if !idnIsKana(r) {
				allKana = false
			}
			if !idnIsHira(r) {
				allHira = false
			}
		}
		prev = r
		n++
	}
	// Without a nonspacing mark of its own, a label in NFC decomposes
	// only into precomposed letters' marks: never one twice, never 5.
	if hasMark && idnRepeatedMark(label) {
		return false
	}
	if onlyDigits && digitLookalike {
		return false
	}
	if hasHiraHe && allKana || hasKanaHe && allHira {
		return false
	}
	// Script mixing: UTS #39 Highly Restrictive, Latin mixed only in
	// ASCII.
	if scripts&(scripts-1) != 0 {
		const (
			latin    = 1 << idnLatin
			han      = 1 << idnHan
			japanese = latin | han | 1<<idnHiragana | 1<<idnKatakana
			chinese  = latin | han | 1<<idnBopomofo
			korean   = latin | han | 1<<idnHangul
		)
		if scripts&^japanese != 0 && scripts&^chinese != 0 && scripts&^korean != 0 {
			return false
		}
		if scripts&latin != 0 && nonASCIILatin {
			return false
		}
	}
	// Whole-script confusables are letters of scripts other than Latin.
	return scripts&^(1<<idnLatin) == 0 || !idnWholeScriptConfusable(label, tld, utld)
}

// idnRepeatedMark reports whether a combining sequence of label, once
// decomposed (NFD), holds the same nonspacing mark twice (it is drawn
// once: "á\u0301" shows as "á"), or more than 4 nonspacing marks (a
// stack that hides what is under it; no language needs that many on a
// letter of a domain).
func idnRepeatedMark(label string) bool {
	d := norm.NFD.String(label)
	start, marks := 0, 0 // the current sequence's marks begin at d[start:]
	for i, r := range d {
		if !unicode.Is(unicode.Mn, r) {
			start, marks = i+utf8.RuneLen(r), 0
			continue
		}
		if marks++; marks > 4 || strings.ContainsRune(d[start:i], r) {
			return true
		}
	}
	return false
}
