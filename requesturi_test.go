package url

import (
	"errors"
	neturl "net/url"
	"strings"
	"testing"
)

// requestURICases: request targets, the origin given ("" for none) and
// the href ParseRequestURI gives, or the error it wraps.
var requestURICases = []struct {
	target, origin string
	want           string
	err            error
}{
	// Origin-form: a path and query appended to the origin.
	{"/p?q", "http://example.com", "http://example.com/p?q", nil},
	{"/", "https://example.com:8443/", "https://example.com:8443/", nil},
	{"/a?", "http://h", "http://h/a?", nil},
	{"/a/../b/./c", "http://h", "http://h/b/c", nil},
	{"/a b", "http://h", "http://h/a%20b", nil},
	// A target starting with "//" is a path, never an authority.
	{"//not.a.user@not.a.host/just/a/path", "http://h", "http://h//not.a.user@not.a.host/just/a/path", nil},
	{"//evil.example/", "https://h:1", "https://h:1//evil.example/", nil},
	{"/\\evil.example/", "http://h", "http://h//evil.example/", nil},
	// '#' is data: a request target has no fragment.
	{"/a#b", "http://h", "http://h/a%23b", nil},
	{"/a?x#y", "http://h", "http://h/a?x%23y", nil},
	// Absolute-form: parsed alone; the origin is not used.
	{"http://example.com/p?q", "", "http://example.com/p?q", nil},
	{"HTTP://EXAMPLE.COM/p", "https://other.example", "http://example.com/p", nil},
	{"http://h/p#f", "", "http://h/p%23f", nil},
	{"mailto:x", "", "mailto:x", nil},
	{"a+b.c-d:e", "", "a+b.c-d:e", nil},
	// Not request targets.
	{"", "http://h", "", ErrRequestURI},
	{"*", "http://h", "", ErrRequestURI},
	{"foo.html", "http://h", "", ErrRequestURI},
	{"../dir/", "http://h", "", ErrRequestURI},
	{"?q", "http://h", "", ErrRequestURI},
	{"#f", "http://h", "", ErrRequestURI},
	{":x", "http://h", "", ErrRequestURI},
	{"1a:x", "http://h", "", ErrRequestURI},
	{" /a", "http://h", "", ErrRequestURI},
	{"/a\tb", "http://h", "", ErrRequestURI},
	{"/a\nb", "http://h", "", ErrRequestURI},
	{"/a\x7f", "http://h", "", ErrRequestURI},
	{"http://h/\r\n", "", "", ErrRequestURI},
	// Origin-form needs an origin, and an origin is only an origin.
	{"/p", "", "", ErrRequestURI},
	{"/p", "http://user@h", "", ErrRequestURI},
	{"/p", "http://h/x", "", ErrRequestURI},
	{"/p", "http://h?q", "", ErrRequestURI},
	{"/p", "http://h#f", "", ErrRequestURI},
	{"/p", "file:///", "", ErrRequestURI},
	{"/p", "sc://h", "", ErrRequestURI},
	{"/p", "h", "", MissingSchemeNonRelativeURL},
	{"/p", "http://h:99999", "", PortOutOfRange},
	// Failures of the URL parser.
	{"http://[::1/", "", "", IPv6Unclosed},
	{"/p", "http://", "", HostMissing},
}

func TestParseRequestURI(t *testing.T) {
	for _, c := range requestURICases {
		t.Run(c.target+" against "+c.origin, func(t *testing.T) {
			var origin []string
			if c.origin != "" {
				origin = []string{c.origin}
			}
			u, err := ParseRequestURI(c.target, origin...)
			if c.err != nil {
				var e *Error
				if !errors.Is(err, c.err) || !errors.As(err, &e) || u != nil {
					t.Fatalf("ParseRequestURI(%q, %q) = %v, %v; want an *Error wrapping %v", c.target, c.origin, u, err, c.err)
				}
				if !strings.HasPrefix(e.Op, "parse ") || strings.Contains(e.Error(), "\n") {
					t.Errorf("error %q: Op %q", e.Error(), e.Op)
				}
				return
			}
			if err != nil || u.Href() != c.want {
				t.Fatalf("ParseRequestURI(%q, %q) = %v, %v; want %q", c.target, c.origin, u, err, c.want)
			}
			if _, ok := u.Fragment(); ok {
				t.Errorf("ParseRequestURI(%q) has a fragment", c.target)
			}
			if err := u.checkInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestParseRequestURIAcceptsAsNetURL: on every target of the table,
// ParseRequestURI (with an origin) accepts what net/url's accepts, but
// for the asterisk-form "*", which has no URL, and for absolute-form
// targets that the URL Standard refuses.
func TestParseRequestURIAcceptsAsNetURL(t *testing.T) {
	for _, c := range requestURICases {
		if c.err != nil && !errors.Is(c.err, ErrRequestURI) || c.target == "*" {
			continue
		}
		t.Run(c.target, func(t *testing.T) {
			_, theirs := neturl.ParseRequestURI(c.target)
			_, ours := ParseRequestURI(c.target, "http://h")
			if (theirs == nil) != (ours == nil) {
				t.Errorf("ParseRequestURI(%q): %v; net/url: %v", c.target, ours, theirs)
			}
		})
	}
	if _, err := neturl.ParseRequestURI("*"); err != nil {
		t.Errorf("net/url's ParseRequestURI(\"*\") fails (%v): the doc says it returns Path \"*\"", err)
	}
}

// TestParseRequestURIOffset: the offset of a parse failure in an
// origin-form target is an offset in the target.
func TestParseRequestURIOffset(t *testing.T) {
	_, err := ParseRequestURI("/a%zz", "http://h")
	if err != nil {
		t.Fatalf("ParseRequestURI(/a%%zz) = %v: a lone %% is kept in a path", err)
	}
	_, err = ParseRequestURI("/p", "http://h:x")
	var v *ValidationError
	if !errors.As(err, &v) || v.Kind != PortInvalid || v.Offset != 9 {
		t.Errorf("ParseRequestURI(/p, http://h:x) = %v; want port-invalid at offset 9 of the origin", err)
	}
	if _, err := ParseRequestURI("/p", "http://h", "http://i"); !errors.Is(err, ErrTooManyBases) {
		t.Errorf("two origins: %v, want ErrTooManyBases", err)
	}
}

// TestParseRequestURIBounded: hostile targets of 64 KiB and 1 MiB are
// handled in linear time, with a bounded error message.
func TestParseRequestURIBounded(t *testing.T) {
	for _, size := range []int{64 << 10, 1 << 20} {
		for _, shape := range []string{"#", "/", "a", "a+", "/\x01", "//@", "/?#"} {
			target := strings.Repeat(shape, size/len(shape))
			u, err := ParseRequestURI(target, "http://h")
			if err != nil && len(err.Error()) > 1024 {
				t.Errorf("%d bytes of %q: error of %d bytes", size, shape, len(err.Error()))
			}
			if err == nil {
				if _, ok := u.Fragment(); ok {
					t.Errorf("%d bytes of %q: a fragment", size, shape)
				}
			}
		}
	}
}

func FuzzParseRequestURI(f *testing.F) {
	for _, c := range requestURICases {
		f.Add(c.target)
	}
	f.Fuzz(func(t *testing.T, target string) {
		u, err := ParseRequestURI(target, "http://h")
		if err != nil {
			return
		}
		if _, ok := u.Fragment(); ok {
			t.Errorf("ParseRequestURI(%q) = %q: a fragment", target, u.Href())
		}
		if target[0] == '/' && u.Host() != "h" {
			t.Errorf("ParseRequestURI(%q) = %q: origin-form changed the host", target, u.Href())
		}
	})
}
