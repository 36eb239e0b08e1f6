package url

import (
	"fmt"
	"strings"
	"testing"
)

// inSpecSet is an independent reading of section 1.3's definitions of the
// percent-encode sets, code point by code point, for the ASCII range (every
// code point above U+007E is in every set).
func inSpecSet(set EncodeSet, c rune) bool {
	c0 := c <= 0x1F || c > 0x7E
	fragment := c0 || c == ' ' || c == '"' || c == '<' || c == '>' || c == '`'
	query := c0 || c == ' ' || c == '"' || c == '#' || c == '<' || c == '>'
	specialQuery := query || c == '\''
	path := query || c == '?' || c == '^' || c == '`' || c == '{' || c == '}'
	userinfo := path || c == '/' || c == ':' || c == ';' || c == '=' || c == '@' || ('[' <= c && c <= ']') || c == '|'
	component := userinfo || ('$' <= c && c <= '&') || c == '+' || c == ','
	form := component || c == '!' || ('\'' <= c && c <= ')') || c == '~'
	switch set {
	case C0ControlSet:
		return c0
	case FragmentSet:
		return fragment
	case QuerySet:
		return query
	case SpecialQuerySet:
		return specialQuery
	case PathSet:
		return path
	case UserinfoSet:
		return userinfo
	case ComponentSet:
		return component
	case FormURLEncodedSet:
		return form
	}
	panic("unknown set")
}

var allSets = []EncodeSet{C0ControlSet, FragmentSet, QuerySet, SpecialQuerySet, PathSet, UserinfoSet, ComponentSet, FormURLEncodedSet}

// TestEncodeSetTable checks the one-table encoding of the sets against
// the spec's definitions, for every byte.
func TestEncodeSetTable(t *testing.T) {
	for _, set := range allSets {
		for b := 0; b < 256; b++ {
			if got, want := set.Contains(byte(b)), inSpecSet(set, rune(b)); got != want {
				t.Errorf("%v contains %#02x: %v, want %v", set, b, got, want)
			}
		}
	}
	// The form set is everything but ASCII alphanumerics and *-._ (the
	// spec's restatement of it).
	for b := 0; b < 256; b++ {
		c := byte(b)
		kept := isASCIIAlpha(c) || isASCIIDigit(c) || c == '*' || c == '-' || c == '.' || c == '_'
		if FormURLEncodedSet.Contains(c) == kept {
			t.Errorf("form set contains %#02x: %v", b, !kept)
		}
	}
}

func TestPercentEncode(t *testing.T) {
	tests := []struct {
		in   string
		set  EncodeSet
		want string
	}{
		{"abc", PathSet, "abc"},                                            // nothing to encode: the input itself
		{"a b?c#d", PathSet, "a%20b%3Fc%23d"},                              // path set: space, ? and #
		{"a b?c#d", FragmentSet, "a%20b?c#d"},                              // fragment set keeps ? and #
		{"é", C0ControlSet, "%C3%A9"},                                      // non-ASCII: its UTF-8 bytes, upper hex
		{"'", QuerySet, "'"},                                               // ' only in the special-query set
		{"'", SpecialQuerySet, "%27"},                                      //
		{"a+b&c=d", ComponentSet, "a%2Bb%26c%3Dd"},                         // encodeURIComponent's set
		{"~!*", FormURLEncodedSet, "%7E%21*"},                              // form set: ~ and ! encoded, * kept
		{"%25%zz", UserinfoSet, "%25%zz"},                                  // % is not in the userinfo set
		{"%", ComponentSet, "%25"},                                         // but is in the component set
		{"\x00\x1f\x7f", FragmentSet, "%00%1F%7F"},                         // C0 controls and DEL
		{"\xff", PathSet, "%FF"},                                           // invalid UTF-8 bytes: as they are
		{"a\uFFFD\uFFFDb\uFFFD", PathSet, "a%EF%BF%BD%EF%BF%BDb%EF%BF%BD"}, // runs of U+FFFD (appendEncodedReplacements)
		{"\xef\xbf\uFFFD\xef", PathSet, "%EF%BF%EF%BF%BD%EF"},              // and what only starts like one
		{"/:;=@[\\]|", UserinfoSet, "%2F%3A%3B%3D%40%5B%5C%5D%7C"},         // userinfo additions
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q in %v", tt.in, tt.set), func(t *testing.T) {
			if got := PercentEncode(tt.in, tt.set); got != tt.want {
				t.Errorf("PercentEncode = %q, want %q", got, tt.want)
			}
			if got := string(PercentEncodeBytes([]byte("x"), []byte(tt.in), tt.set)); got != "x"+tt.want {
				t.Errorf("PercentEncodeBytes = %q, want %q", got, "x"+tt.want)
			}
		})
	}
	// Runs of U+FFFD longer than the bulk encoder's chunk.
	for _, n := range []int{15, 16, 17, 33, 1000} {
		in := "/" + strings.Repeat("\uFFFD", n) + "x"
		want := "/" + strings.Repeat("%EF%BF%BD", n) + "x"
		if got := PercentEncode(in, PathSet); got != want {
			t.Errorf("PercentEncode of %d U+FFFD = %q, want %q", n, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { PercentEncode("plain/path", PathSet) }); n != 0 {
		t.Errorf("PercentEncode of a string needing no change allocates %v times", n)
	}
}

func TestPercentDecode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},          // no escapes: unchanged
		{"%41%62%2F", "Ab/"},    // upper and lower hex digits
		{"%zz%4", "%zz%4"},      // not two hex digits: kept
		{"%%41", "%A"},          // the first % is kept, the second decodes
		{"%E2%82%AC", "\u20ac"}, // bytes, here UTF-8
		{"%FF", "\xff"},         // any byte, UTF-8 or not
		{"100%", "100%"},        // a trailing %
		{"a+b", "a+b"},          // + is not special here
	}
	for _, tt := range tests {
		if got := string(PercentDecode([]byte(tt.in))); got != tt.want {
			t.Errorf("PercentDecode(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := PercentDecodeString(tt.in); got != tt.want {
			t.Errorf("PercentDecodeString(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPercentEncodeAfterEncodingExported(t *testing.T) {
	sjis, err := lookupEncoding("shift_jis")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in    string
		label string
		set   EncodeSet
		want  string
	}{
		{"a b+", "utf-8", FormURLEncodedSet, "a+b%2B"},           // the form set: a space is "+" (spaceAsPlus follows from the set)
		{"a b+", "shift_jis", FormURLEncodedSet, "a+b%2B"},       // whatever the encoding
		{"a b+", "utf-8", ComponentSet, "a%20b%2B"},              // any other set: no "+" for a space
		{"a b+", "utf-8", QuerySet, "a%20b+"},                    // the query set encodes the space
		{"\u2212", "shift_jis", SpecialQuerySet, "%81|"},         // WPT: U+2212 is 0x81 0x7C in Shift_JIS
		{"\u00e9", "shift_jis", SpecialQuerySet, "%26%23233%3B"}, // unencodable: &#233;
	}
	for _, tt := range tests {
		enc := sjis
		if tt.label == "utf-8" {
			enc = nil
		}
		if got := PercentEncodeAfterEncoding(tt.in, enc, tt.set); got != tt.want {
			t.Errorf("PercentEncodeAfterEncoding(%q, %s) = %q, want %q", tt.in, tt.label, got, tt.want)
		}
	}
}

func ExamplePercentEncode() {
	fmt.Println(PercentEncode("a b/c?d", PathSet))
	fmt.Println(PercentEncode("a b/c?d", ComponentSet))
	// Output:
	// a%20b/c%3Fd
	// a%20b%2Fc%3Fd
}

func ExamplePercentDecodeString() {
	fmt.Println(PercentDecodeString("caf%C3%A9%20%zz"))
	// Output: café %zz
}
