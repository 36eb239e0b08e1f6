package dataurl

import (
	"bytes"
	"testing"

	url "github.com/weburl/url"
)

// TestPercentSource reads percent-decodings into buffers of every size
// and checks them, and decodedLen, against the URL Standard's
// percent-decode ([url.PercentDecodeString]).
func TestPercentSource(t *testing.T) {
	for _, s := range []string{"", "abc", "%", "%4", "%41", "%4g%41%", "a%20b%2", "%%41", "%FFx%ff", "plain text of some length, with no escape at all"} {
		want := []byte(url.PercentDecodeString(s))
		if n := (&percentSource{s: s}).decodedLen(); n != len(want) {
			t.Errorf("decodedLen(%q) = %d, want %d", s, n, len(want))
		}
		for size := 1; size <= len(s)+1; size++ {
			p := percentSource{s: s}
			var got []byte
			buf := make([]byte, size)
			for {
				k := p.read(buf)
				got = append(got, buf[:k]...)
				if k < size {
					break
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%q in reads of %d = %q, want %q", s, size, got, want)
			}
		}
	}
}

// TestPercentSourceRaw: raw yields the string as it is.
func TestPercentSourceRaw(t *testing.T) {
	p := percentSource{s: "%41b", raw: true}
	buf := make([]byte, 8)
	if n := p.read(buf); string(buf[:n]) != "%41b" || p.decodedLen() != 0 {
		t.Errorf("raw read = %q", buf[:n])
	}
}
