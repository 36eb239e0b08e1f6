package url

// Every code point through the production host parser and the reference
// one (reference_host_test.go, reference_idna_test.go): "http://a" + cp
// + "b/" for each code point from U+0080 up but the surrogates. It takes
// 5 to 20 seconds on the shared 2-core machine, so it runs only when
// asked:
//
//	go test -run TestReferenceCodePoints -reference.codepoints .
//
// which .ci/run does under Go 1.26 and Go 1.27.

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

var referenceCodePoints = flag.Bool("reference.codepoints", false, "run TestReferenceCodePoints: every code point in a host, production against the reference parser")

// refCodePointsDisagree are the code points on which production and the
// reference are expected to disagree, by Unicode version of x/net/idna's
// tables. Under Unicode 15.0: the five CJK compatibility ideographs that
// the IDNA Mapping Table of 15.0 says are "disallowed" (from 15.1 they
// are "mapped"), for which x/net/idna records an error in the Map step
// as UTS #46 did up to 15.0, while the reference, following the current
// UTS #46, leaves them to the validity criteria after Normalize has
// turned each into a valid code point (see refPassesUnicodeListed).
var refCodePointsDisagree = map[string][]rune{
	"15.0.0": {0x2F868, 0x2F874, 0x2F91F, 0x2F95F, 0x2F9BF},
}

// refUnicodeQuirk reports whether any of the strings holds, as it is or
// percent-decoded, a code point of refCodePointsDisagree for this build's
// tables: the fuzz targets do not hold production to the reference on
// such input.
func refUnicodeQuirk(strs ...string) bool {
	for _, s := range strs {
		decoded := string(refPercentDecodeString([]rune(s)))
		for _, cp := range refCodePointsDisagree[idna.UnicodeVersion] {
			if strings.ContainsRune(s, cp) || strings.ContainsRune(decoded, cp) {
				return true
			}
		}
	}
	return false
}

// TestReferenceCodePoints compares Parse with the reference parser on
// every code point alone in a domain label.
func TestReferenceCodePoints(t *testing.T) {
	if !*referenceCodePoints {
		t.Skip("every code point takes 5 to 20 seconds: run with -reference.codepoints")
	}
	expected := map[rune]bool{}
	for _, cp := range refCodePointsDisagree[idna.UnicodeVersion] {
		expected[cp] = true
	}
	agree := 0
	var unexpected []string
	for cp := rune(0x80); cp <= 0x10FFFF; cp++ {
		if refIsSurrogate(cp) {
			continue
		}
		input := "http://a" + string(cp) + "b/"
		u, _ := Parse(input)
		d := diffReference(u, refParseWithBase(input))
		switch {
		case d == "" && expected[cp]:
			t.Errorf("U+%04X: agrees, but is listed in refCodePointsDisagree: remove it", cp)
		case d == "":
			agree++
		case !expected[cp]:
			unexpected = append(unexpected, fmt.Sprintf("U+%04X: %s", cp, d))
		}
	}
	t.Logf("%d code points agree (Unicode %s tables)", agree, idna.UnicodeVersion)
	if len(unexpected) > 0 {
		if len(unexpected) > 50 {
			unexpected = append(unexpected[:50], fmt.Sprintf("... and %d more", len(unexpected)-50))
		}
		t.Errorf("%d code points disagree:\n%s", len(unexpected), strings.Join(unexpected, "\n"))
	}
}
