package retried

import (
	"cmp"
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A service often writes its consumer loop once, in a helper of a
// package of its own that receives a handler (kafkaconsumer.Run(ctx, r,
// c.Handle)): the loop is a root where it is written, but the handler
// that does each delivery's work is given by a caller in another
// package, which only that package can see. The helper's package
// exports, as a fact on the helper, which of its function parameters
// its loop calls; a caller's package makes what it passes for them roots
// of the loop's kind, as it does a function handed to a consumer
// library.

// ParamRoots is an object fact on a function whose consumer loop calls
// some of its function parameters.
type ParamRoots struct {
	Params []ParamRoot
}

// A ParamRoot is a function parameter (Arg, counted without the
// receiver) that a consumer loop of Kind calls once per delivery.
type ParamRoot struct {
	Arg  int
	Kind string
	// Attempts: the function calls the parameter once per attempt of a
	// retry wrapper it hands it to (catalog.Registration.Attempts).
	Attempts bool
}

func (*ParamRoots) AFact() {}

func (p *ParamRoots) String() string {
	var parts []string
	for _, r := range p.Params {
		parts = append(parts, r.Kind)
	}
	return "paramroots(" + strings.Join(parts, ", ") + ")"
}

// exportParamRoots exports the ParamRoots facts of the package's
// functions, read from their syntax (the pass builds no SSA for a
// package whose roots nothing asks for): a loop that receives a
// delivery (catalog.LoopReceiver) and calls a parameter of function
// type, a literal of a handler's shape that calls one, and a function
// that hands its parameter on to one of those (Created(fn) returning
// HandleWithStatus(201, fn)). So does one that stores its parameter into
// a field that a retried path of the package calls (fieldroots.go).
func exportParamRoots(pass *analysis.Pass, cat *catalog.Catalog, res *Result) {
	decls := map[*types.Func]*ast.FuncDecl{}
	roots := map[*types.Func][]ParamRoot{}
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
			if !ok || !takesFunc(obj) && !takesTable(obj) {
				continue
			}
			decls[obj] = fd
			roots[obj] = append(loopParams(pass.TypesInfo, cat, obj, fd.Body), wrappedParams(pass.TypesInfo, cat, obj, fd.Body)...)
		}
	}
	exportAdapters(pass, decls)
	adapts := func(callee *types.Func) []int {
		var a Adapter
		pass.ImportObjectFact(callee, &a)
		return a.Params
	}
	if callsFuncField(pass) {
		res.fieldRoots(roots)
	}
	res.exportHandedFields()
	res.exportReceiverTypeRoots()
	for obj, fd := range decls {
		roots[obj] = append(roots[obj], returnedParams(pass, obj, fd.Body)...)
	}
	known := func(callee *types.Func) []ParamRoot {
		if callee.Pkg() == pass.Pkg {
			return roots[callee]
		}
		var pr ParamRoots
		pass.ImportObjectFact(callee, &pr)
		return pr.Params
	}
	grow(decls, roots, func(obj *types.Func, fd *ast.FuncDecl) []ParamRoot {
		return forwardedParams(pass.TypesInfo, obj, fd.Body, known, adapts)
	})
	// In the order of the declarations: two functions' parameters may
	// give one function type a TypeRoot, and the last one stays.
	for _, obj := range slices.SortedFunc(maps.Keys(roots), func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		if rs := roots[obj]; len(rs) > 0 {
			slices.SortFunc(rs, func(a, b ParamRoot) int { return cmp.Or(cmp.Compare(a.Arg, b.Arg), cmp.Compare(a.Kind, b.Kind)) })
			pass.ExportObjectFact(obj, &ParamRoots{Params: rs})
			exportParamTypeRoots(pass, obj, rs)
		}
	}
}

// exportParamTypeRoots exports a TypeRoot fact on the package's named
// function types that a parameter with roots has (dispatch(subject, h
// HandlerFunc) returning the consumer's handler that calls h): the
// package calls a value of that type once per delivery, so a table of
// them another package builds (Routes{subject: Decode(h.onTrip)}) and a
// composition root hands to the package holds handlers, as a field of
// the type does.
func exportParamTypeRoots(pass *analysis.Pass, fn *types.Func, rs []ParamRoot) {
	params := fn.Type().(*types.Signature).Params()
	for _, r := range rs {
		if r.Arg >= params.Len() {
			continue
		}
		if tn := rootFuncType(params.At(r.Arg).Type()); tn != nil && tn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(tn, &TypeRoot{Kind: r.Kind})
		}
	}
}

// grow adds to out, for each function of decls, what step finds in its
// body given out so far, until a round adds nothing: the forwarding
// chains of the package are followed to their end, each round adding
// what a function hands on to one the round before found.
func grow[T comparable](decls map[*types.Func]*ast.FuncDecl, out map[*types.Func][]T, step func(*types.Func, *ast.FuncDecl) []T) {
	for changed := true; changed; {
		changed = false
		for obj, fd := range decls {
			for _, x := range step(obj, fd) {
				if !slices.Contains(out[obj], x) {
					out[obj] = append(out[obj], x)
					changed = true
				}
			}
		}
	}
}

// forwardedParams lists the function parameters of fn that body passes,
// outside the function literals in it, for a parameter that a function
// with roots (known) calls per delivery.
func forwardedParams(info *types.Info, fn *types.Func, body *ast.BlockStmt, known func(*types.Func) []ParamRoot, adapts func(*types.Func) []int) []ParamRoot {
	var out []ParamRoot
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			callee, ok := typeutil.Callee(info, n).(*types.Func)
			if !ok {
				return true
			}
			for _, p := range known(callee.Origin()) {
				if p.Arg < len(n.Args) {
					for _, i := range adaptedFrom(info, fn, n.Args[p.Arg], adapts, 0) {
						out = append(out, ParamRoot{Arg: i, Kind: p.Kind, Attempts: p.Attempts})
					}
				}
			}
		}
		return true
	})
	return out
}

// adaptedFrom returns the function parameters of fn that e is, as it
// is or adapted (Adapt(Chain(h, mws...)), each an adapter of its
// argument).
func adaptedFrom(info *types.Info, fn *types.Func, e ast.Expr, adapts func(*types.Func) []int, depth int) []int {
	if i := funcParam(info, fn, e); i >= 0 {
		return []int{i}
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || depth > 3 || adapts == nil {
		return nil
	}
	callee, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	var out []int
	for _, p := range adapts(callee.Origin()) {
		if p < len(call.Args) {
			out = append(out, adaptedFrom(info, fn, call.Args[p], adapts, depth+1)...)
		}
	}
	return out
}

// funcParam returns the index of the parameter of fn of function type
// that e is, or -1.
func funcParam(info *types.Info, fn *types.Func, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if p := params.At(i); info.Uses[id] == p {
			if _, ok := p.Type().Underlying().(*types.Signature); ok {
				return i
			}
		}
	}
	return -1
}

// takesFunc reports whether fn has a parameter of function type.
func takesFunc(fn *types.Func) bool {
	for p := range fn.Type().(*types.Signature).Params().Variables() {
		if _, ok := p.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// takesTable reports whether fn has a parameter that is a map or a
// slice of functions.
func takesTable(fn *types.Func) bool {
	for p := range fn.Type().(*types.Signature).Params().Variables() {
		if isTable(p.Type()) {
			return true
		}
	}
	return false
}

// isTable reports whether t is a map or a slice of functions.
func isTable(t types.Type) bool {
	elem := elemOf(t)
	if elem == nil {
		return false
	}
	_, ok := elem.Underlying().(*types.Signature)
	return ok
}

// elemOf returns the element type of a map or a slice, or nil.
func elemOf(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Map:
		return u.Elem()
	case *types.Slice:
		return u.Elem()
	}
	return nil
}

// returnedParams lists the parameters of fn that a function literal it
// returns calls, or calls an element of, when fn's result is a function
// type whose values the package runs once per delivery (a TypeRoot):
// Dispatch(table) returning the consumer's handler that looks the
// event's handler up in table and calls it. What a caller passes for
// them does the delivery's work.
func returnedParams(pass *analysis.Pass, fn *types.Func, body *ast.BlockStmt) []ParamRoot {
	results := fn.Type().(*types.Signature).Results()
	if results.Len() != 1 {
		return nil
	}
	tn := rootFuncType(results.At(0).Type())
	var tr TypeRoot
	if tn == nil || !pass.ImportObjectFact(tn, &tr) {
		return nil
	}
	var out []ParamRoot
	add := func(i int) {
		if !slices.ContainsFunc(out, func(r ParamRoot) bool { return r.Arg == i }) {
			out = append(out, ParamRoot{Arg: i, Kind: tr.Kind})
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if lit, ok := ast.Unparen(r).(*ast.FuncLit); ok {
					for _, i := range calledParams(pass.TypesInfo, fn, lit.Body) {
						add(i)
					}
					for _, i := range elementParams(pass.TypesInfo, fn, lit.Body) {
						add(i)
					}
				}
			}
		}
		return true
	})
	return out
}

// elementParams lists the parameters of fn, maps or slices of
// functions, an element of which body calls: table[k](ctx, m), or h
// after h, ok := table[k] or for _, h := range table.
func elementParams(info *types.Info, fn *types.Func, body *ast.BlockStmt) []int {
	elems := map[types.Object]int{} // locals holding an element, by parameter
	var out []int
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 {
				if ix, ok := ast.Unparen(n.Rhs[0]).(*ast.IndexExpr); ok {
					if i := tableParam(info, fn, ix.X); i >= 0 {
						if id, ok := n.Lhs[0].(*ast.Ident); ok && info.ObjectOf(id) != nil {
							elems[info.ObjectOf(id)] = i
						}
					}
				}
			}
		case *ast.RangeStmt:
			if i := tableParam(info, fn, n.X); i >= 0 {
				if id, ok := n.Value.(*ast.Ident); ok && info.ObjectOf(id) != nil {
					elems[info.ObjectOf(id)] = i
				}
			}
		case *ast.CallExpr:
			i := -1
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.IndexExpr:
				i = tableParam(info, fn, f.X)
			case *ast.Ident:
				if j, ok := elems[info.Uses[f]]; ok {
					i = j
				}
			}
			if i >= 0 && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
		return true
	})
	return out
}

// tableParam returns the index of the parameter of fn, a map or a slice
// of functions, that e is, or -1.
func tableParam(info *types.Info, fn *types.Func, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if p := params.At(i); info.Uses[id] == p && isTable(p.Type()) {
			return i
		}
	}
	return -1
}

// wrappedParams lists the function parameters of fn that a function
// literal of body calls whose signature makes it a root by shape (the
// watermill handler that Handle[T](r, topic, fn) stores for a router,
// after decoding the event fn takes): the literal is the delivery's
// root, and what it calls with the delivery does the delivery's work.
func wrappedParams(info *types.Info, cat *catalog.Catalog, fn *types.Func, body *ast.BlockStmt) []ParamRoot {
	var out []ParamRoot
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			out = append(out, attemptParams(info, cat, fn, call)...)
			return true
		}
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		sig, ok := info.TypeOf(lit).(*types.Signature)
		if !ok {
			return true
		}
		kind, ok := cat.HandlerShape(sig)
		if !ok {
			if kind, ok = cat.WrapperShape(sig); !ok {
				return true
			}
		}
		for _, i := range calledParams(info, fn, lit.Body) {
			out = append(out, ParamRoot{Arg: i, Kind: kind})
		}
		return false
	})
	return out
}

// attemptParams lists the function parameters of fn that call hands to
// a retry wrapper as its operation (backoff.Retry(op, b)), or that the
// operation literal it hands one calls (backoff.Retry(func() error {
// return op() }, b)): a program's own wrapper (httpx.Retry(ctx, op))
// runs them once per attempt.
func attemptParams(info *types.Info, cat *catalog.Catalog, fn *types.Func, call *ast.CallExpr) []ParamRoot {
	callee, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	reg, ok := cat.Registration(callee)
	if !ok || !reg.Attempts || reg.Arg >= len(call.Args) {
		return nil
	}
	var called []int
	if lit, ok := ast.Unparen(call.Args[reg.Arg]).(*ast.FuncLit); ok {
		called = calledParams(info, fn, lit.Body)
	} else if i := funcParam(info, fn, call.Args[reg.Arg]); i >= 0 {
		called = []int{i}
	}
	var out []ParamRoot
	for _, i := range called {
		out = append(out, ParamRoot{Arg: i, Kind: reg.Kind, Attempts: true})
	}
	return out
}

// calledParams lists the function parameters of fn that body calls,
// outside the function literals in it.
func calledParams(info *types.Info, fn *types.Func, body *ast.BlockStmt) []int {
	var out []int
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if i := funcParam(info, fn, n.Fun); i >= 0 && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
		return true
	})
	return out
}

// loopParams lists the function parameters of fn that a loop of body
// calls, when the same loop receives deliveries.
func loopParams(info *types.Info, cat *catalog.Catalog, fn *types.Func, body *ast.BlockStmt) []ParamRoot {
	var out []ParamRoot
	ast.Inspect(body, func(n ast.Node) bool {
		var loop *ast.BlockStmt
		switch n := n.(type) {
		case *ast.ForStmt:
			loop = n.Body
		case *ast.RangeStmt:
			loop = n.Body
		case *ast.FuncLit:
			return false // runs when called, not in this loop
		default:
			return true
		}
		kind := ""
		var called []int
		ast.Inspect(loop, func(m ast.Node) bool {
			call, ok := m.(*ast.CallExpr)
			if !ok {
				return true
			}
			if i := funcParam(info, fn, call.Fun); i >= 0 {
				called = append(called, i)
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if callee, ok := info.Uses[sel.Sel].(*types.Func); ok {
					if k, ok := cat.LoopReceiver(callee); ok {
						kind = k
					}
				}
			}
			return true
		})
		if kind == "" {
			return true
		}
		for _, i := range called {
			out = append(out, ParamRoot{Arg: i, Kind: kind})
		}
		return false
	})
	return out
}
