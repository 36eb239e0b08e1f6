package migrate

// The field-read and method rules, and the method-value trap: a read of a
// net/url field or a method with another meaning becomes its form.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// member rewrites x.F, x of net/url's URL becoming weburl's, with the
// forms of forms.go.
func (fs *fileState) member(n *ast.SelectorExpr) {
	ps := fs.ps
	name := n.Sel.Name
	r, ok := ruleFor("URL." + name)
	if !ok {
		ps.refuseValue(n.X, n, "(*net/url.URL).%s has no rule", name)
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
		if name == "Parse" {
			ps.webErrs++ // (*URL).Parse: weburl's errors
		}
		return
	case refuse:
		ps.refuseValue(n.X, n, "%s", r.Why)
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
			ps.refuseValue(n.X, n, "%s.%s used as a value: weburl's %s has another meaning", xs, name, name)
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
		ps.refuseValue(n.X, n, "the address of net/url's %s field has no weburl counterpart", name)
		return
	}
	if _, ok := parent.(*ast.IncDecStmt); ok {
		ps.refuseValue(n.X, n, "%s.%s++: not a string field", xs, name)
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
		fs.ps.refuseValue(recv, node, "%s has no rewrite that keeps net/url's meaning", name)
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
		ps.refuseValue(recv, node, "%s: the rewrite reads %s twice, which has side effects or costs; assign it to a variable first", f.Name, types.ExprString(recv))
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
		ps.refuseValue(recv, node, "%s: the name %s, which the rewrite needs for package %s, means something else here", f.Name, name, path)
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
	fs.ps.refuseValue(n.X, n, "%s", r.Why)
}

func isEmptyString(ps *pkgState, be *ast.BinaryExpr, n ast.Expr) bool {
	other := be.Y
	if other == n {
		other = be.X
	}
	tv := ps.pass.TypesInfo.Types[other]
	return tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
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
