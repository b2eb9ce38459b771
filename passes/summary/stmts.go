package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// maxStmts bounds the statements one summary lists.
const maxStmts = 24

// maxHandleDepth bounds the fields followed into a result to find the
// handles it holds.
const maxHandleDepth = 3

// StmtSummary returns a summary holding the SQL statements fn runs,
// itself or through its callees, with the handle each runs on: computed
// once for a function of this package, from its fact for a function of
// another. It makes Result an effects.Summaries for the checks.
func (r *Result) StmtSummary(fn *ssa.Function, obj *types.Func) *valueflow.Summary {
	r.handlesMu.Lock()
	defer r.handlesMu.Unlock()
	return r.handleIndex().StmtSummary(fn, obj)
}

// ResultFields returns which parameters the results of fn hold in their
// fields: computed once for a function of this package, from its fact
// for a function of another.
func (r *Result) ResultFields(fn *ssa.Function, obj *types.Func) []valueflow.ResultField {
	r.handlesMu.Lock()
	defer r.handlesMu.Unlock()
	return r.handleIndex().ResultFields(fn, obj)
}

// handleIndex returns the memo of the package's statement and result
// field summaries; the caller holds handlesMu.
func (r *Result) handleIndex() *handles {
	if r.handles == nil {
		r.handles = &handles{
			r:      r,
			stmts:  make(map[*ssa.Function]*valueflow.Summary),
			fields: make(map[*ssa.Function][]valueflow.ResultField),

			wiredAt: make(map[ssa.CallInstruction][]*valueflow.WiredStmt),
		}
	}
	return r.handles
}

// handles memoises, for the functions of the package, the statements
// they run and the parameters their results hold. Its methods call each
// other without locking: Result's methods lock once around them.
type handles struct {
	r     *Result
	stmts map[*ssa.Function]*valueflow.Summary // nil while being computed
	// wiredAt are the entries of the lists made for each wired call,
	// for what the trace of fresh values learns after (markAttempts).
	wiredAt map[ssa.CallInstruction][]*valueflow.WiredStmt
	fields  map[*ssa.Function][]valueflow.ResultField
	// ignores are the package's ignore directives, read once.
	ignores     []*report.Ignore
	ignoresRead bool
}

// ignoredAt returns the checks that ignore directives at pos name.
func (h *handles) ignoredAt(pos token.Pos) []string {
	if !h.ignoresRead {
		h.ignores, h.ignoresRead = report.Ignores(h.r.Env.Fset, h.r.files), true
	}
	return report.IgnoredAt(h.r.Env.Fset, h.ignores, pos)
}

// local reports whether fn's body is read here: a function of this
// package, or a wrapper SSA makes (a method promoted from an embedded
// Queries), which calls the method whose summary holds the statements.
func (h *handles) local(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) == 0 || h.r.Env == nil {
		return false
	}
	if o := fn.Origin(); o != nil {
		fn = o // an instance of a generic function of the package: its own body, its types
	}
	return wrapper(fn) || fn.Pkg != nil && fn.Pkg.Pkg == h.r.Env.Pkg
}

// wrapper reports whether SSA made fn around a method: a promoted or
// bound method, a thunk. Its parameters are not the method's.
func wrapper(fn *ssa.Function) bool {
	return fn != nil && (strings.HasPrefix(fn.Synthetic, "wrapper for") ||
		strings.HasPrefix(fn.Synthetic, "bound method wrapper for") || strings.HasPrefix(fn.Synthetic, "thunk for"))
}

func (h *handles) StmtSummary(fn *ssa.Function, obj *types.Func) *valueflow.Summary {
	if !h.local(fn) {
		if obj == nil || wrapper(fn) {
			return nil // a wrapper's parameters are not its method's
		}
		return h.r.Imported(obj)
	}
	if s, ok := h.stmts[fn]; ok {
		if s == nil {
			return &valueflow.Summary{StmtsCut: true} // a recursive cycle
		}
		return s
	}
	h.stmts[fn] = nil
	b := &stmtBuilder{h: h, fn: fn, sum: &valueflow.Summary{}, callTx: make(map[callTx]int)}
	b.visit(fn)
	b.finish()
	// The work it is given and runs, in a transaction it begins or not
	// (s.inTx(ctx, func(tx *sql.Tx) error {...})): a caller of the
	// package runs the literal it hands it there, as one of another
	// package's would by its fact.
	b.sum.Runs, b.sum.RunsInTx = runsParams(h.r.Env.Catalog, h, fn)
	b.sum.RunsAgain = runsAgain(fn, b.sum.Runs)
	h.stmts[fn] = b.sum
	return b.sum
}

func (h *handles) ResultFields(fn *ssa.Function, obj *types.Func) []valueflow.ResultField {
	if !h.local(fn) {
		if obj == nil || wrapper(fn) {
			return nil
		}
		if s := h.r.Imported(obj); s != nil {
			return s.ResultFields
		}
		return nil
	}
	if rf, ok := h.fields[fn]; ok {
		return rf
	}
	h.fields[fn] = nil // recursion guard
	rf := h.resultFields(fn)
	h.fields[fn] = rf
	return rf
}

// resultFields finds, for each handle a result of fn can hold, the
// parameter every return stores there: sqlc's New stores its db in
// field db of the Queries it returns, WithTx its tx.
func (h *handles) resultFields(fn *ssa.Function) []valueflow.ResultField {
	results := fn.Signature.Results()
	var out []valueflow.ResultField
	for i := 0; i < results.Len(); i++ {
		for _, path := range h.handlePaths(results.At(i).Type(), 0) {
			if param, ppath, ok := h.storedParam(fn, i, path); ok {
				out = append(out, valueflow.ResultField{Result: i, Path: path, Param: param, ParamPath: ppath})
			}
		}
	}
	return out
}

// storedParam returns the parameter (and path inside it) that every
// return of fn leaves at path in result i; returns of nil say nothing.
func (h *handles) storedParam(fn *ssa.Function, i int, path string) (int, string, bool) {
	param, ppath, found := 0, "", false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		if c, ok := ret.Results[i].(*ssa.Const); ok && c.IsNil() {
			continue
		}
		p, pp, ok := effects.ParamOf(h, fn, ret.Results[i], path)
		if !ok || found && (p != param || pp != ppath) {
			return 0, "", false
		}
		param, ppath, found = p, pp, true
	}
	return param, ppath, found
}

// handlePaths lists the access paths of a value of type t that hold a
// handle whose commit unit the value's maker decides (an interface such
// as sqlc's DBTX, or a transaction): t itself, or fields of the struct
// it is or points to, a few levels deep.
func (h *handles) handlePaths(t types.Type, depth int) []string {
	if effects.IsHandle(h.r.Env.Catalog, t) || catalog.IsORMHandle(t) {
		return []string{""}
	}
	if depth >= maxHandleDepth {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []string
	for i := 0; i < s.NumFields() && i < 64; i++ {
		for _, sub := range h.handlePaths(s.Field(i).Type(), depth+1) {
			out = append(out, "."+s.Field(i).Name()+sub)
		}
	}
	return out
}

// callTx names a transaction a callee begins, per call.
type callTx struct {
	call ssa.CallInstruction
	tx   int
}

// stmtBuilder lists the statements of one function, in the order of its
// blocks: its own, those of the closures it calls or hands to
// pgx.BeginFunc, and those of the functions it calls, from their
// summaries, with each handle mapped to where it comes from here.
type stmtBuilder struct {
	h   *handles
	fn  *ssa.Function
	sum *valueflow.Summary
	// For each statement: the instruction here that runs it, and the
	// callee's exclusive statements, as indices of this list.
	instrs []ssa.Instruction
	// direct are the entries that are statements of the function's own,
	// on a handle it names, by index.
	direct map[int]*effects.Stmt
	excl   [][]int
	// anchors are, for statements of a function literal handed to a
	// wired call, that call: where they run in the list's function.
	anchors map[int]ssa.Instruction
	// The transactions fn begins, by origin (nil for one a callee
	// begins), and those its callees begin, by call.
	txs    []map[string]bool
	callTx map[callTx]int
	// reach memoises the blocks each block reaches.
	reach map[*ssa.BasicBlock][]bool
	// only, when set, are the blocks of fn the list is of: a consumer
	// loop's body, which runs once per delivery.
	only map[*ssa.BasicBlock]bool
	// cb is set while the statements of a function literal handed to a
	// wired call are listed.
	cb *callbackRef
	// dispatching are the calls of a table's handlers being listed.
	dispatching map[*ssa.Call]bool
	// txMade memoises txCallbackMade, by literal.
	txMade map[*ssa.Function]ssa.Instruction
	// alias maps the parameters of a table's entry being listed to the
	// arguments of the call that runs it.
	alias map[*ssa.Parameter]ssa.Value
}

// aliased returns v, or the argument a table's entry was given for it
// when v is that entry's parameter.
func (b *stmtBuilder) aliased(v ssa.Value) ssa.Value {
	if p, ok := v.(*ssa.Parameter); ok {
		if a, ok := b.alias[p]; ok {
			return a
		}
	}
	return v
}

// LoopStmtSummary returns the statements the body of a consumer loop
// runs, as StmtSummary lists a function's: what runs once per delivery.
func (r *Result) LoopStmtSummary(fn *ssa.Function, body map[*ssa.BasicBlock]bool) *valueflow.Summary {
	r.handlesMu.Lock()
	defer r.handlesMu.Unlock()
	h := r.handleIndex()
	b := &stmtBuilder{h: h, fn: fn, sum: &valueflow.Summary{}, callTx: make(map[callTx]int), only: body}
	b.visit(fn)
	b.finish()
	return b.sum
}

// visit adds the statements of f, fn or a closure of it.
func (b *stmtBuilder) visit(f *ssa.Function) {
	for _, blk := range runOrder(f) {
		if f == b.fn && b.only != nil && !b.only[blk] {
			continue
		}
		for _, instr := range blk.Instrs {
			switch instr := instr.(type) {
			case *ssa.MakeClosure:
				if !b.runsHere(instr) && hasStmts(b.h, instr.Fn.(*ssa.Function)) {
					b.sum.StmtsCut = true // it runs where this list cannot say
				}
			case ssa.CallInstruction:
				b.call(instr)
			}
		}
	}
}

// runOrder returns f's blocks in an order in which each comes after the
// blocks that run before it on every path, loops aside (a reverse
// postorder): SSA numbers the block after an if before its else branch,
// and a switch's join before its cases.
func runOrder(f *ssa.Function) []*ssa.BasicBlock {
	if len(f.Blocks) == 0 {
		return nil
	}
	seen := make([]bool, len(f.Blocks))
	post := make([]*ssa.BasicBlock, 0, len(f.Blocks))
	var walk func(b *ssa.BasicBlock)
	walk = func(b *ssa.BasicBlock) {
		seen[b.Index] = true
		for i := len(b.Succs) - 1; i >= 0; i-- { // so that a then branch comes before its else
			if s := b.Succs[i]; !seen[s.Index] {
				walk(s)
			}
		}
		post = append(post, b)
	}
	walk(f.Blocks[0])
	if f.Recover != nil && !seen[f.Recover.Index] {
		walk(f.Recover)
	}
	slices.Reverse(post)
	return post
}

// runsHere reports whether a closure that mc makes runs within the
// function: it is called at once, or handed to pgx.BeginFunc, or to a
// wired interface's method (a unit of work's Do), whose implementations
// the composition root asks whether they run it.
func (b *stmtBuilder) runsHere(mc *ssa.MakeClosure) bool {
	return b.runsValue(mc, mc)
}

// runsValue is runsHere for v, the closure mc or its conversion to a
// named function type (fn TxFunc).
func (b *stmtBuilder) runsValue(mc *ssa.MakeClosure, v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if ct, ok := r.(*ssa.ChangeType); ok && b.runsValue(mc, ct) {
			return true
		}
		if call, ok := r.(*ssa.Call); ok && (call.Call.Value == v || effects.RunsInTxBy(b.h, &call.Call) || callsInline(&call.Call) || call.Call.IsInvoke() && b.wiredOK(call)) {
			return true
		}
	}
	return false
}

// runLiterals visits the function literals a call runs before it
// returns, by the catalog (a retry wrapper's operation,
// backoff.Retry(op, b)) or by the summary of its callee of another
// package (Runs: retry.Do(ctx, p, func() (T, error) {...}) of the
// program's own): their statements and wired calls are the caller's,
// in order. It returns the literals it visited.
func (b *stmtBuilder) runLiterals(c ssa.CallInstruction) map[*ssa.Function]bool {
	cc := c.Common()
	if _, now := c.(*ssa.Call); !now || cc.IsInvoke() {
		return nil
	}
	callee := valueflow.Callee(cc)
	if callee == nil {
		return nil
	}
	var runs []int
	if reg, ok := b.h.r.Env.Catalog.Registration(callee); ok && reg.Attempts {
		runs = append(runs, reg.Arg)
	} else if s := b.h.r.Imported(callee); s != nil && callee.Pkg() != b.h.r.Env.Pkg {
		runs = s.Runs
	}
	var out map[*ssa.Function]bool
	for _, i := range runs {
		if i >= len(cc.Args) {
			continue
		}
		v := cc.Args[i]
		if w := valueflow.Converted(v); w != nil {
			v = w
		}
		lit := literalOf(v, c.Parent())
		if lit == nil || out[lit] {
			continue
		}
		if out == nil {
			out = map[*ssa.Function]bool{}
		}
		out[lit] = true
		b.visit(lit)
	}
	return out
}

// callsInline reports whether a call runs its function argument before
// it returns (catalog.CallsInline).
func callsInline(cc *ssa.CallCommon) bool {
	fn := valueflow.Callee(cc)
	return fn != nil && catalog.CallsInline(fn)
}

// wiredOK reports whether a call is one the list records as wired.
func (b *stmtBuilder) wiredOK(call *ssa.Call) bool {
	_, ok := b.h.r.wiredAt(call)
	return ok
}

// runsParams returns the function parameters of fn (by index) that fn,
// or a function literal it runs at once or hands to a transaction
// function, calls: the work a unit of work's Do is given; and those of
// them it calls inside a transaction function's literal with arguments
// made from that literal's transaction alone.
func runsParams(cat *catalog.Catalog, sums effects.Summaries, fn *ssa.Function) (runs, inTx []int) {
	return runsParamsDepth(cat, sums, fn, 0)
}

// runsAgain returns those of runs, parameters of fn that it runs, that
// fn calls, or hands to a call, in a loop (for range 3 { if err =
// r.once(ctx, fn); err == nil { ... } }): it may run them twice.
func runsAgain(fn *ssa.Function, runs []int) []int {
	var out []int
	for _, i := range runs {
		p := fn.Params[i]
		again := slices.ContainsFunc(*p.Referrers(), func(r ssa.Instruction) bool {
			c, ok := r.(ssa.CallInstruction)
			return ok && inLoop(c.Block())
		})
		if again {
			out = append(out, i)
		}
	}
	return out
}

// maxRunsDepth bounds the functions of the package that hand on the
// work they are given (Tx(ctx, db, fn) calling WithTx(ctx, db,
// func(q) { fn(q) })) that runsParams follows.
const maxRunsDepth = 3

func runsParamsDepth(cat *catalog.Catalog, sums effects.Summaries, fn *ssa.Function, depth int) (runs, inTx []int) {
	var visit func(f *ssa.Function, tx ssa.Value)
	visit = func(f *ssa.Function, tx ssa.Value) {
		begun := begunTxs(f)
		for _, blk := range f.Blocks {
			for _, instr := range blk.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if p := calledParam(fn, call.Call.Value); p != nil {
					i := slices.Index(fn.Params, p)
					if i >= 0 && !slices.Contains(runs, i) {
						runs = append(runs, i)
					}
					inOne := tx != nil && madeFromTx(sums, call.Call.Args, tx) ||
						slices.ContainsFunc(begun, func(b ssa.Value) bool { return madeFromTx(sums, call.Call.Args, b) })
					if i >= 0 && inOne && !slices.Contains(inTx, i) {
						inTx = append(inTx, i)
					}
				}
				if callee := call.Call.StaticCallee(); callee != nil && callee.Parent() == f {
					visit(callee, tx)
				}
				handedOn(cat, sums, fn, call, depth, &runs, &inTx)
				if obj := valueflow.Callee(&call.Call); obj != nil {
					// A parameter handed to a retry wrapper as its
					// operation (backoff.Retry(ctx, op, ...)) runs
					// before the wrapper returns.
					if reg, ok := cat.Registration(obj); ok && reg.Attempts && reg.Arg < len(call.Call.Args) {
						op := valueflow.Unwrap(call.Call.Args[reg.Arg])
						if p := calledParam(fn, op); p != nil {
							if i := slices.Index(fn.Params, p); i >= 0 && !slices.Contains(runs, i) {
								runs = append(runs, i)
							}
						}
						if lit := valueflow.LiteralFunc(op); lit != nil {
							// An operation that calls the parameter
							// (retrygo.Do(func() error { return fn(ctx) })).
							visit(lit, tx)
						}
					} else if pkg := valueflow.FuncPkg(f); pkg != nil && obj.Pkg() != pkg.Pkg {
						// A retry helper of another package of the
						// program, whose summary says it runs the
						// literal it is given (retry.Do(ctx, policy,
						// func(ctx) (T, error) { return fn(ctx) })).
						if sum := sums.StmtSummary(call.Call.StaticCallee(), obj); sum != nil {
							for _, i := range sum.Runs {
								if i < len(call.Call.Args) {
									if lit := valueflow.LiteralFunc(call.Call.Args[i]); lit != nil && lit.Parent() == f {
										visit(lit, tx)
									}
								}
							}
						}
					}
				}
				if effects.RunsInTx(&call.Call) {
					for _, a := range call.Call.Args {
						if p := calledParam(fn, valueflow.Unwrap(a)); p != nil && isFunc(p.Type()) {
							// The work handed on to the transaction
							// function itself (db.RunInTx(ctx, nil,
							// fn)): it runs in the transaction.
							if i := slices.Index(fn.Params, p); i >= 0 {
								if !slices.Contains(runs, i) {
									runs = append(runs, i)
								}
								if !slices.Contains(inTx, i) {
									inTx = append(inTx, i)
								}
							}
						}
						if lit := valueflow.LiteralFunc(a); lit != nil {
							visit(lit, txParam(lit))
						}
					}
				} else if g := origin(call.Call.StaticCallee()); g != nil && depth < maxRunsDepth && g.Parent() == nil && g.Pkg == fn.Pkg && g != fn && g.Blocks != nil &&
					slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return literalOf(a, f) != nil }) {
					// A function of the package that runs the literal
					// it is given, perhaps in a transaction it begins:
					// read only when a literal is given it.
					gruns, gtx := runsParamsDepth(cat, sums, g, depth+1)
					for _, i := range gruns {
						if i >= len(call.Call.Args) {
							continue
						}
						lit := literalOf(call.Call.Args[i], f)
						if lit == nil {
							continue
						}
						ltx := tx
						if slices.Contains(gtx, i) {
							// The literal's parameter is the callee's
							// transaction, whatever interface it is
							// seen through (q Querier), or what the
							// callee builds from it alone (db.New(tx)).
							ltx = txParam(lit)
							if ltx == nil && len(lit.Params) == 1 && types.IsInterface(lit.Params[0].Type()) {
								ltx = lit.Params[0]
							}
						}
						visit(lit, ltx)
					}
				}
			}
		}
	}
	visit(fn, nil)
	return runs, inTx
}

// handedOn adds to runs and inTx the function parameters of fn that
// call, a call of another function of the package, hands on to one of
// its parameters that it runs, in a transaction or not (a runner's
// WithinTx(ctx, fn) calling r.runOnce(ctx, fn), which begins the
// transaction and runs fn in it).
func handedOn(cat *catalog.Catalog, sums effects.Summaries, fn *ssa.Function, call *ssa.Call, depth int, runs, inTx *[]int) {
	g := origin(call.Call.StaticCallee())
	if g == nil || depth >= maxRunsDepth || g.Parent() != nil || g.Pkg != fn.Pkg || g == fn || g.Blocks == nil {
		return
	}
	handed := func(a ssa.Value) *ssa.Parameter {
		if p := calledParam(fn, valueflow.Unwrap(a)); p != nil && isFunc(p.Type()) {
			return p
		}
		return nil
	}
	if !slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return handed(a) != nil }) {
		return
	}
	gruns, gtx := runsParamsDepth(cat, sums, g, depth+1)
	for _, j := range gruns {
		if j >= len(call.Call.Args) {
			continue
		}
		p := handed(call.Call.Args[j])
		if p == nil {
			continue
		}
		i := slices.Index(fn.Params, p)
		if i < 0 {
			continue
		}
		if !slices.Contains(*runs, i) {
			*runs = append(*runs, i)
		}
		if slices.Contains(gtx, j) && !slices.Contains(*inTx, i) {
			*inTx = append(*inTx, i)
		}
	}
}

// isFunc reports whether t is a function type.
func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// origin returns the generic function an instance is of, or fn.
func origin(fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}

// literalOf returns the function literal of f that v is, made into a
// closure or not, or nil.
func literalOf(v ssa.Value, f *ssa.Function) *ssa.Function {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		if lit := v.Fn.(*ssa.Function); lit.Parent() == f {
			return lit
		}
	case *ssa.Function:
		if v.Parent() == f {
			return v
		}
	}
	return nil
}

// runsPast returns the function parameters that fn, or a literal of it,
// calls only past wired calls deciding whether they run (deciders): each
// call of the parameter has some, and those of the first are kept.
func runsPast(env *valueflow.Env, fn *ssa.Function) []valueflow.RunGuard {
	guards := map[int][]valueflow.WiredCall{}
	unguarded := map[int]bool{}
	for i, call := range paramCalls(fn) {
		if g := deciders(env, call); len(g) > 0 && !unguarded[i] {
			if _, seen := guards[i]; !seen {
				guards[i] = g
			}
		} else {
			unguarded[i] = true
		}
	}
	var out []valueflow.RunGuard
	for i := range fn.Params {
		if g, ok := guards[i]; ok && !unguarded[i] {
			out = append(out, valueflow.RunGuard{Param: i, Guards: g})
		}
	}
	return out
}

// paramCalls yields the calls of fn's parameters that fn, or a literal
// of it, makes, each with the parameter's index.
func paramCalls(fn *ssa.Function) iter.Seq2[int, *ssa.Call] {
	return func(yield func(int, *ssa.Call) bool) {
		var visit func(f *ssa.Function) bool
		visit = func(f *ssa.Function) bool {
			for _, blk := range f.Blocks {
				for _, instr := range blk.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok {
						continue
					}
					if p := calledParam(fn, call.Call.Value); p != nil && !yield(slices.Index(fn.Params, p), call) {
						return false
					}
				}
			}
			for _, anon := range f.AnonFuncs {
				if !visit(anon) {
					return false
				}
			}
			return true
		}
		visit(fn)
	}
}

// runsClaimed returns the function parameters that fn, or a literal of
// it, calls only past a dedup guard of the function that calls them
// (GuardedCall): a runner that claims the caller's key and runs the
// work only when the claim is new. Only a runner that makes a claim
// itself is asked, once: the guards of every function that calls a
// parameter would cost the statements of all their callees.
func runsClaimed(res *Result, fn *ssa.Function) []int {
	res.guardsMu.Lock()
	out, ok := res.claimed[fn]
	res.guardsMu.Unlock()
	if ok {
		return out
	}
	if claims(res, fn) {
		out = paramsPastGuards(res, fn)
	}
	res.guardsMu.Lock()
	if res.claimed == nil {
		res.claimed = map[*ssa.Function][]int{}
	}
	res.claimed[fn] = out
	res.guardsMu.Unlock()
	return out
}

// claims reports whether fn, or a literal of it, runs a dedup guard's
// statement itself (a conflict-tolerant INSERT whose rows affected it
// reads).
func claims(res *Result, fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if st := effects.WriteStmtOf(res.Env.Catalog, call); st != nil && effects.IsGuard(st) {
					return true
				}
			}
		}
	}
	return slices.ContainsFunc(fn.AnonFuncs, func(anon *ssa.Function) bool { return claims(res, anon) })
}

// paramsPastGuards is runsClaimed's answer for a runner that claims.
func paramsPastGuards(res *Result, fn *ssa.Function) []int {
	guarded, unguarded := map[int]bool{}, map[int]bool{}
	for i, call := range paramCalls(fn) {
		if res.GuardedCall(call) {
			guarded[i] = true
		} else {
			unguarded[i] = true
		}
	}
	var out []int
	for i := range fn.Params {
		if guarded[i] && !unguarded[i] {
			out = append(out, i)
		}
	}
	return out
}

// handsClaimed reports whether call hands lit to a runner that runs it
// only past a claim of its own (runsClaimed; RunsClaimed, for a runner
// of another package).
func handsClaimed(res *Result, call ssa.CallInstruction, lit *ssa.Function) bool {
	var claimed []int
	if fn := call.Common().StaticCallee(); fn != nil && fn.Blocks != nil && fn.Pkg != nil && fn.Pkg.Pkg == res.Env.Pkg {
		claimed = runsClaimed(res, fn)
	} else if callee := valueflow.Callee(call.Common()); callee != nil {
		if s := res.Imported(callee); s != nil {
			claimed = s.RunsClaimed
		}
	}
	args := call.Common().Args
	return slices.ContainsFunc(claimed, func(i int) bool { return i < len(args) && madeFrom(args[i], lit) })
}

// begunTxs returns the transactions f begins itself (tx, err :=
// db.BeginTxx(ctx, nil)): a function it is given and calls with one
// runs in that transaction, which f then commits or rolls back.
func begunTxs(f *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := valueflow.Callee(&call.Call)
			if callee == nil || !catalog.IsBegin(callee.Name()) {
				continue
			}
			if v := result(call, 0); v != nil && catalog.IsTx(v.Type()) {
				out = append(out, v)
			}
		}
	}
	return out
}

// calledParam returns the parameter of fn that a call's function value
// is, directly or through a variable a function literal captures.
func calledParam(fn *ssa.Function, v ssa.Value) *ssa.Parameter {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a captured variable's value
	}
	if fv, ok := v.(*ssa.FreeVar); ok {
		v = valueflow.Unwrap(effects.Binding(fv))
	}
	if alloc, ok := v.(*ssa.Alloc); ok {
		if p := valueflow.CellParam(alloc); p != nil {
			v = p // the parameter the variable holds
		}
	}
	if p, ok := v.(*ssa.Parameter); ok && p.Parent() == fn {
		return p
	}
	return nil
}

// txParam returns the parameter of a transaction function's literal
// that is the transaction: the one of a handle's type.
func txParam(lit *ssa.Function) ssa.Value {
	for _, p := range lit.Params {
		if isHandleType(p.Type()) {
			return p
		}
	}
	return nil
}

// madeFromTx reports whether the arguments of a call hand on tx and no
// other handle: tx itself, a struct built in place whose handle fields
// hold tx (&repos{db: tx}), or a call given tx (store.New(tx)).
func madeFromTx(sums effects.Summaries, args []ssa.Value, tx ssa.Value) bool {
	uses := 0
	for _, a := range args {
		switch n := handlesIn(sums, a, tx); {
		case n < 0:
			return false
		default:
			uses += n
		}
	}
	return uses > 0
}

// handlesIn counts the handles a value hands on that are tx, or returns
// -1 when it hands on another.
func handlesIn(sums effects.Summaries, v ssa.Value, tx ssa.Value) int {
	v = valueflow.Unwrap(v)
	if ci, ok := v.(*ssa.ChangeInterface); ok {
		v = valueflow.Unwrap(ci.X) // the transaction as the program's executor interface
	}
	if v == tx {
		return 1
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		// A variable a deferred closure captures (tx, to roll it
		// back), read where the function is called.
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			if stored, ok := valueflow.StoredOnce(a); ok && valueflow.Unwrap(stored) == tx {
				return 1
			}
			if pointsToStruct(a.Type()) {
				// A struct built in place and handed on by value
				// (fn(ctx, Tx{Checks: &checkRepo{db: g}, ...})):
				// the handles its fields hold.
				return handlesIn(sums, a, tx)
			}
		}
	case *ssa.Alloc:
		n := 0
		for _, r := range *x.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, w := range *fa.Referrers() {
				st, ok := w.(*ssa.Store)
				if !ok || st.Addr != fa {
					continue
				}
				if inner, ok := valueflow.Unwrap(heldHandle(st.Val)).(*ssa.Alloc); ok && inner != x && pointsToStruct(inner.Type()) {
					// A repository built in place on the
					// transaction (&checkRepo{db: g}), held in a
					// field of the bundle.
					m := handlesIn(sums, inner, tx)
					if m < 0 {
						return -1
					}
					n += m
					continue
				}
				if c, ok := heldHandle(st.Val).(*ssa.Call); ok && !isHandleType(c.Type()) {
					// A repository the function binds to the
					// transaction (q.WithTx(tx), jobs.WithTx(tx)).
					m := handlesIn(sums, c, tx)
					if m < 0 {
						return -1
					}
					n += m
					continue
				}
				if !isHandleType(heldHandle(st.Val).Type()) {
					continue
				}
				if heldHandle(st.Val) != tx {
					if beginsOnly(sums, fa) {
						continue // the pool it begins the next transaction on (&Store{db: s.db, q: tx})
					}
					return -1
				}
				n++
			}
		}
		return n
	case *ssa.Call:
		// store.New(tx), context.WithValue(ctx, txKey{}, tx).
		n := 0
		for _, a := range x.Call.Args {
			a = heldHandle(a) // the context's value, held as any
			if !isHandleType(a.Type()) {
				continue
			}
			if handlesIn(sums, a, tx) != 1 {
				return -1
			}
			n++
		}
		return n
	}
	if isHandleType(v.Type()) {
		return -1
	}
	return 0
}

// pointsToStruct reports whether t, an Alloc's type, points to a struct.
func pointsToStruct(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

// heldHandle returns the value v holds as another type: a transaction
// stored as the program's executor interface (Queries{db: tx}) or as a
// beginsOnly reports whether the package of fa uses the field fa
// selects, a pool, only to begin transactions on (a Begin method, a
// transaction function, or a runner of the program whose summary says
// it begins one on what it is given) and to copy into the same field of
// another value: a struct that keeps it beside a transaction runs its
// statements on the transaction.
func beginsOnly(sums effects.Summaries, fa *ssa.FieldAddr) bool {
	pkg := fa.Parent().Pkg
	if pkg == nil {
		return false
	}
	st := fa.X.Type().Underlying().(*types.Pointer).Elem()
	same := func(x ssa.Value, field int) bool {
		if p, ok := x.Type().Underlying().(*types.Pointer); ok {
			return field == fa.Field && types.Identical(p.Elem(), st)
		}
		return false
	}
	used := true
	for _, fn := range packageFuncs(pkg) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				f, ok := instr.(*ssa.FieldAddr)
				if !ok || !same(f.X, f.Field) {
					continue
				}
				for _, r := range *f.Referrers() {
					load, ok := r.(*ssa.UnOp)
					if !ok || load.Op != token.MUL {
						continue // a store into the field
					}
					used = used && onlyBegun(sums, pkg, load, same)
				}
			}
		}
	}
	return used
}

// onlyBegun reports whether every use of v, a pool read from a field,
// begins a transaction on it or copies it into the same field (same).
func onlyBegun(sums effects.Summaries, pkg *ssa.Package, v ssa.Value, same func(ssa.Value, int) bool) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if f, ok := r.Addr.(*ssa.FieldAddr); !ok || !same(f.X, f.Field) {
				return false
			}
		case ssa.CallInstruction:
			cc := r.Common()
			obj := valueflow.Callee(cc)
			switch {
			case obj == nil:
				return false
			case cc.Signature().Recv() != nil && len(cc.Args) > 0 && cc.Args[0] == v && catalog.IsBegin(obj.Name()):
			case catalog.IsTxFunc(obj):
			case cc.StaticCallee() != nil && !cc.IsInvoke() && cc.StaticCallee().Pkg != pkg:
				// A runner of another package, by its fact: one of the
				// package would be summarised while this one is.
				if s := sums.StmtSummary(cc.StaticCallee(), obj); s == nil || len(s.RunsInTx) == 0 {
					return false
				}
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// packageFuncs returns the functions of pkg with their literals: its
// functions and the methods its named types declare.
func packageFuncs(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || fn.Blocks == nil {
			return
		}
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			// The methods the type declares, not those promoted from
			// its fields' types: no method set of another package's
			// types is computed.
			if named, ok := m.Type().(*types.Named); ok {
				for i := range named.NumMethods() {
					add(pkg.Prog.FuncValue(named.Method(i)))
				}
			}
		}
	}
	return out
}

// context's value (any).
func heldHandle(v ssa.Value) ssa.Value {
	v = valueflow.Unwrap(v)
	if ci, ok := v.(*ssa.ChangeInterface); ok {
		v = valueflow.Unwrap(ci.X)
	}
	return v
}

// isHandleType reports whether t is a database handle: a transaction, a
// pool or connection, or an ORM's handle.
func isHandleType(t types.Type) bool {
	return catalog.IsTx(t) || catalog.IsAutocommit(t) || catalog.IsORMHandle(t)
}

// hasStmts reports whether a closure executes SQL itself.
func hasStmts(h *handles, fn *ssa.Function) bool {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && effects.WriteStmtOf(h.r.Env.Catalog, c) != nil {
				return true
			}
		}
	}
	return false
}

// call adds what a call runs: its own statement, a closure's statements,
// a pgx.BeginFunc callback's, or a summarised callee's. What runs by go
// or defer, or in a function literal handed to other code, runs apart
// from the function's order: the list is then cut.
func (b *stmtBuilder) call(c ssa.CallInstruction) {
	if st := effects.WriteStmtOf(b.h.r.Env.Catalog, c); st != nil {
		b.own(c, st)
		return
	}
	cc := c.Common()
	if _, now := c.(*ssa.Call); now && b.runsNext(cc) {
		b.add(valueflow.SQLStmt{Next: true, At: b.frame(c)}, c, nil)
		return
	}
	if effects.RunsInTxBy(b.h, cc) {
		b.callbacks(cc)
		return
	}
	if callsInline(cc) {
		b.callbacks(cc) // fetches.EachRecord(func(r) {...}): the literal runs here
		return
	}
	ran := b.runLiterals(c)
	for _, a := range cc.Args {
		if f, ok := a.(*ssa.Function); ok && f.Parent() != nil && !ran[f] && hasStmts(b.h, f) {
			b.sum.StmtsCut = true // a function literal handed to code this list cannot follow
		}
	}
	call, now := c.(*ssa.Call) // not go, not defer
	var bound *ssa.Function
	if now && cc.StaticCallee() == nil && !cc.IsInvoke() {
		bound = b.boundConcrete(call)
	}
	switch callee := cc.StaticCallee(); {
	case bound != nil:
		// A method of a concrete type bound into a field the package
		// fills (PostLedger: l.Post): the wrapper SSA makes for it
		// calls it, with the arguments of this call.
		b.visit(bound)
	case callee == nil && now:
		n := len(b.sum.Stmts)
		b.wired(call) // an interface's method, or one bound in a function value
		if cc.IsInvoke() && len(b.sum.Stmts) > n {
			// A function literal handed to an interface's method (a
			// unit of work's Do(ctx, func(ctx, repos) error)) runs
			// within the call when the implementations run it: its
			// statements follow the call, marked for the composition
			// root to keep or drop.
			b.wiredCallbacks(cc, n)
		}
		if !cc.IsInvoke() && len(b.sum.Stmts) == n {
			b.dispatch(call)
		}
	case callee == nil:
	case callee.Parent() != nil && now:
		b.visit(callee) // a closure called here
	case callee.Parent() != nil:
		b.sum.StmtsCut = b.sum.StmtsCut || hasStmts(b.h, callee)
	case now:
		b.callee(call)
	default:
		sub := b.h.StmtSummary(callee, valueflow.Callee(cc))
		b.sum.StmtsCut = b.sum.StmtsCut || sub != nil && (sub.StmtsCut || slices.ContainsFunc(sub.Stmts, isSQL))
	}
}

// maxDispatch bounds the entries of a table of handlers whose
// statements a call of one of them adds.
const maxDispatch = 16

// dispatch adds the statements of the functions a table of the
// package's handlers runs for call (s.routes[evt.Type](ctx, evt)): one
// of them runs, so those of different entries exclude each other. Each
// entry's parameters are the call's arguments (alias).
func (b *stmtBuilder) dispatch(call *ssa.Call) {
	if b.h.r.Retried == nil || b.dispatching[call] {
		return
	}
	bodies := b.h.r.Retried.DispatchBodies(call)
	if len(bodies) == 0 || len(bodies) > maxDispatch {
		return
	}
	if b.dispatching == nil {
		b.dispatching = map[*ssa.Call]bool{}
	}
	b.dispatching[call] = true
	defer delete(b.dispatching, call)
	if b.alias == nil {
		b.alias = map[*ssa.Parameter]ssa.Value{}
	}
	var groups [][2]int
	for _, f := range bodies {
		start := len(b.sum.Stmts)
		for i, p := range f.Params {
			if i < len(call.Call.Args) {
				b.alias[p] = call.Call.Args[i] // the entry is given the call's arguments
			}
		}
		b.visit(f)
		for _, p := range f.Params {
			delete(b.alias, p)
		}
		groups = append(groups, [2]int{start, len(b.sum.Stmts)})
	}
	for gi, g := range groups {
		for i := g[0]; i < g[1]; i++ {
			for gj, other := range groups {
				for j := other[0]; gj != gi && j < other[1]; j++ {
					b.excl[i] = append(b.excl[i], j)
				}
			}
		}
	}
}

// boundConcrete returns the wrapper of the method of a concrete type
// that call, a call of a function value, runs (retried.BoundWrapper).
func (b *stmtBuilder) boundConcrete(call *ssa.Call) *ssa.Function {
	if b.h.r.Retried == nil {
		return nil
	}
	return b.h.r.Retried.BoundWrapper(call)
}

// own adds a statement the function executes itself.
func (b *stmtBuilder) own(c ssa.CallInstruction, st *effects.Stmt) {
	if st.SQL.Kind == sqltext.Unknown && st.TextParam == 0 {
		return
	}
	h := b.handle(b.source(effects.StmtHandle(st), "", st.Durability))
	if st.Recv == nil && st.RecvBase != nil && st.Durability == effects.DurUnknown {
		h = b.handle(b.source(st.RecvBase, st.RecvPath, st.Durability))
	}
	if h.Kind == valueflow.HandleUnknown && st.Durability == effects.DurUnknown {
		h = b.forwardedHandle(c)
	}
	if h.Kind == valueflow.HandleUnknown && st.Durability == effects.DurUnknown && st.Recv != nil {
		// A builder begun on what a context chooses
		// (r.conn(ctx).NewUpdate()...): the context's transaction,
		// or the database.
		h = b.chooserHandle(st.Recv)
	}
	if st.Assumed {
		// An ORM's handle taken for the database only because its
		// origin is a parameter: the caller's handle decides, the
		// database when it does not.
		if p := b.handle(b.source(st.Recv, "", effects.DurUnknown)); p.Kind == valueflow.HandleParam {
			h = p
		}
	}
	var args []valueflow.ArgSource
	for _, a := range st.Args {
		args = append(args, b.argSource(a, ""))
	}
	for _, path := range st.ArgPaths {
		args = append(args, b.argSource(st.ArgBase, path))
	}
	stmt := valueflow.SQLStmt{SQL: st.Text, TextParam: st.TextParam, Handle: h, Guard: effects.IsGuard(st), ReadBack: st.SQL.ReadsBack || effects.ORMReadBack(st), Partial: st.Partial, At: b.frame(c), Args: args, Ignores: b.h.ignoredAt(c.Pos()), Lit: b.literal(st), Assumed: st.Assumed, FromWork: b.fromWork(st.Recv), ProducedBy: b.argProducers(st), Model: st.Generic, NoRowTaken: effects.TakesNoRow(c.Parent()), NoRowFails: effects.NoRowFails(st), Hidden: effects.GuardHidden(st)}
	if st.Assumed && st.Recv != nil {
		b.chosenBy(&stmt, effects.HandleContext(st.Recv))
	} else if on := effects.NestedOn(effects.StmtHandle(st)); on != nil && h.Kind == valueflow.HandleTx {
		// A transaction begun on the one a context carries, if any:
		// a savepoint of it.
		stmt.Nested = true
		b.chosenBy(&stmt, effects.HandleContext(on))
	}
	if st.Recv != nil {
		if b.direct == nil {
			b.direct = map[int]*effects.Stmt{}
		}
		b.direct[len(b.instrs)] = st
	}
	b.add(stmt, c, nil)
}

// forwardedHandle returns, for a call of a function of the package that
// forwards its text to an executor on a handle it finds itself
// (s.exec(ctx, q, args...) running s.q(ctx).ExecContext, q choosing
// the context's transaction or the store's database), the handle its
// own statement runs on, in terms of this call's arguments; unknown
// otherwise.
func (b *stmtBuilder) forwardedHandle(c ssa.CallInstruction) valueflow.Handle {
	call, ok := c.(*ssa.Call)
	if !ok {
		return valueflow.Handle{}
	}
	fn := call.Call.StaticCallee()
	if o := originOf(fn); o != nil {
		fn = o // a generic store's method: its body is the origin's
	}
	if fn == nil || fn == b.fn || fn.Blocks == nil || !b.h.local(fn) {
		return valueflow.Handle{}
	}
	recv := forwardedRecv(b.h.r.Env.Catalog, fn)
	if recv == nil {
		return valueflow.Handle{}
	}
	inner := &stmtBuilder{h: b.h, fn: fn, sum: &valueflow.Summary{}, callTx: make(map[callTx]int)}
	h := inner.handle(inner.source(recv, "", effects.DurUnknown))
	if h.Kind == valueflow.HandleUnknown {
		h = inner.chooserHandle(recv) // s.q(ctx): what the context chooses
	}
	if h.Kind != valueflow.HandleParam {
		return valueflow.Handle{}
	}
	return b.mapHandle(call, h)
}

// forwardedRecv returns the handle of fn's one executor call whose
// text is fn's parameter: what fn forwards its caller's text to.
func forwardedRecv(cat *catalog.Catalog, fn *ssa.Function) ssa.Value {
	var recv ssa.Value
	n := 0
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := valueflow.Callee(c.Common())
			if callee == nil {
				continue
			}
			sc, ok := cat.SQL(callee)
			if !ok || sc.Query < 0 {
				continue
			}
			offset := len(c.Common().Args) - callee.Type().(*types.Signature).Params().Len()
			if q := sc.Query + offset; q >= len(c.Common().Args) {
				continue
			} else if _, isParam := valueflow.Unwrap(c.Common().Args[q]).(*ssa.Parameter); !isParam {
				continue
			}
			recv, n = valueflow.SQLHandle(c.Common(), callee, sc), n+1
		}
	}
	if n != 1 {
		return nil
	}
	return recv
}

// chosenBy records that the handle of st is the transaction ctx
// carries, or else the database: the work's, when ctx is the context a
// unit of work gives the function literal being listed; the caller's,
// when ctx is (derived from) a parameter of the function.
func (b *stmtBuilder) chosenBy(st *valueflow.SQLStmt, ctx ssa.Value) {
	if ctx == nil {
		return
	}
	if b.contextFromWork(ctx) {
		st.FromWork = true
		return
	}
	p := rootParam(ctx)
	if p == nil || p.Parent() == b.fn {
		if h := b.carried(ctx); h.Kind == valueflow.HandleTx {
			// The transaction this function put in the context
			// (platform.WithTx(ctx, tx), tx begun here); a
			// literal's context is its unit of work's (workGiven).
			st.Handle, st.Assumed = h, false
			b.nestedCarried(st, ctx)
			return
		}
	}
	if p == nil {
		return
	}
	if i := slices.Index(b.fn.Params, p); i >= 0 {
		st.Context = i + 1
	} else if given, ok := b.workGiven(p.Parent()); ok {
		// The context a unit of work runs this function's literal with
		// (l.InTx(ctx, func(ctx) error {...})): its transaction, or the
		// one the context it was given carries, which it may join.
		st.Handle, st.Assumed, st.Nested = b.handle(effects.Source{Kind: valueflow.HandleTx, Tx: p}), false, true
		if i := slices.Index(b.fn.Params, given); i >= 0 {
			st.Context = i + 1
		}
	}
}

// workGiven reports whether lit, a function literal, is run in a
// transaction by a call of the function that makes it (a unit of
// work's InTx(ctx, lit)), and returns the root of the context that call
// is given: a parameter, when it is one.
func (b *stmtBuilder) workGiven(lit *ssa.Function) (*ssa.Parameter, bool) {
	if lit.Parent() == nil {
		return nil, false
	}
	for _, blk := range lit.Parent().Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || !effects.RunsLiteralInTx(b.h, c.Common(), lit) {
				continue
			}
			for _, a := range c.Common().Args {
				if catalog.TypeKey(a.Type()) == "context.Context" {
					return rootParam(a), true
				}
			}
			return nil, true
		}
	}
	return nil, false
}

// rootParam returns the parameter a context is, or is derived from by
// the context package's With functions, or nil.
func rootParam(ctx ssa.Value) *ssa.Parameter {
	for depth := 0; ctx != nil && depth < 4; depth++ {
		ctx = valueflow.Unwrap(ctx)
		if p, ok := ctx.(*ssa.Parameter); ok {
			return p
		}
		if load, ok := ctx.(*ssa.UnOp); ok && load.Op == token.MUL {
			if cell, ok := load.X.(*ssa.Alloc); ok {
				if p := valueflow.CellParam(cell); p != nil {
					return p // the cell of a parameter a literal captures
				}
			}
		}
		var ok bool
		if ctx, ok = effects.ParentContext(ctx); !ok {
			return nil
		}
	}
	return nil
}

// literal locates the SQL of an INSERT without conflict handling, for a
// composition root's fix. Only a run that loads every package's source
// can use it: go vet's facts go without it.
func (b *stmtBuilder) literal(st *effects.Stmt) *valueflow.SQLLit {
	r := b.h.r
	if st.SQL.Kind != sqltext.Insert || st.SQL.Conflict || !r.Catalog.Config().WholeProgram {
		return nil
	}
	lit, text := fix.SQLLiteralAt(r.files, r.info, r.Env.Pkg, st.Instr.Pos())
	if lit == nil || !fix.StatementText(text, st.Text) {
		if sl := b.modelCreate(st); sl != nil {
			return sl
		}
		return b.builderExec(st)
	}
	sl := &valueflow.SQLLit{
		Pos:     valueflow.FrameAt(r.Env.Fset, "", lit.Pos()).Pos,
		Dialect: int(fix.DialectOf(r.Env.Pkg, st.Text)),
		Rows:    effects.ReadsRows(st.Instr),
	}
	if text != st.Text {
		// Named parameters: the driver the package imports tells the
		// dialect.
		sl.Text, sl.Dialect = text, int(fix.NamedDialect(r.Env.Pkg))
	}
	return sl
}

// modelCreate locates the method of an ORM's create that takes a
// conflict clause before it (gorm's db.Create(&m), which becomes
// db.Clauses(clause.OnConflict{...}).Create(&m)), with what importing
// the clause's package needs, for a composition root's fix.
func (b *stmtBuilder) modelCreate(st *effects.Stmt) *valueflow.SQLLit {
	r := b.h.r
	callee := valueflow.Callee(st.Instr.Common())
	if callee == nil {
		return nil
	}
	path, _, ok := catalog.ConflictClause(callee)
	if !ok {
		return nil
	}
	file := fix.FileAt(r.files, st.Instr.Pos())
	if file == nil {
		return nil
	}
	call := fix.CallAt(file, st.Instr.Pos())
	if call == nil {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != callee.Name() {
		return nil
	}
	sl := &valueflow.SQLLit{Pos: valueflow.FrameAt(r.Env.Fset, "", sel.Sel.Pos()).Pos, Clauses: path, ClauseName: fix.ImportName(r.Env.Pkg, file, path)}
	if sl.ClauseName == "" {
		if sl.ClauseImport = fileEdits(r.Env.Fset, fix.AddImport(file, path)); sl.ClauseImport == nil {
			return nil
		}
	}
	return sl
}

// builderExec locates the executor of a query builder's INSERT that
// passes it nothing to scan into (bun's NewInsert().Model(m).Exec(ctx)),
// before which a composition root's fix adds the conflict handling: a
// duplicate then inserts no row and fails nothing.
func (b *stmtBuilder) builderExec(st *effects.Stmt) *valueflow.SQLLit {
	r := b.h.r
	callee := valueflow.Callee(st.Instr.Common())
	if callee == nil {
		return nil
	}
	qb, exec, ok := fix.BuilderExec(r.files, callee, st.Instr.Pos())
	if !ok {
		return nil
	}
	return &valueflow.SQLLit{Pos: valueflow.FrameAt(r.Env.Fset, "", exec).Pos, Builder: qb.Path}
}

// argSource says which parameter of fn, at which field path, the value v
// at path is; Param is -1 when it is none.
func (b *stmtBuilder) argSource(v ssa.Value, path string) valueflow.ArgSource {
	v = b.aliased(v)
	if fa, ok := valueflow.Unwrap(v).(*ssa.FieldAddr); ok {
		// &product.ID: the drivers read the value through the pointer.
		v, path = fa.X, "."+valueflow.FieldName(fa.X.Type(), fa.Field)+path
	}
	if i, p, ok := effects.ParamOf(b.h, b.fn, v, path); ok {
		return valueflow.ArgSource{Param: i, Path: p}
	}
	if path == "" {
		if w := b.computedFrom(capturedValue(v)); w != nil {
			// A value computed from one parameter alone, the same on
			// every call (strings.ToUpper(p.Plate), "donor-" + id,
			// start, _ := dayBounds(day)): the caller's.
			return b.argSource(w, "")
		}
		if b.decodedField(v) {
			return valueflow.ArgSource{Param: valueflow.DecodedParam}
		}
		return constSource(v)
	}
	// A field of a struct built in place: what was stored in it, once.
	field, rest, _ := strings.Cut(strings.TrimPrefix(path, "."), ".")
	if rest != "" {
		rest = "." + rest
	}
	if stores, ok := valueflow.FieldStores(v); ok && len(stores[field]) == 1 {
		if w := b.computedFrom(capturedValue(stores[field][0])); w != nil && rest == "" {
			return b.argSource(w, "")
		}
		if rest == "" && b.decodedField(stores[field][0]) {
			return valueflow.ArgSource{Param: valueflow.DecodedParam}
		}
		if rest == "" {
			return constSource(stores[field][0])
		}
	}
	return valueflow.ArgSource{Param: -1}
}

// decodedField reports whether v is read from a field of a local that a
// catalogued decoder fills from the function's parameters (c.ID after
// json.Unmarshal(msg.Value, &c)): what the delivery carries.
func (b *stmtBuilder) decodedField(v ssa.Value) bool {
	load, ok := valueflow.Unwrap(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	for ok {
		// The local itself, or the one a function literal (a unit of
		// work's callback) captures.
		if alloc, isAlloc := valueflow.CapturedValue(fa.X).(*ssa.Alloc); isAlloc {
			return b.decoded(alloc)
		}
		fa, ok = fa.X.(*ssa.FieldAddr)
	}
	return false
}

// constSource is the source of v, no parameter: a constant's, the same
// on every call, or none.
func constSource(v ssa.Value) valueflow.ArgSource {
	if c, ok := valueflow.Unwrap(v).(*ssa.Const); ok && c.Value != nil {
		return valueflow.ArgSource{Param: valueflow.ConstParam}
	}
	return valueflow.ArgSource{Param: -1}
}

// computedFrom returns the one value v is computed from, the same on
// every call: a derivation (derivedFrom), what a function of another
// package that only carries its one parameter returns (pgconv.Text(s)),
// or the key a lookup of another package that only reads found a row
// by, of which v is the identity (r.ID, r what GetRestaurant(ctx, id)
// returned). Nil otherwise.
func (b *stmtBuilder) computedFrom(v ssa.Value) ssa.Value {
	if w := derivedFrom(b.h.r.Env.Catalog, v, 0); w != nil {
		return w
	}
	if call, ok := valueflow.Unwrap(v).(*ssa.Call); ok {
		if s := b.importedSummary(call); s != nil {
			if p := carriesOne(s); p >= 0 && p < len(call.Call.Args) {
				return call.Call.Args[p]
			}
		}
	}
	base, field, ok := fieldRead(valueflow.Unwrap(v))
	if !ok || !isIdentityField(base.Type(), field) {
		return nil
	}
	if a, isAlloc := base.(*ssa.Alloc); isAlloc {
		if w, once := valueflow.StoredOnce(a); once {
			base = valueflow.Unwrap(w) // the row kept in a variable
		}
	}
	call, ok := base.(*ssa.Call)
	if ex, isEx := base.(*ssa.Extract); isEx {
		call, ok = ex.Tuple.(*ssa.Call)
	} else if load, isLoad := base.(*ssa.UnOp); isLoad {
		call, ok = load.X.(*ssa.Call)
	}
	if !ok {
		return nil
	}
	s := b.importedSummary(call)
	if s == nil || !onlyReads(s, nil) {
		return nil
	}
	var keys []ssa.Value
	for i, a := range call.Call.Args {
		if i == 0 && call.Call.Signature().Recv() != nil {
			continue // the receiver
		}
		if t := a.Type(); catalog.TypeKey(t) != "context.Context" && !effects.IsHandle(b.h.r.Env.Catalog, t) && !valueflow.AutocommitHandle(t) {
			keys = append(keys, a)
		}
	}
	if len(keys) != 1 {
		return nil
	}
	return keys[0]
}

// importedSummary returns the summary of the function of another
// package that call calls statically, or nil.
func (b *stmtBuilder) importedSummary(call *ssa.Call) *valueflow.Summary {
	if call.Call.IsInvoke() {
		return nil
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == b.h.r.pass.Pkg {
		return nil
	}
	return b.h.r.Imported(fn)
}

// carriesOne returns the parameter a function's one result carries,
// whole or in a field (pgconv.Text(s) returning {String: s, Valid: s !=
// ""}), when it carries that one only and runs, calls and makes nothing
// else; -1 otherwise.
func carriesOne(s *valueflow.Summary) int {
	if len(s.FreshResults) > 0 || len(s.Effects) > 0 || len(s.Stmts) > 0 || len(s.Wired) > 0 || len(s.ParamResults) == 0 {
		return -1
	}
	p := s.ParamResults[0].Param
	for _, pr := range s.ParamResults {
		if pr.Param != p || pr.Path != "" || pr.Result != 0 {
			return -1
		}
	}
	return p
}

// onlyReads reports whether a function reads rows and does nothing
// else a retry could see: statements that are all SELECTs, or an ORM's
// reads, and no external call or fresh value. A wired call it makes
// counts as a read when reads, if given, says it only reads.
func onlyReads(s *valueflow.Summary, reads func(valueflow.WiredCall) bool) bool {
	if len(s.Effects) > 0 || len(s.FreshResults) > 0 || reads == nil && len(s.Wired) > 0 || len(s.Stmts) == 0 && !s.ORMReads {
		return false
	}
	for _, st := range s.Stmts {
		if st.Wired != nil && (reads == nil || !reads(st.Wired.Call)) || st.Wired == nil && sqltext.Parse(st.SQL).Kind != sqltext.Select {
			return false
		}
	}
	return true
}

// maxDerived bounds the steps from a value back to the one it is
// computed from.
const maxDerived = 4

// derivedFrom returns the one value v is computed from deterministically
// (by a derivation of the catalog, such as strings.ToUpper, a
// concatenation with constants, or a function of the package that
// returns such a computation of its one parameter), or nil.
func derivedFrom(cat *catalog.Catalog, v ssa.Value, depth int) ssa.Value {
	if depth > maxDerived {
		return nil
	}
	switch x := valueflow.Unwrap(v).(type) {
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return nil
		}
		return soleVariable(x.X, x.Y)
	case *ssa.Call:
		if x.Call.IsInvoke() {
			return nil
		}
		fn := valueflow.Callee(&x.Call)
		if fn == nil {
			return nil
		}
		if cat.IsDeriver(fn) {
			return soleVariable(x.Call.Args...)
		}
		if derivingCall(cat, x, depth) {
			return x.Call.Args[0]
		}
	case *ssa.Extract:
		// A result of a function of the package that computes several
		// from its one parameter (start, end := dayBounds(day)).
		if call, ok := x.Tuple.(*ssa.Call); ok && !call.Call.IsInvoke() && derivingCall(cat, call, depth) {
			return call.Call.Args[0]
		}
	}
	return nil
}

// derivingCall reports whether call calls a function of its own
// package that computes its results from its one parameter alone.
func derivingCall(cat *catalog.Catalog, call *ssa.Call, depth int) bool {
	g := call.Call.StaticCallee()
	return g != nil && g.Blocks != nil && g.Pkg == call.Parent().Pkg && len(g.Params) == 1 && len(call.Call.Args) == 1 && derives(cat, g, depth+1)
}

// soleVariable returns the one value among vs that is not a constant,
// or nil.
func soleVariable(vs ...ssa.Value) ssa.Value {
	var out ssa.Value
	for _, v := range vs {
		if _, ok := valueflow.Unwrap(v).(*ssa.Const); ok {
			continue
		}
		if out != nil {
			return nil
		}
		out = v
	}
	return out
}

// derives reports whether g, a function of one parameter, computes its
// result from that parameter alone: it reads no variable of the
// package, captures none, and calls only derivations of the catalog
// (normalizePlate(s), building the upper-cased letters of s in a
// strings.Builder).
func derives(cat *catalog.Catalog, g *ssa.Function, depth int) bool {
	if len(g.FreeVars) > 0 || depth > maxDerived {
		return false
	}
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(nil) {
				// A variable of the program may change; one of a package
				// of derivations is a constant's kind (time.UTC).
				if global, ok := (*op).(*ssa.Global); ok && !catalog.IsDerivingPackage(global.Pkg.Pkg.Path()) {
					return false
				}
			}
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, builtin := call.Common().Value.(*ssa.Builtin); builtin {
				continue
			}
			fn := valueflow.Callee(call.Common())
			if fn == nil || call.Common().IsInvoke() || !cat.IsDeriver(fn) {
				return false
			}
		}
	}
	return true
}

// enclosing returns, for a value that a function literal being listed
// reads from a variable it captures (a := Assignment{...}; uow.Do(ctx,
// func(ctx) error { return repo.Add(ctx, a) })), the value the variable
// was assigned, once, where the literal is made: what the function whose
// list this is hands on, whose fields it filled. Any other value is
// returned as it is.
func (b *stmtBuilder) enclosing(v ssa.Value) ssa.Value {
	if b.cb == nil {
		return v
	}
	return capturedValue(v)
}

// capturedValue returns, for a value a function literal reads from a
// variable it captures, the value the variable was assigned, once, where
// the literal is made (valueflow.CapturedValue); any other value, a free
// variable itself included, as it is.
func capturedValue(v ssa.Value) ssa.Value {
	if _, free := valueflow.Unwrap(v).(*ssa.FreeVar); free {
		return v
	}
	return valueflow.CapturedValue(v)
}

// wiredCallbacks adds the statements of the function literals handed
// to the wired call at entry, marked as its arguments'.
func (b *stmtBuilder) wiredCallbacks(cc *ssa.CallCommon, entry int) {
	outer := b.cb
	defer func() { b.cb = outer }()
	for k, a := range cc.Args {
		if lit := valueflow.LiteralFunc(a); lit != nil {
			b.cb = &callbackRef{entry: entry, arg: k, lit: lit}
			b.visit(lit)
		}
	}
}

// A callbackRef is the wired call whose argument a function literal
// being listed is.
type callbackRef struct {
	entry, arg int
	lit        *ssa.Function
}

// handsWork reports whether a call hands a callee's statement, whose
// handle is its parameter, a handle from the literal's parameters.
func (b *stmtBuilder) handsWork(call *ssa.Call, h valueflow.Handle) bool {
	if b.cb == nil || h.Kind != valueflow.HandleParam || h.Param >= len(call.Call.Args) {
		return false
	}
	return b.fromWork(call.Call.Args[h.Param])
}

// fromWork reports whether v, a handle or a receiver in the function
// literal being listed, comes from the literal's parameters: one of
// them, a field of one (r.Tickets), what an interface's method of one
// returns (r.Events()), or what a call given one returns (store.New(q)).
func (b *stmtBuilder) fromWork(v ssa.Value) bool {
	if b.cb == nil {
		return false
	}
	p := b.derived(v)
	return p != nil && p.Parent() == b.cb.lit
}

// derived is derivedParam, through the arguments a table's entry being
// listed was given for its parameters (alias).
func (b *stmtBuilder) derived(v ssa.Value) *ssa.Parameter {
	p := derivedParam(v)
	for depth := 0; p != nil && depth < 4; depth++ {
		a, ok := b.alias[p]
		if !ok {
			break
		}
		p = derivedParam(a)
	}
	return p
}

// derivedParam returns the parameter v comes from: the parameter
// itself or the variable that holds it, a field of one, what an
// interface's method of one returns,
// or what a call given one as its first argument returns; or nil.
func derivedParam(v ssa.Value) *ssa.Parameter {
	if v == nil {
		return nil
	}
	for depth := 0; depth < 8; depth++ {
		v = valueflow.Unwrap(v)
		if p, ok := v.(*ssa.Parameter); ok {
			return p
		}
		if a, ok := v.(*ssa.Alloc); ok {
			// The cell SSA makes for a struct parameter whose fields
			// are addressed (r.Citations.Get(...) on func(r Repos)).
			return valueflow.CellParam(a)
		}
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
			if a, ok := u.X.(*ssa.Alloc); ok {
				v = a // the parameter, read from its cell whole
				continue
			}
		}
		if base := valueflow.FieldBase(v); base != v {
			// A repository the work's value holds (r.Tickets,
			// tx.Repos.Ledger): the runner built the value, and
			// what it holds, with its transaction.
			v = base
			continue
		}
		if ex, ok := v.(*ssa.Extract); ok {
			v = ex.Tuple
		}
		call, ok := v.(*ssa.Call)
		if !ok {
			return nil
		}
		switch {
		case call.Call.IsInvoke():
			v = call.Call.Value
		case len(call.Call.Args) > 0:
			v = call.Call.Args[0]
		default:
			return nil
		}
	}
	return nil
}

// derivedIndex returns the index + 1 of the parameter of the function
// being listed that v comes from (derivedParam), or 0.
func (b *stmtBuilder) derivedIndex(v ssa.Value) int {
	if p := b.derived(v); p != nil {
		return b.paramIndex(p) + 1
	}
	return 0
}

// handsWorkRecv reports whether a callee's wired call w is made on a
// receiver, or given a handle, that call passes the callee from the
// literal's parameters.
func (b *stmtBuilder) handsWorkRecv(call *ssa.Call, w *valueflow.WiredStmt) bool {
	if b.cb == nil {
		return false
	}
	given := func(param int) bool {
		return param >= 0 && param < len(call.Call.Args) && b.fromWork(call.Call.Args[param])
	}
	return given(w.RecvFrom-1) || slices.ContainsFunc(w.Handles, func(ah valueflow.ArgHandle) bool {
		return ah.Handle.Kind == valueflow.HandleParam && ah.Handle.Path == "" && given(ah.Handle.Param)
	})
}

// handsWorkContext reports whether a callee's wired call, with
// arguments args in the callee's terms, is given the context that call
// passes the callee, and that is the context a unit of work runs the
// function being listed with.
func (b *stmtBuilder) handsWorkContext(call *ssa.Call, args []valueflow.ArgSource) bool {
	for _, a := range args {
		if a.Param < 0 || a.Path != "" || a.Param >= len(call.Call.Args) {
			continue
		}
		if v := call.Call.Args[a.Param]; catalog.TypeKey(v.Type()) == "context.Context" && b.contextFromWork(v) {
			return true
		}
	}
	return false
}

// contextFromWork reports whether v is the context parameter of the
// function literal being listed, or one derived from it with the
// context package's With functions: the context a unit of work runs its
// work with, which may carry its transaction.
func (b *stmtBuilder) contextFromWork(v ssa.Value) bool {
	for depth := 0; b.cb != nil && v != nil && depth < 4; depth++ {
		v = valueflow.Unwrap(v)
		if p, ok := v.(*ssa.Parameter); ok {
			return p.Parent() == b.cb.lit
		}
		var ok bool
		if v, ok = effects.ParentContext(v); !ok {
			return false
		}
	}
	return false
}

// callbacks adds the statements of the function literals a transaction
// function (pgx.BeginFunc) runs.
func (b *stmtBuilder) callbacks(cc *ssa.CallCommon) {
	for _, a := range cc.Args {
		// A literal passed for a parameter of a named function type
		// (fn TxFunc) is converted to it first.
		if lit := valueflow.LiteralFunc(a); lit != nil {
			b.visit(lit)
		}
	}
}

// callee adds the statements of a summarised function that call runs,
// their handles mapped to the arguments.
func (b *stmtBuilder) callee(call *ssa.Call) {
	fn, obj := call.Call.StaticCallee(), valueflow.Callee(&call.Call)
	if fn == nil || obj == nil {
		return
	}
	sub := b.h.StmtSummary(fn, obj)
	if sub == nil {
		return
	}
	b.sum.StmtsCut = b.sum.StmtsCut || sub.StmtsCut
	base := len(b.sum.Stmts)
	// A callee's guard decides for this list only through what the
	// callee returns (MarkPaid's rows affected): dropped, it decides
	// nothing here.
	discarded := effects.ResultsDiscarded(call)
	var callGuards []valueflow.WiredCall // what decides the call, once a wired entry asks
	decided := false
	for _, s := range sub.Stmts {
		inst := effects.Instantiate(s, call)
		if s.Model != nil && inst.Model == nil {
			inst.Called = b.frame(call) // the row this call gives decides it
		}
		s = effects.CompleteText(inst, &call.Call, b.fn)
		h := b.mapHandle(call, s.Handle)
		if h.Kind == valueflow.HandleUnknown && s.Assumed && s.Handle.Kind == valueflow.HandleParam {
			h = valueflow.Handle{Kind: valueflow.HandleAutocommit} // the database, for want of a transaction's origin
		}
		var excl []int
		for _, j := range s.Exclusive {
			excl = append(excl, base+j)
		}
		var failureOf []int
		for _, j := range s.FailureOf {
			failureOf = append(failureOf, base+j)
		}
		// The callee's wired calls whose results its statements store
		// are entries of this list now.
		producedBy := b.callProducers(call, s)
		for _, j := range s.ProducedBy {
			if !slices.Contains(producedBy, base+j) {
				producedBy = append(producedBy, base+j)
			}
		}
		callback := s.Callback
		if callback > 0 {
			callback += base
		}
		args := b.mapArgs(call, s.Args)
		var wired *valueflow.WiredStmt
		if s.Wired != nil {
			if !decided {
				// The callee's wired calls run only where the call
				// does: past what decides it here.
				callGuards, decided = deciders(b.h.r.Env, call), true
			}
			guards := s.Wired.Guards
			if len(callGuards) > 0 {
				guards = append(slices.Clip(guards), callGuards...)
			}
			wired = &valueflow.WiredStmt{Call: s.Wired.Call.Instantiate(calleeTypeArgs(call)), Recv: b.recvThrough(call, s.Wired.Recv), Guards: guards, PastGuard: s.Wired.PastGuard, Chosen: s.Wired.Chosen, Discarded: s.Wired.Discarded, Attempt: s.Wired.Attempt}
			if r := s.Wired.RecvFrom; r > 0 && r <= len(call.Call.Args) {
				wired.RecvFrom = b.derivedIndex(call.Call.Args[r-1])
			}
			for _, ah := range s.Wired.Handles {
				wired.Handles = append(wired.Handles, valueflow.ArgHandle{Arg: ah.Arg, Handle: b.mapHandle(call, ah.Handle)})
			}
			if s.Wired.Bound != nil {
				h := b.mapHandle(call, *s.Wired.Bound)
				wired.Bound = &h
			} else if h := b.boundArg(call, s.Wired.Recv); h != nil {
				wired.Bound = h
			}
			wired.Args = b.mapArgs(call, s.Wired.Args)
			wired.Empty = s.Wired.Empty // the literal is the callee's
			wired.Empty, wired.Forwards = b.forwarded(call, wired.Empty, s.Wired.Forwards)
			for _, ff := range s.Wired.Fills {
				switch {
				case ff.Context == "":
					wired.Fills = append(wired.Fills, ff)
				case ff.Context == catalog.Carried && ff.Enters == "":
					// A key from the callee's context, which a root
					// that calls the callee can put there.
					if fn := valueflow.Callee(&call.Call); fn != nil {
						ff.Enters = fn.FullName()
						wired.Fills = append(wired.Fills, ff)
					}
				}
			}
			for _, j := range s.Wired.ProducedBy {
				wired.ProducedBy = append(wired.ProducedBy, base+j)
			}
			for _, a := range s.Wired.Args {
				// What this function's wired calls returned, handed
				// to the callee for its call (applyOutcome(ctx, pay,
				// charge) storing charge.ID): a write-back of theirs.
				if a.Param >= 0 && a.Param < len(call.Call.Args) {
					wired.ProducedBy = b.producers(call.Call.Args[a.Param], wired.ProducedBy)
				}
			}
			wired.Produced = slices.Clone(s.Wired.Produced)
			wired.Decoded = slices.Clone(s.Wired.Decoded)
			wired.ErrorText = slices.Clone(s.Wired.ErrorText)
			for _, l := range s.Wired.Lookups {
				wired.Lookups = append(wired.Lookups, valueflow.Lookup{Arg: l.Arg, Entry: base + l.Entry, Keys: l.Keys})
			}
			for _, f := range s.Wired.Fields {
				// A field of a struct the callee builds in place from
				// its parameter holds what this function passes there;
				// one the callee fills itself holds what the callee
				// makes (a reference from its own generator): set, but
				// not by this function's values.
				switch {
				case f.Source.Param >= 0 && f.Source.Param < len(call.Call.Args):
					wired.Fields = append(wired.Fields, valueflow.FieldSource{Arg: f.Arg, Path: f.Path, Source: b.argSource(call.Call.Args[f.Source.Param], f.Source.Path), JSON: f.JSON})
				case f.Source.Param == valueflow.ConstParam:
					wired.Fields = append(wired.Fields, f) // a constant: the same at every call
				default:
					wired.Fields = append(wired.Fields, valueflow.FieldSource{Arg: f.Arg, Path: f.Path, Source: valueflow.ArgSource{Param: valueflow.CalleeParam}, JSON: f.JSON})
				}
			}
			for i, a := range s.Wired.Args {
				// The callee's parameter filled here with the key
				// read from this function's delivery: still the
				// delivery's.
				if a.Param >= 0 && a.Param < len(call.Call.Args) && a.Path == "" && !slices.Contains(wired.Decoded, i) && b.readKey(call.Call.Args[a.Param]) {
					wired.Decoded = append(wired.Decoded, i)
				}
			}
			for i, a := range s.Wired.Args {
				if a.Param < 0 && !slices.Contains(s.Wired.Decoded, i) && !boundWrapper(b.fn) {
					// The callee's own value (a local it builds, a
					// constant): not one the root hands down. A method
					// value's wrapper is the method: what the method
					// builds from its delivery is the root's.
					wired.Produced = append(wired.Produced, valueflow.ArgSource{Param: i})
				}
			}
		}
		stmt := valueflow.SQLStmt{SQL: s.SQL, HandsOn: s.HandsOn, TextParam: s.TextParam, Handle: h, Guard: s.Guard && !discarded && !s.Hidden, ReadBack: s.ReadBack, Partial: s.Partial, At: s.At, Called: s.Called, Args: args, Absorbed: s.Absorbed, AbsorbedByName: s.AbsorbedByName, Answers: appendNew(slices.Clone(s.Answers), b.h.r.answeredBy(call.Parent()).answered...), Leaves: appendNew(slices.Clone(s.Leaves), b.h.r.answeredBy(call.Parent()).left...), Renamed: s.Renamed, Optional: s.Optional, NoRowTaken: s.NoRowTaken, NoRowFails: s.NoRowFails && effects.ErrorDecides(call), OnFailure: s.OnFailure, FailureOf: failureOf, StateGuarded: s.StateGuarded, Assumed: s.Assumed, FromWork: s.FromWork || b.handsWork(call, s.Handle), ProducedBy: producedBy, Callback: callback, CallbackArg: s.CallbackArg, Wired: wired, Ignores: s.Ignores, Lit: s.Lit, Next: s.Next, Nested: s.Nested}
		if s.Context > 0 && s.Context <= len(call.Call.Args) {
			b.chosenBy(&stmt, call.Call.Args[s.Context-1])
		} else if s.Handle.Context && h.Kind == valueflow.HandleTx && s.Handle.Param < len(call.Call.Args) {
			b.nestedCarried(&stmt, call.Call.Args[s.Handle.Param])
		}
		if wired != nil && !stmt.FromWork && b.handsWorkRecv(call, s.Wired) {
			// The callee's wired call is made on what this call gives
			// it from the unit of work's value (markPaid(ctx, tx, id)
			// calling tx.Invoices().MarkPaid): the work's transaction.
			stmt.FromWork = true
		}
		if wired != nil && !stmt.FromWork && b.handsWorkContext(call, s.Wired.Args) {
			// The callee hands the context it is given to the wired
			// call, and this call gives it the one a unit of work
			// runs the literal with: the work's transaction.
			stmt.FromWork = true
		}
		b.add(stmt, call, excl)
	}
	if n := len(sub.Stmts); n > 0 && sub.Stmts[n-1].Wired != nil {
		b.relayed(call, len(b.sum.Stmts)-1, sub.Stmts[n-1].Wired.Relays)
	}
}

// relayed lists, after the wired call at entry (the callee's last),
// the statements of the function literals this function passes the
// callee for a parameter that the callee hands on to the wired call
// (Run(ctx, s.uow, func(ctx, q) (T, error) {...})), as if it had handed
// them to the wired call itself; a parameter of its own passed there is
// relayed on by its own list.
func (b *stmtBuilder) relayed(call *ssa.Call, entry int, relays []valueflow.Relay) {
	outer := b.cb
	defer func() { b.cb = outer }()
	w := b.sum.Stmts[entry].Wired
	for _, r := range relays {
		if r.Param < 0 || r.Param >= len(call.Call.Args) {
			continue
		}
		switch a := call.Call.Args[r.Param].(type) {
		case *ssa.MakeClosure:
			b.cb = &callbackRef{entry: entry, arg: r.Arg, lit: a.Fn.(*ssa.Function)}
			b.visit(a.Fn.(*ssa.Function))
		case *ssa.Parameter:
			if a.Parent() == b.fn {
				w.Relays = append(w.Relays, valueflow.Relay{Arg: r.Arg, Param: slices.Index(b.fn.Params, a)})
			}
		}
	}
}

// txCallbackMade returns where lit is made when it is a function
// literal of a function, made once and handed only to calls that run it in a
// transaction (db.Transaction(func(tx *gorm.DB) error {...})), each
// delivery running it once; nil otherwise (a retry wrapper's closure,
// which runs again on the same delivery).
func (b *stmtBuilder) txCallbackMade(lit *ssa.Function) ssa.Instruction {
	if made, ok := b.txMade[lit]; ok {
		return made // once per literal: each of its wired calls asks
	}
	var made ssa.Instruction
	if lit.Parent() != nil && lit.Parent().Parent() == nil && valueflow.LiteralUses(lit.Parent(), lit, func(c ssa.CallInstruction) bool { return effects.RunsLiteralInTx(b.h, c.Common(), lit) }) {
		made = effects.MadeAt(ssa.Instruction(lit.Blocks[0].Instrs[0]))
	}
	if b.txMade == nil {
		b.txMade = map[*ssa.Function]ssa.Instruction{}
	}
	b.txMade[lit] = made
	return made
}

// boundRecv reports whether v is the receiver a method value's wrapper
// was bound to.
func boundRecv(v ssa.Value) bool {
	fv, ok := v.(*ssa.FreeVar)
	return ok && boundWrapper(fv.Parent()) && fv == fv.Parent().FreeVars[0]
}

// boundWrapper reports whether fn is the wrapper SSA makes for a method
// value (h.orders.Create), whose one free variable is the receiver it
// was bound to.
func boundWrapper(fn *ssa.Function) bool {
	return valueflow.BoundWrapper(fn) && len(fn.FreeVars) == 1
}

// madeHandler reports whether fn is a function literal that the
// function declaring it returns (a handler a constructor makes from the
// dependencies it is given), and nothing else.
func madeHandler(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || parent.Parent() != nil {
		return false
	}
	made := false
	for _, r := range valueflow.ReturnValues(parent) {
		v := valueflow.Unwrap(r)
		if mc, ok := v.(*ssa.MakeClosure); ok && mc.Fn == fn || v == fn {
			made = true
		} else {
			return false
		}
	}
	return made
}

// setupLiteral reports whether fn is a function literal that a function
// on no retried path made (a table of workers registered at start-up,
// handle(func(ctx, a Args) error { return d.Settlement.Capture(...) })):
// what it captures was built before the deliveries came.
func (r *Result) setupLiteral(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || parent.Parent() != nil {
		return false
	}
	_, reached := r.Retried.Reached(parent)
	return !reached
}

// capturedParam reports whether v is a free variable of fn that holds a
// parameter of the function that made fn, captured as it was given.
func capturedParam(fn *ssa.Function, v ssa.Value) bool {
	v = valueflow.Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a captured variable's value
	}
	fv, ok := v.(*ssa.FreeVar)
	if !ok {
		return false
	}
	b := effects.Binding(fv)
	if cell, ok := b.(*ssa.Alloc); ok {
		b = valueflow.CellParam(cell) // the parameter the variable holds
	}
	p, ok := b.(*ssa.Parameter)
	return ok && p != nil && p.Parent() == fn.Parent()
}

// recvThrough maps where a callee's wired call's receiver comes from to
// this function: the argument call passes for the callee's parameter.
func (b *stmtBuilder) recvThrough(call *ssa.Call, r valueflow.ArgSource) valueflow.ArgSource {
	if r.Param == valueflow.BoundRecv {
		// The receiver a method value was bound to, whoever calls
		// the value (a handler of a table the service filled with its
		// own methods: s.handlers[evt.Type](ctx, evt)).
		return r
	}
	if r.Param < 0 || r.Param >= len(call.Call.Args) {
		return valueflow.ArgSource{Param: -1}
	}
	a := call.Call.Args[r.Param]
	if src := b.argSource(a, r.Path); src.Param >= 0 || r.Path == "" || !boundRecv(a) {
		return src
	}
	// A dependency of the receiver a method value was bound to (the
	// wrapper of s.onCharge, visited where a table of handlers runs
	// it, calls it with s, whose s.processed is the program's).
	return valueflow.ArgSource{Param: valueflow.BoundRecv, Path: r.Path}
}

// heldGetter returns, for a wired call's receiver that another wired
// call returned, the held dependency it comes from: a method of no
// argument called on a dependency the function's receiver holds
// (loans := s.store.Loans()). Taking neither a context nor a
// transaction, it returns what the dependency holds or builds from its
// own handles, as the dependency does. The path names the getter after
// the dependency's, so that no handle of the dependency's is read there.
func (b *stmtBuilder) heldGetter(v ssa.Value) valueflow.ArgSource {
	none := valueflow.ArgSource{Param: -1}
	get, ok := valueflow.Unwrap(v).(*ssa.Call)
	if !ok || !get.Call.IsInvoke() || len(get.Call.Args) != 0 || get.Call.Signature().Results().Len() != 1 {
		return none
	}
	if _, ok := b.h.r.wiredAt(get); !ok {
		return none
	}
	dep := b.argSource(get.Call.Value, "")
	if dep.Param != 0 || dep.Path == "" {
		return none
	}
	return valueflow.ArgSource{Param: 0, Path: dep.Path + "." + get.Call.Method.Name() + "()"}
}

// relays returns the function literals a wired call is handed that do
// nothing with their parameters but pass them to a function parameter
// of the function being listed: Run[T](ctx, uow, fn) calls
// uow.Do(ctx, func(ctx, q) error { v, err := fn(ctx, q); ... }).
func (b *stmtBuilder) relays(call *ssa.Call) []valueflow.Relay {
	var out []valueflow.Relay
	for k, a := range call.Call.Args {
		mc, ok := a.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		lit := mc.Fn.(*ssa.Function)
		for _, blk := range lit.Blocks {
			for _, instr := range blk.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok || !passesParams(c, lit) {
					continue
				}
				if p := calledParam(b.fn, c.Call.Value); p != nil {
					out = append(out, valueflow.Relay{Arg: k, Param: slices.Index(b.fn.Params, p)})
				}
			}
		}
	}
	return out
}

// passesParams reports whether a call's arguments are lit's parameters,
// in order.
func passesParams(c *ssa.Call, lit *ssa.Function) bool {
	if len(c.Call.Args) != len(lit.Params) {
		return false
	}
	for i, a := range c.Call.Args {
		if a != lit.Params[i] {
			return false
		}
	}
	return true
}

// mapArgs maps the argument sources of a callee's entry to where they
// come from here.
func (b *stmtBuilder) mapArgs(call *ssa.Call, srcs []valueflow.ArgSource) []valueflow.ArgSource {
	var out []valueflow.ArgSource
	for _, a := range srcs {
		if a.Param >= 0 && a.Param < len(call.Call.Args) {
			out = append(out, b.argSource(call.Call.Args[a.Param], a.Path))
		} else {
			out = append(out, valueflow.ArgSource{Param: -1})
		}
	}
	return out
}

// forwarded adds to empty the fields that call leaves empty in what it
// passes for the callee's parameters that the callee's wired call is
// given unchanged (fwd): options that set no key (charge(ctx, amount)
// with opts ...Option handed on), a request without one. It returns
// them with the forwards that go on to this function's own parameters.
func (b *stmtBuilder) forwarded(call *ssa.Call, empty []valueflow.ArgSource, fwd []valueflow.Forward) ([]valueflow.ArgSource, []valueflow.Forward) {
	empty = slices.Clone(empty)
	var out []valueflow.Forward
	for _, f := range fwd {
		if f.Param >= len(call.Call.Args) {
			continue
		}
		a := call.Call.Args[f.Param]
		for _, path := range b.h.r.emptyFields(call, a) {
			empty = append(empty, valueflow.ArgSource{Param: f.Arg, Path: path})
		}
		if j := b.paramIndex(b.enclosing(a)); j >= 0 {
			out = append(out, valueflow.Forward{Arg: f.Arg, Param: j})
		}
	}
	return empty, out
}

// paramIndex returns the index of the parameter of the function the
// list is built for that v is, unchanged, or -1.
func (b *stmtBuilder) paramIndex(v ssa.Value) int {
	for fv, ok := v.(*ssa.FreeVar); ok; fv, ok = v.(*ssa.FreeVar) {
		// A literal's capture of the parameter (opts, read inside the
		// retry wrapper's operation).
		if v = valueflow.Binding(fv); v == nil {
			return -1
		}
	}
	p, ok := v.(*ssa.Parameter)
	if !ok || p.Parent() != b.fn {
		return -1
	}
	return slices.Index(b.fn.Params, p)
}

// isSQL reports whether a list's entry is a statement, not a wired
// call.
func isSQL(s valueflow.SQLStmt) bool { return s.Wired == nil }

// mapHandle maps the handle of a callee's statement to where it comes
// from here: a transaction the callee begins is numbered per call, a
// parameter is the argument call passes.
func (b *stmtBuilder) mapHandle(call *ssa.Call, h valueflow.Handle) valueflow.Handle {
	switch h.Kind {
	case valueflow.HandleTx:
		k := callTx{call, h.Tx}
		if _, ok := b.callTx[k]; !ok {
			b.callTx[k] = b.newTx()
		}
		h.Tx = b.callTx[k]
	case valueflow.HandleParam:
		if h.Else != nil && h.Param < len(call.Call.Args) && isNil(call.Call.Args[h.Param]) {
			return b.mapHandle(call, *h.Else) // a selector given nil chooses its other handle
		}
		if h.Context {
			// The callee's context, which this call passes.
			if h.Param >= len(call.Call.Args) {
				return valueflow.Handle{}
			}
			return b.chosenHandle(call.Call.Args[h.Param])
		}
		p, path, orElse := h.Param, h.Path, h.Else
		h = valueflow.Handle{} // unknown, unless the argument tells
		if p < len(call.Call.Args) {
			arg := call.Call.Args[p]
			h = b.handle(b.source(arg, path, effects.DurUnknown))
			if h.Kind == valueflow.HandleUnknown && path == "" {
				// What a context chooses, handed to a helper
				// (insertIgnore(r.conn(ctx), row)): the context's
				// transaction, or else the database.
				h = b.chooserHandle(arg)
			}
			if h.Kind == valueflow.HandleUnknown && path == "" && catalog.IsORMHandle(arg.Type()) && effects.ORMHandleUnit(arg) == effects.DurAutocommit {
				h = valueflow.Handle{Kind: valueflow.HandleAutocommit} // gorm's pool handed to a helper
			}
			if h.Kind == valueflow.HandleUnknown && path != "" {
				h = b.chooserHandle(arg)
			}
		}
		if h.Kind == valueflow.HandleParam && h.Else == nil && orElse != nil {
			// Handed this function's parameter, the selector still
			// chooses its other handle when the caller passes nil.
			if e := b.mapHandle(call, *orElse); e.Kind == valueflow.HandleAutocommit || e.Kind == valueflow.HandleParam {
				h.Else = &e
			}
		}
	}
	return h
}

// wired adds a call of a wired interface method as a place holder for
// the statements of the implementations, which only the composition
// root knows, with the handles it passes.
func (b *stmtBuilder) wired(call *ssa.Call) {
	wc, ok := b.h.r.wiredAt(call)
	if !ok {
		return
	}
	guards := deciders(b.h.r.Env, call)
	if made := b.txCallbackMade(call.Parent()); made != nil {
		// A transaction's callback runs where it is made, if at all:
		// past what decides there.
		guards = append(guards, deciders(b.h.r.Env, made)...)
	}
	w := &valueflow.WiredStmt{Call: wc, Guards: guards, Discarded: effects.ResultsDiscarded(call), Captured: capturedArgs(call), Attempt: b.h.r.attemptWrites[call]}
	b.h.wiredAt[call] = append(b.h.wiredAt[call], w)
	w.Recv = valueflow.ArgSource{Param: -1}
	var bound ssa.Value // the handle the receiver was bound to, if any
	if call.Call.IsInvoke() {
		bound = boundTx(b.h.r.Env.Catalog, call.Call.Value)
		w.Recv = b.argSource(call.Call.Value, "")
		w.RecvFrom = b.derivedIndex(call.Call.Value)
		if w.Recv.Param < 0 && boundRecv(call.Call.Value) {
			w.Recv.Param = valueflow.BoundRecv
		}
		if w.Recv.Param == -1 && (madeHandler(b.fn) && capturedParam(b.fn, call.Call.Value) || b.h.r.setupLiteral(b.fn) && capturedParam(b.fn, valueflow.FieldBase(call.Call.Value))) {
			w.Recv.Param = valueflow.CapturedRecv
		}
		if w.Recv.Param == -1 {
			w.Recv = b.heldGetter(call.Call.Value)
		}
		w.Chosen = w.Recv.Param < 0 && effects.ContextChosen(call.Call.Value)
		w.Relays = b.relays(call)
		if bound != nil {
			if h := b.handle(b.source(bound, "", effects.DurUnknown)); h.Kind != valueflow.HandleUnknown {
				w.Bound = &h
			}
		}
	}
	for i, a := range call.Call.Args {
		a = b.enclosing(a)
		w.Args = append(w.Args, b.argSource(a, ""))
		if j := b.paramIndex(a); j >= 0 {
			w.Forwards = append(w.Forwards, valueflow.Forward{Arg: i, Param: j})
		}
		for _, f := range b.h.r.emptyFields(call, a) {
			w.Empty = append(w.Empty, valueflow.ArgSource{Param: i, Path: f})
			if valueflow.IsOptionsSetPath(f) {
				w.Fills = append(w.Fills, optionFills(b.h.r.pass, b.h.r.Env.Catalog, call, i)...)
			} else {
				w.Fills = append(w.Fills, fieldFills(b.h.r.pass, b.h.r.Env.Catalog, call, i, f)...)
			}
		}
		w.Produced = append(w.Produced, b.produced(a, i)...)
		w.ProducedBy = b.producers(a, w.ProducedBy)
		if b.decoded(a) || b.readKey(a) {
			w.Decoded = append(w.Decoded, i)
		}
		w.Fields = append(w.Fields, b.fieldSources(a, i)...)
		if valueflow.Sealed(a, call) {
			w.Sealed = append(w.Sealed, i)
		}
		for _, f := range relativeFields(a) {
			w.Relative = append(w.Relative, valueflow.ArgSource{Param: i, Path: "." + f})
		}
		if errorText(a, 0) {
			w.ErrorText = append(w.ErrorText, i)
		}
		w.Lookups = append(w.Lookups, b.lookups(a, i)...)
		w.Keyed = append(w.Keyed, b.keyedFields(a, i)...)
	}
	for i, a := range call.Call.Args {
		var h valueflow.Handle
		switch t := a.Type(); {
		case valueflow.AutocommitHandle(t):
			h = valueflow.Handle{Kind: valueflow.HandleAutocommit}
		case effects.IsHandle(b.h.r.Env.Catalog, t) || catalog.IsORMHandle(t):
			if ctx := effects.HandleContext(a); ctx != nil {
				// The transaction the context carries, or else the
				// database (q := s.tx.Q(ctx)): the context's handle.
				h = b.chosenHandle(ctx)
				break
			}
			h = b.handle(b.source(a, "", effects.DurUnknown))
		case catalog.TypeKey(t) == "context.Context":
			h = b.carried(a)
		}
		if h.Kind != valueflow.HandleUnknown {
			w.Handles = append(w.Handles, valueflow.ArgHandle{Arg: i, Handle: h})
		}
	}
	// The unit of work's handle reaches the implementation as its
	// receiver (r.Events().Create(...)), one bound to it
	// (s.grants.WithTx(tx).Create(...)), or as an argument
	// (s.invoices.Insert(ctx, tx, inv)).
	fromWork := b.fromWork(call.Call.Value) || b.fromWork(bound) || slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool {
		return effects.IsHandle(b.h.r.Env.Catalog, a.Type()) && b.fromWork(a) ||
			catalog.TypeKey(a.Type()) == "context.Context" && b.contextFromWork(a) // the unit of work's transaction in its context
	})
	b.add(valueflow.SQLStmt{Wired: w, At: wc.At, FromWork: fromWork, Answers: b.h.r.answeredBy(call.Parent()).answered, Leaves: b.h.r.answeredBy(call.Parent()).left}, call, nil)
}

// carried returns the handle a context passed to a wired call carries:
// the transaction a function put in it (storage.WithTx(ctx, tx), a
// function given a context and a database handle that returns a
// context, or context.WithValue(ctx, key, tx)), or the function's own
// context parameter, whose caller's context may carry one. Statements
// whose handle is the context's transaction, or else the database
// (SQLStmt.Context), commit in it.
func (b *stmtBuilder) carried(ctx ssa.Value) valueflow.Handle {
	cat := b.h.r.Env.Catalog
	for depth := 0; ctx != nil && depth < 4; depth++ {
		ctx = valueflow.Unwrap(ctx)
		if p, ok := ctx.(*ssa.Parameter); ok {
			if i := slices.Index(b.fn.Params, p); i >= 0 {
				return valueflow.Handle{Kind: valueflow.HandleParam, Param: i}
			}
			if effects.RunInTx(b.h, p.Parent()) {
				// The context a unit of work of another package runs
				// the literal with, carrying the transaction it began
				// (uow.InTx(ctx, func(ctx context.Context) error)).
				return b.handle(effects.Source{Kind: valueflow.HandleTx, Tx: p})
			}
			return valueflow.Handle{}
		}
		if call, ok := ctx.(*ssa.Call); ok && !call.Call.IsInvoke() {
			held, one := handleArg(cat, call)
			if !one {
				return valueflow.Handle{}
			}
			if held != nil {
				return b.handle(b.source(held, "", effects.DurUnknown))
			}
		}
		var ok bool
		if ctx, ok = effects.ParentContext(ctx); !ok {
			return valueflow.Handle{}
		}
	}
	return valueflow.Handle{}
}

// nestedCarried marks st, a statement on the transaction that the
// context ctx carries, as a savepoint of the transaction the outer
// context carries, if any, when the function began it so
// (conn(ctx, r.db).Transaction, then context.WithValue(ctx, txKey{},
// tx)), as the statements on it directly are.
func (b *stmtBuilder) nestedCarried(st *valueflow.SQLStmt, ctx ssa.Value) {
	if on := effects.NestedOn(b.carriedValue(ctx)); on != nil && !st.Nested {
		st.Nested = true
		b.chosenBy(st, effects.HandleContext(on))
	}
}

// handleArg returns the one database handle among call's arguments
// (the tx of context.WithValue(ctx, txKey{}, tx)), or nil; one is false
// when it is given two.
func handleArg(cat *catalog.Catalog, call *ssa.Call) (held ssa.Value, one bool) {
	for _, a := range call.Call.Args {
		if u := valueflow.Unwrap(a); catalog.IsTx(u.Type()) || catalog.IsORMHandle(u.Type()) || effects.IsHandle(cat, u.Type()) {
			if held != nil {
				return nil, false
			}
			held = u
		}
	}
	return held, true
}

// carriedValue returns the handle a function put in the context ctx
// (context.WithValue(ctx, txKey{}, tx)), as carried reads it, or nil.
func (b *stmtBuilder) carriedValue(ctx ssa.Value) ssa.Value {
	for depth := 0; ctx != nil && depth < 4; depth++ {
		ctx = valueflow.Unwrap(ctx)
		if call, ok := ctx.(*ssa.Call); ok && !call.Call.IsInvoke() {
			held, one := handleArg(b.h.r.Env.Catalog, call)
			if !one {
				return nil
			}
			if held != nil {
				return held
			}
		}
		var ok bool
		if ctx, ok = effects.ParentContext(ctx); !ok {
			return nil
		}
	}
	return nil
}

// chooserHandle returns the handle of queries a helper builds on what a
// context chooses (r.Q(ctx), returning sqlc's *Queries on the
// transaction ctx carries or else the pool), when the context is this
// function's own parameter, whose caller decides, or a request's own or
// a background context, which carry none. A function literal's context
// is its runner's: unknown here.
func (b *stmtBuilder) chooserHandle(v ssa.Value) valueflow.Handle {
	call, ok := valueflow.Unwrap(v).(*ssa.Call)
	if !ok || !effects.ContextChosen(call) {
		return valueflow.Handle{}
	}
	var ctx ssa.Value
	for _, a := range call.Call.Args {
		if catalog.TypeKey(a.Type()) == "context.Context" {
			if ctx != nil {
				return valueflow.Handle{} // two contexts: which one chooses is not known
			}
			ctx = a
		}
	}
	if ctx == nil {
		return valueflow.Handle{}
	}
	if p, ok := valueflow.Unwrap(ctx).(*ssa.Parameter); ok && p.Parent() == b.fn || effects.FreshContext(ctx) {
		return b.chosenHandle(ctx)
	}
	return valueflow.Handle{}
}

// chosenHandle returns the handle that a chooser given ctx returns: the
// transaction ctx carries (carried), the caller's choice when ctx is a
// parameter (Handle.Context), or the database when ctx is a request's
// own or a background context, which carry none.
func (b *stmtBuilder) chosenHandle(ctx ssa.Value) valueflow.Handle {
	if effects.FreshContext(ctx) {
		return valueflow.Handle{Kind: valueflow.HandleAutocommit}
	}
	h := b.carried(ctx)
	h.Context = h.Kind == valueflow.HandleParam
	return h
}

// errorText reports whether v is an error's text (err.Error()), on some
// path at least: a variable set to it only when a call failed is a
// φ-node of it and "".
func errorText(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := valueflow.Unwrap(v).(type) {
	case *ssa.Phi:
		return slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { return errorText(e, depth+1) })
	case *ssa.Call:
		if x.Call.IsInvoke() {
			return x.Call.Method.Name() == "Error" && len(x.Call.Args) == 0 && types.Implements(x.Call.Value.Type(), errorType)
		}
		fn := x.Call.StaticCallee()
		return fn != nil && fn.Name() == "Error" && fn.Signature.Recv() != nil && len(x.Call.Args) == 1 && types.Implements(x.Call.Args[0].Type(), errorType)
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// relativeFields returns the fields of the struct v points to that the
// function sets from their own value (acct.Balance -= amount).
func relativeFields(v ssa.Value) []string {
	base := valueflow.Unwrap(v)
	if _, ok := base.Type().Underlying().(*types.Pointer); !ok {
		return nil
	}
	refs := base.Referrers()
	if refs == nil {
		return nil // a constant, a global's address
	}
	var out []string
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, u := range *fa.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != fa {
				continue
			}
			if bin, ok := st.Val.(*ssa.BinOp); ok && (bin.Op == token.ADD || bin.Op == token.SUB) && (readsField(bin.X, base, fa.Field) || readsField(bin.Y, base, fa.Field)) {
				if name := valueflow.FieldName(fa.X.Type(), fa.Field); !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
	}
	return out
}

// readsField reports whether v loads field i of the struct base points
// to.
func readsField(v, base ssa.Value, i int) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	return ok && fa.X == base && fa.Field == i
}

// boundArg returns the handle that the argument of call a callee's
// wired call has for its receiver (recv, a parameter of the callee) was
// bound to: a repository copied onto the transaction and handed to a
// helper of the package (s.remember(ctx, s.keys.WithTx(tx), key), whose
// keys.Put runs on tx). Nil when it is none.
func (b *stmtBuilder) boundArg(call *ssa.Call, recv valueflow.ArgSource) *valueflow.Handle {
	if recv.Param < 0 || recv.Path != "" || recv.Param >= len(call.Call.Args) {
		return nil
	}
	tx := boundTx(b.h.r.Env.Catalog, b.enclosing(call.Call.Args[recv.Param]))
	if tx == nil {
		return nil
	}
	if h := b.handle(b.source(tx, "", effects.DurUnknown)); h.Kind != valueflow.HandleUnknown {
		return &h
	}
	return nil
}

// boundTx returns the handle a wired call's receiver was bound to: the
// receiver is what a method returned, an interface, when given a
// database handle as its only argument but the context
// (s.campaigns.WithTx(tx), a repository's copy on the transaction; a
// bun.IDB or sqlc's DBTX, or gorm's *gorm.DB, that a transaction's
// callback was given). The handle's own commit unit is the copy's.
func boundTx(cat *catalog.Catalog, recv ssa.Value) ssa.Value {
	c, ok := valueflow.Unwrap(recv).(*ssa.Call)
	if !ok || !types.IsInterface(c.Type()) {
		return nil
	}
	var tx ssa.Value
	for _, a := range c.Call.Args {
		if t := valueflow.EntTxOf(a); t != nil {
			a = t // ent's tx.Client()
		}
		switch {
		case catalog.IsTx(valueflow.Unwrap(a).Type()) || catalog.IsORMHandle(a.Type()) || effects.IsHandle(cat, a.Type()):
			if tx != nil {
				return nil
			}
			tx = a
		case catalog.TypeKey(a.Type()) != "context.Context":
			return nil
		}
	}
	return tx
}

// readKey reports whether a, an argument of a wired call, is the
// operation key read from what the function's parameters hold (the
// message's Nats-Msg-Id header, a delivery's ID): the delivery's, which
// its caller hands down, not a value of the function's own.
func (b *stmtBuilder) readKey(a ssa.Value) bool {
	w := &keyWalk{cat: b.h.r.Env.Catalog}
	if !w.key(a, 0) || len(w.sources) == 0 {
		return false
	}
	for _, src := range w.sources {
		if !slices.ContainsFunc(src.Operands(nil), func(op *ssa.Value) bool { return *op != nil && fromParams(b.fn, *op, 0) }) {
			return false
		}
	}
	return true
}

// decoded reports whether a, an argument of a wired call, is a local
// (or its address) that a catalogued decoder fills from what the
// function's parameters hold: json.Unmarshal(msg.Data(), &ev).
func (b *stmtBuilder) decoded(a ssa.Value) bool {
	if load, ok := a.(*ssa.UnOp); ok && load.Op == token.MUL {
		a = load.X
	}
	alloc, ok := a.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *alloc.Referrers() {
		var users []ssa.Instruction
		if mi, ok := r.(*ssa.MakeInterface); ok {
			users = *mi.Referrers()
		} else {
			users = []ssa.Instruction{r}
		}
		for _, u := range users {
			if data := decodedFrom(b.h.r.Env.Catalog, u, alloc); data != nil && fromParams(b.fn, data, 0) {
				return true
			}
		}
	}
	return false
}

// fromParams reports whether v is computed from a parameter of fn
// other than its receiver and its context, or of the functions fn is a
// literal of: read from it, returned by one of its methods (msg.Data(),
// d.Body), or wrapped in a reader (json.NewDecoder(r.Body)).
func fromParams(fn *ssa.Function, v ssa.Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	next := func(u ssa.Value) bool { return fromParams(fn, u, depth+1) }
	switch x := v.(type) {
	case *ssa.Parameter:
		recv := x.Parent().Signature.Recv() != nil && x == x.Parent().Params[0]
		return !recv && catalog.TypeKey(x.Type()) != "context.Context"
	case *ssa.FreeVar:
		return next(effects.Binding(x))
	case *ssa.Alloc:
		// A parameter spilled to a local (its address is taken): what
		// is stored there.
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && next(st.Val) {
				return true
			}
		}
	case *ssa.UnOp, *ssa.FieldAddr, *ssa.Field, *ssa.Extract, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.Slice:
		return next(readFrom(x))
	case *ssa.Call:
		if x.Call.IsInvoke() {
			return next(x.Call.Value)
		}
		callee := x.Call.StaticCallee()
		if callee == nil || len(x.Call.Args) == 0 {
			return false
		}
		if callee.Pkg != nil && readerPkgs[callee.Pkg.Pkg.Path()] || callee.Signature.Recv() != nil {
			return next(x.Call.Args[0]) // a reader of it, or a method of the delivery
		}
	}
	return false
}

// readerPkgs are the packages whose functions wrap bytes or a reader
// (bytes.NewReader, io.ReadAll, json.NewDecoder) without changing what
// they hold.
var readerPkgs = map[string]bool{"bytes": true, "strings": true, "io": true, "bufio": true, "encoding/json": true, "encoding/xml": true}

// fieldSources lists, for argument a (index i) of a wired call built in
// place, each store into its fields and the parameter it stores (Param
// -1 when none: a field set again from a fresh value is no longer the
// caller's).
func (b *stmtBuilder) fieldSources(a ssa.Value, i int) []valueflow.FieldSource {
	var out []valueflow.FieldSource
	typed := dedupField(a.Type()) != ""
	forFieldStores(a, func(field string, v ssa.Value) {
		out = append(out, valueflow.FieldSource{Arg: i, Path: "." + field, Source: b.argSource(v, ""), JSON: valueflow.JSONName(a.Type(), field), DedupTyped: typed})
	})
	return out
}

// lookups lists where argument a (index i) of a wired call, whole or in
// a field of a struct built in place for it, holds the identity of a
// row another wired call of the list returned (ret.ID, where ret is
// what Get(ctx, returnID) returned), with the arguments that call was
// given that are neither contexts nor handles.
func (b *stmtBuilder) lookups(a ssa.Value, i int) []valueflow.Lookup {
	var out []valueflow.Lookup
	add := func(v ssa.Value, path string) {
		var c *ssa.Call
		if base, field, ok := fieldRead(valueflow.Unwrap(v)); ok && isIdentityField(base.Type(), field) {
			c = b.producer(base, 0)
		} else if path == "" {
			c = wholeResult(v)
		}
		if c == nil || b.producer(c, 0) != c {
			return
		}
		var keys []int
		for k, arg := range c.Call.Args {
			if t := arg.Type(); catalog.TypeKey(t) != "context.Context" && !effects.IsHandle(b.h.r.Env.Catalog, t) && !valueflow.AutocommitHandle(t) {
				keys = append(keys, k)
			}
		}
		if j := slices.Index(b.instrs, ssa.Instruction(c)); j >= 0 {
			out = append(out, valueflow.Lookup{Arg: valueflow.ArgSource{Param: i, Path: path}, Entry: j, Keys: keys})
		}
	}
	add(a, "")
	forFieldStores(a, func(field string, v ssa.Value) { add(v, "."+field) })
	return out
}

// wholeResult returns the call whose result v is, whole (ev, where ev
// is what Parse(body) returned, what it points to, or the variable it
// was stored in once), or nil.
func wholeResult(v ssa.Value) *ssa.Call {
	switch x := valueflow.Unwrap(v).(type) {
	case *ssa.Call:
		return x
	case *ssa.Extract:
		c, _ := x.Tuple.(*ssa.Call)
		return c
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return wholeResult(x.X)
		}
	case *ssa.Alloc:
		if stored, ok := valueflow.StoredOnce(x); ok {
			return wholeResult(stored)
		}
	}
	return nil
}

// keyedFields lists the fields of a struct built in place for argument
// a (index i) of a wired call that hold the operation key read here.
func (b *stmtBuilder) keyedFields(a ssa.Value, i int) []valueflow.ArgSource {
	var out []valueflow.ArgSource
	forFieldStores(a, func(field string, v ssa.Value) {
		if w := (&keyWalk{cat: b.h.r.Env.Catalog}); w.key(v, 0) && len(w.sources) > 0 {
			out = append(out, valueflow.ArgSource{Param: i, Path: "." + field})
		}
	})
	return out
}

// produced lists where argument a (index i) of a wired call holds what
// another wired call returned: the whole argument, or fields of a
// struct built in place for it.
func (b *stmtBuilder) produced(a ssa.Value, i int) []valueflow.ArgSource {
	if b.fromWired(a, 0) {
		return []valueflow.ArgSource{{Param: i}}
	}
	var out []valueflow.ArgSource
	forFieldStores(a, func(field string, v ssa.Value) {
		if b.fromWired(v, 0) {
			out = append(out, valueflow.ArgSource{Param: i, Path: "." + field})
		}
	})
	return out
}

// argProducers lists the wired calls whose results a statement's
// arguments hold.
func (b *stmtBuilder) argProducers(st *effects.Stmt) []int {
	var out []int
	for _, a := range st.Args {
		out = b.producers(a, out)
	}
	if st.ArgBase != nil {
		out = b.producers(st.ArgBase, out)
	}
	return out
}

// callProducers lists the wired calls whose results a callee's statement
// stores, through the arguments call passes for its arguments.
func (b *stmtBuilder) callProducers(call *ssa.Call, s valueflow.SQLStmt) []int {
	if s.Wired != nil || !sqltext.Parse(s.SQL).Writes() {
		return nil
	}
	var out []int
	for _, a := range s.Args {
		if a.Param >= 0 && a.Param < len(call.Call.Args) {
			out = b.producers(call.Call.Args[a.Param], out)
		}
	}
	return out
}

// producers adds to out the entries of the list, wired calls, whose
// results argument a holds, whole or in a field of a struct built in
// place for it, or of a struct built in place for such a field
// (Ticket{Ref: sql.NullString{String: t.Number, Valid: true}}).
func (b *stmtBuilder) producers(a ssa.Value, out []int) []int {
	if fv, ok := valueflow.Unwrap(a).(*ssa.FreeVar); ok {
		a = effects.Binding(fv) // a value the literal captures
	}
	if a == nil {
		return out
	}
	add := func(v ssa.Value) {
		if c := b.producer(v, 0); c != nil {
			for j, in := range b.instrs {
				if in == ssa.Instruction(c) && !slices.Contains(out, j) {
					out = append(out, j)
				}
			}
		}
	}
	add(a)
	for _, v := range builtInPlace(a, 0) {
		add(v)
	}
	return out
}

// builtInPlace returns the values stored into the fields of a struct
// built in place for a, and into the fields of the structs built for
// those (a nested literal is built in its field's place, or in a
// temporary copied there).
func builtInPlace(a ssa.Value, depth int) []ssa.Value {
	v := valueflow.Unwrap(a)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	if depth > 2 {
		return nil
	}
	var out []ssa.Value
	var fields func(addr ssa.Value)
	fields = func(addr ssa.Value) {
		for _, r := range *addr.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				fields(r)
			case *ssa.Store:
				if r.Addr != addr {
					continue
				}
				if addr != v {
					out = append(out, r.Val) // a field's value
				}
				out = append(out, builtInPlace(r.Val, depth+1)...)
			}
		}
	}
	if alloc, ok := v.(*ssa.Alloc); ok {
		fields(alloc)
	}
	return out
}

// producer returns the wired call whose result v is, or is read from.
func (b *stmtBuilder) producer(v ssa.Value, depth int) *ssa.Call {
	return wiredProducer(b.h.r, v, depth)
}

// getter reports whether call is a static call of a method of another
// package given its receiver alone (resp.RecurringToken()): what it
// returns is read from the receiver.
func getter(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	return !call.Call.IsInvoke() && fn != nil && fn.Signature.Recv() != nil && len(call.Call.Args) == 1 &&
		fn.Pkg != nil && fn.Pkg != call.Parent().Pkg
}

// wiredProducer returns the wired call whose result v is, or is read
// from, or nil.
func wiredProducer(res *Result, v ssa.Value, depth int) *ssa.Call {
	if depth > 8 {
		return nil
	}
	next := func(w ssa.Value) *ssa.Call { return wiredProducer(res, w, depth+1) }
	if w := valueflow.Converted(v); w != nil {
		return next(w)
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return next(x.X)
		}
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.FieldAddr:
		return next(x.X)
	case *ssa.Field:
		return next(x.X)
	case *ssa.BinOp:
		// A text made of it ("pol_" + pol.Number).
		if x.Op == token.ADD {
			if c := next(x.X); c != nil {
				return c
			}
			return next(x.Y)
		}
	case *ssa.Call:
		if _, ok := res.wiredAt(x); ok {
			return x
		}
		if getter(x) {
			return next(x.Call.Args[0]) // read from it (resp.RecurringToken())
		}
		if lit := returnedLiteral(x); lit != nil {
			// A retry wrapper's result (retry.DoWithData(func() (T,
			// error) {...})): what its function returns.
			for _, b := range lit.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
					if c := next(ret.Results[0]); c != nil {
						return c
					}
				}
			}
		}
	case *ssa.FreeVar:
		if v := effects.Binding(x); v != nil {
			return next(v) // a value the literal captures
		}
	case *ssa.Alloc:
		// A variable: what was stored in it whole.
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				if c := next(st.Val); c != nil {
					return c
				}
			}
		}
	}
	return nil
}

// returnedLiteral returns the function literal a static call is given
// whose first result's type is the call's own first result's (a retry
// wrapper, generic or not, that returns what its function returned), or
// nil.
func returnedLiteral(call *ssa.Call) *ssa.Function {
	if call.Call.StaticCallee() == nil {
		return nil
	}
	first := func(sig *types.Signature) types.Type {
		if sig.Results().Len() == 0 {
			return nil
		}
		return sig.Results().At(0).Type()
	}
	want := first(call.Call.Signature())
	if want == nil || effects.IsError(want) {
		return nil
	}
	for _, a := range call.Call.Args {
		if lit := valueflow.LiteralFunc(a); lit != nil {
			if got := first(lit.Signature); got != nil && types.Identical(got, want) {
				return lit
			}
		}
	}
	return nil
}

// forFieldStores calls f with each field of a struct built in place for
// argument a, in the order of the fields' names, and each value stored
// into it.
func forFieldStores(a ssa.Value, f func(field string, v ssa.Value)) {
	stores, _ := valueflow.FieldStores(a)
	for _, field := range slices.Sorted(maps.Keys(stores)) {
		for _, v := range stores[field] {
			f(field, v)
		}
	}
}

// fromWired reports whether v is, or is read from, a result of a wired
// call.
func (b *stmtBuilder) fromWired(v ssa.Value, depth int) bool {
	return b.producer(v, depth) != nil
}

// source says where a handle comes from; a handle that commits each
// statement needs no tracing.
func (b *stmtBuilder) source(v ssa.Value, path string, unit effects.Durability) effects.Source {
	if unit == effects.DurAutocommit {
		return effects.Source{Kind: valueflow.HandleAutocommit}
	}
	if v == nil {
		return effects.Source{}
	}
	return effects.SourceOf(b.h, b.fn, b.aliased(v), path)
}

// handle turns a source into a summary's handle, numbering the
// transactions fn begins by their origins.
func (b *stmtBuilder) handle(src effects.Source) valueflow.Handle {
	h := valueflow.Handle{Kind: src.Kind, Param: src.Param, Path: src.Path}
	if src.Else != nil {
		e := b.handle(*src.Else)
		h.Else = &e
	}
	if src.Kind != valueflow.HandleTx {
		return h
	}
	origins := effects.Origins(src.Tx, nil)
	for i, o := range b.txs {
		if o != nil && effects.Intersects(o, origins) {
			h.Tx = i
			return h
		}
	}
	h.Tx = b.newTx()
	b.txs[h.Tx] = origins
	return h
}

func (b *stmtBuilder) newTx() int {
	b.txs = append(b.txs, nil)
	return len(b.txs) - 1
}

// add appends a statement, with the instruction here that runs it and,
// for a callee's statement, the statements of this list that the
// callee's summary says exclude it.
func (b *stmtBuilder) add(s valueflow.SQLStmt, at ssa.Instruction, excl []int) {
	if b.cb != nil && s.Callback == 0 {
		s.Callback, s.CallbackArg = b.cb.entry+1, b.cb.arg
	}
	if call, ok := at.(ssa.CallInstruction); ok {
		s.Optional = s.Optional || effects.FailureTolerated(call)
	}
	if !s.OnFailure {
		if failed := effects.FailedCall(at); failed != nil {
			s.OnFailure = true
			for j, in := range b.instrs {
				if in == failed {
					s.FailureOf = append(s.FailureOf, j)
				}
			}
		}
	}
	b.sum.Stmts = append(b.sum.Stmts, s)
	if b.cb != nil {
		if b.anchors == nil {
			b.anchors = map[int]ssa.Instruction{}
		}
		anchor := b.instrs[b.cb.entry]
		if a, ok := b.anchors[b.cb.entry]; ok {
			anchor = a // a literal within a literal
		}
		b.anchors[len(b.instrs)] = anchor
	}
	b.instrs = append(b.instrs, at)
	b.excl = append(b.excl, excl)
}

func (b *stmtBuilder) frame(c ssa.CallInstruction) valueflow.Frame {
	return valueflow.FrameAt(b.h.r.Env.Fset, valueflow.FuncName(c.Parent()), b.h.r.CallStart(c.Pos()))
}

// finish records which statements exclude each other and which have a
// duplicate handled, cuts the list to maxStmts, and says whether this
// package's checks judge fn.
func (b *stmtBuilder) finish() {
	// A helper given the handle counts as unknown even when its
	// statements are listed: one it cannot read (a query chosen at run
	// time) is not.
	own := map[ssa.Instruction]bool{}
	for _, st := range b.direct {
		own[st.Instr] = true
	}
	for j, st := range b.direct {
		b.sum.Stmts[j].HandsOn = effects.HandsOnAfter(st, func(in ssa.Instruction) bool { return own[in] })
	}
	stmts := b.sum.Stmts
	handles := map[*ssa.Function]effects.UniqueHandling{} // once per function
	states := map[*ssa.Function][]stateGuard{}
	for i := range stmts {
		if b.claimLocked(i) {
			stmts[i].Guard, stmts[i].ReadBack = true, true
		}
		stmts[i].Guard = stmts[i].Guard || stmts[i].Wired != nil && b.compareAndSet(i)
	}
	pending := map[*ssa.Function][]pendingGuard{}
	for i := range stmts {
		stmts[i].Absorbed = stmts[i].Absorbed || b.absorbed(i, handles)
		stmts[i].StateGuarded = stmts[i].StateGuarded || b.stateGuarded(i, states)
		if !stmts[i].StateGuarded {
			stmts[i].StateVia = b.stateVia(i, pending)
		}
		if w := stmts[i].Wired; w != nil {
			w.PastGuard = w.PastGuard || b.pastGuard(i)
		}
	}
	for i := range stmts {
		for j := i + 1; j < len(stmts); j++ {
			if b.exclusive(i, j) {
				stmts[i].Exclusive = append(stmts[i].Exclusive, j)
				stmts[j].Exclusive = append(stmts[j].Exclusive, i)
			}
		}
	}
	if len(stmts) > maxStmts {
		b.sum.StmtsCut = true
		stmts = stmts[:maxStmts]
		for i := range stmts {
			kept := stmts[i].Exclusive[:0:0]
			for _, j := range stmts[i].Exclusive {
				if j < maxStmts {
					kept = append(kept, j)
				}
			}
			stmts[i].Exclusive = kept
		}
		b.sum.Stmts = stmts
	}
	if b.h.r.Retried != nil {
		_, b.sum.Retried = b.h.r.Retried.Reached(b.fn)
	}
}

// runsNext reports whether a call of a middleware runs the rest of the
// request's handlers: a call the catalog names (c.Next(),
// next.ServeHTTP(w, r) on the handler it was given), or a call of the
// handler it was given, of a handler's shape (next(c)).
func (b *stmtBuilder) runsNext(cc *ssa.CallCommon) bool {
	if fn := valueflow.Callee(cc); fn != nil && catalog.RunsNextHandler(fn) {
		return !cc.IsInvoke() || isGiven(cc.Value)
	}
	if cc.IsInvoke() || cc.StaticCallee() != nil || !isGiven(cc.Value) {
		return false
	}
	sig, ok := cc.Value.Type().Underlying().(*types.Signature)
	if !ok {
		return false
	}
	_, shape := b.h.r.Env.Catalog.HandlerShape(sig)
	return shape
}

// isGiven reports whether v is a parameter of its function or a value a
// closure captures: a handler a middleware was given.
func isGiven(v ssa.Value) bool {
	v = valueflow.Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a captured variable
	}
	switch v.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	}
	return false
}

// claimLocked reports whether statement i, an INSERT that absorbs its
// duplicate, is followed on its handle by a SELECT of the row it
// claims (INSERT INTO idempotency_keys ... ON CONFLICT DO NOTHING, then
// SELECT ... WHERE scope = $1 AND key = $2 FOR UPDATE): the row read
// back is the earlier attempt's when there was one, and what it holds
// decides the path, as the rows a dedup guard affected do.
func (b *stmtBuilder) claimLocked(i int) bool {
	stmts := b.sum.Stmts
	if stmts[i].Wired != nil || stmts[i].Guard {
		return false
	}
	ins := sqltext.Parse(stmts[i].SQL)
	if ins.Kind != sqltext.Insert || !ins.Conflict || ins.Upsert || ins.Table == "" {
		return false
	}
	for j := i + 1; j < len(stmts); j++ {
		if stmts[j].Wired != nil || !reflect.DeepEqual(stmts[j].Handle, stmts[i].Handle) || !effects.Dominates(b.instrs[i], b.instrs[j]) {
			continue
		}
		sel := sqltext.Parse(stmts[j].SQL)
		where := sel.WhereColumns()
		if sel.Kind == sqltext.Select && sel.Table == ins.Table && len(where) > 0 &&
			!slices.ContainsFunc(where, func(c string) bool { return !slices.Contains(ins.Columns, c) }) {
			return true
		}
	}
	return false
}

// absorbed reports whether a duplicate of statement i is handled here:
// a dedup guard of the list runs before it on every path, or the
// function that runs it takes a unique violation, or renames it to an
// error that code the package sees takes. A rename no such code takes
// is noted on the statement, for the callers to judge.
func (b *stmtBuilder) absorbed(i int, handles map[*ssa.Function]effects.UniqueHandling) bool {
	at := b.instrs[i]
	fn := at.Parent()
	u, ok := handles[fn]
	if !ok {
		u = b.h.r.errorFuncs.UniqueOf(fn)
		handles[fn] = u
	}
	if b.h.r.takes(u) {
		return true
	}
	for _, n := range u.Sentinels {
		if !slices.Contains(b.sum.Stmts[i].Renamed, n) {
			b.sum.Stmts[i].Renamed = append(b.sum.Stmts[i].Renamed, n)
		}
	}
	return b.pastGuard(i)
}

// compareAndSet reports whether entry i is a wired call that is a
// compare-and-set (compareAndSetCall).
func (b *stmtBuilder) compareAndSet(i int) bool {
	c, ok := b.instrs[i].(ssa.CallInstruction)
	return ok && compareAndSetCall(c)
}

// pastGuard reports whether a dedup guard of the list runs before entry
// i on every path; not a claim read back (INSERT ... ON CONFLICT DO
// NOTHING, then the row read), which a retry passes to find the work
// not done.
func (b *stmtBuilder) pastGuard(i int) bool {
	at := b.instrs[i]
	for j, g := range b.sum.Stmts {
		if j != i && g.Guard && !g.ReadBack && b.instrs[j] != at && effects.Dominates(b.instrs[j], at) {
			return true
		}
	}
	return false
}

// stateGuarded reports whether statement i runs only after a state
// guard's write of the function that runs it, on the path where the
// guard's test found the work not done.
func (b *stmtBuilder) stateGuarded(i int, memo map[*ssa.Function][]stateGuard) bool {
	return stateGuardedAt(b.instrs[i], memo) || GuardedInClosure(b.instrs[i])
}

// stateVia returns, for statement i, the pending guards it runs past
// whose write is a wired call of the list, with that call's entry.
func (b *stmtBuilder) stateVia(i int, memo map[*ssa.Function][]pendingGuard) []valueflow.StateSet {
	at := b.instrs[i]
	fn := at.Parent()
	guards, ok := memo[fn]
	if !ok {
		guards = pendingGuards(fn)
		memo[fn] = guards
	}
	var out []valueflow.StateSet
	for _, g := range guards {
		j := slices.Index(b.instrs, ssa.Instruction(g.write))
		if j < 0 || j == i || b.sum.Stmts[j].Wired == nil || !guardedByState([]stateGuard{g.stateGuard}, at) {
			continue
		}
		set := g.set
		set.Entry = j
		if k := slices.Index(b.instrs, ssa.Instruction(g.read)); k >= 0 && b.sum.Stmts[k].Wired != nil {
			set.ReadBy = k + 1
		}
		out = append(out, set)
	}
	return out
}

// stateGuardedAt reports whether at runs only past a state guard's
// write: one of its function, or, in a function literal, one of the
// function that makes it before every call it hands the literal to (a
// transaction's callback after the write).
func stateGuardedAt(at ssa.Instruction, memo map[*ssa.Function][]stateGuard) bool {
	fn := at.Parent()
	guards, ok := memo[fn]
	if !ok {
		guards = stateGuards(fn)
		memo[fn] = guards
	}
	if guardedByState(guards, at) {
		return true
	}
	parent := fn.Parent()
	return parent != nil && valueflow.LiteralUses(parent, fn, func(c ssa.CallInstruction) bool { return stateGuardedAt(c, memo) })
}

// exclusive reports whether statements i and j never run in one call:
// the callee's list says so for two of one call, and otherwise neither
// instruction reaches the other in their function.
func (b *stmtBuilder) exclusive(i, j int) bool {
	a, c := b.instrs[i], b.instrs[j]
	if slices.Contains(b.excl[i], j) {
		return true // a callee's exclusive statements, or two entries of a table of handlers (dispatch)
	}
	if a == c {
		return false
	}
	if a.Parent() != c.Parent() {
		// A statement of a literal handed to a wired call runs where
		// that call does.
		if anchor, ok := b.anchors[i]; ok {
			a = anchor
		}
		if anchor, ok := b.anchors[j]; ok {
			c = anchor
		}
		if a == c {
			return false
		}
		if a.Parent() != c.Parent() {
			// A statement of a literal a helper runs (a transaction's
			// callback) runs where the literal is made.
			if a, c = effects.MadeAt(a), effects.MadeAt(c); a == nil || c == nil || a == c {
				return false
			}
		}
	}
	return a.Parent() == c.Parent() && a.Block() != c.Block() &&
		!b.reachable(a.Block())[c.Block().Index] && !b.reachable(c.Block())[a.Block().Index]
}

// loopHeader returns the header of a consumer loop whose body is blocks
// (its one block whose immediate dominator lies outside it), or nil.
func loopHeader(blocks map[*ssa.BasicBlock]bool) *ssa.BasicBlock {
	for blk := range blocks {
		if blk.Idom() == nil || !blocks[blk.Idom()] {
			return blk
		}
	}
	return nil
}

// reachable returns, by index, the blocks of blk's function that can run
// after blk, computed once per block: a list's pairs ask about the same
// few blocks again and again, in functions of thousands of blocks.
func (b *stmtBuilder) reachable(blk *ssa.BasicBlock) []bool {
	if r, ok := b.reach[blk]; ok {
		return r
	}
	r := make([]bool, len(blk.Parent().Blocks))
	// In a consumer loop's body, the way back to the loop's header
	// leads to the next delivery: not a run of this operation.
	var header *ssa.BasicBlock
	if blk.Parent() == b.fn {
		header = loopHeader(b.only)
	}
	stack := slices.Clone(blk.Succs)
	for len(stack) > 0 {
		next := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if next == header {
			continue
		}
		if !r[next.Index] {
			r[next.Index] = true
			stack = append(stack, next.Succs...)
		}
	}
	if b.reach == nil {
		b.reach = map[*ssa.BasicBlock][]bool{}
	}
	b.reach[blk] = r
	return r
}
