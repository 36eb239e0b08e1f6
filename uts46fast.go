package url

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// A shortcut through UTS #46 processing for the domains of real
// internationalized URLs: letters of the common scripts, in NFC, which
// Unicode ToASCII leaves as they are or lower-cases one by one, before
// encoding them in Punycode. Deciding that from small tables
// (uts46fast_table.go) costs a fraction of golang.org/x/net/idna's
// processing, and allocates nothing.

// Kinds of the code points in uts46FastTable (its low 3 bits).
const (
	// fastLetter: valid or deviation in the IDNA Mapping Table (so
	// mapping leaves it as it is), Bidi_Class neither R, AL nor AN,
	// not a combining mark, canonical combining class 0, and
	// NFC_Quick_Check Yes (nothing composes with it, or stands
	// instead of it, in NFC).
	fastLetter = iota
	// fastLetterRTL: as fastLetter, with Bidi_Class R, AL or AN.
	fastLetterRTL
	// fastMark: valid, General_Category Mark, so it cannot begin a
	// label (validity criterion 6); otherwise as fastLetter.
	fastMark
	// fastMarkNorm: as fastMark, but a label holding it may not be in
	// NFC (a canonical combining class other than 0, or a code point
	// that may compose with the one before it).
	fastMarkNorm
	// fastEveryOther: as fastLetter, for every other code point from
	// the first of the range on (the lower-case letters of the blocks
	// that alternate upper and lower case).
	fastEveryOther
)

// uts46FastRange returns the kind of code point r in uts46FastTable, and
// false when the table does not have r. It tries the entry at *hint (an
// index of the table) first, and leaves there the entry it found: the
// code points of a label mostly share one.
func uts46FastRange(r rune, hint *int) (kind uint32, ok bool) {
	e := uts46FastTable[*hint]
	if d := uint32(r) - e>>16; d > e>>3&0x1FFF {
		e = uts46FastSearch(r, hint)
	}
	d := uint32(r) - e>>16
	kind = e & 7
	return kind, d <= e>>3&0x1FFF && (kind != fastEveryOther || d&1 == 0)
}

// entriesFrom returns how many entries of t, a table sorted by the code
// point in each entry's top 16 bits, start at or below r: a binary
// search.
func entriesFrom(t []uint32, r rune) int {
	lo, hi := 0, len(t)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(t[m]>>16) <= r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// uts46FastSearch returns the entry of uts46FastTable that may hold r
// (the last one whose first code point is at most r; the first one when
// there is none), and leaves its index at *hint.
func uts46FastSearch(r rune, hint *int) uint32 {
	t := uts46FastTable[:]
	lo := entriesFrom(t, r)
	*hint = max(lo-1, 0)
	return t[*hint]
}

// Verdicts of appendUTS46FastASCII.
const (
	// fastUndecided: the processing must run.
	fastUndecided = iota
	// fastAsIs: the processing leaves the domain as it is.
	fastAsIs
	// fastLower: the processing maps the domain code point by code
	// point, lower-casing the upper-case letters of ASCII and of
	// uts46LowerTable.
	fastLower
)

// appendUTS46FastASCII decides Unicode ToASCII (UTS #46 section 4.2,
// with the flags of the URL Standard's domain to ASCII: nontransitional,
// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false,
// CheckBidi and CheckJoiners true) for a domain whose labels hold at
// most punySmall code points each, only ASCII letters, digits and
// U+002D, and code points of uts46FastTable and uts46LowerTable. For
// such a domain, the processing (section 4, steps 1 to 4) records no
// error and leaves the domain as it is (fastAsIs), or lower-cases it
// code point by code point (fastLower), except that when bidi is set it
// is a Bidi domain name, whose labels must pass the Bidi rule (validity
// criterion 9, bidiRuleLabels; lower-casing changes no Bidi_Class, so
// the rule can run on the domain as it is); and it appends the ASCII
// form of the result to dst (ToASCII's steps 2 and 3: each label with
// non-ASCII code points in Punycode, after "xn--"; step 4 is off). It
// answers fastUndecided when it cannot tell (any other code point, a
// longer label, or invalid UTF-8: the processing must then run), with
// dst holding garbage after its old length.
//
// Step by step, for such a domain: 1 (map) leaves every code point of
// uts46FastTable and every lower-case ASCII letter as it is (each is
// valid or deviation, and deviations stay, nontransitional), and maps
// the upper-case ones of ASCII and uts46LowerTable to one lower-case
// letter of uts46FastTable each; 2 (normalize) leaves the result as it
// is when every label is in NFC: the table's letters, and the upper-case
// ones, are NFC_Quick_Check Yes with canonical combining class 0, and a
// label holding a mark that may break NFC is checked with
// norm.NFC.QuickSpanString, as x/net/idna does (or left undecided, when
// it holds an upper-case letter too); 3 breaks it at U+002E; 4
// (convert/validate): a label that maps to one starting with "xn--"
// leaves it undecided; for the others, criteria 1 (NFC, above), 2 and
// 3 (CheckHyphens false), 4 (no "xn--" start), 5 (no U+002E in a
// label), 6 (no combining mark at a label's start, checked here), 7
// (valid or deviation, the table) and 8 (CheckJoiners: the tables have
// neither U+200C nor U+200D, the only code points ContextJ rules
// constrain) all hold.
func appendUTS46FastASCII(dst []byte, domain string) (out []byte, verdict int, bidi bool) {
	var cps [punySmall]uint32 // the label's code points, mapped
	verdict = fastAsIs
	start, n, nonASCII, checkNFC, upper, hint := 0, 0, false, false, false, 0
	for i := 0; i <= len(domain); {
		if i == len(domain) || domain[i] == '.' {
			// The end of a label.
			label := domain[start:i]
			if len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-' ||
				checkNFC && (upper || norm.NFC.QuickSpanString(label) != len(label)) {
				return dst, fastUndecided, false
			}
			if upper {
				verdict = fastLower
			}
			if nonASCII {
				dst = appendPunycodeCodePoints(append(dst, "xn--"...), cps[:n])
			} else {
				for _, c := range cps[:n] {
					dst = append(dst, byte(c))
				}
			}
			if i < len(domain) {
				dst = append(dst, '.')
			}
			start, n, nonASCII, checkNFC, upper = i+1, 0, false, false, false
			i++
			continue
		}
		if n == punySmall {
			return dst, fastUndecided, false
		}
		c := domain[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-':
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
				upper = true
			default:
				return dst, fastUndecided, false
			}
			cps[n] = uint32(c)
			n++
			i++
			continue
		}
		nonASCII = true
		r, size := decodeBMPRune(domain, i)
		kind, found := uts46FastRange(r, &hint)
		switch {
		case !found:
			l, lower := uts46FastLower(r)
			if !lower {
				return dst, fastUndecided, false
			}
			r, upper = l, true
		case kind >= fastMark && kind <= fastMarkNorm && i == start:
			return dst, fastUndecided, false
		case kind == fastLetterRTL:
			bidi = true
		case kind == fastMarkNorm:
			checkNFC = true
		}
		cps[n] = uint32(r)
		n++
		i += size
	}
	return dst, verdict, bidi
}

// uts46FastLower returns the lower-case letter UTS #46 maps r to, when
// r is in uts46LowerTable.
func uts46FastLower(r rune) (rune, bool) {
	t := uts46LowerTable[:]
	lo := entriesFrom(t, r)
	if lo == 0 {
		return 0, false
	}
	e := t[lo-1]
	first := rune(e >> 16)
	if r-first > rune(e>>8&0xFF) || e&1 != 0 && (r-first)&1 != 0 {
		return 0, false
	}
	return r + rune(e>>1&0x7F), true
}

// decodeBMPRune decodes the UTF-8 sequence of two or three bytes at s[i]
// (s[i] >= 0x80), and returns -1 when it is not one (a code point
// beyond U+FFFF, one encoded in more bytes than it needs, or invalid
// UTF-8), which uts46FastRange does not have, with the size 1.
func decodeBMPRune(s string, i int) (rune, int) {
	switch c := s[i]; {
	case c >= 0xC2 && c < 0xE0 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
		return rune(c&0x1F)<<6 | rune(s[i+1]&0x3F), 2
	case c >= 0xE0 && c < 0xF0 && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80:
		if r := rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F); r >= 0x800 {
			return r, 3 // surrogates are not in the table
		}
	}
	return -1, 1
}
