package url

// Generators of docs/migration.md and docs/neturl-differences.md. Both
// documents are measured, not written by hand: the normal test run fails
// when either is stale, and
//
//	WPT_DIR=../shared/wpt go test -run 'TestMigrationDoc|TestNetURLDifferencesDoc' -update
//
// rewrites them.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	goparser "go/parser"
	"go/token"
	neturl "net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

const (
	migrationDocPath   = "docs/migration.md"
	differencesDocPath = "docs/neturl-differences.md"
)

// exportedNames returns the exported identifiers of the package in dir,
// as "Name" for package-level names and "Type.Name" for methods and
// struct fields.
func exportedNames(t *testing.T, dir, importPath string, files []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range files {
		f, err := goparser.ParseFile(fset, filepath.Join(dir, name), nil, goparser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	pkg, err := doc.NewFromFiles(fset, parsed, importPath)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, n := range v.Names {
				if token.IsExported(n) {
					names = append(names, n)
				}
			}
		}
	}
	values(pkg.Consts)
	values(pkg.Vars)
	for _, f := range pkg.Funcs {
		names = append(names, f.Name)
	}
	for _, typ := range pkg.Types {
		names = append(names, typ.Name)
		values(typ.Consts)
		values(typ.Vars)
		for _, f := range typ.Funcs {
			names = append(names, f.Name)
		}
		for _, m := range typ.Methods {
			names = append(names, typ.Name+"."+m.Name)
		}
		for _, spec := range typ.Decl.Specs {
			st, ok := spec.(*ast.TypeSpec).Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, field := range st.Fields.List {
				for _, n := range field.Names {
					if n.IsExported() {
						names = append(names, typ.Name+"."+n.Name)
					}
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// netURLNames returns every exported identifier of the net/url of the Go
// running the test.
func netURLNames(t *testing.T) []string {
	pkg, err := build.Default.Import("net/url", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	return exportedNames(t, pkg.Dir, "net/url", pkg.GoFiles)
}

// ourNames returns every exported identifier of this package.
func ourNames(t *testing.T) map[string]bool {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, n := range exportedNames(t, ".", "github.com/weburl/url", pkg.GoFiles) {
		m[n] = true
	}
	return m
}

// migrationName is one row of the name table: a net/url identifier, its
// counterpart here, and what differs. ours lists the identifiers of this
// package the row names, which the test checks exist.
type migrationName struct {
	netURL string
	ours   []string // "" entries are not allowed; nil: no counterpart
	weburl string   // the counterpart, in Markdown
	note   string
}

// netURLSince names the rows of migrationNames whose net/url name is
// newer than the Go of go.mod, with the release that added it: the
// table must be the same whichever Go generates it.
var netURLSince = map[string]string{
	"URL.Clone":    "1.27",
	"Values.Clone": "1.27",
}

// migrationNames has one row per exported identifier of net/url; the
// test fails when net/url has one the table lacks, or the table names one
// net/url does not have.
var migrationNames = []migrationName{
	// Package-level functions.
	{"JoinPath", []string{"JoinPath"}, "`JoinPath(base, elem...)`", "Same signature. `..` never climbs above base's path; `%2F` and `%5C` are escaped again (see (*URL).JoinPath)."},
	{"ParseQuery", []string{"ParseQuery"}, "`ParseQuery`", "net/url's, unchanged (delegates). For browser form parsing use `(*URL).Query` or `SearchParams`."},
	{"PathEscape", []string{"PathEscape"}, "`PathEscape`", "net/url's, unchanged (delegates). See also `PercentEncode(s, PathSet)`."},
	{"PathUnescape", []string{"PathUnescape"}, "`PathUnescape`", "net/url's, unchanged (delegates). `PercentDecodeString` never fails."},
	{"QueryEscape", []string{"QueryEscape"}, "`QueryEscape`", "net/url's, unchanged (delegates). Browsers' form encoding differs on `*` and `~`: see docs/encoders.md."},
	{"QueryUnescape", []string{"QueryUnescape"}, "`QueryUnescape`", "net/url's, unchanged (delegates)."},
	{"User", []string{"User"}, "`User`", "net/url's; returns a net/url `*Userinfo`, for use with `NetURL` values."},
	{"UserPassword", []string{"UserPassword"}, "`UserPassword`", "net/url's, as `User`."},
	{"Parse", []string{"Parse"}, "`Parse(input, base...)`", "`Parse(s)` compiles unchanged. Rejects relative references without a base, normalizes as browsers do; resolve with `Parse(ref, base)`. No GODEBUG: colons outside brackets in a host (\"https://1:2:3:4:5:6:7:8\") fail, as net/url's do by default (its `urlstrictcolons=0` accepts them)."},
	{"ParseRequestURI", []string{"ParseRequestURI"}, "`ParseRequestURI(target, origin)`", "A URL is absolute, so an origin-form target (\"/p?q\", \"//x@y/p\", a path) needs the origin it was sent to; absolute-form parses alone. Refuses \"foo.html\", \"../dir/\" and \"*\" (net/url: Path \"*\"); '#' is data, encoded %23. For a server's *http.Request, `urlnet.RequestURL(r)`. See \"Request targets\" above."},

	// Error types.
	{"Error", []string{"Error"}, "`*Error`", "Same shape, but the input is in `Input`, and `Err` is a `*ValidationError` (`errors.Is(err, url.PortInvalid)`) or a sentinel."},
	{"Error.Op", []string{"Error.Op"}, "`Error.Op`", "\"parse\", \"parse base\", or a setter's name."},
	{"Error.URL", []string{"Error.Input"}, "`Error.Input`", "Renamed: the input that failed."},
	{"Error.Err", []string{"Error.Err"}, "`Error.Err`", "A `*ValidationError` with the spec's error name and the offset."},
	{"Error.Error", []string{"Error.Error"}, "`(*Error).Error`", "Same form after a `url: ` prefix, `url: parse \"input\": cause`; a cause is the spec's name, a gloss and the offset."},
	{"Error.Unwrap", []string{"Error.Unwrap"}, "`(*Error).Unwrap`", "Same."},
	{"Error.Timeout", []string{"Error.Timeout"}, "`(*Error).Timeout`", "Same: the cause's Timeout, else false; `*Error` is a net.Error."},
	{"Error.Temporary", []string{"Error.Temporary"}, "`(*Error).Temporary`", "Same: the cause's Temporary, else false."},
	{"EscapeError", []string{"EscapeError"}, "`EscapeError`", "Alias of net/url's; returned by the delegating unescape functions."},
	{"EscapeError.Error", []string{"EscapeError"}, "`EscapeError.Error`", "net/url's (alias)."},
	{"InvalidHostError", []string{"HostInvalidCodePoint", "DomainToASCII", "ValidationError"}, "`errors.Is(err, url.HostInvalidCodePoint) || errors.Is(err, url.DomainToASCII)`", "No counterpart, on purpose: Parse never returns net/url's type, so an alias would compile and never match. A forbidden code point fails as host-invalid-code-point (opaque host) or domain-to-ASCII (domain); every host failure is a `*ValidationError` whose `Kind` names it."},
	{"InvalidHostError.Error", []string{"ValidationError.Error"}, "`(*ValidationError).Error`", "See `InvalidHostError`."},

	// URL and its fields.
	{"URL", []string{"URL", "Parse", "FromNetURL"}, "`URL`; a literal `&url.URL{...}` becomes `Parse(s)` or `FromNetURL(&neturl.URL{...})`", "The href plus offsets; fields become methods. A URL is always absolute (the URL Standard has no relative URL record): a relative value (`&url.URL{Path: \"a/b\"}`) has no counterpart; keep it a string and resolve it with `base.Parse(ref)`. See \"Struct literals and relative URLs\" above."},
	{"URL.Scheme", []string{"URL.Scheme", "URL.Protocol"}, "`Scheme()`, `Protocol()`", "Method; always lowercase. `Protocol()` adds the \":\"."},
	{"URL.Opaque", []string{"URL.HasOpaquePath", "URL.Pathname", "URL.NetURL"}, "`HasOpaquePath()` and `Pathname()`; to control the request line, set `Opaque` on `u.NetURL()`", "An opaque path is the path; `NetURL` fills `Opaque`. See \"Opaque and the request line\" above."},
	{"URL.User", []string{"URL.Username", "URL.Password"}, "`Username()`, `Password()`", "Percent-encoded strings, no `*Userinfo`; an empty password is no password."},
	{"URL.Host", []string{"URL.Host"}, "`Host()`", "Method. Domains are lowercased and IDNA-encoded, IPv4 numbers normalized, default ports dropped."},
	{"URL.Path", []string{"URL.Pathname"}, "`Pathname()` (encoded); `PercentDecodeString(u.Pathname())` for the decoded form", "net/url's `Path` is decoded; `Pathname` is the serialized path, dot segments removed."},
	{"URL.RawPath", []string{"URL.Pathname"}, "`Pathname()`", "The path is stored only in its encoded form, so there is no hint to keep."},
	{"URL.OmitHost", []string{"URL.HostKind", "HostNull"}, "`HostKind() == HostNull`", "A URL without a host (\"sc:/p\")."},
	{"URL.ForceQuery", []string{"URL.RawQuery"}, "`_, ok := RawQuery()`", "The query may be null (no '?') or empty ('?')."},
	{"URL.RawQuery", []string{"URL.RawQuery", "URL.Search"}, "`RawQuery()`, `Search()`", "Method returning (query, ok); `Search()` adds the '?'."},
	{"URL.Fragment", []string{"URL.Fragment", "URL.Hash"}, "`Fragment()` (encoded), `Hash()`", "Returns (fragment, ok), percent-encoded; net/url's field is decoded."},
	{"URL.RawFragment", []string{"URL.Fragment"}, "`Fragment()`", "The fragment is stored only in its encoded form."},

	// URL methods.
	{"URL.Clone", []string{"URL.Clone"}, "`Clone`", "A copy of the URL that shares nothing with it; a `URL` may also be copied by assignment, as a value (docs/values.md). Nil for a nil URL, as net/url's."},
	{"URL.AppendBinary", []string{"URL.AppendBinary"}, "`AppendBinary`", "The href."},
	{"URL.EscapedFragment", []string{"URL.EscapedFragment"}, "`EscapedFragment`", "The stored (encoded) fragment."},
	{"URL.EscapedPath", []string{"URL.EscapedPath"}, "`EscapedPath`", "`Pathname()`; for an opaque path, the opaque path (net/url: \"\")."},
	{"URL.Hostname", []string{"URL.Hostname", "HostPort.Hostname"}, "`Hostname`; `HostPort(h).Hostname()` for a bare host:port", "Keeps an IPv6 address's brackets (WHATWG); net/url strips them. `(&url.URL{Host: h}).Hostname()` becomes `url.HostPort(h).Hostname()`, net/url's split exactly."},
	{"URL.IsAbs", []string{"URL.IsAbs"}, "`IsAbs`", "Always true for a parsed URL (false only for the zero URL)."},
	{"URL.JoinPath", []string{"URL.JoinPath"}, "`JoinPath`", "Never climbs above the base path; encodes `?`, `#`, `\\`."},
	{"URL.MarshalBinary", []string{"URL.MarshalBinary"}, "`MarshalBinary`", "The href. Also `MarshalText`, `MarshalJSON`; `Scan` reads it from database/sql."},
	{"URL.Parse", []string{"URL.Parse"}, "`(*URL).Parse(ref)`", "Resolves ref against the URL as a browser does."},
	{"URL.Port", []string{"URL.Port", "HostPort.Port"}, "`Port`; `HostPort(h).Port()` for a bare host:port", "\"\" for the scheme's default port, which the parser drops. `(&url.URL{Host: h}).Port()` becomes `url.HostPort(h).Port()`."},
	{"URL.Query", []string{"URL.Query"}, "`Query`, `SearchParams`", "Browser form parsing: ';' is not a separator and bad escapes are kept. `SearchParams` keeps the order of names."},
	{"URL.Redacted", []string{"URL.Redacted", "URL.LogValue"}, "`Redacted`, `LogValue`", "Same \"xxxxx\"; an empty password is not serialized, so nothing is redacted."},
	{"URL.RequestURI", []string{"URL.RequestURI"}, "`RequestURI`", "Path and query; never the fragment."},
	{"URL.ResolveReference", []string{"URL.Parse", "Parse", "URL.Href"}, "`base.Parse(ref)`, `Parse(ref, base.Href())` with ref a string", "A parsed URL is always absolute and `Parse` without a base rejects a relative reference, so keep references as strings until resolved; a `*net/url.URL` reference resolves as `base.Parse(ref.String())`. See Recipes."},
	{"URL.String", []string{"URL.String", "URL.Href"}, "`String`, `Href`", "The WHATWG serialization."},
	{"URL.UnmarshalBinary", []string{"URL.UnmarshalBinary"}, "`UnmarshalBinary`", "Parses with `Parse`; empty data is the zero URL."},

	// Userinfo.
	{"Userinfo", []string{"Userinfo"}, "`Userinfo`", "Alias of net/url's, for code that names the type; a `URL` keeps credentials in its href."},
	{"Userinfo.Password", []string{"URL.Password"}, "`(*URL).Password()`", "Percent-encoded; \"\" is no password."},
	{"Userinfo.String", []string{"URL.Username", "URL.Password"}, "`Username()` + \":\" + `Password()`", "Already encoded with the userinfo percent-encode set."},
	{"Userinfo.Username", []string{"URL.Username"}, "`(*URL).Username()`", "Percent-encoded."},

	// Values.
	{"Values", []string{"Values"}, "`Values`", "Alias of net/url's."},
	{"Values.Add", []string{"Values"}, "`Values.Add`", "net/url's (alias). `SearchParams.Append` keeps order."},
	{"Values.Clone", []string{"Values"}, "`Values.Clone`", "net/url's (alias)."},
	{"Values.Del", []string{"Values"}, "`Values.Del`", "net/url's (alias)."},
	{"Values.Encode", []string{"Values"}, "`Values.Encode`", "net/url's: sorts by key and uses `QueryEscape`; `SearchParams.String` keeps order and encodes as browsers do."},
	{"Values.Get", []string{"Values"}, "`Values.Get`", "net/url's (alias)."},
	{"Values.Has", []string{"Values"}, "`Values.Has`", "net/url's (alias)."},
	{"Values.Set", []string{"Values"}, "`Values.Set`", "net/url's (alias)."},
}

// migrationDiff is one measured behaviour difference: the same
// expression, on the same input, with each package.
type migrationDiff struct {
	what   string // the behaviour, one line
	expr   string // the call, in Markdown
	input  string
	base   string // for rows that resolve against a base
	ours   func(in, base string) string
	theirs func(in, base string) string
}

// show formats a result or an error for the table.
func show(s string, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprintf("%q", s)
}

func ourHref(in, _ string) string {
	u, err := Parse(in)
	if err != nil {
		return show("", err)
	}
	return show(u.Href(), nil)
}

func theirHref(in, _ string) string {
	u, err := neturl.Parse(in)
	if err != nil {
		return show("", err)
	}
	return show(u.String(), nil)
}

// ourGetter and theirGetter apply a getter to the parsed input.
func ourGetter(get func(*URL) string) func(string, string) string {
	return func(in, _ string) string {
		u, err := Parse(in)
		if err != nil {
			return show("", err)
		}
		return show(get(u), nil)
	}
}

func theirGetter(get func(*neturl.URL) string) func(string, string) string {
	return func(in, _ string) string {
		u, err := neturl.Parse(in)
		if err != nil {
			return show("", err)
		}
		return show(get(u), nil)
	}
}

// run returns the difference's input (and base) as Markdown code, and
// what each package gives; the test fails if they give the same.
func (d migrationDiff) run(t *testing.T) (in, ours, theirs string) {
	t.Helper()
	in = mdCode(fmt.Sprintf("%q", d.input))
	if d.base != "" {
		in += " against " + mdCode(fmt.Sprintf("%q", d.base))
	}
	ours, theirs = d.ours(d.input, d.base), d.theirs(d.input, d.base)
	if ours == theirs {
		t.Errorf("%s: both give %s on %q; it shows no difference", d.what, ours, d.input)
	}
	return in, ours, theirs
}

// ourResolve and theirResolve resolve the input against the base.
func ourResolve(in, base string) string {
	u, err := MustParse(base).Parse(in)
	if err != nil {
		return show("", err)
	}
	return show(u.Href(), nil)
}

func theirResolve(in, base string) string {
	b, _ := neturl.Parse(base)
	u, err := b.Parse(in)
	if err != nil {
		return show("", err)
	}
	return show(u.String(), nil)
}

// diffKeys names the behaviour rows that testdata/neturl_tables.txt
// cites: key, then the row's what. migration.md shows each key beside
// its row.
var diffKeys = map[string]string{
	"special-path-slash":        "A URL of a special scheme with no path serializes with a trailing slash",
	"special-scheme-no-slashes": "A special scheme not followed by \"//\" (\"http:host\"), with no base or a base of another scheme, still has a host",
	"empty-port":                "An empty port is dropped",
	"double-slash-path":         "\"//\" in a resolved path is kept, where net/url's resolution collapses it",
	"relative-no-base":          "A relative reference without a base fails",
	"scheme-relative-no-base":   "A scheme-relative reference without a base fails",
	"idna":                      "Internationalized domains become Punycode",
	"spaces-stripped":           "Leading and trailing spaces are stripped",
	"tabs-newlines-removed":     "Tabs and newlines are removed",
	"ipv6-zone":                 "IPv6 zone identifiers are refused",
	"multi-host":                "A list of hosts (database URLs) is refused",
	"credentials-caret":         "A '^' in credentials is percent-encoded and accepted",
	"userinfo-encoded":          "Credentials are percent-encoded with the userinfo set: ';' and '=' are encoded, '!', \"'\", '(', ')' and '*' kept",
	"host-forbidden":            "A forbidden code point in a host fails",
	"host-percent-decoded":      "Percent-encoded bytes of a domain are decoded",
	"joinpath-dotdot":           "JoinPath: \"..\" does not climb above the base path",
	"joinpath-escaped-slash":    "JoinPath: an escaped slash is escaped again",
	"joinpath-clean":            "JoinPath: the base path is kept as it is (net/url cleans it)",
	"joinpath-percent":          "JoinPath: a lone '%' is accepted",
}

// keyNote returns " (`key`)" for a behaviour row that has a key.
func keyNote(d migrationDiff) string {
	if k := keyOf(d); k != "" {
		return " (`" + k + "`)"
	}
	return ""
}

// keyOf returns the key of the behaviour row d, or "".
func keyOf(d migrationDiff) string {
	for k, what := range diffKeys {
		if what == d.what {
			return k
		}
	}
	return ""
}

// silentDiffs are the differences that break code without a compile
// error or an obvious failure: the top of docs/migration.md lists them.
func silentDiffs() []migrationDiff {
	return []migrationDiff{
		{"Parsing the empty string fails, and returns a nil URL, where net/url returns an empty URL", "`Parse(s)`", "", "", ourHref, theirHref},
		{"Parsing a fragment alone fails, and returns a nil URL", "`Parse(s)`", "#x", "", ourHref, theirHref},
		{"A URL of a special scheme with no path serializes with a trailing slash", "`Parse(s).String()`", "http://foo.com", "", ourHref, theirHref},
		{"\":\" resolves against a base, where net/url fails", "`base.Parse(s)`", ":", "http://foo.com/", ourResolve, theirResolve},
		{diffKeys["special-scheme-no-slashes"], "`Parse(s).String()`", "http:www.google.com", "", ourHref, theirHref},
		{diffKeys["special-scheme-no-slashes"], "`base.Parse(s)`", "http:opaque", "https://foo.com/bar", ourResolve, theirResolve},
		{diffKeys["empty-port"], "`Parse(s).String()`", "http://192.168.0.2:/foo", "", ourHref, theirHref},
		{diffKeys["double-slash-path"], "`base.Parse(s)`", "../../..//search", "http://a/b/c/d;p?q", ourResolve, theirResolve},
		{"A backslash in a special URL is a slash", "`Parse(s).String()`", "http://example.com/a\\b", "", ourHref, theirHref},
		{"The host is lowercased", "`Parse(s).String()`", "http://EXAMPLE.com/", "", ourHref, theirHref},
		{"An empty fragment is kept", "`Parse(s).String()`", "http://example.com/p#", "", ourHref, theirHref},
		{"Query keeps a pair with a ';', which net/url drops", "`Parse(s).Query().Encode()`", "http://example.com/?a=1&amp;b=2", "",
			ourGetter(func(u *URL) string { return u.Query().Encode() }), theirGetter(func(u *neturl.URL) string { return u.Query().Encode() })},
		{"JoinPath does not climb above the URL's path", "`Parse(s).JoinPath(\"..\", \"x\").String()`", "http://example.com/a/b", "",
			ourGetter(func(u *URL) string { return u.JoinPath("..", "x").String() }), theirGetter(func(u *neturl.URL) string { return u.JoinPath("..", "x").String() })},
	}
}

func migrationDiffs() []migrationDiff {
	return []migrationDiff{
		{"A relative reference without a base fails", "`Parse(s)`", "/path?q", "", ourHref, theirHref},
		{"A scheme-relative reference without a base fails", "`Parse(s)`", "//example.com/a", "", ourHref, theirHref},
		{"The host is lowercased", "`Parse(s).String()`", "HTTP://EXAMPLE.COM/", "", ourHref, theirHref},
		{"Internationalized domains become Punycode", "`Parse(s).String()`", "https://Bücher.example/", "", ourHref, theirHref},
		{"IPv4 addresses in other notations are normalized", "`Parse(s).String()`", "http://0x7f.1/", "", ourHref, theirHref},
		{"IPv6 addresses are compressed", "`Parse(s).String()`", "http://[0:0::1]/", "", ourHref, theirHref},
		{"The scheme's default port is dropped", "`Parse(s).String()`", "https://example.com:443/", "", ourHref, theirHref},
		{"A port out of range fails", "`Parse(s)`", "http://example.com:99999/", "", ourHref, theirHref},
		{"Dot segments are removed", "`Parse(s).String()`", "http://example.com/a/./b/../c", "", ourHref, theirHref},
		{"Backslashes are slashes in special URLs", "`Parse(s).String()`", "https:\\\\example.com\\a\\b", "", ourHref, theirHref},
		{"Tabs and newlines are removed", "`Parse(s).String()`", "http://example.com/a\tb\nc", "", ourHref, theirHref},
		{"Leading and trailing spaces are stripped", "`Parse(s).String()`", " http://example.com/ ", "", ourHref, theirHref},
		{"A special URL always has a path", "`Parse(s).String()`", "http://example.com", "", ourHref, theirHref},
		{"An empty query or fragment is kept", "`Parse(s).String()`", "http://example.com/?#", "", ourHref, theirHref},
		{"A file URL's drive letter is normalized", "`Parse(s).String()`", "file:///C|/Windows", "", ourHref, theirHref},
		{"Characters are percent-encoded per component, not per RFC 3986", "`Parse(s).String()`", "http://example.com/a'b{c}?x='y'#`z`", "", ourHref, theirHref},
		{"Hostname keeps the brackets of an IPv6 address", "`Parse(s).Hostname()`", "http://[::1]:8080/", "",
			ourGetter((*URL).Hostname), theirGetter((*neturl.URL).Hostname)},
		{"Port is empty for the default port", "`Parse(s).Port()`", "http://example.com:80/", "",
			ourGetter((*URL).Port), theirGetter((*neturl.URL).Port)},
		{"The path is percent-encoded (net/url's Path field is decoded)", "`u.Pathname()` / `u.Path`", "http://example.com/a%20b%2Fc", "",
			ourGetter((*URL).Pathname), theirGetter(func(u *neturl.URL) string { return u.Path })},
		{"The fragment is percent-encoded (net/url's Fragment field is decoded)", "`u.Fragment()` / `u.Fragment`", "http://example.com/#a%20b", "",
			ourGetter(func(u *URL) string { f, _ := u.Fragment(); return f }), theirGetter(func(u *neturl.URL) string { return u.Fragment })},
		{"EscapedPath of an opaque URL is its opaque path", "`Parse(s).EscapedPath()`", "mailto:a@example.com", "",
			ourGetter((*URL).EscapedPath), theirGetter((*neturl.URL).EscapedPath)},
		{"Query keeps pairs holding ';' and bad escapes", "`Parse(s).Query().Encode()`", "http://example.com/?a=1;b=2&c=%zz&d=4", "",
			ourGetter(func(u *URL) string { return u.Query().Encode() }), theirGetter(func(u *neturl.URL) string { return u.Query().Encode() })},
		{"Redacted: an empty password is not serialized", "`Parse(s).Redacted()`", "http://user:@example.com/", "",
			ourGetter((*URL).Redacted), theirGetter((*neturl.URL).Redacted)},
		{"JoinPath: \"..\" does not climb above the base path", "`Parse(s).JoinPath(\"../../..\", \"x\")`", "https://example.com/api/v1/", "",
			ourGetter(func(u *URL) string { return u.JoinPath("../../..", "x").Href() }),
			theirGetter(func(u *neturl.URL) string { return u.JoinPath("../../..", "x").String() })},
		{"JoinPath: an escaped slash is escaped again", "`Parse(s).JoinPath(\"..%2Fx\")`", "https://example.com/api/", "",
			ourGetter(func(u *URL) string { return u.JoinPath("..%2Fx").Href() }),
			theirGetter(func(u *neturl.URL) string { return u.JoinPath("..%2Fx").String() })},
		{"A special scheme followed by a relative path resolves against a base of that scheme", "`base.Parse(s)`", "http:x", "http://example.com/a/b",
			ourResolve, theirResolve},
		{"\":\" is a relative path, resolved against the base", "`base.Parse(s)`", ":", "http://foo.com/", ourResolve, theirResolve},
		{"Errors name the URL Standard's validation error", "`Parse(s)` error", "http://example.com:x/", "", ourHref, theirHref},
		{diffKeys["ipv6-zone"], "`Parse(s)`", "http://[fe80::1%25en0]/", "", ourHref, theirHref},
		{diffKeys["multi-host"], "`Parse(s)`", "postgres://host1:1,host2:2/db", "", ourHref, theirHref},
		{diffKeys["credentials-caret"], "`Parse(s)`", "http://user^@example.com/", "", ourHref, theirHref},
		{diffKeys["userinfo-encoded"], "`Parse(s).String()`", "http://a;b!:c=d*@example.com/", "", ourHref, theirHref},
		{diffKeys["host-forbidden"], "`Parse(s)`", "myscheme://authority<\"hi\">/foo", "", ourHref, theirHref},
		{diffKeys["host-percent-decoded"], "`Parse(s)`", "http://192.168.0.%31/", "", ourHref, theirHref},
		{diffKeys["joinpath-clean"], "`Parse(s).JoinPath(\"/go\")`", "https://go.googlesource.com//", "",
			ourGetter(func(u *URL) string { return u.JoinPath("/go").Href() }),
			theirGetter(func(u *neturl.URL) string { return u.JoinPath("/go").String() })},
		{diffKeys["joinpath-percent"], "`JoinPath(s, \"100%\")`", "https://example.com/", "",
			func(in, _ string) string { return show(JoinPath(in, "100%")) },
			func(in, _ string) string { return show(neturl.JoinPath(in, "100%")) }},
	}
}

// mdCell escapes a table cell for Markdown.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "|", "\\|")
	s = strings.ReplaceAll(s, "\n", " ")
	return s
}

// mdCode formats s as inline code, with a longer fence when s holds
// backquotes.
func mdCode(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

func migrationDoc(t *testing.T) []byte {
	var b bytes.Buffer
	b.WriteString("<!-- Code generated by TestMigrationDoc in neturl_docs_test.go; DO NOT EDIT. -->\n\n")
	b.WriteString("# Migrating from net/url\n\n")
	b.WriteString("This page is the move to weburl's own API. The smaller move is the import swap: change `\"net/url\"` to\n")
	b.WriteString("`\"github.com/weburl/url/net/url\"`, which has net/url's API and types and the browser's parser, and change nothing\n")
	b.WriteString("else ([neturl-package.md](neturl-package.md) lists what that changes).\n\n")
	b.WriteString("For weburl's API, change the import and keep most call sites (or let [weburl-migrate](migrate-tool.md) do it):\n\n")
	b.WriteString("```go\nimport url \"github.com/weburl/url\" // was: \"net/url\"\n```\n\n")
	b.WriteString("`Parse`, `(*URL).Parse`, `String`, `Hostname`, `Port`, `Query`, `EscapedPath`, `RequestURI`, `Redacted`, `JoinPath`,\n")
	b.WriteString("the escaping functions and `Values` keep their names. What changes: the fields of net/url's `URL` are methods here\n")
	b.WriteString("(`u.Host` becomes `u.Host()`, `u.RawQuery` becomes `u.RawQuery()`, which also says whether the query is null),\n")
	b.WriteString("a URL is always absolute, and parsing follows the URL Standard as browsers do. Code that needs a `*net/url.URL`\n")
	b.WriteString("(net/http, for one) converts with `u.NetURL()`, whose `String()` is `u.Href()`; `FromNetURL` converts back.\n\n")
	b.WriteString("## Changes that break code silently\n\n")
	b.WriteString("These compile and run, and give other results; check the call sites that meet such input (measured by the test\n")
	b.WriteString("that writes this file):\n\n")
	for _, d := range silentDiffs() {
		in, ours, theirs := d.run(t)
		fmt.Fprintf(&b, "- **%s.**%s %s of %s: weburl gives %s, net/url %s.\n", d.what, keyNote(d), d.expr, in, mdCode(ours), mdCode(theirs))
	}
	b.WriteString("\nweburl-migrate's rewrites keep net/url's results wherever both parsers read the URL, and a write's result, the\n")
	b.WriteString("same way; the differences above are where they do not, and [migrate-tool.md](migrate-tool.md#what-the-rewrites-change)\n")
	b.WriteString("counts them per rewrite on real URLs.\n")
	b.WriteString("\nThe table at the end lists every other behaviour that differs. A key in parentheses names the row for\n")
	b.WriteString("[testdata/neturl_tables.txt](../testdata/neturl_tables.txt), which lists the cases of Go's own net/url tests that\n")
	b.WriteString("give another result here (see \"Go's net/url tests\" below).\n\n")
	writeMigrationNotes(&b)
	b.WriteString("## Names that moved out of the root package in v0.1.0\n\n")
	b.WriteString("Code written against weburl before v0.1.0: link extraction moved to `github.com/weburl/url/links`, the dial\n")
	b.WriteString("guard and the request URL to `github.com/weburl/url/urlnet`, `LookupEncoding` to\n")
	b.WriteString("`github.com/weburl/url/charset`, JavaScript's encoders to `github.com/weburl/url/ecmascript` and `EncodeRFC3986` to\n")
	b.WriteString("`github.com/weburl/url/rfc3986`. [CHANGELOG.md](../CHANGELOG.md), under 0.1.0, has the table of every old\n")
	b.WriteString("name and what to write instead.\n\n")
	writeMigrationRecipes(t, &b)
	b.WriteString("## Every exported name of net/url\n\n")
	b.WriteString("| net/url | weburl | notes |\n| --- | --- | --- |\n")
	for _, m := range migrationNames {
		note := m.note
		if since := netURLSince[m.netURL]; since != "" {
			note = "(net/url since Go " + since + ") " + note
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", m.netURL, mdCell(m.weburl), mdCell(note))
	}
	b.WriteString("\n## Behaviour that differs\n\n")
	b.WriteString("Each row runs the same call on the same input with both packages; the results are measured by the test that\n")
	b.WriteString("writes this file, which fails if a row stops showing a difference.\n\n")
	b.WriteString("| # | behaviour | call | input | weburl | net/url |\n| --- | --- | --- | --- | --- | --- |\n")
	for i, d := range migrationDiffs() {
		in, ours, theirs := d.run(t)
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s |\n", i+1, mdCell(d.what+keyNote(d)), mdCell(d.expr), mdCell(in), mdCell(mdCode(ours)), mdCell(mdCode(theirs)))
	}
	b.WriteString("\nRegenerate with `go test -run TestMigrationDoc -update`.\n")
	return b.Bytes()
}

// TestMigrationDoc checks that docs/migration.md names every exported
// identifier of net/url with a counterpart that exists here, that every
// listed difference is real, and that the file is up to date.
func TestMigrationDoc(t *testing.T) {
	theirs := netURLNames(t)
	if len(theirs) < 40 {
		t.Fatalf("found only %d exported names in net/url: %q", len(theirs), theirs)
	}
	listed := map[string]bool{}
	ours := ourNames(t)
	for _, m := range migrationNames {
		if listed[m.netURL] {
			t.Errorf("%s is listed twice", m.netURL)
		}
		listed[m.netURL] = true
		if !slices.Contains(theirs, m.netURL) && netURLSince[m.netURL] == "" {
			t.Errorf("%s is listed but net/url has no such name", m.netURL)
		}
		for _, o := range m.ours {
			if !ours[o] {
				t.Errorf("%s: the counterpart %s does not exist in this package", m.netURL, o)
			}
		}
	}
	for _, n := range theirs {
		if !listed[n] {
			t.Errorf("net/url's %s has no row in migrationNames", n)
		}
	}
	doc := migrationDoc(t)
	for _, n := range theirs {
		if !bytes.Contains(doc, []byte("| `"+n+"` |")) {
			t.Errorf("%s does not mention %s", migrationDocPath, n)
		}
	}
	all := append(silentDiffs(), migrationDiffs()...)
	for k, what := range diffKeys {
		if !slices.ContainsFunc(all, func(d migrationDiff) bool { return d.what == what }) {
			t.Errorf("diffKeys[%q] names no behaviour row", k)
		}
	}
	checkGenerated(t, migrationDocPath, doc, "TestMigrationDoc")
	t.Logf("%d net/url names, all listed; %d measured differences", len(theirs), len(migrationDiffs()))
}

// differenceExamples are the telling examples of docs/neturl-differences.md:
// valid inputs of urltestdata.json (with their base, "" for none).
var differenceExamples = [][2]string{
	{"http://example.com/foo/bar/../ton/../../a", ""},
	{"http://ExAmPlE.CoM", "http://other.com/"},
	{"http://你好你好", "http://other.com/"},
	{"http://%30%78%63%30%2e%30%32%35%30.01", "http://other.com/"},
	{"http://[0:0:0:0:0:0:13.1.68.3]", "http://example.org/foo/bar"},
	{"http://f:21/ b ? d # e ", "http://example.org/foo/bar"},
	{"  \t", "http://example.org/foo/bar"},
	{"/\\server/file", "file:///tmp/mock/path"},
	{"http:foo.com", "http://example.org/foo/bar"},
	{"https://test:@test", ""},
}

// failureExamples are inputs of urltestdata.json that must fail but
// net/url accepts.
var failureExamples = [][2]string{
	{"http://user:pass@/", ""},
	{"http://192.168.0.257", "http://other.com/"},
	{"http://\uFDD0zyx.com", "http://other.com/"},
	{"non-special://f:999999/c", "http://example.org/foo/bar"},
	{"sc://a<b", ""},
	{"i", "sc:sd"},
}

// netURLResolve is how a net/url user would parse a case: against the
// base with (*url.URL).Parse when there is one.
func netURLResolve(input string, base *string) (*neturl.URL, error) {
	if base == nil {
		return neturl.Parse(input)
	}
	b, err := neturl.Parse(*base)
	if err != nil {
		return nil, err
	}
	return b.Parse(input)
}

// TestNetURLDifferencesDoc measures net/url against urltestdata.json and
// checks that docs/neturl-differences.md is up to date.
func TestNetURLDifferencesDoc(t *testing.T) {
	var raw []json.RawMessage
	loadJSON(t, filepath.Join(wptDir(t), "urltestdata.json"), &raw)
	var valid, same, mustFail, accepted int
	byCase := map[[2]string]urlTestCase{}
	failing := map[[2]string]string{} // must-fail cases net/url accepts: its String()
	for _, r := range objects(t, raw) {
		var tc urlTestCase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("urltestdata.json: %v in %s", err, r)
		}
		n, err := netURLResolve(tc.Input, tc.Base)
		key := [2]string{tc.Input, ""}
		if tc.Base != nil {
			key[1] = *tc.Base
		}
		if tc.Failure {
			mustFail++
			if err == nil {
				accepted++
				failing[key] = n.String()
			}
			continue
		}
		valid++
		if err == nil && n.String() == tc.Href {
			same++
		}
		byCase[key] = tc
	}
	if valid == 0 || mustFail == 0 {
		t.Fatalf("urltestdata.json: %d valid and %d failure cases", valid, mustFail)
	}
	pct := func(a, b int) string { return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b)) }
	var b bytes.Buffer
	b.WriteString("<!-- Code generated by TestNetURLDifferencesDoc in neturl_docs_test.go; DO NOT EDIT. -->\n\n")
	b.WriteString("# Go's net/url and the URL Standard\n\n")
	b.WriteString("Go's net/url measured against WPT's `urltestdata.json`, the URL Standard's conformance data,\n")
	b.WriteString("which weburl passes. Each input is parsed as a net/url user would: `url.Parse(base).Parse(input)` when the case has a\n")
	b.WriteString("base, else `url.Parse(input)`; the result's `String()` is compared with the standard's href.\n\n")
	b.WriteString("| | cases | net/url |\n| --- | --- | --- |\n")
	fmt.Fprintf(&b, "| valid inputs: same href as browsers | %d | %d (%s) |\n", valid, same, pct(same, valid))
	fmt.Fprintf(&b, "| inputs that must fail: accepted anyway | %d | %d (%s) |\n\n", mustFail, accepted, pct(accepted, mustFail))
	b.WriteString("## Examples\n\n| input | base | URL Standard (weburl) | net/url |\n| --- | --- | --- | --- |\n")
	for _, ex := range differenceExamples {
		tc, ok := byCase[ex]
		if !ok {
			t.Errorf("example %q against %q is not a valid case of urltestdata.json", ex[0], ex[1])
			continue
		}
		var theirs string
		if n, err := netURLResolve(tc.Input, tc.Base); err != nil {
			theirs = "error: " + errors.Unwrap(err).Error()
		} else if theirs = fmt.Sprintf("%q", n.String()); n.String() == tc.Href {
			t.Errorf("example %q: net/url agrees with the standard", tc.Input)
		}
		base := ""
		if tc.Base != nil {
			base = mdCode(fmt.Sprintf("%q", *tc.Base))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdCell(mdCode(fmt.Sprintf("%q", tc.Input))), mdCell(base), mdCell(mdCode(fmt.Sprintf("%q", tc.Href))), mdCell(mdCode(theirs)))
	}
	b.WriteString("\n## Inputs that must fail, accepted by net/url\n\n| input | base | net/url |\n| --- | --- | --- |\n")
	for _, ex := range failureExamples {
		got, ok := failing[ex]
		if !ok {
			t.Errorf("failure example %q against %q is not a must-fail case of urltestdata.json that net/url accepts", ex[0], ex[1])
			continue
		}
		base := ""
		if ex[1] != "" {
			base = mdCode(fmt.Sprintf("%q", ex[1]))
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", mdCell(mdCode(fmt.Sprintf("%q", ex[0]))), mdCell(base), mdCell(mdCode(fmt.Sprintf("%q", got))))
	}
	b.WriteString("\nRegenerate with `go test -run TestNetURLDifferencesDoc -update`, with the WPT corpus (in testdata/wpt, or WPT_DIR).\n")
	checkGenerated(t, differencesDocPath, b.Bytes(), "TestNetURLDifferencesDoc")
	t.Logf("net/url: %d of %d valid inputs give the same href; accepts %d of %d must-fail inputs", same, valid, accepted, mustFail)
}

// migrationNotes are the sections of docs/migration.md on net/url names
// and uses that have no one-line answer, in Markdown.
const migrationNotes = "## Request targets: ParseRequestURI and urlnet.RequestURL\n\n" +
	"net/url's `ParseRequestURI(s)` returns a relative URL for an origin-form target (`/p?q`). A URL here is absolute,\n" +
	"so `url.ParseRequestURI(target, origin)` takes the origin the request was sent to: `/p?q` against\n" +
	"`https://example.com` gives `https://example.com/p?q`; a target starting with `//`\n" +
	"(`//not.a.user@not.a.host/just/a/path`) stays a path; an absolute-form target (`https://host/p`) parses alone.\n" +
	"Like net/url's, it refuses `foo.html`, `../dir/` and control characters; it also refuses the asterisk-form `*`,\n" +
	"which names no resource (net/url returns `Path: \"*\"`); hosts are read as `Parse` reads them. A request target has no fragment: a `#` is data and becomes\n" +
	"`%23`, as net/url also keeps it in the path or query. In a net/http handler, `urlnet.RequestURL(r)` builds the\n" +
	"same URL from the `*http.Request`: the scheme from `r.TLS`, the host from `r.Host` (checked to be one host and\n" +
	"port), the target from `r.RequestURI`. Do not resolve a target with `Parse(target, \"http://\"+host)`: that reads\n" +
	"`//not.a.user@not.a.host/...` as a host and accepts `foo.html`.\n\n" +
	"## Signatures that must stay on net/url\n\n" +
	"Types that net/http or a dependency defines keep `*net/url.URL`: `http.Request.URL`, the func of\n" +
	"`http.Transport.Proxy` (`func(*http.Request) (*url.URL, error)`) and any func type of your own that must match\n" +
	"it, the methods of an `http.CookieJar` (`SetCookies(u *url.URL, ...)`, `Cookies(u *url.URL)`), and any\n" +
	"interface of a dependency. Import net/url beside weburl under another name (`neturl \"net/url\"`), keep those\n" +
	"declarations on `*neturl.URL`, and convert at the edge: `u.NetURL()` passes a weburl URL, `url.FromNetURL(n)`\n" +
	"takes one (it fails for a relative `n`; handle the error).\n\n" +
	"## A lone `%`: http.NewRequest refuses, urlnet.NewRequest sends\n\n" +
	"weburl keeps a `%` that is not followed by two hex digits (`https://example.com/100%`), as browsers do.\n" +
	"net/url's parser refuses it, so `http.NewRequest(method, u.Href(), body)` and `client.Get(u.Href())` fail on such\n" +
	"a URL with `invalid URL escape \"%\"`. `urlnet.NewRequest(ctx, method, u, body)` builds the request from\n" +
	"`u.NetURL()` and sends it (net/http then writes the request-target in absolute form).\n\n" +
	"## Hostname and Port of a bare host:port\n\n" +
	"`(&url.URL{Host: h}).Hostname()` and `.Port()`, on a `host:port` such as `r.Host`, become\n" +
	"`url.HostPort(h).Hostname()` and `url.HostPort(h).Port()`: net/url's split exactly (brackets of an IPv6\n" +
	"address stripped, a port only when digits alone follow the last `:`), with no parsing and no normalization.\n\n" +
	"## Error is a net.Error\n\n" +
	"`*url.Error` has `Timeout` and `Temporary`, which return the cause's answer when the cause has the method and\n" +
	"false otherwise, as `*net/url.Error`'s do; so `*url.Error` satisfies `net.Error` (the package does not import\n" +
	"net for it). net/url's `InvalidHostError` has no counterpart: a host failure is a `*ValidationError` whose\n" +
	"`Kind` names it (`errors.Is(err, url.HostInvalidCodePoint)`).\n\n" +
	"## Struct literals and relative URLs\n\n" +
	"A URL of the URL Standard is always absolute, and a weburl `URL` is made by parsing: it has no exported fields\n" +
	"for a literal to set, and there is no relative URL value. `&url.URL{Scheme: \"https\", Host: h, Path: p}` becomes\n" +
	"`url.FromNetURL(&neturl.URL{Scheme: \"https\", Host: h, Path: p})` (net/url escapes the fields as it did, then\n" +
	"the result is parsed) or `url.Parse(...)` of the string. A relative value (`&url.URL{Path: \"a/b\"}`, a parsed\n" +
	"relative reference) has no counterpart: keep the reference a string and resolve it with `base.Parse(ref)`, as\n" +
	"the first recipe below shows.\n\n" +
	"## Opaque and the request line\n\n" +
	"Programs set `Opaque` on a `*net/url.URL` to choose the request-target net/http sends (to keep `%2F` as it is,\n" +
	"for one). weburl's `URL` has no `Opaque`: its href is what is sent, and `u.NetURL()` sets `Opaque` itself where\n" +
	"net/url would write the URL another way. To choose the request line by hand, make the request\n" +
	"(`urlnet.NewRequest` or `http.NewRequest`) and set `Opaque` on its `req.URL`, which is a `*net/url.URL`.\n\n" +
	"## Go's net/url tests\n\n" +
	"[neturl_tables_test.go](../neturl_tables_test.go) reads the tables of `src/net/url/url_test.go` from the Go that\n" +
	"runs it, and runs each case with the call a net/url user writes after the import swap (a field read becomes a\n" +
	"getter, an expected `*net/url.URL` is compared with `u.NetURL()`, a literal goes through `FromNetURL`). Every\n" +
	"case passes or is listed in [testdata/neturl_tables.txt](../testdata/neturl_tables.txt) with the key of the row\n" +
	"of this page that explains it; `go test -run TestNetURLTables -v` prints the count per class.\n\n"

// writeMigrationNotes writes migrationNotes.
func writeMigrationNotes(b *bytes.Buffer) { b.WriteString(migrationNotes) }

// TestMigrationNotesFacts checks the facts migrationNotes states that no
// other test checks: net/url refuses a lone '%' that weburl keeps, and
// returns Path "*" for the asterisk-form.
func TestMigrationNotesFacts(t *testing.T) {
	const lone = "https://example.com/100%"
	//lint:ignore SA1007 net/url's refusal of this URL is the fact checked
	if _, err := neturl.Parse(lone); err == nil || !strings.Contains(err.Error(), `invalid URL escape "%"`) {
		t.Errorf("net/url's Parse(%q) = %v; the doc says it fails with invalid URL escape", lone, err)
	}
	if u, err := Parse(lone); err != nil || u.Href() != lone {
		t.Errorf("Parse(%q) = %v, %v; the doc says it keeps the '%%'", lone, u, err)
	}
	if n, err := neturl.ParseRequestURI("*"); err != nil || n.Path != "*" {
		t.Errorf("net/url's ParseRequestURI(\"*\") = %v, %v; the doc says Path \"*\"", n, err)
	}
}
