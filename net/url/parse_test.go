package url_test

import (
	"encoding/json"
	"errors"
	neturl "net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	weburl "github.com/weburl/url"
	"github.com/weburl/url/internal/corpus"
	"github.com/weburl/url/internal/cputime"
	"github.com/weburl/url/net/url"
)

// wptInputs returns the inputs and bases of urltestdata.json, or skips
// the test without the corpus.
func wptInputs(t *testing.T) []string {
	t.Helper()
	dir, _ := corpus.WPT(2, "urltestdata.json")
	if dir == "" {
		t.Skip(corpus.Missing)
	}
	data, err := os.ReadFile(filepath.Join(dir, "urltestdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []json.RawMessage
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, c := range cases {
		var tc struct {
			Input string  `json:"input"`
			Base  *string `json:"base"`
		}
		if json.Unmarshal(c, &tc) != nil {
			continue // a comment
		}
		inputs = append(inputs, tc.Input)
		if tc.Base != nil {
			inputs = append(inputs, *tc.Base)
		}
	}
	return inputs
}

// TestParseWPT parses every input and base of urltestdata.json alone:
// an input the URL Standard reads as having a scheme gives the browser's
// href as String (or the URL Standard's error), and any other input is
// net/url's reference, field for field.
func TestParseWPT(t *testing.T) {
	for _, in := range wptInputs(t) {
		checkParse(t, in)
	}
}

// TestParseReferences: inputs with no scheme are net/url's, exactly.
func TestParseReferences(t *testing.T) {
	for _, in := range []string{
		"", "page.html", "/a/b?c#d", "//host/p", "//user:pw@host:8080/p?q", "?q", "#f",
		"/a b", "../x", "./this:that", "/%zz", "1http://x", " http://x", ":foo", "//[::1%25en0]/",
		"\\\\server\\share", "/a\nb",
	} {
		checkParse(t, in)
	}
}

// checkParse checks one input as TestParseWPT says.
func checkParse(t *testing.T, in string) {
	t.Helper()
	got, err := url.Parse(in)
	wu, werr := weburl.Parse(in)
	if errors.Is(werr, weburl.MissingSchemeNonRelativeURL) {
		// No scheme: a reference, which net/url keeps.
		want, wantErr := neturl.Parse(in)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, wantErr) {
			t.Errorf("Parse(%q) = %v, %v; net/url gives %v, %v", in, got, err, want, wantErr)
		}
		return
	}
	switch {
	case werr != nil && err == nil:
		t.Errorf("Parse(%q) = %q, want the URL Standard's error %v", in, got, werr)
	case werr != nil:
		var ue *url.Error
		if !errors.As(err, &ue) || ue.Op != "parse" || ue.URL != in {
			t.Errorf("Parse(%q): error %#v, want an *Error with Op parse and the input", in, err)
		}
		var we *weburl.Error
		if errors.As(werr, &we) && ue != nil && (ue.Err == nil || ue.Err.Error() != we.Err.Error()) {
			t.Errorf("Parse(%q): error %v does not wrap the URL Standard's %v", in, err, we.Err)
		}
	case err != nil:
		t.Errorf("Parse(%q): %v, want %q", in, err, wu.Href())
	case !isHref(got, wu):
		t.Errorf("Parse(%q) = %#v, String %q, want the href %q", in, *got, got, wu.Href())
	}
}

// isHref reports whether got is wu in net/url's struct as this package
// gives it: String() is the href but for the fragment, which is in
// Fragment alone (decoded), dropped when empty, escaped as net/url
// escapes it.
func isHref(got *url.URL, wu *weburl.URL) bool {
	frag, ok := wu.Fragment()
	noFrag := *got
	noFrag.Fragment, noFrag.RawFragment = "", ""
	if noFrag.String() != wu.HrefWithoutFragment() || got.Fragment != weburl.PercentDecodeString(frag) {
		return false
	}
	// Where net/url writes the fragment as the href has it, String() is
	// the href itself.
	return got.String() == wu.Href() || !ok || frag == "" || got.EscapedFragment() != frag
}

// TestParseErrors: the error of an input a browser refuses is an *Error
// that errors.Is matches against the URL Standard's reason.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		kind weburl.ErrorKind
	}{
		{"http://example.com:99999/", weburl.PortOutOfRange},
		{"http://[::1/", weburl.IPv6Unclosed},
		{"foo://a<b/", weburl.HostInvalidCodePoint},
		{"https://", weburl.HostMissing},
		{"http://[fe80::1%25en0]/", weburl.IPv6InvalidCodePoint},
	} {
		t.Run(c.in, func(t *testing.T) {
			_, err := url.Parse(c.in)
			if !errors.Is(err, c.kind) {
				t.Fatalf("Parse(%q) = %v, want %v", c.in, err, c.kind)
			}
			want := `parse "` + c.in + `": ` + c.kind.String()
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("message %q, want it to start with %q", err.Error(), want)
			}
		})
	}
}

// TestParseRequestURI: absolute-form by the URL Standard with '#' as
// data, origin-form and "*" as net/url reads them, anything else an
// error as in net/url.
func TestParseRequestURI(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://Example.com:80/a/../b#c", "http://example.com/b%23c"},
		{"/a/../b?q#f", "/a/../b?q#f"},
		{"*", "*"},
		{"//x/y", "//x/y"},
	} {
		t.Run(c.in, func(t *testing.T) {
			u, err := url.ParseRequestURI(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if u.String() != c.want {
				if nu, _ := neturl.ParseRequestURI(c.in); c.in[0] != '/' && c.in != "*" || !reflect.DeepEqual(u, nu) {
					t.Errorf("ParseRequestURI(%q) = %q, want %q", c.in, u, c.want)
				}
			}
		})
	}
	for _, in := range []string{"", "a/b", "http://[::1/", "http://x/\x00"} {
		if u, err := url.ParseRequestURI(in); err == nil {
			t.Errorf("ParseRequestURI(%q) = %q, want an error", in, u)
		}
	}
}

// TestResolve: the browser's resolution, where net/url's method gives
// RFC 3986's.
func TestResolve(t *testing.T) {
	base, err := url.Parse("https://example.com/a/b?q")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ ref, want string }{
		{"../../../x", "https://example.com/x"},
		{"\\\\evil.example\\x", "https://evil.example/x"},
		{"//other.example", "https://other.example/"},
		{"?z", "https://example.com/a/b?z"},
		{"HTTP://EX.com:80", "http://ex.com/"},
		{" c\td ", "https://example.com/a/cd"},
	} {
		t.Run(c.ref, func(t *testing.T) {
			u, err := url.Resolve(base, c.ref)
			if err != nil || u.String() != c.want {
				t.Errorf("Resolve(%q, %q) = %v, %v; want %q", base, c.ref, u, err, c.want)
			}
		})
	}
	for _, c := range []struct {
		base *url.URL
		ref  string
		op   string
	}{
		{nil, "x", "parse base"},
		{&url.URL{Path: "/rel"}, "x", "parse base"},
		{base, "https://[::1", "parse"},
	} {
		_, err := url.Resolve(c.base, c.ref)
		var ue *url.Error
		if !errors.As(err, &ue) || ue.Op != c.op {
			t.Errorf("Resolve(%v, %q) = %v, want an *Error with Op %q", c.base, c.ref, err, c.op)
		}
	}
}

// TestJoinPath: the base read as a browser reads it, the join net/url's.
func TestJoinPath(t *testing.T) {
	for _, c := range []struct {
		base string
		elem []string
		want string
	}{
		{"https://EXAMPLE.com", []string{"a", "b/"}, "https://example.com/a/b/"},
		{"https://example.com/x/y/", []string{"../z"}, "https://example.com/x/z"},
		{"https://example.com/x", []string{"../../z"}, "https://example.com/z"},
		{"a", []string{"b"}, "a/b"},
	} {
		got, err := url.JoinPath(c.base, c.elem...)
		if err != nil || got != c.want {
			t.Errorf("JoinPath(%q, %q) = %q, %v; want %q", c.base, c.elem, got, err, c.want)
		}
	}
	if _, err := url.JoinPath("https://[::1"); err == nil {
		t.Error("JoinPath of a base a browser refuses: no error")
	}
}

// TestLinearTime parses each shape at 64 KiB and at 1 MiB: the larger
// may take at most 4*16 times as long (quadratic would be 256 times).
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for _, g := range []struct {
		name  string
		build func(n int) string
	}{
		{"long-path", func(n int) string { return "http://example.com/" + strings.Repeat("a/", n/2) }},
		{"dot-segments", func(n int) string { return "http://example.com/" + strings.Repeat("../", n/3) }},
		{"percent", func(n int) string { return "http://example.com/" + strings.Repeat("%", n) }},
		{"long-host", func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "com/" }},
		{"scheme-then-colons", func(n int) string { return "a" + strings.Repeat(":", n) }},
		{"long-scheme", func(n int) string { return strings.Repeat("a", n) + ":" }},
		{"long-scheme-no-colon", func(n int) string { return strings.Repeat("a", n) }},
		{"reference", func(n int) string { return "/" + strings.Repeat("a%20", n/4) }},
		{"leading-spaces", func(n int) string { return strings.Repeat(" ", n) + "http://x/" }},
		{"tabs-in-scheme", func(n int) string { return "h" + strings.Repeat("\t", n) + "ttp://x/" }},
	} {
		t.Run(g.name, func(t *testing.T) {
			small, large := g.build(64<<10), g.build(1<<20)
			cputime.CheckLinear(t, 16, func() { url.Parse(small) }, func() { url.Parse(large) })
		})
	}
}

// FuzzParse holds Parse to its rule on any input: the href of the URL
// Standard for an input with a scheme, net/url's reference otherwise,
// and never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"https://example.com/a?b#c", "/a", "//h/p", "mailto:x", "a:b", " \tH\nTTP://x", "?q", "http://[::1]:80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkParse(t, in)
		url.ParseRequestURI(in)
		if base, err := url.Parse("https://example.com/a/b"); err == nil {
			u, err := url.Resolve(base, in)
			if w, werr := weburl.Parse(in, "https://example.com/a/b"); (err == nil) != (werr == nil) || err == nil && !isHref(u, w) {
				t.Errorf("Resolve(base, %q) = %v, %v; the URL Standard gives %v, %v", in, u, err, w, werr)
			}
		}
	})
}
