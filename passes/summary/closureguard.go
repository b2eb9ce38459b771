package summary

import (
	"go/constant"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A state guard whose write is in a function literal the function runs
// (a transaction's callback): the function tests a status it read (if
// c.Status != Draft { return nil }), and the literal it hands a call on
// the path where the work is not done sets that status to another value
// (tx.Model(&Claim{}).Where("id = ?", c.ID).Updates(map[string]any{
// "status": submitted}), or SetStatus(ctx, c.ID, Submitted)) before
// what it does next. A retry after the literal's write leaves at the
// test, so what runs after that write runs once.

// GuardedInClosure reports whether instr, in a function literal, runs
// only after such a write of the literal, which the literal's caller
// reaches only where its test says the work is not done.
func GuardedInClosure(instr ssa.Instruction) bool {
	lit := instr.Parent()
	parent := lit.Parent()
	if parent == nil {
		return false
	}
	for _, call := range runningCalls(parent, lit) {
		for iff, cmp := range equalityTests(parent) {
			// The literal's write first: the reachability tests cost
			// more, and most tests have no write in the literal.
			for _, w := range literalWrites(lit, cmp) {
				if w.call == instr || !effects.Dominates(w.call, instr) {
					continue
				}
				// Done once the state is what the write sets: c
				// itself (if a.Status == Cancelled { return }), or
				// another value than c (if r.Status != Reserved).
				b := iff.Block()
				if !reachesOnce(doneExit(iff, cmp, w.setsTested), b, call.Block()) && reachesOnce(b, b, call.Block()) {
					return true
				}
			}
		}
	}
	return false
}

// literalWrites returns the calls of lit that set the state cmp tests:
// a status (a field compared with a constant), or a field compared with
// a value the function holds (if p.TierID == tierID { return }), which
// a call given the row's key sets to that value (UpdateTier(ctx, p.ID,
// tier.ID), tier being the row a lookup by tierID returned).
func literalWrites(lit *ssa.Function, cmp *ssa.BinOp) []statusWrite {
	if e, field, c, ok := statusTest(cmp); ok {
		return literalStatusWrites(lit, e, field, c)
	}
	e, field, v, ok := valueTest(cmp)
	if !ok {
		return nil
	}
	var out []statusWrite
	for call := range setterCalls(lit) {
		key, sets := false, false
		for _, a := range call.Common().Args {
			a = valueflow.Unwrap(a)
			if base, f, ok := fieldRead(a); ok && boundTo(base, e) && f != field {
				key = true
			} else if boundTo(a, v) || identityBoundTo(a, v) {
				sets = true
			}
		}
		if key && sets {
			out = append(out, statusWrite{call, true})
		}
	}
	return out
}

// valueTest reads a comparison of a field of a value read from storage
// with a value that is no constant: the value, the field and the other.
func valueTest(cmp *ssa.BinOp) (ssa.Value, string, ssa.Value, bool) {
	e, field, y, ok := fieldCompared(cmp)
	if !ok || isConst(y) || len(lookupKeys(e)) == 0 {
		return nil, "", nil, false
	}
	return e, field, y, true
}

// fieldCompared reads a comparison of a field of a value with another
// value: the value, the field, and the other side.
func fieldCompared(cmp *ssa.BinOp) (ssa.Value, string, ssa.Value, bool) {
	x, y := cmp.X, cmp.Y
	e, field, ok := fieldRead(x)
	if !ok {
		if e, field, ok = fieldRead(y); !ok {
			return nil, "", nil, false
		}
		y = x
	}
	return e, field, y, true
}

// identityBoundTo reports whether a, in a function literal, reads the
// identity field of a row its caller looked up by k (tier.ID, tier
// being what Get(ctx, tierID) returned): the row k names.
func identityBoundTo(a, k ssa.Value) bool {
	base, field, ok := fieldRead(a)
	if !ok || !isIdentityField(base.Type(), field) {
		return false
	}
	if load, ok := base.(*ssa.UnOp); ok && load.Op == token.MUL {
		base = load.X
	}
	fv, ok := base.(*ssa.FreeVar)
	if !ok {
		return false
	}
	return slices.ContainsFunc(lookupKeys(valueflow.Binding(fv)), func(lk ssa.Value) bool { return sameRead(lk, k) })
}

// runningCalls returns the calls of fn that run the function literal
// lit: given it (a transaction's callback, a unit of work's function),
// or calling it.
func runningCalls(fn, lit *ssa.Function) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			for _, a := range append([]ssa.Value{call.Common().Value}, call.Common().Args...) {
				if mc, ok := valueflow.Unwrap(a).(*ssa.MakeClosure); ok && mc.Fn == lit || a == lit {
					out = append(out, call)
				}
			}
		}
	}
	return out
}

// statusTest reads a comparison of a field of a value with a constant:
// the value, the field, and the constant.
func statusTest(cmp *ssa.BinOp) (ssa.Value, string, constant.Value, bool) {
	e, field, y, ok := fieldCompared(cmp)
	if !ok {
		return nil, "", nil, false
	}
	c, ok := stateConst(y)
	return e, field, c, ok
}

// A statusWrite is a call that sets the status a test reads, and
// whether it sets the constant the test compares with.
type statusWrite struct {
	call       ssa.Instruction
	setsTested bool
}

// literalStatusWrites returns the calls of lit that set field of the
// value e its caller read (through the literal's free variable) to one
// constant: an interface's setter given another field of e
// (SetStatus(ctx, c.ID, Submitted)), or an ORM update whose conditions
// read a field of e and whose values set the field's column to
// constants other than c.
func literalStatusWrites(lit *ssa.Function, e ssa.Value, field string, c constant.Value) []statusWrite {
	var out []statusWrite
	for _, b := range lit.Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if set, ok := statusSetter(call, e, field, c); ok {
				out = append(out, statusWrite{call, set})
			} else if ormStatusUpdate(call, e, field, c) {
				out = append(out, statusWrite{call, false})
			}
		}
	}
	return out
}

// boundTo reports whether v, in a function literal, is e of the function
// that made the literal: a free variable bound to e, or to the variable
// e is read from.
func boundTo(v, e ssa.Value) bool {
	if v == e {
		return true
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	fv, ok := v.(*ssa.FreeVar)
	if !ok {
		return false
	}
	b := valueflow.Binding(fv)
	if b == e {
		return true
	}
	if load, ok := e.(*ssa.UnOp); ok && load.Op == token.MUL && load.X == b {
		return true
	}
	return false
}

// statusSetter reports whether call, through an interface, is given a
// field of e other than field and one constant of the field's kind, and
// is named for the field (SetStatus, UpdateStatus); setsTested is
// whether that constant is c.
func statusSetter(call ssa.CallInstruction, e ssa.Value, field string, c constant.Value) (setsTested, ok bool) {
	cc := call.Common()
	if !cc.IsInvoke() || !strings.Contains(cc.Method.Name(), field) {
		return false, false
	}
	keyed, set := false, 0
	for _, a := range cc.Args {
		if base, f, ok := fieldRead(valueflow.Unwrap(a)); ok && boundTo(base, e) && f != field {
			keyed = true
		}
		if k, ok := stateConst(a); ok && k.Kind() == c.Kind() {
			setsTested = constant.Compare(k, token.EQL, c)
			set++
		}
	}
	return setsTested, keyed && set == 1
}

// ormStatusUpdate reports whether call is an ORM's Updates whose map
// sets the column of field to constants other than c, on a chain whose
// conditions read a field of e.
func ormStatusUpdate(call ssa.CallInstruction, e ssa.Value, field string, c constant.Value) bool {
	cc := call.Common()
	fn := valueflow.Callee(cc)
	if fn == nil || cc.IsInvoke() || fn.Name() != "Updates" || len(cc.Args) < 2 || !catalog.IsORMPackage(fn.Pkg().Path()) {
		return false
	}
	col := catalog.GormColumn(field)
	values, ok := mapEntries(cc.Args[1])
	if !ok {
		return false
	}
	set, found := values[col]
	if !found || !otherConsts(set, c, 0) {
		return false
	}
	for v := cc.Args[0]; ; {
		chain, ok := v.(*ssa.Call)
		if !ok || chain.Call.IsInvoke() || len(chain.Call.Args) == 0 {
			return false
		}
		for _, a := range chain.Call.Args[1:] {
			for _, x := range append([]ssa.Value{a}, valueflow.SliceElems(a)...) {
				if base, _, ok := fieldRead(valueflow.Unwrap(x)); ok && boundTo(base, e) {
					return true
				}
			}
		}
		v = chain.Call.Args[0]
	}
}

// mapEntries returns the values a map literal (map[string]any{...})
// stores under constant keys.
func mapEntries(v ssa.Value) (map[string]ssa.Value, bool) {
	mk, ok := valueflow.Unwrap(v).(*ssa.MakeMap)
	if !ok {
		return nil, false
	}
	out := map[string]ssa.Value{}
	for _, r := range *mk.Referrers() {
		if up, ok := r.(*ssa.MapUpdate); ok && up.Map == mk {
			if k, ok := valueflow.ConstString(valueflow.Unwrap(up.Key)); ok {
				out[k] = valueflow.Unwrap(up.Value)
			}
		}
	}
	return out, true
}

// otherConsts reports whether v is a constant other than c, or a choice
// among such constants.
func otherConsts(v ssa.Value, c constant.Value, depth int) bool {
	if k, ok := stateConst(v); ok {
		return k.Kind() == c.Kind() && !constant.Compare(k, token.EQL, c)
	}
	phi, ok := v.(*ssa.Phi)
	if !ok || depth > 2 {
		return false
	}
	for _, e := range phi.Edges {
		if !otherConsts(valueflow.Unwrap(e), c, depth+1) {
			return false
		}
	}
	return true
}
