package retried

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/lazyssa"
)

// A service's own consumer framework keeps the handlers it is given in
// struct fields (a router's route{handler: h}, a subscription table's
// Subscription{Handler: fn}) and calls them from its loop or its retry
// wrapper's operation. The framework's package sees the call on a
// retried path but not the handlers; the packages that register them
// see the handlers but not the call. The framework's package exports, as
// a fact on the field, that a root of it calls what the field holds,
// and, on a function that stores its parameter into such a field, a
// ParamRoots fact as a consumer loop's has; a package that stores a
// function into the field, or passes one for the parameter, makes it a
// root of the call's kind.

// FieldRoot is an object fact on a struct field of function type whose
// value a retried root of the field's package calls, once per delivery
// of Kind.
type FieldRoot struct {
	Kind string
}

func (*FieldRoot) AFact() {}

func (r *FieldRoot) String() string { return "fieldroot(" + r.Kind + ")" }

// callsFuncField reports whether a file of the package calls a function
// held in a struct field, keeps one in a variable or hands one to a
// call, or declares a struct field of a map of functions (a router's
// handlers by topic): only then is SSA built to find out whether the
// call runs on a retried path.
func callsFuncField(pass *analysis.Pass) bool {
	if declaresFuncMap(pass) {
		return true
	}
	found := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && !found {
				// A field's function kept in a variable and called
				// from there (h = r.Handler; ...; h(ctx, rec)).
				for _, rhs := range as.Rhs {
					found = found || isFuncField(pass, rhs)
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
					found = true
				}
			}
			// A field's function handed to a helper that calls it
			// (r.dispatch(ctx, rt.Handler, msg)).
			for _, a := range call.Args {
				found = found || isFuncField(pass, a)
			}
			return !found
		})
		if found {
			break
		}
	}
	return found
}

// isFuncField reports whether e reads a field of function type.
func isFuncField(pass *analysis.Pass, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	_, isFunc := s.Type().Underlying().(*types.Signature)
	return isFunc
}

// declaresFuncMap reports whether the package declares a struct type
// with a field that maps keys to functions, or to maps of them.
func declaresFuncMap(pass *analysis.Pass) bool {
	return declaresField(pass, func(t types.Type) bool {
		m, ok := t.Underlying().(*types.Map)
		return ok && holdsFuncs(m.Elem())
	})
}

// declaresField reports whether the package declares a struct type with
// a field whose type is.
func declaresField(pass *analysis.Pass, is func(types.Type) bool) bool {
	for _, name := range pass.Pkg.Scope().Names() {
		tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if is(f.Type()) {
					return true
				}
			}
		}
	}
	return false
}

// holdsFuncs reports whether t is a function type, or a map of them (a
// table's routes for one queue, by routing key).
func holdsFuncs(t types.Type) bool {
	for range maxValueDepth {
		switch u := t.Underlying().(type) {
		case *types.Signature:
			return true
		case *types.Map:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// fieldRoots finds the fields of function type whose value the
// package's retried paths call, exports a FieldRoot fact on those the
// package declares, and adds to roots the parameters of the package's
// functions that are stored into them (NewConsumer(r, h) keeping h as
// c.handler).
func (r *Result) fieldRoots(roots map[*types.Func][]ParamRoot) {
	r.compute()
	called := map[*types.Var]string{}
	var order []*types.Var
	for _, fn := range r.ssa.SrcFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().IsInvoke() || call.Common().StaticCallee() != nil {
					continue
				}
				fld := r.calledField(call.Common().Value)
				kind := r.deliveryKind(instr)
				if fld == nil || kind == "" {
					// A handler a worker runs on each row it claims
					// from a table of jobs, passed down or not.
					if f, polled := r.polledHandler(fn, call.Common().Value); polled {
						fld, kind = f, catalog.PolledJob
					}
				}
				if fld == nil || kind == "" || called[fld] != "" {
					continue
				}
				called[fld] = kind
				order = append(order, fld)
			}
		}
	}
	for _, fld := range order {
		kind := called[fld]
		if fld.Pkg() == r.pass.Pkg {
			r.pass.ExportObjectFact(fld, &FieldRoot{Kind: kind})
			if tn := rootFuncType(fld.Type()); tn != nil && tn.Pkg() == r.pass.Pkg {
				r.pass.ExportObjectFact(tn, &TypeRoot{Kind: kind})
			}
		}
		for _, g := range r.values.given[fld] {
			for _, p := range paramsOf(g, 0) {
				obj, ok := p.Parent().Object().(*types.Func)
				if !ok || p.Parent().Parent() != nil {
					continue
				}
				i := paramIndex(p.Parent(), p)
				if p.Parent().Signature.Recv() != nil {
					i-- // ParamRoots count without the receiver
				}
				if pr := (ParamRoot{Arg: i, Kind: kind}); i >= 0 && !slices.Contains(roots[obj], pr) {
					roots[obj] = append(roots[obj], pr)
				}
			}
		}
	}
}

// deliveryKind returns the kind of the root a retried path to instr
// starts at, or "". A retry wrapper's operation written inside a
// consumer's loop (backoff.Retry(op) for each message), or a retry loop
// of a function the consumer's loop calls, is retried per delivery too:
// the delivery's kind, which names where its key is, is the one a
// handler it calls is given.
func (r *Result) deliveryKind(instr ssa.Instruction) string {
	p, ok := r.On(instr)
	if !ok {
		return ""
	}
	for range maxValueDepth {
		op := p.Root.Fn
		if !p.Root.Attempts || op == nil {
			break
		}
		var outer *Path
		var ok bool
		if op.Parent() != nil {
			outer, ok = r.madeOn(op)
		} else {
			// A retry loop of its own function (dispatch's attempts
			// at a handler) that a consumer's loop calls.
			outer, ok = r.calledOn(op)
		}
		if !ok || outer.Root == p.Root {
			break
		}
		p = outer
	}
	return p.Root.Kind
}

// calledOn returns a retried path on which the package calls fn.
func (r *Result) calledOn(fn *ssa.Function) (*Path, bool) {
	for _, c := range r.values.sites[fn] {
		if p, ok := r.On(c); ok {
			return p, true
		}
	}
	return nil, false
}

// madeOn returns the retried path on which the closure of fn is made.
func (r *Result) madeOn(fn *ssa.Function) (*Path, bool) {
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return r.On(mc)
			}
		}
	}
	return nil, false
}

// passedField returns the struct field a function value is loaded from,
// there or by every call of the package's function whose parameter it
// is (a dispatch helper given rt.Handler, which it calls in its retry
// loop), or nil.
func (r *Result) passedField(v ssa.Value, depth int) *types.Var {
	if fld := loadedField(v); fld != nil || depth == maxValueDepth {
		return fld
	}
	v = unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if fv, ok := load.X.(*ssa.FreeVar); ok {
			v = fv // a variable the literal captures
		}
	}
	switch x := v.(type) {
	case *ssa.FreeVar:
		// A handler the literal captures (h := chain(rt.Handler, mw);
		// go consume(func(m) { h(ctx, m) })).
		b := valueflow.Binding(x)
		if a, ok := b.(*ssa.Alloc); ok {
			if st, ok := valueflow.StoredOnce(a); ok {
				b = st
			} else {
				// A variable set to the entry's handler where one
				// matches, nil otherwise (var h Handler; for _, r :=
				// range routes { if ... { h = r.Handler } }).
				return r.storedField(a, depth+1)
			}
		}
		if b == nil {
			return nil
		}
		return r.passedField(b, depth+1)
	case *ssa.Call:
		// What a function of the package returns of its parameter,
		// wrapped in middleware or not (chain(rt.Handler, mw)).
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil || callee.Pkg == nil || callee.Pkg.Pkg != r.pass.Pkg {
			return nil
		}
		var found *types.Var
		for _, ret := range valueflow.ReturnValues(callee) {
			for _, p := range paramsOf(ret, 0) {
				i := paramIndex(callee, p)
				if i < 0 || i >= len(x.Call.Args) {
					return nil
				}
				fld := r.passedField(x.Call.Args[i], depth+1)
				if fld == nil || found != nil && found != fld {
					return nil
				}
				found = fld
			}
		}
		return found
	}
	p, ok := unwrap(v).(*ssa.Parameter)
	if !ok || p.Parent().Parent() != nil {
		return nil
	}
	i := paramIndex(p.Parent(), p)
	var found *types.Var
	for _, call := range r.values.sites[p.Parent()] {
		if i >= len(call.Common().Args) {
			return nil
		}
		fld := r.passedField(call.Common().Args[i], depth+1)
		if fld == nil || found != nil && found != fld {
			return nil // a value of another origin, or of two fields
		}
		found = fld
	}
	return found
}

// storedField returns the field every value but nil stored in the
// variable a comes from (passedField), or nil.
func (r *Result) storedField(a *ssa.Alloc, depth int) *types.Var {
	var found *types.Var
	for _, ref := range *a.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		if c, ok := st.Val.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		fld := r.passedField(st.Val, depth)
		if fld == nil || found != nil && found != fld {
			return nil
		}
		found = fld
	}
	return found
}

// passedFields returns the struct fields a function value handed to a
// registration is loaded from, through the phis that join them and the
// range over a map literal that lists them (for typ, fn := range
// map[string]H{a: h.OnA, b: h.OnB} { r.Handle(typ, fn) }).
func passedFields(v ssa.Value, depth int) []*types.Var {
	if depth > maxValueDepth {
		return nil
	}
	if fld := loadedField(v); fld != nil {
		return []*types.Var{fld}
	}
	var out []*types.Var
	switch x := unwrap(v).(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			out = append(out, passedFields(e, depth+1)...)
		}
	case *ssa.Extract:
		if next, ok := x.Tuple.(*ssa.Next); ok && x.Index == 2 && !next.IsString {
			if rng, ok := next.Iter.(*ssa.Range); ok {
				for _, e := range mapValues(rng.X) {
					out = append(out, passedFields(e, depth+1)...)
				}
			}
		}
	}
	return out
}

// exportHandedFields exports a FieldRoot fact on each function field of
// the package's structs whose values a registration of the package hands
// on (NewEventRouter(h EventHandlers) registering h.OnLeaseActivated):
// the composition root that fills the field (EventHandlers{OnLeaseActivated:
// svc.OnLeaseActivated}) makes what it stores a root, as for a field a
// loop calls.
func (r *Result) exportHandedFields() {
	if !declaresFuncField(r.pass) || !callsRegistration(r.pass) {
		return
	}
	r.compute()
	for fld, kind := range r.handedFields {
		r.pass.ExportObjectFact(fld, &FieldRoot{Kind: kind})
	}
}

// callsRegistration reports whether a file of the package calls a
// function of another package that registers a function it is given as
// a root (its ParamRoots fact): only such a package can hand a field's
// functions on.
func callsRegistration(pass *analysis.Pass) bool {
	found := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			if fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
				found = pass.ImportObjectFact(fn.Origin(), new(ParamRoots))
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// declaresFuncField reports whether the package declares a struct type
// with a field of function type: only then is SSA built to find the
// fields its registrations hand on.
func declaresFuncField(pass *analysis.Pass) bool {
	return declaresField(pass, func(t types.Type) bool {
		_, ok := t.Underlying().(*types.Signature)
		return ok
	})
}

// loadedField returns the struct field a function value is loaded from
// (c.handler, s.Handler of a value), or nil.
func loadedField(v ssa.Value) *types.Var {
	switch v := unwrap(v).(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			return fieldOf(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok && v.Field < st.NumFields() {
			return st.Field(v.Field).Origin()
		}
	}
	return nil
}

// paramsOf returns the parameters a value is, through the phis that
// join it with what wraps it (h = mw[i](h) in a loop over middleware:
// the parameter is still what the field ends up calling), and through
// a function of the package that returns such a value of its own
// parameter (h = chain(h, mw...)).
func paramsOf(v ssa.Value, depth int) []*ssa.Parameter {
	if depth > maxValueDepth {
		return nil
	}
	switch v := unwrap(v).(type) {
	case *ssa.Parameter:
		return []*ssa.Parameter{v}
	case *ssa.Phi:
		var out []*ssa.Parameter
		for _, e := range v.Edges {
			out = append(out, paramsOf(e, depth+1)...)
		}
		return out
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil || callee.Signature.Results().Len() != 1 {
			return nil
		}
		var out []*ssa.Parameter
		for _, b := range callee.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			for _, p := range paramsOf(ret.Results[0], depth+1) {
				if i := paramIndex(callee, p); i >= 0 && i < len(v.Call.Args) {
					out = append(out, paramsOf(v.Call.Args[i], depth+1)...)
				}
			}
		}
		return out
	}
	return nil
}

// maxMapDepth bounds the steps from a called handler back to the map
// it was looked up in: a loop, a supervisor that restarts it, the
// goroutine that runs the supervisor, the lookup method.
const maxMapDepth = 8

// mapFieldOf returns the struct field of map type whose element a called
// function value is (a router's handler, looked up by topic), through
// the methods of the package that return the element (Lookup(topic))
// and the parameters it is passed to (superviseTopic(ctx, topic, h)),
// or nil.
func (r *Result) mapFieldOf(v ssa.Value, depth int) *types.Var {
	if depth > maxMapDepth {
		return nil
	}
	switch x := unwrap(v).(type) {
	case *ssa.Lookup:
		return r.tableField(x.X, depth+1)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Lookup:
			return r.tableField(t.X, depth+1)
		case *ssa.Call:
			return r.returnedMapField(t, x.Index, depth)
		}
	case *ssa.Call:
		return r.returnedMapField(x, 0, depth)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		switch a := x.X.(type) {
		case *ssa.Alloc:
			// A result a function with deferred calls keeps in a
			// variable until it returns.
			if stored, ok := valueflow.StoredOnce(a); ok {
				return r.mapFieldOf(stored, depth+1)
			}
		case *ssa.FreeVar:
			// A handler a retry wrapper's operation captures (op :=
			// func() error { return h(ctx, m) }): the variable the
			// enclosing loop looked it up into.
			for _, b := range r.bound(a) {
				if fld := r.mapFieldOf(&ssa.UnOp{Op: token.MUL, X: b}, depth+1); fld != nil {
					return fld
				}
			}
		}
	case *ssa.FreeVar:
		for _, b := range r.bound(x) {
			if fld := r.mapFieldOf(b, depth+1); fld != nil {
				return fld
			}
		}
	case *ssa.Parameter:
		i := paramIndex(x.Parent(), x)
		for _, site := range r.values.sites[x.Parent()] {
			if args := site.Common().Args; i >= 0 && i < len(args) {
				if fld := r.mapFieldOf(args[i], depth+1); fld != nil {
					return fld
				}
			}
		}
	}
	return nil
}

// bound returns the values the closures of v's function bind to v.
func (r *Result) bound(v *ssa.FreeVar) []ssa.Value {
	fn := v.Parent()
	i := slices.Index(fn.FreeVars, v)
	var out []ssa.Value
	for _, mc := range r.values.closures[fn] {
		if i >= 0 && i < len(mc.Bindings) {
			out = append(out, mc.Bindings[i])
		}
	}
	return out
}

// tableField returns the struct field of map type a map of handlers is,
// or holds it as an element (a table of routes by queue, each a map of
// handlers by routing key, ranged over to start a loop per queue that
// is given its routes), through the parameters it is passed to.
func (r *Result) tableField(m ssa.Value, depth int) *types.Var {
	if depth > maxMapDepth {
		return nil
	}
	if fld := loadedField(m); fld != nil {
		return fld
	}
	switch x := unwrap(m).(type) {
	case *ssa.Parameter:
		i := paramIndex(x.Parent(), x)
		for _, site := range r.values.sites[x.Parent()] {
			if args := site.Common().Args; i >= 0 && i < len(args) {
				if fld := r.tableField(args[i], depth+1); fld != nil {
					return fld
				}
			}
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Next: // for queue, routes := range table
			if rng, ok := t.Iter.(*ssa.Range); ok && x.Index == 2 && !t.IsString {
				return r.tableField(rng.X, depth+1)
			}
		case *ssa.Lookup: // routes, ok := table[queue]
			if x.Index == 0 {
				return r.tableField(t.X, depth+1)
			}
		}
	case *ssa.Lookup:
		return r.tableField(x.X, depth+1)
	}
	return nil
}

// returnedMapField is mapFieldOf for result i of a call of a function of
// the package: the map field every return takes it from.
func (r *Result) returnedMapField(call *ssa.Call, i, depth int) *types.Var {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil {
		return nil
	}
	var fld *types.Var
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		f := r.mapFieldOf(ret.Results[i], depth+1)
		if f == nil || fld != nil && f != fld {
			return nil
		}
		fld = f
	}
	return fld
}

// A table of handlers is often built in a package of its own and handed
// to the loop's package by a composition root that calls both
// (sqsloop.New(api, url, sqshandlers.Table(deps))): the loop's package
// stores what it is given into its field, and the table's package
// sees neither the loop nor the field. The handler's named function
// type is what they share: the loop's package exports, as a fact on
// the type, that a root calls the values its field holds, and a package
// that puts a function of that type into a map or a slice it builds in
// place makes it a root of the field's kind.

// TypeRoot is an object fact on a named function type whose values a
// retried root of the type's package calls from a field, once per
// delivery of Kind.
type TypeRoot struct {
	Kind string
}

func (*TypeRoot) AFact() {}

func (r *TypeRoot) String() string { return "typeroot(" + r.Kind + ")" }

// exportReceiverTypeRoots exports a TypeRoot fact on the package's named
// function types whose method is a root that calls its receiver: an
// adapter (type Handler func(w, r) error, whose ServeHTTP calls h(w, r))
// runs, on each delivery, the function a package converts to the type
// (httpx.Handler(h.manifest)).
func (r *Result) exportReceiverTypeRoots() {
	if !funcTypeMethods(r.pass) {
		return
	}
	for _, root := range r.Roots() {
		if tn := receiverCalled(root.Fn); tn != nil && tn.Pkg() == r.pass.Pkg {
			r.pass.ExportObjectFact(tn, &TypeRoot{Kind: root.Kind})
		}
	}
}

// receiverCalled returns the named function type of fn's receiver, when
// fn calls the receiver.
func receiverCalled(fn *ssa.Function) *types.TypeName {
	if fn == nil || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return nil
	}
	n, ok := types.Unalias(fn.Signature.Recv().Type()).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Signature); !ok {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && call.Common().Value == fn.Params[0] {
				return n.Obj()
			}
		}
	}
	return nil
}

// funcTypeMethods reports whether the package declares a method on a
// function type, which only an adapter does.
func funcTypeMethods(pass *analysis.Pass) bool {
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
				continue
			}
			if _, ok := pass.TypesInfo.TypeOf(fd.Recv.List[0].Type).Underlying().(*types.Signature); ok {
				return true
			}
		}
	}
	return false
}

// calledField returns the field of function type whose value v, a called
// function value, is: loaded from it, or looked up in a map it holds.
func (r *Result) calledField(v ssa.Value) *types.Var {
	if fld := r.passedField(v, 0); fld != nil {
		return fld
	}
	return r.mapFieldOf(v, 0)
}

// polledHandler reports whether v, a function value fn calls, is a
// handler a worker runs once per row it claims from a table of jobs
// (SELECT ... FOR UPDATE SKIP LOCKED): fn claims the row, itself or
// through a function of the package (jobs, err := r.q.Lease(...)), or
// is a helper of the package that a claiming function hands the handler
// to (safeCall(ctx, r.handlers[j.Kind], &j)), or the row (r.dispatch(ctx,
// job), which looks the handler up itself). It returns the field the
// handler is kept in. The worker puts a row whose handler failed back in
// the table, so each handler is retried.
func (r *Result) polledHandler(fn *ssa.Function, v ssa.Value) (*types.Var, bool) {
	if len(r.claiming) == 0 {
		return nil, false
	}
	if r.claims(fn) {
		fld := r.calledField(v)
		return fld, fld != nil
	}
	if fld := r.calledField(v); fld != nil && slices.ContainsFunc(r.values.sites[fn], r.handsClaimedRow) {
		return fld, true
	}
	p, ok := unwrap(v).(*ssa.Parameter)
	if !ok || p.Parent() != fn {
		return nil, false
	}
	i := slices.Index(fn.Params, p)
	for _, site := range r.values.sites[fn] {
		args := site.Common().Args
		if i < len(args) && r.claims(site.Parent()) {
			if fld := r.calledField(args[i]); fld != nil {
				return fld, true
			}
		}
	}
	return nil, false
}

// claims reports whether fn claims rows of a queue: it runs the claiming
// statement, or calls a function of the package that does.
func (r *Result) claims(fn *ssa.Function) bool {
	return r.claiming[fn] || slices.ContainsFunc(callees(fn), func(c *ssa.Function) bool { return r.claiming[c] })
}

// handsClaimedRow reports whether site, in a function that claims rows,
// passes its callee one of the rows a claiming function returns.
func (r *Result) handsClaimedRow(site ssa.CallInstruction) bool {
	if !r.claims(site.Parent()) {
		return false
	}
	return slices.ContainsFunc(site.Common().Args, func(a ssa.Value) bool { return r.claimed[a.Type()] })
}

// claimedRows returns the struct types of the rows claiming functions
// return, alone or in a slice.
func claimedRows(claiming map[*ssa.Function]bool) map[types.Type]bool {
	out := map[types.Type]bool{}
	for fn := range claiming {
		for v := range fn.Signature.Results().Variables() {
			t := v.Type()
			if sl, ok := t.Underlying().(*types.Slice); ok {
				t = sl.Elem()
			}
			if _, ok := t.Underlying().(*types.Struct); ok {
				out[t] = true
			}
		}
	}
	return out
}

// polledMethods returns the methods of the package's interfaces that a
// worker calls with a job it claimed from a table (h.Handle(ctx, j), j
// a row Claim returned): "Iface.Method", as a //idemlint:retried mark
// names it, for every implementation is a handler of the polled table.
func polledMethods(pass *analysis.Pass, funcs []*ssa.Function, claiming map[*ssa.Function]bool) []string {
	if len(claiming) == 0 {
		return nil
	}
	claimed := claimedRows(claiming)
	callers := map[*ssa.Function][]*ssa.Function{}
	for _, fn := range funcs {
		for _, c := range callees(fn) {
			callers[c] = append(callers[c], fn)
		}
	}
	// A function runs on a claimed job when it claims one through a
	// function of the package, or is called, or made, by one that does.
	under := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function, depth int) bool
	visit = func(fn *ssa.Function, depth int) bool {
		if v, ok := under[fn]; ok || depth > maxValueDepth {
			return v
		}
		under[fn] = false
		v := slices.ContainsFunc(callees(fn), func(c *ssa.Function) bool { return claiming[c] }) ||
			fn.Parent() != nil && visit(fn.Parent(), depth+1) ||
			slices.ContainsFunc(callers[fn], func(c *ssa.Function) bool { return visit(c, depth+1) })
		under[fn] = v
		return v
	}
	var out []string
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || !call.Common().IsInvoke() || !slices.ContainsFunc(call.Common().Args, func(a ssa.Value) bool { return claimed[a.Type()] }) {
					continue
				}
				n, ok := types.Unalias(call.Common().Value.Type()).(*types.Named)
				if !ok || n.Obj().Pkg() != pass.Pkg || !visit(fn, 0) {
					continue
				}
				if m := n.Obj().Name() + "." + call.Common().Method.Name(); !slices.Contains(out, m) {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// callees returns the functions fn calls statically.
func callees(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if c := call.Common().StaticCallee(); c != nil {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// claimingFuncs returns the functions of the package that run a
// statement that claims a row of a queue, one no other worker can take
// meanwhile: its text, a constant given to a call, locks with SKIP
// LOCKED. Only a package whose files spell that out has any, so no
// other builds its functions for it.
func claimingFuncs(pass *analysis.Pass, s *lazyssa.SSA) map[*ssa.Function]bool {
	if !spellsClaim(pass) {
		return nil
	}
	out := map[*ssa.Function]bool{}
	for _, fn := range s.SrcFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, a := range call.Common().Args {
					if text, ok := valueflow.ConstString(a); ok && sqltext.ClaimsQueueRow(text) {
						out[fn] = true
					}
				}
			}
		}
	}
	return out
}

// spellsClaim reports whether a string literal of the package's files
// says SKIP and LOCKED, on one line or two.
func spellsClaim(pass *analysis.Pass) bool {
	found := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				v := strings.ToUpper(lit.Value)
				found = strings.Contains(v, "SKIP") && strings.Contains(v, "LOCKED")
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// rootFuncType returns the named function type declared for a field of
// that type, or of a map or slice of it (of maps of it: a table of
// routes by queue), or nil.
func rootFuncType(t types.Type) *types.TypeName {
	for range maxValueDepth {
		if n, ok := types.Unalias(t).(*types.Named); ok {
			if _, ok := n.Underlying().(*types.Signature); ok {
				return n.Obj()
			}
		}
		if t = elemOf(t); t == nil {
			return nil
		}
	}
	return nil
}

// tableRoot makes the function a package puts into an element of a map
// or a slice it builds in place, or into a field of its own (a set of
// handlers a table of another package lists), a root, when the
// element's type is another package's function type with a TypeRoot
// fact.
func (f *finder) tableRoot(val ssa.Value, pos token.Pos) {
	if mi, ok := val.(*ssa.MakeInterface); ok {
		val = mi.X // a handler of the type kept as an interface it implements
	}
	if _, ok := val.Type().Underlying().(*types.Struct); ok {
		// An entry built in place, stored whole (queue.Route{Name: n,
		// Fn: queue.Typed(h.Book)}): the functions in its fields.
		stores, _ := valueflow.FieldStores(val)
		for _, field := range slices.Sorted(maps.Keys(stores)) {
			for _, v := range stores[field] {
				if _, isStruct := v.Type().Underlying().(*types.Struct); !isStruct {
					f.tableRoot(v, pos)
				}
			}
		}
		return
	}
	n, ok := types.Unalias(val.Type()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg() == f.pass.Pkg {
		return
	}
	var tr TypeRoot
	if !f.pass.ImportObjectFact(n.Obj(), &tr) {
		return
	}
	for _, fn := range f.values.targets(val, nil, false) {
		f.valueRoot(tr.Kind, fn, pos, nil)
	}
}

// storedRoot makes the function a package stores into a field of another
// package that the field's package calls on a retried path
// (natsbus.Subscription{Handler: h}) a root of that call's kind.
func (f *finder) storedRoot(st *ssa.Store) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return
	}
	fld := fieldOf(fa.X.Type(), fa.Field)
	if fld == nil || fld.Pkg() == nil || fld.Pkg() == f.pass.Pkg {
		return
	}
	var fr FieldRoot
	if !f.pass.ImportObjectFact(fld, &fr) {
		return
	}
	for _, fn := range f.values.targets(st.Val, nil, false) {
		f.valueRoot(fr.Kind, fn, st.Pos(), nil)
	}
}

// valueRoot makes a function a function value can hold a root of kind,
// registered at pos: one of the package, or one of another package
// whose package does not see the registration (a method value of an
// imported type in a table of handlers).
func (f *finder) valueRoot(kind string, fn *ssa.Function, pos token.Pos, via ssa.CallInstruction) *Root {
	if fn == nil {
		return nil
	}
	if fn.Blocks != nil && isLocal(fn, f.pass.Pkg) {
		return f.add(kind, fn, pos)
	}
	if mc := f.values.boundInterface(fn, f.pass.Pkg); mc != nil {
		return f.boundRoot(kind, fn, mc) // a service interface's method value
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Synthetic != "" && fn.Synthetic != "from type information" || obj.Pkg() == nil || obj.Pkg() == f.pass.Pkg || f.hasExtern(obj) {
		return nil
	}
	r := &Root{Kind: kind, Name: externName(obj), Pos: pos, Extern: obj, Via: via}
	f.roots = append(f.roots, r)
	return r
}

// externName names a root function of another package as frames do:
// "Consumers.HandleGateScan" for a method, "scanning.Handle" for a
// function.
func externName(fn *types.Func) string {
	if fn.Signature().Recv() != nil {
		return recvName(fn) + "." + fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// A table of handlers can be built in one package and registered in
// another: a package of Temporal activities returns []ActivityDef{{Name,
// Fn: a.Charge}} and the worker's main registers each def.Fn. The
// table's package exports, as a fact on the field, the functions its
// code stores there; the registering package makes them roots of the
// registration's kind.

// FieldFuncs is an object fact on an exported struct field: the
// functions of the field's package its code stores into the field, as
// "Func" or "Type.Method".
type FieldFuncs struct {
	Funcs []string
}

func (*FieldFuncs) AFact() {}

func (f *FieldFuncs) String() string { return "fieldfuncs(" + strings.Join(f.Funcs, ", ") + ")" }

// exportFieldFuncs reads, from the syntax of the package's composite
// literals, the functions and method values stored into the exported
// fields of its struct types.
func exportFieldFuncs(pass *analysis.Pass) {
	stored := map[*types.Var][]string{}
	var order []*types.Var
	for _, file := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(file.FileStart).Name(), "_test.go") {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			st, ok := pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
			if !ok {
				return true
			}
			for i, elt := range lit.Elts {
				fld, val := litField(pass.TypesInfo, st, i, elt)
				if fld == nil || !fld.Exported() || fld.Pkg() != pass.Pkg {
					continue
				}
				name := funcName(pass.TypesInfo, val)
				if name == "" || slices.Contains(stored[fld], name) {
					continue
				}
				if stored[fld] == nil {
					order = append(order, fld)
				}
				stored[fld] = append(stored[fld], name)
			}
			return true
		})
	}
	for _, fld := range order {
		pass.ExportObjectFact(fld, &FieldFuncs{Funcs: stored[fld]})
	}
}

// litField returns the field element i of a struct literal sets, and
// the value it sets it to.
func litField(info *types.Info, st *types.Struct, i int, elt ast.Expr) (*types.Var, ast.Expr) {
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, nil
		}
		fld, _ := info.Uses[id].(*types.Var)
		return fld, kv.Value
	}
	if i < st.NumFields() {
		return st.Field(i), elt
	}
	return nil, nil
}

// funcName names the function of the package an expression is: a
// function (Charge) or a method value (a.Charge), as FieldFuncs does.
func funcName(info *types.Info, e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if fn, ok := info.Uses[e].(*types.Func); ok && fn.Signature().Recv() == nil {
			return fn.Name()
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok && sel.Kind() == types.MethodVal {
			if fn, ok := sel.Obj().(*types.Func); ok && len(sel.Index()) == 1 {
				return recvName(fn) + "." + fn.Name()
			}
		}
	}
	return ""
}

// tableFuncs returns the functions of another package that its code
// stores into the field a registered value is loaded from (def.Fn).
func (f *finder) tableFuncs(v ssa.Value) []*types.Func {
	fld := loadedField(v)
	if fld == nil || fld.Pkg() == nil || fld.Pkg() == f.pass.Pkg {
		return nil
	}
	var ff FieldFuncs
	if !f.pass.ImportObjectFact(fld, &ff) {
		return nil
	}
	var out []*types.Func
	for _, name := range ff.Funcs {
		if fn := lookupFunc(fld.Pkg(), name); fn != nil {
			out = append(out, fn)
		}
	}
	return out
}

// lookupFunc finds "Func" or "Type.Method" in pkg.
func lookupFunc(pkg *types.Package, name string) *types.Func {
	tname, method, isMethod := strings.Cut(name, ".")
	obj := pkg.Scope().Lookup(tname)
	if !isMethod {
		fn, _ := obj.(*types.Func)
		return fn
	}
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return nil
	}
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, method)
	fn, _ := m.(*types.Func)
	return fn
}
