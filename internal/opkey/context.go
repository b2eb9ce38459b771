package opkey

import (
	"go/token"
	"go/types"
	"path"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// maxContextDepth bounds the calls through which a root's own context
// is followed down to a helper.
const maxContextDepth = 3

// A Roots says what the package's retried roots are: the kind of the
// root that reaches a function, and whether a function is itself a
// root of a kind (a whole function, not a consumer loop in it).
type Roots interface {
	KindReaching(fn *ssa.Function) (string, bool)
	IsRoot(fn *ssa.Function, kind string) bool
}

// FromContext finds, for code at pos in fn, a context parameter from
// which the operation's key can be read, when no delivery is in scope:
// the root that reaches fn carries its key in its context
// (catalog.ContextKey). A key read only from the root's own context
// needs the parameter to be the root's, passed down unchanged by every
// call of fn in the package (funcs), and fn called no other way.
func FromContext(pass *analysis.Pass, cat *catalog.Catalog, roots Roots, funcs []*ssa.Function, fn *ssa.Function, pos token.Pos) (string, catalog.KeySource, bool) {
	kind, ok := roots.KindReaching(fn)
	if !ok {
		return "", catalog.KeySource{}, false
	}
	ck, ok := cat.ContextKey(kind)
	if !ok || ck.Needs != "" && !hasFunc(pass.Pkg, ck.Needs) {
		return "", catalog.KeySource{}, false
	}
	i := contextParam(fn)
	if i < 0 {
		return "", catalog.KeySource{}, false
	}
	v, _ := fn.Params[i].Object().(*types.Var)
	scope := pass.Pkg.Scope().Innermost(pos)
	if v == nil || scope == nil {
		return "", catalog.KeySource{}, false
	}
	if _, obj := scope.LookupParent(v.Name(), pos); obj != v {
		return "", catalog.KeySource{}, false // shadowed where the key is read
	}
	for _, imp := range ck.Imports {
		// The expression names the package by its last element.
		if _, obj := scope.LookupParent(path.Base(imp), pos); obj != nil {
			if pn, ok := obj.(*types.PkgName); !ok || pn.Imported().Path() != imp {
				return "", catalog.KeySource{}, false
			}
		}
	}
	if ck.OwnOnly && !rootContext(roots, funcs, kind, fn, i, 0) {
		return "", catalog.KeySource{}, false
	}
	return v.Name(), ck.KeySource, true
}

// contextParam returns the index in fn.Params of its first
// context.Context parameter, or -1.
func contextParam(fn *ssa.Function) int {
	for i, p := range fn.Params {
		if catalog.TypeKey(p.Type()) == "context.Context" {
			return i
		}
	}
	return -1
}

// rootContext reports whether parameter i of fn holds the context of a
// root of the kind: fn is such a root and i its context, or every call
// of fn in funcs passes, as i, a parameter of its caller that does.
func rootContext(roots Roots, funcs []*ssa.Function, kind string, fn *ssa.Function, i, depth int) bool {
	if roots.IsRoot(fn, kind) && contextParam(fn) == i {
		return true
	}
	obj, _ := fn.Object().(*types.Func)
	if depth == maxContextDepth || fn.Parent() != nil || obj == nil || obj.Exported() || declaredByInterface(obj) {
		return false
	}
	calls, only := staticCalls(funcs, fn)
	if !only || len(calls) == 0 {
		return false
	}
	for _, c := range calls {
		arg, ok := c.Common().Args[i].(*ssa.Parameter)
		if !ok {
			return false
		}
		caller := c.Parent()
		j := -1
		for k, p := range caller.Params {
			if p == arg {
				j = k
			}
		}
		if j < 0 || !rootContext(roots, funcs, kind, caller, j, depth+1) {
			return false
		}
	}
	return true
}

// staticCalls returns the calls of fn among funcs, and whether fn is
// used no other way (as a function value, or a bound method).
func staticCalls(funcs []*ssa.Function, fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	var calls []ssa.CallInstruction
	for _, f := range funcs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() == fn {
					if _, isCall := c.(*ssa.Call); !isCall || c.Common().Value != fn {
						return nil, false // go, defer, or through a wrapper
					}
					calls = append(calls, c)
					continue
				}
				if mc, ok := instr.(*ssa.MakeClosure); ok && strings.HasPrefix(mc.Fn.(*ssa.Function).Synthetic, "bound method wrapper") &&
					mc.Fn.(*ssa.Function).Object() == fn.Object() {
					return nil, false
				}
				for _, op := range instr.Operands(nil) {
					if op != nil && *op == fn {
						if c, ok := instr.(ssa.CallInstruction); !ok || c.Common().Value != fn {
							return nil, false
						}
					}
				}
			}
		}
	}
	return calls, true
}

// declaredByInterface reports whether a method's name is a method of an
// interface type of its package: a call through it would not be seen.
func declaredByInterface(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	scope := fn.Pkg().Scope()
	for _, name := range scope.Names() {
		if it, ok := scope.Lookup(name).Type().Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == fn.Name() {
					return true
				}
			}
		}
	}
	return false
}

// hasFunc reports whether pkg or a package it imports, directly or not,
// is the package of fn ("path.Name") and declares it.
func hasFunc(pkg *types.Package, fn string) bool {
	i := strings.LastIndex(fn, ".")
	want, name := fn[:i], fn[i+1:]
	seen := map[*types.Package]bool{}
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if p.Path() == want {
			return p.Scope().Lookup(name) != nil
		}
		for _, q := range p.Imports() {
			if visit(q) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}
