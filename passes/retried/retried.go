// Package retried is the pass that finds the retried roots of a package
// (handlers, consumers, retry-wrapper operations, consumer loops and
// functions marked //idemlint:retried) and the functions of the package
// that run on a retried path because a root reaches them by static calls,
// calls of closures, defers and go statements.
//
// Function values are followed to the functions of the package they can
// hold (funcvalues.go). Calls through interfaces are not: their
// implementations are resolved where the program is wired
// (passes/summary). An interface method marked //idemlint:retried makes
// every implementation a root, in whichever package declares it; the
// marks travel as the RetriedMethods fact.
package retried

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/lazyssa"
)

// New returns the pass for a run whose catalog pass is cat.
func New(cat *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "idemretried",
		Doc:        "find retried roots and the functions they reach",
		Requires:   []*analysis.Analyzer{cat, lazyssa.Analyzer},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(RetriedMethods), new(ParamRoots), new(FieldRoot), new(FieldFuncs), new(Adapter), new(TypeRoot), new(ReturnedFuncs), new(FieldCalls), new(FieldStores)},
		Run: func(pass *analysis.Pass) (any, error) {
			marked := markedMethods(pass)
			s := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.SSA)
			claiming := claimingFuncs(pass, s)
			for _, m := range polledMethods(pass, s.SrcFuncs(), claiming) {
				// Every implementation is a handler, and so is each
				// value of the interface a table of another package
				// holds.
				marked.Methods = append(marked.Methods, m)
				iface, _, _ := strings.Cut(m, ".")
				pass.ExportObjectFact(pass.Pkg.Scope().Lookup(iface), &TypeRoot{Kind: catalog.PolledJob})
			}
			if len(marked.Methods) > 0 {
				pass.ExportPackageFact(marked)
			}
			c := pass.ResultOf[cat].(*catalog.Catalog)
			res := &Result{
				pass:     pass,
				cat:      c,
				ssa:      s,
				claiming: claiming,
				claimed:  claimedRows(claiming),
			}
			exportParamRoots(pass, c, res)
			exportFieldFuncs(pass)
			res.exportDispatchers()
			exportReturnedFuncs(pass, c, func(fn *types.Func) []int {
				var a Adapter
				pass.ImportObjectFact(fn, &a)
				return a.Params
			})
			return res, nil
		},
	}
}

// RetriedMethods is a package fact: the methods of the package's
// interfaces marked //idemlint:retried, as "Iface.Method". Every
// implementation of one is a root, in any package.
type RetriedMethods struct {
	Methods []string
}

func (*RetriedMethods) AFact() {}

func (m *RetriedMethods) String() string { return "retried(" + strings.Join(m.Methods, ", ") + ")" }

// markedMethods finds the interface methods of the package whose doc or
// line comment says //idemlint:retried.
func markedMethods(pass *analysis.Pass) *RetriedMethods {
	out := &RetriedMethods{}
	for _, file := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(file.FileStart).Name(), "_test.go") {
			continue
		}
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				it, ok := ts.Type.(*ast.InterfaceType)
				if !ok {
					continue
				}
				for _, m := range it.Methods.List {
					if len(m.Names) == 1 && (report.IsRetried(m.Doc) || report.IsRetried(m.Comment)) {
						out.Methods = append(out.Methods, ts.Name.Name+"."+m.Names[0].Name)
					}
				}
			}
		}
	}
	return out
}

// A Root is one retried root.
type Root struct {
	Kind string // "HTTP handler", "backoff.Retry operation", ...
	Name string // the function, as frames name it
	Pos  token.Pos
	// Fn is the root function when it is in this package.
	Fn *ssa.Function
	// Blocks, when set, limit the root to a loop of Fn (a consumer loop).
	Blocks map[*ssa.BasicBlock]bool
	// Extern is a root function of another package, registered here at
	// Pos by the call Via.
	Extern *types.Func
	Via    ssa.CallInstruction
	// Attempts: the root's retries are calls made again by the code that
	// registers it, in one execution of that code (a retry wrapper, a
	// hand-written retry loop), so a value made before them is made once.
	Attempts bool
	// Invokers are the calls of a function value by which the roots of
	// a router adapter's closures run this root, which the adapter was
	// given (withPayload(t.receipt) calling fn(ctx, p) where the task
	// is in scope): the arguments there are the root's parameters.
	Invokers []ssa.CallInstruction
	// Awaits, on a root of the Awaiting view, are the full names of the
	// functions of another package whose run on a retried path makes
	// this a root (a dispatcher's Dispatch, which calls the table the
	// root is registered into).
	Awaits []string
}

// Describe says what the root is, for messages: `HTTP handler Create`.
func (r *Root) Describe() string { return r.Kind + " " + r.Name }

// A Path says how a function is reached: from Root, through the calls Via.
type Path struct {
	Root *Root
	Via  []ssa.CallInstruction
}

// Calls returns the positions of the calls from the root, in order.
func (p *Path) Calls() []token.Pos {
	out := make([]token.Pos, len(p.Via))
	for i, call := range p.Via {
		out[i] = call.Pos()
	}
	return out
}

// Result is computed on first use, so that a package with nothing to
// report never builds SSA.
type Result struct {
	pass  *analysis.Pass
	cat   *catalog.Catalog
	ssa   *lazyssa.SSA
	once  sync.Once
	roots []*Root
	reach map[*ssa.Function]*Path
	// values resolves function values to the package's functions.
	values *funcValues
	// handedFields are the finder's (finder.handedFields).
	handedFields map[*types.Var]string
	// claiming are the functions that claim a row of a table of jobs
	// (claimingFuncs).
	claiming map[*ssa.Function]bool
	// claimed are the types of the rows they return (claimedRows).
	claimed map[types.Type]bool
	// awaiting is the view of the roots that wait for the program
	// (Awaiting), made once asked.
	awaitOnce sync.Once
	awaiting  *Result
}

// Roots returns the retried roots of the package.
func (r *Result) Roots() []*Root { r.compute(); return r.roots }

// On reports whether an instruction runs on a retried path, and how.
func (r *Result) On(instr ssa.Instruction) (*Path, bool) {
	r.compute()
	fn := instr.Parent()
	p, ok := r.reach[fn]
	if !ok {
		return nil, false
	}
	if p.Root.Fn == fn && p.Root.Blocks != nil && len(p.Via) == 0 && !p.Root.Blocks[instr.Block()] {
		return nil, false
	}
	return p, true
}

// ReachedAvoiding returns the functions that run on a retried path
// that passes through no call skip selects: a call that runs only after
// a guard, when the caller asks which functions a retry still reaches.
func (r *Result) ReachedAvoiding(skip func(ssa.CallInstruction) bool) map[*ssa.Function]bool {
	r.compute()
	out := map[*ssa.Function]bool{}
	for fn := range reachable(r.roots, r.pass.Pkg, r.values, skip) {
		out[fn] = true
	}
	return out
}

// Reached reports whether a function runs on a retried path.
func (r *Result) Reached(fn *ssa.Function) (*Path, bool) {
	r.compute()
	p, ok := r.reach[fn]
	return p, ok
}

// BoundMethod returns the interface method a call of a function value
// runs, when every function the value can hold is that method bound to
// a receiver (a handler field set to svc.AdjustReserve, svc an
// interface), and the receiver's type.
func (r *Result) BoundMethod(call ssa.CallInstruction) (*types.Func, types.Type, bool) {
	c := call.Common()
	if c.IsInvoke() || c.StaticCallee() != nil {
		return nil, nil, false
	}
	r.compute()
	var method *types.Func
	var recv types.Type
	for _, fn := range r.values.targets(c.Value, nil, false) {
		m, ok := fn.Object().(*types.Func)
		if !ok || !valueflow.BoundWrapper(fn) || len(fn.FreeVars) != 1 ||
			!types.IsInterface(fn.FreeVars[0].Type()) || method != nil && m != method {
			return nil, nil, false
		}
		method, recv = m, fn.FreeVars[0].Type()
	}
	return method, recv, method != nil
}

// BoundWrapper returns the wrapper SSA makes, where the package binds
// it, for the method of a concrete type that call, a call of a function
// value, runs: the only target of the value (a field the package's
// constructor fills with l.Post). Nil otherwise.
func (r *Result) BoundWrapper(call ssa.CallInstruction) *ssa.Function {
	targets := r.Targets(call)
	if len(targets) != 1 {
		return nil
	}
	m := targets[0]
	if obj, ok := m.Object().(*types.Func); !ok || obj.Signature().Recv() == nil || types.IsInterface(obj.Signature().Recv().Type()) {
		return nil
	}
	w, _ := r.values.boundWrapper(m, r.pass.Pkg)
	return w
}

// DispatchBodies returns, for a call of a function value that a table of
// the package's holds (s.routes[evt.Type](ctx, evt)), the functions
// that run the table's named entries with the call's arguments: a
// method's bound wrapper, or the function itself. Function literals
// among the entries are left out: what they capture is bound where
// they are made (an adapter's registrations, listed as roots of their
// own). Nil unless the table holds at least two functions (one is
// BoundWrapper's) of the package.
func (r *Result) DispatchBodies(call ssa.CallInstruction) []*ssa.Function {
	targets := r.DispatchTargets(call)
	if len(targets) < 2 {
		return nil
	}
	var out []*ssa.Function
	for _, m := range targets {
		if boundToInterface(m) {
			// A method value of an interface (s.SeatReleased, s a
			// service interface): its wrapper calls the method on the
			// value it was bound to.
			out = append(out, m)
			continue
		}
		if m.Blocks == nil || !isLocal(m, r.pass.Pkg) {
			return nil
		}
		obj, _ := m.Object().(*types.Func)
		switch {
		case obj == nil || m.Parent() != nil:
			// a literal
		case obj.Signature().Recv() == nil:
			out = append(out, m)
		case !types.IsInterface(obj.Signature().Recv().Type()):
			if w, _ := r.values.boundWrapper(m, r.pass.Pkg); w != nil {
				out = append(out, w)
			}
		}
	}
	return out
}

// boundToInterface reports whether fn is the wrapper SSA makes for a
// method value of an interface.
func boundToInterface(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && valueflow.BoundWrapper(fn) && types.IsInterface(obj.Signature().Recv().Type())
}

// BoundAt returns where the package binds the method value whose
// wrapper is fn (the first place in the source), or token.NoPos.
func (r *Result) BoundAt(fn *ssa.Function) token.Pos {
	r.compute()
	if mc := r.values.bound(fn, r.pass.Pkg); mc != nil {
		return mc.Pos()
	}
	return token.NoPos
}

// Targets returns the functions a call of a function value can run, as
// far as the package shows them: those stored into the struct field it
// is loaded from (newID: uuid.NewString), those bound to the variable.
func (r *Result) Targets(call ssa.CallInstruction) []*ssa.Function {
	c := call.Common()
	if c.IsInvoke() || c.StaticCallee() != nil {
		return nil
	}
	r.compute()
	return r.values.targets(c.Value, nil, false)
}

// DispatchTargets returns the functions of the package a call of a
// function value runs, as far as the package shows them (Targets), an
// adapter's closure standing for itself alone: the handlers a table
// by event type holds (p.handlers[evt.Type]), which a method reached
// through an interface dispatches to, and not what once(p.paid)'s
// closure runs past its own claim.
func (r *Result) DispatchTargets(call ssa.CallInstruction) []*ssa.Function {
	c := call.Common()
	if c.IsInvoke() || c.StaticCallee() != nil {
		return nil
	}
	r.compute()
	return r.values.targetsOf(c.Value, nil, false, false)
}

// LoopTargets returns the functions of the package that a consumer
// loop root calls through function values in its loop (a table of
// handlers by topic): each runs on one delivery.
func (r *Result) LoopTargets(root *Root) []*ssa.Function {
	return r.valueTargets(slices.Values(root.loopBlocks()))
}

// loopBlocks returns the blocks of the root's loop in their function's
// order: a walk of them in a map's order would meet the calls that its
// bounds and its seen set let through in another order on each run.
func (r *Root) loopBlocks() []*ssa.BasicBlock {
	return slices.SortedFunc(maps.Keys(r.Blocks), func(a, b *ssa.BasicBlock) int { return cmp.Compare(a.Index, b.Index) })
}

// LoopCalleeTargets returns the functions of the package that the
// package's functions a consumer loop's body calls, directly or through
// others, call through function values: a loop that hands each delivery
// to c.process, which dispatches it through a table of handlers, runs
// the table's functions on one delivery as a call in the loop would.
func (r *Result) LoopCalleeTargets(root *Root) []*ssa.Function {
	return r.valueTargets(calleeBlocks(root, r.pass.Pkg))
}

// calleeBlocks yields the blocks of the package's functions that a
// consumer loop's body calls, directly or through others.
func calleeBlocks(root *Root, pkg *types.Package) iter.Seq[*ssa.BasicBlock] {
	return func(yield func(*ssa.BasicBlock) bool) {
		seen := map[*ssa.Function]bool{root.Fn: true}
		var visit func(blocks iter.Seq[*ssa.BasicBlock], depth int) bool
		visit = func(blocks iter.Seq[*ssa.BasicBlock], depth int) bool {
			for b := range blocks {
				if depth > 0 && !yield(b) {
					return false
				}
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok || depth >= maxLoopDepth {
						continue
					}
					callee := call.Call.StaticCallee()
					if callee == nil || seen[callee] || callee.Blocks == nil || !isLocal(callee, pkg) {
						continue
					}
					seen[callee] = true
					if !visit(slices.Values(callee.Blocks), depth+1) {
						return false
					}
				}
			}
			return true
		}
		visit(slices.Values(root.loopBlocks()), 0)
	}
}

// maxLoopDepth bounds the calls calleeBlocks follows from a loop's body.
const maxLoopDepth = 3

// BodyTargets returns the functions of the package that fn calls
// through function values (an adapter's Work calling the function it
// was made with, w.fn(ctx, job.Args)): what each runs is the body of
// one operation.
func (r *Result) BodyTargets(fn *ssa.Function) []*ssa.Function {
	return r.valueTargets(slices.Values(fn.Blocks))
}

func (r *Result) valueTargets(blocks iter.Seq[*ssa.BasicBlock]) []*ssa.Function {
	r.compute()
	var out []*ssa.Function
	for b := range blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.IsInvoke() || call.Call.StaticCallee() != nil {
				continue
			}
			for _, fn := range r.values.targets(call.Call.Value, nil, false) {
				if fn.Blocks != nil && isLocal(fn, r.pass.Pkg) && !slices.Contains(out, fn) {
					out = append(out, fn)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

func (r *Result) compute() {
	r.once.Do(func() {
		f := &finder{pass: r.pass, cat: r.cat, ssa: r.ssa, seen: make(map[*ssa.Function]bool)}
		funcs := r.ssa.SrcFuncs()
		if init := r.ssa.Package().Func("init"); init != nil {
			// The stores of package-level tables' literals
			// ([]activityEntry{{name, func(a *A) any {...}}}).
			funcs = append(slices.Clip(funcs), init)
		}
		f.values = newFuncValues(funcs, r.ssa.Func)
		f.values.adapts = func(fn *types.Func) []int {
			var a Adapter
			r.pass.ImportObjectFact(fn, &a)
			return a.Params
		}
		f.values.returns = func(fn *types.Func) []*types.Func {
			var rf ReturnedFuncs
			if fn.Pkg() == r.pass.Pkg || !r.pass.ImportObjectFact(fn, &rf) {
				return nil
			}
			var out []*types.Func
			for _, name := range rf.Funcs {
				if g := lookupQualified(r.pass.Pkg, name); g != nil {
					out = append(out, g)
				}
			}
			return out
		}
		f.findRoots(r.ssa)
		r.reach = reachable(f.roots, r.pass.Pkg, f.values, nil)
		if f.boundFieldRoots(r.reach) {
			r.reach = reachable(f.roots, r.pass.Pkg, f.values, nil)
		}
		if f.dispatched(r.reach) {
			r.reach = reachable(f.roots, r.pass.Pkg, f.values, nil)
		}
		r.roots = f.roots
		r.values = f.values
		r.handedFields = f.handedFields
	})
}

type finder struct {
	pass  *analysis.Pass
	cat   *catalog.Catalog
	ssa   *lazyssa.SSA
	roots []*Root
	seen  map[*ssa.Function]bool
	// values resolves function values to the package's functions.
	values *funcValues

	contextRoots []contextRoot
	// handedFields are the function fields of the package's structs
	// whose values a registration hands on (passedFields), with the
	// registration's kind.
	handedFields map[*types.Var]string
}

// inTestFile reports whether fn is declared in a _test.go file.
func (f *finder) inTestFile(fn *ssa.Function) bool {
	pos := fn.Pos()
	for p := fn; !pos.IsValid() && p.Parent() != nil; p = p.Parent() {
		pos = p.Parent().Pos()
	}
	if !pos.IsValid() {
		return false
	}
	return strings.HasSuffix(f.pass.Fset.File(pos).Name(), "_test.go")
}

func (f *finder) add(kind string, fn *ssa.Function, pos token.Pos) *Root {
	if fn == nil || f.seen[fn] {
		return nil
	}
	f.seen[fn] = true
	if pos == token.NoPos {
		pos = fn.Pos()
	}
	r := &Root{Kind: kind, Name: displayName(fn), Pos: pos, Fn: fn}
	f.roots = append(f.roots, r)
	return r
}

func (f *finder) findRoots(s *lazyssa.SSA) {
	module := ""
	if f.pass.Module != nil {
		module = f.pass.Module.Path
	}
	if catalog.TestSupport(f.pass.Pkg, module) {
		// A test server's handlers (a package testapi that replays
		// a provider's webhook to the program's own endpoint) serve
		// tests: the entry points they exercise are judged where
		// they are served.
		return
	}
	marked := markedRetried(f.pass)
	for _, fn := range s.SrcFuncs() {
		if f.inTestFile(fn) {
			// Tests run once: their handlers, retry loops and closures
			// are not retried roots.
			f.seen[fn] = true
			continue
		}
		if kind, ok := f.cat.HandlerShape(fn.Signature); ok && !sendsRPC(fn) {
			f.add(kind, fn, token.NoPos)
		}
		if obj, ok := fn.Object().(*types.Func); ok && (marked[obj] || f.cat.ConfiguredRoot(obj)) {
			f.add("function marked retried", fn, token.NoPos)
		}
	}
	f.grpcEmbedders()
	f.markedImplementations()
	for _, fn := range s.SrcFuncs() {
		if f.inTestFile(fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				f.visit(fn, instr)
			}
		}
	}
	// After the registrations, which name the place a root is registered.
	for _, r := range f.contextRoots {
		f.add(r.kind, r.fn, token.NoPos)
	}
	f.adapted()
}

// adapted makes the functions that a router adapter wraps roots of the
// adapter's kind: a function literal root that calls a function value
// runs the handler it was given, whose body is the retried operation,
// so the chain and the findings start there. So does a consumer loop
// written once, in a function given the handler it calls per delivery
// (Run(ctx, r, c.Handle)): what its callers in the package pass. A
// root found so is walked in turn: an adapter that wraps another
// (typed(fn) returning decode(func(...) { fn(...) })) hands its
// argument on.
func (f *finder) adapted() {
	invokers := map[*ssa.Function][]ssa.CallInstruction{}
	defer func() {
		for _, r := range f.roots {
			r.Invokers = invokers[r.Fn]
		}
	}()
	for i := 0; i < len(f.roots); i++ {
		r := f.roots[i]
		if r.Fn == nil || r.Fn.Parent() == nil && (r.Blocks == nil || r.Attempts) {
			continue
		}
		for _, b := range r.Fn.Blocks {
			if r.Blocks != nil && !r.Blocks[b] {
				continue
			}
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().IsInvoke() || call.Common().StaticCallee() != nil {
					continue
				}
				if _, param := call.Common().Value.(*ssa.Parameter); r.Fn.Parent() == nil && !param {
					continue // a loop's table of handlers: reached from the loop
				}
				for _, fn := range f.values.targets(call.Common().Value, nil, true) {
					if fn.Blocks != nil && isLocal(fn, f.pass.Pkg) && !f.inTestFile(fn) {
						f.add(r.Kind, fn, token.NoPos)
					} else if mc := f.values.boundInterface(fn, f.pass.Pkg); mc != nil {
						// A method of a service interface, bound to
						// the handler's field (Bind(h.Holds.Create)):
						// the wrapper that calls it through the
						// interface is the root, as the method would be.
						f.boundRoot(r.Kind, fn, mc)
					} else if w, mc := f.values.boundWrapper(fn, f.pass.Pkg); w != nil {
						// A method of another package's service type,
						// bound the same way: its wrapper, which calls
						// it, is the root.
						f.boundRoot(r.Kind, w, mc)
						fn = w
					} else {
						continue
					}
					if !slices.Contains(invokers[fn], call) {
						invokers[fn] = append(invokers[fn], call)
					}
				}
			}
		}
	}
}

// boundRoot makes fn, the wrapper SSA makes for an interface's method
// bound to a receiver at mc, a root of kind: the wrapper calls the
// method through the interface, and the composition root follows it to
// the implementations.
func (f *finder) boundRoot(kind string, fn *ssa.Function, mc *ssa.MakeClosure) *Root {
	root := f.add(kind, fn, mc.Pos())
	if root != nil {
		at := f.pass.Fset.Position(mc.Pos())
		root.Name = fmt.Sprintf("%s, bound at %s:%d:%d", boundName(fn), filepath.Base(at.Filename), at.Line, at.Column)
	}
	return root
}

// boundFieldRoots makes roots of the interface methods bound into the
// package's own fields of function type whose value a retried path
// calls (a table's Handle: Typed(store.ApplyInventory), store an
// interface, called by the runner's consumer callback): each is an
// operation of its own, as a method value registered with a library is.
// The package's own functions stored there are reached through the call
// already. It reports whether it added one.
func (f *finder) boundFieldRoots(reach map[*ssa.Function]*Path) bool {
	added := false
	var callers map[*ssa.Function][]ssa.CallInstruction // made on first use
	for _, fn := range f.ssa.SrcFuncs() {
		path, ok := reach[fn]
		if !ok {
			continue
		}
		for _, b := range fn.Blocks {
			if path.Root.Fn == fn && path.Root.Blocks != nil && !path.Root.Blocks[b] {
				continue
			}
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common().IsInvoke() || call.Common().StaticCallee() != nil {
					continue
				}
				// A field of the package's own stands for every value
				// stored into it; another value (an entry of a table
				// of handlers, handlers[topic]) for what the path
				// that entered the function gives it.
				ctx, every := entered(path), false
				if fld := loadedField(call.Common().Value); fld != nil {
					if fld.Pkg() != f.pass.Pkg {
						continue
					}
					ctx, every = nil, true
				}
				targets := f.values.targets(call.Common().Value, ctx, every)
				if p, ok := call.Common().Value.(*ssa.Parameter); ok && p.Parent() == fn {
					// A parameter: what each retried caller passes
					// (two webhooks' handlers given to one helper),
					// not only the first path's.
					if callers == nil {
						callers = reachedCallers(reach)
					}
					for _, c := range callers[fn] {
						targets = append(targets, f.values.targets(call.Common().Value, c, false)...)
					}
				}
				for _, t := range targets {
					if mc := f.values.boundInterface(t, f.pass.Pkg); mc != nil && f.boundRoot(path.Root.Kind, t, mc) != nil {
						added = true
					} else if isLocal(t, f.pass.Pkg) && handedToRunner(fn) {
						// The package's own method, run in the work a
						// runner is handed (a transaction's callback,
						// after the inbox's claim): it is reached from
						// there, within that work, not an operation
						// of its own.
					} else if w, mc := f.values.boundWrapper(t, f.pass.Pkg); w != nil && f.boundRoot(path.Root.Kind, w, mc) != nil {
						// A method of another package's service type
						// (run(ex.ExecuteCrypto), ex an *Executor), whose
						// body is not the package's to follow.
						added = true
					}
				}
			}
		}
	}
	return added
}

// reachedCallers returns, by callee, the static calls that the
// functions of reach make, each list in the order of the source.
func reachedCallers(reach map[*ssa.Function]*Path) map[*ssa.Function][]ssa.CallInstruction {
	out := map[*ssa.Function][]ssa.CallInstruction{}
	for g := range reach {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() != nil {
					out[c.Common().StaticCallee()] = append(out[c.Common().StaticCallee()], c)
				}
			}
		}
	}
	for _, calls := range out {
		slices.SortFunc(calls, func(a, b ssa.CallInstruction) int { return cmp.Compare(a.Pos(), b.Pos()) })
	}
	return out
}

// handedToRunner reports whether fn is a function literal handed to a
// method of an interface, or to a function the catalog knows runs its
// callback in a transaction, whose parameters are only what a runner of
// one piece of work passes (interfaces, handles): the callback of a
// unit of work.
func handedToRunner(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	for _, p := range fn.Params {
		if t := p.Type(); !types.IsInterface(t) && !catalog.IsTx(t) && !catalog.IsORMHandle(t) {
			return false
		}
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := call.Common()
			if !c.IsInvoke() && !runsInTx(c) {
				continue
			}
			for _, a := range c.Args {
				if mc, ok := a.(*ssa.MakeClosure); ok && mc.Fn == fn {
					return true
				}
			}
		}
	}
	return false
}

// runsInTx reports whether a static call is of a function the catalog
// knows runs its callback in a transaction it begins.
func runsInTx(c *ssa.CallCommon) bool {
	callee := c.StaticCallee()
	if callee == nil {
		return false
	}
	fn, ok := callee.Object().(*types.Func)
	return ok && (catalog.IsTxFunc(fn) || catalog.IsORMTransaction(fn))
}

// A contextRoot is a function that calls an API that works only inside a
// retried operation (catalog.ContextRoot).
type contextRoot struct {
	kind string
	fn   *ssa.Function
}

// receive makes the loop around a receive from a channel of deliveries
// a root.
func (f *finder) receive(fn *ssa.Function, instr ssa.Instruction, ch ssa.Value) bool {
	if c, ok := ch.Type().Underlying().(*types.Chan); ok {
		if kind, ok := f.cat.DeliveryChan(c.Elem()); ok {
			f.loop(kind, fn, instr.Block(), instr.Pos())
			return true
		}
	}
	return false
}

// visit finds roots an instruction creates: a registration, a gRPC
// service registration, or a consumer loop.
func (f *finder) visit(fn *ssa.Function, instr ssa.Instruction) {
	switch instr := instr.(type) {
	case ssa.CallInstruction:
		c := instr.Common()
		callee := valueflow.Callee(c)
		if callee == nil {
			return
		}
		if f.cat.IsGRPCRegistrar(callee) && len(c.Args) == 2 || f.cat.IsGRPCServiceRegistration(callee) && len(c.Args) >= 2 {
			f.methodsOf(c.Args[len(c.Args)-1], "gRPC method", true, instr)
			return
		}
		if callee.Pkg() != nil && callee.Pkg() != f.pass.Pkg {
			// A consumer loop of another package of the program that
			// calls the function it is given.
			var pr ParamRoots
			if f.pass.ImportObjectFact(callee, &pr) {
				for _, p := range pr.Params {
					f.registered(instr, callee, catalog.Registration{Arg: p.Arg, Kind: p.Kind, Attempts: p.Attempts})
				}
				return
			}
		}
		if callee.Pkg() == nil || !f.cat.MayKnow(callee.Pkg().Path()) {
			return
		}
		if reg, ok := f.cat.Registration(callee); ok {
			f.registered(instr, callee, reg)
		} else if kind, ok := f.cat.LoopReceiver(callee); ok {
			f.loop(kind, fn, instr.Block(), instr.Pos())
		} else if kind, ok := f.cat.ContextRoot(callee); ok {
			f.contextRoots = append(f.contextRoots, contextRoot{kind, fn})
		}
	case *ssa.Store:
		f.storedRoot(instr)
		switch a := instr.Addr.(type) {
		case *ssa.IndexAddr:
			f.tableRoot(instr.Val, instr.Pos())
		case *ssa.FieldAddr:
			// A field of a named type of the package's: a set of
			// handlers kept for a table another package builds. (A
			// table's entries, built each in a variable and stored
			// whole into the table, are read where they are stored:
			// tableRoot.)
			if isNamedStructOf(a.X.Type(), f.pass.Pkg) {
				f.tableRoot(instr.Val, instr.Pos())
			}
		}
	case *ssa.MapUpdate:
		f.tableRoot(instr.Value, instr.Pos())
	case *ssa.ChangeType:
		// A function converted to an adapter's type of another
		// package (httpx.Handler(h.manifest)); an implicit conversion
		// (an assignment to a table's element) is registered where it
		// is stored.
		if instr.Pos().IsValid() {
			f.tableRoot(instr, instr.Pos())
		}
	case *ssa.If:
		if call := retriedCall(fn, instr); call != nil {
			if r := f.loop("hand-written retry loop", fn, instr.Block(), call.Pos()); r != nil {
				r.Attempts = true
			}
		}
	case *ssa.UnOp:
		if instr.Op != token.ARROW {
			return
		}
		f.receive(fn, instr, instr.X)
	case *ssa.Select: // case msg := <-claim.Messages()
		for _, st := range instr.States {
			if st.Dir == types.RecvOnly && f.receive(fn, instr, st.Chan) {
				break // one root for the loop around the select
			}
		}
	}
}

// registered makes the function handed to a retry wrapper or consumer
// library a root.
func (f *finder) registered(call ssa.CallInstruction, callee *types.Func, reg catalog.Registration) {
	c := call.Common()
	a := reg.Arg
	if !c.IsInvoke() && callee.Type().(*types.Signature).Recv() != nil {
		a++
	}
	if a >= len(c.Args) {
		return
	}
	switch v := unwrap(c.Args[a]).(type) {
	case *ssa.MakeInterface:
		if reg.Methods { // an activity struct: its methods are the operations
			f.typeMethods(v.X.Type(), reg.Kind, false, call)
		}
	case *ssa.Function:
		if r := f.valueRoot(reg.Kind, v, call.Pos(), call); r != nil {
			r.Attempts = reg.Attempts
		}
	case *ssa.MakeClosure:
		// A method value (c.Handle) is its method, as roots are named.
		if r := f.valueRoot(reg.Kind, f.values.unbound(v.Fn.(*ssa.Function)), call.Pos(), call); r != nil {
			r.Attempts = reg.Attempts
		}
	default:
		// A function value: a field of a table's entry, a parameter.
		for _, fn := range f.values.targets(v, nil, false) {
			f.valueRoot(reg.Kind, fn, call.Pos(), call)
		}
		for _, fld := range passedFields(v, 0) {
			if fld.Pkg() == f.pass.Pkg {
				if f.handedFields == nil {
					f.handedFields = map[*types.Var]string{}
				}
				f.handedFields[fld] = reg.Kind
			}
		}
		for _, fn := range f.tableFuncs(v) {
			f.valueRoot(reg.Kind, f.ssa.Func(fn), call.Pos(), call)
		}
	}
}

// methodsOf makes the exported methods of the dynamic type of v roots: a
// registered gRPC server or Temporal activity struct.
func (f *finder) methodsOf(v ssa.Value, kind string, needCtx bool, at ssa.CallInstruction) {
	mi, ok := unwrap(v).(*ssa.MakeInterface)
	if !ok {
		// A server of an interface type (a helper's parameter, what a
		// constructor returns): the package's types that implement it.
		w := unwrap(v)
		if ci, ok := w.(*ssa.ChangeInterface); ok {
			w = ci.X // the service's interface, given as any
		}
		if iface, ok := w.Type().Underlying().(*types.Interface); ok && iface.NumMethods() > 0 {
			for _, t := range f.implementations(iface) {
				f.typeMethods(t, kind, needCtx, at)
			}
		}
		return
	}
	f.typeMethods(mi.X.Type(), kind, needCtx, at)
}

// implementations returns the package's named types, or pointers to
// them, that implement iface, outside its test files.
func (f *finder) implementations(iface *types.Interface) []types.Type {
	var out []types.Type
	scope := f.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) || strings.HasSuffix(f.pass.Fset.File(tn.Pos()).Name(), "_test.go") {
			continue
		}
		if ptr := types.NewPointer(tn.Type()); types.Implements(ptr, iface) {
			out = append(out, ptr)
		}
	}
	return out
}

// typeMethods makes the exported methods of t roots. Those of another
// package's type, registered here (at: a server package registering
// the delivery package's gRPC service), are roots of this package whose
// function is that package's, as a function of another package handed
// to a consumer library is; unless the type embeds a generated
// Unimplemented server, by which its own package finds them.
func (f *finder) typeMethods(t types.Type, kind string, needCtx bool, at ssa.CallInstruction) {
	mset := types.NewMethodSet(t)
	for i := 0; i < mset.Len(); i++ {
		sel := mset.At(i)
		obj := sel.Obj().(*types.Func)
		if !obj.Exported() || obj.Pkg() == nil {
			continue
		}
		sig := obj.Type().(*types.Signature)
		if needCtx && (sig.Params().Len() == 0 || catalog.TypeKey(sig.Params().At(0).Type()) != "context.Context") {
			continue
		}
		if obj.Pkg() == f.pass.Pkg {
			f.add(kind, f.ssa.Func(obj), token.NoPos)
		} else if at != nil && len(sel.Index()) == 1 && !embedsUnimplemented(t) && !f.hasExtern(obj) {
			f.roots = append(f.roots, &Root{Kind: kind, Name: recvName(obj) + "." + obj.Name(), Pos: at.Pos(), Extern: obj, Via: at})
		}
	}
}

// hasExtern reports whether fn is already a root registered here (a
// service registered on two servers is one root).
func (f *finder) hasExtern(fn *types.Func) bool {
	return slices.ContainsFunc(f.roots, func(r *Root) bool { return r.Extern == fn })
}

// embedsUnimplemented reports whether the struct t (or the struct t
// points to) embeds a generated Unimplemented<Service>Server.
func embedsUnimplemented(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Embedded() && isUnimplementedServer(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// isNamedStructOf reports whether t points to a named struct type
// declared in pkg.
func isNamedStructOf(t types.Type, pkg *types.Package) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() == pkg
}

// recvName is the name of a method's receiver type, without a pointer.
func recvName(fn *types.Func) string {
	t := fn.Type().(*types.Signature).Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return fn.Pkg().Name()
}

// markedImplementations makes roots of the package's methods that
// implement an interface method marked //idemlint:retried, here or in a
// package whose facts it sees.
func (f *finder) markedImplementations() {
	type mark struct {
		iface  *types.Named
		method string
		name   string // "app.Handler.Handle"
	}
	var marks []mark
	for _, pf := range f.pass.AllPackageFacts() {
		rm, ok := pf.Fact.(*RetriedMethods)
		if !ok {
			continue
		}
		for _, m := range rm.Methods {
			tname, method, _ := strings.Cut(m, ".")
			if tn, ok := pf.Package.Scope().Lookup(tname).(*types.TypeName); ok {
				if named, ok := types.Unalias(tn.Type()).(*types.Named); ok && types.IsInterface(named) {
					marks = append(marks, mark{named, method, pf.Package.Name() + "." + m})
				}
			}
		}
	}
	if len(marks) == 0 {
		return
	}
	scope := f.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		for _, m := range marks {
			iface := m.iface.Underlying().(*types.Interface)
			for _, recv := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if !types.Implements(recv, iface) {
					continue
				}
				sel, _, _ := types.LookupFieldOrMethod(recv, false, f.pass.Pkg, m.method)
				if fn, ok := sel.(*types.Func); ok && fn.Pkg() == f.pass.Pkg {
					f.add("implementation of retried "+m.name, f.ssa.Func(fn), token.NoPos)
				}
				break
			}
		}
	}
}

// grpcEmbedders makes the methods of types that embed a generated
// Unimplemented<S>Server roots: they are gRPC servers.
func (f *finder) grpcEmbedders() {
	scope := f.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			fld := st.Field(i)
			if fld.Embedded() && isUnimplementedServer(fld.Type()) {
				f.typeMethods(types.NewPointer(tn.Type()), "gRPC method", true, nil)
			}
		}
	}
}

func isUnimplementedServer(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	name := n.Obj().Name()
	return len(name) > len("UnimplementedServer") && name[:13] == "Unimplemented" && name[len(name)-6:] == "Server"
}

// markedRetried finds the functions whose doc says //idemlint:retried.
func markedRetried(pass *analysis.Pass) map[*types.Func]bool {
	out := make(map[*types.Func]bool)
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && report.IsRetried(fd.Doc) {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					out[obj] = true
				}
			}
		}
	}
	return out
}

// unwrap looks through conversions to the function or value underneath.
func unwrap(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.MakeInterface:
			// A function, or one converted to a named function type
			// (HandlerFunc(func(...) {...})), boxed in an interface.
			switch unwrap(x.X).(type) {
			case *ssa.Function, *ssa.MakeClosure:
				v = x.X
			default:
				return v
			}
		default:
			return v
		}
	}
}

func displayName(fn *ssa.Function) string {
	name := fn.Name()
	if fn.Parent() != nil {
		return "func literal in " + displayName(fn.Parent())
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + name
		}
	}
	return name
}

// sendsRPC reports whether fn sends an RPC client's request: a generated
// client's method, which has its service's handler's shape.
func sendsRPC(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if callee := valueflow.Callee(call.Common()); callee != nil && catalog.IsRPCClientCall(callee) {
					return true
				}
			}
		}
	}
	return false
}
