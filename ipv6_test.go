package url

import (
	"fmt"
	"testing"
)

// https://url.spec.whatwg.org/#concept-ipv6-parser and
// https://url.spec.whatwg.org/#concept-ipv6-serializer
func TestIPv6ParseSerialize(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		fail     ErrorKind
	}{
		{"::", "::", 0},                                             // all zero
		{"0:0:0:0:0:0:0:1", "::1", 0},                               // loopback
		{"1:0:0:2:0:0:0:3", "1:0:0:2::3", 0},                        // longest run
		{"1:0:0:2:0:0:3:4", "1::2:0:0:3:4", 0},                      // tie: the first
		{"1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7", 0},                   // a single zero stays
		{"1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0", 0},                   // compression of one piece
		{"ABCD:EF::", "abcd:ef::", 0},                               // lower-case
		{"::ffff:1.2.3.4", "::ffff:102:304", 0},                     // IPv4 in IPv6
		{"1:2:3:4:5:6:255.255.255.255", "1:2:3:4:5:6:ffff:ffff", 0}, // IPv4 in the last two pieces
		{":1", "", IPv6InvalidCompression},                          // single leading colon
		{"1:2:3:4:5:6:7:8:9", "", IPv6TooManyPieces},                // nine pieces
		{"1::1::1", "", IPv6MultipleCompression},                    // two compressions
		{"1:2:3!:4", "", IPv6InvalidCodePoint},                      // "!"
		{"1:2:3:", "", IPv6InvalidCodePoint},                        // ends after ":"
		{"12345::", "", IPv6InvalidCodePoint},                       // five hex digits
		{"1:2:3", "", IPv6TooFewPieces},                             // three pieces, no compression
		{"1:1:1:1:1:1:1:1.2.3.4", "", IPv4InIPv6TooManyPieces},      // IPv4 after seven pieces
		{"::.1.2.3", "", IPv4InIPv6InvalidCodePoint},                // empty IPv4 part
		{"::1.02.3.4", "", IPv4InIPv6InvalidCodePoint},              // leading zero
		{"::1.2.3.4.5", "", IPv4InIPv6InvalidCodePoint},             // five IPv4 parts
		{"::1.2.3.256", "", IPv4InIPv6OutOfRangePart},               // 256
		{"::1.2.3", "", IPv4InIPv6TooFewParts},                      // three IPv4 parts
	} {
		t.Run(fmt.Sprintf("%q", tc.in), func(t *testing.T) {
			var p parser
			addr, r := p.parseIPv6(tc.in, 0)
			var fail ErrorKind
			if r != outcomeOK {
				fail = p.failKind
			}
			if fail != tc.fail {
				t.Fatalf("parseIPv6(%q) fail = %v, want %v", tc.in, fail, tc.fail)
			}
			if fail != 0 {
				return
			}
			if got := string(appendIPv6(nil, &addr)); got != tc.want {
				t.Errorf("serialized %q, want %q", got, tc.want)
			}
		})
	}
}
