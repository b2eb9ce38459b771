package summary

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// maxDefects bounds the defects one summary carries.
const maxDefects = 8

// exportSummaries exports a Summary fact for each function other packages
// can call, when it has something to say.
//
// Parameters are traced only when the package writes identities or calls
// wired interface methods: without either, no parameter can reach one.
// A parameter passed to a wired call is traced with its fields, which
// the implementation may write one by one.
func exportSummaries(pass *analysis.Pass, res *Result, funcs []*ssa.Function, fresh map[*ssa.Function][]freshReturn, rel relevance, sites []wiredSite, freshWiredSites []freshSite) {
	paramEnv := res.Env.WithoutCallers()
	// A function that reaches no sink can still pass a parameter into a
	// result (a key formatter); a short trace finds that.
	shallowEnv := res.Env.WithoutCallers()
	shallowEnv.MaxNodes = 256
	writeEnv := res.Env.ForWrites(false) // a parameter's value comes from the caller at hand
	defects := defectsByFunc(pass, res, funcs)
	// Only the summaries read the lists of wired calls: listing them for
	// every function that reaches one grew them for thousands of
	// functions of a large package that no summary is exported for.
	wired := wiredByFunc(res, funcs, sites, summarised)
	freshWired := freshWiredByFunc(res, funcs, freshWiredSites, summarised)
	guards := map[*ssa.Function][]ssa.Instruction{} // guardedSink's, by function
	var reachSinks map[*ssa.Function]bool
	if rel.sinks {
		reachSinks = reachingSinks(res.Env, funcs, rel.references)
	}
	var gens valueflow.Generators
	for _, fn := range funcs {
		if !summarised(fn) || inTestFile(pass, fn) {
			continue
		}
		obj := fn.Object().(*types.Func)
		sum := &valueflow.Summary{UniqueByArgs: res.uniqueByArgs[obj]}
		for _, fr := range fresh[fn] {
			if fr.via != nil {
				sum.FreshVia = append(sum.FreshVia, *fr.via)
				continue
			}
			r := valueflow.FreshResult{Result: fr.result, Path: fr.path, Origin: fr.origin}
			if fr.dflt.Param >= 0 {
				d := fr.dflt
				r.Default = &d
			}
			sum.FreshResults = append(sum.FreshResults, r)
		}
		switch {
		case reachSinks[fn]:
			summarizeParams(paramEnv, fn, sum, true, true, func(h valueflow.Hit) bool { return guardedSink(res, fn, h, guards) })
			summarizeWrites(writeEnv, fn, sum)
		case rel.sinks || rel.wired:
			summarizeParams(shallowEnv, fn, sum, false, len(wired[fn]) > 0 || returnsStruct(fn), func(valueflow.Hit) bool { return false })
		default:
			// Nothing a parameter could reach here: what constructors
			// and getters carry to their results, read from their syntax.
			if fd, ok := fn.Syntax().(*ast.FuncDecl); ok {
				sum.ParamResults = carriedResults(pass.TypesInfo, fd)
			}
		}
		sum.ParamRereads = valueflow.ParamRereads(res.Env.Catalog, fn)
		sum.EmptyResult = emptyResult(fn)
		sum.Defects = defects[fn]
		sum.Wired = wired[fn]
		sum.ContextArgs = contextArgs(res.Env.Catalog, fn, sites)
		sum.FreshWired = freshWired[fn]
		sum.Effects = effectsOf(res, fn)
		if ss := res.StmtSummary(fn, obj); ss != nil {
			if len(ss.Stmts) > 0 || ss.StmtsCut {
				sum.Stmts, sum.StmtsCut, sum.Retried = ss.Stmts, ss.StmtsCut, ss.Retried
			}
			sum.Runs, sum.RunsInTx, sum.RunsAgain = ss.Runs, ss.RunsInTx, ss.RunsAgain // found once, with the statements
		}
		sum.RunsPast = runsPast(res.Env, fn)
		sum.RunsClaimed = runsClaimed(res, fn)
		sum.ORMReads = ormReads(res, fn, 0)
		sum.OptionFields, sum.Option = res.optionFields(fn)
		if returnsReceiver(fn) {
			sum.RecvSets = recvSets(fn) // a builder's setter
		}
		if sum.Option {
			// The option a call makes carries what it sets: a fresh
			// key handed to WithIdempotencyKey is in the options'
			// key field.
			for _, op := range effects.OptionParams(fn) {
				sum.ParamResults = append(sum.ParamResults, valueflow.ParamResult{Param: op.Param, Result: 0, ResultPath: valueflow.OptionsPath + op.Field})
			}
		}
		if i := effects.OptionsAppliedToResult(fn); i >= 0 {
			// A constructor that applies its options to the struct it
			// returns (NewMessage(to, body, WithIdempotencyKey(k))):
			// each field an option sets is the result's field.
			sum.ParamResults = append(sum.ParamResults, valueflow.ParamResult{Param: i, Path: valueflow.OptionsPath, Result: 0, ResultPath: valueflow.AppliedOptions})
		}
		for _, eff := range sum.Effects {
			switch {
			case valueflow.IsOptionsPath(eff.KeyPath) && eff.KeyParam >= 0:
				// What an option passed for the slot's field holds is
				// the call's key.
				sum.ParamSinks = append(sum.ParamSinks, valueflow.ParamSink{Param: eff.KeyParam, Path: eff.KeyPath, Sink: valueflow.SinkInfo{Kind: valueflow.SlotSink, What: "the provider's idempotency key", At: eff.At}})
			case eff.KeyParam >= 0 && eff.Keyless.Slot == catalog.InputField && eff.Keyless.Field != "" &&
				!slices.ContainsFunc(sum.ParamSinks, func(have valueflow.ParamSink) bool {
					return have.Param == eff.KeyParam && have.Path == eff.KeyPath && !have.Sink.Reference
				}):
				// The dedup field of the caller's request struct that
				// the client sends whole (bodyKey).
				name := eff.Keyless.Field
				sum.ParamSinks = append(sum.ParamSinks, valueflow.ParamSink{Param: eff.KeyParam, Path: eff.KeyPath, Sink: valueflow.SinkInfo{Kind: valueflow.SlotSink, Column: name, What: "the request's " + name + " field, on which its receiver drops a repeat", At: eff.At}})
			}
		}
		sum.ParamSinks = dropShadowedReferences(sum.ParamSinks)
		sum.ResultFields = res.ResultFields(fn, obj)
		if len(sum.ResultFields) == 0 && !reachSinks[fn] && !rel.sinks && !rel.wired {
			sum.ResultFields, sum.Carried = resultFields(sum.ParamResults), len(sum.ParamResults) > 0
		}
		if !sum.Empty() {
			pass.ExportObjectFact(obj, sum)
		}
		if generator(obj, sum) {
			gens.Funcs = append(gens.Funcs, catalog.FuncKey(obj))
		}
	}
	if len(gens.Funcs) > 0 {
		pass.ExportPackageFact(&gens)
	}
}

// generator reports whether fn returns a fresh value as its first
// result, by its summary s: a function, or a method whose value a
// composition root stores in a field of function type (newID :=
// idGen.New, a ULID generator's).
func generator(fn *types.Func, s *valueflow.Summary) bool {
	return slices.ContainsFunc(s.FreshResults, func(fr valueflow.FreshResult) bool { return fr.Result == 0 && fr.Path == "" })
}

// summarised reports whether fn is a function other packages can call,
// which exportSummaries summarises unless it is declared in a test file.
func summarised(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && fn.Parent() == nil && obj.Exported()
}

// inTestFile reports whether fn is declared in a _test.go file: no other
// package imports it.
func inTestFile(pass *analysis.Pass, fn *ssa.Function) bool {
	return strings.HasSuffix(pass.Fset.File(fn.Pos()).Name(), "_test.go")
}

// reachingSinks is the set of functions of the package that reach a sink:
// a catalogued one, or a function of another package whose summary says
// a parameter becomes an identity.
func reachingSinks(env *valueflow.Env, funcs []*ssa.Function, references bool) map[*ssa.Function]bool {
	slots := slotFields{env: env, seen: map[fieldRef]bool{}}
	var direct []*ssa.Function
	sinks := func(fn *ssa.Function) bool {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && (env.IsSinkCall(c) || env.MayEncodeReference(c, references)) || slots.stored(instr) {
					return true
				}
			}
		}
		return false
	}
	instances := map[*ssa.Function]bool{} // the package's generic functions' instances its functions call
	for _, fn := range funcs {
		if sinks(fn) {
			direct = append(direct, fn)
			continue
		}
	scan:
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				// An instance of a generic function of the package
				// (create[Dispute](ctx, db, d)): its body, with the
				// caller's type, is where a model's write is seen.
				if inst := c.Common().StaticCallee(); inst != nil && inst.Origin() != nil && inst.Origin().Pkg != nil && inst.Origin().Pkg.Pkg == env.Pkg {
					seen, ok := instances[inst]
					if !ok {
						seen = sinks(inst)
						instances[inst] = seen
					}
					if seen {
						direct = append(direct, fn)
						break scan
					}
				}
			}
		}
	}
	out := make(map[*ssa.Function]bool)
	callers := reverseCalls(nil, funcs, env.Pkg)
	for _, fn := range direct {
		for f := range callersOf(fn, callers) {
			for f.Parent() != nil {
				f = f.Parent()
			}
			out[f] = true
		}
	}
	return out
}

// slotFields answers whether a store is into a key slot field
// (params.IdempotencyKey = stripe.String(key)): a sink without a call.
// Every store into a field of the package is asked, so the catalog,
// which matches type names against patterns, is asked once per field.
type slotFields struct {
	env  *valueflow.Env
	seen map[fieldRef]bool
}

// A fieldRef is a field of a struct type, by its index.
type fieldRef struct {
	owner types.Type
	field int
}

func (sf slotFields) stored(instr ssa.Instruction) bool {
	st, ok := instr.(*ssa.Store)
	if !ok {
		return false
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	owner := fa.X.Type().Underlying().(*types.Pointer).Elem() // a named type is one object
	ref := fieldRef{owner, fa.Field}
	slot, ok := sf.seen[ref]
	if !ok {
		_, slot = sf.env.Catalog.SlotField(owner, valueflow.FieldName(fa.X.Type(), fa.Field))
		if !slot {
			// A request body's field that its receiver drops a repeat
			// by (client_reference).
			_, slot = valueflow.DedupBodyField(owner, fa.Field)
		}
		sf.seen[ref] = slot
	}
	return slot
}

// dropShadowedReferences drops the sinks of a reference a body carries
// (SinkInfo.Reference) at a parameter's path that has a sink of another
// kind too: that one names the defect.
func dropShadowedReferences(sinks []valueflow.ParamSink) []valueflow.ParamSink {
	return slices.DeleteFunc(sinks, func(ps valueflow.ParamSink) bool {
		return ps.Sink.Reference && slices.ContainsFunc(sinks, func(o valueflow.ParamSink) bool {
			return o.Param == ps.Param && o.Path == ps.Path && !o.Sink.Reference
		})
	})
}

// summarizeParams traces each parameter, and each field of a struct
// parameter, to the sinks and results it reaches.
//
// Without fields, the fields of the receiver are not traced: they
// multiply the work by the size of the struct, and a receiver's fields
// are rarely what a caller passes. With paramFields, the fields of the
// other struct parameters are: a mapper copies an entity's ID into its
// model's, a service passes an order on to a wired repository.
//
// A sink that fn reaches only after one of its dedup guards is left
// out: a retry that brings a fresh value stops at the guard (a key
// claimed before the order is inserted).
func summarizeParams(env *valueflow.Env, fn *ssa.Function, sum *valueflow.Summary, fields, paramFields bool, guarded func(valueflow.Hit) bool) {
	for i, p := range fn.Params {
		paths := seedPaths(p.Type(), env.Pkg)
		if isClock(p.Type()) {
			// A time handed down (a sweep's now) is fresh when the
			// caller reads the clock, and a key made of it is too.
			paths = []string{""}
		}
		for _, path := range paths {
			if path != "" && !fields && (i == 0 && fn.Signature.Recv() != nil || !paramFields) {
				continue
			}
			flow := valueflow.Trace(env, p, path)
			for _, h := range flow.Hits {
				if !guarded(h) {
					sum.ParamSinks = append(sum.ParamSinks, valueflow.ParamSink{Param: i, Path: path, Sink: h.Sink, Chain: HitFrames(env, h)})
				}
			}
			for _, r := range flow.Returns {
				pr := valueflow.ParamResult{Param: i, Path: path, Result: r.Result, ResultPath: r.Path}
				if r.Fn == fn && !slices.Contains(sum.ParamResults, pr) {
					sum.ParamResults = append(sum.ParamResults, pr)
				}
			}
			sum.ParamsWired = append(sum.ParamsWired, paramsWired(env, i, path, flow)...)
		}
	}
}

// summarizeWrites traces each parameter, and each field of a struct
// parameter, to the durable writes that store it.
func summarizeWrites(env *valueflow.Env, fn *ssa.Function, sum *valueflow.Summary) {
	for i, p := range fn.Params {
		for _, path := range seedPaths(p.Type(), env.Pkg) {
			seen := map[string]bool{}
			for _, h := range valueflow.Trace(env, p, path).Hits {
				if h.Sink.Kind == valueflow.WriteSink && !seen[h.Sink.Table] {
					seen[h.Sink.Table] = true
					sum.ParamWrites = append(sum.ParamWrites, valueflow.ParamWrite{Param: i, Path: path, Table: h.Sink.Table, Durable: h.Sink.Durable})
				}
			}
		}
	}
}

// returnsStruct reports whether one of fn's results is a struct or a
// pointer to one: the shape of a constructor or a mapper.
func returnsStruct(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	for i := range res.Len() {
		t := res.At(i).Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if _, ok := t.Underlying().(*types.Struct); ok {
			return true
		}
	}
	return false
}

// seedPaths are the access paths of a parameter that can carry an
// identity: the value itself when it is a string, an integer, a UUID-like
// array or an interface, and such fields of a struct (or pointer to one).
//
// The unexported fields of another package's type are left out: code
// here cannot set them (a *sql.DB's connector), so no identity it is
// given travels there.
func seedPaths(t types.Type, pkg *types.Package) []string {
	var paths []string
	if canIdentify(t) || optionFuncs(t) {
		paths = append(paths, "")
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok {
		for i := 0; i < s.NumFields() && i < 64; i++ {
			if f := s.Field(i); canIdentify(f.Type()) && (f.Exported() || f.Pkg() == pkg) {
				paths = append(paths, "."+f.Name())
			}
		}
	}
	return paths
}

// optionFuncs reports whether t is a slice of functional options (opts
// ...SendOption, each a func(*sendOptions)): a helper that hands them on
// hands on the key an option sets.
func optionFuncs(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	sig, ok := sl.Elem().Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() > 1 {
		return false
	}
	_, ptr := sig.Params().At(0).Type().Underlying().(*types.Pointer)
	return ptr
}

// isClock reports whether t is time.Time: no identity, but a key can be
// made of it.
func isClock(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

// canIdentify reports whether a value of type t can be an identity.
func canIdentify(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Array:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Interface:
		return true
	case *types.Pointer:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Info()&types.IsString != 0 // *string, as SDK inputs hold IDs
	}
	return false
}

// defectsByFunc collects, for each function of the package, the defects
// that calling it leads to: fresh values made in the functions of this
// package it reaches, and the defects of other packages' functions those
// call. It walks the call graph backwards from each defect, once.
func defectsByFunc(pass *analysis.Pass, res *Result, funcs []*ssa.Function) map[*ssa.Function][]valueflow.Defect {
	type origin struct {
		fn      *ssa.Function
		defects []valueflow.Defect
		// top is the function whose parameters the defects' KeyFixes
		// name: only its summary keeps them.
		top *ssa.Function
	}
	var origins []origin
	gens := make([]*ssa.Call, len(res.Defects))
	purposes := make([]string, len(res.Defects))
	for i, d := range res.Defects {
		gens[i] = d.Call
		if len(d.Hits) > 0 {
			purposes[i] = d.Hits[0].Sink.Purpose()
		}
	}
	purposes = DistinctPurposes(gens, purposes)
	for i, d := range res.Defects {
		_, reported := res.Retried.On(d.Call)
		reported = reported && d.Via == nil // the package does not judge an injected generator's value
		at := valueflow.Origin{Call: d.Gen, At: valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(d.Call.Parent()), res.CallStart(d.Call.Pos())), Hook: d.Hook}
		var top *ssa.Function
		var fixes []valueflow.KeyFix
		if !reported && len(d.Hits) > 0 && d.Hook == nil { // a value its package reports carries its own fix
			top, fixes = keyFixes(pass, res, d.Call, purposes[i])
		}
		var ds []valueflow.Defect
		for _, h := range d.Hits {
			guards, rereads := hitGuards(res.Env, d.Call.Parent(), h), hitRereads(res, d, h)
			ds = append(ds, valueflow.Defect{Kind: valueflow.FreshIdentity, Origin: at, Sink: h.Sink, Chain: HitFrames(res.Env, h), Reported: reported && !valueflow.Decide(guards) && len(rereads) == 0, KeyFixes: fixes, OnlyEmpty: onlyEmpty(d.Call.Parent(), d.Call, h), Guards: guards, Via: d.Via, Rereads: rereads})
		}
		origins = append(origins, origin{d.Call.Parent(), ds, top})
	}
	for _, e := range res.MissingKeys() {
		_, reported := res.Retried.On(e.Instr)
		at := valueflow.Origin{Call: ShortName(e.Fn), At: valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(e.Instr.Parent()), res.CallStart(e.Instr.Pos()))}
		d := valueflow.Defect{Kind: valueflow.KeylessEffect, Origin: at, Keyless: KeylessOf(e), Sink: valueflow.SinkInfo{At: at.At}, Reported: reported || SelfRetrying(e), AddressArg: 1 + effects.AddressParam(e), BodyArg: 1 + effects.BodyParam(e)}
		var top *ssa.Function
		if !d.Reported {
			if d.KeyFixes = keylessFixes(pass, res, e); d.KeyFixes != nil {
				top = e.Instr.Parent()
			}
		}
		origins = append(origins, origin{e.Instr.Parent(), []valueflow.Defect{d}, top})
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ds := ImportedDefects(res, instr, valueflow.AnyDefect); len(ds) > 0 {
					ds = slices.DeleteFunc(ds, func(d valueflow.Defect) bool { return noEffectAt(instr, d) })
					if call, ok := instr.(ssa.CallInstruction); ok && res.GuardedCall(call) {
						// A call past a guard of its function (a claim
						// whose rows affected end a repeat first) makes
						// the callee's fresh rows once, as a call of
						// the package's own does (unguardedCalls).
						ds = slices.DeleteFunc(ds, func(d valueflow.Defect) bool { return d.Kind == valueflow.FreshIdentity })
					}
					for i := range ds {
						// Parameters of the callee of another package.
						ds[i].AddressArg, ds[i].BodyArg = 0, 0
					}
					origins = append(origins, origin{fn, ds, nil})
				}
			}
		}
	}
	out := make(map[*ssa.Function][]valueflow.Defect)
	if len(origins) == 0 {
		return out
	}
	callers := reverseCalls(res, funcs, res.Env.Pkg)
	unguarded := unguardedCalls(res, callers)
	for _, o := range origins {
		reach := map[valueflow.DefectKind]map[*ssa.Function]bool{
			valueflow.FreshIdentity: callersOf(o.fn, unguarded),
			valueflow.KeylessEffect: callersOf(o.fn, callers),
		}
		for _, d := range o.defects {
			reached := reach[d.Kind]
			if d.Kind == valueflow.KeylessEffect && (d.AddressArg > 0 || d.BodyArg > 0) {
				// A helper given the address or the body: callers that
				// give it only reads' addresses (a search) make no effect
				// through it, and those that give it only bodies with a
				// field for the key send keyed requests.
				cs := callers
				if d.AddressArg > 0 {
					cs = helperCallers(cs, o.fn, d.AddressArg-1, effects.ReadAddress)
				}
				if d.BodyArg > 0 {
					cs = helperCallers(cs, o.fn, d.BodyArg-1, effects.KeyedBody)
				}
				reached = callersOf(o.fn, cs)
			}
			for fn := range reached {
				if len(d.OnlyEmpty) > 0 && fn != topFunc(o.fn) {
					continue // the conditions name the top function's parameters; its callers' calls decide them
				}
				d := d // each caller's own copy: what one changes is not another's
				if fn != o.fn {
					d.AddressArg, d.BodyArg = 0, 0 // parameters of o.fn, not of fn
				}
				if fn != o.top {
					d.KeyFixes = carriedUp(res.Env.Catalog, d.KeyFixes, o.top, fn)
				}
				if len(out[fn]) < maxDefects {
					out[fn] = append(out[fn], d)
				}
			}
		}
	}
	return out
}

// unguardedCalls is callers without the calls that run only after a
// guard of the caller (GuardedCall). Closures keep their edge: the
// guards inside them are their own.
func unguardedCalls(res *Result, callers map[*ssa.Function][]*ssa.Function) map[*ssa.Function][]*ssa.Function {
	out := make(map[*ssa.Function][]*ssa.Function, len(callers))
	guarded := func(caller, callee *ssa.Function) bool {
		if callee.Parent() == caller {
			// The closure's definition: it runs past the guard when
			// only guarded calls are handed it (a transaction's
			// callback after a state guard's write).
			return valueflow.LiteralUses(caller, callee, res.pastGuardCall)
		}
		calls := 0
		for _, b := range caller.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok || c.Common().StaticCallee() != callee {
					continue
				}
				calls++
				if !res.GuardedCall(c) {
					return false
				}
			}
		}
		return calls > 0
	}
	// In the order of the code: GuardedCall summarises callees, and a
	// summary cut at a recursive call depends on where the cycle is
	// entered, so a map's order would make the facts differ by run.
	for _, callee := range sortedKeys(callers) {
		for _, f := range callers[callee] {
			if !guarded(f, callee) {
				out[callee] = append(out[callee], f)
			}
		}
	}
	return out
}

// sortedKeys is the functions of m by position, then name (the
// instances of a generic function share its position).
func sortedKeys[V any](m map[*ssa.Function]V) []*ssa.Function {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b *ssa.Function) int {
		if c := cmp.Compare(a.Pos(), b.Pos()); c != 0 {
			return c
		}
		return cmp.Compare(a.String(), b.String())
	})
	return keys
}

// reverseCalls maps each function of pkg to the functions that call it
// statically or define it as a closure.
func reverseCalls(res *Result, funcs []*ssa.Function, pkg *types.Package) map[*ssa.Function][]*ssa.Function {
	out := make(map[*ssa.Function][]*ssa.Function)
	for _, f := range funcs {
		for _, anon := range f.AnonFuncs {
			out[anon] = append(out[anon], f)
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := c.Common().StaticCallee()
				if o := originOf(callee); o != nil && o.Pkg != nil && o.Pkg.Pkg == pkg && !slices.Contains(out[o], f) {
					// A generic function's instance runs its origin's
					// body, which the package's list holds.
					out[o] = append(out[o], f)
				}
				if callee != nil && callee.Pkg != nil && callee.Pkg.Pkg == pkg {
					out[callee] = append(out[callee], f)
				} else if _, now := c.(*ssa.Call); now && res != nil && res.Retried != nil {
					// A handler a table of the package's holds, which
					// the call runs (p.handlers[evt.Type](ctx, evt)).
					for _, t := range res.Retried.DispatchTargets(c) {
						if t.Pkg != nil && t.Pkg.Pkg == pkg && !slices.Contains(out[t], f) {
							out[t] = append(out[t], f)
						}
					}
				}
			}
		}
	}
	return out
}

// originOf is the generic function fn instantiates, or nil.
func originOf(fn *ssa.Function) *ssa.Function {
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// noEffectAt reports whether call gives a keyless effect's helper of
// another package a read's address (Defect.AddressArg) or a body with a
// field for the operation's key (Defect.BodyArg): through this call it
// makes no keyless effect.
func noEffectAt(instr ssa.Instruction, d valueflow.Defect) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok || d.Kind != valueflow.KeylessEffect {
		return false
	}
	args := call.Common().Args
	return d.AddressArg > 0 && d.AddressArg-1 < len(args) && effects.ReadAddress(args[d.AddressArg-1]) ||
		d.BodyArg > 0 && d.BodyArg-1 < len(args) && effects.KeyedBody(args[d.BodyArg-1])
}

// helperCallers returns callers without the callers of helper whose
// every call of it passes, for argument arg, a value spared says makes
// no effect through it (a read's address, a keyed body).
func helperCallers(callers map[*ssa.Function][]*ssa.Function, helper *ssa.Function, arg int, spared func(ssa.Value) bool) map[*ssa.Function][]*ssa.Function {
	all := func(caller *ssa.Function) bool {
		calls := 0
		for _, b := range caller.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok || c.Common().StaticCallee() != helper {
					continue
				}
				calls++
				if args := c.Common().Args; arg >= len(args) || !spared(args[arg]) {
					return false
				}
			}
		}
		return calls > 0
	}
	out := maps.Clone(callers)
	out[helper] = slices.DeleteFunc(slices.Clone(callers[helper]), all)
	return out
}

// callersOf is fn and every function that reaches it.
func callersOf(fn *ssa.Function, callers map[*ssa.Function][]*ssa.Function) map[*ssa.Function]bool {
	seen := map[*ssa.Function]bool{fn: true}
	queue := []*ssa.Function{fn}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, g := range callers[f] {
			if !seen[g] {
				seen[g] = true
				queue = append(queue, g)
			}
		}
	}
	return seen
}

// calledSummary returns the summary of the function of another package
// that a static call runs, and the function, or nil.
func calledSummary(res *Result, call ssa.CallInstruction) (*valueflow.Summary, *types.Func) {
	c := call.Common()
	if c.IsInvoke() {
		return nil, nil
	}
	fn := valueflow.Callee(c)
	if fn == nil {
		return nil, nil
	}
	s := res.Imported(fn)
	if s == nil {
		return nil, fn
	}
	if _, ok := res.Env.Catalog.External(fn); ok {
		// The catalog says what the call does; how the library does
		// it (its own HTTP helper) is not the caller's.
		return nil, fn
	}
	return s, fn
}

// ImportedDefects returns the unreported defects of a kind of the
// function of another package that instr calls.
func ImportedDefects(res *Result, instr ssa.Instruction, kind valueflow.DefectKind) []valueflow.Defect {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	s, _ := calledSummary(res, call)
	if s == nil {
		return nil
	}
	var out []valueflow.Defect
	for _, d := range s.Defects {
		if d.Via != nil || len(d.Rereads) > 0 {
			continue // the composition root's to judge
		}
		if !d.Reported && (kind == valueflow.AnyDefect || d.Kind == kind) && leavesEmpty(res, call, d.OnlyEmpty) {
			d.OnlyEmpty = nil // decided here
			out = append(out, d)
		}
	}
	return out
}

// leavesEmpty reports whether a static call leaves empty each of the
// string fields of its arguments that fields name (Param counting the
// receiver as 0, as SSA's arguments of a static call do), or passes
// options none of which sets the field an options path names.
func leavesEmpty(res *Result, call ssa.CallInstruction, fields []valueflow.ArgSource) bool {
	args := call.Common().Args
	for _, f := range fields {
		if call.Common().IsInvoke() || f.Param >= len(args) || !valueflow.EmptyPath(res.emptyFields(call, args[f.Param]), f.Path) {
			return false
		}
	}
	return true
}

// onlyEmpty lists the string fields of the parameters of fn's top
// function that a branch leading to gen, the call that makes the fresh
// value, or to h's first step in fn tests for "", on the side where they
// are: the defect's path runs only when its caller leaves them empty (a
// key made only when the caller gives none).
func onlyEmpty(fn *ssa.Function, gen ssa.Instruction, h valueflow.Hit) []valueflow.ArgSource {
	var out []valueflow.ArgSource
	for _, instr := range []ssa.Instruction{gen, firstStep(fn, h)} {
		if instr == nil || instr.Parent() != fn {
			continue
		}
		for _, f := range emptyOn(instr) {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// emptyOn lists the fields that the branches dominating instr test for
// "", where instr runs only on the side where they are empty: the
// successor on that side is entered from the test alone (the block
// after an if without else is entered from both sides).
func emptyOn(instr ssa.Instruction) []valueflow.ArgSource {
	var out []valueflow.ArgSource
	for b := instr.Block(); b.Idom() != nil; b = b.Idom() {
		d := b.Idom()
		ifInstr, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		param, path, empty, ok := emptyTest(ifInstr)
		if ok && d.Succs[0] != d.Succs[1] && len(empty.Preds) == 1 && empty.Dominates(instr.Block()) {
			out = append(out, valueflow.ArgSource{Param: param, Path: path})
		}
	}
	return out
}

// emptyTest reads an if that compares a string field of a parameter of
// the top function (through a closure's captured variable) with "": the
// parameter's index, the field, and the successor where it is empty.
func emptyTest(ifInstr *ssa.If) (param int, path string, empty *ssa.BasicBlock, ok bool) {
	x, zero, set, ok := valueflow.ZeroTest(ifInstr.Cond)
	if !ok || !effects.IsEmptyString(zero) {
		return 0, "", nil, false
	}
	var base ssa.Value
	var field string
	switch x := x.(type) {
	case *ssa.Field:
		base, field = x.X, valueflow.FieldName(x.X.Type(), x.Field)
	case *ssa.UnOp:
		fa, isField := x.X.(*ssa.FieldAddr)
		if !isField || x.Op != token.MUL {
			return 0, "", nil, false
		}
		base, field = fa.X, valueflow.FieldName(fa.X.Type(), fa.Field)
	default:
		return 0, "", nil, false
	}
	empty = ifInstr.Block().Succs[1]
	if !set {
		empty = ifInstr.Block().Succs[0]
	}
	if p, isParam := heldParameter(base); isParam {
		return slices.Index(p.Parent().Params, p), "." + field, empty, true
	}
	if j, opt, ok := effects.OptionsFieldRead(ifInstr.Parent(), x); ok && ifInstr.Parent().Parent() == nil {
		// A field of the options the function applies (if
		// o.clientRef == "" { o.clientRef = ids.New() }): empty when
		// the caller passes no option that sets it.
		return j, valueflow.OptionsPath + opt, empty, true
	}
	return 0, "", nil, false
}

// heldParameter returns the parameter of a top function that v is, or
// holds: a closure's captured variable bound to the cell the parameter
// is stored into once.
func heldParameter(v ssa.Value) (*ssa.Parameter, bool) {
	if fv, ok := v.(*ssa.FreeVar); ok {
		v = effects.Binding(fv)
	}
	if a, ok := v.(*ssa.Alloc); ok {
		var stored ssa.Value
		for _, r := range *a.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				if stored != nil {
					return nil, false
				}
				stored = st.Val
			}
		}
		v = stored
	}
	p, ok := v.(*ssa.Parameter)
	return p, ok && p.Parent().Parent() == nil
}

// WiredDecided reports whether the path from a fresh value of the
// package to its first sink goes on only past wired calls whose results
// decide it (a claim through a repository interface): the composition
// root, which knows their implementations, judges it.
func WiredDecided(res *Result, d *Defect) bool {
	return len(d.Hits) > 0 && (valueflow.Decide(hitGuards(res.Env, d.Call.Parent(), d.Hits[0])) || len(hitRereads(res, d, d.Hits[0])) > 0)
}

// hitGuards returns the wired calls of fn whose results decide whether
// the step of h in fn runs: the path to the sink goes on only past them.
func hitGuards(env *valueflow.Env, fn *ssa.Function, h valueflow.Hit) []valueflow.WiredCall {
	if step, ok := firstStep(fn, h).(ssa.CallInstruction); ok {
		return deciders(env, step)
	}
	return nil
}

// ormReads reports whether fn reads rows through an ORM (gorm's First,
// Take, Find), itself or in a function it calls: the package's own,
// read a few calls deep, or another's, by its summary.
func ormReads(res *Result, fn *ssa.Function, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().IsInvoke() {
				continue
			}
			callee := valueflow.Callee(call.Common())
			switch {
			case callee == nil:
			case catalog.IsORMRead(callee):
				return true
			case callee.Pkg() == res.pass.Pkg:
				if sf := call.Common().StaticCallee(); sf != nil && sf.Blocks != nil && ormReads(res, sf, depth+1) {
					return true
				}
			default:
				if s := res.Imported(callee); s != nil && s.ORMReads {
					return true
				}
			}
		}
	}
	return false
}

// emptyResult returns the string fields of the struct fn returns, by
// value, that every return leaves empty: a constructor's literal that
// does not name them.
func emptyResult(fn *ssa.Function) []string {
	if fn.Signature.Results().Len() != 1 {
		return nil
	}
	if _, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Struct); !ok {
		return nil
	}
	var out []string
	first := true
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		empty := effects.EmptyFields(ret, ret.Results[0])
		if first {
			out, first = empty, false
		} else {
			out = slices.DeleteFunc(out, func(f string) bool { return !slices.Contains(empty, f) })
		}
	}
	return out
}
