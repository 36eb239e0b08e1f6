package migrate

// The ResolveReference rule.

import (
	"go/ast"
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
	if uses != 1 || !ok || info.Uses[bid] == nil || info.Uses[bid].Pos() > pc.Pos() {
		ps.refuseValue(n.X, n, "%s", r.Why)
		return
	}
	arg := pc.Args[0]
	fs.setf(pc, func() string { return base() + ".Parse(" + fs.text(arg) + ")" })
	fs.set(call, id.Name)
}
