package url

// The reference implementation's Unicode ToASCII (UTS #46, Unicode IDNA
// Compatibility Processing, sections 4 and 4.2) and Punycode (RFC 3492),
// which "domain parser ToASCII" runs (see reference_host_test.go). UTS #46
// is a standard of its own; its steps are written out here because
// golang.org/x/net/idna's ToASCII leaves some of them out (it accepts an
// "xn--" label that decodes to nothing, one holding non-ASCII, and one
// whose decoding starts with "xn--", and it decides whether a domain is
// a Bidi domain name before mapping). golang.org/x/net/idna serves as the
// IDNA Mapping Table (section 5), queried one code point at a time, and
// checks validity criteria 7 (status) and 8 (ContextJ) on each label;
// everything else is here, step by step.

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// refIDNAMapping looks a code point up in the IDNA Mapping Table, with
// UseSTD3ASCIIRules as given and Transitional_Processing false: x/net/idna
// with its mapping and nothing it can decode (one code point never maps
// to a label starting with "xn--").
var refIDNAMapping = map[bool]*idna.Profile{
	false: idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.Transitional(false),
		idna.CheckHyphens(false), idna.CheckJoiners(false), idna.VerifyDNSLength(false)),
	true: idna.New(idna.MapForLookup(), idna.StrictDomainName(true), idna.Transitional(false),
		idna.CheckHyphens(false), idna.CheckJoiners(false), idna.VerifyDNSLength(false)),
}

// refIDNAStatus checks validity criteria 7 and 8 of a label (one that does
// not start with "xn--"), with UseSTD3ASCIIRules as given and CheckJoiners
// true: x/net/idna with no Bidi rule, no hyphen or length checks.
var refIDNAStatus = map[bool]*idna.Profile{
	false: idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.Transitional(false),
		idna.CheckHyphens(false), idna.CheckJoiners(true), idna.VerifyDNSLength(false)),
	true: idna.New(idna.MapForLookup(), idna.StrictDomainName(true), idna.Transitional(false),
		idna.CheckHyphens(false), idna.CheckJoiners(true), idna.VerifyDNSLength(false)),
}

// refUTS46Flags are the flags of UTS #46's ToASCII that the URL Standard
// sets (CheckBidi and CheckJoiners are always true,
// Transitional_Processing and IgnoreInvalidPunycode always false).
type refUTS46Flags struct {
	CheckHyphens, UseSTD3ASCIIRules, VerifyDNSLength bool
}

// refUTS46ToASCII is Unicode ToASCII (UTS #46 section 4.2); ok is false
// when an error was recorded.
func refUTS46ToASCII(domainName []rune, flags refUTS46Flags) (string, bool) {
	// "1. To the input domain_name, apply the Processing Steps in Section
	// 4, Processing, using the input boolean flags Transitional_Processing,
	// CheckHyphens, CheckBidi, CheckJoiners, and UseSTD3ASCIIRules. This
	// may record an error."
	processed, ok := refUTS46Process(domainName, flags)
	// "2. Break the result into labels at U+002E FULL STOP."
	labels := strings.Split(string(processed), ".")
	// "3. Convert each label with non-ASCII characters into Punycode
	// [RFC3492], and prefix by “xn--”. This may record an error."
	for i, label := range labels {
		if strings.ContainsFunc(label, func(c rune) bool { return c > 0x7F }) {
			encoded, encOK := refPunycodeEncode([]rune(label))
			if !encOK {
				ok = false
			}
			labels[i] = "xn--" + encoded
		}
	}
	// "4. If the VerifyDnsLength flag is true, then verify DNS length
	// restrictions. This may record an error. For more information, see
	// [STD13] and [STD3]. The length of the domain name, excluding the
	// root label and its dot, is from 1 to 253. The length of each label
	// is from 1 to 63." (The root label is the empty label after a
	// trailing dot.)
	if flags.VerifyDNSLength {
		domain := labels
		if len(domain) > 1 && domain[len(domain)-1] == "" {
			domain = domain[:len(domain)-1]
		}
		if n := len(strings.Join(domain, ".")); n < 1 || n > 253 {
			ok = false
		}
		for _, label := range domain {
			if len(label) < 1 || len(label) > 63 {
				ok = false
			}
		}
	}
	// "5. If an error was recorded in steps 1-4, then return the result of
	// the processing steps with an error." "6. Otherwise, return the
	// result of step 4."
	return strings.Join(labels, "."), ok
}

// refUTS46Process runs the Processing steps (UTS #46 section 4) with
// Transitional_Processing false, CheckBidi and CheckJoiners true and
// IgnoreInvalidPunycode false; ok is false when an error was recorded.
func refUTS46Process(domainName []rune, flags refUTS46Flags) ([]rune, bool) {
	ok := true
	// "1. Map. For each code point in the domain_name string, look up the
	// status value in Section 5, IDNA Mapping Table, and take the
	// following actions: disallowed: Leave the code point unchanged in the
	// string. ignored: Remove the code point from the string. mapped:
	// Replace the code point in the string by the value for the mapping in
	// Section 5. deviation: If Transitional_Processing, replace the code
	// point in the string by the value for the mapping in Section 5.
	// Otherwise, leave the code point unchanged in the string. valid:
	// Leave the code point unchanged in the string."
	var mapped []rune
	for _, c := range domainName {
		m, _ := refIDNAMapping[flags.UseSTD3ASCIIRules].ToUnicode(string(c))
		mapped = append(mapped, []rune(m)...)
	}
	// "2. Normalize. Normalize the domain_name string to Unicode
	// Normalization Form C."
	normalized := []rune(norm.NFC.String(string(mapped)))
	// "3. Break. Break the string into labels at U+002E ( . ) FULL STOP."
	var labels [][]rune
	for label := range strings.SplitSeq(string(normalized), ".") {
		labels = append(labels, []rune(label))
	}
	// "4. Convert/Validate. For each label in the domain_name string:"
	for i, label := range labels {
		// "If the label starts with “xn--”:"
		if strings.HasPrefix(string(label), "xn--") {
			// "1. If the label contains any non-ASCII code point (i.e., a
			// code point greater than U+007F), record that there was an
			// error, and continue with the next label."
			if slices.ContainsFunc(label, func(c rune) bool { return c > 0x7F }) {
				ok = false
				continue
			}
			// "2. Attempt to convert the rest of the label to Unicode,
			// according to Punycode [RFC3492]. If that conversion fails and
			// if not IgnoreInvalidPunycode, record that there was an error,
			// and continue with the next label. Otherwise replace the
			// original label in the string by the results of the
			// conversion."
			decoded, decOK := refPunycodeDecode(label[len("xn--"):])
			if !decOK {
				ok = false
				continue
			}
			labels[i] = decoded
			// "3. If the label is empty, or if the label contains only ASCII
			// code points, record that there was an error."
			if len(decoded) == 0 || !slices.ContainsFunc(decoded, func(c rune) bool { return c > 0x7F }) {
				ok = false
			}
			// "4. Verify that the label meets the validity criteria in
			// Section 4.1, Validity Criteria for Nontransitional Processing.
			// If any of the validity criteria are not satisfied, record that
			// there was an error."
			if !refUTS46Valid(decoded, flags) {
				ok = false
			}
			continue
		}
		// "If the label does not start with “xn--”: Verify that the label
		// meets the validity criteria in Section 4.1, Validity Criteria for
		// the input Processing choice (Transitional or Nontransitional). If
		// any of the validity criteria are not satisfied, record that there
		// was an error."
		if !refUTS46Valid(label, flags) {
			ok = false
		}
	}
	// Validity criterion 9, over the whole domain name: "If CheckBidi, and
	// if the domain name is a Bidi domain name, then the label must
	// satisfy all six of the numbered conditions in [IDNA2008] RFC 5893,
	// Section 2." "A Bidi domain name is a domain name containing at least
	// one character with Bidi_Class R, AL, or AN."
	isBidiDomainName := false
	for _, label := range labels {
		for _, c := range label {
			if p, _ := bidi.LookupRune(c); p.Class() == bidi.R || p.Class() == bidi.AL || p.Class() == bidi.AN {
				isBidiDomainName = true
			}
		}
	}
	if isBidiDomainName {
		for _, label := range labels {
			if !bidirule.ValidString(string(label)) {
				ok = false
			}
		}
	}
	// The result: the labels joined by U+002E ( . ) FULL STOP.
	var result []rune
	for i, label := range labels {
		if i > 0 {
			result = append(result, '.')
		}
		result = append(result, label...)
	}
	return result, ok
}

// refUTS46Valid checks validity criteria 1 to 8 of UTS #46 section 4.1
// (Nontransitional Processing; criterion 9 needs the whole domain name,
// see refUTS46Process).
func refUTS46Valid(label []rune, flags refUTS46Flags) bool {
	if len(label) == 0 {
		return true // no criterion applies to an empty label
	}
	s := string(label)
	// "1. The label must be in Unicode Normalization Form NFC."
	if !norm.NFC.IsNormalString(s) {
		return false
	}
	if flags.CheckHyphens {
		// "2. If CheckHyphens, the label must not contain a U+002D
		// HYPHEN-MINUS character in both the third and fourth positions."
		if len(label) >= 4 && label[2] == '-' && label[3] == '-' {
			return false
		}
		// "3. If CheckHyphens, the label must neither begin nor end with a
		// U+002D HYPHEN-MINUS character."
		if label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
	} else if strings.HasPrefix(s, "xn--") {
		// "4. If not CheckHyphens, the label must not begin with “xn--”."
		return false
	}
	// "5. The label must not contain a U+002E ( . ) FULL STOP."
	if slices.Contains(label, '.') {
		return false
	}
	// "6. The label must not begin with a combining mark, that is:
	// General_Category=Mark."
	if unicode.Is(unicode.M, label[0]) {
		return false
	}
	// "7. Each code point in the label must only have certain Status values
	// according to Section 5, IDNA Mapping Table: For Nontransitional
	// Processing, each value must be either valid or deviation." "In
	// addition, if UseSTD3ASCIIRules is true and the code point is an
	// ASCII code point (U+0000..U+007F), then it must be a lowercase
	// letter (a-z), a digit (0-9), or a hyphen-minus (U+002D)."
	// "8. If CheckJoiners, the label must satisify the ContextJ rules from
	// Appendix A, in The Unicode Code Points and Internationalized Domain
	// Names for Applications (IDNA) [IDNA2008]."
	// Both by x/net/idna, on this label alone: it maps the label, then
	// checks criteria 7 and 8 on the result. The label's code points are
	// all valid or deviation exactly when mapping leaves the label as it
	// is (the label is in NFC) and records no error.
	if m, err := refIDNAStatus[flags.UseSTD3ASCIIRules].ToUnicode(s); err != nil || m != s {
		return false
	}
	return true
}

// Punycode's parameters (RFC 3492 section 5), and maxint, the largest
// value the integers may hold (2^31 - 1, as whatwg-url's punycode.js).
const (
	refPunyBase        = 36
	refPunyTMin        = 1
	refPunyTMax        = 26
	refPunySkew        = 38
	refPunyDamp        = 700
	refPunyInitialBias = 72
	refPunyInitialN    = 128
	refPunyMaxInt      = math.MaxInt32
)

// refPunyAdapt is the bias adaptation function (RFC 3492 section 6.1).
func refPunyAdapt(delta, numpoints int, firsttime bool) int {
	// "if firsttime then let delta = delta div damp else let delta = delta
	// div 2"
	if firsttime {
		delta /= refPunyDamp
	} else {
		delta /= 2
	}
	// "let delta = delta + (delta div numpoints)"
	delta += delta / numpoints
	// "let k = 0"
	k := 0
	// "while delta > ((base - tmin) * tmax) div 2 do begin let delta =
	// delta div (base - tmin) let k = k + base end"
	for delta > ((refPunyBase-refPunyTMin)*refPunyTMax)/2 {
		delta /= refPunyBase - refPunyTMin
		k += refPunyBase
	}
	// "return k + (((base - tmin + 1) * delta) div (delta + skew))"
	return k + ((refPunyBase-refPunyTMin+1)*delta)/(delta+refPunySkew)
}

// refPunyThreshold: "let t = tmin if k <= bias {+ tmin}, or tmax if k >=
// bias + tmax, or k - bias otherwise"
func refPunyThreshold(k, bias int) int {
	switch {
	case k <= bias:
		return refPunyTMin
	case k >= bias+refPunyTMax:
		return refPunyTMax
	}
	return k - bias
}

// refPunycodeDecode is the decoding procedure (RFC 3492 section 6.2) for
// an ASCII input; ok is false for "fail".
func refPunycodeDecode(input []rune) ([]rune, bool) {
	digitValue := func(c rune) (int, bool) {
		switch {
		case '0' <= c && c <= '9':
			return int(c-'0') + 26, true
		case 'A' <= c && c <= 'Z':
			return int(c - 'A'), true
		case 'a' <= c && c <= 'z':
			return int(c - 'a'), true
		}
		return 0, false
	}
	// "let n = initial_n" "let i = 0" "let bias = initial_bias" "let output
	// = an empty string indexed from 0"
	n, i, bias := refPunyInitialN, 0, refPunyInitialBias
	var output []rune
	// "consume all code points before the last delimiter (if there is one)
	// and copy them to output, fail on any non-basic code point"
	last := -1 // the last delimiter's index
	for j, c := range input {
		if c == '-' {
			last = j
		}
	}
	consumed := 0
	if last > 0 {
		for _, c := range input[:last] {
			if c >= 0x80 {
				return nil, false
			}
			output = append(output, c)
			consumed++
		}
	}
	input = input[consumed:]
	// "if more than zero code points were consumed then consume one more
	// (which will be the last delimiter)"
	if consumed > 0 {
		input = input[1:]
	}
	// "while the input is not exhausted do begin"
	for len(input) > 0 {
		// "let oldi = i" "let w = 1"
		oldi, w := i, 1
		// "for k = base to infinity in steps of base do begin"
		for k := refPunyBase; ; k += refPunyBase {
			// "consume a code point, or fail if there was none to consume"
			if len(input) == 0 {
				return nil, false
			}
			c := input[0]
			input = input[1:]
			// "let digit = the code point's digit-value, fail if it has none"
			digit, ok := digitValue(c)
			if !ok {
				return nil, false
			}
			// "let i = i + digit * w, fail on overflow"
			if digit > (refPunyMaxInt-i)/w {
				return nil, false
			}
			i += digit * w
			// "let t = ..."
			t := refPunyThreshold(k, bias)
			// "if digit < t then break"
			if digit < t {
				break
			}
			// "let w = w * (base - t), fail on overflow"
			if w > refPunyMaxInt/(refPunyBase-t) {
				return nil, false
			}
			w *= refPunyBase - t
		}
		// "let bias = adapt(i - oldi, length(output) + 1, test oldi is 0?)"
		bias = refPunyAdapt(i-oldi, len(output)+1, oldi == 0)
		// "let n = n + i div (length(output) + 1), fail on overflow"
		if i/(len(output)+1) > refPunyMaxInt-n {
			return nil, false
		}
		n += i / (len(output) + 1)
		// "let i = i mod (length(output) + 1)"
		i %= len(output) + 1
		// The decoded value must be a scalar value (a code point that is
		// not a surrogate) to be in a string of them.
		if n > unicode.MaxRune || refIsSurrogate(rune(n)) {
			return nil, false
		}
		// "insert n into output at position i"
		output = slices.Insert(output, i, rune(n))
		// "increment i"
		i++
	}
	return output, true
}

// refPunycodeEncode is the encoding procedure (RFC 3492 section 6.3);
// ok is false for "fail".
func refPunycodeEncode(input []rune) (string, bool) {
	var output []rune
	digit := func(d int) rune {
		if d < 26 {
			return 'a' + rune(d)
		}
		return '0' + rune(d-26)
	}
	// "let n = initial_n" "let delta = 0" "let bias = initial_bias"
	n, delta, bias := refPunyInitialN, 0, refPunyInitialBias
	// "let h = b = the number of basic code points in the input" "copy them
	// to the output in order, followed by a delimiter if b > 0"
	b := 0
	for _, c := range input {
		if c < 0x80 {
			output = append(output, c)
			b++
		}
	}
	h := b
	if b > 0 {
		output = append(output, '-')
	}
	// "while h < length(input) do begin"
	for h < len(input) {
		// "let m = the minimum {non-basic} code point >= n in the input"
		m := -1
		for _, c := range input {
			if int(c) >= n && (m == -1 || int(c) < m) {
				m = int(c)
			}
		}
		// "let delta = delta + (m - n) * (h + 1), fail on overflow"
		if m-n > (refPunyMaxInt-delta)/(h+1) {
			return "", false
		}
		delta += (m - n) * (h + 1)
		// "let n = m"
		n = m
		// "for each code point c in the input (in order) do begin"
		for _, c := range input {
			// "if c < n {or c is basic} then increment delta, fail on
			// overflow"
			if int(c) < n {
				if delta == refPunyMaxInt {
					return "", false
				}
				delta++
			}
			// "if c == n then begin"
			if int(c) == n {
				// "let q = delta"
				q := delta
				// "for k = base to infinity in steps of base do begin"
				for k := refPunyBase; ; k += refPunyBase {
					// "let t = ..."
					t := refPunyThreshold(k, bias)
					// "if q < t then break"
					if q < t {
						break
					}
					// "output the code point for digit t + ((q - t) mod (base -
					// t))"
					output = append(output, digit(t+(q-t)%(refPunyBase-t)))
					// "let q = (q - t) div (base - t)"
					q = (q - t) / (refPunyBase - t)
				}
				// "output the code point for digit q"
				output = append(output, digit(q))
				// "let bias = adapt(delta, h + 1, test h equals b?)"
				bias = refPunyAdapt(delta, h+1, h == b)
				// "let delta = 0" "increment h"
				delta = 0
				h++
			}
		}
		// "increment delta and n"
		delta++
		n++
	}
	return string(output), true
}
