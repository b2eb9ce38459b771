package retried

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A service's own event dispatcher keeps handlers in a map field of a
// value it is given (d.On(type, h) stores h in d.handlers[type]) and a
// method of it calls the one an event names (d.Dispatch(ctx, e) calls
// d.handlers[e.Type]). The dispatcher's package has no root; the
// package that runs a consumer loop calling Dispatch, and registers the
// handlers with On, has. The dispatcher's package exports, as facts on
// the two methods, which fields of which parameter the one calls and
// the other stores its parameter into; the consumer's package makes
// what it registers into a field its retried path calls a root of the
// path's kind.

// FieldCalls is an object fact on a function that calls the function
// values that parameter Param (the receiver is 0) holds in the fields
// Fields, as a map's elements or as such.
type FieldCalls struct {
	Param  int
	Fields []string
}

func (*FieldCalls) AFact() {}

func (c *FieldCalls) String() string { return "fieldcalls(" + strings.Join(c.Fields, ", ") + ")" }

// FieldStores is an object fact on a function that stores some of its
// function parameters into fields of another parameter.
type FieldStores struct {
	Stores []FieldStore
}

// A FieldStore says parameter Arg (counted without the receiver, as a
// Registration's) is stored into field Field of parameter Param (the
// receiver is 0), as a map's element or as such.
type FieldStore struct {
	Arg   int
	Param int
	Field string
}

func (*FieldStores) AFact() {}

func (s *FieldStores) String() string {
	var parts []string
	for _, st := range s.Stores {
		parts = append(parts, st.Field)
	}
	return "fieldstores(" + strings.Join(parts, ", ") + ")"
}

// exportDispatchers exports the FieldCalls and FieldStores facts of the
// package's functions, for a package that declares a struct with a map
// of functions: only then is SSA built for it.
func (r *Result) exportDispatchers() {
	if !declaresFuncMap(r.pass) {
		return
	}
	for _, fn := range r.ssa.SrcFuncs() {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || fn.Blocks == nil || strings.HasSuffix(r.pass.Fset.File(fn.Pos()).Name(), "_test.go") {
			continue
		}
		if param, fields := calledFields(fn); len(fields) > 0 {
			r.pass.ExportObjectFact(obj, &FieldCalls{Param: param, Fields: fields})
		}
		if stores := storedParams(fn); len(stores) > 0 {
			r.pass.ExportObjectFact(obj, &FieldStores{Stores: stores})
		}
	}
}

// calledFields returns the fields of one of fn's parameters whose
// function values fn calls: h := d.handlers[t]; h(ctx, e), through the
// phis that join it with a fallback or with what wraps it.
func calledFields(fn *ssa.Function) (int, []string) {
	param, fields := -1, []string(nil)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().IsInvoke() || call.Common().StaticCallee() != nil {
				continue
			}
			for _, pf := range paramFields(call.Common().Value, 0) {
				if param >= 0 && pf.param != param {
					continue // one parameter's fields: the value the fact is about
				}
				param = pf.param
				if !slices.Contains(fields, pf.field) {
					fields = append(fields, pf.field)
				}
			}
		}
	}
	return param, fields
}

// A paramField is a field of a function's parameter.
type paramField struct {
	param int
	field string
}

// paramFields returns the fields of the parameters of the function v is
// in that v is loaded from, as a map's element or as such.
func paramFields(v ssa.Value, depth int) []paramField {
	if depth > maxValueDepth {
		return nil
	}
	switch x := unwrap(v).(type) {
	case *ssa.Phi:
		var out []paramField
		for _, e := range x.Edges {
			out = append(out, paramFields(e, depth+1)...)
		}
		return out
	case *ssa.Extract:
		if l, ok := x.Tuple.(*ssa.Lookup); ok {
			return paramFields(l.X, depth+1)
		}
	case *ssa.Lookup:
		return paramFields(x.X, depth+1)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		if pf, ok := fieldOfParam(x.X); ok {
			return []paramField{pf}
		}
	}
	return nil
}

// fieldOfParam reports which field of which parameter addr addresses
// (&d.handlers, d a parameter).
func fieldOfParam(addr ssa.Value) (paramField, bool) {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return paramField{}, false
	}
	p, ok := fa.X.(*ssa.Parameter)
	if !ok {
		return paramField{}, false
	}
	fld := fieldOf(fa.X.Type(), fa.Field)
	if fld == nil {
		return paramField{}, false
	}
	return paramField{param: paramIndex(p.Parent(), p), field: fld.Name()}, true
}

// storedParams returns the function parameters fn stores into a field
// of another parameter: d.handlers[t] = h, or d.fallback = h.
func storedParams(fn *ssa.Function) []FieldStore {
	var out []FieldStore
	add := func(addr, val ssa.Value) {
		pf, ok := fieldOfParam(addr)
		if !ok {
			return
		}
		for _, p := range storedFuncParams(val, 0) {
			if p.Parent() != fn || !isFunc(p.Type()) {
				continue
			}
			arg := paramIndex(fn, p)
			if fn.Signature.Recv() != nil {
				arg-- // counted without the receiver
			}
			if st := (FieldStore{Arg: arg, Param: pf.param, Field: pf.field}); arg >= 0 && !slices.Contains(out, st) {
				out = append(out, st)
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.MapUpdate:
				if load, ok := instr.Map.(*ssa.UnOp); ok && load.Op == token.MUL {
					add(load.X, instr.Value)
				}
			case *ssa.Store:
				add(instr.Addr, instr.Val)
			}
		}
	}
	return out
}

// storedFuncParams returns the parameters v is, or wraps: a closure that
// captures a function parameter (the typed handler Register[T] decodes
// for, func(ctx, env) error { ...; return fn(ctx, env, ev) }), and what
// a middleware given such a closure returns (mws[i](h)). Otherwise, as
// paramsOf.
func storedFuncParams(v ssa.Value, depth int) []*ssa.Parameter {
	if depth > maxValueDepth {
		return nil
	}
	switch x := unwrap(v).(type) {
	case *ssa.Phi:
		var out []*ssa.Parameter
		for _, e := range x.Edges {
			out = append(out, storedFuncParams(e, depth+1)...)
		}
		return out
	case *ssa.MakeClosure:
		var out []*ssa.Parameter
		for _, b := range x.Bindings {
			if a, ok := b.(*ssa.Alloc); ok {
				b, _ = valueflow.StoredOnce(a) // a captured variable
			}
			if p, ok := b.(*ssa.Parameter); ok && isFunc(p.Type()) {
				out = append(out, p)
			}
		}
		return out
	case *ssa.Call:
		if x.Call.StaticCallee() != nil || x.Call.IsInvoke() || !isFunc(x.Type()) {
			break
		}
		var out []*ssa.Parameter
		for _, a := range x.Call.Args {
			if isFunc(a.Type()) {
				out = append(out, storedFuncParams(a, depth+1)...)
			}
		}
		return out
	}
	return paramsOf(v, depth)
}

// isFunc reports whether t is a function type.
func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// dispatched makes roots of the functions the package registers with a
// dispatcher of another package (d.On(type, h)) whose field a retried
// path of the package calls through the dispatcher (d.Dispatch(ctx, e)
// in a consumer loop): of the path's kind. It reports whether it added
// one.
func (f *finder) dispatched(reach map[*ssa.Function]*Path) bool {
	called := f.calledTables(reach)
	if len(called) == 0 {
		return false
	}
	n := len(f.roots)
	f.tableStores(func(call ssa.CallInstruction, callee *ssa.Function, st FieldStore, fld *types.Var) {
		if kind := called[fld]; kind != "" {
			f.registered(call, callee.Object().(*types.Func), catalog.Registration{Arg: st.Arg, Kind: kind})
		}
	})
	return len(f.roots) > n
}

// calledTables returns the fields of other packages' dispatchers whose
// function values a retried path of the package calls through the
// dispatcher (d.Dispatch(ctx, e) in a consumer loop), with the kind of
// the path's root.
func (f *finder) calledTables(reach map[*ssa.Function]*Path) map[*types.Var]string {
	called := map[*types.Var]string{}
	for _, fn := range f.ssa.SrcFuncs() {
		path, ok := reach[fn]
		if !ok {
			continue
		}
		f.importedCalls(fn, func(call ssa.CallInstruction, callee *ssa.Function) {
			var fc FieldCalls
			if !f.pass.ImportObjectFact(originFunc(callee), &fc) || fc.Param >= len(call.Common().Args) {
				return
			}
			for _, name := range fc.Fields {
				if fld := namedField(call.Common().Args[fc.Param].Type(), name); fld != nil && called[fld] == "" {
					called[fld] = outerKind(path, reach)
				}
			}
		})
	}
	return called
}

// tableStores calls visit with each call of the package's production
// code that stores a function into a field of another package's
// dispatcher (a FieldStores fact), and the field.
func (f *finder) tableStores(visit func(call ssa.CallInstruction, callee *ssa.Function, st FieldStore, fld *types.Var)) {
	for _, fn := range f.ssa.SrcFuncs() {
		if f.inTestFile(fn) {
			continue
		}
		f.importedCalls(fn, func(call ssa.CallInstruction, callee *ssa.Function) {
			var fs FieldStores
			if !f.pass.ImportObjectFact(originFunc(callee), &fs) {
				return
			}
			for _, st := range fs.Stores {
				if st.Param >= len(call.Common().Args) {
					continue
				}
				if fld := namedField(call.Common().Args[st.Param].Type(), st.Field); fld != nil {
					visit(call, callee, st, fld)
				}
			}
		})
	}
}

// Awaiting returns the package's roots that wait for the program: the
// functions it registers into a table of another package's dispatcher
// (dispatch.Register(d, "GATE_IN", h)) that no retried path of the
// package calls. Whether they run on one is known only where the
// program is wired: each names, in Awaits, the dispatcher's methods
// that call the table, and the composition root makes it a root of the
// kind of a root that reaches one of them (a consumer loop that calls
// the dispatcher through an interface of its own package). The
// package's own checks do not judge these roots; its summary lists
// what they run for the composition root.
func (r *Result) Awaiting() *Result {
	r.compute()
	r.awaitOnce.Do(func() {
		f := &finder{pass: r.pass, cat: r.cat, ssa: r.ssa, seen: make(map[*ssa.Function]bool), values: r.values}
		called := f.calledTables(r.reach)
		f.tableStores(func(call ssa.CallInstruction, callee *ssa.Function, st FieldStore, fld *types.Var) {
			if called[fld] != "" {
				return // a root of the package's own (dispatched)
			}
			named := dispatcherType(call.Common().Args[st.Param].Type())
			callers := f.tableCallers(named, fld)
			if len(callers) == 0 {
				return
			}
			n := len(f.roots)
			kind := named.Obj().Pkg().Name() + "." + named.Obj().Name() + " handler"
			f.registered(call, callee.Object().(*types.Func), catalog.Registration{Arg: st.Arg, Kind: kind})
			for _, root := range f.roots[n:] {
				root.Awaits = callers
			}
		})
		a := &Result{pass: r.pass, cat: r.cat, ssa: r.ssa, claiming: r.claiming, claimed: r.claimed, roots: f.roots, values: r.values}
		a.reach = reachable(a.roots, r.pass.Pkg, a.values, nil)
		a.once.Do(func() {})
		a.awaitOnce.Do(func() {})
		r.awaiting = a
	})
	return r.awaiting
}

// tableCallers returns the full names of the methods of the
// dispatcher's type that call the function values of its field fld
// (their FieldCalls facts name it).
func (f *finder) tableCallers(named *types.Named, fld *types.Var) []string {
	if named == nil {
		return nil
	}
	var out []string
	for m := range named.Methods() {
		var fc FieldCalls
		if f.pass.ImportObjectFact(m, &fc) && fc.Param == 0 && slices.Contains(fc.Fields, fld.Name()) {
			out = append(out, m.FullName())
		}
	}
	return out
}

// dispatcherType returns the origin of the named type t is or points
// to, or nil.
func dispatcherType(t types.Type) *types.Named {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	return named.Origin()
}

// importedCalls calls visit with each static call fn makes of a
// function of another package.
func (f *finder) importedCalls(fn *ssa.Function, visit func(ssa.CallInstruction, *ssa.Function)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := call.Common().StaticCallee(); callee != nil && callee.Object() != nil && callee.Object().Pkg() != f.pass.Pkg {
				visit(call, callee)
			}
		}
	}
}

// originFunc returns the generic function a function instantiates, or
// fn's object: facts are on the origin.
func originFunc(fn *ssa.Function) types.Object {
	if o := fn.Origin(); o != nil {
		return o.Object()
	}
	return fn.Object()
}

// namedField returns the origin of the field name of the struct t is,
// or points to.
func namedField(t types.Type, name string) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if f.Name() == name {
			return f.Origin()
		}
	}
	return nil
}

// outerKind is the kind of the root of path: of the consumer loop around
// a retry wrapper's operation, whose deliveries it is retried for.
func outerKind(path *Path, reach map[*ssa.Function]*Path) string {
	for range maxValueDepth {
		op := path.Root.Fn
		if !path.Root.Attempts || op == nil || op.Parent() == nil {
			break
		}
		outer, ok := reach[op.Parent()]
		if !ok || outer.Root == path.Root {
			break
		}
		path = outer
	}
	return path.Root.Kind
}
