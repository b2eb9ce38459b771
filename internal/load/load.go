// Package load loads the packages an idemlint run analyses, with their
// syntax and types, and the types of their dependencies.
//
// Loading every dependency from source, as the standalone checker of
// golang.org/x/tools does for analyzers with facts, is almost all of a
// run's cost: a module's few packages bring hundreds of dependencies,
// the standard library first. Most of them cannot hold anything a check
// looks for, and go vet, which runs idemlint with the same facts,
// leaves their facts empty (cmd/idemlint's vet driver skips them). Load
// does the same in one process: it type-checks from source the packages
// named by the patterns, the packages of the main modules, and the
// dependencies that may matter by go vet's rule (ImportsRelevant), which
// excludes the catalogued libraries, whose APIs the catalog describes. It reads the rest of the standard library
// from the compiler's export data, which the go command keeps in its
// build cache, and type-checks the declarations of the other
// dependencies, without their function bodies (see blankBodies): asking for their export
// data would compile them when the cache lacks them, which on a
// module's first run costs many times what the analysis does (and a C
// compiler for those that use cgo). Only the packages checked in full
// are analysed: the others are leaves of the graph, with types and no
// syntax.
package load

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/internal/catalog"
)

// graphMode is what the go command is first asked for: the package graph
// with each package's files, and no types, which load makes.
const graphMode = packages.NeedName | packages.NeedFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedTypesSizes | packages.NeedModule

// Load loads the packages named by the patterns as described above. Of
// cfg it uses Fset, Tests, Dir and Env, which it passes to the go
// command; cfg.Fset must be set.
func Load(cfg *packages.Config, cat *catalog.Catalog, patterns ...string) ([]*packages.Package, error) {
	roots, err := packages.Load(listConfig(cfg, graphMode, cfg.Tests), patterns...)
	if err == nil && len(roots) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		return nil, err
	}
	l := &loader{cfg: cfg, fset: cfg.Fset, cat: cat, source: map[*packages.Package]bool{}, done: map[*packages.Package]*sync.Once{}, cache: openCache(cfg.Env), keys: map[*packages.Package]string{}}
	for _, pkg := range roots {
		l.source[pkg] = true
	}
	var exported []*packages.Package
	for pkg := range packages.Postorder(roots) {
		l.source[pkg] = l.fromSource(pkg)
		l.done[pkg] = new(sync.Once)
		if l.cache.dir != "" {
			if key, ok := packageKey(pkg, l.key); ok {
				l.keys[pkg] = key
			}
		}
		if !l.source[pkg] && standard(pkg) && !l.cachedStd(pkg) {
			exported = append(exported, pkg)
		}
	}
	if err := l.exportFiles(exported); err != nil {
		return nil, err
	}
	l.sem = make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, pkg := range roots {
		wg.Go(func() { l.typeCheck(pkg) })
	}
	wg.Wait()
	// Only now, since every reader of export data needs the whole graph
	// below its package.
	for pkg, src := range l.source {
		if !src {
			pkg.Imports = nil
		}
	}
	return roots, nil
}

// listConfig is the configuration of a go list run for the caller's cfg.
func listConfig(cfg *packages.Config, mode packages.LoadMode, tests bool) *packages.Config {
	return &packages.Config{Mode: mode, Tests: tests, Fset: cfg.Fset, Dir: cfg.Dir, Env: cfg.Env}
}

// exportFiles asks the go command for the export data of the packages
// of the standard library read from it, which compiles those not in its
// build cache. A package the go command cannot compile is checked from
// source, whose errors say why.
func (l *loader) exportFiles(pkgs []*packages.Package) error {
	ids := make([]string, 0, len(pkgs))
	for _, pkg := range pkgs {
		if pkg.PkgPath != "unsafe" {
			ids = append(ids, pkg.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	listed, err := packages.Load(listConfig(l.cfg, packages.NeedName|packages.NeedExportFile, false), ids...)
	if err != nil {
		return err
	}
	export := make(map[string]string, len(listed))
	for _, pkg := range listed {
		export[pkg.ID] = pkg.ExportFile
	}
	for _, pkg := range pkgs {
		pkg.ExportFile = export[pkg.ID]
		if pkg.ExportFile == "" && pkg.PkgPath != "unsafe" {
			l.source[pkg] = true
		}
	}
	return nil
}

type loader struct {
	cfg    *packages.Config // the caller's
	fset   *token.FileSet
	cat    *catalog.Catalog
	source map[*packages.Package]bool // written before type-checking starts
	done   map[*packages.Package]*sync.Once
	sem    chan struct{} // bounds the packages parsed or checked at once
	cache  *declCache
	keys   map[*packages.Package]string // cache keys, written before type-checking starts
	// stdEntries are the cache entries of the standard library's
	// packages that are cached: they need no export data.
	stdEntries map[*packages.Package][]byte

	exportMu sync.Mutex // export data readers share the packages they refer to
}

// fromSource reports whether pkg is type-checked from source and
// analysed, after its imports were decided: the packages of the patterns
// and of the main modules (or of no module, in GOPATH mode), and a
// dependency outside the standard library and the catalogued libraries
// (whose APIs the catalog describes) that imports one of those, or a
// package the catalog names.
func (l *loader) fromSource(pkg *packages.Package) bool {
	switch {
	case l.source[pkg]:
		return true
	case standard(pkg):
		return false
	case pkg.Module == nil || pkg.Module.Main:
		return true
	case catalog.Describes(pkg.PkgPath):
		return false
	}
	var imports []string
	for _, imp := range pkg.Imports {
		imports = append(imports, imp.PkgPath)
	}
	return ImportsRelevant(l.cat, imports, pkg.GoFiles, func(path string) bool {
		return l.source[pkg.Imports[path]]
	})
}

// standard reports whether pkg is of the standard library: it has no
// module, and its files are in GOROOT (in GOPATH mode, no package has a
// module).
func standard(pkg *packages.Package) bool {
	if pkg.Module != nil || len(pkg.GoFiles) == 0 {
		return false
	}
	src := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return build.Default.GOROOT != "" && strings.HasPrefix(pkg.GoFiles[0], src)
}

// typeCheck gives pkg its types, once, after its imports.
func (l *loader) typeCheck(pkg *packages.Package) {
	l.done[pkg].Do(func() {
		var wg sync.WaitGroup
		for _, imp := range pkg.Imports {
			wg.Go(func() { l.typeCheck(imp) })
		}
		wg.Wait()
		l.sem <- struct{}{}
		defer func() { <-l.sem }()
		pkg.Fset = l.fset
		switch {
		case l.source[pkg]:
			l.checkSource(pkg)
		case standard(pkg) && l.stdEntries[pkg] != nil:
			if !l.readEntry(pkg, l.stdEntries[pkg]) {
				l.checkDecls(pkg) // an entry that cannot be read
			}
		case standard(pkg):
			l.readExport(pkg)
			if key, ok := l.key(pkg); ok && len(pkg.Errors) == 0 {
				if data, err := encodeTypes(l.fset, pkg.Types); err == nil {
					l.cache.put(key, data)
				}
			}
		default:
			l.checkDecls(pkg)
		}
	})
}

// readExport reads pkg's types from its export data.
func (l *loader) readExport(pkg *packages.Package) {
	pkg.TypesInfo = new(types.Info)
	if pkg.PkgPath == "unsafe" {
		pkg.Types = types.Unsafe
		return
	}
	view := l.view(pkg)
	f, err := os.Open(pkg.ExportFile)
	if err == nil {
		defer f.Close()
		var r io.Reader
		if r, err = gcexportdata.NewReader(f); err == nil {
			l.exportMu.Lock()
			pkg.Types, err = gcexportdata.Read(r, l.fset, view, pkg.PkgPath)
			l.exportMu.Unlock()
		}
	}
	if err != nil {
		pkg.Types = types.NewPackage(pkg.PkgPath, pkg.Name)
		pkg.IllTyped = true
		pkg.Errors = append(pkg.Errors, packages.Error{Msg: fmt.Sprintf("reading export data of %s: %v", pkg.PkgPath, err), Kind: packages.UnknownError})
	}
}

// checkSource parses pkg's files and type-checks them against the types
// of its imports, as go/packages does.
func (l *loader) checkSource(pkg *packages.Package) {
	if pkg.PkgPath == "unsafe" {
		// The compiler's own package, named by a pattern (std): its
		// source declares placeholders (ArbitraryType is an int) that
		// its importers must not see. Nothing in it is analysed.
		pkg.Types, pkg.TypesInfo = types.Unsafe, &types.Info{}
		return
	}
	files, errs, err := l.parse(pkg, false)
	if err != nil {
		pkg.Errors = append(pkg.Errors, packages.Error{Msg: fmt.Sprintf("listing the cgo files of %s: %v", pkg.PkgPath, err), Kind: packages.ListError})
	} else {
		pkg.Syntax = files
		pkg.Errors = append(pkg.Errors, errs...)
	}
	pkg.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	conf := typesConfig(pkg)
	conf.Error = func(err error) {
		pkg.TypeErrors = append(pkg.TypeErrors, err.(types.Error))
		pkg.Errors = append(pkg.Errors, typeError(err.(types.Error)))
	}
	pkg.Types, _ = conf.Check(pkg.PkgPath, l.fset, pkg.Syntax, pkg.TypesInfo)
	pkg.IllTyped = len(pkg.Errors) > 0
	for _, imp := range pkg.Imports {
		pkg.IllTyped = pkg.IllTyped || imp.IllTyped
	}
}

// checkDecls type-checks the declarations of a dependency that is not
// analysed, without its function bodies, which is what its importers'
// types need of it. Its errors are not reported: they are the
// compiler's to report, and its importers' checks report what they
// break. A package that uses cgo is checked from the files cgo makes,
// since its declarations may use C's constants and types (confluent's
// kafka.PartitionAny is C.RD_KAFKA_PARTITION_UA); only where those
// cannot be had (no C compiler) does it get a package C that accepts
// any name.
//
// The declaration cache keeps what it makes of a package that checks
// without errors and without cgo (whose types also depend on C headers,
// which the key does not cover).
func (l *loader) checkDecls(pkg *packages.Package) {
	pkg.TypesInfo = new(types.Info)
	key, cached := l.key(pkg)
	if cached {
		if data := l.cache.get(key); data != nil && l.readEntry(pkg, data) {
			return
		}
	}
	files, _, err := l.parse(pkg, true)
	conf := typesConfig(pkg)
	conf.IgnoreFuncBodies = true
	conf.FakeImportC = err != nil
	errs := 0
	conf.Error = func(error) { errs++ }
	pkg.Types, _ = conf.Check(pkg.PkgPath, l.fset, files, nil)
	if cached && errs == 0 && !usesCgo(files) && slices.Equal(pkg.CompiledGoFiles, pkg.GoFiles) {
		if data, err := encodeTypes(l.fset, pkg.Types); err == nil {
			l.cache.put(key, data)
		}
	}
}

// cachedStd reports whether the cache holds the types of pkg, of the
// standard library, and keeps the entry for typeCheck: the go command is
// then not asked for its export data.
func (l *loader) cachedStd(pkg *packages.Package) bool {
	key, ok := l.key(pkg)
	if !ok || pkg.PkgPath == "unsafe" {
		return false
	}
	data := l.cache.get(key)
	if data == nil {
		return false
	}
	if l.stdEntries == nil {
		l.stdEntries = make(map[*packages.Package][]byte)
	}
	l.stdEntries[pkg] = data
	return true
}

// readEntry gives pkg the types of its cache entry, and reports whether
// the entry could be read.
func (l *loader) readEntry(pkg *packages.Package, data []byte) bool {
	l.exportMu.Lock()
	tpkg, err := decodeTypes(l.fset, data, l.view(pkg), pkg.PkgPath)
	l.exportMu.Unlock()
	if err != nil {
		return false
	}
	pkg.Types, pkg.TypesInfo = tpkg, new(types.Info)
	return true
}

// key returns pkg's cache key, if it has one.
func (l *loader) key(pkg *packages.Package) (string, bool) {
	k, ok := l.keys[pkg]
	return k, ok
}

// view maps the paths of the packages below pkg to their types, which
// export data refers to by path: a test variant has the path of the
// package it varies, so each package reads against its own dependencies.
func (l *loader) view(pkg *packages.Package) map[string]*types.Package {
	view := make(map[string]*types.Package)
	for dep := range packages.Postorder([]*packages.Package{pkg}) {
		if dep != pkg && dep.Types != nil {
			view[dep.PkgPath] = dep.Types
		}
	}
	return view
}

// typesConfig is the configuration that type-checks pkg against the
// types its imports were given before it.
func typesConfig(pkg *packages.Package) *types.Config {
	conf := &types.Config{Importer: importer(pkg), Sizes: pkg.TypesSizes}
	if pkg.Module != nil && pkg.Module.GoVersion != "" {
		conf.GoVersion = "go" + pkg.Module.GoVersion
	}
	return conf
}

// parse parses pkg's Go files; for a package that uses cgo, the files
// cgo makes of them instead, which the go command lists on request:
// asking for them with the graph costs a run more than the rare package
// that needs them. It returns the files that parsed and the parse errors,
// and, when cgo's files could not be listed (no C compiler), the Go
// files and that error.
func (l *loader) parse(pkg *packages.Package, decls bool) ([]*ast.File, []packages.Error, error) {
	files, errs := l.parseFiles(pkg.GoFiles, decls)
	pkg.CompiledGoFiles = pkg.GoFiles
	if !usesCgo(files) {
		return files, errs, nil
	}
	compiled, err := l.compiledGoFiles(pkg)
	if err != nil {
		return files, errs, err
	}
	pkg.CompiledGoFiles = compiled
	files, errs = l.parseFiles(compiled, decls)
	return files, errs, nil
}

// parseFiles parses the named files, in parallel, and returns those that
// parsed, in order, and the errors. With decls, only the declarations
// are wanted: the files are parsed without their comments and with the
// insides of their function bodies and composite literals blanked (see
// blankBodies).
func (l *loader) parseFiles(names []string, decls bool) ([]*ast.File, []packages.Error) {
	files := make([]*ast.File, len(names))
	errs := make([][]packages.Error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			var err error
			if decls {
				var src []byte
				if src, err = os.ReadFile(name); err == nil {
					files[i], err = parser.ParseFile(l.fset, name, blankBodies(src), parser.SkipObjectResolution)
				}
			} else {
				files[i], err = parser.ParseFile(l.fset, name, nil, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
			}
			if err != nil {
				errs[i] = parseErrors(err)
			}
		})
	}
	wg.Wait()
	return slices.DeleteFunc(files, func(f *ast.File) bool { return f == nil }), slices.Concat(errs...)
}

// usesCgo reports whether a file imports "C".
func usesCgo(files []*ast.File) bool {
	for _, f := range files {
		for _, spec := range f.Imports {
			if spec.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}

// compiledGoFiles asks the go command for the Go files cgo makes of
// pkg's files.
func (l *loader) compiledGoFiles(pkg *packages.Package) ([]string, error) {
	patterns := []string{pkg.PkgPath}
	if pkg.PkgPath == "command-line-arguments" {
		patterns = pkg.GoFiles // a package named by its files
	}
	listed, err := packages.Load(listConfig(l.cfg, packages.NeedName|packages.NeedCompiledGoFiles, pkg.ID != pkg.PkgPath), patterns...)
	if err != nil {
		return nil, err
	}
	for _, p := range listed {
		if p.ID == pkg.ID {
			return p.CompiledGoFiles, nil
		}
	}
	return nil, fmt.Errorf("the go command did not list %s", pkg.ID)
}

// importer imports the packages pkg imports, with the types they were
// given before it.
func importer(pkg *packages.Package) types.Importer {
	return importerFunc(func(path string) (*types.Package, error) {
		if imp := pkg.Imports[path]; imp != nil && imp.Types != nil {
			return imp.Types, nil
		}
		return nil, fmt.Errorf("could not import %s", path)
	})
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// parseErrors turns a parser's error list into package errors.
func parseErrors(err error) []packages.Error {
	list, ok := err.(scanner.ErrorList)
	if !ok {
		return []packages.Error{{Msg: err.Error(), Kind: packages.ParseError}}
	}
	out := make([]packages.Error, len(list))
	for i, e := range list {
		out[i] = packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError}
	}
	return out
}

func typeError(err types.Error) packages.Error {
	return packages.Error{Pos: err.Fset.Position(err.Pos).String(), Msg: err.Msg, Kind: packages.TypeError}
}
