package url

import (
	"strings"
	"testing"
)

// A realistic query: tracking parameters, a search phrase with spaces
// and non-ASCII text, a percent-encoded URL, repeated names.
const benchQuery = "q=golang+url+parser+%C3%BCber&hl=en&source=hp&ei=x9aLZf3kJ8OQ9u8P4Ia0-Ao" +
	"&redirect=https%3A%2F%2Fexample.com%2Fpath%3Fa%3D1%26b%3D2&utm_source=newsletter" +
	"&utm_medium=email&utm_campaign=spring_sale_2026&tag=go&tag=web&tag=whatwg&page=3&sort=relevance"

func BenchmarkParseForm(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchQuery)))
	for b.Loop() {
		ParseForm(benchQuery)
	}
}

func BenchmarkParseFormPlain(b *testing.B) {
	const q = "id=12345&lang=en&page=3&sort=relevance&view=list&limit=50"
	b.ReportAllocs()
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		ParseForm(q)
	}
}

func BenchmarkSerializeForm(b *testing.B) {
	params := ParseForm(benchQuery)
	b.ReportAllocs()
	b.SetBytes(int64(len(benchQuery)))
	for b.Loop() {
		SerializeForm(params)
	}
}

func BenchmarkSerializeFormEncoding(b *testing.B) {
	params := ParseForm(benchQuery)
	enc, err := LookupEncoding("shift_jis")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		SerializeFormEncoding(params, enc)
	}
}

// BenchmarkParseFormAmpersands parses 1 MiB of '&': zero pairs, so the
// memory kept must not grow with the input.
func BenchmarkParseFormAmpersands(b *testing.B) {
	in := strings.Repeat("&", 1<<20)
	reportAllocPerInputByte(b, len(in), func() { ParseForm(in) })
}
