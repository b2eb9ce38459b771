package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// freshReturn says a function returns a fresh value, at path of its
// result, made by origin.
type freshReturn struct {
	result int
	path   string
	origin valueflow.Origin
	dflt   valueflow.OptionDefault // Param -1: none
	// via is the wired call whose result this is, fresh when its
	// implementations are.
	via *valueflow.WiredCall
}

// traceSources traces every fresh value made in the package: calls of
// catalogued generators and of imported functions with fresh results. It
// records the defects, and returns which functions return fresh values.
// Without a sink in the package, clock readings and random numbers are
// not traced: they are everywhere, and could only become a fresh result;
// but a clock reading turned into a number or text in a package with
// wired calls may be handed to one as a row's ID (fmt.Sprint of
// time.Now().UnixNano()), and one handed to a function of another
// package that makes a key of it for a wired call (a sweep's now) may
// become that key.
func traceSources(res *Result, funcs []*ssa.Function, rel relevance) map[*ssa.Function][]freshReturn {
	returns := make(map[*ssa.Function][]freshReturn)
	guards := make(map[*ssa.Function][]ssa.Instruction) // DedupGuards, once per function
	states := make(map[*ssa.Function][]stateGuard)      // stateGuards, once per function
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if a, ok := instr.(*ssa.Alloc); ok {
					if d := hookMakes(a); d != nil {
						if _, ok := guards[fn]; !ok {
							guards[fn], states[fn] = DedupGuards(res, fn), stateGuards(fn)
						}
						traceCreated(res, fn, a, d, func(h valueflow.Hit) bool {
							return guardedSink(res, fn, h, guards) || afterStateGuard(fn, states[fn], firstStep(fn, h))
						}, func(w valueflow.WiredArg) bool {
							return afterStateGuard(fn, states[fn], wiredStep(fn, w)) || recordsAttempt(res, w)
						})
					}
					continue
				}
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				for _, f := range sources(res, call) {
					if !rel.sinks && !f.id && !readAsValue(f.v) && !rel.clock || res.Env.KeyAbsent(call) {
						continue
					}
					flow := valueflow.Trace(res.Env, f.v, f.path)
					if f.via != nil {
						// Fresh only if the implementations say so:
						// the composition root decides the values
						// handed to wired calls, and the function's
						// first result when it returns the value
						// whole or prefixed (a generator decorating
						// another).
						for _, r := range flow.Returns {
							fr := freshReturn{result: r.Result, path: r.Path, via: f.via}
							if r.Fn == fn && r.Result == 0 && r.Path == "" && f.path == "" && !slices.Contains(returns[fn], fr) {
								returns[fn] = append(returns[fn], fr)
							}
						}
						flow.Returns = nil
					}
					if len(flow.Hits) > 0 || len(flow.Wired) > 0 {
						if _, ok := guards[fn]; !ok {
							guards[fn], states[fn] = DedupGuards(res, fn), stateGuards(fn)
						}
						flow.Hits = slices.DeleteFunc(flow.Hits, func(h valueflow.Hit) bool {
							// A guard of fn, or of the transaction's
							// callback that writes the value (made
							// before the transaction, claimed in it).
							step := firstStep(fn, h)
							return guardedSink(res, fn, h, guards) || afterStateGuard(fn, states[fn], step) || logsRawPayload(callOf(step))
						})
						outcome := outcomeDeferred(fn, flow.Wired)
						flow.Wired = slices.DeleteFunc(flow.Wired, func(w valueflow.WiredArg) bool {
							if outcome && attemptRow(fn, w) {
								if res.attemptWrites == nil {
									res.attemptWrites = map[ssa.CallInstruction]bool{}
								}
								res.attemptWrites[w.Call] = true
								return true
							}
							return afterStateGuard(fn, states[fn], wiredStep(fn, w)) || recordsAttempt(res, w)
						})
					}
					if len(flow.Hits) > 0 {
						res.Defects = append(res.Defects, &Defect{Call: call, Gen: f.gen, Hits: flow.Hits, Via: f.via, wired: flow.Wired})
					}
					origin := valueflow.Origin{Call: f.gen, At: valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(fn), res.CallStart(call.Pos()))}
					for _, w := range flow.Wired {
						res.wiredFresh = append(res.wiredFresh, wiredFresh{gen: call, origin: origin, pos: res.CallStart(call.Pos()), arg: w, via: f.via})
					}
					dflt := optionDefault(call)
					for _, r := range flow.Returns {
						fr := freshReturn{result: r.Result, path: r.Path, origin: origin, dflt: valueflow.OptionDefault{Param: -1}}
						if dflt.Param >= 0 && r.Fn == fn && defaultPath(dflt, r.Path) {
							fr.dflt = dflt
						}
						if r.Fn != nil && !slices.Contains(returns[r.Fn], fr) {
							returns[r.Fn] = append(returns[r.Fn], fr)
						}
					}
				}
			}
		}
	}
	return returns
}

// generatorShaped reports whether an interface's method could be an
// injected ID generator: it takes nothing (or a context) and returns an
// identifier (a string or a byte array, such as a UUID or a ULID), with
// an error or not.
func generatorShaped(m *types.Func) bool { return generatorSig(m.Signature()) }

// generatorSig reports whether a function of signature sig could be an
// ID generator (generatorShaped).
func generatorSig(sig *types.Signature) bool {
	params, results := sig.Params(), sig.Results()
	if params.Len() > 1 || params.Len() == 1 && catalog.TypeKey(params.At(0).Type()) != "context.Context" {
		return false
	}
	if results.Len() == 0 || results.Len() > 2 || results.Len() == 2 && catalog.TypeKey(results.At(1).Type()) != "error" {
		return false
	}
	switch u := results.At(0).Type().Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String
	case *types.Array:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// A fresh is a fresh value a call makes: the call's result, or a part
// of it (the ID field of the struct a constructor returns).
type fresh struct {
	gen  string    // the generator, as callers write it: "uuid.New"
	v    ssa.Value // the result
	path string    // the part of it that is fresh
	id   bool      // an identifier, not a clock reading or a random number
	// via is the wired call, when the generator is an interface's
	// method whose implementations decide.
	via *valueflow.WiredCall
}

// sources returns the fresh values a call makes: the result of a
// catalogued generator, or the fresh results (and parts of results) of
// a function of another package, by its summary.
func sources(res *Result, call *ssa.Call) []fresh {
	fn := valueflow.Callee(&call.Call)
	if call.Call.IsInvoke() && generatorShaped(call.Call.Method) {
		if m := heldMethod(res, call); m != nil {
			fn = m // the one type the package stores in the field
		} else if wc, ok := wiredCall(res.Env, call); ok {
			return []fresh{{gen: ShortName(call.Call.Method), v: result(call, 0), id: true, via: &wc}}
		}
	}
	if fn == nil {
		fn = heldGenerator(res, call)
	}
	if fn == nil {
		if f, ok := heldOwn(res, call); ok {
			if v := result(call, f.result); v != nil {
				return []fresh{{gen: f.gen, v: v, id: f.id}}
			}
		}
		if injectedClock(res, call) {
			gen := "the clock"
			if f := fieldVar(call.Call.Value); f != nil {
				gen = f.Name() // as the code calls it: s.clock()
			}
			return []fresh{{gen: gen, v: call}}
		}
		if field, name, ok := wiredFuncField(res, call); ok {
			// An ID generator the program's wiring gives the field
			// (holds.Service{NewID: ids.UUID()}): the composition root
			// decides whether each it gives is fresh.
			if v := result(call, 0); v != nil {
				return []fresh{{gen: name, v: v, id: true, via: &valueflow.WiredCall{Field: field}}}
			}
		}
		return nil
	}
	if fn.Pkg() == nil {
		return nil
	}
	if !res.Env.Catalog.MayKnow(fn.Pkg().Path()) && fn.Pkg() == res.Env.Pkg {
		return nil
	}
	name := ShortName(fn)
	if i, ok := res.Env.Catalog.Filler(fn); ok {
		// The buffer the call fills: what the function encodes from it
		// (hex.EncodeToString(buf)) is fresh.
		if i += len(call.Call.Args) - fn.Signature().Params().Len(); i < len(call.Call.Args) {
			out := []fresh{{gen: name, v: call.Call.Args[i], id: true}}
			for _, v := range arraySlices(call, call.Call.Args[i]) {
				out = append(out, fresh{gen: name, v: v, id: true})
			}
			return out
		}
		return nil
	}
	if g, ok := res.Env.Catalog.Generator(fn); ok {
		if v := result(call, g.Result); v != nil {
			return []fresh{{gen: name, v: v, id: g.ID}}
		}
		return nil
	}
	s := res.Imported(fn)
	if s == nil {
		return nil
	}
	var out []fresh
	for _, fr := range s.FreshResults {
		if fr.Default != nil && !defaultMade(res, call, *fr.Default) {
			continue // an option given sets the field the default fills
		}
		if v := result(call, fr.Result); v != nil && !slices.ContainsFunc(out, func(f fresh) bool { return f.v == v && f.path == fr.Path }) {
			out = append(out, fresh{gen: name, v: v, path: fr.Path, id: true})
		}
	}
	return out
}

// arraySlices returns, for a buffer that is a slice of an array variable
// (var b [16]byte; rand.Read(b[:])), the other slices of the array that
// call runs before (hex.EncodeToString(b[:])): they read what it filled.
func arraySlices(call *ssa.Call, buf ssa.Value) []ssa.Value {
	sl, ok := buf.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		if other, ok := r.(*ssa.Slice); ok && other != sl && valueflow.Dominates(call, other) {
			out = append(out, other)
		}
	}
	return out
}

// Fills reports whether call makes its fresh value by filling a buffer
// it is given (crypto/rand.Read): no expression of it can be replaced by
// a derived value, so a finding at it has no fix.
func Fills(res *Result, call *ssa.Call) bool {
	fn := valueflow.Callee(&call.Call)
	if fn == nil {
		return false
	}
	_, ok := res.Env.Catalog.Filler(fn)
	return ok
}

// injectedClock reports whether call calls a function value that gives
// the time and takes nothing (a service's clock, func() time.Time,
// injected by the program's wiring): a clock, whose reading is as fresh
// as time.Now's. One the package fills itself is what it holds.
func injectedClock(res *Result, call *ssa.Call) bool {
	if call.Call.IsInvoke() || call.Call.StaticCallee() != nil || res.Retried != nil && len(res.Retried.Targets(call)) > 0 {
		return false
	}
	sig, ok := call.Call.Value.Type().Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && catalog.TypeKey(sig.Results().At(0).Type()) == "time.Time"
}

// heldGenerator returns the ID generator a call of a function value
// runs, when every function the value can hold is that generator: a
// service's newID field set to uuid.NewString, or to a function of
// another package whose result is fresh (ids.NewHoldID), by its
// constructor.
func heldGenerator(res *Result, call *ssa.Call) *types.Func {
	gen := heldFunc(res, call)
	if gen == nil {
		return nil
	}
	if _, ok := res.Env.Catalog.Generator(gen); !ok && !freshResult(res, gen) {
		return nil
	}
	return gen
}

// wiredFuncField returns the field of function type, shaped as an ID
// generator, that call calls and that the package does not fill: the
// field's key (FieldTypes), and its name as the code calls it.
func wiredFuncField(res *Result, call *ssa.Call) (field, name string, ok bool) {
	if call.Call.IsInvoke() || call.Call.StaticCallee() != nil || res.Retried != nil && len(res.Retried.Targets(call)) > 0 {
		return "", "", false
	}
	sig, isSig := call.Call.Value.Type().Underlying().(*types.Signature)
	load, isLoad := call.Call.Value.(*ssa.UnOp)
	if !isSig || !generatorSig(sig) || !isLoad || load.Op != token.MUL {
		return "", "", false
	}
	fa, isField := load.X.(*ssa.FieldAddr)
	if !isField {
		return "", "", false
	}
	named, isNamed := types.Unalias(valueflow.Deref(fa.X.Type())).(*types.Named)
	if !isNamed {
		return "", "", false
	}
	name = valueflow.FieldName(fa.X.Type(), fa.Field)
	return fieldName(named, name), name, true
}

// heldMethod returns the method an interface's call runs when its
// receiver is a field that every store of the package fills with a
// value of one concrete type (a service's ids field set to
// ids.NewULIDs() by its constructor), or nil.
func heldMethod(res *Result, call *ssa.Call) *types.Func {
	f := fieldVar(call.Call.Value)
	if f == nil {
		return nil
	}
	t := res.heldType(f)
	if t == nil {
		return nil
	}
	m := call.Call.Method
	if sel := types.NewMethodSet(t).Lookup(m.Pkg(), m.Name()); sel != nil {
		fn, _ := sel.Obj().(*types.Func)
		return fn
	}
	return nil
}

// fieldVar returns the struct field v is loaded from, or nil.
func fieldVar(v ssa.Value) *types.Var {
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return addrField(fa)
		}
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok && v.Field < st.NumFields() {
			return st.Field(v.Field)
		}
	}
	return nil
}

// addrField returns the struct field whose address fa is, or nil.
func addrField(fa *ssa.FieldAddr) *types.Var {
	if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
		if st, ok := p.Elem().Underlying().(*types.Struct); ok && fa.Field < st.NumFields() {
			return st.Field(fa.Field)
		}
	}
	return nil
}

// heldType returns the one concrete type of the values the package
// stores in an interface field, or nil when it stores none, values of
// several types, or an interface value it was given.
func (r *Result) heldType(f *types.Var) types.Type {
	if r.held == nil {
		r.held = map[*types.Var]types.Type{}
		mixed := map[*types.Var]bool{}
		for _, fn := range r.SrcFuncs() {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					fa, ok := st.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					v := addrField(fa)
					if v == nil || !types.IsInterface(v.Type()) {
						continue
					}
					mi, ok := st.Val.(*ssa.MakeInterface)
					if prev, seen := r.held[v]; !ok || seen && !types.Identical(prev, mi.X.Type()) {
						mixed[v] = true
						continue
					}
					r.held[v] = mi.X.Type()
				}
			}
		}
		for v := range mixed {
			r.held[v] = nil
		}
	}
	return r.held[f]
}

// heldOwn returns the fresh value a call of a function value makes
// when every function the value can hold is a function of the package,
// a literal or a declared one, that returns one, at the same result: a
// service's newKey field set by its constructor to func() string {
// return fmt.Sprint(time.Now().UnixNano()) }, or to NewOperationKey,
// which returns "op_" + uuid.NewString(). The call is the source: the
// functions it holds have no static call site to carry the value to.
func heldOwn(res *Result, call *ssa.Call) (f literalFresh, ok bool) {
	if res.Retried == nil {
		return f, false
	}
	targets := res.Retried.Targets(call)
	for i, t := range targets {
		if t.Object() != nil && t.Object().Pkg() != res.Env.Pkg {
			return f, false // another package's function: heldGenerator's
		}
		lf := freshLiteral(res, t)
		if lf == nil || i > 0 && lf.result != f.result {
			return f, false
		}
		if i == 0 {
			f = *lf
		}
	}
	return f, len(targets) > 0
}

// A literalFresh is the fresh result of a function literal, and the
// generator that makes it.
type literalFresh struct {
	gen    string
	result int
	id     bool
}

// freshLiteral returns the fresh result of function literal lit: one a
// call in it of a catalogued generator, or of a function whose summary
// says it returns a fresh value, flows into whole. Nil if none.
func freshLiteral(res *Result, lit *ssa.Function) *literalFresh {
	if lf, ok := res.freshLits[lit]; ok {
		return lf
	}
	var out *literalFresh
	env := res.Env.WithoutCallers()
scan:
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || valueflow.Callee(&call.Call) == nil {
				continue // a function value of its own is not followed
			}
			for _, f := range sources(res, call) {
				for _, r := range valueflow.Trace(env, f.v, f.path).Returns {
					if r.Fn == lit && r.Path == "" {
						out = &literalFresh{gen: f.gen, result: r.Result, id: f.id}
						break scan
					}
				}
			}
		}
	}
	if res.freshLits == nil {
		res.freshLits = make(map[*ssa.Function]*literalFresh)
	}
	res.freshLits[lit] = out
	return out
}

// freshResult reports whether a function of another package returns a
// fresh value, as its summary says.
func freshResult(res *Result, fn *types.Func) bool {
	if fn.Pkg() == res.Env.Pkg {
		return false
	}
	s := res.Imported(fn)
	return s != nil && len(s.FreshResults) > 0
}

// result returns the value of a call's result idx: the call itself when
// it has one result, else the extraction of that result.
func result(call *ssa.Call, idx int) ssa.Value {
	if call.Call.Signature().Results().Len() == 1 {
		return call
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == idx {
			return e
		}
	}
	return nil
}

// ShortName names a function as its callers write it: "uuid.New",
// "Node.Generate".
func ShortName(fn *types.Func) string {
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// HitFrames is the chain of a hit: the calls entered, then the chain in
// other packages.
func HitFrames(env *valueflow.Env, h valueflow.Hit) []valueflow.Frame {
	var frames []valueflow.Frame
	for _, c := range h.Calls {
		frames = append(frames, valueflow.FrameAt(env.Fset, valueflow.FuncName(c.Parent()), c.Pos()))
	}
	return append(frames, h.Remote...)
}

// CalleeSite names the callee that runs a statement and where the
// statement is: "Queries.CreateOrder (query.sql.go:34:12)", or
// "Service.Charge, at ordersdb.Queries.DebitAccount (query.sql.go:62:12)"
// when the callee reaches it through others.
func CalleeSite(c *effects.Callee) string {
	name := ShortName(c.Func)
	if c.At.Func == name || strings.HasSuffix(c.At.Func, "."+name) {
		return name + " (" + c.At.Pos + ")"
	}
	return name + ", at " + c.At.String()
}

// afterGuard reports whether a hit is reached, from fn where the fresh
// value is made, only after one of fn's dedup guards: a retry stops at
// the guard, so the value it makes never reaches the sink.
func afterGuard(fn *ssa.Function, guards []ssa.Instruction, h valueflow.Hit) bool {
	if len(guards) == 0 {
		return false
	}
	step := firstStep(fn, h)
	if step == nil {
		return false
	}
	for _, g := range guards {
		if g != step && effects.Dominates(g, step) {
			return true
		}
	}
	return false
}

// rolledBack reports whether a hit is reached, from fn, a function
// literal handed a transaction, by a step whose work commits only with
// a dedup guard of fn after it: every path from the step that does not
// fail reaches the guard, and a guard that finds the operation claimed
// fails the literal (if n == 0 { return ErrInProgress }), so that the
// transaction rolls the step back. The row under a fresh ID is inserted
// first, then the request's key with it, and a retry's row is undone.
func rolledBack(fn *ssa.Function, guards []ssa.Instruction, h valueflow.Hit) bool {
	if fn.Parent() == nil || !slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return catalog.IsTx(p.Type()) }) {
		return false
	}
	step := firstStep(fn, h)
	if step == nil {
		return false
	}
	for _, g := range guards {
		if call, ok := g.(*ssa.Call); ok && g != step && effects.NoneFails(call) && reachedOnSuccess(step, g) {
			return true
		}
	}
	return false
}

// reachedOnSuccess reports whether every path from instruction from to
// a return of its function passes instruction to, but those that leave
// on a failure (the branch of err != nil).
func reachedOnSuccess(from, to ssa.Instruction) bool {
	if from.Block() == to.Block() {
		return slices.Index(from.Block().Instrs, from) < slices.Index(to.Block().Instrs, to)
	}
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock) bool
	walk = func(b *ssa.BasicBlock) bool {
		if b == to.Block() || seen[b] {
			return true
		}
		seen[b] = true
		return onSuccess(b, walk)
	}
	return onSuccess(from.Block(), walk)
}

// onSuccess reports whether walk holds for each block that b goes on
// to, but on the branch of a failure, and whether b goes on at all.
func onSuccess(b *ssa.BasicBlock, walk func(*ssa.BasicBlock) bool) bool {
	switch last := b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Return, *ssa.Panic:
		return false
	case *ssa.If:
		if ok, isErr := successOf(last); isErr {
			return walk(ok)
		}
	}
	for _, s := range b.Succs {
		if !walk(s) {
			return false
		}
	}
	return true
}

// successOf returns, for a branch on an error's comparison with nil,
// the block taken when the error is nil.
func successOf(br *ssa.If) (*ssa.BasicBlock, bool) {
	cmp, ok := br.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
		return nil, false
	}
	x, y := cmp.X, cmp.Y
	if c, ok := x.(*ssa.Const); ok && c.IsNil() {
		x, y = y, x
	}
	if c, ok := y.(*ssa.Const); !ok || !c.IsNil() || catalog.TypeKey(x.Type()) != "error" {
		return nil, false
	}
	if cmp.Op == token.NEQ {
		return br.Block().Succs[1], true
	}
	return br.Block().Succs[0], true
}

// returnsPastGuard reports whether every return of fn comes after one of
// its dedup guards (a conflict-tolerant insert whose outcome decides),
// so that what it returns is what the guard's first run stored: the
// claimed row, or the one a retry reads back.
func returnsPastGuard(fn *ssa.Function, guards []ssa.Instruction) bool {
	if len(guards) == 0 {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		returns++
		if !slices.ContainsFunc(guards, func(g ssa.Instruction) bool { return effects.Dominates(g, ret) }) {
			return false
		}
	}
	return returns > 0
}

// afterStateGuard reports whether a sink is reached through step, in fn
// where the fresh value is made, only while a test of stored state says the work
// is not done and after the write that makes it say so.
func afterStateGuard(fn *ssa.Function, guards []stateGuard, step ssa.Instruction) bool {
	return step != nil && guardedByState(guards, step)
}

// recordsAttempt reports whether the argument a fresh value reaches a
// wired call in is a row built in place that records the attempt: it
// also stores an attempt's number or the error its call returned (a
// delivery log), so it is meant to be added on every attempt.
func recordsAttempt(res *Result, w valueflow.WiredArg) bool {
	args := w.Call.Common().Args
	if w.Arg < 0 || w.Arg >= len(args) {
		return false
	}
	if logsRawPayload(w.Call) {
		return true
	}
	stores, visible := valueflow.FieldStores(args[w.Arg])
	if !visible {
		return false
	}
	var values []ssa.Value
	for _, vs := range stores {
		values = append(values, vs...)
	}
	return res.Env.RecordsAttempt(values)
}

// markAttempts sets Attempt on the entries already listed for the wired
// calls that the trace found write an attempt's own row: the lists of
// the functions whose guards the trace asked for are made before it
// learns that.
func (r *Result) markAttempts() {
	if len(r.attemptWrites) == 0 || r.handles == nil {
		return
	}
	r.handlesMu.Lock()
	defer r.handlesMu.Unlock()
	for call := range r.attemptWrites {
		for _, w := range r.handles.wiredAt[call] {
			w.Attempt = true
		}
	}
}

// outcomeDeferred reports whether a fresh value reaches a wired call in
// a function literal that fn defers and that reads fn's error result
// (defer func() { runs.Finish(ctx, run.ID, status(err)) }()): the row
// the value identifies records the attempt, its outcome written when
// the attempt ends, and is meant to be added on every attempt.
func outcomeDeferred(fn *ssa.Function, wired []valueflow.WiredArg) bool {
	return slices.ContainsFunc(wired, func(w valueflow.WiredArg) bool {
		lit := w.Call.Parent()
		return lit.Parent() == fn && w.Path == "" && readsErrResult(fn, deferredClosure(fn, lit))
	})
}

// attemptRow reports whether a wired call of fn, or of a literal fn
// makes, is handed the attempt's row (the struct that holds the value,
// or the value alone in a deferred literal): outcomeDeferred's writes.
func attemptRow(fn *ssa.Function, w valueflow.WiredArg) bool {
	at := w.Call.Parent()
	return at == fn && w.Path != "" && len(w.Calls) == 0 || at.Parent() == fn && deferredClosure(fn, at) != nil
}

// deferredClosure returns the closure of lit that fn defers, or nil.
func deferredClosure(fn, lit *ssa.Function) *ssa.MakeClosure {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok {
				if mc, ok := d.Call.Value.(*ssa.MakeClosure); ok && mc.Fn == lit {
					return mc
				}
			}
		}
	}
	return nil
}

// readsErrResult reports whether a closure of fn binds fn's named
// error result, and its function reads it: it sees how the call ended.
func readsErrResult(fn *ssa.Function, mc *ssa.MakeClosure) bool {
	if mc == nil {
		return false
	}
	results := fn.Signature.Results()
	lit := mc.Fn.(*ssa.Function)
	for i, b := range mc.Bindings {
		a, ok := b.(*ssa.Alloc)
		if !ok || i >= len(lit.FreeVars) || len(*lit.FreeVars[i].Referrers()) == 0 {
			continue
		}
		for r := range results.Len() {
			if v := results.At(r); v.Name() != "" && v.Name() == a.Comment && catalog.TypeKey(v.Type()) == "error" {
				return true
			}
		}
	}
	return false
}

// callOf returns instr as a call, or nil.
func callOf(instr ssa.Instruction) ssa.CallInstruction {
	c, _ := instr.(ssa.CallInstruction)
	return c
}

// logsRawPayload reports whether a call is handed, beside the fresh
// value, the raw payload of what was received (a json.RawMessage): a
// row that logs each receipt as it came, meant to be added on every
// delivery, as an attempts log is.
func logsRawPayload(call ssa.CallInstruction) bool {
	if call == nil {
		return false
	}
	raw := func(v ssa.Value) bool {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X // an argument of a variadic ...any
		}
		return catalog.IsRawPayload(v.Type())
	}
	for _, a := range call.Common().Args {
		if raw(a) || slices.ContainsFunc(valueflow.SliceElems(a), raw) {
			return true
		}
	}
	return false
}

// hitRereads returns the wired calls of the function d's value is made
// in that are handed the struct whose field holds the value before h's
// first step there: each may scan the stored row back into the field
// (valueflow.WiredReread).
func hitRereads(res *Result, d *Defect, h valueflow.Hit) []valueflow.WiredReread {
	fn := d.Call.Parent()
	step := firstStep(fn, h)
	if step == nil {
		return nil
	}
	var out []valueflow.WiredReread
	for _, w := range d.wired {
		if len(w.Calls) > 0 || w.Through != nil || w.Path == "" || w.Call.Parent() != fn || !handedPointer(w) || !valueflow.Dominates(w.Call, step) {
			continue
		}
		if wc, ok := wiredCall(res.Env, w.Call); ok {
			out = append(out, valueflow.WiredReread{Call: wc, Arg: w.Arg, Path: w.Path})
		}
	}
	return out
}

// handedPointer reports whether the wired call is handed a pointer to
// the struct that holds the traced field: only then can it write into
// the field (a struct passed by value is the callee's copy).
func handedPointer(w valueflow.WiredArg) bool {
	args := w.Call.Common().Args
	if w.Arg >= len(args) {
		return false
	}
	_, ok := args[w.Arg].Type().Underlying().(*types.Pointer)
	return ok
}

// wiredStep returns the instruction of fn through which a wired call is
// reached: the first call it enters, or the wired call itself.
func wiredStep(fn *ssa.Function, w valueflow.WiredArg) ssa.Instruction {
	if len(w.Calls) > 0 {
		if w.Calls[0].Parent() == fn {
			return w.Calls[0]
		}
		return nil
	}
	if w.Call.Parent() == fn {
		return w.Call
	}
	return nil
}

// guardedSink reports whether a hit of a parameter of fn is reached
// only after a dedup guard: one of fn's, before the call through which
// the hit is reached, or one of the function literal of fn that writes
// the sink (a transaction callback that claims the key, then inserts).
// memo holds each function's guards, found once.
func guardedSink(res *Result, fn *ssa.Function, h valueflow.Hit, memo map[*ssa.Function][]ssa.Instruction) bool {
	guards := func(f *ssa.Function) []ssa.Instruction {
		g, ok := memo[f]
		if !ok {
			g = DedupGuards(res, f)
			memo[f] = g
		}
		return g
	}
	if afterGuard(fn, guards(fn), h) || rolledBack(fn, guards(fn), h) {
		return true
	}
	if firstStep(fn, h) == nil && returnsPastGuard(fn, guards(fn)) {
		// Returned to the caller that writes it only once a claim of
		// the operation (the insert of the value's own row, if absent)
		// said it is new; a retry gets the stored one.
		return true
	}
	var found bool
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, anon := range f.AnonFuncs {
			if step := literalStep(anon, h); step != nil {
				for _, g := range guards(anon) {
					found = found || g != step && effects.Dominates(g, step)
				}
			}
			visit(anon)
		}
	}
	visit(fn)
	return found
}

// literalStep returns the instruction of function literal anon through
// which a hit is reached there: the first call of its path when that is
// anon's (a helper that writes the row), or the sink's call itself.
func literalStep(anon *ssa.Function, h valueflow.Hit) ssa.Instruction {
	if len(h.Calls) > 0 {
		if h.Calls[0].Parent() == anon {
			return h.Calls[0]
		}
		return nil
	}
	return callAt(anon, h.Pos)
}

// callAt returns the call of fn at pos, or nil.
func callAt(fn *ssa.Function, pos token.Pos) ssa.Instruction {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && call.Pos() == pos {
				return instr
			}
		}
	}
	return nil
}

// DedupGuards returns the calls of fn that run a dedup guard: a
// conflict-tolerant INSERT whose outcome decides whether the path goes
// on (a capture row per hold, a claimed key), in fn or in a function
// it calls.
func DedupGuards(res *Result, fn *ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if st := effects.WriteStmtOf(res.Env.Catalog, call); st != nil {
				if effects.IsGuard(st) {
					out = append(out, instr)
				}
				continue
			}
			stmts, _ := effects.CallStmts(res, call)
			if slices.ContainsFunc(stmts, effects.IsGuard) || compareAndSetCall(call) {
				out = append(out, instr)
			}
		}
	}
	return out
}

// firstStep returns the instruction of fn through which a hit is
// reached: the first call it enters, or the sink itself.
func firstStep(fn *ssa.Function, h valueflow.Hit) ssa.Instruction {
	if len(h.Calls) > 0 {
		if h.Calls[0].Parent() == fn {
			return h.Calls[0]
		}
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && call.Pos() == h.Pos {
				return instr
			}
		}
	}
	return nil
}

// readAsValue reports whether a clock reading is turned into a number
// or text (t.UnixNano(), t.Format(...)) where it is made: a timestamp
// kept as a time is data, not an identifier.
func readAsValue(v ssa.Value) bool {
	if catalog.TypeKey(v.Type()) != "time.Time" {
		return true // a random number
	}
	for _, r := range *v.Referrers() {
		call, ok := r.(*ssa.Call)
		if !ok || call.Call.StaticCallee() == nil || len(call.Call.Args) == 0 || call.Call.Args[0] != v {
			continue
		}
		switch call.Call.StaticCallee().Name() {
		case "UnixNano", "UnixMicro", "UnixMilli", "Unix", "Format", "String":
			return true
		}
	}
	return false
}
