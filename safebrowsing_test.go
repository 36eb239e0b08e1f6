package url

import (
	"errors"
	"strings"
	"testing"
)

// safeBrowsingPageExamples are the examples of the Canonicalization
// section of https://developers.google.com/safe-browsing/v4/urls-hashing,
// every one, in the page's order.
var safeBrowsingPageExamples = []struct{ in, want string }{
	{"http://host/%25%32%35", "http://host/%25"},
	{"http://host/%25%32%35%25%32%35", "http://host/%25%25"},
	{"http://host/%2525252525252525", "http://host/%25"},
	{"http://host/asdf%25%32%35asd", "http://host/asdf%25asd"},
	{"http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"},
	{"http://www.google.com/", "http://www.google.com/"},
	{"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", "http://168.188.99.26/.secure/www.ebay.com/"},
	{"http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/"},
	{"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+"},
	{"http://3279880203/blah", "http://195.127.0.11/blah"},
	{"http://www.google.com/blah/..", "http://www.google.com/"},
	{"www.google.com/", "http://www.google.com/"},
	{"www.google.com", "http://www.google.com/"},
	{"http://www.evil.com/blah#frag", "http://www.evil.com/blah"},
	{"http://www.GOOgle.com/", "http://www.google.com/"},
	{"http://www.google.com.../", "http://www.google.com/"},
	{"http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"},
	{"http://www.google.com/q?", "http://www.google.com/q?"},
	{"http://www.google.com/q?r?", "http://www.google.com/q?r?"},
	{"http://www.google.com/q?r?s", "http://www.google.com/q?r?s"},
	{"http://evil.com/foo#bar#baz", "http://evil.com/foo"},
	{"http://evil.com/foo;", "http://evil.com/foo;"},
	{"http://evil.com/foo?bar;", "http://evil.com/foo?bar;"},
	{"http://\x01\x80.com/", "http://%01%80.com/"},
	{"http://notrailingslash.com", "http://notrailingslash.com/"},
	{"http://www.gotaport.com:1234/", "http://www.gotaport.com/"},
	{"  http://www.google.com/  ", "http://www.google.com/"},
	{"http:// leadingspace.com/", "http://%20leadingspace.com/"},
	{"http://%20leadingspace.com/", "http://%20leadingspace.com/"},
	{"%20leadingspace.com/", "http://%20leadingspace.com/"},
	{"https://www.securesite.com/", "https://www.securesite.com/"},
	{"http://host.com/ab%23cd", "http://host.com/ab%23cd"},
	{"http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"},
}

func TestSafeBrowsingPageExamples(t *testing.T) {
	pass := 0
	for _, tc := range safeBrowsingPageExamples {
		t.Run(tc.in, func(t *testing.T) {
			got, err := SafeBrowsing.Canonicalize(tc.in)
			if err != nil || got != tc.want {
				t.Fatalf("SafeBrowsing.Canonicalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			pass++
		})
	}
	t.Logf("%d of the page's %d examples pass", pass, len(safeBrowsingPageExamples))
}

// TestSafeBrowsingRules covers each rule of the page beyond its
// examples: the host (IPv4 forms, IDN, userinfo, IPv6 literal), the path
// (dot segments, slashes), what stays unescaped, and the errors.
func TestSafeBrowsingRules(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// IPv4 in every legal form, normalized to dotted decimal.
		{"http://0x12.0x43.0x44.0x01/", "http://18.67.68.1/"},
		{"http://012.034.01.055/", "http://10.28.1.45/"},
		{"http://12.0x12.01234/", "http://12.18.2.156/"},
		{"http://167838211/", "http://10.1.2.3/"},
		{"http://10.1.515/", "http://10.1.2.3/"},
		{"http://4294967295/", "http://255.255.255.255/"},
		{"http://0X7F.1/", "http://127.0.0.1/"},
		{"http://..1...2.3.4../", "http://1.2.3.4/"},
		// Not an IPv4 address: kept as a name.
		{"http://1.2.3.4.5/", "http://1.2.3.4.5/"},
		{"http://4294967296/", "http://4294967296/"},
		{"http://1.2.3.00x0/", "http://1.2.3.00x0/"},
		{"http://256.1.1.1/", "http://256.1.1.1/"},
		// Userinfo and port go; "host:port" without a scheme is a host.
		{"http://user:pass@Example.com:8080/a", "http://example.com/a"},
		{"http://a@b@host/", "http://host/"},
		{"www.google.com:80/x", "http://www.google.com/x"},
		{"www.google.com:80", "http://www.google.com/"},
		{"http://host:junk/", "http://host/"},
		// Internationalized hosts become Punycode.
		{"http://www.\xC3\xBCmlat.com/", "http://www.xn--mlat-zra.com/"},
		{"http://www.%C3%BCmlat.com/", "http://www.xn--mlat-zra.com/"},
		{"http://B\xC3\xBCcher.DE/", "http://xn--bcher-kva.de/"},
		// IDNA maps "＠" to "@": the name keeps its escaped bytes.
		{"http://a\xEF\xBC\xA0b.com/", "http://a%EF%BC%A0b.com/"},
		// IPv6 literals are kept, lowercased.
		{"http://[2001:470:1:18::114]/", "http://[2001:470:1:18::114]/"},
		{"http://[FEDC:BA98::3210]:80/x", "http://[fedc:ba98::3210]/x"},
		// A "[" that trimming dots exposes is read as a literal's start.
		{"http://.[x]y/", "http://[x]/"},
		{"4294967296@%2E[]\xE3\x80\x82", "http://[]/"},
		// Schemes.
		{"HTTP://Example.COM/Path", "http://example.com/Path"},
		{"ftp://ftp.myfiles.com/", "ftp://ftp.myfiles.com/"},
		{"http%3A%2F%2Fwackyurl.com:80/", "http://wackyurl.com/"},
		{"http:host.com/a", "http://host.com/a"},
		{"http:////host.com/a", "http://host.com/a"},
		{"custom://host/a", "custom://host/a"},
		{"//host.com/a", "http://host.com/a"},
		// Hosts keep what they have, lowercased and escaped.
		{"http://W!eird<>Ho$^.com/", "http://w!eird<>ho$^.com/"},
		{"http://some%1bhost.com/%1b", "http://some%1Bhost.com/%1B"},
		{"http://i.have.way.too.many.dots.com/", "http://i.have.way.too.many.dots.com/"},
		// Path: dot segments and runs of slashes; the query is left alone.
		{"http://a.com/foo/.././bar/./../foo.html", "http://a.com/foo.html"},
		{"http://a.com//a//b///c////", "http://a.com/a/b/c/"},
		{"http://a.com/a/b/.", "http://a.com/a/b/"},
		{"http://a.com/../../a", "http://a.com/a"},
		{"http://a.com/a/%2e%2E/b", "http://a.com/b"},
		{"http://a.com/a%2fb", "http://a.com/a/b"},
		{"http://a.com/p?q=/../x//y#f", "http://a.com/p?q=/../x//y"},
		{"http://a.com?q", "http://a.com/?q"},
		// Escapes of tab and newline are decoded, then escaped again.
		{"http://a.com/%09%0a", "http://a.com/%09%0A"},
		{"http://a.com/%4\t1", "http://a.com/A"},
		{"http://a.com/\xC3\xA9 x", "http://a.com/%C3%A9%20x"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := SafeBrowsing.Canonicalize(tc.in)
			if err != nil || got != tc.want {
				t.Fatalf("SafeBrowsing.Canonicalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

// TestSafeBrowsingNoHost: inputs with no host fail with HostMissing.
func TestSafeBrowsingNoHost(t *testing.T) {
	for _, in := range []string{
		"", "  ", ":", "/", "#ref", "?query#ref", "http://#ref", "http:///", "http://?q",
		"http://.../", "http://user@/", "http://:80/", "mailto:bryner@google.com",
		"custom:/path", "custom:///path",
	} {
		t.Run(in, func(t *testing.T) {
			got, err := SafeBrowsing.Canonicalize(in)
			if !errors.Is(err, HostMissing) {
				t.Fatalf("SafeBrowsing.Canonicalize(%q) = %q, %v; want a HostMissing error", in, got, err)
			}
			var e *Error
			if !errors.As(err, &e) || e.Op != "canonicalize" || e.Input != in {
				t.Fatalf("error %#v, want *Error with Op canonicalize and the input", err)
			}
		})
	}
}

func TestSafeBrowsingOptionsRefused(t *testing.T) {
	c := SafeBrowsing
	c.StripWWW = true
	if _, err := c.Canonicalize("http://www.example.com/"); !errors.Is(err, ErrCanonicalizerOptions) {
		t.Fatalf("err = %v, want ErrCanonicalizerOptions", err)
	}
	if got, err := SafeBrowsing.Canonicalize("http://www.example.com/"); err != nil || got != "http://www.example.com/" {
		t.Fatalf("the profile itself changed: %q, %v", got, err)
	}
}

// TestUnescapeRepeatedly checks the one-pass unescaping against repeated
// whole-string passes, the page's definition.
func TestUnescapeRepeatedly(t *testing.T) {
	passes := func(s string) string {
		for {
			t := PercentDecodeString(s)
			if t == s {
				return s
			}
			s = t
		}
	}
	for _, s := range []string{
		"", "%", "%%", "%2", "%25", "%2525", "%252525252", "%%%25%32%35asd%%", "%4%31",
		"%%341", "%2%35%35", "%25%34%31%25", "a%2%3541", "%%%%41%41", "%25%25%32%35%34%31",
	} {
		if got, want := unescapeRepeatedly(s), passes(s); got != want {
			t.Errorf("unescapeRepeatedly(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestSafeBrowsingLinear: a deeply nested escape is undone in one pass;
// repeated whole-string passes would be quadratic.
func TestSafeBrowsingLinear(t *testing.T) {
	in := "http://host/%" + strings.Repeat("25", 1<<20)
	got, err := SafeBrowsing.Canonicalize(in)
	if err != nil || got != "http://host/%25" {
		t.Fatalf("got %.40q, %v", got, err)
	}
}
