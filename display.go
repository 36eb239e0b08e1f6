package url

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/weburl/url/internal/publicsuffix"
	"golang.org/x/text/unicode/norm"
)

// URL rendering (URL Standard, section 4.8): a URL shown to a person who
// is to make a trust decision about it; the policy is in the doc comment
// of URL.Display.
// https://url.spec.whatwg.org/#url-rendering

// DisplayMode says how much of a URL [URL.Display] shows.
type DisplayMode uint8

const (
	// DisplayFull shows the whole URL but its credentials:
	// "https://example.com:8080/path?query#fragment".
	DisplayFull DisplayMode = iota
	// DisplayOrigin shows the scheme, host and port, and nothing after
	// the host: "https://example.com:8080". A URL without a host shows
	// only its scheme: "mailto:".
	DisplayOrigin
	// DisplayHost shows only the host: "example.com". A URL without a
	// host shows "".
	DisplayHost
)

// DisplayOptions tune [URL.Display]. The zero value shows the whole URL,
// without username and password, with a Unicode host where that is
// safe and with percent-encoded UTF-8 decoded where that is safe.
type DisplayOptions struct {
	// Mode chooses how much of the URL is shown: everything (the
	// default), the origin, or the host only.
	Mode DisplayMode
	// OmitScheme drops "http://" and "https://" (and no other scheme),
	// as address bars do (Chromium's kFormatUrlOmitHTTP and
	// kFormatUrlOmitHTTPS).
	OmitScheme bool
	// OmitWWW drops a leading "www." label when what remains is still a
	// registrable domain or below it: "www.example.com" shows as
	// "example.com", "www.com" and "www.co.uk" stay as they are.
	OmitWWW bool
	// OmitTrailingSlash drops the path "/" of a URL with no query and no
	// fragment: "https://example.com/" shows as "https://example.com".
	OmitTrailingSlash bool
	// ShowCredentials shows the username and password (percent-encoded)
	// as the href has them. The URL Standard says they should not be
	// shown: "https://examplecorp.com@attacker.example/" reads as a URL
	// of examplecorp.com.
	ShowCredentials bool
	// ASCIIHost keeps the host in its ASCII (Punycode) form.
	ASCIIHost bool
	// KeepEscapes keeps the path, query and fragment as the href has
	// them, percent-encoded.
	KeepEscapes bool
	// MaxLength, when positive, is the most code points the result
	// should have, for a space-constrained display (URL Standard 4.8.2).
	// The credentials go first, then the tail (path, query, fragment) is
	// cut, ending in "…", then the host loses labels from its left, as
	// "…com.evil.com" for "examplecorp.com.evil.com"; the scheme, the
	// port and the host's registrable domain are never elided, so the
	// result is longer than MaxLength when they alone are.
	MaxLength int
}

// Display renders u for a person who is to decide whether to trust it,
// as section 4.8 of the URL Standard ("URL rendering") advises: without
// username and password, with the host in Unicode where each label is
// safe to show so (mixed scripts, whole-script confusables, invisible
// characters and lookalikes of "/" keep the Punycode form) and with
// percent-encoded UTF-8 in the path, query and fragment decoded where
// that is visible and harmless (ASCII delimiters, spaces, controls,
// bidi and other format characters stay escaped). opts elides the
// scheme, "www.", everything after the host, or enough to fit a length,
// keeping the registrable domain. Display does not change u.
//
// With no elision (Mode [DisplayFull], OmitScheme, OmitWWW and
// OmitTrailingSlash false, MaxLength 0), [Parse] of the result gives
// back u's href without its credentials (with ShowCredentials, u's
// href). Show the result as left-to-right text (URL Standard 4.8.3);
// with bidirectional text in the host, prefer [DisplayHost].
//
// What Display shows is built from the URL's
// components, each in one of two forms: the serialized (ASCII) form, or a
// readable form (a host in Unicode, percent-encoded UTF-8 decoded). The
// readable form of a component is used only when it passes the policy
// below and when the whole readable URL, parsed again, gives back the
// URL's href (without credentials): a readable form that would parse to
// another URL is replaced by the component's ASCII form.
//
// Hosts (the IDN display policy). Each "xn--" label of a domain is
// shown in Unicode only when all of these hold; otherwise that label
// keeps its ASCII (Punycode) form. The rules follow Chromium's IDN
// display policy (docs/idn.md and
// components/url_formatter/spoof_checks/idn_spoof_checker.cc in the
// Chromium source), which in turn builds on UTS #39 (Unicode Security
// Mechanisms) and Mozilla's IDN display algorithm.
//
//  1. The label, and the whole domain (the Bidi rule holds for a
//     domain), convert with [ToUnicode] (domain to Unicode: UTS #46
//     non-transitional, CheckBidi, CheckJoiners) without error, and the
//     label converts back with [ToASCII] to itself.
//  2. Every character is allowed in identifiers. UTS #39 defines this as
//     Identifier_Status=Allowed; Go's unicode package has no such
//     property, so the approximation is: ASCII a-z, 0-9 and "-"; letters
//     (L*), nonspacing and spacing marks (Mn, Mc) and decimal digits (Nd)
//     of the UAX #31 Recommended scripts (Arabic, Armenian, Bengali,
//     Bopomofo, Cyrillic, Devanagari, Ethiopic, Georgian, Greek,
//     Gujarati, Gurmukhi, Han, Hangul, Hebrew, Hiragana, Kannada,
//     Katakana, Khmer, Lao, Latin, Malayalam, Myanmar, Oriya, Sinhala,
//     Tamil, Telugu, Thaana, Thai, Tibetan); modifier letters (Lm) only
//     outside Latin, Greek and Cyrillic; of the Common and Inherited
//     scripts only U+00B7, U+30FC, the combining marks U+0300..U+0339 and
//     the Arabic marks U+064B..U+0655 and U+0670. Chromium's removals are
//     applied too: U+0138, U+01CD..U+01DC, U+02BB, U+02BC, U+02EC,
//     U+0338, U+058A, U+1C80..U+1C8F, U+1E00..U+1E9B, U+1F00..U+1FFF,
//     U+2010, U+2019, U+2027, U+30A0, U+A640..U+A69F, U+A720..U+A7FF;
//     and the click letters U+01C0..U+01C3 (UTS #39 Restricted; they
//     pass for "|" and "!").
//     The approximation admits some characters UTS #39 marks Restricted
//     (obsolete or technical letters of a Recommended script); they
//     still face every rule below.
//  3. No invisible character: nothing of general category Cf (zero width
//     joiners, bidi controls, soft hyphen ...), no default-ignorable
//     code point, no filler (U+115F, U+1160, U+3164, U+FFA0, U+2800), no
//     nonspacing mark twice on one base after NFD (it is drawn once) nor
//     more than 4 on one base, no Kana voiced sound mark U+3099, U+309A.
//  4. No character that looks like a URL delimiter: "/" (U+2044,
//     U+2215, U+2571, U+29F8, U+FF0F, U+3033 ...), "." (U+2024, U+3002,
//     U+FF0E, U+FF61, U+0701 ...), "?", "#", "@", ":", "\", "%".
//  5. Scripts mix only as UTS #39 "Highly Restrictive" allows, with
//     Chromium's extra restriction on Latin: one script, or Latin with
//     Han, Hiragana and Katakana (Japanese), or Latin with Han and
//     Bopomofo (Chinese), or Latin with Han and Hangul (Korean); Latin
//     mixed with another script must be ASCII. So Latin+Cyrillic,
//     Latin+Greek, Cyrillic+Greek, Latin+Armenian are all refused.
//  6. One numbering system only (no ASCII digits with Bengali digits, no
//     Arabic-Indic with Extended Arabic-Indic), and not made only of
//     digits and digit lookalikes ("з", "θ", "२" ...).
//  7. No whole-script confusable: a label whose letters of a script are
//     all letters of that script that look Latin ("аррӏе" in Cyrillic,
//     "ορτ" in Greek) is refused unless the top-level domain is of that
//     script or a ccTLD whose registry uses it (for Cyrillic: bg, by,
//     kz, pyc, ru, su, ua, uz; Greek: gr; Armenian: am; ...). The tables
//     are Chromium's kWholeScriptConfusables, for the scripts Armenian,
//     Cyrillic, Ethiopic, Georgian, Greek, Hebrew, Bengali, Devanagari,
//     Gujarati, Gurmukhi, Kannada, Malayalam, Oriya, Tamil, Telugu,
//     Myanmar and Thai (the non-Linux list).
//  8. No character in an unusual place (Chromium's "dangerous
//     patterns"): Katakana ノ ソ ゾ ン and Han 丶 乀 乁 丿 after a
//     non-Japanese character (they pass for "/"); U+30FC and U+30FD,
//     U+30FE not after Kana; Han and Bopomofo characters that pass for
//     Latin letters or punctuation (一 丨 七 十 工 ㄒ ...) next to a non-CJK
//     character; へ べ ぺ in a Katakana label and ヘ ベ ペ in a Hiragana
//     one; a combining mark after a character not Latin, Greek or
//     Cyrillic; U+0307 after i, j, l; a mark after dotless ı; U+00B7
//     other than "l·l" under .cat; þ, ð outside .is; ə outside .az.
//
// Not implemented from Chromium's list: the comparison with the
// skeletons of top domains (step 13 of docs/idn.md, "googlé.com"), which
// needs a list of popular domains, and the mixed-script confusable test
// of UTS #39, which ICU no longer does on a single string either. The
// four deviation characters differ too: Chromium shows labels with ß or
// ς in Punycode because it once mapped them away (UTS #46 transitional);
// the URL Standard is non-transitional, "faß.de" and "fass.de" are two
// domains, and Display shows ß and ς. ZWJ and ZWNJ stay Punycode (rule
// 3).
//
// Path, query and fragment. A run of percent-encoded bytes is decoded
// where the bytes are UTF-8 of a non-ASCII code point that is visible
// and means nothing to the URL parser, and where the escapes use upper
// case hex digits, as the URL serializer writes them (so that parsing
// the decoded text encodes it back to the same bytes). Everything else
// stays escaped: every ASCII byte ("%20", "%2F", "%3F", "%25", controls:
// decoding any of them would change what the URL means or its href),
// invalid UTF-8, controls, format characters (Cf, bidi controls),
// spaces and separators (Z*), default-ignorables and fillers, private
// use and unassigned code points, U+FFFD, the lock symbols U+1F50F,
// U+1F510, U+1F512, U+1F513 (they pass for the browser's padlock; the
// URL Standard's own example), delimiter lookalikes as for hosts, and a
// combining mark that does not follow a decoded letter.
//
// https://url.spec.whatwg.org/#url-rendering
func (u *URL) Display(opts DisplayOptions) string {
	if u == nil || u.Href() == "" {
		return ""
	}
	kind := u.HostKind()
	hostname := u.Hostname()
	uhost := hostname
	if kind == HostDomain && !opts.ASCIIHost && hasACELabel(hostname) {
		uhost = displayDomain(hostname)
	}
	rest := u.displayTail()
	urest := rest
	if opts.Mode == DisplayFull && !opts.KeepEscapes {
		urest = displayDecode(rest)
	}

	uhost, urest = u.displayVerify(hostname, uhost, rest, urest)

	if opts.OmitWWW && kind == HostDomain && strings.HasPrefix(hostname, "www.") {
		if _, ok := publicsuffix.EffectiveTLDPlusOne(strings.TrimSuffix(hostname[4:], ".")); ok && strings.HasPrefix(uhost, "www.") {
			uhost = uhost[4:]
		}
	}

	// The parts shown: prefix (scheme and credentials), host, port, tail.
	var prefix, creds, port, tail string
	if opts.Mode != DisplayHost {
		scheme := u.Scheme()
		omitScheme := opts.OmitScheme && (scheme == "http" || scheme == "https")
		switch {
		case !omitScheme && kind != HostNull:
			prefix = u.Protocol() + "//"
		case !omitScheme:
			prefix = u.Protocol()
		}
		if kind != HostNull {
			if opts.ShowCredentials {
				if user, pass := u.Username(), u.Password(); user != "" || pass != "" {
					creds = user + "@"
					if pass != "" {
						creds = user + ":" + pass + "@"
					}
				}
			}
			if p := u.Port(); p != "" {
				port = ":" + p
			}
		}
	}
	if kind == HostNull {
		uhost = ""
	}
	if opts.Mode == DisplayFull {
		tail = urest
		if opts.OmitTrailingSlash && tail == "/" {
			tail = ""
		}
	}
	if opts.MaxLength > 0 {
		creds, uhost, tail = displayElide(opts.MaxLength, prefix, creds, uhost, port, tail, hostname, kind)
	}
	return prefix + creds + uhost + port + tail
}

// displayEllipsis marks where Display elided text.
const displayEllipsis = "…"

// displayElide shortens the parts of a rendering to at most max code
// points, as URL Standard 4.8.2 says: the credentials go first, then the
// tail (path, query and fragment) is cut at its end, then the host
// loses labels from its lowest-level end, never the labels of its
// registrable domain, so that the rendering may stay longer than max.
// asciiHost is the host as the href has it, kind its kind.
func displayElide(max int, prefix, creds, host, port, tail, asciiHost string, kind HostKind) (string, string, string) {
	n := utf8.RuneCountInString
	fixed := n(prefix) + n(host) + n(port)
	if fixed+n(creds)+n(tail) <= max {
		return creds, host, tail
	}
	creds = ""
	if room := max - fixed; n(tail) > room {
		switch {
		case room >= 2:
			cut, kept := len(tail), 0
			for i := range tail {
				if kept == room-1 {
					cut = i
					break
				}
				kept++
			}
			// Not inside an escape: "%E…" would read as text.
			switch {
			case cut >= 1 && tail[cut-1] == '%':
				cut--
			case cut >= 2 && tail[cut-2] == '%':
				cut -= 2
			}
			tail = tail[:cut] + displayEllipsis
		case room == 1:
			tail = displayEllipsis
		default:
			tail = ""
		}
	}
	if fixed+n(tail) <= max || kind != HostDomain {
		return creds, host, tail
	}
	// The host: drop labels from the left, down to the registrable
	// domain (the whole host when it has none: a public suffix, a single
	// label).
	keep := strings.Count(asciiHost, ".") + 1
	if rd, ok := publicsuffix.EffectiveTLDPlusOne(strings.TrimSuffix(asciiHost, ".")); ok {
		keep = strings.Count(rd, ".") + 1
		if strings.HasSuffix(asciiHost, ".") {
			keep++
		}
	}
	labels := strings.Split(host, ".")
	for i := 1; i <= len(labels)-keep; i++ {
		h := displayEllipsis + strings.Join(labels[i:], ".")
		if i == len(labels)-keep || fixed-n(host)+n(h)+n(tail) <= max {
			return creds, h, tail
		}
	}
	return creds, host, tail
}

// displayVerify returns the readable host and tail that may be shown:
// the readable URL must parse to the URL itself (without credentials).
// It tries the readable forms together, then each alone with the ASCII
// form of the other, and falls back to the ASCII forms.
func (u *URL) displayVerify(host, uhost, tail, utail string) (string, string) {
	if uhost == host && utail == tail {
		return host, tail
	}
	want := u.displayHref(host, tail)
	ok := func(h, t string) bool {
		v, err := Parse(u.displayHref(h, t))
		return err == nil && v.Href() == want
	}
	switch {
	case ok(uhost, utail):
		return uhost, utail
	case utail != tail && ok(host, utail):
		return host, utail
	case uhost != host && ok(uhost, tail):
		return uhost, tail
	}
	return host, tail
}

// displayTail returns the part of u's href after the host and port: the
// path (with the "/." that keeps a path starting "//" from reading as a
// host), the query and the fragment.
func (u *URL) displayTail() string {
	path := u.Pathname()
	n := len(path)
	if q, ok := u.RawQuery(); ok {
		n += 1 + len(q)
	}
	if f, ok := u.Fragment(); ok {
		n += 1 + len(f)
	}
	if u.HostKind() == HostNull && !u.HasOpaquePath() && strings.HasPrefix(path, "//") {
		n += 2 // "/."
	}
	href := u.Href()
	return href[len(href)-n:]
}

// displayHref is u's href without credentials, with host and tail
// replaced.
func (u *URL) displayHref(host, tail string) string {
	var b strings.Builder
	b.Grow(len(u.Href()) + len(host) + len(tail))
	b.WriteString(u.Scheme())
	b.WriteByte(':')
	if u.HostKind() != HostNull {
		b.WriteString("//")
		b.WriteString(host)
		if port := u.Port(); port != "" {
			b.WriteByte(':')
			b.WriteString(port)
		}
	}
	b.WriteString(tail)
	return b.String()
}

// hasACELabel reports whether a domain has a label starting "xn--".
func hasACELabel(domain string) bool {
	return strings.HasPrefix(domain, "xn--") || strings.Contains(domain, ".xn--")
}

// displayDomain returns an ASCII domain with each "xn--" label that is
// safe to show in Unicode (displayLabelSafe) converted, and the others
// as they are.
func displayDomain(domain string) string {
	// The whole domain at once: the Bidi rule of IDNA holds for a
	// domain, not for a label alone.
	whole, err := ToUnicode(domain)
	if err != nil {
		return domain
	}
	labels := strings.Split(domain, ".")
	ulabels := strings.Split(whole, ".")
	if len(ulabels) != len(labels) {
		return domain
	}
	// The top-level domain: the last non-empty label.
	tld, utld := "", ""
	for i := len(labels) - 1; i >= 0; i-- {
		if labels[i] != "" {
			tld, utld = labels[i], ulabels[i]
			break
		}
	}
	changed := false
	for i, label := range labels {
		if s := ulabels[i]; strings.HasPrefix(label, "xn--") && s != label && displayLabelRoundTrips(s, label) && displayLabelSafe(s, tld, utld) {
			changed = true
			continue
		}
		ulabels[i] = label
	}
	if !changed {
		return domain
	}
	return strings.Join(ulabels, ".")
}

// displayLabelRoundTrips reports whether a label in Unicode converts back
// to its ASCII form with ToASCII.
func displayLabelRoundTrips(unicodeLabel, asciiLabel string) bool {
	back, err := ToASCII(unicodeLabel)
	return err == nil && back == asciiLabel
}

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

// displayInvisible reports whether r is not seen, or is seen as blank: format
// characters (Cf: joiners, bidi controls, soft hyphen ...), other
// default-ignorable code points, variation selectors, and the fillers.
func displayInvisible(r rune) bool {
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

// displayDelimiterLookalike reports whether r passes for a character that
// delimits a URL or its host: "/", ".", "?", "#", "@", ":", "\", "%".
func displayDelimiterLookalike(r rune) bool {
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
	if displayInvisible(r) || displayDelimiterLookalike(r) && r != 0x00B7 {
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

// displayLabelSafe reports whether a label, in Unicode, may be shown so
// (rules 2 to 8 of the policy at the top of this file). tld is the
// domain's top-level label in ASCII, utld in Unicode.
func displayLabelSafe(label, tld, utld string) bool {
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

// displayDecode returns the path, query and fragment of an href (an
// ASCII string) with each run of percent-encoded UTF-8 decoded where
// the code points may be shown (displayRuneOK), and the rest as it is.
func displayDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	var b strings.Builder
	var buf [4]byte
	last := 0           // s[last:i] is not yet written
	prevLetter := false // the last rune written was a decoded letter or mark
	for i < len(s) {
		if s[i] != '%' {
			i++
			continue
		}
		// Decode one UTF-8 sequence of escapes: its lead byte, then
		// continuation bytes.
		c, ok := displayHexByte(s, i)
		if !ok || c < 0xC2 || c > 0xF4 {
			i++
			continue
		}
		n := 2
		if c >= 0xE0 {
			n = 3
		}
		if c >= 0xF0 {
			n = 4
		}
		if i+3*n > len(s) {
			i++
			continue
		}
		buf[0] = c
		good := true
		for k := 1; k < n; k++ {
			if buf[k], good = displayHexByte(s, i+3*k); !good {
				break
			}
		}
		if !good {
			i++
			continue
		}
		r, size := utf8.DecodeRune(buf[:n])
		if r == utf8.RuneError || size != n || !displayRuneOK(r, prevLetter && i == last) {
			i += 3
			prevLetter = false
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:i])
		b.WriteRune(r)
		i += 3 * n
		last = i
		prevLetter = unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// displayHexByte decodes the escape "%XX" at s[i] when both X are digits
// or upper case hex letters, as the URL serializer writes them.
func displayHexByte(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	hi, ok1 := displayHexDigit(s[i+1])
	lo, ok2 := displayHexDigit(s[i+2])
	return hi<<4 | lo, ok1 && ok2
}

func displayHexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// displayRuneOK reports whether a non-ASCII code point decoded from a
// path, query or fragment may be shown as itself; afterLetter tells
// whether it directly follows a decoded letter or mark (a combining mark
// may only follow one).
func displayRuneOK(r rune, afterLetter bool) bool {
	switch {
	case r < 0xA0, r == utf8.RuneError, displayInvisible(r), displayDelimiterLookalike(r):
		return false
	case 0x1F50F <= r && r <= 0x1F513 && r != 0x1F511:
		// 🔏 🔐 🔒 🔓 pass for the browser's security indicator.
		return false
	case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Mc, r), unicode.Is(unicode.Me, r):
		return afterLetter && !unicode.Is(unicode.Me, r)
	case unicode.IsLetter(r), unicode.IsNumber(r), unicode.IsPunct(r), unicode.IsSymbol(r):
		// Graphic, assigned; not a space, separator, control, private use
		// or surrogate.
		return !unicode.Is(unicode.Noncharacter_Code_Point, r)
	}
	return false
}
