package url

import (
	neturl "net/url"
	"strings"
	"testing"
)

// hostPortCases are host:port strings of every shape net/url's
// splitHostPort tells apart.
var hostPortCases = []string{
	"", "example.com", "example.com:8080", "example.com:", "example.com:http",
	"EXAMPLE.com:80", "[::1]", "[::1]:443", "[::1]:", "[::1]:x", "::1", "[fe80::1%25en0]:8080",
	"[", "]", "[]", "[]:1", "[[::1]]", "a:b:c", "a:1:2", "1.2.3.4:99999", ":80", ":",
	"user@host:1", "bücher.example:8080", "host:+1", "host:-1", "host: 1", "host:1 ",
}

// TestHostPortMatchesNetURL: HostPort's Hostname and Port are net/url's
// URL.Hostname and URL.Port of a URL whose Host field is the string.
func TestHostPortMatchesNetURL(t *testing.T) {
	for _, h := range hostPortCases {
		t.Run(h, func(t *testing.T) { checkHostPort(t, h) })
	}
}

func checkHostPort(t *testing.T, h string) {
	t.Helper()
	n := &neturl.URL{Host: h}
	if got, want := HostPort(h).Hostname(), n.Hostname(); got != want {
		t.Errorf("HostPort(%q).Hostname() = %q, net/url gives %q", h, got, want)
	}
	if got, want := HostPort(h).Port(), n.Port(); got != want {
		t.Errorf("HostPort(%q).Port() = %q, net/url gives %q", h, got, want)
	}
}

// TestHostPortLinear: a megabyte of colons or digits is split in linear
// time (one backward scan and one forward scan).
func TestHostPortLinear(t *testing.T) {
	for _, size := range []int{64 << 10, 1 << 20} {
		for _, shape := range []string{":", "1", "[", ":1"} {
			h := strings.Repeat(shape, size/len(shape))
			checkHostPort(t, h)
		}
	}
}

func FuzzHostPort(f *testing.F) {
	for _, h := range hostPortCases {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, h string) { checkHostPort(t, h) })
}
