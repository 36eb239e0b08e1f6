package url_test

import (
	"net/http/httptest"
	"testing"

	url "github.com/weburl/url"
	"github.com/weburl/url/urlnet"
)

// TestParseRequestURIAsRequestURL: for a request a server read,
// ParseRequestURI(r.RequestURI, "http://"+r.Host) is the URL
// urlnet.RequestURL(r) gives, as docs/migration.md says.
func TestParseRequestURIAsRequestURL(t *testing.T) {
	for _, target := range []string{
		"/", "/p?q", "/p?", "//not.a.user@not.a.host/just/a/path", "/a/../b/./c", "/a%20b?x=%zz",
		"/caf%C3%A9", "http://other.example/p?q", "HTTP://Other.Example:80/p",
	} {
		t.Run(target, func(t *testing.T) {
			r := httptest.NewRequest("GET", target, nil)
			want, err := urlnet.RequestURL(r)
			if err != nil {
				t.Fatalf("urlnet.RequestURL: %v", err)
			}
			got, err := url.ParseRequestURI(r.RequestURI, "http://"+r.Host)
			if err != nil || got.Href() != want.Href() {
				t.Errorf("ParseRequestURI(%q, %q) = %v, %v; urlnet.RequestURL gives %q", r.RequestURI, "http://"+r.Host, got, err, want.Href())
			}
		})
	}
}
