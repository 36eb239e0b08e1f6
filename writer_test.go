package url

import (
	"math"
	"strings"
	"testing"
)

// encodeModel is the URL Standard's UTF-8 percent-encode of each code
// point of s with set, a byte at a time: every byte of set as "%XX" in
// upper-case hex, every other byte as it is.
func encodeModel(s string, set EncodeSet) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; percentTable[c]&set != 0 {
			b.WriteString("%" + string(upperHex[c>>4]) + string(upperHex[c&15]))
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// TestAppendEncodedRun holds the one percent-encoding loop (writer.go)
// to the model: without asInput, each byte is encoded as it is; with
// asInput, s is read as preprocessing leaves it (each byte that is not
// part of valid UTF-8 is U+FFFD), up to the first ASCII tab or newline,
// where the run stops.
func TestAppendEncodedRun(t *testing.T) {
	sets := []EncodeSet{C0ControlSet, FragmentSet, QuerySet, SpecialQuerySet, PathSet, UserinfoSet, ComponentSet}
	for _, s := range []string{
		"", "abc", "a b", "a<b>c\"d`e{f}g", "?#^|%", "%zz%2e", "\x00\x1f\x7f", "ü", "путь", "\uFFFD", "\U0001F600",
		"\xff", "a\xc3", "a\xe2\x82b", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "\xef\xbf", "a\xff\xfeb",
		"a\tb", "a\nb c", "\rx", "a b\x00\t", "ü\n", "\xff\t",
		// Runs of replacements, written in bulk: more than one copy of 16,
		// U+FFFD and invalid bytes mixed, a valid code point after them.
		strings.Repeat("\xff", 40), strings.Repeat("\uFFFD", 40) + "a", "\uFFFD\xff\uFFFD\xfe\xc3é\xff", "\xef\xbf\uFFFD\xef",
	} {
		t.Run(s, func(t *testing.T) {
			for _, set := range sets {
				if got, n := appendEncodedRun([]byte("x"), s, set, false); string(got) != "x"+encodeModel(s, set) || n != len(s) {
					t.Errorf("%v: %q, %d; want %q, %d", set, got, n, "x"+encodeModel(s, set), len(s))
				}
				stop := strings.IndexAny(s, "\t\n\r")
				if stop < 0 {
					stop = len(s)
				}
				var p parser
				p.preprocessOverride(s[:stop])
				want := "x" + encodeModel(p.input, set)
				if got, n := appendEncodedRun([]byte("x"), s, set, true); string(got) != want || n != stop {
					t.Errorf("%v, asInput: %q, %d; want %q, %d", set, got, n, want, stop)
				}
			}
		})
	}
}

// BenchmarkWriteReplacements times Parse on 16 KiB of bytes that are not
// UTF-8 (each "%EF%BF%BD" in the href) in a path, query and fragment, and
// on 4,096 U+FFFD, beside 16,384 "€" (as many encoded bytes as the
// invalid ones): the runs of replacements are written in bulk.
//
//	taskset -c 1 go test -run '^$' -bench WriteReplacements .
func BenchmarkWriteReplacements(b *testing.B) {
	bad := strings.Repeat("\xff", 16<<10)
	for _, c := range []struct{ name, in string }{
		{"path", "https://h/" + bad},
		{"query", "https://h/?" + bad},
		{"fragment", "https://h/#" + bad},
		{"path-U+FFFD", "https://h/" + strings.Repeat("\uFFFD", 4<<10)},
		{"path-euro", "https://h/" + strings.Repeat("€", 16<<10)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(c.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPlainPath holds plainPath, which the state machine's path state
// asks how far the path walk copies its input as it is, to the walk
// (appendPath), as walkPath takes it: where it returns the path's end,
// the walk writes "/" and the input; elsewhere, writing the segments
// before the one it stops in as they are, then walking the rest, writes
// what the walk writes. Every string of up to six bytes over the bytes
// that matter, from a segment's start after a "/" and after something
// else, in a special URL and not, with state override and without.
func TestPlainPath(t *testing.T) {
	const alphabet = "/\\.%2ea ?#"
	masks := []uint8{
		delimSlash | delimBackslash | delimQuery | delimFragment, // special
		delimSlash | delimQuery | delimFragment,                  // not special
		delimSlash | delimBackslash,                              // special, state override
		delimSlash,                                               // not special, state override
	}
	check := func(path string) {
		for _, prefix := range []string{"/", "h"} {
			s := prefix + path
			for _, mask := range masks {
				j := plainPath(s, 1, 1, mask)
				want, end, _ := appendPath(nil, s, 1, 0, mask, math.MaxInt)
				if j > end {
					t.Fatalf("plainPath(%q, mask %#x) = %d, past the path's end %d", s, mask, j, end)
				}
				if j == end && string(want) != "/"+s[1:j] {
					t.Fatalf("plainPath(%q, mask %#x) = %d, the path's end; the walk writes %q", s, mask, j, want)
				}
				seg := 1 + strings.LastIndexByte(s[1:j], '/') + 1
				got := []byte("/" + s[1:max(1, seg-1)])
				if seg == 1 {
					got = got[:0]
				}
				got, _, _ = appendPath(got, s, seg, 0, mask, math.MaxInt)
				if string(got) != string(want) {
					t.Fatalf("plainPath(%q, mask %#x) = %d: the segments before it and the walk from %d write %q, the walk %q", s, mask, j, seg, got, want)
				}
			}
		}
	}
	forEachString(alphabet, 6, "/aaa.%2e\\ ?#", 20, 7, check)
}
