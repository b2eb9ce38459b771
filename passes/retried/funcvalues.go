package retried

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/valueflow"
)

// Services pass functions around as values: a handler stored in a
// struct field and called later (s.onMessage(msg)), a router adapter
// that wraps a handler of another signature and calls it inside an HTTP
// handler, a table of {Name, Fn} entries registered in a loop. A
// funcValues resolves a function value of the package to the functions
// of the package it can hold: those stored into the same struct field
// anywhere in the package, those stored into a map of the same type (a
// dispatch table, handlers[topic]), and those passed for the same
// parameter at the static call sites of the function that receives it.

// maxValueDepth bounds how many parameters, bindings, fields, tables
// and calls a resolution passes through; loads, variables and a
// lookup's value are steps within one.
const maxValueDepth = 4

type funcValues struct {
	// fields are the functions stored into each struct field (its
	// generic origin's), given the other values stored into it (a
	// constructor's parameter), maps the functions stored into the maps
	// of each type (by its string).
	fields   map[*types.Var][]*ssa.Function
	given    map[*types.Var][]ssa.Value
	maps     map[string][]*ssa.Function
	mapGiven map[string][]ssa.Value
	// mapFields are the functions stored into the map each struct field
	// holds, when every value stored into the field is a map made where
	// the entries are stored (h.platform = map[T]H{...}); opaque are the
	// fields that are stored something else.
	mapFields     map[*types.Var][]*ssa.Function
	mapFieldGiven map[*types.Var][]ssa.Value
	opaque        map[*types.Var]bool
	// generic are the keys of maps by their types with the type
	// arguments erased (erased): a generic function's body looks up a
	// map of a type its instances fill in.
	generic map[string][]string
	// sites are the static call sites of each function of the package,
	// and closures the closures made of each.
	sites    map[*ssa.Function][]ssa.CallInstruction
	closures map[*ssa.Function][]*ssa.MakeClosure
	// method finds the function of a method (for bound method values).
	method func(*types.Func) *ssa.Function
	// adapts returns the function parameters that the function value an
	// adapter of another package returns calls (its Adapter fact);
	// returns the functions that the function value another package's
	// function returns calls (its ReturnedFuncs fact).
	adapts  func(*types.Func) []int
	returns func(*types.Func) []*types.Func
	// passThrough says, by interface and method, whether the package's
	// implementations are function types that call themselves
	// (funcTypesOnly).
	passThrough map[string]bool
}

func newFuncValues(funcs []*ssa.Function, method func(*types.Func) *ssa.Function) *funcValues {
	fv := &funcValues{
		fields:        map[*types.Var][]*ssa.Function{},
		given:         map[*types.Var][]ssa.Value{},
		maps:          map[string][]*ssa.Function{},
		mapGiven:      map[string][]ssa.Value{},
		mapFields:     map[*types.Var][]*ssa.Function{},
		mapFieldGiven: map[*types.Var][]ssa.Value{},
		opaque:        map[*types.Var]bool{},
		generic:       map[string][]string{},
		sites:         map[*ssa.Function][]ssa.CallInstruction{},
		closures:      map[*ssa.Function][]*ssa.MakeClosure{},
		passThrough:   map[string]bool{},
		method:        method,
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					if fa, ok := instr.Addr.(*ssa.FieldAddr); ok {
						if fld := fieldOf(fa.X.Type(), fa.Field); fld != nil {
							if f := fv.direct(instr.Val); f != nil {
								fv.fields[fld] = append(fv.fields[fld], f)
							} else if _, ok := instr.Val.Type().Underlying().(*types.Signature); ok {
								fv.given[fld] = append(fv.given[fld], instr.Val)
							}
							if _, made := instr.Val.(*ssa.MakeMap); !made {
								fv.opaque[fld] = true
							}
						}
					}
				case *ssa.MapUpdate:
					key := instr.Map.Type().String()
					if e := erased(instr.Map.Type()); !slices.Contains(fv.generic[e], key) {
						fv.generic[e] = append(fv.generic[e], key)
					}
					if f := fv.direct(instr.Value); f != nil {
						fv.maps[key] = append(fv.maps[key], f)
						if fld := storedInto(instr.Map); fld != nil {
							fv.mapFields[fld] = append(fv.mapFields[fld], f)
						}
					} else if _, ok := instr.Value.Type().Underlying().(*types.Signature); ok || types.IsInterface(instr.Value.Type()) {
						fv.mapGiven[key] = append(fv.mapGiven[key], instr.Value)
						if fld := storedInto(instr.Map); fld != nil {
							fv.mapFieldGiven[fld] = append(fv.mapFieldGiven[fld], instr.Value)
						}
						if fld := loadedField(instr.Map); fld != nil {
							// A router's r.handlers[topic] = h: what the
							// map field holds.
							fv.given[fld] = append(fv.given[fld], instr.Value)
						}
					}
				case ssa.CallInstruction:
					callee := instr.Common().StaticCallee()
					if callee == nil {
						callee = cellFunc(instr.Common().Value)
					}
					if callee != nil {
						fv.sites[callee] = append(fv.sites[callee], instr)
						if o := callee.Origin(); o != nil {
							// A generic adapter's body is its origin's:
							// its parameters are what each instance is
							// passed.
							fv.sites[o] = append(fv.sites[o], instr)
						}
					}
				case *ssa.MakeClosure:
					fn := instr.Fn.(*ssa.Function)
					fv.closures[fn] = append(fv.closures[fn], instr)
				}
			}
		}
	}
	return fv
}

// storedInto returns the struct field that m, a map made in place, is
// stored into, or nil.
func storedInto(m ssa.Value) *types.Var {
	mm, ok := m.(*ssa.MakeMap)
	if !ok {
		return nil
	}
	for _, r := range *mm.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Val == mm {
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
				return fieldOf(fa.X.Type(), fa.Field)
			}
		}
	}
	return nil
}

// fieldOf returns field i of the struct that t (a pointer to it) points
// to.
func fieldOf(t types.Type, i int) *types.Var {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}

// direct returns the function a value is, when it is one: a function, a
// closure, or a method value (h.create), through conversions.
func (fv *funcValues) direct(v ssa.Value) *ssa.Function {
	switch v := unwrap(v).(type) {
	case *ssa.Function:
		return fv.unbound(v)
	case *ssa.MakeClosure:
		return fv.unbound(v.Fn.(*ssa.Function))
	}
	return nil
}

// unbound returns the method a bound method wrapper (the function of a
// method value) or a thunk calls, or fn itself.
func (fv *funcValues) unbound(fn *ssa.Function) *ssa.Function {
	if valueflow.BoundWrapper(fn) || strings.HasPrefix(fn.Synthetic, "thunk") {
		if obj, ok := fn.Object().(*types.Func); ok && fv.method != nil {
			if m := fv.method(obj); m != nil {
				return m
			}
		}
	}
	return fn
}

// targets returns the functions of the package that a function value
// can be. A parameter of the function that holds the value is what the
// call that entered it (ctx, when it calls that function) passes; with
// every is set, and no such call, it is what any call site passes (a
// router adapter's handler, which stands for all of its uses).
// Otherwise a parameter is unknown: a helper that runs the function it
// is given (s.startGoRoutine(f)) runs only the one its caller passes.
func (fv *funcValues) targets(v ssa.Value, ctx ssa.CallInstruction, every bool) []*ssa.Function {
	return fv.targetsOf(v, ctx, every, true)
}

// targetsOf is targets; without wrapped, an adapter's closure stands for
// itself alone, not also for the functions it calls (once(p.paid)'s
// closure, which runs p.paid past a claim of its own).
func (fv *funcValues) targetsOf(v ssa.Value, ctx ssa.CallInstruction, every, wrapped bool) []*ssa.Function {
	var out []*ssa.Function
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int, every bool)
	walk = func(v ssa.Value, depth int, every bool) {
		v = unwrap(v)
		if seen[v] || depth > maxValueDepth {
			return
		}
		seen[v] = true
		if f := fv.direct(v); f != nil {
			out = append(out, f)
			return
		}
		switch v := v.(type) {
		case *ssa.UnOp: // a load: of a struct field (s.onMessage), of a captured variable, of an element
			if fa, ok := v.X.(*ssa.FieldAddr); ok {
				fld := fieldOf(fa.X.Type(), fa.Field)
				out = append(out, fv.fields[fld]...)
				for _, g := range fv.given[fld] {
					// A constructor's parameter kept in the field
					// stands for every function its callers pass.
					walk(g, depth+1, true)
				}
			} else if v.Op == token.MUL {
				walk(v.X, depth, every)
			}
		case *ssa.Alloc: // a variable: the values stored into it
			for _, ref := range *v.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == v {
					walk(st.Val, depth, every)
				}
			}
		case *ssa.Field: // a field of a struct value: def.Fn
			if st, ok := v.X.Type().Underlying().(*types.Struct); ok && v.Field < st.NumFields() {
				fld := st.Field(v.Field).Origin()
				out = append(out, fv.fields[fld]...)
				for _, g := range fv.given[fld] {
					walk(g, depth+1, true) // an adapter's result stored there
				}
			}
		case *ssa.Parameter: // the functions passed for it
			fn := v.Parent()
			i := paramIndex(fn, v)
			sites := fv.sites[fn]
			if ctx != nil && ctx.Common().StaticCallee() == fn {
				sites = []ssa.CallInstruction{ctx}
			} else if !every && fn.Parent() == nil {
				// A function literal's parameter stands for what each
				// call of it passes (run := func(exec func(...)) H {...};
				// run(ex.ExecuteFiat)): its calls are the few where it
				// is made.
				return
			}
			for _, site := range sites {
				args := site.Common().Args
				if i >= 0 && i < len(args) {
					walk(args[i], depth+1, every)
				}
			}
		case *ssa.FreeVar: // the values the closures bind to it
			fn := v.Parent()
			for i, fvar := range fn.FreeVars {
				if fvar != v {
					continue
				}
				for _, mc := range fv.closures[fn] {
					if i < len(mc.Bindings) {
						walk(mc.Bindings[i], depth+1, every)
					}
				}
			}
		case *ssa.Phi:
			for _, e := range v.Edges {
				walk(e, depth+1, every)
			}
		case *ssa.Lookup: // an entry of a dispatch table: any it holds
			if fld := loadedField(v.X); fld != nil && !fv.opaque[fld] && len(fv.mapFields[fld])+len(fv.mapFieldGiven[fld]) > 0 {
				// The table one field holds, made where its entries
				// are stored: its own entries, not those of another
				// field's table of the same type.
				before := len(out)
				out = append(out, fv.mapFields[fld]...)
				for _, g := range fv.mapFieldGiven[fld] {
					walk(g, depth+1, true) // a wrapper's result (once(db, h.refunded))
				}
				if len(out) > before {
					return
				}
				// Entries copied from a table the field's map was made
				// from (wrapped[t] = mw(h) over a parameter): those of
				// the maps of its type.
			}
			if _, ok := v.X.Type().Underlying().(*types.Map); ok {
				keys := []string{v.X.Type().String()}
				if fn := v.Parent(); fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 {
					keys = fv.generic[erased(v.X.Type())] // any instance's
				}
				for _, key := range keys {
					out = append(out, fv.maps[key]...)
					for _, g := range fv.mapGiven[key] {
						walk(g, depth+1, true) // a registration's parameter
					}
				}
			}
		case *ssa.Call: // an adapter that returns a closure
			callee := v.Call.StaticCallee()
			if callee == nil {
				// A function value's: a table entry's constructor
				// (e.fn(a) returning a.IssueGiftCard), what the
				// functions it can be return.
				before := len(out)
				walk(v.Call.Value, depth+1, every)
				called := slices.Clone(out[before:])
				out = out[:before]
				for _, fn := range called {
					for _, r := range valueflow.ReturnValues(fn) {
						walk(r, depth+1, every)
					}
				}
				return
			}
			if callee.Origin() != nil {
				callee = callee.Origin() // a generic adapter: its body's closures
			}
			if callee.Blocks != nil {
				args := v.Call.Args
				for _, r := range valueflow.ReturnValues(callee) {
					walk(r, depth+1, every)
					// And what the closure calls of what this call
					// gave the adapter (Typed(fn) returning a handler
					// that calls fn): the closure itself stands for
					// every call of the adapter.
					for _, i := range calledBindings(callee, r) {
						if wrapped && i < len(args) {
							walk(args[i], depth+1, every)
						}
					}
				}
				return
			}
			// An adapter of another package: what it was given.
			if obj, ok := callee.Object().(*types.Func); ok && fv.adapts != nil {
				args := v.Call.Args
				if obj.Signature().Recv() != nil {
					args = args[1:]
				}
				for _, i := range fv.adapts(obj.Origin()) {
					if i < len(args) {
						walk(args[i], depth+1, every)
					}
				}
				if fv.returns != nil {
					for _, g := range fv.returns(obj.Origin()) {
						if f := fv.method(g); f != nil {
							out = append(out, f)
						}
					}
				}
			}
		case *ssa.Extract:
			switch t := v.Tuple.(type) {
			case *ssa.Lookup: // handlers[topic] with its ok
				if v.Index == 0 {
					walk(t, depth, every)
				}
			case *ssa.Next: // for name, fn := range byName
				if rng, ok := t.Iter.(*ssa.Range); ok && v.Index == 2 && !t.IsString {
					for _, e := range mapValues(rng.X) {
						walk(e, depth+1, every)
					}
				}
			}
		case *ssa.IndexAddr: // for _, fn := range []any{a.Audit}
			for _, e := range valueflow.SliceElems(v.X) {
				walk(e, depth+1, every)
			}
		}
	}
	walk(v, 0, every)
	return out
}

// calledBindings returns the parameters of fn (by index) that the
// closure r, which fn returns, captures and calls.
func calledBindings(fn *ssa.Function, r ssa.Value) []int {
	mc, ok := unwrap(r).(*ssa.MakeClosure)
	if !ok {
		return nil
	}
	var out []int
	lit := mc.Fn.(*ssa.Function)
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := call.Common().Value
			if load, ok := callee.(*ssa.UnOp); ok && load.Op == token.MUL {
				callee = load.X // a captured parameter, boxed
			}
			fvar, ok := callee.(*ssa.FreeVar)
			if !ok {
				continue
			}
			if k := slices.Index(lit.FreeVars, fvar); k >= 0 && k < len(mc.Bindings) {
				if p := boundParam(mc.Bindings[k]); p != nil && p.Parent() == fn {
					out = append(out, paramIndex(fn, p))
				}
			}
		}
	}
	return out
}

// boundParam returns the parameter a closure's binding is: the
// parameter itself, or the variable it is kept in when the closure
// captures it, stored once.
func boundParam(v ssa.Value) *ssa.Parameter {
	if a, ok := v.(*ssa.Alloc); ok {
		return valueflow.CellParam(a)
	}
	p, _ := v.(*ssa.Parameter)
	return p
}

// mapValues returns the values stored into a map made in place.
func mapValues(m ssa.Value) []ssa.Value {
	var out []ssa.Value
	if mm, ok := m.(*ssa.MakeMap); ok {
		for _, r := range *mm.Referrers() {
			if u, ok := r.(*ssa.MapUpdate); ok && u.Map == mm {
				out = append(out, u.Value)
			}
		}
	}
	return out
}

// paramIndex returns the index of p among fn's parameters, as a static
// call's arguments count them (the receiver first).
func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// boundInterface returns the closure of pkg that binds an interface's
// method to a receiver when fn is the wrapper SSA makes for it (a
// method value h.Holds.Create, Holds an interface), or nil.
func (fv *funcValues) boundInterface(fn *ssa.Function, pkg *types.Package) *ssa.MakeClosure {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Signature().Recv() == nil || !types.IsInterface(obj.Signature().Recv().Type()) {
		return nil
	}
	return fv.bound(fn, pkg)
}

// bound returns where the package binds fn, the wrapper SSA makes for a
// method bound to a receiver (s.Withdrawals.OnBankPayout, a service of
// another package's concrete type, or an interface's method), or nil.
func (fv *funcValues) bound(fn *ssa.Function, pkg *types.Package) *ssa.MakeClosure {
	if !valueflow.BoundWrapper(fn) {
		return nil
	}
	var first *ssa.MakeClosure // the first in the source, whatever order the functions were visited in
	for _, mc := range fv.closures[fn] {
		if mc.Parent() != nil && isLocal(mc.Parent(), pkg) && (first == nil || mc.Pos() < first.Pos()) {
			first = mc
		}
	}
	return first
}

// boundWrapper returns the wrapper the package makes for method bound
// to a receiver (h.Withdrawals.OnBankPayout, a concrete type's method
// of another package, whose value the targets name by the method), and
// where the package binds it; nil when it binds none.
func (fv *funcValues) boundWrapper(method *ssa.Function, pkg *types.Package) (*ssa.Function, *ssa.MakeClosure) {
	if method.Object() == nil {
		return nil, nil
	}
	// Each method value may have a wrapper of its own: the first bound
	// in the source stands for them, whatever order the map gives.
	var first *ssa.Function
	var at *ssa.MakeClosure
	for w := range fv.closures {
		if w.Object() == method.Object() {
			if mc := fv.bound(w, pkg); mc != nil && (at == nil || mc.Pos() < at.Pos()) {
				first, at = w, mc
			}
		}
	}
	return first, at
}

// boundName names the interface method a bound wrapper calls:
// "api.Holds.Create".
func boundName(fn *ssa.Function) string {
	obj := fn.Object().(*types.Func)
	recv := obj.Signature().Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	if n, ok := types.Unalias(recv).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Name() + "." + n.Obj().Name() + "." + obj.Name()
	}
	return obj.Name()
}

// erased writes t with the type arguments of its named types left out:
// map[string]eventHandler[E] and map[string]eventHandler[PaymentEvent]
// are both map[string]eventHandler.
func erased(t types.Type) string {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		o := t.Origin().Obj()
		if o.Pkg() == nil {
			return o.Name()
		}
		return o.Pkg().Path() + "." + o.Name()
	case *types.Map:
		return "map[" + erased(t.Key()) + "]" + erased(t.Elem())
	case *types.Pointer:
		return "*" + erased(t.Elem())
	case *types.Slice:
		return "[]" + erased(t.Elem())
	case *types.TypeParam:
		return "?"
	}
	return t.String()
}

// cellFunc returns the function literal that v, the function a call
// calls, loads from a local variable that a closure captures (wrap :=
// func(fn H) http.HandlerFunc {...}, called in a router's callback as
// wrap(h.Start)): SSA keeps such a variable in a cell, which its one
// store fills with the literal. Nil for a variable stored more than
// once, or anything else.
func cellFunc(v ssa.Value) *ssa.Function {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	addr := load.X
	for depth := 0; depth < maxValueDepth; depth++ {
		fv, ok := addr.(*ssa.FreeVar)
		if !ok {
			break
		}
		addr = valueflow.Binding(fv)
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var fn *ssa.Function
	for _, ref := range *alloc.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != alloc {
			continue
		}
		if fn != nil {
			return nil // assigned twice
		}
		switch val := st.Val.(type) {
		case *ssa.Function:
			fn = val
		case *ssa.MakeClosure:
			fn = val.Fn.(*ssa.Function)
		default:
			return nil
		}
	}
	return fn
}

// invokeTargets returns the functions of the package that an invoke of
// an interface's method runs (h.Handle(ctx, meta, data), h from a table
// of handlers) when the package's only implementations of the
// interface are named function types whose method calls the function
// itself with its arguments (func (f HandlerFunc) Handle(ctx, m, d)
// error { return f(ctx, m, d) }, as http.HandlerFunc's ServeHTTP does):
// the functions the interface value can hold.
func (fv *funcValues) invokeTargets(c *ssa.CallCommon, pkg *ssa.Package, ctx ssa.CallInstruction) []*ssa.Function {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || pkg == nil || !fv.funcTypesOnly(iface, c.Method, pkg) {
		return nil
	}
	return fv.targets(c.Value, ctx, false)
}

// funcTypesOnly reports whether the package declares implementations of
// iface, and each is a named function type whose method m calls the
// function it is (passesThrough).
func (fv *funcValues) funcTypesOnly(iface *types.Interface, m *types.Func, pkg *ssa.Package) bool {
	key := iface.String() + "." + m.Name()
	if ok, seen := fv.passThrough[key]; seen {
		return ok
	}
	found, ok := false, true
	for _, mem := range pkg.Members {
		tn, isType := mem.(*ssa.Type)
		if !isType || types.IsInterface(tn.Type()) {
			continue
		}
		named := tn.Type()
		if n, isNamed := named.(*types.Named); isNamed && n.TypeParams().Len() > 0 {
			continue // a generic type implements nothing until instantiated
		}
		if !types.Implements(named, iface) && !types.Implements(types.NewPointer(named), iface) {
			continue
		}
		found = true
		if _, isFunc := named.Underlying().(*types.Signature); !isFunc {
			ok = false
			break
		}
		sel := pkg.Prog.MethodSets.MethodSet(named).Lookup(m.Pkg(), m.Name())
		if sel == nil || !passesThrough(pkg.Prog.MethodValue(sel)) {
			ok = false
			break
		}
	}
	fv.passThrough[key] = found && ok
	return found && ok
}

// passesThrough reports whether fn, a method of a function type, has
// one block that calls its receiver with its parameters, in order.
func passesThrough(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) != 1 || len(fn.Params) == 0 {
		return false
	}
	for _, instr := range fn.Blocks[0].Instrs {
		call, ok := instr.(*ssa.Call)
		if !ok || call.Call.Value != fn.Params[0] {
			continue
		}
		if len(call.Call.Args) != len(fn.Params)-1 {
			return false
		}
		for i, a := range call.Call.Args {
			if a != fn.Params[i+1] {
				return false
			}
		}
		return true
	}
	return false
}
