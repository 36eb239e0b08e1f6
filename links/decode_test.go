package links

import (
	"fmt"
	"testing"

	"golang.org/x/text/transform"

	"github.com/weburl/url/charset"
)

// TestDecoderOfC1 checks decoderOf against the Encoding Standard where
// golang.org/x/text's single-byte tables differ from its indexes: every
// byte from 0x80 to 0x9F that x/text leaves undefined is the C1 control
// of the same value (index-windows-1252.txt: 0x81 is U+0081), and a
// byte defined in both decodes as x/text decodes it.
func TestDecoderOfC1(t *testing.T) {
	for _, label := range []string{"windows-1252", "windows-874", "windows-1250", "windows-1251", "windows-1253",
		"windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258", "iso-8859-2", "iso-8859-3",
		"iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-16", "koi8-u", "ibm866", "macintosh"} {
		enc, err := charset.Lookup(label)
		if err != nil {
			t.Fatal(err)
		}
		for b := 0x80; b < 0x100; b++ {
			t.Run(fmt.Sprintf("%s %02X", label, b), func(t *testing.T) {
				got, _, err := transform.String(decoderOf(enc), string([]byte{byte(b)}))
				if err != nil {
					t.Fatal(err)
				}
				xtext, _ := enc.NewDecoder().String(string([]byte{byte(b)}))
				want := xtext
				if xtext == "\uFFFD" && b < 0xA0 {
					want = string(rune(b))
				}
				if got != want {
					t.Errorf("decoded %q, want %q", got, want)
				}
			})
		}
	}
	// The five bytes of windows-1252 that x/text leaves undefined, as
	// index-windows-1252.txt has them.
	enc, _ := charset.Lookup("windows-1252")
	got, _, _ := transform.String(decoderOf(enc), "\x81\x8D\x8F\x90\x9D\x80")
	if want := "\u0081\u008D\u008F\u0090\u009D\u20AC"; got != want {
		t.Errorf("windows-1252: %+q, want %+q", got, want)
	}
}
