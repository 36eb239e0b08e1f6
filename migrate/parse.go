package migrate

// The Parse rules: a constant relative reference, and a parse whose value
// goes into net/url (it stays net/url's parse).

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	neturl "net/url"

	weburl "github.com/weburl/url"
)

// checkParse refuses url.Parse of a constant that net/url accepts and
// weburl refuses (a relative reference): the port would turn success into
// an error.
func (fs *fileState) checkParse(sel *ast.SelectorExpr) {
	call, ok := fs.parent().(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		fs.ps.webErrs++ // url.Parse as a value: weburl's
		return
	}
	if fs.ps.netParse[call] {
		fs.set(sel, netAlias+"."+sel.Sel.Name)
		fs.needNet = true
		return
	}
	fs.ps.webErrs++
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

// keepSerializedParses keeps on net/url each parse whose variable is only
// serialized (every use is v.String()): the string is all the program
// takes from it, and net/url's parse gives it as before, where weburl's
// would normalize it or fail on a relative or empty input (a request
// built from u.String(), as sling builds one).
func (ps *pkgState) keepSerializedParses() {
	info := ps.pass.TypesInfo
	serialized := map[types.Object]int{}
	for _, f := range ps.pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			stack = append(stack, n)
			id, ok := n.(*ast.Ident)
			if !ok || len(stack) < 3 {
				return true
			}
			sel, ok := stack[len(stack)-2].(*ast.SelectorExpr)
			if !ok || sel.X != id || sel.Sel.Name != "String" {
				return true
			}
			if call, ok := stack[len(stack)-3].(*ast.CallExpr); ok && call.Fun == sel && len(call.Args) == 0 {
				if o := info.Uses[id]; o != nil {
					serialized[o]++
				}
			}
			return true
		})
	}
	for o, d := range ps.decl {
		if d.init == nil || d.index > 0 || serialized[o] == 0 || o.Parent() == ps.pass.Pkg.Scope() {
			continue
		}
		c := ps.parseCallOf(ast.Unparen(d.init))
		if c == nil || ps.netParse[c] {
			continue
		}
		uses := 0
		for _, u := range info.Uses {
			if u == o {
				uses++
			}
		}
		if uses == serialized[o] {
			ps.netParse[c] = true
			clear(ps.webMemo)
		}
	}
}

// unwrapSource is e without parentheses and a leading &.
func unwrapSource(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	return e
}

// sourceOf returns where the URL value e comes from, when the port can
// keep it on net/url by itself: a url.Parse call (parseCallOf), or a
// literal of net/url's URL with its type written (&url.URL{...}), itself
// or through the variable it initialized.
func (ps *pkgState) sourceOf(e ast.Expr) ast.Expr {
	if c := ps.parseCallOf(e); c != nil {
		return c
	}
	e = unwrapSource(e)
	if id, ok := e.(*ast.Ident); ok {
		d, ok := ps.decl[ps.pass.TypesInfo.Uses[id]]
		if !ok || d.init == nil || d.index >= 0 {
			return nil
		}
		e = unwrapSource(d.init)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || lit.Type == nil || !isNetURL(ps.pass.TypesInfo.TypeOf(lit)) {
		return nil
	}
	return lit
}
