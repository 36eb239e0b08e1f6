package url

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/weburl/url/internal/idnspoof"
	"github.com/weburl/url/internal/publicsuffix"
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
// safe to show in Unicode (idnspoof.LabelSafe) converted, and the others
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
		if s := ulabels[i]; strings.HasPrefix(label, "xn--") && s != label && displayLabelRoundTrips(s, label) && idnspoof.LabelSafe(s, tld, utld) {
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
	case r < 0xA0, r == utf8.RuneError, idnspoof.Invisible(r), idnspoof.DelimiterLookalike(r):
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
