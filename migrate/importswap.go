package migrate

// The import rule: the import of net/url becomes weburl's, with neturl
// beside it where a declaration keeps net/url's type.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

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
		// What the file keeps on net/url is listed, as a second run
		// lists it (reportEarlier): the package is ported partly.
		kept := regexp.MustCompile(`(^|[^\pL\pN_])` + netAlias + `\.`)
		uses := 0
		for _, e := range edits {
			uses += len(kept.FindAllIndex(e.NewText, -1))
		}
		plural := "s"
		if uses == 1 {
			plural = ""
		}
		ps.pass.Reportf(fs.spec.Pos(), "weburl-migrate: kept: %s keeps %d use%s of net/url (%s.), whose values must stay net/url's",
			filepath.Base(ps.pass.Fset.Position(fs.f.Package).Filename), uses, plural, netAlias)
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
