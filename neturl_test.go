package url

import (
	"encoding/json"
	"errors"
	neturl "net/url"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestNetURLRoundTripWPT checks, for every input of WPT's
// urltestdata.json that parses, that NetURL().String() is the href and
// that FromNetURL gives the same URL back.
func TestNetURLRoundTripWPT(t *testing.T) {
	var raw []json.RawMessage
	loadJSON(t, filepath.Join(wptDir(t), "urltestdata.json"), &raw)
	parsed, natural := 0, 0
	for _, r := range objects(t, raw) {
		var tc urlTestCase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("urltestdata.json: %v in %s", err, r)
		}
		u, err := parseCase(tc.Input, tc.Base)
		if err != nil {
			continue
		}
		parsed++
		n := u.NetURL()
		if got := n.String(); got != u.Href() {
			t.Errorf("%s: NetURL().String() = %q, want %q (%#v)", caseName(tc.Input, tc.Base), got, u.Href(), n)
			continue
		}
		if n.Opaque == "" || u.HasOpaquePath() {
			natural++
		}
		back, err := FromNetURL(n)
		if err != nil || back.Href() != u.Href() {
			t.Errorf("%s: FromNetURL(NetURL()) = %v, %v; want %q", caseName(tc.Input, tc.Base), back, err, u.Href())
		}
	}
	if parsed == 0 {
		t.Fatal("no URL of urltestdata.json parsed")
	}
	t.Logf("NetURL round trip: %d of %d parsed URLs; %d without the Opaque escape hatch", parsed, parsed, natural)
}

// netFields is the part of a *neturl.URL a test names, with User as its
// String form.
type netFields struct {
	Scheme, Opaque, User, Host, Path, RawPath string
	RawQuery, Fragment, RawFragment           string
	ForceQuery, OmitHost                      bool
}

func fieldsOf(n *neturl.URL) netFields {
	f := netFields{
		Scheme: n.Scheme, Opaque: n.Opaque, Host: n.Host, Path: n.Path, RawPath: n.RawPath,
		RawQuery: n.RawQuery, Fragment: n.Fragment, RawFragment: n.RawFragment,
		ForceQuery: n.ForceQuery, OmitHost: n.OmitHost,
	}
	if n.User != nil {
		f.User = n.User.String()
		if _, ok := n.User.Password(); !ok {
			f.User += " (no password)"
		}
	}
	return f
}

func TestNetURLFields(t *testing.T) {
	tests := []struct {
		in   string
		want netFields
	}{
		// Hosted URL: every field as net/url's Parse gives it.
		{"https://u:p@example.com:8080/a/b?q=1#f", netFields{Scheme: "https", User: "u:p", Host: "example.com:8080", Path: "/a/b", RawQuery: "q=1", Fragment: "f"}},
		// Username without password: User(name), not UserPassword.
		{"https://u@example.com/", netFields{Scheme: "https", User: "u (no password)", Host: "example.com", Path: "/"}},
		// Encoded credentials are decoded into Userinfo, which re-encodes them.
		{"https://a%20b:c%40d@h/", netFields{Scheme: "https", User: "a%20b:c%40d", Host: "h", Path: "/"}},
		// IPv6 host: Host keeps the brackets, as net/url wants.
		{"http://[::1]:81/", netFields{Scheme: "http", Host: "[::1]:81", Path: "/"}},
		// Encoded slash: Path decoded, RawPath keeps the encoding.
		{"https://h/a%2Fb", netFields{Scheme: "https", Host: "h", Path: "/a/b", RawPath: "/a%2Fb"}},
		// Encoding net/url would write the same way: no RawPath.
		{"https://h/a%20b", netFields{Scheme: "https", Host: "h", Path: "/a b"}},
		// Opaque path: Opaque, not Path.
		{"mailto:a@example.com?subject=hi", netFields{Scheme: "mailto", Opaque: "a@example.com", RawQuery: "subject=hi"}},
		// Null host, path only: OmitHost, so String writes no "//".
		{"sc:/p", netFields{Scheme: "sc", Path: "/p", OmitHost: true}},
		// Null host, path starting "//": the "/." prefix stays in Path.
		{"sc:/.//p", netFields{Scheme: "sc", Path: "/.//p", OmitHost: true}},
		// Empty host of a file URL: "//" comes from the path.
		{"file:///etc/hosts", netFields{Scheme: "file", Path: "/etc/hosts"}},
		// Empty, non-null query: ForceQuery.
		{"https://h/?", netFields{Scheme: "https", Host: "h", Path: "/", ForceQuery: true}},
		// Fragment net/url would escape differently: RawFragment keeps it.
		{"https://h/#a%20b!", netFields{Scheme: "https", Host: "h", Path: "/", Fragment: "a b!"}},
		// Empty host and empty path: beyond net/url's fields, so Opaque.
		{"sc://", netFields{Scheme: "sc", Opaque: "//"}},
		// Opaque host net/url would escape: Opaque, with Host still set.
		{"sc://a{b/", netFields{Scheme: "sc", Opaque: "//a{b/", Host: "a{b", Path: "/"}},
		// Empty fragment, no query: appended to Opaque.
		{"https://h/p#", netFields{Scheme: "https", Opaque: "//h/p#", Host: "h", Path: "/p"}},
		// Fragment holding '#', with a query: appended to RawQuery.
		{"https://h/p?q#a#b", netFields{Scheme: "https", Host: "h", Path: "/p", RawQuery: "q#a#b"}},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		n := u.NetURL()
		if got := fieldsOf(n); got != tt.want {
			t.Errorf("NetURL(%q) =\n\t%+v, want\n\t%+v", tt.in, got, tt.want)
		}
		if n.String() != u.Href() {
			t.Errorf("NetURL(%q).String() = %q, want %q", tt.in, n.String(), u.Href())
		}
	}
	// The zero URL gives the zero net/url URL.
	var zero URL
	if n := zero.NetURL(); *n != (neturl.URL{}) {
		t.Errorf("zero URL: NetURL() = %#v, want zero", n)
	}
	// NetURL returns a fresh value each time.
	u := MustParse("https://h/")
	a, b := u.NetURL(), u.NetURL()
	a.Path = "/changed"
	if b.Path != "/" || u.Href() != "https://h/" {
		t.Errorf("NetURL results share state: b.Path = %q, href %q", b.Path, u.Href())
	}
}

func TestFromNetURL(t *testing.T) {
	tests := []struct {
		in      *neturl.URL
		want    string
		wantErr ErrorKind // 0: success
	}{
		// A plain absolute URL is kept.
		{&neturl.URL{Scheme: "https", Host: "example.com", Path: "/a b"}, "https://example.com/a%20b", 0},
		// The URL is normalized as a browser would: host case, default port, dot segments.
		{&neturl.URL{Scheme: "HTTP", Host: "EXAMPLE.com:80", Path: "/a/../b"}, "http://example.com/b", 0},
		// Opaque URLs.
		{&neturl.URL{Scheme: "mailto", Opaque: "a@example.com"}, "mailto:a@example.com", 0},
		// A relative net/url URL has no scheme: missing-scheme-non-relative-URL.
		{&neturl.URL{Path: "/a"}, "", MissingSchemeNonRelativeURL},
		// nil is the empty string, which does not parse.
		{nil, "", MissingSchemeNonRelativeURL},
		// net/url allows a port out of range; the URL Standard does not.
		{&neturl.URL{Scheme: "http", Host: "h:99999"}, "", PortOutOfRange},
	}
	for _, tt := range tests {
		u, err := FromNetURL(tt.in)
		if tt.wantErr != 0 {
			var e *Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &e) {
				t.Errorf("FromNetURL(%v) = %v, %v; want *Error wrapping %v", tt.in, u, err, tt.wantErr)
			}
			continue
		}
		if err != nil || u.Href() != tt.want {
			t.Errorf("FromNetURL(%v) = %v, %v; want %q", tt.in, u, err, tt.want)
		}
	}
}

func TestNetURLMethods(t *testing.T) {
	tests := []struct {
		in                                    string
		escapedPath, escapedFragment, request string
		redacted                              string
	}{
		// Hosted URL with query and fragment: the fragment is never in RequestURI.
		{"https://u:pw@h/a%20b?q=1#f%20g", "/a%20b", "f%20g", "/a%20b?q=1", "https://u:xxxxx@h/a%20b?q=1#f%20g"},
		// Empty path of a non-special URL: RequestURI is "/".
		{"sc://h?x", "", "", "/?x", "sc://h?x"},
		// Empty query is kept in RequestURI, as net/url does with ForceQuery.
		{"https://h/p?#", "/p", "", "/p?", "https://h/p?#"},
		// Opaque path: EscapedPath and RequestURI are the opaque path.
		{"mailto:a@b?s=1", "a@b", "", "a@b?s=1", "mailto:a@b?s=1"},
		// Username only: nothing to redact.
		{"https://u@h/", "/", "", "/", "https://u@h/"},
		// Password only: redacted, the empty username kept.
		{"https://:secret@h/", "/", "", "/", "https://:xxxxx@h/"},
		// Null host with "/." prefix: the path is "//p".
		{"sc:/.//p", "//p", "", "//p", "sc:/.//p"},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		if got := u.EscapedPath(); got != tt.escapedPath {
			t.Errorf("%q: EscapedPath() = %q, want %q", tt.in, got, tt.escapedPath)
		}
		if got := u.EscapedFragment(); got != tt.escapedFragment {
			t.Errorf("%q: EscapedFragment() = %q, want %q", tt.in, got, tt.escapedFragment)
		}
		if got := u.RequestURI(); got != tt.request {
			t.Errorf("%q: RequestURI() = %q, want %q", tt.in, got, tt.request)
		}
		if got := u.Redacted(); got != tt.redacted {
			t.Errorf("%q: Redacted() = %q, want %q", tt.in, got, tt.redacted)
		}
		if !u.IsAbs() {
			t.Errorf("%q: IsAbs() = false for a parsed URL", tt.in)
		}
	}
	var zero URL
	if zero.IsAbs() || zero.Redacted() != "" || zero.RequestURI() != "/" {
		t.Errorf("zero URL: IsAbs %v, Redacted %q, RequestURI %q", zero.IsAbs(), zero.Redacted(), zero.RequestURI())
	}
}

// TestRedactedMatchesNetURL: for URLs both packages serialize alike,
// Redacted agrees with net/url's.
func TestRedactedMatchesNetURL(t *testing.T) {
	for _, in := range []string{
		"https://user:pass@example.com/a?b#c", // user and password
		"https://user@example.com/",           // no password
		"ftp://:p@h/",                         // empty username
		"https://a%20b:c%2Fd@h/",              // encoded credentials
	} {
		n, err := neturl.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := MustParse(in).Redacted(), n.Redacted(); got != want {
			t.Errorf("Redacted(%q) = %q, net/url gives %q", in, got, want)
		}
	}
}

func TestQuery(t *testing.T) {
	tests := []struct {
		in   string
		want Values
	}{
		// No query, or an empty one: no values.
		{"https://h/", Values{}},
		{"https://h/?", Values{}},
		// Repeated names keep the order of their values.
		{"https://h/?a=1&b=2&a=3", Values{"a": {"1", "3"}, "b": {"2"}}},
		// ';' is an ordinary character (net/url drops the pair).
		{"https://h/?a=1;b=2", Values{"a": {"1;b=2"}}},
		// '+' is a space; %2B is a plus.
		{"https://h/?a=b+c%2Bd", Values{"a": {"b c+d"}}},
		// A '%' without two hex digits stays (net/url drops the pair).
		{"https://h/?a=%zz&b=%", Values{"a": {"%zz"}, "b": {"%"}}},
		// No '=': the value is empty; empty sequences are skipped.
		{"https://h/?a&&=b", Values{"a": {""}, "": {"b"}}},
		// Only the first '=' splits.
		{"https://h/?a==b=", Values{"a": {"=b="}}},
		// Bytes that are not UTF-8 become U+FFFD, one per maximal subpart.
		{"https://h/?a=%E2%82%41&b=%FF%FE", Values{"a": {"\uFFFDA"}, "b": {"\uFFFD\uFFFD"}}},
		// The fragment is not part of the query.
		{"https://h/?a=1#b=2", Values{"a": {"1"}}},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		got := u.Query()
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Query(%q) = %v, want %v", tt.in, got, tt.want)
		}
		got.Set("changed-key", "changed-value")
		if strings.Contains(u.Href(), "changed") {
			t.Errorf("Query(%q): changing the result changed the URL", tt.in)
		}
	}
}

// TestQueryUTF8Decode: Query decodes names and values with UTF-8 decode
// without BOM, one U+FFFD per maximal ill-formed subpart, as browsers do.
func TestQueryUTF8Decode(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"abc", "abc"},                         // valid ASCII is returned as it is
		{"\xE2\x82\xAC", "\u20AC"},             // valid multi-byte
		{"\xE2\x82", "\uFFFD"},                 // truncated 3-byte sequence: one U+FFFD
		{"\xE2\x82x", "\uFFFDx"},               // truncated, then ASCII
		{"\xF0\x80\x80", "\uFFFD\uFFFD\uFFFD"}, // F0 needs 90..BF next: three subparts
		{"\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD"}, // surrogate: ED needs 80..9F next
		{"\xF4\x90", "\uFFFD\uFFFD"},           // above U+10FFFF
		{"\xC0\xAF", "\uFFFD\uFFFD"},           // overlong lead byte
		{"\xF0\x9F\x98", "\uFFFD"},             // truncated 4-byte sequence
		{"\x80", "\uFFFD"},                     // lone continuation byte
	}
	for _, tt := range tests {
		if got := ParseForm(tt.in); len(got) != 1 || got[0].Name != tt.want {
			t.Errorf("ParseForm(%q) = %q, want the name %q", tt.in, got, tt.want)
		}
	}
}

func TestJoinPath(t *testing.T) {
	tests := []struct {
		base string
		elem []string
		want string
	}{
		// Plain segments are appended; the base's trailing slash is not doubled.
		{"https://h/a/", []string{"b", "c"}, "https://h/a/b/c"},
		// The base's last segment is kept (unlike relative resolution).
		{"https://h/a/b", []string{"c"}, "https://h/a/b/c"},
		// '/' inside an element separates segments; empty ones are dropped.
		{"https://h/a", []string{"b//c/"}, "https://h/a/b/c/"},
		// A trailing '/' on the last element is kept.
		{"https://h/a", []string{"b/"}, "https://h/a/b/"},
		// ".." cannot climb above the base path.
		{"https://h/api/v1", []string{".."}, "https://h/api/v1"},
		{"https://h/api/v1", []string{"../.."}, "https://h/api/v1"},
		{"https://h/api/v1", []string{"..", "..", "x"}, "https://h/api/v1/x"},
		// ".." removes only a segment added by the same call.
		{"https://h/api/v1", []string{"a/../../b"}, "https://h/api/v1/b"},
		// Percent-encoded dot segments are dot segments to the parser, so
		// they are resolved the same way.
		{"https://h/api/v1", []string{"%2e%2e"}, "https://h/api/v1"},
		{"https://h/api/v1", []string{".%2E", "%2e.", "x"}, "https://h/api/v1/x"},
		{"https://h/api/v1", []string{"%2e", "x"}, "https://h/api/v1/x"},
		// An encoded slash or backslash is escaped again: no single decoding
		// of the path turns it into a separator.
		{"https://h/api/v1", []string{"..%2F..%2Fetc"}, "https://h/api/v1/..%252F..%252Fetc"},
		{"https://h/api/v1", []string{"..%2f", "%5c..%5C"}, "https://h/api/v1/..%252f/%255c..%255C"},
		// '\' is encoded: special URLs would read it as '/'.
		{"https://h/api/v1", []string{"..\\..\\x"}, "https://h/api/v1/..%5C..%5Cx"},
		// '?' and '#' are encoded, not read as query or fragment.
		{"https://h/a", []string{"b?c=d#e"}, "https://h/a/b%3Fc=d%23e"},
		// Spaces, controls and non-ASCII are encoded; tabs are not stripped.
		{"https://h/a", []string{"b c\t\u00e9"}, "https://h/a/b%20c%09%C3%A9"},
		// Other escapes are kept, so PathEscape'd elements work.
		{"https://h/a", []string{"b%20c", "%zz"}, "https://h/a/b%20c/%zz"},
		// Segments the parser does not read as dot segments stay segments.
		{"https://h/a", []string{"...", ".%09.", ".\t."}, "https://h/a/.../.%09./.%09."},
		// Query and fragment of the base are kept.
		{"https://h/a?q=1#f", []string{"b"}, "https://h/a/b?q=1#f"},
		// Empty base path of a non-special URL.
		{"sc://h", []string{"b"}, "sc://h/b"},
		// Nothing added: the base path is kept as it is.
		{"sc://h", []string{".."}, "sc://h"},
		{"https://h/a/", []string{"."}, "https://h/a/"},
		// A trailing '/' when nothing is added and the path lacks one.
		{"https://h/a", []string{"./"}, "https://h/a/"},
		// Null host, "/."-prefixed path: the prefix stays.
		{"sc:/.//p", []string{"q"}, "sc:/.//p/q"},
		// Opaque path: no segments to join to, the URL is unchanged.
		{"mailto:a@b", []string{"c"}, "mailto:a@b"},
		// No elements: unchanged.
		{"https://h/a/./b/", nil, "https://h/a/b/"},
	}
	for _, tt := range tests {
		base := MustParse(tt.base)
		got := base.JoinPath(tt.elem...)
		if got.Href() != tt.want {
			t.Errorf("JoinPath(%q, %q) = %q, want %q", tt.base, tt.elem, got.Href(), tt.want)
		}
		if err := got.checkInvariants(); err != nil {
			t.Errorf("JoinPath(%q, %q): %v", tt.base, tt.elem, err)
		}
		if base.Href() != MustParse(tt.base).Href() {
			t.Errorf("JoinPath changed its receiver to %q", base.Href())
		}
		s, err := JoinPath(tt.base, tt.elem...)
		if err != nil || s != tt.want {
			t.Errorf("package JoinPath(%q, %q) = %q, %v; want %q", tt.base, tt.elem, s, err, tt.want)
		}
	}
	if _, err := JoinPath("not a url", "x"); !errors.Is(err, MissingSchemeNonRelativeURL) {
		t.Errorf("JoinPath of an invalid base: err = %v, want missing-scheme-non-relative-URL", err)
	}
}

// FuzzJoinPath checks that JoinPath never leaves the base path, that
// every element's text lands in the path, encoded, and that no decoding
// of the added part yields a separator the caller did not write.
func FuzzJoinPath(f *testing.F) {
	for _, s := range []string{"..", "../..", "..%2F", "%2e%2e", "a/../../b", "\\", "?", "#", "a b", "%5c", "\t", "\xff"} {
		f.Add("https://h/base/", s)
		f.Add("sc://h/base", s)
		f.Add("file:///C:/base", s)
	}
	f.Fuzz(func(t *testing.T, base, elem string) {
		b, err := Parse(base)
		if err != nil || b.HasOpaquePath() {
			return
		}
		u := b.JoinPath(elem)
		if err := u.checkInvariants(); err != nil {
			t.Fatalf("JoinPath(%q, %q): %v", b.Href(), elem, err)
		}
		if q, f := b.href[b.pathEnd():], u.href[u.pathEnd():]; q != f {
			t.Fatalf("JoinPath(%q, %q) changed the query or fragment to %q", b.Href(), elem, f)
		}
		prefix := strings.TrimSuffix(b.Pathname(), "/")
		if !strings.HasPrefix(u.Pathname(), prefix) {
			t.Fatalf("JoinPath(%q, %q) = %q: left the base path %q", b.Href(), elem, u.Href(), prefix)
		}
		added := u.Pathname()[len(prefix):]
		// Decoded once, the added part has no more '/' and '\' than elem:
		// "%2F" and "%5C" in elem do not become separators.
		dec := PercentDecodeString(added)
		if got, max := strings.Count(dec, "/"), strings.Count(elem, "/")+1; got > max {
			t.Fatalf("JoinPath(%q, %q) added %q: %d '/' after decoding, elem has %d", b.Href(), elem, added, got, max-1)
		}
		if got, max := strings.Count(dec, "\\"), strings.Count(elem, "\\"); got > max {
			t.Fatalf("JoinPath(%q, %q) added %q: %d '\\' after decoding, elem has %d", b.Href(), elem, added, got, max)
		}
		for seg := range strings.SplitSeq(added, "/") {
			if isSingleDotSegment(seg) || isDoubleDotSegment(seg) {
				t.Fatalf("JoinPath(%q, %q) = %q: dot segment %q", b.Href(), elem, u.Href(), seg)
			}
		}
		if utf8.ValidString(elem) && !strings.ContainsAny(elem, "/%") && elem != "" && !isSingleDotSegment(elem) && !isDoubleDotSegment(elem) {
			// A plain segment decodes back to itself.
			if want := "/" + elem; dec != want && dec != want+"/" {
				t.Fatalf("JoinPath(%q, %q) added %q, which decodes to %q", b.Href(), elem, added, dec)
			}
		}
	})
}

// TestPackageLevelIsNetURL checks that the package-level names behave
// exactly as net/url's, errors included.
func TestPackageLevelIsNetURL(t *testing.T) {
	for _, s := range []string{"a b+c", "a%2Fb", "%zz", "é/?#&=;", "a=1;b=2&c=%"} {
		if got, want := QueryEscape(s), neturl.QueryEscape(s); got != want {
			t.Errorf("QueryEscape(%q) = %q, want %q", s, got, want)
		}
		if got, want := PathEscape(s), neturl.PathEscape(s); got != want {
			t.Errorf("PathEscape(%q) = %q, want %q", s, got, want)
		}
		g, gerr := QueryUnescape(s)
		w, werr := neturl.QueryUnescape(s)
		if g != w || !reflect.DeepEqual(gerr, werr) {
			t.Errorf("QueryUnescape(%q) = %q, %v; want %q, %v", s, g, gerr, w, werr)
		}
		g, gerr = PathUnescape(s)
		w, werr = neturl.PathUnescape(s)
		if g != w || !reflect.DeepEqual(gerr, werr) {
			t.Errorf("PathUnescape(%q) = %q, %v; want %q, %v", s, g, gerr, w, werr)
		}
		gv, gerr := ParseQuery(s)
		wv, werr := neturl.ParseQuery(s)
		if !reflect.DeepEqual(gv, wv) || (gerr == nil) != (werr == nil) {
			t.Errorf("ParseQuery(%q) = %v, %v; want %v, %v", s, gv, gerr, wv, werr)
		}
	}
	// An unescape error is net/url's EscapeError, under this package's name.
	var ee EscapeError
	if _, err := PathUnescape("%zz"); !errors.As(err, &ee) || ee != "%zz" {
		t.Errorf("PathUnescape(%%zz) error = %v, want EscapeError %%zz", err)
	}
	if got := UserPassword("a b", "c:d").String(); got != "a%20b:c%3Ad" {
		t.Errorf("UserPassword().String() = %q", got)
	}
	if _, ok := User("a").Password(); ok {
		t.Error("User(a) has a password")
	}
}

// FuzzNetURL checks that NetURL().String() is the href for any input
// that parses, not only WPT's.
func FuzzNetURL(f *testing.F) {
	for _, s := range []string{"https://u:p@h:1/a?b#c", "sc://a{b/%41#", "mailto:x#", "sc:/.//p?#", "file:///C|/x", "http://[::1]/a|b#{}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := Parse(in)
		if err != nil {
			return
		}
		if got := u.NetURL().String(); got != u.Href() {
			t.Fatalf("Parse(%q).NetURL().String() = %q, want %q (%#v)", in, got, u.Href(), u.NetURL())
		}
	})
}

func TestClone(t *testing.T) {
	for _, in := range []string{"https://u:p@h:1/a?b#c", "mailto:x", ""} {
		u := new(URL)
		if in != "" {
			u = MustParse(in)
		}
		c := u.Clone()
		if c == u || c.Href() != u.Href() || c.components != u.components {
			t.Errorf("Clone(%q) = %p %q, want a new URL equal to %p", in, c, c.Href(), u)
		}
		if err := c.checkInvariants(); err != nil {
			t.Errorf("Clone(%q): %v", in, err)
		}
	}
}

// TestCloneNil: net/url's Clone (Go 1.27) returns nil for a nil *URL,
// and Go 1.27's TestURLClone checks it; so does this one.
func TestCloneNil(t *testing.T) {
	var u *URL
	if c := u.Clone(); c != nil {
		t.Errorf("(*URL)(nil).Clone() = %v, want nil", c)
	}
}
