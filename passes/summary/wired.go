package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/retried"
)

// Calls of wired interface methods (catalog.IsWired) cannot be followed
// in the package that makes them: the implementations are in packages it
// does not import. The package records them as facts, and the program's
// composition root resolves them (program.go).

// wiredIn returns the test of the interface methods a pass follows to
// the composition root: the wired interfaces (catalog.IsWired) of the
// module being analysed. Dependencies from the module cache follow none:
// a retried path starts in the user's module, and a library's own
// interfaces would make every library worth a summary. Without a module
// (GOPATH mode) every wired interface counts.
func wiredIn(pass *analysis.Pass, cat *catalog.Catalog) func(*types.Func) bool {
	m := pass.Module
	if m != nil && m.Version != "" {
		return nil
	}
	// Memoised: traces ask about the same methods again and again, and
	// the catalog's lookups build full names. The checks trace in
	// parallel with the pass's environment, hence the sync.Map.
	var memo sync.Map // *types.Func -> bool
	return func(fn *types.Func) bool {
		if v, ok := memo.Load(fn); ok {
			return v.(bool)
		}
		var wired bool
		if m == nil || m.Path == "" {
			wired = cat.IsWired(fn)
		} else {
			wired = fn.Pkg() != nil && inModule(fn.Pkg().Path(), m.Path) && cat.IsModuleWired(fn)
		}
		memo.Store(fn, wired)
		return wired
	}
}

// inModule reports whether an import path lies in the module at path.
func inModule(pkg, module string) bool {
	return pkg == module || strings.HasPrefix(pkg, module+"/")
}

// maxWired bounds the wired calls one summary or package fact carries.
const maxWired = 128

// A wiredFresh is a fresh value, made at pos by origin, passed to a wired
// call.
type wiredFresh struct {
	gen    *ssa.Call // the generator
	origin valueflow.Origin
	pos    token.Pos
	arg    valueflow.WiredArg
	// via is set when the generator is an interface's method: fresh
	// only if every implementation the program wires returns a fresh
	// value.
	via *valueflow.WiredCall
	// hook is set when the value is the one a model's create hook
	// makes, and gen the call that hands the model on.
	hook *valueflow.CreateDefault
}

// wiredCall describes a call of a wired interface method.
func wiredCall(env *valueflow.Env, call ssa.CallInstruction) (valueflow.WiredCall, bool) {
	c := call.Common()
	if !c.IsInvoke() {
		return valueflow.WiredCall{}, false
	}
	return wiredMethod(env, call, c.Method, c.Value.Type())
}

// wiredAt describes a call of a wired interface method, made directly
// or through a function value that holds the method bound to its
// receiver (a handler's field set to svc.AdjustReserve).
func (r *Result) wiredAt(call ssa.CallInstruction) (valueflow.WiredCall, bool) {
	if wc, ok := wiredCall(r.Env, call); ok {
		if fn := call.Parent(); fn.Synthetic != "" && r.Retried != nil {
			// A bound root's call has no place of its own: the
			// method value's is where it is bound.
			if rt, ok := r.Retried.Reached(fn); ok && rt.Root.Fn == fn {
				wc.At = valueflow.FrameAt(r.Env.Fset, valueflow.FuncName(fn), rt.Root.Pos)
			} else if at := r.Retried.BoundAt(fn); at.IsValid() {
				// A method value of an interface a table holds: where
				// the package binds it.
				wc.At = valueflow.FrameAt(r.Env.Fset, valueflow.FuncName(fn), at)
			}
		}
		return wc, true
	}
	if r.Retried == nil {
		return valueflow.WiredCall{}, false
	}
	if method, recv, ok := r.Retried.BoundMethod(call); ok {
		return wiredMethod(r.Env, call, method, recv)
	}
	return valueflow.WiredCall{}, false
}

// wiredMethod describes call, which runs method of an interface of type
// recv, when the method is wired.
func wiredMethod(env *valueflow.Env, call ssa.CallInstruction, method *types.Func, recv types.Type) (valueflow.WiredCall, bool) {
	if env.Wired == nil || !env.Wired(method) {
		return valueflow.WiredCall{}, false
	}
	named, ok := types.Unalias(recv).(*types.Named)
	if !ok {
		// An interface literal, named by the struct field that holds
		// it (the service's fees interface{ Insert(...) error }).
		if field := literalField(call.Common().Value); field != "" {
			return valueflow.WiredCall{
				Iface:  field,
				Method: method.Name(),
				At:     valueflow.FrameAt(env.Fset, valueflow.FuncName(call.Parent()), call.Pos()),
				Pkg:    env.Pkg.Path(),
			}, true
		}
		return valueflow.WiredCall{}, false
	}
	if named.Obj().Pkg() == nil {
		return valueflow.WiredCall{}, false
	}
	return valueflow.WiredCall{
		Iface:    named.Obj().Pkg().Path() + "." + named.Obj().Name(),
		TypeArgs: typeArgs(named),
		Method:   method.Name(),
		At:       valueflow.FrameAt(env.Fset, valueflow.FuncName(call.Parent()), call.Pos()),
		Pkg:      env.Pkg.Path(),
	}, true
}

// typeArgs spells the type arguments of an instantiated type.
// literalField names the struct field that v, the receiver of a call of
// an interface literal's method, is loaded from: "path.Service.fees",
// as Iface names an interface; "" when v is no field of a named struct
// of a package's, or the field's type is not the literal itself.
func literalField(v ssa.Value) string {
	var st types.Type
	var index int
	switch v := v.(type) {
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		if !ok {
			return ""
		}
		ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return ""
		}
		st, index = ptr.Elem(), fa.Field
	case *ssa.Field:
		st, index = v.X.Type(), v.Field
	default:
		return ""
	}
	named, ok := types.Unalias(st).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.TypeParams().Len() > 0 {
		return ""
	}
	s, ok := named.Underlying().(*types.Struct)
	if !ok || index >= s.NumFields() {
		return ""
	}
	f := s.Field(index)
	if _, ok := f.Type().(*types.Interface); !ok {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + f.Name()
}

func typeArgs(named *types.Named) []string {
	return typeArgStrings(slices.Collect(named.TypeArgs().Types()))
}

// typeArgStrings spells type arguments as WiredCall.TypeArgs does: a
// type with its full path, a type parameter of the function the call
// is in by its index (valueflow.TypeParamArg).
func typeArgStrings(targs []types.Type) []string {
	var out []string
	for _, t := range targs {
		if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
			out = append(out, valueflow.TypeParamArg(tp.Index()))
			continue
		}
		out = append(out, types.TypeString(t, nil))
	}
	return out
}

// calleeTypeArgs are the type arguments of the instance of a generic
// function that call calls, spelled as typeArgStrings does; nil for
// any other call.
func calleeTypeArgs(call ssa.CallInstruction) []string {
	fn := call.Common().StaticCallee()
	if fn == nil || len(fn.TypeArgs()) == 0 {
		return nil
	}
	return typeArgStrings(fn.TypeArgs())
}

// A wiredSite is a wired call of the package.
type wiredSite struct {
	call ssa.CallInstruction
	wc   valueflow.WiredCall
}

// wiredSites lists the wired calls of the package's non-test code, in
// source order.
func wiredSites(res *Result, funcs []*ssa.Function) []wiredSite {
	var out []wiredSite
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || res.InTestFile(instr.Pos()) {
					continue
				}
				if wc, ok := res.wiredAt(call); ok {
					if lit := call.Parent(); lit.Parent() != nil {
						wc.Past = runnerGuards(res, lit)
					}
					out = append(out, wiredSite{call, wc})
				}
			}
		}
	}
	return out
}

// A freshSite is a fresh value passed to a wired call of the package,
// as facts describe it.
type freshSite struct {
	call ssa.CallInstruction
	// gen makes the value in the function calls start from, down to
	// call's function.
	gen   *ssa.Call
	calls []ssa.CallInstruction
	fw    valueflow.FreshWired
	top   *ssa.Function // the function whose parameters fw's KeyFixes name
}

// freshSites describes the fresh values passed to wired calls, once for
// the package's facts: each with the checks the directives at its
// origin name.
func freshSites(pass *analysis.Pass, res *Result) []freshSite {
	if len(res.wiredFresh) == 0 {
		return nil
	}
	ignores := report.Ignores(pass.Fset, pass.Files)
	var out []freshSite
	var gens []*ssa.Call
	var purposes []string
	for _, wf := range res.wiredFresh {
		wc, _, at, _ := wiredTarget(res.Env, wf.arg)
		gens, purposes = append(gens, wf.gen), append(purposes, wiredPurpose(wc, at))
	}
	purposes = DistinctPurposes(gens, purposes)
	for i, wf := range res.wiredFresh {
		wc, arg, at, ok := wiredTarget(res.Env, wf.arg)
		if !ok || GuardedInClosure(wf.arg.Call) {
			// A call a callback makes past its write of the state its
			// caller tested: a retry leaves at the test.
			continue
		}
		guards := deciders(res.Env, wf.arg.Call)
		if wf.gen.Parent() != wf.arg.Call.Parent() {
			// Made past a guard of its own function, and handed to a
			// callback that makes the call: made once.
			guards = append(guards, deciders(res.Env, wf.gen)...)
		}
		guards = append(guards, runnerGuards(res, wf.gen.Parent())...)
		if wf.arg.Through != nil {
			more, stopped := throughGuards(res, wf.arg)
			if stopped {
				continue
			}
			guards = append(guards, more...)
		}
		fa := valueflow.FreshArg{
			Arg: arg, Path: at, Origin: wf.origin, Pkg: pass.Pkg.Path(),
			Ignores:   report.IgnoredAt(pass.Fset, ignores, wf.pos),
			Guards:    guards,
			Via:       wf.via,
			OnlyEmpty: optionDefaults(emptyOn(wf.gen)),
		}
		if wf.arg.Through == nil {
			fa.OutcomeOf = outcomeSources(res, wf.arg.Call, arg)
			if args := wf.arg.Call.Common().Args; arg >= 0 && arg < len(args) {
				fa.FailsFirst = valueflow.FailsFirst(res.Env, args[arg], at, wf.arg.Call)
			}
		}
		fa.PastClaim, fa.PastReadBack = pastClaim(res, wf.arg.Call)
		if !fa.PastClaim && wf.gen.Parent() != wf.arg.Call.Parent() {
			claim, readBack := pastClaim(res, wf.gen)
			fa.PastClaim, fa.PastReadBack = claim, fa.PastReadBack || readBack
		}
		// A generator behind an interface (s.ids.New()) is derived by
		// its result's type, as any other: a string, a UUID.
		var top *ssa.Function
		if wf.hook == nil {
			top, fa.KeyFixes = keyFixes(pass, res, wf.gen, purposes[i])
			fa.Local = localFix(pass, res, wf.gen, purposes[i])
			if fa.Local == nil {
				fa.Accessed = accessedFix(pass, res, wf.gen, purposes[i])
			}
		} else if f := HookFix(pass, res, wf.gen, wf.hook, purposes[i]); f != nil {
			// No expression at a hook's call makes the value: the
			// field is set before it.
			if edits := fileEdits(pass.Fset, f.TextEdits); edits != nil {
				fa.Local = &valueflow.KeyFix{Message: f.Message, Edits: edits}
			}
		}
		out = append(out, freshSite{call: wf.arg.Call, gen: wf.gen, calls: wf.arg.Calls, fw: valueflow.FreshWired{Call: wc, FreshArg: fa}, top: top})
	}
	return out
}

// optionDefaults keeps, of the fields a fresh value is made on the
// emptiness of, those of options the function applies: a default for
// an option the caller leaves out, which the options a call passes
// decide. (A field of a struct argument is left to the Defect's own
// condition: the struct may come from further up than the call.)
func optionDefaults(fields []valueflow.ArgSource) []valueflow.ArgSource {
	var out []valueflow.ArgSource
	for _, f := range fields {
		if valueflow.IsOptionsPath(f.Path) {
			out = append(out, f)
		}
	}
	return out
}

// localFix is the fix, in the package's own files, that derives the
// fresh value gen makes from the operation key in scope there.
func localFix(pass *analysis.Pass, res *Result, gen *ssa.Call, purpose string) *valueflow.KeyFix {
	if Fills(res, gen) {
		return nil
	}
	var inScope *valueflow.KeyFix
	if f := InScopeFix(pass, res, gen, purpose); f != nil {
		if edits := fileEdits(pass.Fset, f.TextEdits); edits != nil {
			inScope = &valueflow.KeyFix{Message: f.Message, Edits: edits}
		}
	}
	if intent := intentFix(pass, res, gen, purpose); intent != nil {
		// The operation's record keys it whether or not the root's
		// caller sends a key.
		intent.Else = inScope
		return intent
	}
	return inScope
}

// decidesBefore reports whether a result of g decides whether call runs:
// the first (claimed, err := keys.Claim(...)), or another
// (id, created, err := keys.Reserve(...)).
func decidesBefore(g *ssa.Call, call ssa.Instruction) bool {
	for i := range g.Call.Signature().Results().Len() {
		if effects.DecidesBefore(result(g, i), call) || effects.RecordDecides(result(g, i), call) {
			return true
		}
	}
	return false
}

// outcomeSources returns the wired calls that run before call and
// whose results its arguments other than skip are, or are read from,
// or are stored into a struct built in place for them (for skip too:
// another field of the model the fresh value is stored in).
func outcomeSources(res *Result, call ssa.CallInstruction, skip int) []valueflow.WiredCall {
	var out []valueflow.WiredCall
	add := func(v ssa.Value) {
		g := wiredProducer(res, v, 0)
		if g == nil || ssa.CallInstruction(g) == call || !effects.Dominates(g, call) {
			return
		}
		if wc, ok := res.wiredAt(g); ok && !slices.ContainsFunc(out, func(o valueflow.WiredCall) bool { return sameWired(o, wc) }) {
			out = append(out, wc)
		}
	}
	for i, a := range call.Common().Args {
		if fv, ok := valueflow.Unwrap(a).(*ssa.FreeVar); ok {
			a = effects.Binding(fv)
		}
		if a == nil {
			continue
		}
		if i != skip {
			add(a)
		}
		// The fields of a model built in place, its own argument's
		// too (&Notification{ID: uuid.New(), ProviderMessageID: id}):
		// the fresh value is no wired call's result.
		for _, v := range builtInPlace(a, 0) {
			add(v)
		}
	}
	return out
}

// pastClaim reports whether a dedup guard of instr's function that is
// no wired call (the function's own conflict-tolerant INSERT, or a
// call of a function of another package that runs one) runs before it
// on every path: claim when one of them is a claim whose row is not
// read back, readBack when all are.
func pastClaim(res *Result, instr ssa.Instruction) (claim, readBack bool) {
	for _, g := range res.guardsOf(instr.Parent()).dedup {
		call, ok := g.(ssa.CallInstruction)
		if !ok || g == instr || call.Common().IsInvoke() || !effects.Dominates(g, instr) {
			continue
		}
		if st := effects.WriteStmtOf(res.Env.Catalog, call); st != nil {
			return true, false
		}
		stmts, _ := effects.CallStmts(res, call)
		for _, st := range stmts {
			if effects.IsGuard(st) && !st.Callee.ReadBack {
				return true, false
			}
		}
		readBack = true
	}
	return false, readBack
}

// sameWired reports whether a and b are the same call of a wired method.
func sameWired(a, b valueflow.WiredCall) bool {
	return a.Iface == b.Iface && a.Method == b.Method && a.At == b.At
}

// wiredPurpose names what a fresh value passed to a wired call is for,
// to namespace the value a fix derives for it: "orderstore.insert.id".
func wiredPurpose(wc valueflow.WiredCall, at string) string {
	iface := wc.Iface[strings.LastIndex(wc.Iface, ".")+1:]
	return strings.ToLower(iface + "." + wc.Method + at)
}

// deciders returns the wired calls of call's function that run before it
// on every path and one of whose results decides it: an if statement tests
// the result, and call cannot run after the branch taken when the result
// says the work was done before (claimed false, no row updated). Their
// implementations tell whether they are dedup guards.
func deciders(env *valueflow.Env, call ssa.Instruction) []valueflow.WiredCall {
	var out []valueflow.WiredCall
	for _, b := range call.Parent().Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(*ssa.Call)
			if !ok || ssa.Instruction(g) == call || !effects.Dominates(g, call) {
				continue
			}
			if !decidesBefore(g, call) {
				if wc, ok := failingCall(env, g, call); ok {
					out = append(out, wc)
				}
				continue
			}
			if !g.Call.IsInvoke() {
				out = append(out, helperDeciders(env, g)...)
				continue
			}
			if wc, ok := wiredCall(env, g); ok {
				wc.Stable = stableArgs(env.Catalog, g)
				out = append(out, wc)
			}
		}
	}
	return append(out, closureDeciders(env, call)...)
}

// failingCall describes g, a wired call before call whose failure
// stops the path to it, with the arguments it is given that are the
// same on every delivery: an INSERT under them that its implementations
// run fails a retry there, as a compare-and-set that fails when it
// changes no row does (program.failsGuard).
func failingCall(env *valueflow.Env, g *ssa.Call, call ssa.Instruction) (valueflow.WiredCall, bool) {
	if !g.Call.IsInvoke() || !effects.FailureStops(g, call) {
		return valueflow.WiredCall{}, false
	}
	wc, ok := wiredCall(env, g)
	if !ok {
		return wc, false
	}
	wc.Stable, wc.Fails = stableArgs(env.Catalog, g), true
	wc.Loose = len(wc.Stable) == 0
	return wc, true
}

// helperDeciders returns the wired calls that g, a call of a function
// of another package whose results decide whether a call runs, makes
// and uses the results of (idem.Claim(ctx, tx.Q, scope, key), whose
// claim through the queries it is given says whether it found the key):
// the composition root knows whether they claim.
func helperDeciders(env *valueflow.Env, g *ssa.Call) []valueflow.WiredCall {
	fn := valueflow.Callee(&g.Call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == env.Pkg || env.Imported == nil || effects.ResultsDiscarded(g) {
		return nil
	}
	s := env.Imported(fn)
	if s == nil {
		return nil
	}
	var out []valueflow.WiredCall
	for _, st := range s.Stmts {
		if st.Wired != nil && !st.Wired.Discarded {
			out = append(out, st.Wired.Call)
		}
	}
	return out
}

// closureDeciders returns the wired calls of the function literals
// that calls before call run (s.tx.WithinTx(ctx, func(ctx) error {
// claimed, err = s.keys.Claim(...) })) whose results, assigned to a
// variable of call's function, decide there whether call runs.
func closureDeciders(env *valueflow.Env, call ssa.Instruction) []valueflow.WiredCall {
	var out []valueflow.WiredCall
	for _, b := range call.Parent().Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(ssa.CallInstruction)
			if !ok || ssa.Instruction(g) == call || !effects.Dominates(g, call) {
				continue
			}
			for _, a := range g.Common().Args {
				mc, ok := a.(*ssa.MakeClosure)
				if !ok {
					continue
				}
				for _, w := range literalCalls(mc.Fn.(*ssa.Function)) {
					if wc, ok := wiredCall(env, w); ok && assignedDecides(mc, w, call) {
						out = append(out, wc)
					}
				}
			}
		}
	}
	return out
}

// literalCalls returns the interface method calls of a function literal.
func literalCalls(lit *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			if w, ok := instr.(*ssa.Call); ok && w.Call.IsInvoke() {
				out = append(out, w)
			}
		}
	}
	return out
}

// assignedDecides reports whether a result of w, a call in the literal
// mc makes, is stored into a variable the literal captures, and a read
// of that variable in the enclosing function decides whether call runs.
func assignedDecides(mc *ssa.MakeClosure, w *ssa.Call, call ssa.Instruction) bool {
	lit := mc.Fn.(*ssa.Function)
	for i := range w.Call.Signature().Results().Len() {
		r := result(w, i)
		if r == nil {
			continue
		}
		for _, ref := range *r.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Val != r {
				continue
			}
			fv, ok := st.Addr.(*ssa.FreeVar)
			if !ok {
				continue
			}
			idx := slices.Index(lit.FreeVars, fv)
			if idx < 0 || idx >= len(mc.Bindings) {
				continue
			}
			for _, use := range *mc.Bindings[idx].Referrers() {
				if load, ok := use.(*ssa.UnOp); ok && load.Op == token.MUL && load.Parent() == call.Parent() && effects.DecidesBefore(load, call) {
					return true
				}
			}
		}
	}
	return false
}

// exportPending exports the package's Pending fact: each wired call on a
// retried path of the package, its root and chain, and the fresh values
// and operation keys passed to it.
func exportPending(pass *analysis.Pass, res *Result, sites []wiredSite, fresh []freshSite, converted []valueflow.ConvertedFunc) {
	var pending valueflow.Pending
	pending.Calls = pendingCalls(pass, res, sites, fresh)
	for _, pc := range importedPending(pass, res, fresh) {
		if len(pending.Calls) < maxWired {
			pending.Calls = append(pending.Calls, pc)
		}
	}
	pending.Roots = pendingRoots(res)
	calls, roots := awaitingPending(pass, res, sites, fresh)
	pending.Calls = append(pending.Calls, calls...)
	pending.Roots = append(pending.Roots, roots...)
	pending.Adapted = adaptedFuncs(res.ssa.SrcFuncs())
	pending.Converted = converted
	pending.Injected = append(injectedDefects(pass, res), importedRereads(pass, res)...)
	pending.Decorated = txDecorated(pass, res.SrcFuncs(), txDecorators(pass, res))
	if len(pending.Calls) > 0 || len(pending.Roots) > 0 || len(pending.Adapted) > 0 || len(pending.Converted) > 0 || len(pending.Injected) > 0 || len(pending.Decorated) > 0 {
		pass.ExportPackageFact(&pending)
	}
}

// awaitingPending lists the wired calls and the statement lists of the
// package's roots that wait for the program (retried.Result.Awaiting:
// handlers registered into another package's dispatcher), each with
// what it awaits, for the composition root to judge if a retried path
// reaches the dispatcher. They are listed as the package's own roots'
// are, with the awaiting view in place of the package's retried paths;
// each root's Awaits comes with it.
func awaitingPending(pass *analysis.Pass, res *Result, sites []wiredSite, fresh []freshSite) ([]valueflow.PendingCall, []valueflow.PendingRoot) {
	own := res.Retried
	aw := own.Awaiting()
	if len(aw.Roots()) == 0 {
		return nil, nil
	}
	res.Retried = aw
	res.guardsMu.Lock()
	pastGuard := res.pastGuard
	res.pastGuard = nil
	res.guardsMu.Unlock()
	defer func() {
		res.Retried = own
		res.guardsMu.Lock()
		res.pastGuard = pastGuard
		res.guardsMu.Unlock()
	}()
	return pendingCalls(pass, res, sites, fresh), pendingRoots(res)
}

// pendingCalls lists the wired calls on the package's retried paths,
// each with its root and chain, and the fresh values and operation keys
// passed to it.
func pendingCalls(pass *analysis.Pass, res *Result, sites []wiredSite, fresh []freshSite) []valueflow.PendingCall {
	var out []valueflow.PendingCall
	for _, site := range sites {
		path, ok := res.Retried.On(site.call)
		if !ok {
			continue
		}
		// A fresh value a caller of the site's function makes and hands
		// down is on that caller's root's path: its own entry.
		var own []freshSite
		theirs := make(map[*retried.Root][]freshSite)
		paths := make(map[*retried.Root]*retried.Path)
		var order []*retried.Root
		for _, fs := range fresh {
			if fs.call != site.call {
				continue
			}
			gp := genPath(res, fs)
			if gp == nil && madeBeforeAttempts(path.Root, fs.gen) {
				// Made once for a retry wrapper's attempts, in a
				// function whose own root runs the wrapper again on
				// its retry: fresh on that root's path.
				if outer, ok := res.Retried.On(fs.gen); ok {
					gp = outer
				}
			}
			if gp == nil || gp.Root == path.Root {
				own = append(own, fs)
				continue
			}
			if paths[gp.Root] == nil {
				order, paths[gp.Root] = append(order, gp.Root), gp
			}
			theirs[gp.Root] = append(theirs[gp.Root], fs)
		}
		if len(out) < maxWired {
			out = append(out, pendingCall(pass, res, site, path, own))
		}
		for _, root := range order {
			if len(out) < maxWired {
				out = append(out, pendingCall(pass, res, site, paths[root], theirs[root]))
			}
		}
	}
	return out
}

// injectedDefects lists the fresh values that the package's retried
// paths make with an injected generator (s.ids.New(), ids an
// interface), or make past wired calls whose results decide whether
// they are written (a claim through a repository interface:
// WiredDecided), and write, for the composition root to judge by what
// it wires there; the package reports none of them itself.
func injectedDefects(pass *analysis.Pass, res *Result) []valueflow.InjectedDefect {
	var out []valueflow.InjectedDefect
	var gens []*ssa.Call
	var purposes []string // as the package's own findings name them
	for _, d := range res.Defects {
		gens = append(gens, d.Call)
		purposes = append(purposes, d.Hits[0].Sink.Purpose())
	}
	purposes = DistinctPurposes(gens, purposes)
	for i, d := range res.Defects {
		path, ok := res.Retried.On(d.Call)
		if !ok || d.Via == nil && !WiredDecided(res, d) || len(d.Hits) == 0 || res.InTestFile(d.Call.Pos()) || res.PastGuardsOnly(d.Call.Parent()) || GuardedInClosure(d.Call) {
			continue
		}
		h := d.Hits[0]
		at := valueflow.Origin{Call: d.Gen, At: valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(d.Call.Parent()), res.CallStart(d.Call.Pos())), Hook: d.Hook}
		id := valueflow.InjectedDefect{Root: path.Root.Describe(), Pkg: pass.Pkg.Path()}
		for _, via := range path.Via {
			id.Chain = append(id.Chain, valueflow.FrameAt(pass.Fset, valueflow.FuncName(via.Parent()), via.Pos()))
		}
		id.Defect = valueflow.Defect{Kind: valueflow.FreshIdentity, Origin: at, Sink: h.Sink, Chain: HitFrames(res.Env, h), Guards: hitGuards(res.Env, d.Call.Parent(), h), Via: d.Via, Rereads: hitRereads(res, d, h)}
		if d.Via == nil && d.Hook == nil && !Fills(res, d.Call) {
			// The fix the package's own finding would carry.
			if f := InScopeFix(pass, res, d.Call, purposes[i]); f != nil {
				if edits := fileEdits(pass.Fset, f.TextEdits); edits != nil {
					id.Fix = &valueflow.KeyFix{Param: -1, Message: f.Message, Edits: edits}
				}
			}
		}
		out = append(out, id)
		if len(out) == maxWired {
			break
		}
	}
	return out
}

// importedRereads lists the fresh values that functions of other
// packages, called on the package's retried paths, hand to a wired call
// that may scan the stored row back into them before they are used
// (Defect.Rereads): the composition root judges them, as it does the
// package's own (injectedDefects).
func importedRereads(pass *analysis.Pass, res *Result) []valueflow.InjectedDefect {
	var out []valueflow.InjectedDefect
	seen := map[string]bool{}
	for _, fn := range res.SrcFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				path, ok := res.Retried.On(instr)
				if !ok || res.InTestFile(instr.Pos()) || GuardedInClosure(instr) {
					continue
				}
				s, _ := calledSummary(res, call)
				if s == nil {
					continue
				}
				for _, d := range s.Defects {
					if d.Reported || d.Kind != valueflow.FreshIdentity || len(d.Rereads) == 0 || d.Via != nil || seen[d.Origin.At.String()] || !leavesEmpty(res, call, d.OnlyEmpty) {
						continue
					}
					seen[d.Origin.At.String()] = true
					d.OnlyEmpty = nil // decided here
					id := valueflow.InjectedDefect{Root: path.Root.Describe(), Pkg: pass.Pkg.Path(), Defect: d}
					for _, via := range path.Via {
						id.Chain = append(id.Chain, valueflow.FrameAt(pass.Fset, valueflow.FuncName(via.Parent()), via.Pos()))
					}
					id.Chain = append(id.Chain, valueflow.FrameAt(pass.Fset, valueflow.FuncName(fn), call.Pos()))
					out = append(out, id)
				}
			}
		}
	}
	return out
}

// capturedArgs reports whether the arguments of call, made in a
// function literal, but its context, are values the literal captures
// from the function that makes it (r.Next.SendMessage(ctx, m) in the
// operation a retrying decorator hands a retry wrapper): the same on
// every attempt, and keyed or not by that function's caller, which the
// attempt does not see.
func capturedArgs(call ssa.CallInstruction) bool {
	fn := call.Parent()
	if fn.Parent() == nil {
		return false
	}
	captured := 0
	for _, a := range call.Common().Args {
		if catalog.TypeKey(a.Type()) == "context.Context" {
			continue
		}
		v := valueflow.Unwrap(a)
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load.X // a variable captured by reference
		}
		if fv, ok := v.(*ssa.FreeVar); !ok || fv.Parent() != fn {
			return false
		}
		captured++
	}
	return captured > 0
}

// madeBeforeAttempts reports whether gen, which makes a value an
// attempt of a retry wrapper's operation (root) uses, runs outside the
// operation, in the function that hands it to the wrapper: the value is
// the same on every attempt.
func madeBeforeAttempts(root *retried.Root, gen *ssa.Call) bool {
	if !root.Attempts || root.Fn == nil || root.Fn.Parent() == nil || gen == nil {
		return false
	}
	for fn := root.Fn.Parent(); fn != nil; fn = fn.Parent() {
		if fn == gen.Parent() {
			return true // the function that makes the operation, or one around it
		}
	}
	return false
}

// pendingCall describes the wired call of site on path, with the fresh
// values handed to it there.
func pendingCall(pass *analysis.Pass, res *Result, site wiredSite, path *retried.Path, fresh []freshSite) valueflow.PendingCall {
	pc := valueflow.PendingCall{Call: site.wc, Root: path.Root.Describe(), Awaits: path.Root.Awaits}
	// The wired calls whose results decide whether the path goes on to
	// the function that makes the call (if n == 0 { return nil } after
	// an inbox's claim, before PostWith(ctx, tx.Q, ...)).
	var onPath []valueflow.WiredCall
	claimed, readBack := false, false // a claim of the package's own on the way
	for _, via := range path.Via {
		pc.Chain = append(pc.Chain, valueflow.FrameAt(pass.Fset, valueflow.FuncName(via.Parent()), via.Pos()))
		onPath = append(onPath, deciders(res.Env, via)...)
		if c, rb := pastClaim(res, via); c {
			claimed, readBack = true, readBack || rb
		}
	}
	for _, fs := range fresh {
		if madeBeforeAttempts(path.Root, fs.gen) {
			continue // made once, before the retry wrapper's attempts
		}
		fa := fs.fw.FreshArg
		fa.Guards = append(slices.Clip(fa.Guards), onPath...)
		if claimed && !fa.PastClaim {
			fa.PastClaim, fa.PastReadBack = true, readBack
		}
		pc.Fresh = append(pc.Fresh, fa)
	}
	for i, a := range site.call.Common().Args {
		for _, f := range res.emptyFields(site.call, a) {
			pc.Empty = append(pc.Empty, valueflow.ArgSource{Param: i, Path: f})
		}
		if filledKeyField(a) {
			pc.Keyed = append(pc.Keyed, i)
		}
	}
	pc.StateGuarded = GuardedInClosure(site.call) || res.GuardedCall(site.call)
	pc.Tolerated = toleratedOn(path.Via, site.call)
	pc.Guards = append(append(deciders(res.Env, site.call), onPath...), site.wc.Past...)
	pc.Work = literalWork(res.Env, site.call, onPath)
	pc.Keys = keyArgs(res, site.call, path)
	keys, wraps, covered := carriedArgs(pass, res.Env.Catalog, site.call, path)
	pc.Keys, pc.Wraps, pc.Covered = append(pc.Keys, keys...), wraps, covered
	return pc
}

// toleratedOn reports whether the path from a root to call, or call
// itself, goes on when one of its calls fails: its error only logged.
func toleratedOn(via []ssa.CallInstruction, call ssa.CallInstruction) bool {
	return effects.FailureTolerated(call) || slices.ContainsFunc(via, effects.FailureTolerated)
}

// wiredTolerated reports whether the function a summary describes goes
// on when its wired call wc fails.
func wiredTolerated(s *valueflow.Summary, wc valueflow.WiredCall) bool {
	st := wiredEntry(s, wc)
	return st != nil && st.Optional
}

// filledKeyField reports whether a, an argument of a call, is a struct
// built in place with a field its receiver may drop a repeat by filled
// with a value that is not the empty string.
func filledKeyField(a ssa.Value) bool {
	found := false
	forFieldStores(a, func(field string, v ssa.Value) {
		found = found || !valueflow.Zero(v) && catalog.IsFilledKeyField(field)
	})
	return found
}

// genPath returns the retried path to the wired call of fs through the
// function that makes the fresh value, when a caller of the call's own
// function makes it: the caller's root's, then the calls down to the
// site. Nil otherwise.
func genPath(res *Result, fs freshSite) *retried.Path {
	if fs.gen == nil || fs.gen.Parent() == fs.call.Parent() || len(fs.calls) == 0 {
		return nil
	}
	gp, ok := res.Retried.On(fs.gen)
	if !ok {
		return nil
	}
	return &retried.Path{Root: gp.Root, Via: append(slices.Clip(gp.Via), fs.calls...)}
}

// importedPending lists the wired calls that functions of other packages
// make when the package's retried paths call them (a handler that calls
// a use case's concrete method, which calls a repository interface),
// with the fresh values they hand those calls, the fixes the root's
// call chooses for those values (enteredFix), and the keys it puts in
// the context they are made with (enteredKeys).
func importedPending(pass *analysis.Pass, res *Result, fresh []freshSite) []valueflow.PendingCall {
	var out []valueflow.PendingCall
	seen := make(map[string]bool) // a wired call, once per root
	type entry struct {
		call   ssa.CallInstruction
		callee *types.Func
		s      *valueflow.Summary
		path   *retried.Path
	}
	var entries []entry
	entered := make(map[string]int) // calls of a function, by root
	for _, fn := range append(res.ssa.SrcFuncs(), boundRoots(res)...) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().IsInvoke() || res.InTestFile(instr.Pos()) {
					continue
				}
				callee := valueflow.Callee(call.Common())
				if callee == nil || callee.Pkg() == nil || callee.Pkg() == pass.Pkg {
					continue
				}
				s := res.Imported(callee)
				if s == nil || len(s.Wired) == 0 {
					continue
				}
				path, ok := res.Retried.On(call)
				if !ok {
					continue
				}
				entries = append(entries, entry{call, callee, s, path})
				entered[path.Root.Describe()+"|"+callee.String()]++
			}
		}
	}
	for _, e := range entries {
		call, callee, s, path := e.call, e.callee, e.s, e.path
		fn := call.Parent()
		var chain []valueflow.Frame
		for _, via := range path.Via {
			chain = append(chain, valueflow.FrameAt(pass.Fset, valueflow.FuncName(via.Parent()), via.Pos()))
		}
		if call.Pos().IsValid() {
			// A bound root's call of its method has no place:
			// the root's name says where it is bound.
			chain = append(chain, valueflow.FrameAt(pass.Fset, valueflow.FuncName(fn), call.Pos()))
		}
		for _, wc := range s.Wired {
			key := path.Root.Describe() + "|" + wc.Iface + "." + wc.Method + "|" + wc.At.String()
			if seen[key] {
				continue
			}
			seen[key] = true
			pc := valueflow.PendingCall{Call: wc.Instantiate(calleeTypeArgs(call)), Root: path.Root.Describe(), Chain: chain, Keyed: wiredKeyed(s, wc), Empty: wiredEmpty(s, wc)}
			pc.Keys, pc.Wraps = enteredKeys(pass, res, call, path, s, wc, entered[path.Root.Describe()+"|"+callee.String()])
			if st := wiredEntry(s, wc); st != nil && st.Wired != nil {
				pc.Guards = st.Wired.Guards
				pc.Work = workGuards(s, st)
			}
			pc.Guards = append(slices.Clip(pc.Guards), wc.Past...)
			pc.Tolerated = toleratedOn(path.Via, call) || wiredTolerated(s, wc)
			for _, fw := range s.FreshWired {
				if sameWired(fw.Call, wc) {
					fa := fw.FreshArg
					if fa.Local == nil {
						fa.Local = enteredFix(pass, res, call, path, fa.KeyFixes, entered[path.Root.Describe()+"|"+callee.String()])
					}
					pc.Fresh = append(pc.Fresh, fa)
				}
			}
			for _, fs := range fresh {
				// A fresh value of this package that the
				// function hands on to the call.
				if fs.call == call && sameWired(fs.fw.Call, wc) {
					pc.Fresh = append(pc.Fresh, fs.fw.FreshArg)
				}
			}
			out = append(out, pc)
		}
	}
	for _, r := range res.Retried.Roots() {
		if r.Extern == nil {
			continue
		}
		s := res.Imported(r.Extern)
		if s == nil || s.Retried {
			continue // its own package reaches it
		}
		for _, wc := range s.Wired {
			key := r.Describe() + "|" + wc.Iface + "." + wc.Method + "|" + wc.At.String()
			if seen[key] {
				continue
			}
			seen[key] = true
			pc := valueflow.PendingCall{Call: wc, Root: r.Describe(), Keyed: wiredKeyed(s, wc), Tolerated: wiredTolerated(s, wc)}
			if _, ok := res.Env.Catalog.ContextKey(r.Kind); ok {
				for _, ca := range s.ContextArgs {
					if ca.Call.Iface == wc.Iface && ca.Call.Method == wc.Method && ca.Call.At == wc.At {
						pc.Keys = append(pc.Keys, valueflow.KeyArg{Arg: ca.Arg, Context: r.Kind})
					}
				}
			}
			for _, fw := range s.FreshWired {
				if fw.Call.Iface == wc.Iface && fw.Call.Method == wc.Method && fw.Call.At == wc.At {
					pc.Fresh = append(pc.Fresh, fw.FreshArg)
				}
			}
			out = append(out, pc)
		}
	}
	return out
}

// recvName names the receiver type of a method ("example.com/api.Handler",
// the pointer left out), or "" for a function.
func recvName(sig *types.Signature) string {
	if sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// pendingRoots lists the retried roots of the package whose statement
// lists hold wired calls.
func pendingRoots(res *Result) []valueflow.PendingRoot {
	var out []valueflow.PendingRoot
	var external map[*retried.Root]bool // externalRoots, once needed
	add := func(r *retried.Root, fn *ssa.Function, captures bool) {
		var s *valueflow.Summary
		if r.Blocks != nil && fn == r.Fn {
			s = res.LoopStmtSummary(fn, r.Blocks)
		} else {
			s = res.StmtSummary(fn, nil)
		}
		if s == nil || s.StmtsCut || len(out) == maxWired || !slices.ContainsFunc(s.Stmts, func(st valueflow.SQLStmt) bool { return st.Wired != nil }) {
			return
		}
		if external == nil {
			external = externalRoots(res)
		}
		out = append(out, valueflow.PendingRoot{Root: r.Describe(), Pkg: res.Env.Pkg.Path(), Recv: recvName(fn.Signature), Bound: boundWrapper(fn) || madeHandler(fn) || captures, Attempts: r.Attempts && fn.Parent() != nil, Stmts: s.Stmts, External: external[r], Awaits: r.Awaits})
	}
	// A function that is a root of its own (a method bound where it is
	// registered) is listed as that root.
	rootFns, rootObjs := map[*ssa.Function]bool{}, map[types.Object]bool{}
	for _, r := range res.Retried.Roots() {
		switch {
		case r.Blocks != nil:
		case r.Fn != nil:
			rootFns[r.Fn] = true
			if obj := r.Fn.Object(); obj != nil {
				rootObjs[obj] = true
			}
		case r.Extern != nil:
			rootObjs[r.Extern] = true
		}
	}
	for _, r := range res.Retried.Roots() {
		switch {
		case r.Fn == nil && r.Extern != nil:
			// A method of another package's type registered here (a
			// gRPC service the server package registers): its list is
			// in its package's summary.
			// One its own package reaches is judged there.
			if s := res.Imported(r.Extern); s != nil && !s.Retried && !s.StmtsCut && len(out) < maxWired && r.Extern.Pkg() != nil && len(s.Stmts) > 0 {
				out = append(out, valueflow.PendingRoot{Root: r.Describe(), Pkg: r.Extern.Pkg().Path(), Recv: recvName(r.Extern.Signature()), Registered: true, Stmts: s.Stmts, External: len(s.Effects) > 0})
			}
		case r.Fn == nil || res.InTestFile(r.Fn.Pos()):
		case r.Blocks != nil:
			// A consumer loop: the function's list holds what runs
			// outside the loop too, but each handler it calls through
			// a function value runs on one delivery.
			add(r, r.Fn, false) // the loop's body itself
			for _, fn := range res.Retried.LoopTargets(r) {
				add(r, fn, false)
			}
			for _, fn := range res.Retried.LoopCalleeTargets(r) {
				if !rootFns[fn] && (fn.Object() == nil || !rootObjs[fn.Object()]) {
					add(r, fn, false) // not a root of its own (a method bound in the table)
				}
			}
		default:
			n := len(out)
			add(r, r.Fn, false)
			if len(out) > n {
				break
			}
			// An adapter's method that runs the function it was made
			// with (a worker's Work calling w.fn): each function the
			// package makes it with is one operation's list, and the
			// dependencies a literal among them captures were built
			// before the deliveries came, as the adapter was.
			for _, fn := range res.Retried.BodyTargets(r.Fn) {
				if !rootFns[fn] && (fn.Object() == nil || !rootObjs[fn.Object()]) {
					add(r, fn, fn.Parent() != nil)
				}
			}
		}
	}
	return out
}

// externalRoots returns the retried roots whose paths make an external
// call: one of the package, or one a function of another package they
// call makes, as its summary says.
func externalRoots(res *Result) map[*retried.Root]bool {
	out := map[*retried.Root]bool{}
	note := func(instr ssa.Instruction) {
		if path, ok := res.Retried.On(instr); ok {
			out[path.Root] = true
		}
	}
	for _, e := range res.Externals() {
		note(e.Instr)
	}
	for _, fn := range res.SrcFuncs() {
		if _, ok := res.Retried.Reached(fn); !ok {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if obj := valueflow.Callee(call.Common()); obj != nil && obj.Pkg() != res.Env.Pkg {
					if s := res.Imported(obj); s != nil && len(s.Effects) > 0 {
						note(instr)
					}
				}
			}
		}
	}
	return out
}

// freshWiredByFunc lists, for each function of the package that keep
// accepts, the fresh values passed to wired calls that calling it leads
// to: the function that makes the value and those that reach it, not the
// other callers of a helper it hands the value to (emit(ctx, kind,
// order.ID), called with a stable ID elsewhere).
func freshWiredByFunc(res *Result, funcs []*ssa.Function, fresh []freshSite, keep func(*ssa.Function) bool) map[*ssa.Function][]valueflow.FreshWired {
	out := make(map[*ssa.Function][]valueflow.FreshWired)
	if len(fresh) == 0 {
		return out
	}
	callers := unguardedCalls(res, reverseCalls(res, funcs, res.Env.Pkg))
	for _, fs := range fresh {
		for f, guards := range guardedUp(res, fs.gen.Parent(), fs.fw.Guards, callers) {
			if keep(f) && len(out[f]) < maxWired {
				fw := fs.fw
				fw.Guards = guards
				if f != fs.top {
					fw.KeyFixes = nil // parameters of another function
				}
				out[f] = append(out[f], fw)
			}
		}
	}
	return out
}

// guardedUp returns fn and every function that reaches it, each with the
// wired calls that decide, on every way from it down to fn, whether fn's
// work runs: guards, those fn has, and those each caller has before its
// calls on the way (deciders). A caller whose every call of the next
// function follows a claimed key through a repository is as guarded as a
// function that claims it itself.
func guardedUp(res *Result, fn *ssa.Function, guards []valueflow.WiredCall, callers map[*ssa.Function][]*ssa.Function) map[*ssa.Function][]valueflow.WiredCall {
	out := map[*ssa.Function][]valueflow.WiredCall{fn: guards}
	queue := []*ssa.Function{fn}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, g := range callers[f] {
			gs := slices.Concat(out[f], callerDeciders(res, g, f))
			prev, seen := out[g]
			if seen {
				// Another way down: only the guards of both hold.
				gs = slices.DeleteFunc(gs, func(w valueflow.WiredCall) bool { return !containsCall(prev, w) })
				if len(gs) == len(prev) {
					continue
				}
			}
			out[g] = gs
			queue = append(queue, g)
		}
	}
	return out
}

// callsFunc reports whether call calls f: statically, or as one of
// the functions of the package a call of a function value runs.
func callsFunc(res *Result, call ssa.CallInstruction, f *ssa.Function) bool {
	if call.Common().StaticCallee() == f {
		return true
	}
	if _, now := call.(*ssa.Call); !now || res.Retried == nil {
		return false
	}
	return slices.Contains(res.Retried.DispatchTargets(call), f)
}

// containsCall reports whether calls holds the wired call w, made at
// the same place.
func containsCall(calls []valueflow.WiredCall, w valueflow.WiredCall) bool {
	return slices.ContainsFunc(calls, func(c valueflow.WiredCall) bool { return c.At == w.At && wiredKey(c) == wiredKey(w) })
}

// callerDeciders returns the wired calls that decide each of g's calls
// of f (deciders), those common to all; none when g defines f as a
// closure. A call of a function value that may run f (a handler a
// table by event type holds) is one of them.
func callerDeciders(res *Result, g, f *ssa.Function) []valueflow.WiredCall {
	var common []valueflow.WiredCall
	first := true
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !callsFunc(res, call, f) {
				continue
			}
			ds := deciders(res.Env, call)
			if !first {
				ds = slices.DeleteFunc(ds, func(w valueflow.WiredCall) bool { return !containsCall(common, w) })
			}
			common, first = ds, false
		}
	}
	return common
}

// wiredByFunc lists, for each function of the package that keep
// accepts, the wired calls it makes itself or through the functions of
// the package it calls.
func wiredByFunc(res *Result, funcs []*ssa.Function, sites []wiredSite, keep func(*ssa.Function) bool) map[*ssa.Function][]valueflow.WiredCall {
	out := make(map[*ssa.Function][]valueflow.WiredCall)
	if len(sites) == 0 {
		return out
	}
	callers := reverseCalls(res, funcs, res.Env.Pkg)
	for _, site := range sites {
		for f := range callersOf(site.call.Parent(), callers) {
			if keep(f) && len(out[f]) < maxWired {
				out[f] = append(out[f], site.wc)
			}
		}
	}
	return out
}

// paramsWired converts the wired calls a parameter's trace reached.
func paramsWired(env *valueflow.Env, param int, path string, flow *valueflow.Flow) []valueflow.ParamWired {
	var out []valueflow.ParamWired
	for _, w := range flow.Wired {
		if wc, arg, at, ok := wiredTarget(env, w); ok {
			out = append(out, valueflow.ParamWired{Param: param, Path: path, Call: wc, Arg: arg, ArgPath: at, Guards: deciders(env, w.Call)})
		}
	}
	return out
}

// wiredTarget returns the wired call a traced value reaches, and where
// in its arguments: the call itself, or the one that a function of
// another package hands the value on to (WiredArg.Through).
func wiredTarget(env *valueflow.Env, w valueflow.WiredArg) (wc valueflow.WiredCall, arg int, path string, ok bool) {
	if t := w.Through; t != nil {
		return t.Call, t.Arg, t.ArgPath + strings.TrimPrefix(w.Path, t.Path), true
	}
	wc, ok = wiredCall(env, w.Call)
	return wc, w.Arg, w.Path, ok
}

// runnerGuards returns the wired calls that decide, inside the function
// of another package that a literal is handed to, whether it runs
// (idempotency.Run(ctx, r, scope, key, func(ctx, tx) {...}), which runs
// it only when its claim of the key succeeds), as that function's
// summary says (RunsPast).
func runnerGuards(res *Result, lit *ssa.Function) []valueflow.WiredCall {
	if lit.Parent() == nil {
		return nil
	}
	var out []valueflow.WiredCall
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := valueflow.Callee(call.Common())
			if callee == nil {
				continue
			}
			s := res.Imported(callee)
			if s == nil {
				continue
			}
			for _, rg := range s.RunsPast {
				if args := call.Common().Args; rg.Param < len(args) && madeFrom(args[rg.Param], lit) {
					out = append(out, rg.Guards...)
				}
			}
		}
	}
	return out
}

// throughGuards returns the guards of the wired call that a function of
// another package hands a value on to, as its summary lists them, and
// whether a guard of its own, or a state guard, already stops the call
// on a retry.
func throughGuards(res *Result, w valueflow.WiredArg) ([]valueflow.WiredCall, bool) {
	callee := valueflow.Callee(w.Call.Common())
	if callee == nil {
		return nil, false
	}
	s := res.Imported(callee)
	if s == nil {
		return nil, false
	}
	st := wiredEntry(s, w.Through.Call)
	if st == nil {
		// Cut from the list: what guards it is unknown.
		return nil, true
	}
	return st.Wired.Guards, st.Wired.PastGuard || st.StateGuarded
}

// workGuards returns, for entry st of s in the work a wired unit of
// work of the same list is handed (SQLStmt.Callback), that runner's
// guards; nil for another entry.
func workGuards(s *valueflow.Summary, st *valueflow.SQLStmt) *valueflow.WorkGuards {
	if st.Callback < 1 || st.Callback > len(s.Stmts) {
		return nil
	}
	runner := s.Stmts[st.Callback-1].Wired
	if runner == nil {
		return nil
	}
	return &valueflow.WorkGuards{Runner: runner.Call, Arg: st.CallbackArg, Guards: runner.Guards, PastGuard: runner.PastGuard}
}

// literalWork returns, for a call in a function literal that its
// function hands, once, to a wired unit of work (s.work.Do(ctx,
// func(ctx) error {...})), that runner's guards: those of the function,
// and onPath, those on the way to it.
func literalWork(env *valueflow.Env, call ssa.CallInstruction, onPath []valueflow.WiredCall) *valueflow.WorkGuards {
	lit := call.Parent()
	if lit.Parent() == nil {
		return nil
	}
	var runner *ssa.Call
	handed := valueflow.LiteralUses(lit.Parent(), lit, func(c ssa.CallInstruction) bool {
		r, ok := c.(*ssa.Call)
		if !ok || !r.Call.IsInvoke() || runner != nil {
			return false
		}
		runner = r
		return true
	})
	if !handed {
		return nil
	}
	wc, ok := wiredCall(env, runner)
	if !ok {
		return nil
	}
	arg := slices.IndexFunc(runner.Call.Args, func(a ssa.Value) bool { return valueflow.LiteralFunc(a) == lit })
	if arg < 0 {
		return nil
	}
	return &valueflow.WorkGuards{Runner: wc, Arg: arg, Guards: append(deciders(env, runner), onPath...)}
}
