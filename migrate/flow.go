package migrate

// Values: which URL of the package is net/url's and which weburl's after
// the port, and the conversions where one meets the other.

import (
	"go/ast"
	"go/token"
	"go/types"
)

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
		if ps.netParse[unwrapSource(d.init)] {
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
		if ps.netParse[e] {
			return isNet
		}
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
		if c := ps.sourceOf(src); c != nil && !ps.netParse[c] && ps.dry {
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
	ps.refuseValue(a, a, "%s is passed as an interface value to %s.%s, which may test for *net/url.URL; pass %s.NetURL() or its String() by hand", types.ExprString(a), callee.Pkg().Name(), callee.Name(), types.ExprString(a))
}
