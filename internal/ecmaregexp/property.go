package ecmaregexp

import (
	"strings"
	"sync"
	"unicode"
)

// This file resolves ECMAScript's \p{...} and \P{...} (ECMA-262
// UnicodeMatchProperty, UnicodeMatchPropertyValue) to sets of code points
// from Go's [unicode] tables. ECMAScript matches names and values exactly
// (no loose matching) and accepts the long names and the aliases of the
// Unicode Character Database.

// property returns the code points of \p{body} (the caller complements it
// for \P). construct is the whole escape, for errors.
func (p *reParser) property(start int, construct, body string, negated bool) (runeSet, error) {
	name, value, hasValue := strings.Cut(body, "=")
	if hasValue {
		switch name {
		case "General_Category", "gc":
			if s, ok := generalCategory(value); ok {
				return s, nil
			}
			return nil, p.errorf(start, construct, "invalid property name: %q is no General_Category value", value)
		case "Script", "sc":
			if s, ok := script(value); ok {
				return s, nil
			}
			if long, ok := scriptAliases[value]; ok {
				return nil, p.unsupported(start, construct+" property", "Go's unicode tables (Unicode %s) do not have the script %s", unicode.Version, long)
			}
			return nil, p.errorf(start, construct, "invalid property name: %q is no Script value Go's unicode tables (Unicode %s) know", value, unicode.Version)
		case "Script_Extensions", "scx":
			return nil, p.unsupported(start, construct+" property", "Go's unicode tables have no Script_Extensions")
		}
		return nil, p.errorf(start, construct, "invalid property name: ECMAScript knows only General_Category, Script and Script_Extensions as name=value")
	}
	if s, ok := generalCategory(name); ok {
		return s, nil
	}
	if s, ok, known := binaryProperty(name); ok {
		return s, nil
	} else if known {
		return nil, p.unsupported(start, construct+" property", "Go's unicode tables (Unicode %s) do not have the binary property %s", unicode.Version, name)
	}
	if propertiesOfStrings[name] {
		if negated {
			return nil, p.errorf(start, construct, "invalid property name: \\P cannot negate a property of strings")
		}
		return nil, p.unsupported(start, construct+" property of strings", "Go's unicode tables have no emoji sequences")
	}
	return nil, p.errorf(start, construct, "invalid property name: %q is no General_Category value or binary property", name)
}

// gcAliases maps each General_Category value alias (PropertyValueAliases.txt)
// to the short name Go's [unicode.Categories] uses.
var gcAliases = map[string]string{
	"Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Unassigned": "Cn",
	"Private_Use": "Co", "Surrogate": "Cs", "Letter": "L", "Cased_Letter": "LC",
	"Lowercase_Letter": "Ll", "Modifier_Letter": "Lm", "Other_Letter": "Lo",
	"Titlecase_Letter": "Lt", "Uppercase_Letter": "Lu", "Mark": "M", "Combining_Mark": "M",
	"Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Nonspacing_Mark": "Mn", "Number": "N",
	"Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl", "Other_Number": "No",
	"Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
	"Close_Punctuation": "Pe", "Final_Punctuation": "Pf", "Initial_Punctuation": "Pi",
	"Other_Punctuation": "Po", "Open_Punctuation": "Ps", "Symbol": "S", "Currency_Symbol": "Sc",
	"Modifier_Symbol": "Sk", "Math_Symbol": "Sm", "Other_Symbol": "So", "Separator": "Z",
	"Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Space_Separator": "Zs",
}

// generalCategory returns the code points of a General_Category value.
func generalCategory(v string) (runeSet, bool) {
	if short, ok := gcAliases[v]; ok {
		v = short
	}
	switch v {
	case "Cn":
		return assigned().complement(), true
	case "C":
		// Cc, Cf, Cs, Co and the unassigned Cn, whatever Go's own "C"
		// table holds.
		return tableSet(unicode.Cc).union(tableSet(unicode.Cf)).union(tableSet(unicode.Cs)).
			union(tableSet(unicode.Co)).union(assigned().complement()), true
	case "LC":
		return tableSet(unicode.Lu).union(tableSet(unicode.Ll)).union(tableSet(unicode.Lt)), true
	}
	if len(v) > 2 {
		return nil, false
	}
	t, ok := unicode.Categories[v]
	if !ok {
		return nil, false
	}
	return tableSet(t), true
}

// assigned is every code point with a General_Category other than Cn: the
// union of the two-letter categories but Cn (which Go's tables have in
// some versions) and LC.
var assigned = sync.OnceValue(func() runeSet {
	var s runeSet
	for name, t := range unicode.Categories {
		if len(name) == 2 && name != "Cn" && name != "LC" {
			s = s.union(tableSet(t))
		}
	}
	return s
})

// scriptAliases maps each Script value alias (ISO 15924 code and the
// extra Qaac, Qaai) to the long name Go's [unicode.Scripts] uses. Made from
// Perl's Unicode::UCD prop_value_aliases("sc", ...) for the names of Go's
// tables, plus Kawi and Nagm (Unicode 15.0); a test compares it with Node.
var scriptAliases = map[string]string{
	"Nagm": "Nag_Mundari", "Adlm": "Adlam", "Hluw": "Anatolian_Hieroglyphs", "Arab": "Arabic", "Armn": "Armenian", "Avst": "Avestan", "Bali": "Balinese", "Bamu": "Bamum", "Bass": "Bassa_Vah", "Batk": "Batak", "Beng": "Bengali", "Bhks": "Bhaiksuki", "Bopo": "Bopomofo", "Brah": "Brahmi", "Brai": "Braille", "Bugi": "Buginese", "Buhd": "Buhid", "Cans": "Canadian_Aboriginal", "Cari": "Carian",
	"Aghb": "Caucasian_Albanian", "Cakm": "Chakma", "Cher": "Cherokee", "Chrs": "Chorasmian", "Zyyy": "Common", "Copt": "Coptic", "Qaac": "Coptic", "Xsux": "Cuneiform", "Cprt": "Cypriot", "Cpmn": "Cypro_Minoan", "Cyrl": "Cyrillic", "Dsrt": "Deseret", "Deva": "Devanagari", "Diak": "Dives_Akuru",
	"Dogr": "Dogra", "Dupl": "Duployan", "Egyp": "Egyptian_Hieroglyphs", "Elba": "Elbasan", "Elym": "Elymaic", "Ethi": "Ethiopic", "Geor": "Georgian", "Glag": "Glagolitic", "Goth": "Gothic", "Gran": "Grantha", "Grek": "Greek", "Gujr": "Gujarati", "Gong": "Gunjala_Gondi", "Guru": "Gurmukhi",
	"Hani": "Han", "Hang": "Hangul", "Rohg": "Hanifi_Rohingya", "Hano": "Hanunoo", "Hatr": "Hatran",
	"Hebr": "Hebrew", "Hira": "Hiragana", "Armi": "Imperial_Aramaic", "Zinh": "Inherited", "Qaai": "Inherited", "Phli": "Inscriptional_Pahlavi", "Prti": "Inscriptional_Parthian", "Java": "Javanese",
	"Kthi": "Kaithi", "Knda": "Kannada", "Kana": "Katakana", "Kali": "Kayah_Li", "Khar": "Kharoshthi",
	"Kits": "Khitan_Small_Script", "Khmr": "Khmer", "Khoj": "Khojki", "Sind": "Khudawadi", "Laoo": "Lao", "Latn": "Latin", "Lepc": "Lepcha", "Limb": "Limbu", "Lina": "Linear_A", "Linb": "Linear_B",
	"Lyci": "Lycian", "Lydi": "Lydian", "Mahj": "Mahajani", "Maka": "Makasar", "Mlym": "Malayalam",
	"Mand": "Mandaic", "Mani": "Manichaean", "Marc": "Marchen", "Gonm": "Masaram_Gondi", "Medf": "Medefaidrin", "Mtei": "Meetei_Mayek", "Mend": "Mende_Kikakui", "Merc": "Meroitic_Cursive", "Mero": "Meroitic_Hieroglyphs", "Plrd": "Miao", "Mong": "Mongolian", "Mroo": "Mro", "Mult": "Multani",
	"Mymr": "Myanmar", "Nbat": "Nabataean", "Nand": "Nandinagari", "Talu": "New_Tai_Lue", "Nkoo": "Nko", "Nshu": "Nushu", "Hmnp": "Nyiakeng_Puachue_Hmong", "Ogam": "Ogham", "Olck": "Ol_Chiki",
	"Hung": "Old_Hungarian", "Ital": "Old_Italic", "Narb": "Old_North_Arabian", "Perm": "Old_Permic",
	"Xpeo": "Old_Persian", "Sogo": "Old_Sogdian", "Sarb": "Old_South_Arabian", "Orkh": "Old_Turkic",
	"Ougr": "Old_Uyghur", "Orya": "Oriya", "Osge": "Osage", "Osma": "Osmanya", "Hmng": "Pahawh_Hmong",
	"Palm": "Palmyrene", "Pauc": "Pau_Cin_Hau", "Phag": "Phags_Pa", "Phnx": "Phoenician", "Phlp": "Psalter_Pahlavi", "Rjng": "Rejang", "Runr": "Runic", "Samr": "Samaritan", "Saur": "Saurashtra",
	"Shrd": "Sharada", "Shaw": "Shavian", "Sidd": "Siddham", "Sgnw": "SignWriting", "Sinh": "Sinhala",
	"Sogd": "Sogdian", "Sora": "Sora_Sompeng", "Soyo": "Soyombo", "Sund": "Sundanese", "Sylo": "Syloti_Nagri", "Syrc": "Syriac", "Tglg": "Tagalog", "Tagb": "Tagbanwa", "Tale": "Tai_Le", "Lana": "Tai_Tham", "Tavt": "Tai_Viet", "Takr": "Takri", "Taml": "Tamil", "Tnsa": "Tangsa", "Tang": "Tangut", "Telu": "Telugu", "Thaa": "Thaana", "Tibt": "Tibetan", "Tfng": "Tifinagh", "Tirh": "Tirhuta", "Ugar": "Ugaritic", "Vaii": "Vai", "Vith": "Vithkuqi", "Wcho": "Wancho", "Wara": "Warang_Citi", "Yezi": "Yezidi", "Yiii": "Yi", "Zanb": "Zanabazar_Square",
	"Zzzz": "Unknown",
	// Unicode 16.0 and 17.0 (Go 1.27's tables), checked with Node 20's
	// Unicode 17.0; their long names map to themselves so that Go 1.26
	// refuses them as scripts its tables lack.
	"Berf": "Beria_Erfe", "Gara": "Garay", "Gukh": "Gurung_Khema", "Krai": "Kirat_Rai", "Onao": "Ol_Onal",
	"Sidt": "Sidetic", "Sunu": "Sunuwar", "Tayo": "Tai_Yo", "Todr": "Todhri", "Tols": "Tolong_Siki", "Tutg": "Tulu_Tigalari",
	"Beria_Erfe": "Beria_Erfe", "Garay": "Garay", "Gurung_Khema": "Gurung_Khema", "Kirat_Rai": "Kirat_Rai", "Ol_Onal": "Ol_Onal",
	"Sidetic": "Sidetic", "Sunuwar": "Sunuwar", "Tai_Yo": "Tai_Yo", "Todhri": "Todhri", "Tolong_Siki": "Tolong_Siki", "Tulu_Tigalari": "Tulu_Tigalari",
}

// script returns the code points of a Script value.
func script(v string) (runeSet, bool) {
	if long, ok := scriptAliases[v]; ok {
		v = long
	}
	if v == "Unknown" {
		var s runeSet
		for _, t := range unicode.Scripts {
			s = s.union(tableSet(t))
		}
		return s.complement(), true
	}
	t, ok := unicode.Scripts[v]
	if !ok {
		return nil, false
	}
	return tableSet(t), true
}

// binaryPropertyNames maps every binary property ECMA-262 lists
// (table-binary-unicode-properties), by long name and alias, to its long
// name.
var binaryPropertyNames = func() map[string]string {
	m := map[string]string{}
	for _, pair := range [][2]string{
		{"ASCII", ""}, {"ASCII_Hex_Digit", "AHex"}, {"Alphabetic", "Alpha"}, {"Any", ""},
		{"Assigned", ""}, {"Bidi_Control", "Bidi_C"}, {"Bidi_Mirrored", "Bidi_M"},
		{"Case_Ignorable", "CI"}, {"Cased", ""}, {"Changes_When_Casefolded", "CWCF"},
		{"Changes_When_Casemapped", "CWCM"}, {"Changes_When_Lowercased", "CWL"},
		{"Changes_When_NFKC_Casefolded", "CWKCF"}, {"Changes_When_Titlecased", "CWT"},
		{"Changes_When_Uppercased", "CWU"}, {"Dash", ""}, {"Default_Ignorable_Code_Point", "DI"},
		{"Deprecated", "Dep"}, {"Diacritic", "Dia"}, {"Emoji", ""}, {"Emoji_Component", "EComp"},
		{"Emoji_Modifier", "EMod"}, {"Emoji_Modifier_Base", "EBase"}, {"Emoji_Presentation", "EPres"},
		{"Extended_Pictographic", "ExtPict"}, {"Extender", "Ext"}, {"Grapheme_Base", "Gr_Base"},
		{"Grapheme_Extend", "Gr_Ext"}, {"Hex_Digit", "Hex"}, {"IDS_Binary_Operator", "IDSB"},
		{"IDS_Trinary_Operator", "IDST"}, {"ID_Continue", "IDC"}, {"ID_Start", "IDS"},
		{"Ideographic", "Ideo"}, {"Join_Control", "Join_C"}, {"Logical_Order_Exception", "LOE"},
		{"Lowercase", "Lower"}, {"Math", ""}, {"Noncharacter_Code_Point", "NChar"},
		{"Pattern_Syntax", "Pat_Syn"}, {"Pattern_White_Space", "Pat_WS"}, {"Quotation_Mark", "QMark"},
		{"Radical", ""}, {"Regional_Indicator", "RI"}, {"Sentence_Terminal", "STerm"},
		{"Soft_Dotted", "SD"}, {"Terminal_Punctuation", "Term"}, {"Unified_Ideograph", "UIdeo"},
		{"Uppercase", "Upper"}, {"Variation_Selector", "VS"}, {"White_Space", "space"},
		{"XID_Continue", "XIDC"}, {"XID_Start", "XIDS"},
	} {
		m[pair[0]] = pair[0]
		if pair[1] != "" {
			m[pair[1]] = pair[0]
		}
	}
	return m
}()

// propertiesOfStrings are the v flag's properties of strings
// (table-binary-unicode-properties-of-strings).
var propertiesOfStrings = map[string]bool{
	"Basic_Emoji": true, "Emoji_Keycap_Sequence": true, "RGI_Emoji_Modifier_Sequence": true,
	"RGI_Emoji_Flag_Sequence": true, "RGI_Emoji_Tag_Sequence": true, "RGI_Emoji_ZWJ_Sequence": true,
	"RGI_Emoji": true,
}

// binaryProperty returns the code points of a binary property: ok when Go's
// tables give it (directly, or by its definition in
// DerivedCoreProperties.txt from properties they have); known when
// ECMAScript knows the name at all.
func binaryProperty(name string) (s runeSet, ok, known bool) {
	long, known := binaryPropertyNames[name]
	if !known {
		return nil, false, false
	}
	prop := func(n string) runeSet { return tableSet(unicode.Properties[n]) }
	cat := func(n string) runeSet { return tableSet(unicode.Categories[n]) }
	idStart := func() runeSet {
		return cat("L").union(cat("Nl")).union(prop("Other_ID_Start")).
			subtract(prop("Pattern_Syntax")).subtract(prop("Pattern_White_Space"))
	}
	switch long {
	case "Any":
		return runeSet{0, unicode.MaxRune}, true, true
	case "ASCII":
		return runeSet{0, 0x7F}, true, true
	case "Assigned":
		return assigned(), true, true
	case "Alphabetic":
		// Lu + Ll + Lt + Lm + Lo + Nl + Other_Alphabetic
		return cat("L").union(cat("Nl")).union(prop("Other_Alphabetic")), true, true
	case "Lowercase":
		return cat("Ll").union(prop("Other_Lowercase")), true, true
	case "Uppercase":
		return cat("Lu").union(prop("Other_Uppercase")), true, true
	case "Cased":
		// Lowercase + Uppercase + Lt
		return cat("Ll").union(prop("Other_Lowercase")).union(cat("Lu")).union(prop("Other_Uppercase")).union(cat("Lt")), true, true
	case "Math":
		return cat("Sm").union(prop("Other_Math")), true, true
	case "ID_Start":
		return idStart(), true, true
	case "ID_Continue":
		// ID_Start + Mn + Mc + Nd + Pc + Other_ID_Continue - Pattern_Syntax - Pattern_White_Space
		return idStart().union(cat("Mn")).union(cat("Mc")).union(cat("Nd")).union(cat("Pc")).union(prop("Other_ID_Continue")).
			subtract(prop("Pattern_Syntax")).subtract(prop("Pattern_White_Space")), true, true
	case "Grapheme_Extend":
		// Me + Mn + Other_Grapheme_Extend
		return graphemeExtend(), true, true
	case "Grapheme_Base":
		// [0..10FFFF] - Cc - Cf - Cs - Co - Cn - Zl - Zp - Grapheme_Extend
		return assigned().subtract(cat("Cc")).subtract(cat("Cf")).subtract(cat("Cs")).subtract(cat("Co")).
			subtract(cat("Zl")).subtract(cat("Zp")).subtract(graphemeExtend()), true, true
	}
	if t, ok := unicode.Properties[long]; ok {
		return tableSet(t), true, true
	}
	return nil, false, true
}

// graphemeExtend is Grapheme_Extend: Me + Mn + Other_Grapheme_Extend.
func graphemeExtend() runeSet {
	return tableSet(unicode.Me).union(tableSet(unicode.Mn)).union(tableSet(unicode.Other_Grapheme_Extend))
}

// IsIDStart reports whether r may start an ECMAScript RegExpIdentifierName:
// ID_Start, $ or _.
func IsIDStart(r rune) bool {
	if r == '$' || r == '_' {
		return true
	}
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

// IsIDContinue reports whether r may continue a RegExpIdentifierName:
// ID_Continue, $, ZWNJ or ZWJ.
func IsIDContinue(r rune) bool {
	if IsIDStart(r) || r == 0x200C || r == 0x200D {
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}
