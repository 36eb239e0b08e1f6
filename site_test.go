package url

import "testing"

// TestPublicSuffixSpecExamples is the example table of URL Standard 3.2
// (https://url.spec.whatwg.org/#example-host-psl): host input, public
// suffix, registrable domain ("" for null).
func TestPublicSuffixSpecExamples(t *testing.T) {
	tests := []struct{ host, suffix, registrable string }{
		{"com", "com", ""},
		{"example.com", "com", "example.com"},
		{"www.example.com", "com", "example.com"},
		{"sub.www.example.com", "com", "example.com"},
		{"EXAMPLE.COM", "com", "example.com"},
		{"example.com.", "com.", "example.com."},
		{"github.io", "github.io", ""},
		{"whatwg.github.io", "github.io", "whatwg.github.io"},
		{"إختبار", "xn--kgbechtv", ""},
		{"example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.host, func(t *testing.T) {
			if got := PublicSuffixOf(tc.host); got != tc.suffix {
				t.Errorf("PublicSuffixOf = %q, want %q", got, tc.suffix)
			}
			if got := RegistrableDomainOf(tc.host); got != tc.registrable {
				t.Errorf("RegistrableDomainOf = %q, want %q", got, tc.registrable)
			}
			u, err := Parse("https://" + tc.host + "/")
			if err != nil {
				t.Fatal(err)
			}
			if got := u.PublicSuffix(); got != tc.suffix {
				t.Errorf("PublicSuffix = %q, want %q", got, tc.suffix)
			}
			if got := u.RegistrableDomain(); got != tc.registrable {
				t.Errorf("RegistrableDomain = %q, want %q", got, tc.registrable)
			}
		})
	}
}

func TestPublicSuffix(t *testing.T) {
	tests := []struct {
		input, suffix, registrable string
	}{
		{"https://www.example.co.uk/", "co.uk", "example.co.uk"},
		{"https://co.uk/", "co.uk", ""},
		{"https://a.b.example.co.uk./", "co.uk.", "example.co.uk."},
		{"https://localhost/", "localhost", ""},                           // no rule: the default rule "*"
		{"https://printer.internal/", "internal", "printer.internal"},     // no rule
		{"https://foo.blogspot.com/", "blogspot.com", "foo.blogspot.com"}, // private section
		{"https://www.ck/", "ck", "www.ck"},                               // exception rule !www.ck
		{"https://foo.ck/", "foo.ck", ""},                                 // wildcard rule *.ck
		{"https://a.foo.ck/", "foo.ck", "a.foo.ck"},
		{"https://xn--nxasmq6b.com/", "com", "xn--nxasmq6b.com"},
		{"https://βόλος.com/", "com", "xn--nxasmm1c.com"},
		{"https://127.0.0.1/", "", ""}, // IPv4: not a domain
		{"https://0x7f.1/", "", ""},    // IPv4 however spelled
		{"https://[::1]/", "", ""},     // IPv6
		{"sc://example.com/", "", ""},  // opaque host: not a domain
		{"file:///etc/hosts", "", ""},  // empty host
		{"file://host.example.com/x", "com", "example.com"},
		{"mailto:a@example.com", "", ""}, // null host
		// Empty labels are domain labels (URL Standard 3.1), and the
		// Public Suffix List algorithm counts them like any other.
		{"http://a..com/", "com", ".com"},
		{"http://./", ".", ""},
		{"blob:https://example.com/uuid", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			u, err := Parse(tc.input)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.PublicSuffix(); got != tc.suffix {
				t.Errorf("PublicSuffix = %q, want %q", got, tc.suffix)
			}
			if got := u.RegistrableDomain(); got != tc.registrable {
				t.Errorf("RegistrableDomain = %q, want %q", got, tc.registrable)
			}
		})
	}
	var zero URL
	if zero.PublicSuffix() != "" || zero.RegistrableDomain() != "" {
		t.Error("zero URL has a public suffix or registrable domain")
	}
}

func TestPublicSuffixOfInvalid(t *testing.T) {
	for _, host := range []string{
		"",
		"exa mple.com",   // forbidden code point
		"a/b.com",        // forbidden code point
		"example.com:80", // a port is not part of a host
		"[::1",           // unclosed
		"1.2.3.4.5",      // ends in a number but is no IPv4 address
		"127.0.0.1",      // IPv4
		"xn--a.com",      // bad Punycode is a domain-to-ASCII error only for non-ASCII input
	} {
		t.Run(host, func(t *testing.T) {
			got, gotR := PublicSuffixOf(host), RegistrableDomainOf(host)
			if host == "xn--a.com" {
				// An ASCII domain is never refused by domain to ASCII
				// when beStrict is false (see design.md), so this one
				// is a domain.
				if got != "com" || gotR != "xn--a.com" {
					t.Errorf("got %q, %q; want com, xn--a.com", got, gotR)
				}
				return
			}
			if got != "" || gotR != "" {
				t.Errorf("got %q, %q; want none", got, gotR)
			}
		})
	}
}

func TestSameOrigin(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"https://example.com/a", "https://example.com/b?x#y", true},
		{"https://example.com", "https://example.com:443/", true}, // default port
		{"https://EXAMPLE.com", "https://example.com", true},
		{"https://user:pw@example.com", "https://example.com", true}, // credentials are not part of the origin
		{"https://example.com", "http://example.com", false},
		{"https://example.com", "https://example.com:8443", false},
		{"https://example.com", "https://www.example.com", false},
		{"http://127.0.0.1", "http://0x7f.1", true}, // one address
		{"http://[::1]", "http://[0:0::1]:80", true},
		{"ws://example.com", "http://example.com", false},
		{"blob:https://example.com/uuid", "https://example.com", true},
		{"blob:https://example.com/uuid", "blob:https://example.com/other", true},
		{"blob:https://example.com/uuid", "https://other.example", false},
		{"blob:ftp://example.com/uuid", "ftp://example.com", false}, // only http(s) inside blob:
		{"blob:file:///x", "file:///x", false},
		{"blob:nonsense", "blob:nonsense", false},
		{"data:text/plain,hi", "data:text/plain,hi", false}, // opaque, never same
		{"file:///etc/passwd", "file:///etc/passwd", false},
		{"about:blank", "about:blank", false},
		{"sc://example.com", "sc://example.com", false},
		{"javascript:alert(1)", "javascript:alert(1)", false},
	}
	for _, tc := range tests {
		t.Run(tc.a+" vs "+tc.b, func(t *testing.T) {
			a, b := MustParse(tc.a), MustParse(tc.b)
			if got := SameOrigin(a, b); got != tc.want {
				t.Errorf("SameOrigin = %v, want %v", got, tc.want)
			}
			if got := SameOrigin(b, a); got != tc.want {
				t.Errorf("SameOrigin (swapped) = %v, want %v", got, tc.want)
			}
			// Two tuple origins are the same exactly when their
			// serializations are.
			if a.Origin() != "null" && b.Origin() != "null" && (a.Origin() == b.Origin()) != tc.want {
				t.Errorf("Origin() %q, %q disagrees with SameOrigin", a.Origin(), b.Origin())
			}
		})
	}
	u := MustParse("https://example.com")
	if SameOrigin(u, nil) || SameOrigin(nil, u) || SameOrigin(&URL{}, &URL{}) {
		t.Error("a nil or zero URL is same origin with something")
	}
}

func TestSameSite(t *testing.T) {
	tests := []struct {
		a, b                   string
		sameSite, schemelessly bool
	}{
		{"https://example.com", "https://example.com", true, true},
		{"https://a.example.com", "https://b.example.com:8443/x", true, true},
		{"https://example.com", "https://www.example.com", true, true},
		{"http://example.com", "https://example.com", false, true},
		{"wss://a.example.com", "https://example.com", false, true},
		{"https://example.com.", "https://example.com", false, false}, // trailing dot: other registrable domain
		{"https://example.co.uk", "https://other.co.uk", false, false},
		{"https://co.uk", "https://co.uk", true, true},               // equal hosts, null registrable domain
		{"https://a.github.io", "https://b.github.io", false, false}, // private section
		{"https://github.io", "https://a.github.io", false, false},
		{"https://127.0.0.1", "https://127.0.0.1:8443", true, true}, // equal hosts
		{"https://127.0.0.1", "https://127.0.0.2", false, false},
		{"https://[::1]", "https://[::1]", true, true},
		{"https://localhost", "https://localhost", true, true},
		{"https://a.localhost", "https://b.localhost", false, false},
		{"https://a.example.internal", "https://b.example.internal", true, true}, // default rule
		{"blob:https://a.example.com/uuid", "https://b.example.com", true, true},
		{"data:,x", "data:,x", false, false},
		{"sc://example.com", "sc://example.com", false, false},
		{"file:///a", "file:///a", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.a+" vs "+tc.b, func(t *testing.T) {
			a, b := MustParse(tc.a), MustParse(tc.b)
			if got := SameSite(a, b); got != tc.sameSite {
				t.Errorf("SameSite = %v, want %v", got, tc.sameSite)
			}
			if got := SameSite(b, a); got != tc.sameSite {
				t.Errorf("SameSite (swapped) = %v, want %v", got, tc.sameSite)
			}
			if got := SchemelesslySameSite(a, b); got != tc.schemelessly {
				t.Errorf("SchemelesslySameSite = %v, want %v", got, tc.schemelessly)
			}
			if got := SchemelesslySameSite(b, a); got != tc.schemelessly {
				t.Errorf("SchemelesslySameSite (swapped) = %v, want %v", got, tc.schemelessly)
			}
		})
	}
	u := MustParse("https://example.com")
	if SameSite(u, nil) || SchemelesslySameSite(nil, u) || SameSite(&URL{}, &URL{}) {
		t.Error("a nil or zero URL is same site with something")
	}
}

func BenchmarkRegistrableDomain(b *testing.B) {
	u := MustParse("https://sub.www.example.co.uk/path")
	b.ReportAllocs()
	for b.Loop() {
		u.RegistrableDomain()
	}
}

// TestOriginAllocs holds what README.md says of Origin's cost: the origin
// is a substring of the href, and Origin allocates nothing, but for a
// URL with a username or password, whose origin (scheme, host and port)
// is not one piece of its href, and for a blob: URL whose inner URL is
// not in normal form or has a username or password: one allocation.
// Each case also checks the origin against originOf, the spec's steps.
func TestOriginAllocs(t *testing.T) {
	skipIfInvariantChecks(t)
	for _, tc := range []struct {
		input, origin string
		allocs        float64
	}{
		{"https://example.com/a", "https://example.com", 0},
		{"http://h:8080/x?y#z", "http://h:8080", 0},
		{"wss://h/", "wss://h", 0},
		{"ftp://h:21/", "ftp://h", 0},
		{"blob:https://example.com/uuid", "https://example.com", 0},
		{"blob:http://h:1/x", "http://h:1", 0},
		{"data:,x", "null", 0},
		{"file:///x", "null", 0},
		{"git://h/", "null", 0},
		{"blob:ftp://x/", "null", 0},
		{"blob:nothing", "null", 0},
		{"blob:", "null", 0},
		{"https://user:pass@example.com/", "https://example.com", 1},
		{"https://user@h:8/", "https://h:8", 1},
		{"ftp://u@h/", "ftp://h", 1},
		{"blob:https://user@example.com/x", "https://example.com", 1},
		{"blob:HTTPS://EXAMPLE.com/x", "https://example.com", 1},
		{"blob:https://example.com:443/x", "https://example.com", 1},
	} {
		t.Run(tc.input, func(t *testing.T) {
			u := MustParse(tc.input)
			if got, spec := u.Origin(), originOf(u).String(); got != tc.origin || spec != tc.origin {
				t.Fatalf("Origin() = %q, originOf = %q, want %q", got, spec, tc.origin)
			}
			var s string
			if got := testing.AllocsPerRun(100, func() { s = u.Origin() }); got != tc.allocs {
				t.Errorf("Origin: %v allocs, want %v", got, tc.allocs)
			}
			sinkInt += len(s)
		})
	}
}
