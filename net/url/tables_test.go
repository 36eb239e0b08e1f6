package url_test

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/url/internal/gourltests"
	"github.com/weburl/url/net/url"
)

var update = flag.Bool("update", false, "add unlisted cases of Go's net/url tables to testdata/neturl_tables.txt as UNCLASSIFIED")

const tablesList = "testdata/neturl_tables.txt"

// notAdapted names the table literals of Go's url_test.go not run here.
var notAdapted = map[string]string{
	"resolvePathTests":  "tests net/url's unexported resolvePath",
	"shouldEscapeTests": "tests net/url's unexported shouldEscape",
	"escapeBenchmarks":  "benchmark inputs, no expected results",
}

// Short names for the row accessors.
var (
	str    = gourltests.String
	boolOf = gourltests.Bool
	want   = gourltests.Want
	desc   = gourltests.Describe
)

// adapters run each table of Go's net/url tests with this package, the
// calls written exactly as in net/url's tests: the import swap changes
// nothing else. Tables of methods (String, RequestURI, Redacted, ...) run
// too: the methods are net/url's, on net/url's type.
var adapters = map[string]gourltests.Adapter{
	"urltests": func(r any) (string, string) {
		in, out, rt := str(r, "in"), gourltests.URL(r, "out"), str(r, "roundtrip")
		if rt == "" {
			rt = in
		}
		if in == "" {
			return out.String(), want(strconv.Quote(out.String()), strconv.Quote(rt))
		}
		u, err := url.Parse(in)
		if err != nil {
			return in, want(desc("", err), strconv.Quote(rt))
		}
		if d := want(strconv.Quote(u.String()), strconv.Quote(rt)); d != "" {
			return in, d
		}
		if !reflect.DeepEqual(u, out) {
			return in, fmt.Sprintf("Parse = %#v, want %#v", *u, *out)
		}
		return in, ""
	},
	"parseRequestURLTests": func(r any) (string, string) {
		in, valid := str(r, "url"), boolOf(r, "expectedValid")
		_, err := url.ParseRequestURI(in)
		if (err == nil) != valid {
			return in, fmt.Sprintf("ParseRequestURI: %v, want valid %v", err, valid)
		}
		return in, ""
	},
	"stringURLTests": func(r any) (string, string) {
		u, w := gourltests.URL(r, "url"), str(r, "want")
		return w, want(strconv.Quote(u.String()), strconv.Quote(w))
	},
	"resolveReferenceTests": func(r any) (string, string) {
		base, rel, exp := str(r, "base"), str(r, "rel"), str(r, "expected")
		key := rel + " against " + base
		b, err := url.Parse(base)
		if err != nil {
			return key, "base: " + desc("", err)
		}
		ref, err := url.Parse(rel)
		if err != nil {
			return key, "reference: " + desc("", err)
		}
		if d := want(strconv.Quote(b.ResolveReference(ref).String()), strconv.Quote(exp)); d != "" {
			return key, "ResolveReference: " + d
		}
		u, err := b.Parse(rel)
		if err != nil {
			return key, want(desc("", err), strconv.Quote(exp))
		}
		return key, want(strconv.Quote(u.String()), strconv.Quote(exp))
	},
	"requritests": func(r any) (string, string) {
		u, out := gourltests.URL(r, "url"), str(r, "out")
		return u.String(), want(strconv.Quote(u.RequestURI()), strconv.Quote(out))
	},
	"TestParseErrors.tests": func(r any) (string, string) {
		in, wantErr := str(r, "in"), boolOf(r, "wantErr")
		u, err := url.Parse(in)
		if (err != nil) != wantErr {
			got := desc("", err)
			if err == nil {
				got = strconv.Quote(u.String())
			}
			return in, fmt.Sprintf("Parse = %s, want error %v", got, wantErr)
		}
		return in, ""
	},
	"TestURLHostnameAndPort.tests": func(r any) (string, string) {
		in := str(r, "in")
		u := &url.URL{Host: in}
		return in, want(strconv.Quote(u.Hostname())+" "+strconv.Quote(u.Port()), strconv.Quote(str(r, "host"))+" "+strconv.Quote(str(r, "port")))
	},
	"TestJoinPath.tests": func(r any) (string, string) {
		base, out := str(r, "base"), str(r, "out")
		var elem []string
		if es, ok := r.(gourltests.Row)["elem"].([]any); ok {
			for _, e := range es {
				elem = append(elem, e.(string))
			}
		}
		key := fmt.Sprintf("%s + %q", base, elem)
		got, err := url.JoinPath(base, elem...)
		if (err == nil) != (out != "") || got != out {
			return key, fmt.Sprintf("JoinPath = %s, want %q", desc(got, err), out)
		}
		return key, ""
	},
	"TestParseStrictIpv6.tests": func(r any) (string, string) {
		in := str(r, "url")
		_, err := url.Parse(in)
		return in, want(desc("", err), `""`)
	},
	"unescapeTests": func(r any) (string, string) {
		in, out, wantErr := str(r, "in"), str(r, "out"), r.(gourltests.Row)["err"] != nil
		got, err := url.QueryUnescape(in)
		if got != out || (err != nil) != wantErr {
			return in, fmt.Sprintf("QueryUnescape = %s, want %q, error %v", desc(got, err), out, wantErr)
		}
		return in, ""
	},
	"queryEscapeTests": func(r any) (string, string) {
		in := str(r, "in")
		return in, want(strconv.Quote(url.QueryEscape(in)), strconv.Quote(str(r, "out")))
	},
	"pathEscapeTests": func(r any) (string, string) {
		in := str(r, "in")
		return in, want(strconv.Quote(url.PathEscape(in)), strconv.Quote(str(r, "out")))
	},
	"encodeQueryTests": func(r any) (string, string) {
		m, _ := r.(gourltests.Row)["m"].(url.Values)
		exp := str(r, "expected")
		return exp, want(strconv.Quote(m.Encode()), strconv.Quote(exp))
	},
	"parseTests": func(r any) (string, string) {
		q := str(r, "query")
		out, _ := r.(gourltests.Row)["out"].(url.Values)
		got, err := url.ParseQuery(q)
		if !reflect.DeepEqual(got, out) || (err == nil) != boolOf(r, "ok") {
			return q, fmt.Sprintf("ParseQuery = %v, %v; want %v, ok %v", got, err, out, boolOf(r, "ok"))
		}
		return q, ""
	},
	"TestURLRedacted.cases": func(r any) (string, string) {
		u, w := gourltests.URL(r, "url"), str(r, "want")
		return str(r, "name"), want(strconv.Quote(u.Redacted()), strconv.Quote(w))
	},
	"netErrorTests": func(r any) (string, string) {
		e := r.(gourltests.Row)["err"].(gourltests.Row)
		cause := gourltests.Cause(e["Err"])
		u := &url.Error{Op: e["Op"].(string), URL: e["URL"].(string), Err: cause}
		return cause.Error(), want(fmt.Sprint(u.Timeout(), u.Temporary()), fmt.Sprint(boolOf(r, "timeout"), boolOf(r, "temporary")))
	},
	"TestRejectControlCharacters.tests": func(r any) (string, string) {
		in := r.(string)
		u, err := url.Parse(in)
		if err == nil {
			return in, fmt.Sprintf("Parse = %q, want an error", u)
		}
		return in, ""
	},
	"TestURLClone.tests": func(r any) (string, string) {
		n := gourltests.URL(r, "in")
		key := str(r, "name")
		c := reflect.ValueOf(n).MethodByName("Clone") // Go 1.27 only
		if !c.IsValid() {
			return key, "URL has no Clone method"
		}
		if got := c.Call(nil)[0].Interface().(*url.URL); !reflect.DeepEqual(got, n) {
			return key, fmt.Sprintf("Clone = %v, want %v", got, n)
		}
		return key, ""
	},
	"TestValuesClone.tests": func(r any) (string, string) {
		in, _ := r.(gourltests.Row)["in"].(url.Values)
		key := str(r, "name")
		c := reflect.ValueOf(in).MethodByName("Clone") // Go 1.27 only
		if !c.IsValid() {
			return key, "Values has no Clone method"
		}
		if got := c.Call(nil)[0].Interface(); !reflect.DeepEqual(got, in) {
			return key, fmt.Sprintf("Clone = %v, want %v", got, in)
		}
		return key, ""
	},
}

// newerTables are tables only newer Go versions have.
var newerTables = map[string]bool{"TestURLClone.tests": true, "TestValuesClone.tests": true}

// TestNetURLTables runs Go's own net/url tables (read from the Go that
// runs the test) against this package, the calls unchanged. Every case
// passes, or is listed in testdata/neturl_tables.txt with the key of the
// row of docs/neturl-package.md that explains it; a case neither passing
// nor listed fails, and so does a listed case that passes (a listed case
// absent from the running Go's tables is not an error: the list serves
// Go 1.26 and Go 1.27).
//
//	go test -run TestNetURLTables -v ./net/url          # counts per class
//	go test -run TestNetURLTables -update ./net/url     # append unlisted cases
func TestNetURLTables(t *testing.T) {
	path, tables, problems, err := gourltests.Load(adapters, notAdapted)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	have := map[string]bool{}
	for _, tb := range tables {
		have[tb.Name] = true
	}
	for name := range adapters {
		if !have[name] && !newerTables[name] {
			t.Errorf("net/url's tests have no table %s any more", name)
		}
	}
	listed, err := gourltests.ReadList(tablesList)
	if err != nil {
		t.Fatal(err)
	}
	keys := docKeys(t)
	counts, unlisted := gourltests.Check(t, gourltests.Run(tables, adapters), listed, tablesList, keys, "docs/neturl-package.md")
	if *update && len(unlisted) > 0 {
		if err := gourltests.AppendUnlisted(tablesList, unlisted); err != nil {
			t.Fatal(err)
		}
	}
	var classes []string
	for c := range counts {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	var b strings.Builder
	for _, c := range classes {
		fmt.Fprintf(&b, " %s %d;", c, counts[c])
	}
	t.Logf("%s: %d tables:%s", path, len(tables), b.String())
}

// docKeyRE finds a row key of docs/neturl-package.md: an anchor
// <a id="key"></a> at the start of a table row.
var docKeyRE = regexp.MustCompile(`<a id="([a-z0-9-]+)"></a>`)

// docKeys returns the row keys of docs/neturl-package.md.
func docKeys(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("../../docs/neturl-package.md")
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, m := range docKeyRE.FindAllStringSubmatch(string(data), -1) {
		keys[m[1]] = true
	}
	return keys
}
