package urlpattern

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"strconv"
	"testing"

	url "github.com/weburl/url"
)

// TestSpecialSchemes checks this package's list of special schemes
// against the root package's (URL.IsSpecial), which owns the fact.
func TestSpecialSchemes(t *testing.T) {
	for _, s := range specialSchemes {
		if u := url.MustParse(s + "://h/"); !u.IsSpecial() {
			t.Errorf("%s is listed as special; the URL parser says it is not", s)
		}
	}
	for _, s := range []string{"a", "httpx", "data", "javascript", "blob", "ws2", "about"} {
		if u := url.MustParse(s + "://h/"); u.IsSpecial() != isSpecialScheme(s) {
			t.Errorf("%s: IsSpecial %v, isSpecialScheme %v", s, u.IsSpecial(), isSpecialScheme(s))
		}
	}
}

// TestSpecialSchemesTable holds this package's list of special schemes to
// the root package's table, the one place that lists them (issue 28): a
// row added there and not here fails, and so does each default port the
// table gives that isDefaultPort does not take for the scheme's default.
// The table is read from the root's source, scheme.go, as it is unexported.
func TestSpecialSchemesTable(t *testing.T) {
	f, err := parser.ParseFile(gotoken.NewFileSet(), "../scheme.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{} // name -> default port, "" for none
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != gotoken.VAR {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Names) != 1 || vs.Names[0].Name != "specialSchemes" || len(vs.Values) != 1 {
				continue
			}
			for _, elt := range vs.Values[0].(*ast.CompositeLit).Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				fields := elt.(*ast.CompositeLit).Elts
				name, err := strconv.Unquote(fields[0].(*ast.BasicLit).Value)
				if err != nil {
					t.Fatal(err)
				}
				port := ""
				if lit, ok := fields[1].(*ast.BasicLit); ok {
					port = lit.Value
				}
				if name != "" {
					rows[name] = port
				}
			}
		}
	}
	if len(rows) == 0 {
		t.Fatal("no specialSchemes table found in ../scheme.go")
	}
	for name, port := range rows {
		if !isSpecialScheme(name) {
			t.Errorf("the root's table has special scheme %q; this package's list does not", name)
		}
		if port != "" && !isDefaultPort(name, port) {
			t.Errorf("%s: port %s is the root's default port, isDefaultPort says no", name, port)
		}
		if isDefaultPort(name, "1") || isDefaultPort(name, "65535") {
			t.Errorf("%s: isDefaultPort takes a port that is not the default", name)
		}
	}
	for _, s := range specialSchemes {
		if _, ok := rows[s]; !ok {
			t.Errorf("this package lists %q as special; the root's table does not", s)
		}
	}
}

func TestCanonicalize(t *testing.T) {
	tests := []struct {
		name  string
		cb    encodingCallback
		in    string
		want  string
		fails bool
	}{
		// canonicalize a protocol: the scheme of value + "://dummy.invalid/".
		{"protocol", canonicalizeProtocol, "HTTPS", "https", false},
		{"protocol", canonicalizeProtocol, "javascr:pt", "javascr", false}, // the scheme ends at ":"
		{"protocol", canonicalizeProtocol, "0", "", true},                  // not a scheme
		// canonicalize a username/password: the userinfo set.
		{"username", canonicalizeUsername, "a b:c", "a%20b%3Ac", false},
		{"password", canonicalizePassword, "p@ss", "p%40ss", false},
		// canonicalize a hostname: the hostname state stops at / ? # and the
		// host parser lowercases, maps and refuses.
		{"hostname", canonicalizeHostname, "EXAMPLE.com", "example.com", false},
		{"hostname", canonicalizeHostname, "bad#hostname", "bad", false},
		{"hostname", canonicalizeHostname, "exa%6dple.com", "example.com", false},
		{"hostname", canonicalizeHostname, "a b", "", true},
		{"hostname", canonicalizeHostname, "a:b", "", true}, // a port in a hostname
		{"ipv6", canonicalizeIPv6Hostname, "[::AB]", "[::ab]", false},
		{"ipv6", canonicalizeIPv6Hostname, "[::g]", "", true},
		// canonicalize a port: leading digits; a default port only with a protocol.
		{"port", canonicalizePort1, "443", "443", false}, // no protocol: not dropped (WPT "443*")
		{"port", canonicalizePort1, "80x", "80", false},
		{"port", canonicalizePort1, "0000", "0", false},
		{"port", canonicalizePort1, "65536", "", true},
		{"port", canonicalizePort1, "x", "", true},
		{"port https", func(s string) (string, error) { return canonicalizePort(s, "https") }, "443", "", false},
		{"port data", func(s string) (string, error) { return canonicalizePort(s, "data") }, "443", "443", false},
		// canonicalize a pathname: "/-" before a relative value, removed after.
		{"pathname", canonicalizePathname, "/a/./b/../c d", "/a/c%20d", false},
		{"pathname", canonicalizePathname, "a/b", "a/b", false},
		{"pathname", canonicalizePathname, "..", "..", false},
		{"pathname", canonicalizePathname, `\..`, "", false}, // "/-\.." is "/": nothing left past "/-"
		// canonicalize an opaque pathname: the C0 control set, spaces kept but
		// before "?" or "#"; the value's own leading and trailing spaces stay.
		{"opaque", canonicalizeOpaquePathname, " a b\x01 ", " a b%01 ", false},
		{"opaque", canonicalizeOpaquePathname, "var #x", "var%20", false},
		{"opaque", canonicalizeOpaquePathname, "/./a", "/./a", false},
		// canonicalize a search/hash: a leading "?"/"#" is part of the value.
		{"search", canonicalizeSearch, "?q='a b'", "?q=%27a%20b%27", false},
		{"search", canonicalizeSearch, "a#b", "a%23b", false},
		{"hash", canonicalizeHash, "#a b", "#a%20b", false},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.in, func(t *testing.T) {
			got, err := tt.cb(tt.in)
			if tt.fails {
				if err == nil {
					t.Fatalf("got %q, want an error", got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func canonicalizePort1(s string) (string, error) { return canonicalizePort(s) }

func TestIsDefaultPort(t *testing.T) {
	for _, tt := range []struct {
		scheme, port string
		want         bool
	}{
		{"https", "443", true}, {"http", "80", true}, {"ws", "80", true}, {"ftp", "21", true},
		{"https", "0443", false}, {"https", "80", false}, {"file", "80", false}, {"data", "80", false}, {"https", "", false},
	} {
		if got := isDefaultPort(tt.scheme, tt.port); got != tt.want {
			t.Errorf("isDefaultPort(%q, %q) = %v", tt.scheme, tt.port, got)
		}
	}
}

// TestSegmentWildcardRegexp holds generateSegmentWildcardRegexp's
// constants to the standard's formula for each options' delimiter.
func TestSegmentWildcardRegexp(t *testing.T) {
	for _, o := range []options{defaultOptions, hostnameOptions, pathnameOptions} {
		if got, want := generateSegmentWildcardRegexp(o), "[^"+escapeRegexpString(o.delimiterCodePoint)+"]+?"; got != want {
			t.Errorf("delimiter %q: %q, want %q", o.delimiterCodePoint, got, want)
		}
	}
}
