package migrate

// The ResolveReference rule.

import (
	"go/ast"
	"go/token"
)

// resolveReference ports base.ResolveReference(ref) where ref was set by
// `ref, err := url.Parse(s)` and is used only there: the parse becomes
// base.Parse(s) and the call becomes ref.
func (fs *fileState) resolveReference(n *ast.SelectorExpr, base func() string, r rule) {
	ps := fs.ps
	info := ps.pass.TypesInfo
	call, ok := fs.parent().(*ast.CallExpr)
	if !ok || call.Fun != n || len(call.Args) != 1 {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	obj := info.Uses[id]
	d, ok := ps.decl[obj]
	if !ok || d.init == nil || d.index != 0 {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	pc, ok := ast.Unparen(d.init).(*ast.CallExpr)
	if !ok || !isNetURLFunc(ps, pc.Fun, "Parse") || len(pc.Args) != 1 {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	uses := 0
	for _, o := range info.Uses {
		if o == obj {
			uses++
		}
	}
	bid, ok := ast.Unparen(n.X).(*ast.Ident)
	if !ok || info.Uses[bid] == nil || info.Uses[bid].Pos() > pc.Pos() || info.Uses[bid] == obj {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	arg := pc.Args[0]
	if uses == 1 {
		fs.setf(pc, func() string { return base() + ".Parse(" + fs.text(arg) + ")" })
		fs.set(call, id.Name)
		return
	}
	// ref = base.ResolveReference(ref), with ref read nowhere between its
	// parse and this line and base not assigned there (muffet's link
	// finder): the parse becomes base.Parse(s) and the line goes.
	as, ok := fs.stack[len(fs.stack)-3].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != call {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	if lhs, ok := as.Lhs[0].(*ast.Ident); !ok || info.Uses[lhs] != obj {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	for u, o := range info.Uses {
		inside := as.Pos() <= u.Pos() && u.End() <= as.End()
		if (o == obj && !inside && u.Pos() < as.Pos()) || (o == info.Uses[bid] && !inside && pc.End() < u.Pos() && u.Pos() < as.Pos() && assigned(fs.f, u)) {
			ps.refuseValue(n.X, n, "%s", r.Why)
			return
		}
	}
	fs.setf(pc, func() string { return base() + ".Parse(" + fs.text(arg) + ")" })
	fs.set(as, "")
}

// assigned says whether the identifier id is assigned to in f.
func assigned(f *ast.File, id *ast.Ident) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if l == ast.Expr(id) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
