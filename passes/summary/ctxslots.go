package summary

import (
	"cmp"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/opkey"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/lazyssa"
	"github.com/idemlint/idemlint/passes/retried"
)

// exportContextSlots exports what the package's code does with the
// values it keeps in contexts: the functions that read one slot
// (valueflow.ContextAccessor) or store a parameter in one
// (valueflow.ContextSetter), and the slots it fills with the operation
// key a request carries (valueflow.KeyedSlots): a middleware that puts
// the Idempotency-Key header in the context for the services below it.
// Only a package that declares a function of an accessor's or a
// setter's signature, or that stores in a context and reads a request's
// key, is built into SSA for it: go vet runs the pass on every
// dependency, most of which store values in contexts for reasons of
// their own.
func exportContextSlots(pass *analysis.Pass, cat *catalog.Catalog, setters map[*types.Func]*valueflow.ContextSetter, accessors map[*types.Func]*valueflow.ContextAccessor) {
	shaped, fills := declaresSlotFuncs(pass), storesRequestKey(pass, cat, setters)
	if !shaped && !fills {
		return
	}
	funcs := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.SSA).SrcFuncs()
	own := map[*types.Func]*valueflow.ContextSetter{}
	for _, fn := range funcs {
		obj := packageFunc(fn)
		if obj == nil {
			continue
		}
		if a := accessorOf(fn); a != nil {
			pass.ExportObjectFact(obj, a)
			valueflow.DeclareContextAccessor(obj, a)
			accessors[obj] = a
		}
		if s := setterOf(fn); s != nil {
			pass.ExportObjectFact(obj, s)
			own[obj] = s
		}
	}
	setter := func(fn *types.Func) *valueflow.ContextSetter {
		if s := own[fn]; s != nil {
			return s
		}
		return setters[fn]
	}
	module := ""
	if pass.Module != nil {
		module = pass.Module.Path
	}
	keyed := map[string]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if slot, v, ok := storedSlot(call.Common(), setter); ok && requestKey(cat, module, v, 0) {
					keyed[slot] = true
				}
			}
		}
	}
	if len(keyed) > 0 {
		pass.ExportPackageFact(&valueflow.KeyedSlots{Slots: slices.Sorted(maps.Keys(keyed)), Accessors: slotAccessors(pass.Pkg, keyed, accessors)})
	}
}

// slotAccessors lists, in order, the accessors of the keyed slots that
// a package other than pkg can call: exported ones.
func slotAccessors(pkg *types.Package, keyed map[string]bool, accessors map[*types.Func]*valueflow.ContextAccessor) []valueflow.SlotAccessor {
	var out []valueflow.SlotAccessor
	for fn, a := range accessors {
		if keyed[a.Slot] && fn.Exported() {
			out = append(out, valueflow.SlotAccessor{Pkg: fn.Pkg().Path(), PkgName: fn.Pkg().Name(), Name: fn.Name(), Comma: a.Comma})
		}
	}
	slices.SortFunc(out, func(a, b valueflow.SlotAccessor) int {
		return cmp.Or(strings.Compare(a.Pkg, b.Pkg), strings.Compare(a.Name, b.Name))
	})
	return out
}

// declaresSlotFuncs reports whether the package declares a function
// of an accessor's signature (func(context.Context) string, or (string,
// bool)) or a setter's (a context and a string, returning a context)
// and uses a context's values.
func declaresSlotFuncs(pass *analysis.Pass) bool {
	uses := false
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" && (fn.Name() == "WithValue" || fn.Name() == "Value") {
			uses = true
			break
		}
	}
	if !uses {
		return false
	}
	for _, obj := range pass.TypesInfo.Defs {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Signature().Recv() != nil || fn.Parent() != pass.Pkg.Scope() {
			continue
		}
		params, results := fn.Signature().Params(), fn.Signature().Results()
		if params.Len() == 0 || catalog.TypeKey(params.At(0).Type()) != "context.Context" {
			continue
		}
		accessor := params.Len() == 1 && results.Len() >= 1 && results.Len() <= 2 && isString(results.At(0).Type())
		setter := results.Len() == 1 && catalog.TypeKey(results.At(0).Type()) == "context.Context" && slices.ContainsFunc(slices.Collect(params.Variables())[1:], func(v *types.Var) bool { return isString(v.Type()) })
		if accessor || setter {
			return true
		}
	}
	return false
}

// storesRequestKey reports whether the package stores a value in a
// context (context.WithValue, or a setter of a package it imports) and
// reads a request's key: a catalogued header getter, or a constant that
// names the key's header.
func storesRequestKey(pass *analysis.Pass, cat *catalog.Catalog, setters map[*types.Func]*valueflow.ContextSetter) bool {
	stores, reads := false, false
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		stores = stores || fn.Pkg() != nil && fn.Pkg().Path() == "context" && fn.Name() == "WithValue" || setters[fn] != nil
		reads = reads || cat.IsHeaderGetter(fn)
	}
	if !stores || reads {
		return stores
	}
	headers := cat.Config().Headers()
	for _, tv := range pass.TypesInfo.Types {
		if tv.Value != nil && tv.Value.Kind() == constant.String {
			name := constant.StringVal(tv.Value)
			if slices.ContainsFunc(headers, func(h string) bool { return catalog.HeaderNameMatches(h, name) }) {
				return true
			}
		}
	}
	return false
}

// packageFunc returns the object of fn when it is a package-level
// function of the source, not generic: one another package can call by
// name.
func packageFunc(fn *ssa.Function) *types.Func {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || fn.Synthetic != "" || obj.Signature().Recv() != nil || obj.Signature().TypeParams() != nil {
		return nil
	}
	return obj
}

// accessorOf returns the accessor fact of fn when fn takes only a
// context and returns, as its first result (a string, with a bool or
// alone), the string the context holds in one slot or "" on every
// path.
func accessorOf(fn *ssa.Function) *valueflow.ContextAccessor {
	sig := fn.Signature
	if sig.Params().Len() != 1 || catalog.TypeKey(sig.Params().At(0).Type()) != "context.Context" || len(fn.Params) != 1 {
		return nil
	}
	res := sig.Results()
	if res.Len() == 0 || res.Len() > 2 || !types.Identical(res.At(0).Type(), types.Typ[types.String]) {
		return nil
	}
	if res.Len() == 2 && !types.Identical(res.At(1).Type(), types.Typ[types.Bool]) {
		return nil
	}
	slot := ""
	var read func(v ssa.Value, depth int) bool
	read = func(v ssa.Value, depth int) bool {
		switch x := v.(type) {
		case *ssa.Const:
			return emptyString(x)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if depth > 4 || !read(e, depth+1) {
					return false
				}
			}
			return true
		case *ssa.Extract:
			ta, ok := x.Tuple.(*ssa.TypeAssert)
			if !ok || x.Index != 0 || !types.Identical(ta.AssertedType, types.Typ[types.String]) {
				return false
			}
			call, ok := ta.X.(*ssa.Call)
			if !ok || call.Call.Value != fn.Params[0] {
				return false
			}
			s, _, store, ok := valueflow.ContextValueCall(&call.Call)
			if !ok || store || slot != "" && s != slot {
				return false
			}
			slot = s
			return true
		}
		return false
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !read(ret.Results[0], 0) {
			return nil
		}
	}
	if slot == "" {
		return nil
	}
	return &valueflow.ContextAccessor{Slot: slot, Comma: res.Len() == 2}
}

// setterOf returns the setter fact of fn when fn returns, on every path,
// its first parameter, a context, with one of its string parameters
// stored in one slot.
func setterOf(fn *ssa.Function) *valueflow.ContextSetter {
	sig := fn.Signature
	if len(fn.Params) < 2 || catalog.TypeKey(fn.Params[0].Type()) != "context.Context" || sig.Results().Len() != 1 || catalog.TypeKey(sig.Results().At(0).Type()) != "context.Context" {
		return nil
	}
	var out *valueflow.ContextSetter
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		call, ok := ret.Results[0].(*ssa.Call)
		if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 || call.Call.Args[0] != fn.Params[0] {
			return nil
		}
		slot, v, store, ok := valueflow.ContextValueCall(&call.Call)
		p, isParam := v.(*ssa.Parameter)
		if !ok || !store || !isParam || !types.Identical(p.Type(), types.Typ[types.String]) {
			return nil
		}
		i := slices.Index(fn.Params, p)
		if out != nil && (out.Slot != slot || out.Param != i) {
			return nil
		}
		out = &valueflow.ContextSetter{Slot: slot, Param: i}
	}
	return out
}

// storedSlot returns the slot a call stores a value in, and the value:
// context.WithValue, or a setter's call.
func storedSlot(cc *ssa.CallCommon, setter func(*types.Func) *valueflow.ContextSetter) (string, ssa.Value, bool) {
	if slot, v, store, ok := valueflow.ContextValueCall(cc); ok {
		return slot, v, store
	}
	if fn, ok := cc.Value.(*ssa.Function); ok && !cc.IsInvoke() {
		if obj, ok := fn.Object().(*types.Func); ok {
			if s := setter(obj); s != nil && s.Param < len(cc.Args) {
				return s.Slot, cc.Args[s.Param], true
			}
		}
	}
	return "", nil, false
}

// requestKey reports whether v is the operation key a request carries:
// its idempotency header or metadata entry, read by a catalogued getter
// or by a helper given the header's name (header(req,
// idem.HeaderName)), as it is or through a derivation of it alone
// (strings.TrimSpace, a normaliser of the module's own). A phi may
// also take "" (no key).
func requestKey(cat *catalog.Catalog, module string, v ssa.Value, depth int) bool {
	if v == nil || depth > maxKeyDepth {
		return false
	}
	next := func(u ssa.Value) bool { return requestKey(cat, module, u, depth+1) }
	if u := valueflow.Converted(v); u != nil {
		return next(u)
	}
	switch x := v.(type) {
	case *ssa.Phi:
		keyed := false
		for _, e := range x.Edges {
			if c, ok := e.(*ssa.Const); ok && emptyString(c) {
				continue
			}
			if !next(e) {
				return false
			}
			keyed = true
		}
		return keyed
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return keyCall(cat, module, call, next)
		}
	case *ssa.Call:
		return keyCall(cat, module, x, next)
	case *ssa.UnOp:
		// The first of a metadata entry's values (vals[0]).
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			return next(ia.X)
		}
	}
	return false
}

// keyCall reports whether call returns the operation key a request
// carries (see requestKey).
func keyCall(cat *catalog.Catalog, module string, call *ssa.Call, next func(ssa.Value) bool) bool {
	cc := &call.Call
	if valueflow.ReadsKeyHeader(cat, cc) {
		return true
	}
	fn := cc.StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	obj, _ := fn.Object().(*types.Func)
	own := module != "" && inModule(fn.Pkg.Pkg.Path(), module)
	if own && len(cc.Args) > 0 && valueflow.IsHeaderName(cc.Args[len(cc.Args)-1], cat.Config().Headers()) {
		return true // a helper of the module reading the header it is given the name of
	}
	if !own && (obj == nil || !catalog.IsDerivation(obj)) {
		return false
	}
	return keyedArgs(cc.Args, next)
}

func emptyString(c *ssa.Const) bool {
	return c.Value != nil && c.Value.ExactString() == `""`
}

// accessorKey returns the key that the context in scope at call holds
// in a slot the module's middleware fills with the request's operation
// key (exportContextSlots), read by the module's own accessor, for a
// call that a root keyed by its request reaches once per request.
func accessorKey(pass *analysis.Pass, res *Result, call *ssa.Call) (fix.Key, bool) {
	accessors := res.keyedAccessors()
	if len(accessors) == 0 {
		return fix.Key{}, false // most packages: the cheap test first
	}
	path, ok := res.Retried.On(call)
	if !ok || !catalog.RequestKeyed(path.Root.Kind) || !oncePerRequest(res, path, call) {
		return fix.Key{}, false
	}
	return opkey.FromAccessor(pass, accessors, call.Pos())
}

// oncePerRequest reports whether call runs once each time its root
// does, along path: each function on the way is called once in the
// package, from no loop, and a function literal it is made in runs once
// in its function (a transaction's callback). One key would otherwise
// derive one value for two rows.
func oncePerRequest(res *Result, path *retried.Path, call *ssa.Call) bool {
	fn := call.Parent()
	if fn.Parent() != nil && !runsOnceIn(fn, topFunc(fn)) {
		return false
	}
	if !oncePerDelivery(res.Env.Catalog, path.Via, path.Root) {
		return false
	}
	funcs := res.SrcFuncs()
	for _, c := range path.Via {
		callee := c.Common().StaticCallee()
		if callee == nil {
			return false
		}
		if callee.Pkg != fn.Pkg {
			continue // a runner of the closure the path goes on in
		}
		if !res.calledOnce(funcs, callee) {
			return false
		}
	}
	return true
}

// calledOnce reports whether the package calls fn once, statically,
// and uses it no other way (opkey.StaticCalls), asked once per function.
func (r *Result) calledOnce(funcs []*ssa.Function, fn *ssa.Function) bool {
	if once, ok := r.once[fn]; ok {
		return once
	}
	calls, only := opkey.StaticCalls(funcs, fn)
	if r.once == nil {
		r.once = make(map[*ssa.Function]bool)
	}
	r.once[fn] = only && len(calls) == 1
	return r.once[fn]
}

// keyedAccessors returns the accessors of the slots that a package the
// analysis sees (the package, or one it imports) fills with a request's
// operation key, in order of package and name: the facts of this pass,
// whichever pass asks for a fix.
func (r *Result) keyedAccessors() []opkey.Accessor {
	if r.accessors != nil {
		return *r.accessors
	}
	out := []opkey.Accessor{}
	for _, f := range r.pass.AllPackageFacts() {
		if ks, ok := f.Fact.(*valueflow.KeyedSlots); ok {
			for _, a := range ks.Accessors {
				out = append(out, opkey.Accessor{Path: a.Pkg, PkgName: a.PkgName, Name: a.Name, Comma: a.Comma})
			}
		}
	}
	slices.SortFunc(out, func(a, b opkey.Accessor) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), strings.Compare(a.Name, b.Name))
	})
	out = slices.Compact(out)
	r.accessors = &out
	return out
}

// accessedFix is the fix that derives the fresh value gen makes from a
// keyed context slot (accessorKey) where no root of the package reaches
// gen: the function it is made in, outside any loop and in no function
// literal but one that runs once in it, may be a root that another
// package registers. Enters names the function (as frames name it): the
// program offers the fix for a root that is that function, of a kind
// keyed by its request (accessedFor).
func accessedFix(pass *analysis.Pass, res *Result, gen *ssa.Call, purpose string) *valueflow.KeyFix {
	if Fills(res, gen) {
		return nil
	}
	gen = liftedGen(res, gen)
	if _, on := res.Retried.On(gen); on {
		return nil // decided along the path (accessorKey)
	}
	fn := gen.Parent()
	top := topFunc(fn)
	if obj, ok := top.Object().(*types.Func); !ok || !obj.Exported() || fn != top && !runsOnceIn(fn, top) {
		return nil
	}
	key, ok := opkey.FromAccessor(pass, res.keyedAccessors(), gen.Pos())
	if !ok {
		return nil
	}
	msg, edits := derivedEdits(pass, gen.Pos(), purpose, key)
	if edits == nil {
		return nil
	}
	return &valueflow.KeyFix{Message: msg, Edits: edits, Context: catalog.Accessed, Enters: valueflow.FuncName(top)}
}
