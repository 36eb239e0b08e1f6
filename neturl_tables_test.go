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
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	goparser "go/parser"
	"go/token"
	neturl "net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const netURLTablesPath = "testdata/neturl_tables.txt"

// tableEval evaluates the literals of one url_test.go.
type tableEval struct {
	types  map[string]*ast.StructType // struct types declared in the file
	consts map[string]ast.Expr        // package-level constants
}

// tableRow is an evaluated struct literal of a type of the test file.
type tableRow map[string]any

// eval evaluates e; typ is the type the context gives an elided
// composite literal (an element of a slice literal).
func (ev *tableEval) eval(e ast.Expr, typ ast.Expr) (any, error) {
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			return strconv.Unquote(e.Value)
		case token.INT:
			return strconv.Atoi(e.Value)
		}
	case *ast.Ident:
		switch e.Name {
		case "true", "false":
			return e.Name == "true", nil
		case "nil":
			return nil, nil
		}
		if c, ok := ev.consts[e.Name]; ok {
			return ev.eval(c, nil)
		}
	case *ast.ParenExpr:
		return ev.eval(e.X, typ)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			x, err := ev.eval(e.X, nil)
			if err != nil {
				return nil, err
			}
			y, err := ev.eval(e.Y, nil)
			if err != nil {
				return nil, err
			}
			xs, ok1 := x.(string)
			ys, ok2 := y.(string)
			if ok1 && ok2 {
				return xs + ys, nil
			}
		}
	case *ast.CallExpr:
		return ev.call(e)
	case *ast.UnaryExpr:
		if lit, ok := e.X.(*ast.CompositeLit); ok && e.Op == token.AND {
			v, err := ev.composite(lit, nil)
			if err != nil {
				return nil, err
			}
			switch v := v.(type) {
			case neturl.URL:
				return &v, nil
			case tableRow:
				return v, nil // a pointer to a test-local type: the tableRow
			}
			return v, nil
		}
	case *ast.CompositeLit:
		return ev.composite(e, typ)
	}
	return nil, fmt.Errorf("cannot evaluate %T at %v", e, e.Pos())
}

// call evaluates the calls the tables hold: net/url's User and
// UserPassword, and conversions to EscapeError and InvalidHostError.
func (ev *tableEval) call(e *ast.CallExpr) (any, error) {
	var args []string
	for _, a := range e.Args {
		v, err := ev.eval(a, nil)
		if err != nil {
			return nil, err
		}
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("call argument %v is not a string", v)
		}
		args = append(args, s)
	}
	name := ""
	if id, ok := e.Fun.(*ast.Ident); ok {
		name = id.Name
	}
	switch {
	case name == "User" && len(args) == 1:
		return neturl.User(args[0]), nil
	case name == "UserPassword" && len(args) == 2:
		return neturl.UserPassword(args[0], args[1]), nil
	case name == "EscapeError" && len(args) == 1:
		return neturl.EscapeError(args[0]), nil
	case name == "InvalidHostError" && len(args) == 1:
		return neturl.InvalidHostError(args[0]), nil
	}
	return nil, fmt.Errorf("cannot evaluate the call of %s at %v", name, e.Pos())
}

// composite evaluates a composite literal of type lit.Type, or of typ
// when the literal's type is elided.
func (ev *tableEval) composite(lit *ast.CompositeLit, typ ast.Expr) (any, error) {
	if lit.Type != nil {
		typ = lit.Type
	}
	if st, ok := typ.(*ast.StarExpr); ok {
		typ = st.X
	}
	switch t := typ.(type) {
	case *ast.ArrayType:
		out := []any{}
		for _, el := range lit.Elts {
			v, err := ev.eval(el, t.Elt)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case *ast.StructType:
		return ev.structLit(lit, t, "")
	case *ast.Ident:
		switch t.Name {
		case "URL":
			return ev.netURLLit(lit)
		case "Values":
			return ev.valuesLit(lit)
		case "Error":
			return ev.errorLit(lit)
		case "string":
			return nil, fmt.Errorf("string composite at %v", lit.Pos())
		}
		if st, ok := ev.types[t.Name]; ok {
			return ev.structLit(lit, st, t.Name)
		}
	}
	return nil, fmt.Errorf("cannot evaluate a literal of %T at %v", typ, lit.Pos())
}

// structLit evaluates a literal of a struct type of the test file.
func (ev *tableEval) structLit(lit *ast.CompositeLit, st *ast.StructType, name string) (tableRow, error) {
	var fields []string
	ftypes := map[string]ast.Expr{}
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 { // embedded
			id, _ := f.Type.(*ast.Ident)
			if id == nil {
				return nil, fmt.Errorf("embedded field at %v", f.Pos())
			}
			fields = append(fields, id.Name)
			ftypes[id.Name] = f.Type
		}
		for _, n := range f.Names {
			fields = append(fields, n.Name)
			ftypes[n.Name] = f.Type
		}
	}
	r := tableRow{"": name}
	for i, el := range lit.Elts {
		field, val := "", el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			field, val = kv.Key.(*ast.Ident).Name, kv.Value
		} else if i < len(fields) {
			field = fields[i]
		}
		v, err := ev.eval(val, ftypes[field])
		if err != nil {
			return nil, err
		}
		r[field] = v
	}
	return r, nil
}

// netURLLit evaluates a net/url URL literal: every field is exported.
func (ev *tableEval) netURLLit(lit *ast.CompositeLit) (neturl.URL, error) {
	var u neturl.URL
	rv := reflect.ValueOf(&u).Elem()
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return u, fmt.Errorf("unkeyed URL literal at %v", lit.Pos())
		}
		v, err := ev.eval(kv.Value, nil)
		if err != nil {
			return u, err
		}
		f := rv.FieldByName(kv.Key.(*ast.Ident).Name)
		if v == nil {
			continue
		}
		f.Set(reflect.ValueOf(v))
	}
	return u, nil
}

// valuesLit evaluates a Values literal.
func (ev *tableEval) valuesLit(lit *ast.CompositeLit) (neturl.Values, error) {
	out := neturl.Values{}
	for _, el := range lit.Elts {
		kv := el.(*ast.KeyValueExpr)
		k, err := ev.eval(kv.Key, nil)
		if err != nil {
			return nil, err
		}
		var vals []string
		if c, ok := kv.Value.(*ast.CompositeLit); ok {
			for _, e := range c.Elts {
				s, err := ev.eval(e, nil)
				if err != nil {
					return nil, err
				}
				vals = append(vals, s.(string))
			}
		} else if v, err := ev.eval(kv.Value, nil); err != nil || v != nil {
			return nil, fmt.Errorf("Values entry at %v: %v", kv.Pos(), err)
		}
		out[k.(string)] = vals
	}
	return out, nil
}

// errorLit evaluates net/url's Error{Op, URL, Err}, positional, as a
// tableRow: its Err may be of a type of the test file.
func (ev *tableEval) errorLit(lit *ast.CompositeLit) (tableRow, error) {
	r := tableRow{"": "Error"}
	for i, el := range lit.Elts {
		v, err := ev.eval(el, nil)
		if err != nil {
			if sel, ok := el.(*ast.SelectorExpr); ok && sel.Sel.Name == "EOF" {
				v = errors.New("EOF")
			} else {
				return nil, err
			}
		}
		r[[]string{"Op", "URL", "Err"}[i]] = v
	}
	return r, nil
}

// netURLTable is one table of url_test.go: its name ("urltests", or
// "TestJoinPath.tests" for a table local to a test function) and its
// evaluated rows.
type netURLTable struct {
	name string
	rows []any
}

// loadNetURLTables reads the running Go's net/url tests and evaluates
// every table the adapters below know.
func loadNetURLTables(t *testing.T) (string, []netURLTable) {
	t.Helper()
	pkg, err := build.Default.Import("net/url", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(pkg.Dir, "url_test.go")
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatalf("net/url's tests: %v", err)
	}
	ev := &tableEval{types: map[string]*ast.StructType{}, consts: map[string]ast.Expr{}}
	type lit struct {
		name string
		expr ast.Expr
	}
	var lits []lit
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if st, ok := s.Type.(*ast.StructType); ok {
						ev.types[s.Name.Name] = st
					}
				case *ast.ValueSpec:
					for i, n := range s.Names {
						if i >= len(s.Values) {
							continue
						}
						if d.Tok == token.CONST {
							ev.consts[n.Name] = s.Values[i]
						} else if _, ok := s.Values[i].(*ast.CompositeLit); ok {
							lits = append(lits, lit{n.Name, s.Values[i]})
						}
					}
				}
			}
		case *ast.FuncDecl:
			if d.Body == nil || !strings.HasPrefix(d.Name.Name, "Test") {
				continue
			}
			for _, st := range d.Body.List {
				as, ok := st.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
					continue
				}
				if c, ok := as.Rhs[0].(*ast.CompositeLit); ok {
					if _, ok := c.Type.(*ast.ArrayType); ok {
						lits = append(lits, lit{d.Name.Name + "." + as.Lhs[0].(*ast.Ident).Name, c})
					}
				}
			}
		}
	}
	var tables []netURLTable
	for _, l := range lits {
		if netURLAdapters[l.name] == nil {
			if netURLNotAdapted[l.name] == "" {
				t.Errorf("net/url's tests have a table %s that neturl_tables_test.go neither runs nor names in netURLNotAdapted", l.name)
			}
			continue
		}
		v, err := ev.eval(l.expr, nil)
		if err != nil {
			t.Fatalf("%s: %v", l.name, err)
		}
		rows, ok := v.([]any)
		if !ok || len(rows) == 0 {
			t.Fatalf("%s: not a non-empty slice literal", l.name)
		}
		tables = append(tables, netURLTable{l.name, rows})
	}
	return path, tables
}

// netURLNotAdapted names the table literals of url_test.go this test
// does not run, and why.
var netURLNotAdapted = map[string]string{
	"resolvePathTests":  "tests net/url's unexported resolvePath",
	"shouldEscapeTests": "tests net/url's unexported shouldEscape",
	"escapeBenchmarks":  "benchmark inputs, no expected results",
}

// netURLAdapter runs one row of a table with this package and returns
// the row's key (the input that names it) and "" when the row passes, or
// what differs.
type netURLAdapter func(row any) (key, diff string)

// rowString returns field f of a tableRow as a string ("" if absent).
func rowString(r any, f string) string {
	s, _ := r.(tableRow)[f].(string)
	return s
}

func rowBool(r any, f string) bool {
	b, _ := r.(tableRow)[f].(bool)
	return b
}

// netURLOf returns field f of a tableRow as a *net/url.URL (nil if nil).
func netURLOf(r any, f string) *neturl.URL {
	switch v := r.(tableRow)[f].(type) {
	case *neturl.URL:
		return v
	case neturl.URL:
		return &v
	}
	return nil
}

// describe formats a result or an error.
func describe(s string, err error) string {
	if err != nil {
		return "error " + err.Error()
	}
	return strconv.Quote(s)
}

// want formats a difference, or "" when got equals want.
func want(got, want string) string {
	if got == want {
		return ""
	}
	return "got " + got + ", want " + want
}

// fromLiteral is what a net/url struct literal becomes after the
// migration: FromNetURL of it.
func fromLiteral(n *neturl.URL) (*URL, error) { return FromNetURL(n) }

// netURLAdapters adapts each table, by name, to this package.
var netURLAdapters = map[string]netURLAdapter{
	// Parse(in): its NetURL() has the fields net/url's Parse gives, and
	// String() is the round trip. A row with no input (Go 1.27: a URL
	// that parsing cannot make) is its literal's String, via FromNetURL.
	"urltests": func(r any) (string, string) {
		in, out, rt := rowString(r, "in"), netURLOf(r, "out"), rowString(r, "roundtrip")
		if rt == "" {
			rt = in
		}
		if in == "" {
			u, err := fromLiteral(out)
			if err != nil {
				return out.String(), want(describe("", err), strconv.Quote(rt))
			}
			return out.String(), want(strconv.Quote(u.String()), strconv.Quote(rt))
		}
		u, err := Parse(in)
		if err != nil {
			return in, want(describe("", err), strconv.Quote(rt))
		}
		if d := want(strconv.Quote(u.String()), strconv.Quote(rt)); d != "" {
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
		in, valid := rowString(r, "url"), rowBool(r, "expectedValid")
		_, err := ParseRequestURI(in, "http://example.com")
		if (err == nil) != valid {
			return in, fmt.Sprintf("ParseRequestURI: %v, want valid %v", err, valid)
		}
		return in, ""
	},
	// A URL literal's String: FromNetURL(&lit).String().
	"stringURLTests": func(r any) (string, string) {
		n, w := netURLOf(r, "url"), rowString(r, "want")
		u, err := fromLiteral(n)
		if err != nil {
			return w, want(describe("", err), strconv.Quote(w))
		}
		return w, want(strconv.Quote(u.String()), strconv.Quote(w))
	},
	// base.ResolveReference(Parse(rel)) and base.Parse(rel): base.Parse(rel).
	"resolveReferenceTests": func(r any) (string, string) {
		base, rel, exp := rowString(r, "base"), rowString(r, "rel"), rowString(r, "expected")
		key := rel + " against " + base
		b, err := Parse(base)
		if err != nil {
			return key, "base: " + describe("", err)
		}
		u, err := b.Parse(rel)
		if err != nil {
			return key, want(describe("", err), strconv.Quote(exp))
		}
		return key, want(strconv.Quote(u.String()), strconv.Quote(exp))
	},
	// A URL literal's RequestURI.
	"requritests": func(r any) (string, string) {
		n, out := netURLOf(r, "url"), rowString(r, "out")
		key := n.String()
		u, err := fromLiteral(n)
		if err != nil {
			return key, want(describe("", err), strconv.Quote(out))
		}
		return key, want(strconv.Quote(u.RequestURI()), strconv.Quote(out))
	},
	// Parse(in) fails exactly when net/url's does.
	"TestParseErrors.tests": func(r any) (string, string) {
		in, wantErr := rowString(r, "in"), rowBool(r, "wantErr")
		u, err := Parse(in)
		if (err != nil) != wantErr {
			got := describe("", err)
			if err == nil {
				got = strconv.Quote(u.Href())
			}
			return in, fmt.Sprintf("Parse = %s, want error %v", got, wantErr)
		}
		return in, ""
	},
	// (&URL{Host: in}).Hostname(), Port(): HostPort(in).Hostname(), Port().
	"TestURLHostnameAndPort.tests": func(r any) (string, string) {
		in := rowString(r, "in")
		h := HostPort(in)
		return in, want(strconv.Quote(h.Hostname())+" "+strconv.Quote(h.Port()), strconv.Quote(rowString(r, "host"))+" "+strconv.Quote(rowString(r, "port")))
	},
	// JoinPath(base, elem...), then Parse(base).JoinPath(elem...).
	"TestJoinPath.tests": func(r any) (string, string) {
		base, out := rowString(r, "base"), rowString(r, "out")
		var elem []string
		if es, ok := r.(tableRow)["elem"].([]any); ok {
			for _, e := range es {
				elem = append(elem, e.(string))
			}
		}
		key := fmt.Sprintf("%s + %q", base, elem)
		got, err := JoinPath(base, elem...)
		if (err == nil) != (out != "") || got != out {
			return key, fmt.Sprintf("JoinPath = %s, want %q", describe(got, err), out)
		}
		u, err := Parse(base)
		if err != nil {
			return key, ""
		}
		if out == "" {
			out = base
		}
		return key, want(strconv.Quote(u.JoinPath(elem...).String()), strconv.Quote(out))
	},
	// Parse(url) succeeds (under GODEBUG=urlstrictcolons=0).
	"TestParseStrictIpv6.tests": func(r any) (string, string) {
		in := rowString(r, "url")
		_, err := Parse(in)
		return in, want(describe("", err), `""`)
	},
	// The escaping functions delegate to net/url's.
	"unescapeTests": func(r any) (string, string) {
		in, out, wantErr := rowString(r, "in"), rowString(r, "out"), r.(tableRow)["err"] != nil
		got, err := QueryUnescape(in)
		if got != out || (err != nil) != wantErr {
			return in, fmt.Sprintf("QueryUnescape = %s, want %q, error %v", describe(got, err), out, wantErr)
		}
		return in, ""
	},
	"queryEscapeTests": func(r any) (string, string) {
		in := rowString(r, "in")
		return in, want(strconv.Quote(QueryEscape(in)), strconv.Quote(rowString(r, "out")))
	},
	"pathEscapeTests": func(r any) (string, string) {
		in := rowString(r, "in")
		return in, want(strconv.Quote(PathEscape(in)), strconv.Quote(rowString(r, "out")))
	},
	"encodeQueryTests": func(r any) (string, string) {
		m, _ := r.(tableRow)["m"].(neturl.Values)
		exp := rowString(r, "expected")
		return exp, want(strconv.Quote(Values(m).Encode()), strconv.Quote(exp))
	},
	"parseTests": func(r any) (string, string) {
		q := rowString(r, "query")
		out, _ := r.(tableRow)["out"].(neturl.Values)
		got, err := ParseQuery(q)
		if !reflect.DeepEqual(got, out) || (err == nil) != rowBool(r, "ok") {
			return q, fmt.Sprintf("ParseQuery = %v, %v; want %v, ok %v", got, err, out, rowBool(r, "ok"))
		}
		return q, ""
	},
	// A URL literal's Redacted.
	"TestURLRedacted.cases": func(r any) (string, string) {
		n, w := netURLOf(r, "url"), rowString(r, "want")
		key := rowString(r, "name")
		if n == nil {
			var u *URL
			return key, want(strconv.Quote(u.Redacted()), strconv.Quote(w))
		}
		u, err := fromLiteral(n)
		if err != nil {
			return key, want(describe("", err), strconv.Quote(w))
		}
		return key, want(strconv.Quote(u.Redacted()), strconv.Quote(w))
	},
	// Error{Op, URL, Err}: Error{Op, Input, Err}, as a net.Error.
	"netErrorTests": func(r any) (string, string) {
		e := r.(tableRow)["err"].(tableRow)
		cause := tableCause(e["Err"])
		u := &Error{Op: e["Op"].(string), Input: e["URL"].(string), Err: cause}
		key := cause.Error()
		return key, want(fmt.Sprint(u.Timeout(), u.Temporary()), fmt.Sprint(rowBool(r, "timeout"), rowBool(r, "temporary")))
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
		n := netURLOf(r, "in")
		key := rowString(r, "name")
		if n == nil {
			var u *URL
			if u.Clone() != nil {
				return key, "Clone of nil is not nil"
			}
			return key, ""
		}
		u, err := fromLiteral(n)
		if err != nil {
			return key, describe("", err)
		}
		return key, want(strconv.Quote(u.Clone().String()), strconv.Quote(n.String()))
	},
	// Go 1.27: Values.Clone, net/url's (Values is an alias).
	"TestValuesClone.tests": func(r any) (string, string) {
		in, _ := r.(tableRow)["in"].(neturl.Values)
		key := rowString(r, "name")
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

// tableCause rebuilds a cause of netErrorTests from its tableRow: the test
// file's timeoutError, temporaryError and timeoutTemporaryError have
// only the methods their names say.
func tableCause(v any) error {
	r, ok := v.(tableRow)
	if !ok {
		return v.(error)
	}
	switch r[""] {
	case "timeoutError":
		return tableTimeout{r["timeout"] == true}
	case "temporaryError":
		return tableTemporary{r["temporary"] == true}
	case "timeoutTemporaryError":
		to, _ := r["timeoutError"].(tableRow)
		te, _ := r["temporaryError"].(tableRow)
		return tableBoth{tableTimeout{to["timeout"] == true}, tableTemporary{te["temporary"] == true}}
	}
	return fmt.Errorf("unknown cause %v", r[""])
}

type tableTimeout struct{ timeout bool }

func (e tableTimeout) Error() string { return "timeout error" }
func (e tableTimeout) Timeout() bool { return e.timeout }

type tableTemporary struct{ temporary bool }

func (e tableTemporary) Error() string   { return "temporary error" }
func (e tableTemporary) Temporary() bool { return e.temporary }

type tableBoth struct {
	tableTimeout
	tableTemporary
}

func (e tableBoth) Error() string { return "timeout/temporary error" }

// netURLCase is one row's verdict.
type netURLCase struct {
	id   string // table name, tab, key
	diff string // "" when it passes
}

// runNetURLTables runs every row and names each by table and key (a
// second row with the same key gets " #2").
func runNetURLTables(tables []netURLTable) []netURLCase {
	var cases []netURLCase
	seen := map[string]int{}
	for _, tb := range tables {
		for _, row := range tb.rows {
			key, diff := netURLAdapters[tb.name](row)
			id := tb.name + "\t" + strconv.Quote(key)
			if seen[id]++; seen[id] > 1 {
				id += " #" + strconv.Itoa(seen[id])
			}
			cases = append(cases, netURLCase{id, diff})
		}
	}
	return cases
}

// readNetURLList reads testdata/neturl_tables.txt: "table<TAB>key<TAB>class"
// lines, '#' comments.
func readNetURLList(t *testing.T) map[string]string {
	f, err := os.Open(netURLTablesPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, '\t')
		if i < 0 || strings.Count(line, "\t") != 2 {
			t.Fatalf("%s: malformed line %q", netURLTablesPath, line)
		}
		m[line[:i]] = line[i+1:]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
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
	path, tables := loadNetURLTables(t)
	var names []string
	for _, tb := range tables {
		names = append(names, tb.name)
	}
	for name := range netURLAdapters {
		if !slices.Contains(names, name) && !netURLTableSince(name) {
			t.Errorf("net/url's tests have no table %s any more", name)
		}
	}
	cases := runNetURLTables(tables)
	listed := readNetURLList(t)
	keys := migrationKeys()
	counts := map[string]int{}
	var unlisted []string
	for _, c := range cases {
		class, ok := listed[c.id]
		switch {
		case c.diff == "" && ok:
			t.Errorf("%s passes but is listed as %s in %s: remove it", c.id, class, netURLTablesPath)
		case c.diff == "":
			counts["pass"]++
		case !ok:
			unlisted = append(unlisted, c.id)
			t.Errorf("%s: %s; not listed in %s", c.id, c.diff, netURLTablesPath)
		case !keys[class]:
			t.Errorf("%s: class %q is no key of docs/migration.md (a net/url name of its name table, or a behaviour row's key)", c.id, class)
		default:
			counts[class]++
		}
	}
	if *update && len(unlisted) > 0 {
		f, err := os.OpenFile(netURLTablesPath, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range unlisted {
			fmt.Fprintf(f, "%s\tUNCLASSIFIED\n", id)
		}
		f.Close()
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
