// Package gourltests reads the table-driven tests of the running Go's
// net/url ($(go env GOROOT)/src/net/url/url_test.go) and evaluates their
// literals, so that a test can run Go's own cases against a package of
// this module: the root package (with the calls a net/url user writes
// after moving to it) and net/url/ (with the calls unchanged). Nothing of
// Go's is copied: the file is read at test time from the Go installation
// that runs the test.
package gourltests

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
	"strconv"
	"strings"
)

// Table is one table of url_test.go: its name ("urltests", or
// "TestJoinPath.tests" for a table local to a test function) and its
// evaluated rows: a [Row] for a struct literal, a string, a
// *[net/url.URL] or a [net/url.Values] as the literal is.
type Table struct {
	Name string
	Rows []any
}

// evaluator evaluates the literals of one url_test.go.
type evaluator struct {
	types  map[string]*ast.StructType // struct types declared in the file
	consts map[string]ast.Expr        // package-level constants
}

// Row is an evaluated struct literal of a type of the test file.
type Row map[string]any

// eval evaluates e; typ is the type the context gives an elided
// composite literal (an element of a slice literal).
func (ev *evaluator) eval(e ast.Expr, typ ast.Expr) (any, error) {
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
			case Row:
				return v, nil // a pointer to a test-local type: the Row
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
func (ev *evaluator) call(e *ast.CallExpr) (any, error) {
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
func (ev *evaluator) composite(lit *ast.CompositeLit, typ ast.Expr) (any, error) {
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
func (ev *evaluator) structLit(lit *ast.CompositeLit, st *ast.StructType, name string) (Row, error) {
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
	r := Row{"": name}
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
func (ev *evaluator) netURLLit(lit *ast.CompositeLit) (neturl.URL, error) {
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
func (ev *evaluator) valuesLit(lit *ast.CompositeLit) (neturl.Values, error) {
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
			return nil, fmt.Errorf("a Values entry at %v: %v", kv.Pos(), err)
		}
		out[k.(string)] = vals
	}
	return out, nil
}

// errorLit evaluates net/url's Error{Op, URL, Err}, positional, as a
// Row: its Err may be of a type of the test file.
func (ev *evaluator) errorLit(lit *ast.CompositeLit) (Row, error) {
	r := Row{"": "Error"}
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

// Load reads the running Go's net/url tests and evaluates every table
// that adapters has an adapter for. It returns the file's path, the
// tables in the order of the file, and a problem for each table literal
// of the file that is neither in adapters nor in notAdapted (a table
// added by a newer Go, which a test should run or name).
func Load(adapters map[string]Adapter, notAdapted map[string]string) (path string, tables []Table, problems []string, err error) {
	pkg, err := build.Default.Import("net/url", "", 0)
	if err != nil {
		return "", nil, nil, err
	}
	path = filepath.Join(pkg.Dir, "url_test.go")
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return "", nil, nil, fmt.Errorf("net/url's tests: %w", err)
	}
	ev := &evaluator{types: map[string]*ast.StructType{}, consts: map[string]ast.Expr{}}
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
	for _, l := range lits {
		if adapters[l.name] == nil {
			if notAdapted[l.name] == "" {
				problems = append(problems, "net/url's tests have a table "+l.name+" that is neither run nor named as not run")
			}
			continue
		}
		v, err := ev.eval(l.expr, nil)
		if err != nil {
			return "", nil, nil, fmt.Errorf("%s: %w", l.name, err)
		}
		rows, ok := v.([]any)
		if !ok || len(rows) == 0 {
			return "", nil, nil, fmt.Errorf("%s: not a non-empty slice literal", l.name)
		}
		tables = append(tables, Table{l.name, rows})
	}
	return path, tables, problems, nil
}

// An Adapter runs one row of a table with the package under test and
// returns the row's key (the input that names it) and "" when the row
// passes, or what differs.
type Adapter func(row any) (key, diff string)

// String returns field f of a Row as a string ("" if absent).
func String(r any, f string) string {
	s, _ := r.(Row)[f].(string)
	return s
}

// Bool returns field f of a Row as a bool (false if absent).
func Bool(r any, f string) bool {
	b, _ := r.(Row)[f].(bool)
	return b
}

// URL returns field f of a Row as a *net/url.URL (nil if nil).
func URL(r any, f string) *neturl.URL {
	switch v := r.(Row)[f].(type) {
	case *neturl.URL:
		return v
	case neturl.URL:
		return &v
	}
	return nil
}

// Describe formats a result or an error.
func Describe(s string, err error) string {
	if err != nil {
		return "error " + err.Error()
	}
	return strconv.Quote(s)
}

// Want formats a difference, or "" when got equals want.
func Want(got, want string) string {
	if got == want {
		return ""
	}
	return "got " + got + ", want " + want
}

// Cause rebuilds a cause of netErrorTests from its Row: the test
// file's timeoutError, temporaryError and timeoutTemporaryError have
// only the methods their names say.
func Cause(v any) error {
	r, ok := v.(Row)
	if !ok {
		return v.(error)
	}
	switch r[""] {
	case "timeoutError":
		return tableTimeout{r["timeout"] == true}
	case "temporaryError":
		return tableTemporary{r["temporary"] == true}
	case "timeoutTemporaryError":
		to, _ := r["timeoutError"].(Row)
		te, _ := r["temporaryError"].(Row)
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

// Case is one row's verdict.
type Case struct {
	ID   string // table name, tab, key
	Diff string // "" when it passes
}

// Run runs every row of tables with its table's adapter and names each
// case by table and key (a second row with the same key gets " #2").
func Run(tables []Table, adapters map[string]Adapter) []Case {
	var cases []Case
	seen := map[string]int{}
	for _, tb := range tables {
		for _, row := range tb.Rows {
			key, diff := adapters[tb.Name](row)
			id := tb.Name + "\t" + strconv.Quote(key)
			if seen[id]++; seen[id] > 1 {
				id += " #" + strconv.Itoa(seen[id])
			}
			cases = append(cases, Case{id, diff})
		}
	}
	return cases
}

// ReadList reads a list of expected differences: "table<TAB>key<TAB>class"
// lines (a [Case]'s ID, a tab and its class), and '#' comments. It maps
// each ID to its class.
func ReadList(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
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
			return nil, fmt.Errorf("%s: malformed line %q", path, line)
		}
		m[line[:i]] = line[i+1:]
	}
	return m, sc.Err()
}

// Reporter is the part of a *testing.T that [Check] reports through.
type Reporter interface {
	Errorf(format string, args ...any)
}

// Check holds cases to the list of expected differences at listPath:
// a case that differs must be listed with a class that keys accepts, and
// a listed case must differ. It reports every broken rule through t and
// returns how many cases each class holds ("pass" for the passing ones)
// and the IDs of the differing cases the list lacks (for an -update
// flag: see [AppendUnlisted]). A listed case absent from cases is not an
// error: a list serves several Go versions.
func Check(t Reporter, cases []Case, listed map[string]string, listPath string, keys map[string]bool, keysDoc string) (counts map[string]int, unlisted []string) {
	counts = map[string]int{}
	for _, c := range cases {
		class, ok := listed[c.ID]
		switch {
		case c.Diff == "" && ok:
			t.Errorf("%s passes but is listed as %s in %s: remove it", c.ID, class, listPath)
		case c.Diff == "":
			counts["pass"]++
		case !ok:
			unlisted = append(unlisted, c.ID)
			t.Errorf("%s: %s; not listed in %s", c.ID, c.Diff, listPath)
		case !keys[class]:
			t.Errorf("%s: class %q is not a key of %s", c.ID, class, keysDoc)
		default:
			counts[class]++
		}
	}
	return counts, unlisted
}

// AppendUnlisted appends each ID to the list at listPath with the class
// UNCLASSIFIED, for a person to classify.
func AppendUnlisted(listPath string, ids []string) error {
	f, err := os.OpenFile(listPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	for _, id := range ids {
		fmt.Fprintf(f, "%s\tUNCLASSIFIED\n", id)
	}
	return f.Close()
}
