package url_test

import (
	"strings"
	"testing"

	"github.com/weburl/url/net/url"
)

// TestFragmentFields: a fragment net/url's struct cannot hold as the
// browser writes it (an empty one, or one with a byte net/url escapes)
// is kept in Fragment alone, never in Opaque or RawQuery: the other
// fields stay what they say, a write to Path or RawQuery takes effect,
// and the request line has no '#'.
func TestFragmentFields(t *testing.T) {
	for _, c := range []struct {
		in, str, path, rawQuery, fragment string
		forceQuery                        bool
	}{
		{"http://x/page#", "http://x/page", "/page", "", "", false},
		{"https://e.com/p?a=1#", "https://e.com/p?a=1", "/p", "a=1", "", false},
		{"http://x/a?#", "http://x/a?", "/a", "", "", true},
		{"http://x/a#b{c}", "http://x/a#b%7Bc%7D", "/a", "", "b{c}", false},
		{"http://x/a?q#b#c", "http://x/a?q#b%23c", "/a", "q", "b#c", false},
		{"http://x/a#%zz", "http://x/a#%25zz", "/a", "", "%zz", false},
		{"http://x/a#b%20c", "http://x/a#b%20c", "/a", "", "b c", false},
	} {
		t.Run(c.in, func(t *testing.T) {
			u, err := url.Parse(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if u.String() != c.str || u.Opaque != "" || u.Path != c.path || u.RawQuery != c.rawQuery || u.Fragment != c.fragment || u.ForceQuery != c.forceQuery {
				t.Errorf("Parse = %#v, String %q; want String %q, Path %q, RawQuery %q, Fragment %q, ForceQuery %v", *u, u, c.str, c.path, c.rawQuery, c.fragment, c.forceQuery)
			}
			if got := u.RequestURI(); got != c.path+map[bool]string{true: "?" + c.rawQuery}[c.rawQuery != "" || c.forceQuery] {
				t.Errorf("RequestURI() = %q", got)
			}
			u.Path = "/other"
			if got := u.String(); !strings.Contains(got, "/other") {
				t.Errorf("after Path = /other, String() = %q", got)
			}
		})
	}
}

// TestLonePercentPath: a path net/url cannot write (a lone '%') keeps
// the href in Opaque, as docs/neturl-package.md says.
func TestLonePercentPath(t *testing.T) {
	u, err := url.Parse("http://h/100%")
	if err != nil {
		t.Fatal(err)
	}
	if u.String() != "http://h/100%" || u.Opaque != "//h/100%" || u.Path != "/100%" {
		t.Errorf("Parse = %#v", *u)
	}
}
