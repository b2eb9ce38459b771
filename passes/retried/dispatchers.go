package retried

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
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
		for _, p := range paramsOf(val, 0) {
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
	if len(called) == 0 {
		return false
	}
	n := len(f.roots)
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
				fld := namedField(call.Common().Args[st.Param].Type(), st.Field)
				if kind := called[fld]; fld != nil && kind != "" {
					f.registered(call, callee.Object().(*types.Func), catalog.Registration{Arg: st.Arg, Kind: kind})
				}
			}
		})
	}
	return len(f.roots) > n
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
