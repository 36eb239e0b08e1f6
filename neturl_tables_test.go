package url

// Go's own net/url test tables, run against this package: the tables of
// $(go env GOROOT)/src/net/url/url_test.go are read at test time from the
// Go installation running the test (nothing of Go's is copied here),
// their literals evaluated, and each case run with the call a net/url
// user would write after the import swap (field reads become getters; an
// expected *net/url.URL is compared with NetURL(); a net/url struct
// literal goes through FromNetURL). Every case passes, or is listed in
// testdata/neturl_tables.txt with the key of the docs/migration.md row
// that explains it. A case neither passing nor listed fails the test, and
// so does a listed case that passes.
//
//	go test -run TestNetURLTables -v            # counts per class
//	go test -run TestNetURLTables -update       # rewrite the list's classes
//
// The list is kept for the union of the Go versions this module supports
// (Go 1.26 and 1.27): a listed case absent from the running Go's tables
// is not an error.

import (
	"fmt"
	neturl "net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/url/internal/gourltests"
)

const netURLTablesPath = "testdata/neturl_tables.txt"

// netURLNotAdapted names the table literals of url_test.go this test
// does not run, and why.
var netURLNotAdapted = map[string]string{
	"resolvePathTests":  "tests net/url's unexported resolvePath",
	"shouldEscapeTests": "tests net/url's unexported shouldEscape",
	"escapeBenchmarks":  "benchmark inputs, no expected results",
}

// fromLiteral is what a net/url struct literal becomes after the
// migration: FromNetURL of it.
func fromLiteral(n *neturl.URL) (*URL, error) { return FromNetURL(n) }

// netURLAdapters adapts each table, by name, to this package.
var netURLAdapters = map[string]gourltests.Adapter{
	// Parse(in): its NetURL() has the fields net/url's Parse gives, and
	// String() is the round trip. A row with no input (Go 1.27: a URL
	// that parsing cannot make) is its literal's String, via FromNetURL.
	"urltests": func(r any) (string, string) {
		in, out, rt := gourltests.String(r, "in"), gourltests.URL(r, "out"), gourltests.String(r, "roundtrip")
		if rt == "" {
			rt = in
		}
		if in == "" {
			u, err := fromLiteral(out)
			if err != nil {
				return out.String(), gourltests.Want(gourltests.Describe("", err), strconv.Quote(rt))
			}
			return out.String(), gourltests.Want(strconv.Quote(u.String()), strconv.Quote(rt))
		}
		u, err := Parse(in)
		if err != nil {
			return in, gourltests.Want(gourltests.Describe("", err), strconv.Quote(rt))
		}
		if d := gourltests.Want(strconv.Quote(u.String()), strconv.Quote(rt)); d != "" {
			return in, d
		}
		if got := u.NetURL(); !reflect.DeepEqual(got, out) {
			return in, fmt.Sprintf("NetURL() = %#v, want %#v", *got, *out)
		}
		return in, ""
	},
	// ParseRequestURI(url): the same verdict, with an origin for the
	// origin-form targets (a URL is absolute).
	"parseRequestURLTests": func(r any) (string, string) {
		in, valid := gourltests.String(r, "url"), gourltests.Bool(r, "expectedValid")
		_, err := ParseRequestURI(in, "http://example.com")
		if (err == nil) != valid {
			return in, fmt.Sprintf("ParseRequestURI: %v, want valid %v", err, valid)
		}
		return in, ""
	},
	// A URL literal's String: FromNetURL(&lit).String().
	"stringURLTests": func(r any) (string, string) {
		n, w := gourltests.URL(r, "url"), gourltests.String(r, "want")
		u, err := fromLiteral(n)
		if err != nil {
			return w, gourltests.Want(gourltests.Describe("", err), strconv.Quote(w))
		}
		return w, gourltests.Want(strconv.Quote(u.String()), strconv.Quote(w))
	},
	// base.ResolveReference(Parse(rel)) and base.Parse(rel): base.Parse(rel).
	"resolveReferenceTests": func(r any) (string, string) {
		base, rel, exp := gourltests.String(r, "base"), gourltests.String(r, "rel"), gourltests.String(r, "expected")
		key := rel + " against " + base
		b, err := Parse(base)
		if err != nil {
			return key, "base: " + gourltests.Describe("", err)
		}
		u, err := b.Parse(rel)
		if err != nil {
			return key, gourltests.Want(gourltests.Describe("", err), strconv.Quote(exp))
		}
		return key, gourltests.Want(strconv.Quote(u.String()), strconv.Quote(exp))
	},
	// A URL literal's RequestURI.
	"requritests": func(r any) (string, string) {
		n, out := gourltests.URL(r, "url"), gourltests.String(r, "out")
		key := n.String()
		u, err := fromLiteral(n)
		if err != nil {
			return key, gourltests.Want(gourltests.Describe("", err), strconv.Quote(out))
		}
		return key, gourltests.Want(strconv.Quote(u.RequestURI()), strconv.Quote(out))
	},
	// Parse(in) fails exactly when net/url's does.
	"TestParseErrors.tests": func(r any) (string, string) {
		in, wantErr := gourltests.String(r, "in"), gourltests.Bool(r, "wantErr")
		u, err := Parse(in)
		if (err != nil) != wantErr {
			got := gourltests.Describe("", err)
			if err == nil {
				got = strconv.Quote(u.Href())
			}
			return in, fmt.Sprintf("Parse = %s, want error %v", got, wantErr)
		}
		return in, ""
	},
	// (&URL{Host: in}).Hostname(), Port(): HostPort(in).Hostname(), Port().
	"TestURLHostnameAndPort.tests": func(r any) (string, string) {
		in := gourltests.String(r, "in")
		h := HostPort(in)
		return in, gourltests.Want(strconv.Quote(h.Hostname())+" "+strconv.Quote(h.Port()), strconv.Quote(gourltests.String(r, "host"))+" "+strconv.Quote(gourltests.String(r, "port")))
	},
	// JoinPath(base, elem...), then Parse(base).JoinPath(elem...).
	"TestJoinPath.tests": func(r any) (string, string) {
		base, out := gourltests.String(r, "base"), gourltests.String(r, "out")
		var elem []string
		if es, ok := r.(gourltests.Row)["elem"].([]any); ok {
			for _, e := range es {
				elem = append(elem, e.(string))
			}
		}
		key := fmt.Sprintf("%s + %q", base, elem)
		got, err := JoinPath(base, elem...)
		if (err == nil) != (out != "") || got != out {
			return key, fmt.Sprintf("JoinPath = %s, want %q", gourltests.Describe(got, err), out)
		}
		u, err := Parse(base)
		if err != nil {
			return key, ""
		}
		if out == "" {
			out = base
		}
		return key, gourltests.Want(strconv.Quote(u.JoinPath(elem...).String()), strconv.Quote(out))
	},
	// Parse(url) succeeds (under GODEBUG=urlstrictcolons=0).
	"TestParseStrictIpv6.tests": func(r any) (string, string) {
		in := gourltests.String(r, "url")
		_, err := Parse(in)
		return in, gourltests.Want(gourltests.Describe("", err), `""`)
	},
	// The escaping functions delegate to net/url's.
	"unescapeTests": func(r any) (string, string) {
		in, out, wantErr := gourltests.String(r, "in"), gourltests.String(r, "out"), r.(gourltests.Row)["err"] != nil
		got, err := QueryUnescape(in)
		if got != out || (err != nil) != wantErr {
			return in, fmt.Sprintf("QueryUnescape = %s, want %q, error %v", gourltests.Describe(got, err), out, wantErr)
		}
		return in, ""
	},
	"queryEscapeTests": func(r any) (string, string) {
		in := gourltests.String(r, "in")
		return in, gourltests.Want(strconv.Quote(QueryEscape(in)), strconv.Quote(gourltests.String(r, "out")))
	},
	"pathEscapeTests": func(r any) (string, string) {
		in := gourltests.String(r, "in")
		return in, gourltests.Want(strconv.Quote(PathEscape(in)), strconv.Quote(gourltests.String(r, "out")))
	},
	"encodeQueryTests": func(r any) (string, string) {
		m, _ := r.(gourltests.Row)["m"].(neturl.Values)
		exp := gourltests.String(r, "expected")
		return exp, gourltests.Want(strconv.Quote(Values(m).Encode()), strconv.Quote(exp))
	},
	"parseTests": func(r any) (string, string) {
		q := gourltests.String(r, "query")
		out, _ := r.(gourltests.Row)["out"].(neturl.Values)
		got, err := ParseQuery(q)
		if !reflect.DeepEqual(got, out) || (err == nil) != gourltests.Bool(r, "ok") {
			return q, fmt.Sprintf("ParseQuery = %v, %v; want %v, ok %v", got, err, out, gourltests.Bool(r, "ok"))
		}
		return q, ""
	},
	// A URL literal's Redacted.
	"TestURLRedacted.cases": func(r any) (string, string) {
		n, w := gourltests.URL(r, "url"), gourltests.String(r, "want")
		key := gourltests.String(r, "name")
		if n == nil {
			var u *URL
			return key, gourltests.Want(strconv.Quote(u.Redacted()), strconv.Quote(w))
		}
		u, err := fromLiteral(n)
		if err != nil {
			return key, gourltests.Want(gourltests.Describe("", err), strconv.Quote(w))
		}
		return key, gourltests.Want(strconv.Quote(u.Redacted()), strconv.Quote(w))
	},
	// Error{Op, URL, Err}: Error{Op, Input, Err}, as a net.Error.
	"netErrorTests": func(r any) (string, string) {
		e := r.(gourltests.Row)["err"].(gourltests.Row)
		cause := gourltests.Cause(e["Err"])
		u := &Error{Op: e["Op"].(string), Input: e["URL"].(string), Err: cause}
		key := cause.Error()
		return key, gourltests.Want(fmt.Sprint(u.Timeout(), u.Temporary()), fmt.Sprint(gourltests.Bool(r, "timeout"), gourltests.Bool(r, "temporary")))
	},
	// Parse(s) fails on an ASCII control character.
	"TestRejectControlCharacters.tests": func(r any) (string, string) {
		in := r.(string)
		u, err := Parse(in)
		if err == nil {
			return in, fmt.Sprintf("Parse = %q, want an error", u.Href())
		}
		return in, ""
	},
	// Go 1.27: Clone of a URL literal equals it.
	"TestURLClone.tests": func(r any) (string, string) {
		n := gourltests.URL(r, "in")
		key := gourltests.String(r, "name")
		if n == nil {
			var u *URL
			if u.Clone() != nil {
				return key, "Clone of nil is not nil"
			}
			return key, ""
		}
		u, err := fromLiteral(n)
		if err != nil {
			return key, gourltests.Describe("", err)
		}
		return key, gourltests.Want(strconv.Quote(u.Clone().String()), strconv.Quote(n.String()))
	},
	// Go 1.27: Values.Clone, net/url's (Values is an alias).
	"TestValuesClone.tests": func(r any) (string, string) {
		in, _ := r.(gourltests.Row)["in"].(neturl.Values)
		key := gourltests.String(r, "name")
		// Through reflect: Values.Clone is not in Go 1.26, where this
		// table is absent.
		clone := reflect.ValueOf(Values(in)).MethodByName("Clone")
		if !clone.IsValid() {
			return key, "Values has no Clone method"
		}
		if c := clone.Call(nil)[0].Interface(); !reflect.DeepEqual(c, Values(in)) {
			return key, fmt.Sprintf("Clone = %v, want %v", c, in)
		}
		return key, ""
	},
}

// migrationKeys returns the keys a class may name: every net/url name of
// migration.md's name table, and the key of every behaviour row.
func migrationKeys() map[string]bool {
	keys := map[string]bool{}
	for _, m := range migrationNames {
		keys[m.netURL] = true
	}
	for k := range diffKeys {
		keys[k] = true
	}
	return keys
}

func TestNetURLTables(t *testing.T) {
	path, tables, problems, err := gourltests.Load(netURLAdapters, netURLNotAdapted)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	var names []string
	for _, tb := range tables {
		names = append(names, tb.Name)
	}
	for name := range netURLAdapters {
		if !slices.Contains(names, name) && !netURLTableSince(name) {
			t.Errorf("net/url's tests have no table %s any more", name)
		}
	}
	cases := gourltests.Run(tables, netURLAdapters)
	listed, err := gourltests.ReadList(netURLTablesPath)
	if err != nil {
		t.Fatal(err)
	}
	keys := migrationKeys()
	counts, unlisted := gourltests.Check(t, cases, listed, netURLTablesPath, keys, "docs/migration.md (a net/url name of its name table, or a behaviour row's key)")
	if *update && len(unlisted) > 0 {
		if err := gourltests.AppendUnlisted(netURLTablesPath, unlisted); err != nil {
			t.Fatal(err)
		}
	}
	var classes []string
	for c := range counts {
		classes = append(classes, c)
	}
	sort.Slice(classes, func(i, j int) bool {
		if counts[classes[i]] != counts[classes[j]] {
			return counts[classes[i]] > counts[classes[j]]
		}
		return classes[i] < classes[j]
	})
	var b strings.Builder
	documented, noCounterpart := 0, 0
	for _, c := range classes {
		fmt.Fprintf(&b, " %s %d;", c, counts[c])
		if c != "pass" {
			documented += counts[c]
		}
		if i := slices.IndexFunc(migrationNames, func(m migrationName) bool { return m.netURL == c }); i >= 0 && migrationNames[i].ours == nil {
			noCounterpart += counts[c]
		}
	}
	t.Logf("%s: %d tables, %d cases: pass %d, documented difference %d, no counterpart %d; by class:%s",
		path, len(tables), len(cases), counts["pass"], documented, noCounterpart, b.String())
}

// netURLTableSince reports whether the table is one only newer Go
// versions have.
func netURLTableSince(name string) bool {
	return name == "TestURLClone.tests" || name == "TestValuesClone.tests"
}
