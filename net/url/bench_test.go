package url_test

import (
	neturl "net/url"
	"testing"

	"github.com/weburl/url/net/url"
)

// benchURLs are absolute URLs of the shapes a crawler and an HTTP client
// meet: a bare host, a path and query, userinfo and a port, an IDN host,
// a fragment.
var benchURLs = []string{
	"https://example.com",
	"https://www.example.com/docs/guide/index.html?lang=en&page=2",
	"http://user:pass@example.com:8080/a/b/../c",
	"https://bücher.example/straße?q=1",
	"https://example.com/page#section-2",
}

// BenchmarkParse compares the import swap's Parse with net/url's on the
// same URLs (go test -run '^$' -bench Parse ./net/url).
func BenchmarkParse(b *testing.B) {
	b.Run("swap", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, s := range benchURLs {
				if _, err := url.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, s := range benchURLs {
				if _, err := neturl.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
