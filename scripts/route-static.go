//go:build ignore

// route-static.go reads the root package's code and counts, statically,
// the road from Parse: the functions of package url that Parse can reach
// through calls (its "stops"), the files they are in, and the calls that
// go back to a file the road reached earlier (its "climbs"). It is the
// static reading that scripts/parser-route.sh, which counts what one
// Parse call runs, does not make.
//
// Method, with the standard library only (go/parser, go/types):
//   - the nodes are the functions and methods of the root package's
//     non-test files in the default build (no build tags);
//   - a function's edges are the functions and methods of package url
//     its body names, called or taken as a value (closures included);
//     a call through an interface or a func-typed variable is not
//     followed;
//   - the stops are the functions reachable from the roots (Parse by
//     default; -from lists others, e.g. -from Parse,CanParse);
//   - a file's rank is its breadth-first distance from the first root's
//     file over those edges, and a climb is an edge between two stops in
//     different files whose callee's file has a lower rank than the
//     caller's: the reader, following the road, turns back to a file
//     already read.
//
// Usage, from the root of a clone (or of a worktree at another commit,
// to compare):
//
//	go run scripts/route-static.go            # the totals
//	go run scripts/route-static.go -v         # and the stops by file
//	go run scripts/route-static.go -from CanParse
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"log"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	from := flag.String("from", "Parse", "comma-separated functions or methods (Type.Method) to start from")
	verbose := flag.Bool("v", false, "list the stops by file")
	dir := flag.String("dir", ".", "the root package's directory")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("route-static: ")

	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(*dir, "*.go"))
	if err != nil {
		log.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(*dir, filepath.Base(name)); err != nil {
			log.Fatal(err)
		} else if !ok {
			continue // not in the default build (a build tag)
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			log.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/weburl/url", fset, files, info)
	if err != nil {
		log.Fatal(err)
	}

	// The functions of the package, their files and their edges.
	fileOf := map[*types.Func]string{}
	edges := map[*types.Func][]*types.Func{}
	for _, f := range files {
		file := filepath.Base(fset.Position(f.Pos()).Filename)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn := info.Defs[fd.Name].(*types.Func)
			fileOf[fn] = file
			seen := map[*types.Func]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				callee, ok := info.Uses[id].(*types.Func)
				if !ok || callee.Pkg() != pkg || seen[callee] {
					return true
				}
				if sig := callee.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
					return true // an interface's method: not followed
				}
				seen[callee] = true
				edges[fn] = append(edges[fn], callee.Origin())
				return true
			})
		}
	}

	// The roots.
	var roots []*types.Func
	for _, name := range strings.Split(*from, ",") {
		fn := lookup(pkg, name)
		if fn == nil {
			log.Fatalf("no function or method %s in package url", name)
		}
		roots = append(roots, fn)
	}

	// Stops: reachable functions (breadth first), and file ranks.
	rank := map[string]int{fileOf[roots[0]]: 0}
	stops := map[*types.Func]bool{}
	queue := append([]*types.Func(nil), roots...)
	for _, r := range roots {
		stops[r] = true
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, c := range edges[fn] {
			if _, ok := fileOf[c]; !ok {
				continue // no body here (assembly, or a generic's instance without its origin)
			}
			if _, ok := rank[fileOf[c]]; !ok {
				rank[fileOf[c]] = rank[fileOf[fn]] + 1
			}
			if !stops[c] {
				stops[c] = true
				queue = append(queue, c)
			}
		}
	}
	climbs := 0
	for fn := range stops {
		for _, c := range edges[fn] {
			if stops[c] && fileOf[c] != fileOf[fn] && rank[fileOf[c]] < rank[fileOf[fn]] {
				climbs++
			}
		}
	}
	fmt.Printf("from %s: %d stops in %d files, %d climbs\n", *from, len(stops), len(rank), climbs)
	if *verbose {
		byFile := map[string][]string{}
		for fn := range stops {
			byFile[fileOf[fn]] = append(byFile[fileOf[fn]], name(fn))
		}
		var fs []string
		for f := range byFile {
			fs = append(fs, f)
		}
		sort.Slice(fs, func(i, j int) bool {
			if rank[fs[i]] != rank[fs[j]] {
				return rank[fs[i]] < rank[fs[j]]
			}
			return fs[i] < fs[j]
		})
		for _, f := range fs {
			sort.Strings(byFile[f])
			fmt.Printf("  %d %-22s %3d  %s\n", rank[f], f, len(byFile[f]), strings.Join(byFile[f], " "))
		}
	}
}

// lookup finds a package-level function, or a method as Type.Method.
func lookup(pkg *types.Package, name string) *types.Func {
	typ, method, ok := strings.Cut(name, ".")
	if !ok {
		fn, _ := pkg.Scope().Lookup(name).(*types.Func)
		return fn
	}
	tn, _ := pkg.Scope().Lookup(typ).(*types.TypeName)
	if tn == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, method)
	fn, _ := obj.(*types.Func)
	return fn
}

// name is fn's name, with its receiver's type for a method.
func name(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}
