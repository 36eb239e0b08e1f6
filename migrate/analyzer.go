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
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

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
	netParse map[ast.Expr]bool              // url.Parse calls and url.URL literals that stay net/url's
	keptFunc map[types.Object]bool          // funcs whose signature is kept
	foreign  []*types.Signature             // func types of other packages that mention net/url
	decl     map[types.Object]declOf        // how each local variable got its type
	webMemo  map[types.Object]webness       // memo of objWeb
	files    []*fileState
	refused  int

	// A dry walk finds the parses whose value flows into net/url (toNet);
	// they stay net/url's parses (netParse), and the walk is run again.
	dry     bool
	toNet   []ast.Expr
	keptWhy map[ast.Expr]string // the values kept on net/url for a site the port refused, and why

	// The uses of the type net/url.Error, and how many sites of the port
	// make weburl's errors (a weburl parse, FromNetURL): with none, every
	// error of the package is still net/url's, and url.Error stays
	// neturl.Error.
	errorUses []errorUse
	webErrs   int
}

type errorUse struct {
	fs *fileState
	n  *ast.SelectorExpr
	r  rule
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
		netParse: map[ast.Expr]bool{},
		decl:     map[types.Object]declOf{},
		webMemo:  map[types.Object]webness{},
		keptWhy:  map[ast.Expr]string{},
	}
	for _, f := range pass.Files {
		name, spec := importOf(f, netURLPath)
		if spec == nil {
			continue
		}
		if _, w := importOf(f, webURLPath); w != nil || name == netAlias {
			// Already ported: a second run changes nothing, but what an
			// earlier run kept on net/url is listed again, so that the
			// status says the program still uses it.
			ps.reportEarlier(f, spec)
			continue
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
	ps.keepSerializedParses()
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
	ps.errorUses, ps.webErrs = nil, 0
	for _, fs := range ps.files {
		fs.reset()
		fs.walk()
	}
	for _, e := range ps.errorUses {
		if ps.webErrs == 0 {
			e.fs.set(e.n, netAlias+".Error")
			e.fs.needNet = true
			continue
		}
		ps.refuse(e.n, "%s (this package makes weburl's errors: %d sites parse with weburl or call FromNetURL)", e.r.Why, ps.webErrs)
	}
	if ps.refused > 0 {
		return nil, nil
	}
	for _, fs := range ps.files {
		fs.report()
	}
	for c, why := range ps.keptWhy {
		pass.Reportf(c.Pos(), "weburl-migrate: kept: this value stays net/url's, for a use of it the port cannot keep: %s", why)
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

// reportEarlier reports, at the import spec of net/url in f (a file an
// earlier run ported), how many uses of net/url the earlier run left in
// it, as a kept site.
func (ps *pkgState) reportEarlier(f *ast.File, spec *ast.ImportSpec) {
	uses := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := ps.pass.TypesInfo.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == netURLPath {
				uses++
			}
		}
		return true
	})
	name := "url"
	if spec.Name != nil {
		name = spec.Name.Name
	}
	plural := "s"
	if uses == 1 {
		plural = ""
	}
	ps.pass.Reportf(spec.Pos(), "weburl-migrate: kept: an earlier run ported this file and left %d use%s of net/url in it (%s.)", uses, plural, name)
}

// refuseValue refuses a site on the value recv, unless recv is the value
// of a url.Parse: then, in a dry walk, that parse stays net/url's, so the
// site keeps net/url's meaning and the rest of the package is ported.
func (ps *pkgState) refuseValue(recv ast.Expr, n ast.Node, format string, args ...any) {
	if c := ps.sourceOf(recv); c != nil && ps.dry && !ps.netParse[c] {
		if slices.Contains(ps.toNet, c) {
			return // it goes into net/url: kept for that already
		}
		ps.toNet = append(ps.toNet, c)
		if _, ok := ps.keptWhy[c]; !ok {
			ps.keptWhy[c] = fmt.Sprintf(format, args...)
		}
		return
	}
	ps.refuse(n, format, args...)
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
				case r.Do == errorType:
					ps.errorUses = append(ps.errorUses, errorUse{fs, n, r})
				case r.Do == refuse:
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
		if n.Type != nil && len(n.Values) == 0 && isNetURL(info.TypeOf(n.Type)) && !ps.inKept(n.Type) {
			// var u url.URL: net/url's empty URL, which a weburl URL (always
			// absolute) cannot be; the fields then written into it
			// (gorilla/mux builds a query this way) would fail.
			ps.refuse(n, "a zero net/url.URL (var %s %s): a weburl URL is always absolute, so no weburl value keeps its meaning; keep it on net/url", n.Names[0].Name, types.ExprString(n.Type))
		}
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

// parent2 is the parent of n, n on the stack.
func (fs *fileState) parent2(n ast.Node) ast.Node {
	for i := len(fs.stack) - 1; i > 0; i-- {
		if fs.stack[i] == n {
			return fs.stack[i-1]
		}
	}
	return nil
}
