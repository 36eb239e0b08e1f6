package migrate

// The net/http boundary: the declarations that keep *net/url.URL
// (interfaces and func types of other packages, exported API, what a
// net/url value flows into).

import (
	"go/ast"
	"go/token"
	"go/types"
)

// collectForeign gathers the func types and interfaces of imported packages
// that mention net/url's URL: a declaration of this package matching one of
// them keeps *net/url.URL.
func (ps *pkgState) collectForeign() {
	seen := map[*types.Package]bool{}
	add := func(t types.Type) {
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
