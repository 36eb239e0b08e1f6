package migrate

// The struct-literal rule: a literal of net/url's URL becomes FromNetURL.

import (
	"go/ast"
	"go/token"
	"go/types"
)

// literal ports a composite literal of net/url's URL.
func (fs *fileState) literal(lit *ast.CompositeLit) {
	ps := fs.ps
	if ps.netParse[lit] {
		// Its value stays net/url's: the literal keeps net/url's type.
		fs.set(lit.Type, netAlias+".URL")
		fs.needNet = true
		return
	}
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
	if !constScheme(ps.pass.TypesInfo, lit) {
		// &url.URL{Path: p} is a relative reference, which FromNetURL
		// refuses: its value stays net/url's.
		ps.refuseValue(lit, lit, "a net/url.URL literal with no constant scheme may be a relative reference, which a weburl URL cannot hold: keep it on net/url")
		return
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
					ps.webErrs++
					fs.setf(as, func() string { return id.Name + ", err := " + conv() + "\nif err != nil {\n" + handle + "\n}" })
					return
				}
			}
		}
		// return &url.URL{...}, nil in a func returning (*url.URL, error)
		if ret, ok := fs.parent2(u).(*ast.ReturnStmt); ok && len(ret.Results) == 2 && ret.Results[0] == u && isNil(ret.Results[1]) {
			if fs.returnsWebAndError() {
				fs.needNet = true
				ps.webErrs++
				fs.setf(ret, func() string { return "return " + conv() })
				return
			}
		}
	}
	ps.refuseValue(lit, lit, "a net/url.URL literal here has no weburl form that keeps its meaning: write url.FromNetURL(&neturl.URL{...}) and handle its error, or url.Parse")
}

// constScheme says whether lit sets Scheme to a non-empty constant.
func constScheme(info *types.Info, lit *ast.CompositeLit) bool {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return false // positional: every field given, Scheme first
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Scheme" {
			tv := info.Types[kv.Value]
			return tv.Value != nil && tv.Value.ExactString() != `""`
		}
	}
	return false
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

// isLitType says whether n is the type of the composite literal p.
func isLitType(p ast.Node, n ast.Expr) bool {
	lit, ok := p.(*ast.CompositeLit)
	return ok && lit.Type == n
}
