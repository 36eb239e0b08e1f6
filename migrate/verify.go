package migrate

import (
	"bufio"
	"bytes"
	"fmt"
	"go/build/constraint"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A buildConfig is one build the rewritten files must type-check in.
type buildConfig struct {
	goos, goarch, tags string
}

func (c buildConfig) String() string {
	s := "GOOS=" + c.goos + " GOARCH=" + c.goarch
	if c.tags != "" {
		s += " -tags=" + c.tags
	}
	return s
}

// baseConfigs are the systems every rewrite is checked for.
var baseConfigs = []buildConfig{{"linux", "amd64", ""}, {"windows", "amd64", ""}, {"darwin", "arm64", ""}}

// maxTagConfigs bounds the builds added for the module's own tags.
const maxTagConfigs = 8

// verify type-checks every package of the modules of todo with the
// rewritten files as an overlay, in every build configuration; a unit
// whose rewrite breaks a package (its own or one that imports it) that
// type-checked before is left unchanged, with the reason. It repeats
// until what is left type-checks.
func verify(dir string, env []string, pkgs []*packages.Package, todo []*unit) error {
	mods := map[string]bool{}
	for _, p := range pkgs {
		if p.Module != nil && p.Module.Dir != "" {
			mods[p.Module.Dir] = true
		}
	}
	if len(mods) == 0 {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		mods[abs] = true
	}
	configs := slices.Clone(baseConfigs)
	for _, t := range moduleTags(slices.Sorted(mapKeys(mods))) {
		if len(configs) == len(baseConfigs)+maxTagConfigs {
			break
		}
		configs = append(configs, buildConfig{"linux", "amd64", t})
	}
	patterns := affected(pkgs, todo)
	type key struct {
		cfg buildConfig
		mod string
	}
	baseline := map[key]map[string]bool{} // the package IDs with errors as they are
	for {
		live := slices.DeleteFunc(slices.Clone(todo), func(u *unit) bool { return len(u.refusals) > 0 })
		if len(live) == 0 {
			return nil
		}
		overlay := map[string][]byte{}
		byDir := map[string]*unit{}
		for _, u := range live {
			byDir[u.dir] = u
			for name, text := range u.edits {
				overlay[name] = text
			}
		}
		reverted := false
		for _, cfg := range configs {
			for mod := range mods {
				k := key{cfg, mod}
				if baseline[k] == nil {
					before, err := loadTypes(mod, env, cfg, nil, patterns)
					if err != nil {
						return err
					}
					baseline[k] = map[string]bool{}
					for _, p := range before {
						if len(p.Errors) > 0 {
							baseline[k][p.ID] = true
						}
					}
				}
				after, err := loadTypes(mod, env, cfg, overlay, patterns)
				if err != nil {
					return err
				}
				byID := map[string]*packages.Package{}
				for _, p := range after {
					byID[p.ID] = p
				}
				for _, p := range after {
					if len(p.Errors) == 0 || baseline[k][p.ID] || len(p.GoFiles) == 0 {
						continue
					}
					why := fmt.Sprintf("the rewrite does not type-check for %s: %s", cfg, errorLine(p.Errors[0]))
					if u := byDir[filepath.Dir(p.GoFiles[0])]; u != nil {
						u.refusals = append(u.refusals, why)
						reverted = true
						continue
					}
					// A package that imports rewritten ones: leave each of them.
					seen := map[string]bool{}
					var walk func(p *packages.Package)
					walk = func(p *packages.Package) {
						for _, imp := range p.Imports {
							q := byID[imp.ID]
							if q == nil || seen[q.ID] || len(q.GoFiles) == 0 {
								continue
							}
							seen[q.ID] = true
							if u := byDir[filepath.Dir(q.GoFiles[0])]; u != nil && len(u.refusals) == 0 {
								u.refusals = append(u.refusals, fmt.Sprintf("%s, which imports it, does not type-check with the rewrite for %s: %s", p.PkgPath, cfg, errorLine(p.Errors[0])))
								reverted = true
							}
							walk(q)
						}
					}
					walk(p)
				}
			}
		}
		if !reverted {
			return nil
		}
	}
}

// loadTypes type-checks every package of the module in dir (tests
// included) for cfg, with the overlay.
func loadTypes(dir string, env []string, cfg buildConfig, overlay map[string][]byte, patterns []string) ([]*packages.Package, error) {
	env = append(slices.Clone(env), "GOOS="+cfg.goos, "GOARCH="+cfg.goarch)
	var flags []string
	if cfg.tags != "" {
		flags = []string{"-tags=" + cfg.tags}
	}
	pc := &packages.Config{
		Mode:       packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Tests:      true,
		Dir:        dir,
		Env:        env,
		BuildFlags: flags,
		Overlay:    overlay,
	}
	pkgs, err := packages.Load(pc, patterns...)
	if err != nil {
		return nil, fmt.Errorf("type-checking for %s: %v", cfg, err)
	}
	return pkgs, nil
}

// knownTags are the build tags that are not the module's own: systems,
// architectures, toolchains, cgo, and "ignore" (files that are never
// built, as generators run with go run).
var knownTags = map[string]bool{
	"ignore": true, "cgo": true, "gc": true, "gccgo": true, "unix": true, "purego": false,
	"aix": true, "android": true, "darwin": true, "dragonfly": true, "freebsd": true, "hurd": true, "illumos": true,
	"ios": true, "js": true, "linux": true, "nacl": true, "netbsd": true, "openbsd": true, "plan9": true,
	"solaris": true, "wasip1": true, "windows": true, "zos": true,
	"386": true, "amd64": true, "amd64p32": true, "arm": true, "armbe": true, "arm64": true, "arm64be": true,
	"loong64": true, "mips": true, "mipsle": true, "mips64": true, "mips64le": true, "mips64p32": true,
	"mips64p32le": true, "ppc": true, "ppc64": true, "ppc64le": true, "riscv": true, "riscv64": true, "s390": true,
	"s390x": true, "sparc": true, "sparc64": true, "wasm": true,
}

// moduleTags lists the build tags named in the //go:build lines of the
// modules' Go files, other than systems, architectures and Go versions.
func moduleTags(mods []string) []string {
	tags := map[string]bool{}
	for _, mod := range mods {
		filepath.WalkDir(mod, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				name := d.Name()
				if path != mod && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != mod {
					return filepath.SkipDir // another module
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") {
				return nil
			}
			for _, line := range buildLines(path) {
				expr, err := constraint.Parse(line)
				if err != nil {
					continue
				}
				expr.Eval(func(tag string) bool {
					if !knownTags[tag] && !strings.HasPrefix(tag, "go1.") {
						tags[tag] = true
					}
					return false
				})
			}
			return nil
		})
	}
	return slices.Sorted(mapKeys(tags))
}

// buildLines returns the //go:build lines of a Go file's header.
func buildLines(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "package ") {
			break
		}
		if constraint.IsGoBuild(line) {
			out = append(out, line)
		}
	}
	return out
}

// affected lists the import paths of the packages of todo and of every
// loaded package that imports one of them, directly or not: the packages
// a rewrite can break. (An importer outside the loaded packages is
// outside what the tool was asked to port; exported API keeps net/url.)
func affected(pkgs []*packages.Package, todo []*unit) []string {
	dirs := map[string]bool{}
	for _, u := range todo {
		dirs[u.dir] = true
	}
	memo := map[string]bool{}
	var hits func(p *packages.Package) bool
	hits = func(p *packages.Package) bool {
		if v, ok := memo[p.ID]; ok {
			return v
		}
		memo[p.ID] = false
		v := len(p.GoFiles) > 0 && dirs[filepath.Dir(p.GoFiles[0])]
		for _, q := range p.Imports {
			if v {
				break
			}
			v = hits(q)
		}
		memo[p.ID] = v
		return v
	}
	set := map[string]bool{}
	for _, p := range pkgs {
		if hits(p) && !strings.HasSuffix(p.ID, ".test") {
			set[strings.TrimSuffix(p.PkgPath, "_test")] = true
		}
	}
	return slices.Sorted(mapKeys(set))
}

// errorLine is the first line of a package error that names a Go file,
// with the go command's temporary directory taken off.
func errorLine(e packages.Error) string {
	msg := e.Error()
	for _, line := range strings.Split(msg, "\n") {
		if i := strings.Index(line, ".go:"); i >= 0 {
			j := strings.LastIndexAny(line[:i], "/ ") + 1
			name := line[j:]
			// The go command names overlaid files N-name.go.
			if k := strings.IndexByte(name, '-'); k > 0 && strings.Trim(name[:k], "0123456789") == "" {
				name = name[k+1:]
			}
			return name
		}
	}
	return msg
}
