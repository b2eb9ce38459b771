// Package lazyssa is a pass whose Result builds the SSA form of the package
// (its files other than tests) on first use. Unlike buildssa, a package whose analysis can end early
// (it touches no catalogued API) never pays for SSA construction, which
// matters because idemlint's fact-producing pass runs on every dependency
// under go vet.
package lazyssa

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer provides a *SSA for each package.
var Analyzer = &analysis.Analyzer{
	Name:       "idemlazyssa",
	Doc:        "build SSA form on demand",
	Run:        run,
	ResultType: reflect.TypeFor[*SSA](),
}

// SSA builds the package's SSA form once, when first asked.
type SSA struct {
	once  sync.Once
	pass  *analysis.Pass
	pkg   *ssa.Package
	funcs []*ssa.Function
}

func run(pass *analysis.Pass) (any, error) { return &SSA{pass: pass}, nil }

// Package returns the built SSA package.
func (s *SSA) Package() *ssa.Package { s.build(); return s.pkg }

// SrcFuncs returns the package's source functions, with their function
// literals, in source order, and then the function literals of its
// package-level variables.
func (s *SSA) SrcFuncs() []*ssa.Function { s.build(); return s.funcs }

// Func returns the SSA function of a declared function of the package.
func (s *SSA) Func(obj *types.Func) *ssa.Function {
	s.build()
	return s.pkg.Prog.FuncValue(obj)
}

func (s *SSA) build() {
	s.once.Do(func() {
		pass := s.pass
		prog := ssa.NewProgram(pass.Fset, ssa.InstantiateGenerics)
		for _, p := range pass.Pkg.Imports() {
			prog.CreatePackage(p, nil, nil, true)
		}
		// Test files are left out: tests run once and are not analysed,
		// and nothing outside them can refer to what they declare.
		files := nonTestFiles(pass)
		s.pkg = prog.CreatePackage(pass.Pkg, files, withoutTestInits(pass, files), false)
		s.pkg.Build()
		for _, file := range files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok {
					continue
				}
				if fn := prog.FuncValue(obj); fn != nil {
					s.funcs = appendWithAnons(s.funcs, fn)
				}
			}
		}
		// The function literals of package-level variables' initializers
		// (a module's table of constructors, fx.Provide(func(a *Activities)
		// Registration {...})) belong to the package's initializer.
		if init := s.pkg.Func("init"); init != nil {
			for _, anon := range init.AnonFuncs {
				s.funcs = appendWithAnons(s.funcs, anon)
			}
		}
		s.pass = nil
	})
}

func appendWithAnons(funcs []*ssa.Function, fn *ssa.Function) []*ssa.Function {
	funcs = append(funcs, fn)
	for _, anon := range fn.AnonFuncs {
		funcs = appendWithAnons(funcs, anon)
	}
	return funcs
}

func nonTestFiles(pass *analysis.Pass) []*ast.File {
	var out []*ast.File
	for _, f := range pass.Files {
		if !strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			out = append(out, f)
		}
	}
	return out
}

// withoutTestInits returns the type information with the package
// initializers of test files left out, which SSA would otherwise look for
// among the members built from the other files.
func withoutTestInits(pass *analysis.Pass, files []*ast.File) *types.Info {
	if len(files) == len(pass.Files) {
		return pass.TypesInfo
	}
	info := *pass.TypesInfo
	info.InitOrder = nil
	for _, init := range pass.TypesInfo.InitOrder {
		if len(init.Lhs) > 0 && !strings.HasSuffix(pass.Fset.File(init.Lhs[0].Pos()).Name(), "_test.go") {
			info.InitOrder = append(info.InitOrder, init)
		}
	}
	return &info
}
