package retried

import (
	"fmt"
	"github.com/idemlint/idemlint/internal/catalog"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// A consumer package often adapts typed handlers to its runner's
// handler type in one generic helper (kafkarun.JSON(c.accruePoints)
// returns a func(ctx, kafka.Message) error that decodes the value and
// calls c.accruePoints), and a table of another package stores what it
// returns. Within a package funcValues reads the helper's body; across
// packages the helper's package exports, as a fact on the helper, which
// of its function parameters the function value it returns calls, so
// that the stored value stands for what was passed for them.

// Adapter is an object fact on a function whose result is a function
// value that calls some of its function parameters (Params, counted
// without the receiver).
type Adapter struct {
	Params []int
}

func (*Adapter) AFact() {}

func (a *Adapter) String() string {
	parts := make([]string, len(a.Params))
	for i, p := range a.Params {
		parts[i] = fmt.Sprint(p)
	}
	return "adapter(" + strings.Join(parts, ", ") + ")"
}

// exportAdapters exports the Adapter facts of the package's functions
// that take and return function values, read from their syntax: a
// returned function literal that calls a parameter, or a returned call
// of another adapter given a parameter.
func exportAdapters(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	params := map[*types.Func][]int{}
	known := func(callee *types.Func) []int {
		if callee.Pkg() == pass.Pkg {
			return params[callee]
		}
		var a Adapter
		pass.ImportObjectFact(callee, &a)
		return a.Params
	}
	grow(decls, params, func(obj *types.Func, fd *ast.FuncDecl) []int {
		if !returnsFunc(obj) {
			return nil
		}
		return adaptedParams(pass.TypesInfo, obj, fd.Body, known)
	})
	for obj, ps := range params {
		slices.Sort(ps)
		pass.ExportObjectFact(obj, &Adapter{Params: ps})
	}
}

// returnsFunc reports whether fn's only result is of function type, or
// an interface a function type can implement (a Handler whose
// HandlerFunc adapts a literal).
func returnsFunc(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	switch u := res.At(0).Type().Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Interface:
		return u.NumMethods() == 1
	}
	return false
}

// adaptedParams lists the function parameters of fn that the function
// values its body returns call: a literal calling one, or an adapter
// (known) given one.
func adaptedParams(info *types.Info, fn *types.Func, body *ast.BlockStmt, known func(*types.Func) []int) []int {
	var out []int
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				return true
			}
			switch r := ast.Unparen(n.Results[0]).(type) {
			case *ast.FuncLit:
				out = append(out, calledParams(info, fn, r.Body)...)
			case *ast.Ident:
				// The parameter itself, decorated in place (Chain(h,
				// mws...) returning h after h = mws[i](h)).
				if i := funcParam(info, fn, r); i >= 0 {
					out = append(out, i)
				}
			case *ast.CallExpr:
				if tv, ok := info.Types[r.Fun]; ok && tv.IsType() && len(r.Args) == 1 {
					// A literal converted to a function type that
					// adapts it (HandlerFunc(func(ctx, j) error {...})).
					if lit, ok := ast.Unparen(r.Args[0]).(*ast.FuncLit); ok {
						out = append(out, calledParams(info, fn, lit.Body)...)
					}
					return true
				}
				callee, ok := typeutil.Callee(info, r).(*types.Func)
				if !ok {
					return true
				}
				for _, p := range known(callee.Origin()) {
					if p >= len(r.Args) {
						continue
					}
					if i := funcParam(info, fn, r.Args[p]); i >= 0 {
						out = append(out, i)
					} else if lit, ok := ast.Unparen(r.Args[p]).(*ast.FuncLit); ok {
						// wrap(func(...) { fn(...) }): the literal
						// the adapter calls calls the parameter.
						out = append(out, calledParams(info, fn, lit.Body)...)
					}
				}
			}
		}
		return true
	})
	return out
}

// ReturnedFuncs is an object fact on a function whose result is a
// function value built from functions it names (consumer.Capture(c)
// returning Body(c.Handle), an adapter of the method value): the
// functions that value calls, as "path.Func" or "path.Type.Method". A
// registration of the function's result elsewhere makes them roots.
type ReturnedFuncs struct {
	Funcs []string
}

func (*ReturnedFuncs) AFact() {}

func (r *ReturnedFuncs) String() string { return "returns(" + strings.Join(r.Funcs, ", ") + ")" }

// exportReturnedFuncs exports the ReturnedFuncs facts of the package's
// functions that return a function value: what their returns give an
// adapter to call (a method value, a function, the functions a literal
// calls), or are.
func exportReturnedFuncs(pass *analysis.Pass, cat *catalog.Catalog, adapts func(*types.Func) []int) {
	for _, file := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(file.FileStart).Name(), "_test.go") {
			continue
		}
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || !returnsFunc(obj) || takesFunc(obj) {
				continue // an adapter's result calls what it is given
			}
			var names []string
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					if len(n.Results) == 1 {
						names = append(names, returnedNames(pass.TypesInfo, cat, n.Results[0], adapts)...)
					}
				}
				return true
			})
			if len(names) > 0 {
				slices.Sort(names)
				pass.ExportObjectFact(obj, &ReturnedFuncs{Funcs: slices.Compact(names)})
			}
		}
	}
}

// returnedNames names the functions a returned function value calls: a
// method value or function it is, or, for a call of an adapter, those
// of what the adapter is given for the parameters it calls. A literal of
// a handler's shape names none: its own package roots it, and reports
// what it reaches.
func returnedNames(info *types.Info, cat *catalog.Catalog, e ast.Expr, adapts func(*types.Func) []int) []string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		if fn := funcOf(info, e); fn != nil {
			return []string{qualifiedName(fn)}
		}
	case *ast.FuncLit:
		if sig, ok := info.TypeOf(e).(*types.Signature); ok {
			if _, rooted := cat.HandlerShape(sig); rooted {
				return nil
			}
		}
		var out []string
		ast.Inspect(e.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Exported() && isSrcFunc(fn) {
					out = append(out, qualifiedName(fn))
				}
			}
			return true
		})
		return out
	case *ast.CallExpr:
		callee, ok := typeutil.Callee(info, e).(*types.Func)
		if !ok {
			return nil
		}
		var out []string
		for _, p := range adapts(callee.Origin()) {
			if p < len(e.Args) {
				out = append(out, returnedNames(info, cat, e.Args[p], adapts)...)
			}
		}
		return out
	}
	return nil
}

// funcOf returns the function or method an identifier or selector
// names as a value (h.Handle, pkg.Handle), or nil.
func funcOf(info *types.Info, e ast.Expr) *types.Func {
	switch e := e.(type) {
	case *ast.Ident:
		fn, _ := info.Uses[e].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() != types.MethodVal {
				return nil
			}
			fn, _ := sel.Obj().(*types.Func)
			return fn
		}
		fn, _ := info.Uses[e.Sel].(*types.Func)
		return fn
	}
	return nil
}

// isSrcFunc reports whether fn is a function or a method of a named
// type (not of an interface), whose body a package has.
func isSrcFunc(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv == nil || !types.IsInterface(recv.Type())
}

// qualifiedName names fn as ReturnedFuncs does: "path.Func", or
// "path.Type.Method".
func qualifiedName(fn *types.Func) string {
	fn = fn.Origin()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// lookupQualified finds a function ReturnedFuncs names among pkg and
// the packages it imports, directly or not.
func lookupQualified(pkg *types.Package, name string) *types.Func {
	seen := map[*types.Package]bool{}
	var find func(p *types.Package) *types.Func
	find = func(p *types.Package) *types.Func {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if rest, ok := strings.CutPrefix(name, p.Path()+"."); ok && !strings.Contains(strings.TrimPrefix(rest, "."), "/") {
			if fn := lookupFunc(p, rest); fn != nil {
				return fn
			}
		}
		for _, imp := range p.Imports() {
			if fn := find(imp); fn != nil {
				return fn
			}
		}
		return nil
	}
	return find(pkg)
}
