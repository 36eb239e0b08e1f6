package dataurl

import (
	"strconv"
	"strings"
	"testing"

	url "github.com/weburl/url"
)

// BenchmarkLarge decodes data: URLs of 1, 10 and 100 MB (a base64 body,
// as canvas.toDataURL() makes, and a percent-encoded one, as inline SVG
// is written): Parse (the URL parser, then the processor), Process of a
// parsed URL, and reading the body through NewReader into a 32 KiB
// buffer. SetBytes is the URL's length, so MB/s is input decoded per
// second and B/op divided by the size is bytes allocated per input byte.
//
//	go test -run '^$' -bench Large -benchtime 3x ./dataurl
func BenchmarkLarge(b *testing.B) {
	for _, mb := range []int{1, 10, 100} {
		size := mb << 20
		for _, kind := range []struct{ name, prefix, unit string }{
			{"base64", "data:image/png;base64,", "iVBO"},
			{"percent", "data:image/svg+xml,", "%3Cg%3E"},
		} {
			href := kind.prefix + strings.Repeat(kind.unit, (size-len(kind.prefix))/len(kind.unit))
			name := kind.name + "/" + strconv.Itoa(mb) + "MB"
			b.Run(name+"/Parse", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(href)))
				for b.Loop() {
					if _, err := Parse(href); err != nil {
						b.Fatal(err)
					}
				}
			})
			u := url.MustParse(href)
			b.Run(name+"/Process", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(href)))
				for b.Loop() {
					if _, err := Process(u); err != nil {
						b.Fatal(err)
					}
				}
			})
			buf := make([]byte, 32<<10)
			b.Run(name+"/Reader", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(href)))
				for b.Loop() {
					r, err := NewReader(u)
					if err != nil {
						b.Fatal(err)
					}
					for {
						if _, err := r.Read(buf); err != nil {
							break
						}
					}
				}
			})
		}
	}
}
