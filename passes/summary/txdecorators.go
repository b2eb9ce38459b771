package summary

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A command bus often wraps its handlers in decorators where they are
// wired (command.Apply[C](h, Logged[C](log), Transactional[C](tx))),
// and the transactional one runs the handler inside a transaction that
// it carries in the context: tx.InTx(ctx, func(ctx) error { return
// next.Handle(ctx, cmd) }). The statements the handler's repositories
// run on what the context chooses then commit together. The decorator
// is a function literal converted to the bus's adapter type, which the
// composition root cannot resolve as an implementation; what it knows
// instead is which instances of the interface the program decorates
// so (Pending.Decorated), by the type arguments of the decorator's
// calls.

// txDecorators returns the package's functions that make a decorator
// running the wrapped value in a transaction, and exports a fact for
// each exported one.
func txDecorators(pass *analysis.Pass, res *Result) map[*types.Func]*valueflow.TxDecorator {
	out := map[*types.Func]*valueflow.TxDecorator{}
	for _, fn := range res.SrcFuncs() {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			continue
		}
		if d, ok := txDecoratorOf(res.Env, fn); ok {
			out[obj] = d
			if obj.Exported() {
				pass.ExportObjectFact(obj, d)
			}
		}
	}
	return out
}

// txDecoratorOf reads fn as a decorator's maker: a function literal
// nested in it calls a method of the value it wraps (a parameter of
// fn, or of a literal of fn, whose type the function also returns:
// func(next Handler[C]) Handler[C]) inside a literal it hands to a
// wired unit of work, or to a library function that runs it in a
// transaction it begins.
func txDecoratorOf(env *valueflow.Env, fn *ssa.Function) (*valueflow.TxDecorator, bool) {
	for _, lit := range nestedLiterals(fn) {
		for _, b := range lit.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok || !c.Call.IsInvoke() || !wrappedValue(c.Call.Value) {
					continue
				}
				call, ok := wiredCall(env, c)
				if !ok {
					continue
				}
				if d, ok := runnerOf(env, lit); ok {
					d.Call = call
					return d, true
				}
			}
		}
	}
	return nil, false
}

// nestedLiterals returns the function literals of fn, at any depth.
func nestedLiterals(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, anon := range fn.AnonFuncs {
		out = append(out, anon)
		out = append(out, nestedLiterals(anon)...)
	}
	return out
}

// wrappedValue reports whether v, in a function literal, is a value a
// decorator wraps: a variable it captures that holds a parameter of an
// enclosing function which returns a value of the parameter's type.
func wrappedValue(v ssa.Value) bool {
	for range 4 {
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load.X
		}
		switch x := v.(type) {
		case *ssa.FreeVar:
			v = valueflow.Binding(x)
		case *ssa.Alloc:
			if p := valueflow.CellParam(x); p != nil {
				v = p // the cell of a parameter a literal captures
			} else {
				return false
			}
		case *ssa.Parameter:
			res := x.Parent().Signature.Results()
			return res.Len() == 1 && types.IsInterface(x.Type()) && types.Identical(res.At(0).Type(), x.Type())
		default:
			return false
		}
		if v == nil {
			return false
		}
	}
	return false
}

// runnerOf returns the call that lit's function hands lit to, once: a
// wired unit of work (Runner, RunnerArg), or a library function that
// runs it in a transaction (InTx).
func runnerOf(env *valueflow.Env, lit *ssa.Function) (*valueflow.TxDecorator, bool) {
	parent := lit.Parent()
	if parent == nil {
		return nil, false
	}
	var runner ssa.CallInstruction
	if !valueflow.LiteralUses(parent, lit, func(c ssa.CallInstruction) bool {
		if runner != nil {
			return false
		}
		runner = c
		return true
	}) {
		return nil, false
	}
	cc := runner.Common()
	arg := slices.IndexFunc(cc.Args, func(a ssa.Value) bool { return valueflow.LiteralFunc(a) == lit })
	if arg < 0 {
		return nil, false
	}
	if effects.RunsInTx(cc) {
		return &valueflow.TxDecorator{InTx: true}, true
	}
	wc, ok := wiredCall(env, runner)
	if !ok {
		return nil, false
	}
	return &valueflow.TxDecorator{Runner: wc, RunnerArg: arg}, true
}

// txDecorated returns the instances of decorators that the package's
// functions make: calls of a function with a TxDecorator, the
// package's own (own) or another's, with the call's type arguments.
func txDecorated(pass *analysis.Pass, funcs []*ssa.Function, own map[*types.Func]*valueflow.TxDecorator) []valueflow.TxDecorated {
	var out []valueflow.TxDecorated
	visit := func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				obj := valueflow.Callee(&c.Call)
				if obj == nil {
					continue
				}
				d := own[obj]
				if d == nil && obj.Pkg() != pass.Pkg {
					var imported valueflow.TxDecorator
					if pass.ImportObjectFact(obj, &imported) {
						d = &imported
					}
				}
				if d == nil {
					continue
				}
				targs := calleeTypeArgs(c)
				inst := valueflow.TxDecorated{Call: d.Call.Instantiate(targs), Runner: d.Runner.Instantiate(targs), RunnerArg: d.RunnerArg, InTx: d.InTx}
				if !slices.ContainsFunc(out, func(o valueflow.TxDecorated) bool { return sameInstance(o.Call, inst.Call) }) {
					out = append(out, inst)
				}
			}
		}
	}
	for _, fn := range funcs {
		visit(fn)
		for _, anon := range nestedLiterals(fn) {
			visit(anon)
		}
	}
	return out
}

// sameInstance reports whether two wired calls call one method of one
// instance of an interface.
func sameInstance(a, b valueflow.WiredCall) bool {
	return a.Iface == b.Iface && a.Method == b.Method && slices.Equal(a.TypeArgs, b.TypeArgs)
}

// txDecorated reports whether the program decorates the instance of
// the interface that wired call wc calls with a decorator that runs it
// in a transaction: every implementation of the decorator's runner runs
// the work in one it begins, once.
func (p *program) txDecorated(wc valueflow.WiredCall) bool {
	for _, d := range p.decorated {
		if !sameInstance(d.Call, wc) {
			continue
		}
		if d.InTx {
			return true
		}
		if p.runsOnceInTx(d.Runner, d.RunnerArg) {
			return true
		}
	}
	return false
}
