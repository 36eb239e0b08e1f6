package dataurl

import (
	"bytes"
	"encoding/base64"
	"math/rand/v2"
	"testing"
)

// TestBase64Value: the table is RFC 4648's alphabet, every other byte
// marked.
func TestBase64Value(t *testing.T) {
	for c := range 256 {
		want := byte(notSextet)
		if i := bytes.IndexByte([]byte(base64Alphabet), byte(c)); i >= 0 {
			want = byte(i)
		}
		if base64Value[c] != want {
			t.Errorf("base64Value[%#x] = %d, want %d", c, base64Value[c], want)
		}
	}
}

// TestBase64DecoderBuffers decodes random data written with whitespace
// and percent-encoding into buffers of every size from 1 to 9 bytes, and
// checks it against encoding/base64.
func TestBase64DecoderBuffers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 40 {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		enc := []byte(base64.RawStdEncoding.EncodeToString(data))
		var src []byte
		for _, c := range enc {
			switch rng.IntN(8) {
			case 0:
				src = append(src, ' ')
			case 1:
				src = append(src, '%', "0123456789ABCDEF"[c>>4], "0123456789ABCDEF"[c&15])
				continue
			}
			src = append(src, c)
		}
		for size := 1; size <= 9; size++ {
			ps := percentSource{s: string(src)}
			sextets, ok := scanBase64(ps)
			if !ok || sextets != len(enc) {
				t.Fatalf("scanBase64(%q) = %d, %v", src, sextets, ok)
			}
			d := base64Decoder{src: ps, left: sextets}
			var got []byte
			buf := make([]byte, size)
			for {
				k := d.read(buf)
				got = append(got, buf[:k]...)
				if k < size {
					break
				}
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("%q in reads of %d: %v, want %v", src, size, got, data)
			}
		}
	}
}

// TestBase64DecodedLen: 3 bytes per 4 code points, 1 or 2 for a group of
// 2 or 3.
func TestBase64DecodedLen(t *testing.T) {
	for n, want := range map[int]int{0: 0, 2: 1, 3: 2, 4: 3, 6: 4, 7: 5, 8: 6} {
		if got := base64DecodedLen(n); got != want {
			t.Errorf("base64DecodedLen(%d) = %d, want %d", n, got, want)
		}
	}
}
