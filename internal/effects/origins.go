package effects

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// Origins names where a value comes from, so that two values built from
// the same source compare equal: the message's OrderID field read twice
// from the same message, a key wrapped by stripe.String or formatted with
// fmt.Sprintf. A parameter of a function on the call chain is followed to
// the argument its caller passes.
func Origins(v ssa.Value, chain []ssa.CallInstruction) map[string]bool {
	out := make(map[string]bool)
	addOrigins(v, chain, out, 0)
	return out
}

func addOrigins(v ssa.Value, chain []ssa.CallInstruction, out map[string]bool, depth int) {
	if v == nil || depth > 12 {
		return
	}
	next := func(w ssa.Value) { addOrigins(w, chain, out, depth+1) }
	switch x := v.(type) {
	case *ssa.ChangeType:
		next(x.X)
	case *ssa.Convert:
		next(x.X)
	case *ssa.MakeInterface:
		next(x.X)
	case *ssa.ChangeInterface:
		next(x.X)
	case *ssa.TypeAssert:
		next(x.X)
	case *ssa.Extract:
		next(x.Tuple)
	case *ssa.Slice:
		elems := valueflow.SliceElems(x) // a variadic argument built in place
		if elems == nil {
			out[key(v)] = true
		}
		for _, e := range elems {
			next(e)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			next(e)
		}
	case *ssa.UnOp:
		next(x.X)
	case *ssa.FieldAddr:
		if embedded(x.X.Type(), x.Field) {
			next(x.X) // an embedded handle (sqlx.Tx's *sql.Tx) is the same object
			return
		}
		for o := range Origins(x.X, chain) {
			out[o+"."+fieldIndex(x.Field)] = true
		}
	case *ssa.Field:
		if embedded(x.X.Type(), x.Field) {
			next(x.X)
			return
		}
		for o := range Origins(x.X, chain) {
			out[o+"."+fieldIndex(x.Field)] = true
		}
	case *ssa.Call:
		if x.Call.IsInvoke() && catalog.IsSavepoint(x.Call.Method.Name(), x.Call.Value.Type()) {
			next(x.Call.Value) // a pgx savepoint belongs to its parent transaction
			return
		}
		if derives(x) {
			for _, a := range x.Call.Args {
				next(a)
			}
			return
		}
		out[key(v)] = true
	case *ssa.Parameter:
		if arg := CallerArg(x, chain); arg != nil {
			next(arg)
			return
		}
		out[key(v)] = true
		for _, c := range literalRunners(x.Parent()) {
			// The transaction a callee that runs the literal in one
			// hands it: the callee's own (CallStmts).
			out[runsInTxKey(c)] = true
		}
	case *ssa.FreeVar:
		if b := Binding(x); b != nil {
			next(b)
			return
		}
		out[key(v)] = true
	case *ssa.Alloc:
		if p := valueflow.CellParam(x); p != nil {
			next(p) // a parameter that a function literal captures
			return
		}
		out[key(v)] = true
	default:
		out[key(v)] = true
	}
}

// literalRunners returns the calls that fn, a function literal, is
// passed to, as an argument (through a change of named type).
func literalRunners(fn *ssa.Function) []*ssa.Call {
	if fn.Parent() == nil {
		return nil
	}
	var out []*ssa.Call
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.ChangeType:
				visit(r)
			case *ssa.Call:
				if r.Call.Value != v && slices.Contains(r.Call.Args, v) {
					out = append(out, r)
				}
			}
		}
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				visit(mc)
			}
		}
	}
	return out
}

// runsInTxKey names the transaction a callee begins at call and runs a
// function literal of the caller in.
func runsInTxKey(call *ssa.Call) string { return key(call) + "#runsInTx" }

// derives reports whether a call computes its result from its inputs
// only: a catalogued derivation (formatting, conversions, hashing,
// name-based UUIDs, pointer helpers), or a String or Int64 method, which
// renders its receiver.
func derives(c *ssa.Call) bool {
	fn := valueflow.Callee(&c.Call)
	if fn == nil || c.Call.IsInvoke() {
		return false
	}
	return fn.Name() == "String" || fn.Name() == "Int64" || catalog.IsDerivation(fn)
}

// CallerArg maps a parameter of a function on the chain to its argument.
func CallerArg(p *ssa.Parameter, chain []ssa.CallInstruction) ssa.Value {
	for _, call := range chain {
		if call.Common().StaticCallee() != p.Parent() {
			continue
		}
		for i, q := range p.Parent().Params {
			if q == p && i < len(call.Common().Args) {
				return call.Common().Args[i]
			}
		}
	}
	return nil
}

// Binding maps a closure's free variable to the value its maker binds.
func Binding(fv *ssa.FreeVar) ssa.Value { return valueflow.Binding(fv) }

func key(v ssa.Value) string { return fmt.Sprintf("%p", v) }

// fieldIndex names a field by its index, which identifies it within the
// struct type of the origin it extends.
func fieldIndex(i int) string { return fmt.Sprint(i) }

// Intersects reports whether two origin sets share an origin.
func Intersects(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// embedded reports whether field i of the struct t (or *t) is embedded.
func embedded(t types.Type, i int) bool {
	t = t.Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	s, ok := t.(*types.Struct)
	return ok && i < s.NumFields() && s.Field(i).Embedded()
}
