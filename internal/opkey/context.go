package opkey

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
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
	if !namesFree(pass, pos, ck.Imports) || assigned(pass, fn, v) {
		return "", catalog.KeySource{}, false
	}
	if ck.OwnOnly && !rootContext(roots, funcs, interfaceMethods(pass), kind, fn, i, 0) {
		return "", catalog.KeySource{}, false
	}
	ks := ck.KeySource
	if ck.LowerHeader {
		// The %[2]q the callers fill, lower-cased here.
		ks.Expr = strings.ReplaceAll(ks.Expr, "%[2]q", strconv.Quote(strings.ToLower(cat.KeyHeader())))
	}
	return v.Name(), ks, true
}

// namesFree reports whether the expression can name each imported
// package by its last element at pos: the name is the package's or
// free, and the file does not import the package under another name.
func namesFree(pass *analysis.Pass, pos token.Pos, imports []string) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	file := fix.FileOf(pass, pos)
	for _, imp := range imports {
		if _, obj := scope.LookupParent(path.Base(imp), pos); obj != nil {
			if pn, ok := obj.(*types.PkgName); !ok || pn.Imported().Path() != imp {
				return false
			}
		}
		for _, spec := range file.Imports {
			if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == imp && spec.Name != nil && spec.Name.Name != path.Base(imp) {
				return false
			}
		}
	}
	return true
}

// assigned reports whether fn's body assigns to v or takes its address:
// the name may then hold another context where the key is read.
func assigned(pass *analysis.Pass, fn *ssa.Function, v *types.Var) bool {
	body := fn.Syntax()
	return body == nil || Assigned(pass.TypesInfo, body, v)
}

// Assigned reports whether body assigns to v or to a field of it, or
// takes the address of either: the name may then hold another value than
// the one it was given.
func Assigned(info *types.Info, body ast.Node, v *types.Var) bool {
	is := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				e = x.X
				continue
			case *ast.Ident:
				return info.ObjectOf(x) == v
			}
			return false
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
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
func rootContext(roots Roots, funcs []*ssa.Function, ifaces map[string]bool, kind string, fn *ssa.Function, i, depth int) bool {
	if depth == maxContextDepth {
		return false
	}
	calls, only := StaticCalls(funcs, fn)
	if roots.IsRoot(fn, kind) && contextParam(fn) == i {
		// Registered, the root gets its own context; called by the
		// package, it gets the caller's.
		return callersPass(roots, funcs, ifaces, kind, calls, i, depth)
	}
	obj, _ := fn.Object().(*types.Func)
	if fn.Parent() != nil || obj == nil || obj.Exported() || ifaces[obj.Name()] || !only || len(calls) == 0 {
		return false
	}
	return callersPass(roots, funcs, ifaces, kind, calls, i, depth)
}

// callersPass reports whether every call passes, as argument i, a
// parameter of its caller that holds a root's context.
func callersPass(roots Roots, funcs []*ssa.Function, ifaces map[string]bool, kind string, calls []ssa.CallInstruction, i, depth int) bool {
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
		if j < 0 || !rootContext(roots, funcs, ifaces, kind, caller, j, depth+1) {
			return false
		}
	}
	return true
}

// StaticCalls returns the calls of fn among funcs, and whether fn is
// used no other way (as a function value, or a bound method).
func StaticCalls(funcs []*ssa.Function, fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	var calls []ssa.CallInstruction
	only := true
	for _, f := range funcs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() == fn {
					if _, isCall := c.(*ssa.Call); !isCall || c.Common().Value != fn {
						only = false // go, defer, or through a wrapper
						continue
					}
					calls = append(calls, c)
					continue
				}
				if mc, ok := instr.(*ssa.MakeClosure); ok && strings.HasPrefix(mc.Fn.(*ssa.Function).Synthetic, "bound method wrapper") &&
					mc.Fn.(*ssa.Function).Object() == fn.Object() {
					only = false
				}
				for _, op := range instr.Operands(nil) {
					if op != nil && *op == fn {
						if c, ok := instr.(ssa.CallInstruction); !ok || c.Common().Value != fn {
							only = false
						}
					}
				}
			}
		}
	}
	return calls, only
}

// interfaceMethods returns the names of the methods of every interface
// type the package writes, at package level or in a function: a
// method of one of those names may be called through a conversion the
// calls above do not show.
func interfaceMethods(pass *analysis.Pass) map[string]bool {
	out := map[string]bool{}
	for _, tv := range pass.TypesInfo.Types {
		if it, ok := tv.Type.(*types.Interface); ok {
			for m := range it.Methods() {
				out[m.Name()] = true
			}
		}
	}
	for _, obj := range pass.TypesInfo.Defs {
		if tn, ok := obj.(*types.TypeName); ok {
			if it, ok := tn.Type().Underlying().(*types.Interface); ok {
				for m := range it.Methods() {
					out[m.Name()] = true
				}
			}
		}
	}
	return out
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

// A Keyed is the key that roots of Kind carry in their context, read
// from a context variable.
type Keyed struct {
	Kind  string
	Key   catalog.KeySource // Expr with the variable and header filled in
	Needs string
}

// InContext lists the keys that roots of each kind carry in their
// context, read from the context variable v at pos, for code that a root
// of another package reaches through an interface. Whether v holds such
// a root's context, and whether the program has what an expression
// needs, only the composition root can tell.
func InContext(pass *analysis.Pass, cat *catalog.Catalog, v *types.Var, pos token.Pos) []Keyed {
	if catalog.TypeKey(v.Type()) != "context.Context" {
		return nil
	}
	var out []Keyed
	for _, kind := range cat.ContextKinds() {
		ck, _ := cat.ContextKey(kind)
		if !namesFree(pass, pos, ck.Imports) {
			continue
		}
		header := cat.KeyHeader()
		if ck.LowerHeader {
			header = strings.ToLower(header)
		}
		ks := ck.KeySource
		ks.Expr = fmt.Sprintf(ks.Expr, v.Name(), header)
		out = append(out, Keyed{Kind: kind, Key: ks, Needs: ck.Needs})
	}
	return out
}

// HasFunc reports whether pkg, or a package it imports at any depth,
// declares fn (a FuncKey of a package-level function).
func HasFunc(pkg *types.Package, fn string) bool { return hasFunc(pkg, fn) }
