package url

// Valid URL strings: a row per rule of the grammar (URL Standard,
// section 4.3), each checked against Validate as well, and a fuzz target
// that holds the grammar and the parser's validation errors to the same
// answer.

import (
	"fmt"
	"testing"
)

var validURLStringCases = []struct {
	input string
	base  []string
	want  bool
}{
	// absolute-URL string, special scheme but file: "//", a valid host
	// string, an optional port, an optional path-absolute-URL string.
	{"https://example.com/", nil, true},
	{"https://example.com", nil, true},
	{"HTTPS://EXAMPLE.COM/", nil, true},    // schemes and domains in any case
	{"https:example.com", nil, false},      // no "//"
	{"https:/example.com", nil, false},     // one "/"
	{"https://example.com\\a", nil, false}, // "\" is not a URL unit
	// No credentials in a valid URL string.
	{"https://user@example.com/", nil, false},
	{"sc://user:pw@h/", nil, false},
	// URL-port string: empty, or digits up to 65535.
	{"https://example.com:/", nil, true},
	{"https://example.com:0080/", nil, true},
	{"https://example.com:65535/", nil, true},
	{"https://example.com:65536/", nil, false},
	{"https://example.com:8o/", nil, false},
	// valid domain: the domain parser with beStrict true, not ending in
	// a number.
	{"https://b\u00fccher.example/", nil, true},
	{"https://xn--bcher-kva.example/", nil, true},
	{"https://xn--8i7caa/", nil, false},               // Punycode for mapped code points
	{"https://_dmarc.example.com/", nil, false},       // "_" (UseSTD3ASCIIRules)
	{"https://a-.com/", nil, false},                   // a label ends in "-" (CheckHyphens)
	{"https://ab--c.com/", nil, false},                // "--" third and fourth (CheckHyphens)
	{"https://example.com./", nil, false},             // the empty root label (VerifyDnsLength)
	{"https://exam%70le.org/", nil, false},            // a percent-encoded byte
	{"https://1.2.3.4.example/", nil, true},           // ends in a name
	{"https://\uff11\uff12\uff17.0.0.1/", nil, false}, // maps to an IPv4 address
	// valid IPv4-address string: four shortest decimal numbers to 255.
	{"https://1.2.3.4/", nil, true},
	{"https://255.255.255.255/", nil, true},
	{"https://1.2.3/", nil, false},
	{"https://01.2.3.4/", nil, false},
	{"https://0x7f.0.0.1/", nil, false},
	{"https://1.2.3.256/", nil, false},
	// valid IPv6-address string.
	{"https://[::1]/", nil, true},
	{"https://[1:2:3:4:5:6:7:8]/", nil, true},
	{"https://[1:2:3:4:5:6:7::]/", nil, true},    // 7 pieces and "::"
	{"https://[1:2:3:4:5:6:7:8::]/", nil, false}, // 8 pieces and "::"
	{"https://[::1.2.3.4]/", nil, true},
	{"https://[1:2:3:4:5:6:1.2.3.4]/", nil, true},
	{"https://[::01]/", nil, false},       // a leading zero
	{"https://[1::2::3]/", nil, false},    // two "::"
	{"https://[::1.2.3.04]/", nil, false}, // a leading zero in the IPv4 part
	{"https://[::1/", nil, false},
	// Other schemes: scheme-relative-URL string (an opaque host, maybe
	// empty), path-absolute-non-authority-URL string, opaque-path-URL
	// string.
	{"sc://h/p", nil, true},
	{"sc:///p", nil, true},
	{"sc://h:80/", nil, true},
	{"sc://:80/", nil, false},
	{"sc://h^/", nil, false}, // a forbidden host code point
	{"sc://a%zz/", nil, false},
	{"sc://[::1]/", nil, true},
	{"sc:/p", nil, true},
	{"sc:/.//p", nil, true},
	{"sc:", nil, true},
	{"mailto:a@b.c", nil, true},
	{"mailto:a b", nil, false},
	{"javascript:alert(1)", nil, true},
	// file: "//", then a valid host string and an optional path, or a
	// path.
	{"file:///C:/x", nil, true},
	{"file://host/x", nil, true},
	{"file://", nil, true},
	{"file:", nil, false},
	{"file:/x", nil, false},
	{"file://C:/x", nil, false},  // a drive letter is not a host
	{"file:///C|/x", nil, false}, // "|" is not a URL unit
	// URL-path-segment, URL-query and URL-fragment strings: URL units.
	{"https://a/./b/../c", nil, true},
	{"https://a/%FF", nil, true},
	{"https://a/%zz", nil, false},
	{"https://a/b?c%20d#e", nil, true},
	{"https://a/b?c d", nil, false},
	{"https://a/b?c?d", nil, true},
	{"https://a/#a#b", nil, false},
	{"https://a/\u00a0", nil, true},
	{"https://a/\ufdd0", nil, false}, // a noncharacter
	{" https://a/", nil, false},
	// relative-URL-with-fragment string, against a base.
	{"../x?y#z", []string{"https://a/b/c"}, true},
	{"//h/p", []string{"https://a/"}, true},
	{"//h:99999/", []string{"sc://x/"}, false},
	{"\\\\h\\p", []string{"https://a/"}, false},
	{"", []string{"https://a/"}, true},
	{"a:b", []string{"https://a/"}, true}, // an absolute-URL string
	{"/c:/path", []string{"file:///c:/"}, true},
	{"c|/x", []string{"file:///c:/"}, false},
	{"#x", []string{"mailto:a"}, true}, // a base with an opaque path takes a fragment only
	{"x", []string{"mailto:a"}, false},
	{"?x", []string{"sc:opaque"}, false},
	{"../x", nil, false}, // no base
	// A base that does not parse, or two: false, as CanParse.
	{"https://a/", []string{"not a URL"}, false},
	{"https://a/", []string{"https://b/", "https://c/"}, false},
	// Not UTF-8: an invalid byte is U+FFFD, a URL code point, and no
	// valid domain holds it.
	{"https://a/\xff", nil, true},
	{"https://\xff/", nil, false},
}

func TestValidURLString(t *testing.T) {
	for _, tc := range validURLStringCases {
		name := fmt.Sprintf("%q", tc.input)
		if len(tc.base) > 0 {
			name += fmt.Sprintf(" against %q", tc.base)
		}
		t.Run(name, func(t *testing.T) {
			if got := ValidURLString(tc.input, tc.base...); got != tc.want {
				t.Errorf("ValidURLString = %v, want %v", got, tc.want)
			}
			_, errs, err := Validate(tc.input, tc.base...)
			if clean := err == nil && len(errs) == 0; clean != tc.want {
				t.Errorf("Validate: errors %v, %v; the grammar says valid = %v", errs, err, tc.want)
			}
		})
	}
}

// FuzzValidURLString: no panic, and the grammar's answer is the
// parser's: a valid URL string parses with no validation error, and an
// input that parses with none is a valid URL string (the two
// definitions the URL Standard gives; whatwg/url#704).
func FuzzValidURLString(f *testing.F) {
	for _, tc := range validURLStringCases {
		if len(tc.base) == 0 {
			f.Add(tc.input, "")
		} else {
			f.Add(tc.input, tc.base[0])
		}
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		valid := ValidURLString(input, bases...)
		_, errs, err := Validate(input, bases...)
		if clean := err == nil && len(errs) == 0; clean != valid {
			t.Errorf("ValidURLString(%q, %q) = %v; Validate: %v, %v", input, bases, valid, errs, err)
		}
	})
}
