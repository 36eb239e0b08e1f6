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
	{"Parse", []string{"Parse"}, "`Parse(input, base...)`", "`Parse(s)` compiles unchanged. Rejects relative references without a base, normalizes as browsers do; resolve with `Parse(ref, base)`."},
	{"ParseRequestURI", nil, "`Parse(requestURI, \"http://\"+host)`", "No counterpart: a request target is resolved against the request's origin."},

	// Error types.
	{"Error", []string{"Error"}, "`*Error`", "Same shape, but the input is in `Input`, and `Err` is a `*ValidationError` (`errors.Is(err, url.PortInvalid)`) or a sentinel."},
	{"Error.Op", []string{"Error.Op"}, "`Error.Op`", "\"parse\", \"parse base\", or a setter's name."},
	{"Error.URL", []string{"Error.Input"}, "`Error.Input`", "Renamed: the input that failed."},
	{"Error.Err", []string{"Error.Err"}, "`Error.Err`", "A `*ValidationError` with the spec's error name and the offset."},
	{"Error.Error", []string{"Error.Error"}, "`(*Error).Error`", "Same form after a `url: ` prefix, `url: parse \"input\": cause`; a cause is the spec's name, a gloss and the offset."},
	{"Error.Unwrap", []string{"Error.Unwrap"}, "`(*Error).Unwrap`", "Same."},
	{"Error.Timeout", nil, "none", "Parsing never times out; net/url's always returns false for parse errors."},
	{"Error.Temporary", nil, "none", "As `Timeout`."},
	{"EscapeError", []string{"EscapeError"}, "`EscapeError`", "Alias of net/url's; returned by the delegating unescape functions."},
	{"EscapeError.Error", []string{"EscapeError"}, "`EscapeError.Error`", "net/url's (alias)."},
	{"InvalidHostError", []string{"HostInvalidCodePoint", "DomainToASCII"}, "`errors.Is(err, url.HostInvalidCodePoint)`, `DomainToASCII`, ...", "No alias: host failures are `*ValidationError`s with the spec's kinds."},
	{"InvalidHostError.Error", []string{"ValidationError.Error"}, "`(*ValidationError).Error`", "See `InvalidHostError`."},

	// URL and its fields.
	{"URL", []string{"URL"}, "`URL`", "The href plus offsets; fields become methods. Do not copy a `URL` value: use `*URL`."},
	{"URL.Scheme", []string{"URL.Scheme", "URL.Protocol"}, "`Scheme()`, `Protocol()`", "Method; always lowercase. `Protocol()` adds the \":\"."},
	{"URL.Opaque", []string{"URL.HasOpaquePath", "URL.Pathname"}, "`HasOpaquePath()` and `Pathname()`", "An opaque path is the path; `NetURL` fills `Opaque`."},
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
	{"URL.Clone", []string{"URL.Clone"}, "`Clone`", "A copy of the URL; the way to copy one (never copy a `URL` value)."},
	{"URL.AppendBinary", []string{"URL.AppendBinary"}, "`AppendBinary`", "The href."},
	{"URL.EscapedFragment", []string{"URL.EscapedFragment"}, "`EscapedFragment`", "The stored (encoded) fragment."},
	{"URL.EscapedPath", []string{"URL.EscapedPath"}, "`EscapedPath`", "`Pathname()`; for an opaque path, the opaque path (net/url: \"\")."},
	{"URL.Hostname", []string{"URL.Hostname"}, "`Hostname`", "Keeps an IPv6 address's brackets (WHATWG); net/url strips them."},
	{"URL.IsAbs", []string{"URL.IsAbs"}, "`IsAbs`", "Always true for a parsed URL (false only for the zero URL)."},
	{"URL.JoinPath", []string{"URL.JoinPath"}, "`JoinPath`", "Never climbs above the base path; encodes `?`, `#`, `\\`."},
	{"URL.MarshalBinary", []string{"URL.MarshalBinary"}, "`MarshalBinary`", "The href. Also `MarshalText`, `MarshalJSON`; `Scan` reads it from database/sql."},
	{"URL.Parse", []string{"URL.Parse"}, "`(*URL).Parse(ref)`", "Resolves ref against the URL as a browser does."},
	{"URL.Port", []string{"URL.Port"}, "`Port`", "\"\" for the scheme's default port, which the parser drops."},
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

// silentDiffs are the differences that break code without a compile
// error or an obvious failure: the top of docs/migration.md lists them.
func silentDiffs() []migrationDiff {
	return []migrationDiff{
		{"Parsing the empty string fails, and returns a nil URL, where net/url returns an empty URL", "`Parse(s)`", "", "", ourHref, theirHref},
		{"Parsing a fragment alone fails, and returns a nil URL", "`Parse(s)`", "#x", "", ourHref, theirHref},
		{"A URL of a special scheme with no path serializes with a trailing slash", "`Parse(s).String()`", "http://foo.com", "", ourHref, theirHref},
		{"\":\" resolves against a base, where net/url fails", "`base.Parse(s)`", ":", "http://foo.com/", ourResolve, theirResolve},
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
	b.WriteString("Change the import and keep most call sites:\n\n")
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
		fmt.Fprintf(&b, "- **%s.** %s of %s: weburl gives %s, net/url %s.\n", d.what, d.expr, in, mdCode(ours), mdCode(theirs))
	}
	b.WriteString("\nThe table at the end lists every other behaviour that differs.\n\n")
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
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s |\n", i+1, mdCell(d.what), mdCell(d.expr), mdCell(in), mdCell(mdCode(ours)), mdCell(mdCode(theirs)))
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
	b.WriteString("\nRegenerate with `WPT_DIR=../shared/wpt go test -run TestNetURLDifferencesDoc -update` (or with the corpus in testdata/wpt).\n")
	checkGenerated(t, differencesDocPath, b.Bytes(), "TestNetURLDifferencesDoc")
	t.Logf("net/url: %d of %d valid inputs give the same href; accepts %d of %d must-fail inputs", same, valid, accepted, mustFail)
}
