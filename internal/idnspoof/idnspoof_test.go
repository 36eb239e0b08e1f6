package idnspoof

import "testing"

// The label policy refuses invisible and lookalike characters by itself,
// whether or not the IDNA mapping lets them through to it.
func TestLabelSafe(t *testing.T) {
	for _, tc := range []struct {
		label string
		safe  bool
	}{
		{"bücher", true},
		{"例え", true},
		{"ab\u3164c", false}, // Hangul filler
		{"ab\u115fc", false}, // Hangul choseong filler
		{"ab\uffa0c", false}, // halfwidth Hangul filler
		{"a\u200bb", false},  // zero width space
		{"a\u200cb", false},  // ZWNJ
		{"a\u200db", false},  // ZWJ
		{"a\u00adb", false},  // soft hyphen
		{"a\ufe0fb", false},  // variation selector
		{"a\u202eb", false},  // right-to-left override
		{"a\u2067b", false},  // right-to-left isolate
		{"a\u061cb", false},  // Arabic letter mark
		{"ex\u2215ample", false},
		{"a\u2044b", false},
		{"a\uff0fb", false},
		{"a\u3002b", false},
		{"a\uff0eb", false},
		{"a\u2024b", false},
		{"a\uff1fb", false},
		{"a\uff03b", false},
		{"a\uff20b", false},
		{"a\u0294b", false}, // glottal stop, passes for "?"
		{"ab\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030a", false}, // a stack of marks
		{"a_b", false},
		{"A", false},
		{"\ufffd", false},
	} {
		if got := LabelSafe(tc.label, "com", "com"); got != tc.safe {
			t.Errorf("LabelSafe(%+q) = %v, want %v", tc.label, got, tc.safe)
		}
	}
}
