package errfmt

import (
	"strings"
	"testing"
)

func TestWriteOpInput(t *testing.T) {
	long := strings.Repeat("a", 200) + "€" + strings.Repeat("b", 200)
	for _, tc := range []struct {
		name, input string
		at          int
		want        string
	}{
		{"short", `x"y`, 1, `url: op "x\"y": `},
		{"long, at the start", long, 0, `url: op "` + strings.Repeat("a", 128) + `"... (input of 403 bytes): `},
		{"long, in the middle", long, 201, `url: op ..."` + strings.Repeat("a", 63) + `€` + strings.Repeat("b", 62) + `"... (input of 403 bytes): `},
		{"long, at the end", long, len(long), `url: op ..."` + strings.Repeat("b", 128) + `" (input of 403 bytes): `},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			WriteOpInput(&b, "op", tc.input, tc.at)
			if b.String() != tc.want {
				t.Errorf("got  %s\nwant %s", b.String(), tc.want)
			}
		})
	}
}

func TestWriteCause(t *testing.T) {
	for _, tc := range []struct {
		name, gloss string
		offset      int
		want        string
	}{
		{"port-invalid", "port is not a number", 3, "port-invalid (port is not a number) at offset 3"},
		{"port-invalid", "", 0, "port-invalid at offset 0"},
		{"malformed URI", "lone surrogate", -1, "malformed URI (lone surrogate)"},
	} {
		var b strings.Builder
		WriteCause(&b, tc.name, tc.gloss, tc.offset)
		if b.String() != tc.want {
			t.Errorf("WriteCause(%q, %q, %d) = %q, want %q", tc.name, tc.gloss, tc.offset, b.String(), tc.want)
		}
	}
}

func TestQuoteHead(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, `"abc"`},
		{"abcd", 3, `"abc"...`},
		{"aé", 2, `"a"...`}, // the cut backs off to the start of "é"
		{"", 0, `""`},
	} {
		t.Run(tc.s, func(t *testing.T) {
			if got := QuoteHead(tc.s, tc.n); got != tc.want {
				t.Errorf("QuoteHead(%q, %d) = %s, want %s", tc.s, tc.n, got, tc.want)
			}
		})
	}
}
