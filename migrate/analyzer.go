// Package migrate is a go/analysis analyzer that moves a Go program from
// net/url to github.com/weburl/url, keeping net/url's meaning at every call
// site it rewrites and reporting every site where it cannot.
//
// Run it through its command, in the module to port:
//
//	weburl-migrate -fix ./...   # -fix -diff previews
//
// The analyzer works package by package. A package is rewritten only when
// every use of net/url in it (its test files included, when the package is
// loaded with its tests) has a rewrite that keeps net/url's meaning; else it
// reports each site it cannot rewrite, with the reason, and changes nothing
// in that package. A file that already imports github.com/weburl/url is left
// alone, so a second run changes nothing.
//
// See docs/migrate-tool.md in the weburl repository for the rules.
package migrate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	neturl "net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	weburl "github.com/weburl/url"
	"golang.org/x/tools/go/analysis"
)

// Analyzer is the migration analyzer; its suggested fixes port a package.
var Analyzer = &analysis.Analyzer{
	Name: "weburlmigrate",
	Doc: `port a program from net/url to github.com/weburl/url

weburlmigrate switches the import of net/url to github.com/weburl/url and
rewrites field reads to getters, field writes to setters (with their errors
handled), struct literals to FromNetURL, ResolveReference to Parse, and
converts at the boundary with net/http (NetURL). Declarations that must
keep *net/url.URL (methods of an interface another package defines, funcs
that must match a func type of another package) keep it under the import
name neturl. Where no rewrite keeps net/url's meaning, it reports the line
and the reason and leaves the package unchanged.`,
	URL: "https://github.com/weburl/url/blob/main/docs/migrate-tool.md",
	Run: run,
}

const (
	netURLPath = "net/url"
	webURLPath = "github.com/weburl/url"
	netAlias   = "neturl"
)

// pkgState is the analysis of one package.
type pkgState struct {
	pass     *analysis.Pass
	kept     []ast.Node                     // function types that keep *net/url.URL
	funcs    map[types.Object]*ast.FuncType // the declared type of each func of the package
	netParse map[*ast.CallExpr]bool         // url.Parse calls that stay net/url's
	keptFunc map[types.Object]bool          // funcs whose signature is kept
	foreign  []*types.Signature             // func types of other packages that mention net/url
	decl     map[types.Object]declOf        // how each local variable got its type
	webMemo  map[types.Object]webness       // memo of objWeb
	files    []*fileState
	refused  int

	// A dry walk finds the parses whose value flows into net/url (toNet);
	// they stay net/url's parses (netParse), and the walk is run again.
	dry   bool
	toNet []*ast.CallExpr
}

type declOf struct {
	typ   ast.Expr // the declared type, or nil
	init  ast.Expr // the initializer, when typ is nil
	index int      // which result of init, when init is a call with several
	rng   ast.Expr // the ranged-over expression, for range variables
}

type webness uint8

const (
	unknown webness = iota
	isNet           // stays a net/url value
	isWeb           // becomes a weburl value
)

// fileState holds the rewrites of one file.
type fileState struct {
	ps               *pkgState
	f                *ast.File
	src              []byte
	base             int // file's base offset in the FileSet
	name             string
	spec             *ast.ImportSpec
	repl             map[ast.Node]func() string
	needNet, needStr bool
	needFmt          bool
	fmtName, strName string
	stack            []ast.Node // the path to the node being visited
}

func run(pass *analysis.Pass) (any, error) {
	ps := &pkgState{
		pass:     pass,
		keptFunc: map[types.Object]bool{},
		funcs:    map[types.Object]*ast.FuncType{},
		netParse: map[*ast.CallExpr]bool{},
		decl:     map[types.Object]declOf{},
		webMemo:  map[types.Object]webness{},
	}
	for _, f := range pass.Files {
		name, spec := importOf(f, netURLPath)
		if spec == nil {
			continue
		}
		if _, w := importOf(f, webURLPath); w != nil || name == netAlias {
			continue // already ported: a second run changes nothing
		}
		tf := pass.Fset.File(f.Pos())
		if why := notEditable(pass.Fset, f); why != "" {
			ps.refuse(spec, "%s uses net/url and %s", filepath.Base(pass.Fset.Position(f.Package).Filename), why)
			continue
		}
		if name == "." || name == "_" {
			ps.refuse(spec, "net/url is imported as %q: the tool ports named imports only", name)
			continue
		}
		src, err := pass.ReadFile(tf.Name())
		if err != nil {
			return nil, err
		}
		ps.files = append(ps.files, &fileState{ps: ps, f: f, src: src, base: tf.Base(), name: name, spec: spec,
			repl: map[ast.Node]func() string{}})
	}
	if len(ps.files) == 0 || ps.refused > 0 {
		return nil, nil
	}
	ps.collectForeign()
	for _, f := range pass.Files {
		ps.collectDecls(f)
	}
	if pass.Pkg.Name() != "main" {
		for _, f := range pass.Files {
			ps.keepAPI(f)
		}
	}
	ps.propagate()
	ps.keepNetParses()
	// Port per value: a parse whose value only goes into net/url (a
	// field of net/http, an exported signature kept on net/url) stays
	// net/url's parse, with no weburl round trip.
	for range 8 {
		ps.dry, ps.toNet = true, nil
		for _, fs := range ps.files {
			fs.reset()
			fs.walk()
		}
		if len(ps.toNet) == 0 {
			break
		}
		for _, c := range ps.toNet {
			ps.netParse[c] = true
		}
		clear(ps.webMemo)
	}
	ps.dry = false
	ps.refused = 0
	for _, fs := range ps.files {
		fs.reset()
		fs.walk()
	}
	if ps.refused > 0 {
		return nil, nil
	}
	for _, fs := range ps.files {
		fs.report()
	}
	return nil, nil
}

// importOf returns the local name and the spec of the import of path in f.
func importOf(f *ast.File, path string) (string, *ast.ImportSpec) {
	for _, s := range f.Imports {
		if p, _ := strconv.Unquote(s.Path.Value); p == path {
			name := path[strings.LastIndex(path, "/")+1:]
			if s.Name != nil {
				name = s.Name.Name
			}
			return name, s
		}
	}
	return "", nil
}

// reset forgets the rewrites of a walk.
func (fs *fileState) reset() {
	fs.repl = map[ast.Node]func() string{}
	fs.needNet, fs.needStr, fs.needFmt = false, false, false
	fs.fmtName, fs.strName = "", ""
	fs.stack = nil
}

// parseCallOf returns the url.Parse or url.ParseRequestURI call whose
// value e is: the call itself, or a variable it initialized.
func (ps *pkgState) parseCallOf(e ast.Expr) *ast.CallExpr {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		o := ps.pass.TypesInfo.Uses[id]
		d, ok := ps.decl[o]
		if !ok || d.init == nil || d.index > 0 {
			return nil
		}
		e = ast.Unparen(d.init)
	}
	c, ok := e.(*ast.CallExpr)
	if !ok || !(isNetURLFunc(ps, c.Fun, "Parse") || isNetURLFunc(ps, c.Fun, "ParseRequestURI")) {
		return nil
	}
	return c
}

// notEditable says why the tool must not edit f, or "" when it may: a
// generated file (regenerating it would undo the port) or a file that
// uses cgo (the analyzer sees cgo's output, not the file).
func notEditable(fset *token.FileSet, f *ast.File) string {
	if _, c := importOf(f, "C"); c != nil || fset.File(f.Pos()).Name() != fset.Position(f.Package).Filename {
		return "uses cgo: it is not edited, so the package is not ported"
	}
	if ast.IsGenerated(f) {
		return "is generated (Code generated ... DO NOT EDIT): it is not edited, so the package is not ported"
	}
	return ""
}

// refuse reports a site the tool cannot rewrite.
func (ps *pkgState) refuse(n ast.Node, format string, args ...any) {
	ps.refused++
	if ps.dry {
		return
	}
	ps.pass.Reportf(n.Pos(), "weburl-migrate: "+format+"; the package is left unchanged", args...)
}

// mentionsNetURL says whether t refers to net/url's URL type.
func mentionsNetURL(t types.Type) bool {
	found := false
	var visit func(t types.Type, depth int)
	visit = func(t types.Type, depth int) {
		if found || depth > 8 || t == nil {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			if o := t.Obj(); o.Pkg() != nil && o.Pkg().Path() == netURLPath && o.Name() == "URL" {
				found = true
			}
		case *types.Pointer:
			visit(t.Elem(), depth+1)
		case *types.Slice:
			visit(t.Elem(), depth+1)
		case *types.Array:
			visit(t.Elem(), depth+1)
		case *types.Map:
			visit(t.Key(), depth+1)
			visit(t.Elem(), depth+1)
		case *types.Chan:
			visit(t.Elem(), depth+1)
		case *types.Signature:
			for v := range t.Params().Variables() {
				visit(v.Type(), depth+1)
			}
			for v := range t.Results().Variables() {
				visit(v.Type(), depth+1)
			}
		}
	}
	visit(t, 0)
	return found
}

// isNetURLPtr says whether t is *net/url.URL.
func isNetURLPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNetURL(p.Elem())
}

func isNetURL(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == netURLPath && n.Obj().Name() == "URL"
}

// collectForeign gathers the func types and interfaces of imported packages
// that mention net/url's URL: a declaration of this package matching one of
// them keeps *net/url.URL.
func (ps *pkgState) collectForeign() {
	seen := map[*types.Package]bool{}
	var add func(t types.Type)
	add = func(t types.Type) {
		if s, ok := t.Underlying().(*types.Signature); ok && mentionsNetURL(s) {
			ps.foreign = append(ps.foreign, s)
		}
	}
	for _, imp := range ps.pass.Pkg.Imports() {
		if seen[imp] || imp.Path() == netURLPath {
			continue
		}
		seen[imp] = true
		sc := imp.Scope()
		for _, n := range sc.Names() {
			o := sc.Lookup(n)
			if !o.Exported() {
				continue
			}
			switch o := o.(type) {
			case *types.TypeName:
				switch u := o.Type().Underlying().(type) {
				case *types.Struct:
					for i := range u.NumFields() {
						add(u.Field(i).Type())
					}
				case *types.Signature:
					add(u)
				case *types.Interface:
					for i := range u.NumMethods() {
						add(u.Method(i).Type())
					}
				}
			case *types.Func:
				s := o.Signature()
				for v := range s.Params().Variables() {
					add(v.Type())
				}
			}
		}
	}
}

// matchesForeign says whether sig (with no receiver) is identical to a func
// type of another package.
func (ps *pkgState) matchesForeign(sig *types.Signature) bool {
	plain := types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
	for _, f := range ps.foreign {
		g := types.NewSignatureType(nil, nil, nil, f.Params(), f.Results(), f.Variadic())
		if types.Identical(plain, g) {
			return true
		}
	}
	return false
}

// collectDecls records, for every variable of f, how it got its type, and
// finds the signatures that must keep *net/url.URL.
func (ps *pkgState) collectDecls(f *ast.File) {
	info := ps.pass.TypesInfo
	fields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, fd := range fl.List {
			for _, n := range fd.Names {
				if o := info.Defs[n]; o != nil {
					ps.decl[o] = declOf{typ: fd.Type}
				}
			}
		}
	}
	// Funcs used other than by a call.
	called := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			switch fn := ast.Unparen(c.Fun).(type) {
			case *ast.Ident:
				called[fn] = true
			case *ast.SelectorExpr:
				called[fn.Sel] = true
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			obj := info.Defs[n.Name]
			if obj == nil {
				return true
			}
			ps.funcs[obj] = n.Type
			sig := obj.Type().(*types.Signature)
			if !mentionsNetURL(sig) {
				break
			}
			keep := false
			if n.Recv != nil {
				keep = ps.implementsForeign(obj.(*types.Func))
			}
			if !keep && ps.usedAsValue(obj, called) && ps.matchesForeign(sig) {
				keep = true
			}
			if keep {
				ps.keptFunc[obj] = true
				ps.kept = append(ps.kept, n.Type)
				if n.Recv != nil {
					ps.kept = append(ps.kept, n.Recv)
				}
			}
		case *ast.FuncLit:
			if sig, ok := info.TypeOf(n).(*types.Signature); ok && mentionsNetURL(sig) && ps.matchesForeign(sig) {
				ps.kept = append(ps.kept, n.Type)
			}
		case *ast.TypeSpec:
			if ft, ok := n.Type.(*ast.FuncType); ok {
				if sig, ok := info.TypeOf(ft).(*types.Signature); ok && mentionsNetURL(sig) && ps.matchesForeign(sig) {
					ps.kept = append(ps.kept, ft)
				}
			}
		case *ast.FuncType:
			fields(n.Params)
			fields(n.Results)
		case *ast.StructType:
			fields(n.Fields)
		case *ast.InterfaceType:
			for _, m := range n.Methods.List {
				if ft, ok := m.Type.(*ast.FuncType); ok && len(m.Names) == 1 {
					if o := info.Defs[m.Names[0]]; o != nil {
						ps.funcs[o] = ft
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				o := info.Defs[id]
				if o == nil {
					continue
				}
				switch {
				case n.Type != nil:
					ps.decl[o] = declOf{typ: n.Type}
				case len(n.Values) == len(n.Names):
					ps.decl[o] = declOf{init: n.Values[i], index: -1}
				case len(n.Values) == 1:
					ps.decl[o] = declOf{init: n.Values[0], index: i}
				}
			}
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				break
			}
			for i, l := range n.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok || info.Defs[id] == nil {
					continue
				}
				o := info.Defs[id]
				if len(n.Rhs) == len(n.Lhs) {
					ps.decl[o] = declOf{init: n.Rhs[i], index: -1}
				} else if len(n.Rhs) == 1 {
					ps.decl[o] = declOf{init: n.Rhs[0], index: i}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok && info.Defs[id] != nil {
						ps.decl[info.Defs[id]] = declOf{rng: n.X}
					}
				}
			}
		}
		return true
	})
}

// usedAsValue says whether the function obj is referred to other than by
// being called.
func (ps *pkgState) usedAsValue(obj types.Object, called map[*ast.Ident]bool) bool {
	for id, o := range ps.pass.TypesInfo.Uses {
		if o == obj && !called[id] {
			return true
		}
	}
	return false
}

// implementsForeign says whether method m of a type of this package is a
// method of an interface another package defines (http.CookieJar's
// SetCookies, say) with the same signature.
func (ps *pkgState) implementsForeign(m *types.Func) bool {
	for _, imp := range ps.pass.Pkg.Imports() {
		sc := imp.Scope()
		for _, n := range sc.Names() {
			tn, ok := sc.Lookup(n).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			it, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for i := range it.NumMethods() {
				im := it.Method(i)
				if im.Name() == m.Name() && ps.matchesSig(im.Signature(), m.Signature()) {
					return true
				}
			}
		}
	}
	return false
}

func (ps *pkgState) matchesSig(a, b *types.Signature) bool {
	pa := types.NewSignatureType(nil, nil, nil, a.Params(), a.Results(), a.Variadic())
	pb := types.NewSignatureType(nil, nil, nil, b.Params(), b.Results(), b.Variadic())
	return types.Identical(pa, pb)
}

// inKept says whether n lies in a declaration that keeps *net/url.URL.
func (ps *pkgState) inKept(n ast.Node) bool {
	for _, k := range ps.kept {
		if k.Pos() <= n.Pos() && n.End() <= k.End() {
			return true
		}
	}
	return false
}

// objWeb says whether a variable, field or func of this package holds (or
// returns) a weburl value after the port.
func (ps *pkgState) objWeb(o types.Object) webness {
	if o == nil {
		return unknown
	}
	if o.Pkg() != ps.pass.Pkg {
		return isNet
	}
	if d, ok := ps.decl[o]; ok && d.init != nil {
		if c, ok := ast.Unparen(d.init).(*ast.CallExpr); ok && ps.netParse[c] {
			return isNet
		}
	}
	if w, ok := ps.webMemo[o]; ok {
		return w
	}
	ps.webMemo[o] = unknown // cycles stay unknown
	var w webness
	switch o := o.(type) {
	case *types.Func:
		w = isWeb
		if ps.keptFunc[o] {
			w = isNet
		} else if ft := ps.funcs[o]; ft != nil {
			if res := resultTypes(ft); len(res) > 0 && ps.inKept(res[0]) {
				w = isNet
			}
		}
	case *types.Var:
		d, ok := ps.decl[o]
		switch {
		case !ok:
			w = unknown
		case d.typ != nil:
			if ps.inKept(d.typ) {
				w = isNet
			} else {
				w = isWeb
			}
		case d.rng != nil:
			w = ps.exprWeb(d.rng)
		case d.init != nil && d.index < 0:
			w = ps.exprWeb(d.init)
		case d.init != nil:
			if c, ok := ast.Unparen(d.init).(*ast.CallExpr); ok {
				if ft := ps.calleeType(c.Fun); ft != nil {
					if res := resultTypes(ft); d.index < len(res) {
						w = isWeb
						if ps.inKept(res[d.index]) {
							w = isNet
						}
					}
				} else {
					w = ps.exprWeb(c) // the *URL of a (*URL, error) call
				}
			} else if ta, ok := ast.Unparen(d.init).(*ast.TypeAssertExpr); ok && d.index == 0 {
				w = ps.exprWeb(ta) // u, ok := x.(*url.URL)
			}
		}
	}
	ps.webMemo[o] = w
	return w
}

// exprWeb says whether the value of e (whose type mentions net/url's URL)
// is a weburl value after the port.
func (ps *pkgState) exprWeb(e ast.Expr) webness {
	info := ps.pass.TypesInfo
	switch e := e.(type) {
	case *ast.ParenExpr:
		return ps.exprWeb(e.X)
	case *ast.StarExpr:
		return ps.exprWeb(e.X)
	case *ast.UnaryExpr:
		return ps.exprWeb(e.X)
	case *ast.IndexExpr:
		return ps.exprWeb(e.X)
	case *ast.SliceExpr:
		return ps.exprWeb(e.X)
	case *ast.Ident:
		if e.Name == "nil" {
			return unknown
		}
		return ps.objWeb(info.Uses[e])
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil {
			return ps.objWeb(sel.Obj())
		}
		return ps.objWeb(info.Uses[e.Sel])
	case *ast.CompositeLit:
		if t := info.TypeOf(e); isNetURL(t) || isNetURLPtr(t) {
			return isWeb // rule 4 rewrites it, or refuses
		}
		if e.Type != nil && !ps.inKept(e.Type) {
			return isWeb
		}
	case *ast.TypeAssertExpr:
		if e.Type != nil && !ps.inKept(e.Type) {
			return isWeb
		}
	case *ast.CallExpr:
		if ps.netParse[e] {
			return isNet
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return unknown
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && len(e.Args) > 0 {
			if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "make" || b.Name() == "new") {
				if ps.inKept(e.Args[0]) {
					return isNet
				}
				return isWeb
			}
		}
		if ft := ps.calleeType(e.Fun); ft != nil {
			if res := resultTypes(ft); len(res) > 0 {
				if ps.inKept(res[0]) {
					return isNet
				}
				return isWeb
			}
		}
		switch fn := ast.Unparen(e.Fun).(type) {
		case *ast.SelectorExpr:
			if o := info.Uses[fn.Sel]; o != nil && o.Pkg() != nil && o.Pkg().Path() == netURLPath {
				if sel := info.Selections[fn]; sel != nil {
					return ps.exprWeb(fn.X) // (*URL).Parse, JoinPath, ResolveReference
				}
				return isWeb // url.Parse, url.ParseRequestURI
			}
			if sel := info.Selections[fn]; sel != nil {
				return ps.objWeb(sel.Obj())
			}
			return ps.objWeb(info.Uses[fn.Sel])
		case *ast.Ident:
			o := info.Uses[fn]
			if _, ok := o.(*types.Func); ok {
				return ps.objWeb(o)
			}
			if v, ok := o.(*types.Var); ok && v.Pkg() == ps.pass.Pkg {
				if d, ok := ps.decl[v]; ok && d.typ != nil {
					if ps.inKept(d.typ) || ps.namedKept(info.TypeOf(d.typ)) {
						return isNet
					}
					return isWeb
				}
			}
		case *ast.FuncLit:
			if ps.inKept(fn.Type) {
				return isNet
			}
			return isWeb
		}
	}
	return unknown
}

// namedKept says whether t is a func type of this package that keeps
// *net/url.URL.
func (ps *pkgState) namedKept(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() != ps.pass.Pkg {
		return false
	}
	for _, k := range ps.kept {
		if kt := ps.pass.TypesInfo.TypeOf(k.(ast.Expr)); kt != nil && types.Identical(kt, n.Underlying()) {
			return true
		}
	}
	return false
}

// walk visits every node of the file.
func (fs *fileState) walk() {
	ast.Inspect(fs.f, func(n ast.Node) bool {
		if n == nil {
			fs.stack = fs.stack[:len(fs.stack)-1]
			return false
		}
		fs.stack = append(fs.stack, n)
		if !fs.visit(n) {
			fs.stack = fs.stack[:len(fs.stack)-1]
			return false
		}
		return true
	})
}

func (fs *fileState) parent() ast.Node {
	if len(fs.stack) < 2 {
		return nil
	}
	return fs.stack[len(fs.stack)-2]
}

// text is the source of n with the rewrites of the nodes it contains.
func (fs *fileState) text(n ast.Node) string {
	if r, ok := fs.repl[n]; ok {
		return r()
	}
	return fs.textRange(n, n.Pos(), n.End())
}

// textRange is the source from pos to end, inside node n, with the
// rewrites of the nodes it contains.
func (fs *fileState) textRange(n ast.Node, pos, end token.Pos) string {
	start, stop := fs.off(pos), fs.off(end)
	// The replaced nodes inside n, outermost first, in order.
	var inner []ast.Node
	for m := range fs.repl {
		if m != n && pos <= m.Pos() && m.End() <= end {
			inner = append(inner, m)
		}
	}
	slices.SortFunc(inner, func(a, b ast.Node) int {
		if a.Pos() != b.Pos() {
			return int(a.Pos()) - int(b.Pos())
		}
		return int(b.End()) - int(a.End())
	})
	var b strings.Builder
	at := start
	for _, m := range inner {
		ms := fs.off(m.Pos())
		if ms < at {
			continue // inside an outer replaced node
		}
		b.Write(fs.src[at:ms])
		b.WriteString(fs.repl[m]())
		at = fs.off(m.End())
	}
	b.Write(fs.src[at:stop])
	return b.String()
}

func (fs *fileState) off(p token.Pos) int { return int(p) - fs.base }

func (fs *fileState) set(n ast.Node, s string) { fs.repl[n] = func() string { return s } }

// setf records a rewrite whose text is computed once every rewrite is known.
func (fs *fileState) setf(n ast.Node, f func() string) { fs.repl[n] = f }

// visit handles one node; false skips its children.
func (fs *fileState) visit(n ast.Node) bool {
	ps := fs.ps
	info := ps.pass.TypesInfo
	switch n := n.(type) {
	case *ast.ImportSpec:
		return false
	case *ast.SelectorExpr:
		// A name of package net/url: url.Parse, url.URL, url.Error, ...
		if id, ok := n.X.(*ast.Ident); ok {
			if pn, ok := info.Uses[id].(*types.PkgName); ok {
				if pn.Imported().Path() != netURLPath {
					return true
				}
				r, known := ruleFor(n.Sel.Name)
				switch {
				case !known:
					ps.refuse(n, "net/url.%s has no rule", n.Sel.Name)
				case n.Sel.Name == "Error" && isLitType(fs.parent(), n):
					// &url.Error{...}: the program's own error keeps its type.
					fs.set(n, netAlias+".Error")
					fs.needNet = true
				case r.Do == errorType || r.Do == refuse:
					ps.refuse(n, "%s", r.Why)
				case n.Sel.Name == "URL" && ps.inKept(n):
					fs.set(n, netAlias+".URL")
					fs.needNet = true
				case n.Sel.Name == "Parse" || n.Sel.Name == "ParseRequestURI":
					fs.checkParse(n)
				}
				return false
			}
		}
		// A field or method of net/url's URL or Error.
		recvT := info.TypeOf(n.X)
		if recvT == nil {
			return true
		}
		if p, ok := recvT.Underlying().(*types.Pointer); ok {
			recvT = p.Elem()
		}
		nt, ok := types.Unalias(recvT).(*types.Named)
		if !ok || nt.Obj().Pkg() == nil || nt.Obj().Pkg().Path() != netURLPath {
			return true
		}
		if nt.Obj().Name() != "URL" {
			return true // Values, Userinfo: aliases, same meaning
		}
		switch ps.exprWeb(n.X) {
		case isNet:
			return true
		case unknown:
			ps.refuse(n, "cannot tell whether %s is a net/url value or one this port turns into weburl", types.ExprString(n.X))
			return false
		}
		fs.member(n)
		return true
	case *ast.CompositeLit:
		if t := info.TypeOf(n); isNetURL(t) || isNetURLPtr(t) {
			fs.literal(n)
		} else {
			for _, el := range positional(info, n) {
				fs.flowTo(el.value, ps.objWeb(el.field))
			}
		}
	case *ast.CallExpr:
		fs.callArgs(n)
	case *ast.AssignStmt:
		if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
			for i := range n.Lhs {
				fs.flow(n.Rhs[i], n.Lhs[i])
			}
		}
		if n.Tok == token.ASSIGN && len(n.Lhs) == 2 && len(n.Rhs) == 1 {
			// u, err = url.Parse(s)
			if c := ps.parseCallOf(n.Rhs[0]); c != nil {
				if t := info.TypeOf(n.Lhs[0]); t != nil && isNetURLPtr(t) {
					fs.flowTo(c, ps.exprWeb(n.Lhs[0]))
				}
			}
		}
	case *ast.ReturnStmt:
		fs.returns(n)
	case *ast.TypeAssertExpr:
		if n.Type != nil && mentionsNetURL(info.TypeOf(n.Type)) && !ps.inKept(n.Type) {
			ps.refuse(n, "a type assertion to %s: the interface value may hold a *net/url.URL from code this port does not change; decide by hand", types.ExprString(n.Type))
		}
	case *ast.TypeSwitchStmt:
		for _, cc := range n.Body.List {
			for _, e := range cc.(*ast.CaseClause).List {
				if t := info.TypeOf(e); t != nil && mentionsNetURL(t) && !ps.inKept(e) {
					ps.refuse(e, "a type switch case %s: the interface value may hold a *net/url.URL from code this port does not change; decide by hand", types.ExprString(e))
				}
			}
		}
	case *ast.ValueSpec:
		if n.Type != nil && len(n.Values) == len(n.Names) {
			dest := isWeb
			if ps.inKept(n.Type) {
				dest = isNet
			}
			for _, v := range n.Values {
				fs.flowTo(v, dest)
			}
		}
	case *ast.KeyValueExpr:
		if id, ok := n.Key.(*ast.Ident); ok {
			if o, ok := info.Uses[id].(*types.Var); ok && o.IsField() {
				fs.flowTo(n.Value, ps.objWeb(o))
			}
		}
	}
	return true
}

// checkParse refuses url.Parse of a constant that net/url accepts and
// weburl refuses (a relative reference): the port would turn success into
// an error.
func (fs *fileState) checkParse(sel *ast.SelectorExpr) {
	call, ok := fs.parent().(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return
	}
	if fs.ps.netParse[call] {
		fs.set(sel, netAlias+"."+sel.Sel.Name)
		fs.needNet = true
		return
	}
	tv := fs.ps.pass.TypesInfo.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	s := constant.StringVal(tv.Value)
	if fs.ps.netParse[call] {
		fs.set(sel, netAlias+"."+sel.Sel.Name)
		fs.needNet = true
		return
	}
	if !weburl.CanParse(s) && netParses(sel.Sel.Name, s) {
		fs.ps.refuse(call, "url.Parse(%q): net/url accepts this relative reference and weburl refuses it without a base; write Parse(ref, base)", s)
	}
}

// member rewrites x.F, x of net/url's URL becoming weburl's, with the
// forms of forms.go.
func (fs *fileState) member(n *ast.SelectorExpr) {
	ps := fs.ps
	name := n.Sel.Name
	r, ok := ruleFor("URL." + name)
	if !ok {
		ps.refuse(n, "(*net/url.URL).%s has no rule", name)
		return
	}
	x := func() string {
		x := fs.text(n.X)
		if needsParens(n.X) {
			x = "(" + x + ")"
		}
		return x
	}
	xs := types.ExprString(n.X) // for messages
	parent := fs.parent()
	switch r.Do {
	case keep:
		return
	case refuse:
		ps.refuse(n, "%s", r.Why)
		return
	case resolveRef:
		fs.resolveReference(n, x, r)
		return
	case method:
		if hostLiteral(n.X) && name == "Hostname" {
			return // literal: url.HostPort(h).Hostname()
		}
		call, ok := parent.(*ast.CallExpr)
		if !ok || call.Fun != n || len(call.Args) != 0 {
			ps.refuse(n, "%s.%s used as a value: weburl's %s has another meaning", xs, name, name)
			return
		}
		fs.useForm(call, "URL."+name, n.X, x)
		return
	}
	// A field.
	if as, ok := parent.(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(n)) {
		fs.write(as, n, x, xs)
		return
	}
	if u, ok := parent.(*ast.UnaryExpr); ok && u.Op == token.AND {
		ps.refuse(n, "the address of net/url's %s field has no weburl counterpart", name)
		return
	}
	if _, ok := parent.(*ast.IncDecStmt); ok {
		ps.refuse(n, "%s.%s++: not a string field", xs, name)
		return
	}
	switch name {
	case "RawQuery", "Opaque":
		if be, ok := parent.(*ast.BinaryExpr); ok && (be.Op == token.EQL || be.Op == token.NEQ) && isEmptyString(ps, be, n) {
			fs.useForm(be, "URL."+name+be.Op.String(), n.X, x)
			return
		}
	case "User":
		fs.userRead(n, x, r)
		return
	}
	fs.useForm(n, "URL."+name, n.X, x)
}

// useForm replaces node with the form's text for the receiver recv.
func (fs *fileState) useForm(node ast.Node, name string, recv ast.Expr, x func() string) {
	f, ok := formFor(name)
	if !ok || !f.Read {
		fs.ps.refuse(node, "%s has no rewrite that keeps net/url's meaning", name)
		return
	}
	if !fs.formOK(f, node, recv) {
		return
	}
	str := ""
	if f.uses("$strings") {
		str = fs.strings()
	}
	if f.uses("$neturl") {
		fs.needNet = true
	}
	fs.setf(node, func() string {
		return f.expand(formNames{x: x(), url: fs.name, strings: str, neturl: netAlias})
	})
}

// formOK says whether f can be written at node: the names it uses must
// mean there what they mean at the file's top (a variable named url
// shadows the package), and a receiver it names twice must be free of
// side effects. Else it refuses node.
func (fs *fileState) formOK(f form, node ast.Node, recv ast.Expr) bool {
	ps := fs.ps
	if strings.Count(f.New, "$x") > 1 && !pure(recv) {
		ps.refuse(node, "%s: the rewrite reads %s twice, which has side effects or costs; assign it to a variable first", f.Name, types.ExprString(recv))
		return false
	}
	check := func(name, path string) bool {
		sc := ps.pass.Pkg.Scope().Innermost(node.Pos())
		if sc == nil {
			return true
		}
		_, o := sc.LookupParent(name, node.Pos())
		if pn, ok := o.(*types.PkgName); ok && pn.Imported().Path() == path {
			return true
		}
		if o == nil && path != netURLPath {
			return true // an import the rewrite adds
		}
		ps.refuse(node, "%s: the name %s, which the rewrite needs for package %s, means something else here", f.Name, name, path)
		return false
	}
	if f.uses("$url") && !check(fs.name, netURLPath) {
		return false
	}
	if f.uses("$strings") {
		name := "strings"
		if n, s := importOf(fs.f, "strings"); s != nil {
			name = n
		}
		if !check(name, "strings") {
			return false
		}
	}
	return true
}

// pure says whether e can be evaluated twice with the same result and no
// side effect: a variable, a field or an element of one.
func pure(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.ParenExpr:
		return pure(e.X)
	case *ast.StarExpr:
		return pure(e.X)
	case *ast.SelectorExpr:
		return pure(e.X)
	case *ast.IndexExpr:
		_, lit := e.Index.(*ast.BasicLit)
		_, id := e.Index.(*ast.Ident)
		return pure(e.X) && (lit || id)
	}
	return false
}

// userRead rewrites the reads of net/url's User field that keep a meaning.
func (fs *fileState) userRead(n *ast.SelectorExpr, x func() string, r rule) {
	switch p := fs.parent().(type) {
	case *ast.BinaryExpr:
		other := p.Y
		if other == n {
			other = p.X
		}
		if id, ok := ast.Unparen(other).(*ast.Ident); ok && id.Name == "nil" && (p.Op == token.NEQ || p.Op == token.EQL) {
			fs.useForm(p, "URL.User"+p.Op.String()+"nil", n.X, x)
			return
		}
	case *ast.SelectorExpr:
		if len(fs.stack) >= 3 {
			if call, ok := fs.stack[len(fs.stack)-3].(*ast.CallExpr); ok && call.Fun == p && p.Sel.Name == "Username" {
				fs.useForm(call, "URL.User.Username", n.X, x)
				return
			}
		}
	}
	fs.ps.refuse(n, "%s", r.Why)
}

// isLitType says whether n is the type of the composite literal p.
func isLitType(p ast.Node, n ast.Expr) bool {
	lit, ok := p.(*ast.CompositeLit)
	return ok && lit.Type == n
}

// hostLiteral says whether e is &url.URL{Host: h}.
func hostLiteral(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 1 {
		return false
	}
	kv, ok := lit.Elts[0].(*ast.KeyValueExpr)
	return ok && kv.Key.(*ast.Ident).Name == "Host"
}

func isEmptyString(ps *pkgState, be *ast.BinaryExpr, n ast.Expr) bool {
	other := be.Y
	if other == n {
		other = be.X
	}
	tv := ps.pass.TypesInfo.Types[other]
	return tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

func needsParens(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.ParenExpr:
		return false
	}
	return true
}

// strings returns the file's name for package strings, importing it if need be.
func (fs *fileState) strings() string {
	if fs.strName == "" {
		if name, s := importOf(fs.f, "strings"); s != nil {
			fs.strName = name
		} else {
			fs.strName = "strings"
			fs.needStr = true
		}
	}
	return fs.strName
}

func (fs *fileState) fmtPkg() string {
	if fs.fmtName == "" {
		if name, s := importOf(fs.f, "fmt"); s != nil {
			fs.fmtName = name
		} else {
			fs.fmtName = "fmt"
			fs.needFmt = true
		}
	}
	return fs.fmtName
}

// write rewrites `x.F = v` (or +=) with the form of the field's write:
// a round trip through net/url (x.NetURL(), the field set as net/url sets
// it, FromNetURL back), with the error handled.
func (fs *fileState) write(as *ast.AssignStmt, n *ast.SelectorExpr, x func() string, xs string) {
	ps := fs.ps
	name := n.Sel.Name
	if (as.Tok != token.ASSIGN && as.Tok != token.ADD_ASSIGN) || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		ps.refuse(n, "%s.%s is assigned in a compound or multiple assignment", xs, name)
		return
	}
	if _, ok := fs.stack[len(fs.stack)-3].(*ast.BlockStmt); !ok {
		if _, ok := fs.stack[len(fs.stack)-3].(*ast.CaseClause); !ok {
			ps.refuse(n, "%s.%s is assigned outside a block statement", xs, name)
			return
		}
	}
	val := as.Rhs[0]
	if name == "Host" && (as.Tok == token.ADD_ASSIGN || addsPort(ps, val)) {
		ps.refuse(n, "%s.Host gets a port appended: weburl drops a scheme's default port (:80 for http) that net/url keeps, and code that dials %s.Host needs it; keep this value on net/url by hand", xs, xs)
		return
	}
	formName := "URL." + name + "="
	if name == "User" && isNil(val) && as.Tok == token.ASSIGN {
		formName = "URL.User=nil"
	}
	f, ok := formFor(formName)
	if !ok {
		ps.refuse(n, "%s.%s = ...: no rewrite keeps net/url's meaning", xs, name)
		return
	}
	if !fs.formOK(f, as, n.X) {
		return
	}
	handle, ok := fs.errHandler("set " + xs + "." + name)
	if !ok {
		ps.refuse(n, "%s.%s = ...: the rewrite can fail and the enclosing function neither returns an error nor has a *testing.T", xs, name)
		return
	}
	// Names for the round trip that neither the receiver nor the value uses.
	used := map[string]bool{}
	for _, e := range []ast.Expr{n.X, val} {
		ast.Inspect(e, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	fresh := func(base string) string {
		for i := 1; ; i++ {
			s := base
			if i > 1 {
				s = fmt.Sprint(base, i)
			}
			if !used[s] {
				used[s] = true
				return s
			}
		}
	}
	nu, wu := fresh("nu"), fresh("wu")
	deref := func() string { return "*" + x() }
	if _, ptr := ps.pass.TypesInfo.TypeOf(n.X).Underlying().(*types.Pointer); !ptr {
		deref = func() string { return fs.text(n.X) }
	}
	op := as.Tok.String()
	fs.setf(as, func() string {
		return f.expand(formNames{x: x(), v: fs.text(val), url: fs.name, err: handle, nu: nu, wu: wu, deref: deref(), op: op})
	})
}

// addsPort says whether e builds a host with a port: a + whose operands
// include a constant that starts with ':'.
func addsPort(ps *pkgState, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(m ast.Node) bool {
		if be, ok := m.(*ast.BinaryExpr); ok && be.Op == token.ADD {
			for _, o := range []ast.Expr{be.X, be.Y} {
				if tv := ps.pass.TypesInfo.Types[o]; tv.Value != nil && tv.Value.Kind() == constant.String && strings.HasPrefix(constant.StringVal(tv.Value), ":") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

func isNetURLFunc(ps *pkgState, fun ast.Expr, name string) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	o := ps.pass.TypesInfo.Uses[sel.Sel]
	return o != nil && o.Pkg() != nil && o.Pkg().Path() == netURLPath
}

// errHandler is the statement that handles err in the innermost function:
// a return of the error, wrapped, or t.Fatal in a test.
func (fs *fileState) errHandler(what string) (string, bool) {
	info := fs.ps.pass.TypesInfo
	for i := len(fs.stack) - 1; i >= 0; i-- {
		ft, sig := funcOf(info, fs.stack[i])
		if ft == nil {
			continue
		}
		if sig == nil {
			return "", false
		}
		res := sig.Results()
		if res.Len() > 0 && types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
			var vals []string
			for j := range res.Len() - 1 {
				z, ok := zeroValue(res.At(j).Type())
				if !ok {
					return "", false
				}
				vals = append(vals, z)
			}
			vals = append(vals, fs.fmtPkg()+".Errorf(\""+strings.ReplaceAll(what, `"`, `\"`)+": %w\", err)")
			return "return " + strings.Join(vals, ", "), true
		}
		for v := range sig.Params().Variables() {
			if isTestingT(v.Type()) && v.Name() != "" && v.Name() != "_" {
				return v.Name() + ".Fatal(err)", true
			}
		}
		return "", false
	}
	return "", false
}

// funcOf returns the type and signature of a FuncDecl or FuncLit; nil for
// another node.
func funcOf(info *types.Info, n ast.Node) (*ast.FuncType, *types.Signature) {
	switch f := n.(type) {
	case *ast.FuncDecl:
		if o := info.Defs[f.Name]; o != nil {
			return f.Type, o.Type().(*types.Signature)
		}
		return f.Type, nil
	case *ast.FuncLit:
		sig, _ := info.TypeOf(f).(*types.Signature)
		return f.Type, sig
	}
	return nil, nil
}

func isTestingT(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" {
		return false
	}
	switch n.Obj().Name() {
	case "T", "B", "F", "TB":
		return true
	}
	return false
}

func zeroValue(t types.Type) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	}
	return "", false
}

// resolveReference ports base.ResolveReference(ref) where ref was set by
// `ref, err := url.Parse(s)` and is used only there: the parse becomes
// base.Parse(s) and the call becomes ref.
func (fs *fileState) resolveReference(n *ast.SelectorExpr, base func() string, r rule) {
	ps := fs.ps
	info := ps.pass.TypesInfo
	call, ok := fs.parent().(*ast.CallExpr)
	if !ok || call.Fun != n || len(call.Args) != 1 {
		ps.refuse(n, "%s", r.Why)
		return
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		ps.refuse(n, "%s", r.Why)
		return
	}
	obj := info.Uses[id]
	d, ok := ps.decl[obj]
	if !ok || d.init == nil || d.index != 0 {
		ps.refuse(n, "%s", r.Why)
		return
	}
	pc, ok := ast.Unparen(d.init).(*ast.CallExpr)
	if !ok || !isNetURLFunc(ps, pc.Fun, "Parse") || len(pc.Args) != 1 {
		ps.refuse(n, "%s", r.Why)
		return
	}
	uses := 0
	for _, o := range info.Uses {
		if o == obj {
			uses++
		}
	}
	bid, ok := ast.Unparen(n.X).(*ast.Ident)
	if uses != 1 || !ok || info.Uses[bid] == nil || info.Uses[bid].Pos() > pc.Pos() {
		ps.refuse(n, "%s", r.Why)
		return
	}
	arg := pc.Args[0]
	fs.setf(pc, func() string { return base() + ".Parse(" + fs.text(arg) + ")" })
	fs.set(call, id.Name)
}

// literal ports a composite literal of net/url's URL.
func (fs *fileState) literal(lit *ast.CompositeLit) {
	ps := fs.ps
	// (&url.URL{Host: h}).Hostname() and .Port(): url.HostPort(h).
	var outer ast.Node = lit
	i := len(fs.stack) - 2
	if u, ok := fs.stack[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
		outer = u
		i--
	}
	for i >= 0 {
		if _, ok := fs.stack[i].(*ast.ParenExpr); !ok {
			break
		}
		i--
	}
	if len(lit.Elts) == 1 && i >= 1 {
		if kv, ok := lit.Elts[0].(*ast.KeyValueExpr); ok && kv.Key.(*ast.Ident).Name == "Host" {
			if sel, ok := fs.stack[i].(*ast.SelectorExpr); ok && (sel.Sel.Name == "Hostname" || sel.Sel.Name == "Port") {
				if call, ok := fs.stack[i-1].(*ast.CallExpr); ok && call.Fun == sel {
					fs.setf(call, func() string { return fs.name + ".HostPort(" + fs.text(kv.Value) + ")." + sel.Sel.Name + "()" })
					return
				}
			}
		}
	}
	conv := func() string {
		return fs.name + ".FromNetURL(&" + netAlias + ".URL" + fs.textRange(lit, lit.Lbrace, lit.End()) + ")"
	}
	if u, ok := outer.(*ast.UnaryExpr); ok {
		// x := &url.URL{...}
		if as, ok := fs.parent2(u).(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			id, ok := as.Lhs[0].(*ast.Ident)
			if ok && ps.pass.TypesInfo.Defs[id] != nil && fs.errFree(as) {
				handle, ok := fs.errHandler("url.FromNetURL")
				if ok {
					fs.needNet = true
					fs.setf(as, func() string { return id.Name + ", err := " + conv() + "\nif err != nil {\n" + handle + "\n}" })
					return
				}
			}
		}
		// return &url.URL{...}, nil in a func returning (*url.URL, error)
		if ret, ok := fs.parent2(u).(*ast.ReturnStmt); ok && len(ret.Results) == 2 && ret.Results[0] == u && isNil(ret.Results[1]) {
			if fs.returnsWebAndError() {
				fs.needNet = true
				fs.setf(ret, func() string { return "return " + conv() })
				return
			}
		}
	}
	ps.refuse(lit, "a net/url.URL literal here has no weburl form that keeps its meaning: write url.FromNetURL(&neturl.URL{...}) and handle its error, or url.Parse")
}

// returnsWebAndError says whether the innermost function returns
// (*url.URL, error) and is ported.
func (fs *fileState) returnsWebAndError() bool {
	info := fs.ps.pass.TypesInfo
	for i := len(fs.stack) - 1; i >= 0; i-- {
		ft, sig := funcOf(info, fs.stack[i])
		if ft == nil {
			continue
		}
		if sig == nil || fs.ps.inKept(ft) || sig.Results().Len() != 2 {
			return false
		}
		return isNetURLPtr(sig.Results().At(0).Type()) && types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
	}
	return false
}

// parent2 is the parent of n, n on the stack.
func (fs *fileState) parent2(n ast.Node) ast.Node {
	for i := len(fs.stack) - 1; i > 0; i-- {
		if fs.stack[i] == n {
			return fs.stack[i-1]
		}
	}
	return nil
}

// errFree says whether the scope of as has no variable err of a type other
// than error, so that `x, err :=` declares or reuses an error.
func (fs *fileState) errFree(as *ast.AssignStmt) bool {
	sc := fs.ps.pass.Pkg.Scope().Innermost(as.Pos())
	if sc == nil {
		return false
	}
	_, o := sc.LookupParent("err", as.Pos())
	if o == nil {
		return true
	}
	return types.Identical(o.Type(), types.Universe.Lookup("error").Type())
}

// callArgs checks the *URL arguments of a call against its parameters.
func (fs *fileState) callArgs(c *ast.CallExpr) {
	info := fs.ps.pass.TypesInfo
	if tv, ok := info.Types[c.Fun]; ok && tv.IsType() {
		return
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			if b.Name() == "append" && len(c.Args) > 1 && !c.Ellipsis.IsValid() {
				dest := fs.ps.exprWeb(c.Args[0])
				for _, a := range c.Args[1:] {
					fs.flowTo(a, dest)
				}
			}
			return
		}
	}
	ft := info.TypeOf(c.Fun)
	if ft == nil {
		return
	}
	sig, ok := ft.Underlying().(*types.Signature)
	if !ok {
		return
	}
	dest := fs.calleeWeb(c.Fun)
	var params []ast.Expr
	if ft := fs.ps.calleeType(c.Fun); ft != nil {
		params = resultTypes(&ast.FuncType{Results: ft.Params})
	}
	for i, a := range c.Args {
		if len(params) > 0 {
			dest = isWeb
			if fs.ps.inKept(params[min(i, len(params)-1)]) {
				dest = isNet
			}
		}
		fs.toForeignInterface(c, sig, i, a)
		if i >= sig.Params().Len() {
			break
		}
		pt := sig.Params().At(i).Type()
		if !mentionsNetURL(pt) {
			continue
		}
		if _, ok := pt.(*types.Interface); ok {
			continue
		}
		fs.flowTo(a, dest)
	}
}

// calleeWeb says whether the parameters of the callee become weburl's.
func (fs *fileState) calleeWeb(fun ast.Expr) webness {
	ps := fs.ps
	info := ps.pass.TypesInfo
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		o := info.Uses[f]
		if o == nil {
			return unknown
		}
		if _, ok := o.(*types.Func); ok {
			return ps.objWeb(o)
		}
		return ps.exprWeb(&ast.CallExpr{Fun: f})
	case *ast.SelectorExpr:
		if sel := info.Selections[f]; sel != nil {
			if o := sel.Obj(); o.Pkg() != nil && o.Pkg().Path() == netURLPath {
				return ps.exprWeb(f.X) // ResolveReference takes what its receiver is
			}
			return ps.objWeb(sel.Obj())
		}
		return ps.objWeb(info.Uses[f.Sel])
	case *ast.FuncLit:
		if ps.inKept(f.Type) {
			return isNet
		}
		return isWeb
	}
	return unknown
}

// returns checks the *URL results of a return statement.
func (fs *fileState) returns(ret *ast.ReturnStmt) {
	info := fs.ps.pass.TypesInfo
	for i := len(fs.stack) - 1; i >= 0; i-- {
		ft, sig := funcOf(info, fs.stack[i])
		if ft == nil {
			continue
		}
		res := resultTypes(ft)
		if sig != nil && len(ret.Results) == 1 && sig.Results().Len() == 2 && len(res) == 2 && mentionsNetURL(sig.Results().At(0).Type()) {
			// return url.Parse(s), in a func returning (*url.URL, error)
			if c := fs.ps.parseCallOf(ret.Results[0]); c != nil {
				dest := isWeb
				if fs.ps.inKept(res[0]) {
					dest = isNet
				}
				fs.flowTo(c, dest)
			}
			return
		}
		if sig == nil || sig.Results().Len() != len(ret.Results) {
			return
		}
		for j, r := range ret.Results {
			if j < len(res) && mentionsNetURL(sig.Results().At(j).Type()) {
				dest := isWeb
				if fs.ps.inKept(res[j]) {
					dest = isNet
				}
				fs.flowTo(r, dest)
			}
		}
		return
	}
}

// flow checks an assignment of src to dst.
func (fs *fileState) flow(src, dst ast.Expr) {
	t := fs.ps.pass.TypesInfo.TypeOf(dst)
	if t == nil || !mentionsNetURL(t) {
		return
	}
	if id, ok := dst.(*ast.Ident); ok && id.Name == "_" {
		return
	}
	fs.flowTo(src, fs.ps.exprWeb(dst))
}

// flowTo converts src at a destination of the given webness: .NetURL() from
// weburl to net/url; the other way is refused.
func (fs *fileState) flowTo(src ast.Expr, dest webness) {
	ps := fs.ps
	if dest == isNet {
		if c := ps.parseCallOf(src); c != nil && !ps.netParse[c] && ps.dry {
			ps.toNet = append(ps.toNet, c)
			return
		}
	}
	t := ps.pass.TypesInfo.TypeOf(src)
	if t == nil || !mentionsNetURL(t) || isNil(src) {
		return
	}
	if _, ok := ast.Unparen(src).(*ast.CompositeLit); ok && isNetURL(t) {
		return
	}
	if u, ok := ast.Unparen(src).(*ast.UnaryExpr); ok {
		if _, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok && u.Op == token.AND {
			return // literal ports or refuses it
		}
	}
	if _, ok := ast.Unparen(src).(*ast.FuncLit); ok {
		return
	}
	from := ps.exprWeb(src)
	if dest == unknown || from == unknown {
		if dest != from {
			ps.refuse(src, "cannot tell whether %s is a net/url value or one this port turns into weburl", types.ExprString(src))
		}
		return
	}
	if dest == from {
		return
	}
	if !isNetURLPtr(t) {
		ps.refuse(src, "%s: a value of type %s would change between net/url and weburl here", types.ExprString(src), t)
		return
	}
	if from == isWeb {
		inner := func() string { return fs.textRange(src, src.Pos(), src.End()) }
		fs.setf(src, func() string {
			s := inner()
			if needsParens(src) {
				s = "(" + s + ")"
			}
			return s + ".NetURL()"
		})
		return
	}
	ps.refuse(src, "%s is a *net/url.URL where the port expects a weburl *url.URL: convert it with url.FromNetURL and handle the error", types.ExprString(src))
}

// report emits the file's fix: the import swap and every rewrite.
func (fs *fileState) report() {
	ps := fs.ps
	var edits []analysis.TextEdit
	// Outermost rewritten nodes only.
	var outer []ast.Node
	for n := range fs.repl {
		inside := false
		for m := range fs.repl {
			if m != n && m.Pos() <= n.Pos() && n.End() <= m.End() && (m.Pos() != n.Pos() || m.End() != n.End()) {
				inside = true
				break
			}
		}
		if !inside {
			outer = append(outer, n)
		}
	}
	for _, n := range outer {
		edits = append(edits, analysis.TextEdit{Pos: n.Pos(), End: n.End(), NewText: []byte(fs.text(n))})
	}
	if !fs.needsWeb(outer, edits) {
		// Every URL of the file goes into net/url: it is left as it is.
		ps.pass.Reportf(fs.spec.Pos(), "weburl-migrate: kept: every URL of %s goes into net/url (net/http, an API kept on net/url): the file stays on net/url",
			filepath.Base(ps.pass.Fset.Position(fs.f.Package).Filename))
		return
	}
	// The import.
	var imp bytes.Buffer
	fmt.Fprintf(&imp, "%s %q", fs.name, webURLPath)
	var extra []string
	if fs.needNet {
		if fs.name == netAlias || ps.pass.TypesInfo.Scopes[fs.f].Lookup(netAlias) != nil || ps.pass.Pkg.Scope().Lookup(netAlias) != nil {
			ps.refuse(fs.spec, "the name %s, under which net/url is kept, is taken", netAlias)
			return
		}
		extra = append(extra, fmt.Sprintf("%s %q", netAlias, netURLPath))
	}
	if fs.needStr && fs.strName == "strings" {
		if _, s := importOf(fs.f, "strings"); s == nil {
			extra = append(extra, `"strings"`)
		}
	}
	if fs.needFmt && fs.fmtName == "fmt" {
		if _, s := importOf(fs.f, "fmt"); s == nil {
			extra = append(extra, `"fmt"`)
		}
	}
	gd := importDecl(fs.f, fs.spec)
	if gd != nil && gd.Lparen.IsValid() {
		var pre strings.Builder
		for _, e := range extra {
			pre.WriteString(e + "\n\t")
		}
		edits = append(edits, analysis.TextEdit{Pos: fs.spec.Pos(), End: fs.spec.End(), NewText: append([]byte(pre.String()), imp.Bytes()...)})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: fs.spec.Pos(), End: fs.spec.End(), NewText: imp.Bytes()})
		if len(extra) > 0 && gd != nil {
			edits = append(edits, analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport (\n\t" + strings.Join(extra, "\n\t") + "\n)")})
		}
	}
	ps.pass.Report(analysis.Diagnostic{
		Pos:     fs.spec.Pos(),
		End:     fs.spec.End(),
		Message: fmt.Sprintf("weburl-migrate: port this file from net/url to %s (%d rewrites)", webURLPath, len(outer)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "port to " + webURLPath,
			TextEdits: edits,
		}},
	})
}

// needsWeb says whether the rewritten file uses weburl: a rewrite that
// names it, or a use of the import that no rewrite replaces.
func (fs *fileState) needsWeb(outer []ast.Node, edits []analysis.TextEdit) bool {
	word := regexp.MustCompile(`(^|[^\pL\pN_])` + regexp.QuoteMeta(fs.name) + `\.`)
	for _, e := range edits {
		if word.Match(e.NewText) {
			return true
		}
	}
	for id, o := range fs.ps.pass.TypesInfo.Uses {
		pn, ok := o.(*types.PkgName)
		if !ok || pn.Imported().Path() != netURLPath || id.Pos() < fs.f.Pos() || id.End() > fs.f.End() {
			continue
		}
		covered := false
		for _, n := range outer {
			if n.Pos() <= id.Pos() && id.End() <= n.End() {
				covered = true
				break
			}
		}
		if !covered {
			return true
		}
	}
	return false
}

func importDecl(f *ast.File, spec *ast.ImportSpec) *ast.GenDecl {
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && slices.Contains(gd.Specs, ast.Spec(spec)) {
			return gd
		}
	}
	return nil
}

// netParses says whether net/url's function name (Parse or
// ParseRequestURI) accepts s.
func netParses(name, s string) bool {
	var err error
	if name == "ParseRequestURI" {
		_, err = neturl.ParseRequestURI(s)
	} else {
		_, err = neturl.Parse(s)
	}
	return err == nil
}

// keepAPI keeps *net/url.URL in the exported declarations of a package
// other than main: other packages, which this pass cannot see (some
// outside the module), compile against them.
func (ps *pkgState) keepAPI(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			if d.Recv != nil && len(d.Recv.List) == 1 && !recvExported(d.Recv.List[0].Type) {
				continue
			}
			ps.kept = append(ps.kept, d.Type)
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					if sp.Name.IsExported() {
						ps.kept = append(ps.kept, sp.Type)
					}
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if n.IsExported() && sp.Type != nil {
							ps.kept = append(ps.kept, sp.Type)
						}
					}
				}
			}
		}
	}
}

func recvExported(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvExported(e.X)
	case *ast.IndexExpr:
		return recvExported(e.X)
	case *ast.IndexListExpr:
		return recvExported(e.X)
	case *ast.Ident:
		return e.IsExported()
	}
	return false
}

// propagate keeps *net/url.URL in every declaration of the package that
// receives a net/url value (a request's URL, a value from another
// package): such a declaration, and so everything it flows into, stays
// net/url, and nothing there changes meaning.
func (ps *pkgState) propagate() {
	info := ps.pass.TypesInfo
	for changed := true; changed; {
		changed = false
		mark := func(src ast.Expr, dst ast.Expr) {
			if dst == nil || ps.inKept(dst) {
				return
			}
			t := info.TypeOf(src)
			if t == nil || !mentionsNetURL(t) || isNil(src) {
				return
			}
			if ps.exprWeb(src) == isNet {
				ps.kept = append(ps.kept, dst)
				clear(ps.webMemo)
				changed = true
			}
		}
		for _, f := range ps.pass.Files {
			var funcStack []*ast.FuncType
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case nil:
					return false
				case *ast.FuncDecl:
					if n.Body != nil {
						funcStack = append(funcStack, n.Type)
						ast.Inspect(n.Body, func(m ast.Node) bool { return ps.propNode(m, &funcStack, mark) })
						funcStack = funcStack[:len(funcStack)-1]
					}
					return false
				}
				return ps.propNode(n, &funcStack, mark)
			})
		}
	}
}

func (ps *pkgState) propNode(n ast.Node, funcStack *[]*ast.FuncType, mark func(src, dst ast.Expr)) bool {
	info := ps.pass.TypesInfo
	switch n := n.(type) {
	case *ast.FuncLit:
		*funcStack = append(*funcStack, n.Type)
		ast.Inspect(n.Body, func(m ast.Node) bool { return ps.propNode(m, funcStack, mark) })
		*funcStack = (*funcStack)[:len(*funcStack)-1]
		return false
	case *ast.AssignStmt:
		if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
			for i := range n.Lhs {
				mark(n.Rhs[i], ps.declTypeOf(n.Lhs[i]))
			}
		}
	case *ast.ValueSpec:
		if n.Type != nil {
			for _, v := range n.Values {
				mark(v, n.Type)
			}
		}
	case *ast.KeyValueExpr:
		if id, ok := n.Key.(*ast.Ident); ok {
			if o, ok := info.Uses[id].(*types.Var); ok && o.IsField() && o.Pkg() == ps.pass.Pkg {
				mark(n.Value, ps.decl[o].typ)
			}
		}
	case *ast.CompositeLit:
		for _, el := range positional(info, n) {
			if el.field.Pkg() == ps.pass.Pkg {
				mark(el.value, ps.decl[el.field].typ)
			}
		}
	case *ast.ReturnStmt:
		if len(*funcStack) > 0 {
			ft := (*funcStack)[len(*funcStack)-1]
			res := resultTypes(ft)
			if len(res) == len(n.Results) {
				for i, r := range n.Results {
					mark(r, res[i])
				}
			}
		}
	case *ast.CallExpr:
		if ft := ps.calleeType(n.Fun); ft != nil {
			params := resultTypes(&ast.FuncType{Results: ft.Params})
			for i, a := range n.Args {
				if i < len(params) {
					mark(a, params[i])
				}
			}
		}
		if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) > 1 {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
				for _, a := range n.Args[1:] {
					mark(a, ps.declTypeOf(n.Args[0]))
				}
			}
		}
	}
	return true
}

// resultTypes lists the type expression of each result of ft, one per value.
func resultTypes(ft *ast.FuncType) []ast.Expr {
	var out []ast.Expr
	if ft.Results == nil {
		return nil
	}
	for _, f := range ft.Results.List {
		k := len(f.Names)
		if k == 0 {
			k = 1
		}
		for range k {
			out = append(out, f.Type)
		}
	}
	return out
}

// calleeType is the declared type of a function of this package, or nil.
func (ps *pkgState) calleeType(fun ast.Expr) *ast.FuncType {
	info := ps.pass.TypesInfo
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return ps.funcs[info.Uses[f]]
	case *ast.SelectorExpr:
		if sel := info.Selections[f]; sel != nil {
			return ps.funcs[sel.Obj()]
		}
		return ps.funcs[info.Uses[f.Sel]]
	case *ast.FuncLit:
		return f.Type
	}
	return nil
}

// declTypeOf is the declared type expression of the variable or field e
// stores into, or nil.
func (ps *pkgState) declTypeOf(e ast.Expr) ast.Expr {
	info := ps.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return ps.decl[info.Uses[e]].typ
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil {
			return ps.decl[sel.Obj()].typ
		}
		return ps.decl[info.Uses[e.Sel]].typ
	case *ast.IndexExpr:
		return ps.declTypeOf(e.X)
	case *ast.StarExpr:
		return ps.declTypeOf(e.X)
	}
	return nil
}

type posElt struct {
	value ast.Expr
	field *types.Var
}

// positional pairs the unkeyed elements of a struct literal with their fields.
func positional(info *types.Info, lit *ast.CompositeLit) []posElt {
	t := info.TypeOf(lit)
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []posElt
	for i, e := range lit.Elts {
		if _, ok := e.(*ast.KeyValueExpr); ok || i >= st.NumFields() {
			return out
		}
		out = append(out, posElt{e, st.Field(i)})
	}
	return out
}

// keepNetParses finds each url.Parse of a constant relative reference that
// net/url accepts and weburl refuses, whose variable is used only as the
// reference of ResolveReference on a net/url receiver (fetchbot's
// robotsTxtParsedPath): that parse stays net/url's (neturl.Parse), which
// keeps its meaning whole.
func (ps *pkgState) keepNetParses() {
	info := ps.pass.TypesInfo
	for o, d := range ps.decl {
		c, ok := ast.Unparen(d.init).(*ast.CallExpr)
		if d.init == nil || !ok || d.index > 0 || len(c.Args) != 1 || !isNetURLFunc(ps, c.Fun, "Parse") {
			continue
		}
		tv := info.Types[c.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		if s := constant.StringVal(tv.Value); weburl.CanParse(s) || !netParses("Parse", s) {
			continue
		}
		uses, good := 0, 0
		for _, u := range info.Uses {
			if u == o {
				uses++
			}
		}
		for _, f := range ps.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, isCall := n.(*ast.CallExpr)
				if !isCall || len(call.Args) != 1 {
					return true
				}
				sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !isSel || sel.Sel.Name != "ResolveReference" {
					return true
				}
				if m := info.Uses[sel.Sel]; m == nil || m.Pkg() == nil || m.Pkg().Path() != netURLPath {
					return true
				}
				if id, isID := ast.Unparen(call.Args[0]).(*ast.Ident); isID && info.Uses[id] == o && ps.exprWeb(sel.X) == isNet {
					good++
				}
				return true
			})
		}
		if uses > 0 && uses == good {
			ps.netParse[c] = true
			clear(ps.webMemo)
		}
	}
}

// printPkgs are the packages whose functions take a URL as an interface
// value only to print it (with its String method, the href in both
// packages).
var printPkgs = map[string]bool{"fmt": true, "log": true, "log/slog": true, "testing": true, "errors": true}

// toForeignInterface refuses a weburl value passed as an interface value
// to another package's function: that code may switch on *net/url.URL
// (gocrawl's Enqueue does) and would no longer match.
func (fs *fileState) toForeignInterface(c *ast.CallExpr, sig *types.Signature, i int, a ast.Expr) {
	ps := fs.ps
	info := ps.pass.TypesInfo
	t := info.TypeOf(a)
	if t == nil || !isNetURLPtr(t) || c.Ellipsis.IsValid() {
		return
	}
	var pt types.Type
	switch {
	case sig.Variadic() && i >= sig.Params().Len()-1:
		pt = sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
	case i < sig.Params().Len():
		pt = sig.Params().At(i).Type()
	default:
		return
	}
	if _, ok := pt.Underlying().(*types.Interface); !ok {
		return
	}
	var callee types.Object
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		callee = info.Uses[f]
	case *ast.SelectorExpr:
		callee = info.Uses[f.Sel]
	}
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == ps.pass.Pkg || printPkgs[callee.Pkg().Path()] {
		return
	}
	if ps.exprWeb(a) != isWeb {
		return
	}
	ps.refuse(a, "%s is passed as an interface value to %s.%s, which may test for *net/url.URL; pass %s.NetURL() or its String() by hand", types.ExprString(a), callee.Pkg().Name(), callee.Name(), types.ExprString(a))
}
