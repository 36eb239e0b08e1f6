package migrate

// The field-write rule: a write becomes a round trip through net/url's
// fields, with its error handled.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// write rewrites `x.F = v` (or +=) with the form of the field's write:
// a round trip through net/url (x.NetURL(), the field set as net/url sets
// it, FromNetURL back), with the error handled.
func (fs *fileState) write(as *ast.AssignStmt, n *ast.SelectorExpr, x func() string, xs string) {
	ps := fs.ps
	name := n.Sel.Name
	if (as.Tok != token.ASSIGN && as.Tok != token.ADD_ASSIGN) || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		ps.refuseValue(n.X, n, "%s.%s is assigned in a compound or multiple assignment", xs, name)
		return
	}
	if _, ok := fs.stack[len(fs.stack)-3].(*ast.BlockStmt); !ok {
		if _, ok := fs.stack[len(fs.stack)-3].(*ast.CaseClause); !ok {
			ps.refuseValue(n.X, n, "%s.%s is assigned outside a block statement", xs, name)
			return
		}
	}
	val := as.Rhs[0]
	if name == "Host" && (as.Tok == token.ADD_ASSIGN || addsPort(ps, val)) {
		ps.refuseValue(n.X, n, "%s.Host gets a port appended: weburl drops a scheme's default port (:80 for http) that net/url keeps, and code that dials %s.Host needs it; keep this value on net/url by hand", xs, xs)
		return
	}
	formName := "URL." + name + "="
	if name == "User" && isNil(val) && as.Tok == token.ASSIGN {
		formName = "URL.User=nil"
	}
	f, ok := formFor(formName)
	if !ok {
		ps.refuseValue(n.X, n, "%s.%s = ...: no rewrite keeps net/url's meaning", xs, name)
		return
	}
	if !fs.formOK(f, as, n.X) {
		return
	}
	handle, ok := fs.errHandler("set " + xs + "." + name)
	if !ok {
		ps.refuseValue(n.X, n, "%s.%s = ...: the rewrite can fail and the enclosing function neither returns an error nor has a *testing.T", xs, name)
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
	ps.webErrs++ // FromNetURL
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
