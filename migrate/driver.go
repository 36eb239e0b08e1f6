package migrate

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// The exit codes of [Main] (and of the command weburl-migrate).
const (
	ExitOK       = 0 // every use of net/url it found was ported, or there was nothing to do
	ExitError    = 1 // the tool failed (the packages did not load, a file could not be written)
	ExitUsage    = 2 // bad flags
	ExitLeftOver = 3 // something was left on net/url: refused, or a rewrite that did not type-check
)

// Options configures [Main].
type Options struct {
	Dir      string    // the directory to run in (the go command's working directory); "" is the current one
	Patterns []string  // package patterns, as for go build; none means "./..."
	Fix      bool      // write the rewritten files
	Diff     bool      // print the changes as a unified diff instead of writing them
	Env      []string  // the go command's environment; nil is os.Environ()
	Out      io.Writer // where the listing and the summary go
}

// A unit is the package of one directory: its plain, test and external
// test variants, which share files and are ported or left together.
type unit struct {
	dir      string
	path     string            // the import path of the plain package
	edits    map[string][]byte // rewritten file contents, by absolute path
	refusals []string          // why it is left unchanged
	notes    []string          // why it is only partly ported
	analysed map[string]bool   // the files some variant of it compiled, on this system
}

// Main ports the packages of opts and returns an exit code: the
// rewritten files of a package are written only when every package of
// the module that they touch type-checks with them, for linux, windows
// and darwin and for every build tag the module's files name.
func Main(opts Options) int {
	out := opts.Out
	if out == nil {
		out = os.Stdout
	}
	if len(opts.Patterns) == 0 {
		opts.Patterns = []string{"./..."}
	}
	env := opts.Env
	if env == nil {
		env = os.Environ()
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule,
		Tests: true,
		Dir:   opts.Dir,
		Env:   env,
		Fset:  token.NewFileSet(),
	}
	pkgs, err := packages.Load(cfg, opts.Patterns...)
	if err != nil {
		fmt.Fprintf(out, "weburl-migrate: %v\n", err)
		return ExitError
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(out, "weburl-migrate: no packages match %v\n", opts.Patterns)
		return ExitError
	}
	units, err := analyse(cfg.Fset, pkgs, out)
	if err != nil {
		fmt.Fprintf(out, "weburl-migrate: %v\n", err)
		return ExitError
	}
	var todo []*unit
	for _, u := range units {
		if len(u.refusals) == 0 && len(u.edits) > 0 {
			todo = append(todo, u)
		}
	}
	if len(todo) > 0 {
		if err := verify(opts.Dir, env, pkgs, todo); err != nil {
			fmt.Fprintf(out, "weburl-migrate: %v\n", err)
			return ExitError
		}
	}
	code := summary(out, units, opts.Fix || opts.Diff)
	for _, u := range units {
		if len(u.refusals) > 0 {
			continue
		}
		for _, name := range slices.Sorted(mapKeys(u.edits)) {
			switch {
			case opts.Diff:
				if err := diff(out, name, u.edits[name]); err != nil {
					fmt.Fprintf(out, "weburl-migrate: %v\n", err)
					return ExitError
				}
			case opts.Fix:
				if err := os.WriteFile(name, u.edits[name], 0o644); err != nil {
					fmt.Fprintf(out, "weburl-migrate: %v\n", err)
					return ExitError
				}
			}
		}
	}
	return code
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// analyse runs the analyzer on every package variant and groups the
// results by directory.
func analyse(fset *token.FileSet, pkgs []*packages.Package, out io.Writer) ([]*unit, error) {
	byDir := map[string]*unit{}
	unitOf := func(p *packages.Package) *unit {
		if len(p.GoFiles) == 0 {
			return nil
		}
		dir := filepath.Dir(p.GoFiles[0])
		u := byDir[dir]
		if u == nil {
			u = &unit{dir: dir, edits: map[string][]byte{}, analysed: map[string]bool{}}
			byDir[dir] = u
		}
		if path := strings.TrimSuffix(p.PkgPath, "_test"); u.path == "" || len(path) < len(u.path) {
			u.path = path
		}
		return u
	}
	var roots []*packages.Package
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") {
			continue // the generated test main
		}
		u := unitOf(p)
		if u == nil {
			continue
		}
		for _, f := range p.GoFiles {
			u.analysed[f] = true
		}
		if len(p.Errors) > 0 {
			if importsNetURL(p) {
				u.refusals = append(u.refusals, fmt.Sprintf("the package does not load or type-check as it is: %v", p.Errors[0]))
			}
			continue
		}
		roots = append(roots, p)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{Analyzer}, roots, nil)
	if err != nil {
		return nil, err
	}
	// The rewritten contents of each file, by variant: the variants of a
	// directory must agree on every file they share.
	perFile := map[string][]byte{}
	for _, act := range g.Roots {
		u := unitOf(act.Package)
		if act.Err != nil {
			u.refusals = append(u.refusals, fmt.Sprintf("%s: %v", act.Package.ID, act.Err))
			continue
		}
		fixes := map[string][]analysis.TextEdit{}
		for _, d := range act.Diagnostics {
			if msg, ok := strings.CutPrefix(d.Message, "weburl-migrate: kept: "); ok {
				u.notes = append(u.notes, fmt.Sprintf("%s: %s", relPos(fset, d.Pos), msg))
				continue
			}
			if len(d.SuggestedFixes) == 0 {
				u.refusals = append(u.refusals, fmt.Sprintf("%s: %s", relPos(fset, d.Pos), strings.TrimPrefix(d.Message, "weburl-migrate: ")))
				continue
			}
			for _, sf := range d.SuggestedFixes {
				for _, e := range sf.TextEdits {
					name := fset.File(e.Pos).Name()
					fixes[name] = append(fixes[name], e)
				}
			}
		}
		for name, edits := range fixes {
			if !slices.Contains(act.Package.GoFiles, name) {
				u.refusals = append(u.refusals, fmt.Sprintf("%s: not a source file of the package (cgo output?): not edited", name))
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			text, err := apply(fset, src, edits)
			if err != nil {
				u.refusals = append(u.refusals, fmt.Sprintf("%s: %v", filepath.Base(name), err))
				continue
			}
			if prev, ok := perFile[name]; ok && !bytes.Equal(prev, text) {
				u.refusals = append(u.refusals, fmt.Sprintf("%s: the package and its test build need different rewrites of this file", filepath.Base(name)))
				continue
			}
			perFile[name] = text
			u.edits[name] = text
		}
	}
	// Files that no variant compiled here (other GOOS, build tags, ignore)
	// keep net/url: the unit is only partly ported.
	var units []*unit
	for _, u := range byDir {
		units = append(units, u)
		if len(u.edits) == 0 {
			continue
		}
		names, _ := filepath.Glob(filepath.Join(u.dir, "*.go"))
		for _, n := range names {
			if u.analysed[n] {
				continue
			}
			if b, err := os.ReadFile(n); err == nil && bytes.Contains(b, []byte(`"net/url"`)) {
				u.notes = append(u.notes, fmt.Sprintf("%s is not built on this system (build constraints): not analysed, it keeps net/url", filepath.Base(n)))
			}
		}
	}
	sort.Slice(units, func(i, j int) bool { return units[i].path < units[j].path })
	return units, nil
}

func importsNetURL(p *packages.Package) bool {
	_, ok := p.Imports[netURLPath]
	return ok
}

func relPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}

// apply applies edits to src and formats the result.
func apply(fset *token.FileSet, src []byte, edits []analysis.TextEdit) ([]byte, error) {
	type span struct {
		start, end int
		text       []byte
	}
	var spans []span
	for _, e := range edits {
		f := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		spans = append(spans, span{f.Offset(e.Pos), f.Offset(end), e.NewText})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b bytes.Buffer
	at := 0
	for i, s := range spans {
		if i > 0 && s.start == spans[i-1].start && s.end == spans[i-1].end && bytes.Equal(s.text, spans[i-1].text) {
			continue // the same edit, reported twice
		}
		if s.start < at {
			return nil, errors.New("overlapping rewrites")
		}
		b.Write(src[at:s.start])
		b.Write(s.text)
		at = s.end
	}
	b.Write(src[at:])
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("the rewrite does not parse: %v", err)
	}
	return out, nil
}

// summary prints what was (or would be) ported and what was not, and
// returns the exit code.
func summary(out io.Writer, units []*unit, fix bool) int {
	var ported, partly, left, kept []*unit
	for _, u := range units {
		u.notes = slices.Compact(slices.Sorted(slices.Values(u.notes)))
		switch {
		case len(u.refusals) > 0:
			left = append(left, u)
		case len(u.edits) == 0 && len(u.notes) > 0:
			kept = append(kept, u)
		case len(u.edits) > 0 && len(u.notes) > 0:
			partly = append(partly, u)
		case len(u.edits) > 0:
			ported = append(ported, u)
		}
	}
	verb := "would port"
	if fix {
		verb = "ported"
	}
	fmt.Fprintf(out, "weburl-migrate: %s %d packages fully, %d partly; %d kept on net/url, %d left unchanged\n", verb, len(ported), len(partly), len(kept), len(left))
	for _, u := range ported {
		fmt.Fprintf(out, "ported: %s (%d files)\n", u.path, len(u.edits))
	}
	for _, u := range partly {
		fmt.Fprintf(out, "partly ported: %s (%d files)\n", u.path, len(u.edits))
		for _, n := range u.notes {
			fmt.Fprintf(out, "\t%s\n", n)
		}
	}
	for _, u := range kept {
		fmt.Fprintf(out, "kept on net/url: %s\n", u.path)
		for _, n := range u.notes {
			fmt.Fprintf(out, "\t%s\n", n)
		}
	}
	for _, u := range left {
		fmt.Fprintf(out, "left unchanged: %s\n", u.path)
		for _, r := range slices.Compact(slices.Sorted(slices.Values(u.refusals))) {
			fmt.Fprintf(out, "\t%s\n", r)
		}
	}
	if len(left)+len(partly)+len(kept) > 0 {
		return ExitLeftOver
	}
	return ExitOK
}

// diff prints a unified diff of the file name and its new text.
func diff(out io.Writer, name string, text []byte) error {
	tmp, err := os.CreateTemp("", "weburl-migrate-*.go")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(text); err != nil {
		return err
	}
	tmp.Close()
	cmd := exec.Command("diff", "-u", "--label", name, "--label", name, name, tmp.Name())
	b, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return fmt.Errorf("diff: %v", err)
	}
	_, err = out.Write(b)
	return err
}
