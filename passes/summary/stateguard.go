package summary

import (
	"cmp"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// State guards: a function that reads the state of what it is about to
// write, leaves when the state says the work is done, and writes that
// state before (or as) the effect. A retry after the write finds it and
// leaves, so a value made fresh after the test never reaches a second
// sink. Three shapes, each tied to the value the write stores:
//
//   - existence: a lookup returning the written type T, keyed by a field
//     of the value written (if _, err := repo.Get(ctx, item.SKU); err
//     == nil { return }), then a call that stores that value;
//   - status: a field of a value tested against a constant (if
//     r.Status != Reserved { continue }), then the same value stored
//     with the field set to another constant, or with a map of columns
//     that sets the field's (gorm's Updates(&r, map[string]any{"status":
//     Confirmed}));
//   - change: a field of the stored value compared with the same field
//     of the value written (if old.Qty != item.Qty), the work done only
//     when they differ, after the value is stored;
//   - answered existence: a lookup that answers whether the row is there
//     (done, err := repo.Exists(ctx, billID, "bill_issued"); if done {
//     return nil }), then a call that stores a value whose fields hold
//     everything the lookup was given.

// A stateGuard is a test of stored state and the call that writes the
// state it tests: a sink the write dominates, reached only when the test
// says the work is not done, runs once.
type stateGuard struct {
	test  *ssa.If
	exit  *ssa.BasicBlock // the successor taken when the work is done
	write ssa.CallInstruction
}

// stateGuards returns the state guards of fn.
func stateGuards(fn *ssa.Function) []stateGuard {
	var out []stateGuard
	for iff, cmp := range equalityTests(fn) {
		for _, g := range testedWrites(fn, cmp) {
			out = append(out, stateGuard{test: iff, exit: doneExit(iff, cmp, g.done), write: g.write})
		}
	}
	return append(out, answeredGuards(fn)...)
}

// answeredGuards returns the answered-existence guards of fn: an if on
// the boolean a repository's lookup answers, and each call that stores
// a value holding all the lookup's arguments, which makes the answer
// yes.
func answeredGuards(fn *ssa.Function) []stateGuard {
	var out []stateGuard
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		lookup, yes, ok := answeredLookup(iff.Cond)
		if !ok {
			continue
		}
		keys := lookupKeys(lookup)
		if call := lookup.(*ssa.Extract).Tuple.(*ssa.Call); !call.Call.IsInvoke() && call.Call.Signature().Recv() != nil && len(keys) > 0 && keys[0] == call.Call.Args[0] {
			keys = keys[1:] // the repository, not a key
		}
		if len(keys) == 0 {
			continue
		}
		// A call given the keys in pieces (record(ctx, &adv, p)) stores
		// the row, unless another is given the keys themselves
		// (Record(ctx, evt.ID, evt.Type)): that one is the marker's
		// write, and a call given the event whole only handles it.
		var spread []ssa.CallInstruction
		marked := false
		for call := range setterCalls(fn) {
			if call.Value() == lookup.(*ssa.Extract).Tuple {
				continue
			}
			if slices.ContainsFunc(call.Common().Args, func(a ssa.Value) bool { return holdsAll(a, keys) }) {
				out = append(out, stateGuard{test: iff, exit: iff.Block().Succs[yes], write: call})
				continue
			}
			switch held, pieces := argsHold(call.Common().Args, keys); {
			case held && pieces:
				spread = append(spread, call)
			case held:
				marked = true
			}
		}
		if !marked {
			for _, call := range spread {
				out = append(out, stateGuard{test: iff, exit: iff.Block().Succs[yes], write: call})
			}
		}
	}
	return out
}

// answeredLookup reads cond as the boolean first result of a
// repository's lookup (found, err := repo.Exists(...)), or its negation:
// the lookup, as the value lookupKeys reads, and which successor of the
// if is taken when the answer is yes.
func answeredLookup(cond ssa.Value) (ssa.Value, int, bool) {
	yes := 0
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond, yes = not.X, 1
	}
	ex, ok := cond.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil, 0, false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok || !call.Call.IsInvoke() && !ownMethod(call.Parent(), &call.Call) {
		return nil, 0, false
	}
	return ex, yes, true
}

// holdsAll reports whether a value a call is given, a struct or a
// pointer to one built in place, has fields that hold every one of
// keys: the same value, the same constant, or the identity of a row a
// lookup given the key returned (bill.ID, bill read by evt.BillID).
func holdsAll(a ssa.Value, keys []ssa.Value) bool {
	v := valueflow.Unwrap(a)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && isStruct(load.Type()) {
		v = load.X
	}
	stores, _ := valueflow.FieldStores(v)
	if len(stores) == 0 {
		return false
	}
	held := func(k ssa.Value) bool {
		for _, vs := range stores {
			for _, s := range vs {
				if sameRead(s, k) || sameConst(s, k) || identityOfRowKeyedBy(s, k) {
					return true
				}
			}
		}
		return false
	}
	if !slices.ContainsFunc(keys, func(k ssa.Value) bool { return !isConst(k) }) {
		return false // constants alone name no row
	}
	for _, k := range keys {
		if !held(k) {
			return false
		}
	}
	return true
}

// argsHold reports whether the arguments of a call, together, hold
// every one of keys, at least one of which is no constant: each key is
// an argument, or a field of a value the call is given whole (applied(
// ctx, adv.ID, p.AllocationID), then record(ctx, &adv, p, amt)); pieces
// tells whether one is such a field.
func argsHold(args []ssa.Value, keys []ssa.Value) (held, pieces bool) {
	if !slices.ContainsFunc(keys, func(k ssa.Value) bool { return !isConst(k) }) {
		return false, false // constants alone name no row
	}
	holds := func(k ssa.Value) bool {
		base, _, isField := fieldRead(valueflow.Unwrap(k))
		return slices.ContainsFunc(args, func(a ssa.Value) bool {
			a = valueflow.Unwrap(a)
			if sameRead(a, k) {
				return true
			}
			if load, ok := a.(*ssa.UnOp); ok && load.Op == token.MUL {
				a = load.X
			}
			if isField && !isConst(k) && a == base {
				pieces = true
				return true
			}
			return false
		})
	}
	for _, k := range keys {
		if !holds(k) {
			return false, false
		}
	}
	return true, pieces
}

// sameConst reports whether a and b are the same constant.
func sameConst(a, b ssa.Value) bool {
	ca, ok1 := valueflow.Unwrap(a).(*ssa.Const)
	cb, ok2 := valueflow.Unwrap(b).(*ssa.Const)
	return ok1 && ok2 && ca.Value != nil && cb.Value != nil && ca.Value.Kind() == cb.Value.Kind() && constant.Compare(ca.Value, token.EQL, cb.Value)
}

// identityOfRowKeyedBy reports whether s reads the identity field of a
// row that a lookup given k returned: bill.ID, where bill is what
// Get(ctx, evt.BillID) returned, is evt.BillID.
func identityOfRowKeyedBy(s, k ssa.Value) bool {
	base, field, ok := fieldRead(valueflow.Unwrap(s))
	if !ok || !isIdentityField(base.Type(), field) {
		return false
	}
	return slices.ContainsFunc(lookupKeys(base), func(lk ssa.Value) bool { return sameRead(lk, k) })
}

// isIdentityField reports whether field of the struct t (or a pointer
// to one) is the row's own identity: the column id.
func isIdentityField(t types.Type, field string) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return strings.EqualFold(valueflow.DBName(t, field), "id")
}

// sameRead reports whether a and b hold one value: sameValue, or two
// reads of one field of one value (evt.BillID read twice).
func sameRead(a, b ssa.Value) bool {
	a, b = valueflow.Unwrap(a), valueflow.Unwrap(b)
	if sameValue(a, b) {
		return true
	}
	ba, fa, ok1 := fieldRead(a)
	bb, fb, ok2 := fieldRead(b)
	return ok1 && ok2 && fa == fb && sameValue(ba, bb)
}

// equalityTests yields the ifs of fn that test a comparison for
// equality or inequality, with the comparison.
func equalityTests(fn *ssa.Function) iter.Seq2[*ssa.If, *ssa.BinOp] {
	return func(yield func(*ssa.If, *ssa.BinOp) bool) {
		for _, b := range fn.Blocks {
			iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			cmp, ok := iff.Cond.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
				continue
			}
			if !yield(iff, cmp) {
				return
			}
		}
	}
}

// doneExit returns the successor an equality test takes once the work is
// done, done telling whether the compared values are then equal: a
// change, a nil error for an existence test, yes; another status, no.
func doneExit(iff *ssa.If, cmp *ssa.BinOp, done bool) *ssa.BasicBlock {
	if (cmp.Op == token.EQL) == done {
		return iff.Block().Succs[0]
	}
	return iff.Block().Succs[1]
}

// A testedWrite is a call that writes the state a comparison tests, and
// whether the compared values are equal once it has.
type testedWrite struct {
	write ssa.CallInstruction
	done  bool // the operands are equal once the write is done
}

// testedWrites returns the calls of fn that store the state cmp tests.
func testedWrites(fn *ssa.Function, cmp *ssa.BinOp) []testedWrite {
	var out []testedWrite
	x, y := cmp.X, cmp.Y
	if isNil(x) {
		x, y = y, x
	}
	if isNil(y) {
		// Existence: the lookup's error is nil, or its result is not,
		// once the row is stored.
		if lookup, isErr := lookupOf(x); lookup != nil {
			// The call that stores the value, or that runs the
			// function literal that does (a unit of work's callback
			// given the transfer the lookup by its reference found
			// none of).
			withHandedLiterals(fn, func(in *ssa.Function, at ssa.CallInstruction) {
				for _, w := range callsTaking(in, lookupType(lookup)) {
					if !keyedBy(lookup, w.v) {
						continue
					}
					write := at
					if write == nil {
						write = w.call
					}
					out = append(out, testedWrite{write, isErr})
				}
			})
			out = append(out, creates(fn, lookup, lookupKeys(x), isErr)...)
		}
		// A marker: a field of a row read, set once the work is done
		// (if job.InvokedAt != nil { return nil }).
		if e, field, ok := fieldRead(x); ok {
			out = append(out, markerSetters(fn, e, field)...)
		}
		return out
	}
	e, field, ok := fieldRead(x)
	if !ok {
		if e, field, ok = fieldRead(y); !ok {
			return nil
		}
		x, y = y, x
	}
	if c, ok := stateConst(y); ok {
		// Status: the same value stored with the field set to another
		// constant, or given with a map of the columns to set
		// (gorm's Updates(&wo, map[string]any{"status": Done})).
		for _, w := range callsTaking(fn, valueType(e)) {
			if w.v != e {
				continue
			}
			if storesOtherConst(e, field, c, w.call) {
				out = append(out, testedWrite{w.call, false})
			} else if k, ok := mapSets(w.call, field); ok && k.Kind() == c.Kind() {
				out = append(out, testedWrite{w.call, constant.Compare(k, token.EQL, c)})
			}
		}
		// An ORM's chain begun with the value (tx.Model(&q).Update(
		// "status", Accepted)).
		for m := range ormModelCalls(fn, e, field) {
			if set, k, ok := chainUpdate(m, field); ok && k.Kind() == c.Kind() {
				out = append(out, testedWrite{set, constant.Compare(k, token.EQL, c)})
			}
		}
		// Status by key: a call given another field of the value (its
		// ID) and a status constant sets the status of the row the
		// value was read from (SetStatus(ctx, res.ID, Cancelled)).
		out = append(out, settersOf(fn, e, field, x.Type(), c)...)
		return out
	}
	// Change: the field of another value of the type, stored. The value
	// read from storage (a call's result) is the one tested; the other
	// is the one written, whichever side of the comparison it is on.
	if v, f, ok := fieldRead(y); ok && f == field && v != e && types.Identical(valueType(v), valueType(e)) {
		if effects.IsCallResult(v) && !effects.IsCallResult(e) {
			e, v = v, e
		}
		for _, w := range callsTaking(fn, valueType(v)) {
			if w.v == v {
				out = append(out, testedWrite{w.call, true})
			}
		}
		return out
	}
	// Change by key: the field compared with a value the function
	// holds, which a call given the row's key stores (if o.SlotID ==
	// slotID { return }; ...; SetSlot(ctx, id, slotID)).
	return append(out, valueSetters(fn, e, field, y)...)
}

// valueSetters returns the calls of fn that set the row e was read
// from to v: given the lookup's key (or another field of e) and v
// itself as arguments, not in a row built in place (which a call
// inserts), through an interface or a method of the package's own
// types. Once such a call is done, the field equals v.
func valueSetters(fn *ssa.Function, e ssa.Value, field string, v ssa.Value) []testedWrite {
	if _, ok := v.(*ssa.Const); ok {
		return nil
	}
	keyed := rowKey(e, field)
	var out []testedWrite
	for call := range setterCalls(fn) {
		key, sets := false, false
		for _, a := range call.Common().Args { // given as such, not in a row built in place
			a = valueflow.Unwrap(a)
			if keyed(a) {
				key = true
			} else if sameValue(a, v) {
				sets = true
			}
		}
		if key && sets {
			out = append(out, testedWrite{call, true})
		}
	}
	return out
}

// setterCalls yields the calls of fn that may set stored state: through
// an interface, or of a method of the package's own types.
func setterCalls(fn *ssa.Function) iter.Seq[ssa.CallInstruction] {
	return func(yield func(ssa.CallInstruction) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if ok && (call.Common().IsInvoke() || ownMethod(fn, call.Common())) && !yield(call) {
					return
				}
			}
		}
	}
}

// rowKey returns whether a value names the row e was read from: another
// field of e than field (its ID, or that of a struct e embeds), or what
// the lookup was given.
func rowKey(e ssa.Value, field string) func(ssa.Value) bool {
	keys := lookupKeys(e)
	return func(a ssa.Value) bool {
		if base, f, ok := fieldRead(valueflow.Unwrap(a)); ok && sameValue(embedder(base), e) && f != field {
			return true
		}
		return slices.ContainsFunc(keys, func(k ssa.Value) bool { return sameValue(k, a) })
	}
}

// guardedByState reports whether the sink step, in fn, runs only when
// one of the guards' tests says the work is not done and after the
// guard's write: a retry after the write leaves at the test.
func guardedByState(guards []stateGuard, step ssa.Instruction) bool {
	for _, g := range guards {
		before := g.write == step || effects.Dominates(g.write, step)
		if (before || commitsWith(step, g.write)) && !reachesOnce(g.exit, g.test.Block(), step.Block()) &&
			reachesOnce(g.test.Block(), g.test.Block(), step.Block()) {
			return true
		}
	}
	return false
}

// commitsWith reports whether write, a state guard's write that runs
// after step, commits with it: both run on one transaction (or on the
// handle a unit of work hands the function literal they are in), and
// no way from step leaves the function without the write but by
// failing it, which rolls the transaction back. A retry then finds the
// state written whenever step's row is there.
func commitsWith(step, write ssa.Instruction) bool {
	a, ok1 := step.(ssa.CallInstruction)
	b, ok2 := write.(ssa.CallInstruction)
	if !ok1 || !ok2 || step.Parent() != write.Parent() {
		return false
	}
	h := unitHandle(a)
	if h == nil || h != unitHandle(b) {
		return false
	}
	return writesOnEveryCommit(step, write)
}

// unitHandle returns what a call runs on when that is one commit unit:
// a transaction it is called on or given, or the parameter of a
// function literal it is called on (a unit of work's repositories).
func unitHandle(c ssa.CallInstruction) ssa.Value {
	cc := c.Common()
	if cc.IsInvoke() {
		if p, ok := cc.Value.(*ssa.Parameter); ok && p.Parent().Parent() != nil {
			return p
		}
		if catalog.IsTx(cc.Value.Type()) {
			return cc.Value
		}
	}
	for _, a := range cc.Args {
		a = valueflow.Unwrap(a)
		if catalog.IsTx(a.Type()) {
			return a
		}
		if p, ok := a.(*ssa.Parameter); ok && p.Parent().Parent() != nil && types.IsInterface(p.Type()) && catalog.TypeKey(p.Type()) != "context.Context" {
			return p // the handle a unit of work hands its literal
		}
	}
	return nil
}

// writesOnEveryCommit reports whether every way from step to a return
// of its function that does not fail it (a nil error, or no error
// result) passes write.
func writesOnEveryCommit(step, write ssa.Instruction) bool {
	fn := step.Parent()
	results := fn.Signature.Results()
	if results.Len() == 0 || !fix.IsError(results.At(results.Len()-1).Type()) {
		return false
	}
	blk := step.Block()
	if i, j := slices.Index(blk.Instrs, step), slices.Index(blk.Instrs, write); j > i {
		return true
	}
	seen := make([]bool, len(fn.Blocks))
	stack := slices.Clone(blk.Succs)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b.Index] || b == write.Block() {
			continue
		}
		seen[b.Index] = true
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && isNil(ret.Results[len(ret.Results)-1]) {
			return false
		}
		stack = append(stack, b.Succs...)
	}
	return true
}

// AfterStateGuard reports whether instr, a write or a call that writes,
// runs only after a state guard's write of its function, on the path
// where the guard's test found the work not done: a retry after that
// write leaves at the test and does not run instr again.
func AfterStateGuard(instr ssa.Instruction) bool {
	return guardedByState(stateGuards(instr.Parent()), instr)
}

// reachesOnce reports whether to can run after from without going round
// a loop that holds test again (the next element's turn).
func reachesOnce(from, test, to *ssa.BasicBlock) bool {
	seen := make([]bool, len(from.Parent().Blocks))
	stack := []*ssa.BasicBlock{from}
	if from == test {
		stack = append([]*ssa.BasicBlock(nil), test.Succs...)
	}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b.Index] || b.Dominates(test) {
			continue
		}
		seen[b.Index] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// A takingCall is a call that passes v, a value of the type looked for.
type takingCall struct {
	call ssa.CallInstruction
	v    ssa.Value
}

// callsTaking returns the calls of fn through an interface (a
// repository's Save), or of a method of a type of fn's package's own
// (a generic repository's Updates), that pass a value of type t (or a
// pointer to one, or the value a pointer holds).
func callsTaking(fn *ssa.Function, t types.Type) []takingCall {
	if t == nil {
		return nil
	}
	var out []takingCall
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !call.Common().IsInvoke() && !ownMethod(fn, call.Common()) {
				continue
			}
			for _, a := range call.Common().Args {
				v := valueflow.Unwrap(a)
				if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && isStruct(load.Type()) {
					v = load.X // *item: the struct the pointer holds
				}
				if types.Identical(valueType(v), t) {
					out = append(out, takingCall{call, v})
				}
			}
		}
	}
	return out
}

// creates returns the calls of fn, or of a function literal fn hands a
// call (a transaction's callback, then the call that runs it), that
// create a row of the type a lookup returns from parameters built in
// place that hold one of keys, the lookup's (lookupKeys): sqlc's
// CreateInspection(ctx, CreateInspectionParams{AssignmentID:
// assignment.ID}), returning the
// MoveOutInspection that GetInspectionByAssignment(ctx, assignment.ID)
// found or not. Once it has run, the lookup finds the row.
func creates(fn *ssa.Function, lookup *ssa.Call, keys []ssa.Value, isErr bool) []testedWrite {
	t := lookupType(lookup)
	if t == nil {
		return nil
	}
	keys = slices.DeleteFunc(slices.Clone(keys), isConst)
	var out []testedWrite
	add := func(in *ssa.Function, at ssa.CallInstruction) {
		for call := range setterCalls(in) {
			res := call.Common().Signature().Results()
			if call.Value() == lookup || res.Len() == 0 || !types.Identical(namedOf(res.At(0).Type()), t) {
				continue
			}
			if slices.ContainsFunc(call.Common().Args, func(a ssa.Value) bool { return builtWithKey(a, keys) }) {
				out = append(out, testedWrite{cmp.Or(at, call), isErr})
			}
		}
	}
	withHandedLiterals(fn, add)
	return out
}

// withHandedLiterals calls visit with fn, and with each function
// literal of fn that fn hands a call (a transaction's callback) and
// that call: the places whose calls write for fn.
func withHandedLiterals(fn *ssa.Function, visit func(in *ssa.Function, at ssa.CallInstruction)) {
	visit(fn, nil)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			for _, a := range call.Common().Args {
				if lit := valueflow.LiteralFunc(a); lit != nil && lit.Parent() == fn {
					visit(lit, call)
				}
			}
		}
	}
}

// namedOf is t, or what it points to, when that is a named type; nil
// otherwise.
func namedOf(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return nil
	}
	return t
}

// builtWithKey reports whether a, a struct built in place (or a pointer
// to one), holds one of keys in a field: the same read, or the same
// field of the variable a function literal captures.
func builtWithKey(a ssa.Value, keys []ssa.Value) bool {
	v := valueflow.Unwrap(a)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && isStruct(load.Type()) {
		v = load.X
	}
	if _, ok := v.(*ssa.Alloc); !ok {
		return false
	}
	stores, _ := valueflow.FieldStores(v)
	for _, vs := range stores {
		for _, s := range vs {
			if slices.ContainsFunc(keys, func(k ssa.Value) bool { return sameRead(s, k) || capturedRead(s, k) }) {
				return true
			}
		}
	}
	return false
}

// capturedRead reports whether s, read in a function literal, reads the
// field that k reads of the variable the literal captures.
func capturedRead(s, k ssa.Value) bool {
	bs, fs, ok1 := fieldRead(valueflow.Unwrap(s))
	bk, fk, ok2 := fieldRead(valueflow.Unwrap(k))
	if !ok1 || !ok2 || fs != fk {
		return false
	}
	fv, ok := bs.(*ssa.FreeVar)
	return ok && valueflow.Binding(fv) == bk
}

// ownMethod reports whether a static call runs a method declared in
// fn's package, or a method of a generic type of another package (a
// repository's Repo[T].Save, instantiated for the value's type): a
// repository's, whose writes are the code's, not a library's that
// reads the value.
func ownMethod(fn *ssa.Function, cc *ssa.CallCommon) bool {
	callee := cc.StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil {
		return false
	}
	if o := callee.Origin(); o != nil {
		return true
	}
	return callee.Pkg != nil && fn.Pkg != nil && callee.Pkg == fn.Pkg
}

// settersOf returns the calls of fn, through an interface or to the
// program's own repository, that are given the key of the row e was read
// from (a field of e other than field, or what the lookup that returned
// e was given) and one constant of the field's type t or of a type of
// its own that the field keeps as text (the status they set), where the
// constant's type is named, the call is named for the field
// (SetStatus), or a map of columns gives the constant to the field's
// column (Update(ctx, o.ID, map[string]any{"status": Delivered})): once
// such a call has run, the field reads as that constant, equal to c or
// not.
func settersOf(fn *ssa.Function, e ssa.Value, field string, t types.Type, c constant.Value) []testedWrite {
	keyOf := rowKey(e, field)
	var out []testedWrite
	for call := range setterCalls(fn) {
		keyed, named, set := false, false, []constant.Value(nil)
		for _, a := range setterValues(call) {
			if keyOf(a) {
				keyed = true
			}
		}
		// The value set: the one a map of columns gives the field's
		// column (UpdateWhere(ctx, map[string]any{"status":
		// Delivered}, "id = ? AND status = ?", o.ID, PickedUp), whose
		// condition's values are no state set), else a constant
		// argument.
		values := setterArgs(call)
		mapped := false
		if v := mapSetValue(call, field); v != nil {
			values, mapped = []ssa.Value{v}, true
		}
		for _, a := range values {
			if k, ok := stateConst(a); ok && stateOf(a.Type(), t) {
				_, isNamed := types.Unalias(a.Type()).(*types.Named)
				named = named || isNamed
				set = append(set, k)
			}
		}
		forField := named || mapped || strings.Contains(calleeName(call), field)
		if keyed && len(set) == 1 && forField {
			out = append(out, testedWrite{call, constant.Compare(set[0], token.EQL, c)})
		}
	}
	return out
}

// embedder returns, for the address of a struct embedded in another
// (&o.Base, whose ID o.ID reads), the value that embeds it; v otherwise.
func embedder(v ssa.Value) ssa.Value {
	for depth := 0; depth < 3; depth++ {
		fa, ok := v.(*ssa.FieldAddr)
		if !ok {
			break
		}
		st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok || !st.Field(fa.Field).Embedded() {
			break
		}
		v = fa.X
	}
	return v
}

// markerSetters returns the calls of fn that set the marker field of the
// row e was read from to a value, given the row's key and a map of
// columns (Update(ctx, map[string]any{"invoiced_at": now}, "id = ?",
// job.ID)), made by fn or by a function literal a call of fn runs (a
// transaction's callback; the write is then that call). Once done, the
// field is no longer nil.
func markerSetters(fn *ssa.Function, e ssa.Value, field string) []testedWrite {
	var out []testedWrite
	add := func(in *ssa.Function, at ssa.CallInstruction) {
		for call := range setterCalls(in) {
			v := mapSetValue(call, field)
			if v == nil || isNil(v) {
				continue
			}
			if slices.ContainsFunc(setterValues(call), func(a ssa.Value) bool { return markedRow(a, e, field) }) {
				out = append(out, testedWrite{cmp.Or(at, call), false})
			}
		}
	}
	withHandedLiterals(fn, add)
	return out
}

// markedRow reports whether a, a value a setter is given, names the row
// e was read from: a field of e other than the marker (its ID), read
// where e is or in a literal that captures it.
func markedRow(a, e ssa.Value, field string) bool {
	base, f, ok := fieldRead(valueflow.Unwrap(a))
	if !ok || f == field {
		return false
	}
	return base == e || boundTo(base, e)
}

// stateOf reports whether a value of type a can set a field of type t:
// the same type, or a type of its own whose values the field keeps as
// their underlying text or number (a ParcelState in a string Status).
func stateOf(a, t types.Type) bool {
	if types.Identical(a, t) {
		return true
	}
	_, named := types.Unalias(a).(*types.Named)
	return named && types.Identical(a.Underlying(), t.Underlying())
}

// lookupKeys returns the arguments of the call whose result e is, when
// it is one (p, err := repo.lockParcel(ctx, tx, id)): a setter given the
// same key sets the state of the row e was read from.
func lookupKeys(e ssa.Value) []ssa.Value {
	if load, ok := e.(*ssa.UnOp); ok && load.Op == token.MUL {
		e = load.X
	}
	if alloc, ok := e.(*ssa.Alloc); ok {
		// A variable that holds it (order, err := repo.GetForUpdate(...),
		// kept in memory because its address is taken), stored once.
		if v, ok := valueflow.StoredOnce(alloc); ok {
			e = v
		}
	}
	ex, ok := e.(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, a := range call.Call.Args {
		if t := a.Type(); catalog.TypeKey(t) != "context.Context" && !isHandleType(t) {
			out = append(out, a)
		}
	}
	return out
}

// sameValue reports whether a and b hold one value: the same SSA value,
// two reads of a variable a function literal captures (*orderID),
// which the function never assigns, or two reads of a field of a
// struct variable assigned once (file.ID).
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	la, ok1 := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL {
		return false
	}
	if fa, ok := la.X.(*ssa.FieldAddr); ok {
		// A field of a struct variable read twice (file.ID), the
		// variable assigned once and none of its fields after.
		fb, ok := lb.X.(*ssa.FieldAddr)
		return ok && fa.X == fb.X && fa.Field == fb.Field && assignedOnce(fa.X)
	}
	if la.X != lb.X {
		return false
	}
	switch x := la.X.(type) {
	case *ssa.FreeVar:
		return storesTo(x) == 0
	case *ssa.Alloc:
		// A local a closure captures (c, err := load(); ...
		// func() { ... c.ID ... }) is read through its cell: one
		// store, and none by the closures, makes every read one value.
		return storesTo(x) == 1 && !slices.ContainsFunc(*x.Referrers(), func(r ssa.Instruction) bool {
			mc, ok := r.(*ssa.MakeClosure)
			if !ok {
				return false
			}
			i := slices.Index(mc.Bindings, ssa.Value(x))
			return i < 0 || storesTo(mc.Fn.(*ssa.Function).FreeVars[i]) > 0
		})
	}
	return false
}

// assignedOnce reports whether v is a local struct variable stored whole
// once, none of whose fields is stored on its own.
func assignedOnce(v ssa.Value) bool {
	alloc, ok := v.(*ssa.Alloc)
	if !ok || storesTo(alloc) != 1 {
		return false
	}
	return !slices.ContainsFunc(*alloc.Referrers(), func(r ssa.Instruction) bool {
		fa, ok := r.(*ssa.FieldAddr)
		return ok && storesTo(fa) > 0
	})
}

// storesTo counts the stores to the address v.
func storesTo(v ssa.Value) int {
	n := 0
	for _, r := range *v.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == v {
			n++
		}
	}
	return n
}

// calleeName is the name of the method or function a call calls.
func calleeName(call ssa.CallInstruction) string {
	if fn := valueflow.Callee(call.Common()); fn != nil {
		return fn.Name()
	}
	return ""
}

// mapSets returns the constant a call sets field's column to through a
// map of columns to values it is given, built in place: the column
// named as gorm names the field's.
func mapSets(call ssa.CallInstruction, field string) (constant.Value, bool) {
	v := mapSetValue(call, field)
	if v == nil {
		return nil, false
	}
	return stateConst(v)
}

// ormModelCalls yields the calls of fn of an ORM's Model method given e,
// or an empty value of e's type whose chain's conditions name e's row
// (tx.Model(&Shipment{}).Where("id = ?", sh.ID)), which begin a chain
// that writes e's row.
func ormModelCalls(fn *ssa.Function, e ssa.Value, field string) iter.Seq[*ssa.Call] {
	return func(yield func(*ssa.Call) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 2 || !catalog.IsORMHandle(call.Call.Args[0].Type()) {
					continue
				}
				f := valueflow.Callee(&call.Call)
				if f == nil || !catalog.IsORMModel(f.Name()) {
					continue
				}
				m := valueflow.Unwrap(call.Call.Args[1])
				if (m == e || emptyModelOf(m, e) && chainNamesRow(call, rowKey(e, field))) && !yield(call) {
					return
				}
			}
		}
	}
}

// emptyModelOf reports whether m is a value of e's type built in place
// with no field set (&Shipment{}): a model that only names the table.
func emptyModelOf(m, e ssa.Value) bool {
	alloc, ok := m.(*ssa.Alloc)
	if !ok || valueType(e) == nil || !types.Identical(valueType(alloc), valueType(e)) {
		return false
	}
	stores, _ := valueflow.FieldStores(alloc)
	return len(stores) == 0
}

// chainNamesRow reports whether a call of the ORM chain that model
// begins is given a condition's value that key says names the row
// (Where("id = ?", sh.ID)).
func chainNamesRow(model *ssa.Call, key func(ssa.Value) bool) bool {
	v := ssa.Value(model)
	for range 4 {
		var next *ssa.Call
		for _, r := range *v.Referrers() {
			c, ok := r.(*ssa.Call)
			if !ok || c.Call.IsInvoke() || len(c.Call.Args) == 0 || c.Call.Args[0] != v {
				continue
			}
			if slices.ContainsFunc(setterValues(c), key) {
				return true
			}
			next = c
		}
		if next == nil {
			return false
		}
		v = next
	}
	return false
}

// chainUpdate returns the call of an ORM's chain that call begins with
// the value it is given (tx.Model(&q)) which sets field's column, and
// the constant it sets: Update("status", Accepted), or Updates with a
// map of columns.
func chainUpdate(v *ssa.Call, field string) (ssa.CallInstruction, constant.Value, bool) {
	ok := true
	col := catalog.GormColumn(field)
	for depth := 0; ok && depth < 4; depth++ {
		var next *ssa.Call
		for _, r := range *v.Referrers() {
			c, isCall := r.(*ssa.Call)
			if !isCall || c.Call.IsInvoke() || len(c.Call.Args) == 0 || c.Call.Args[0] != v || !catalog.IsORMHandle(v.Type()) {
				continue
			}
			fn := valueflow.Callee(&c.Call)
			if fn == nil {
				continue
			}
			if i, isUpdate := catalog.ModelUpdate(fn); isUpdate && i > 0 && i+1 < len(c.Call.Args) {
				// Update(column, value): the receiver, then the column.
				if name, isConst := valueflow.ConstString(c.Call.Args[i]); isConst && name == col {
					k, isState := stateConst(valueflow.Unwrap(c.Call.Args[i+1]))
					return c, k, isState
				}
			}
			if val := mapSetValue(c, field); val != nil {
				k, isState := stateConst(val)
				return c, k, isState
			}
			next = c
		}
		v, ok = next, next != nil
	}
	return nil, nil, false
}

// mapSetValue returns the value a call sets field's column to through a
// map of columns to values it is given, built in place, or nil.
func mapSetValue(call ssa.CallInstruction, field string) ssa.Value {
	col := catalog.GormColumn(field)
	for _, a := range call.Common().Args {
		entries, _ := valueflow.MapLiteral(a)
		for _, e := range entries {
			if e.Key == col {
				return valueflow.Unwrap(e.Value)
			}
		}
	}
	return nil
}

// setterValues returns the values a call is given: setterArgs, and the
// elements of a variadic argument ("id = ?", o.ID), where a key may be.
func setterValues(call ssa.CallInstruction) []ssa.Value {
	out := setterArgs(call)
	for _, a := range call.Common().Args {
		for _, el := range valueflow.SliceElems(a) {
			out = append(out, valueflow.Unwrap(el))
		}
	}
	return out
}

// setterArgs returns the values a call is given: its arguments, and
// the fields stored in an argument built in place (sqlc's params,
// TransitionParams{ID: e.ID, To: Released}).
func setterArgs(call ssa.CallInstruction) []ssa.Value {
	var out []ssa.Value
	for _, a := range call.Common().Args {
		out = append(out, a)
		if stores, ok := valueflow.FieldStores(a); ok {
			for _, name := range slices.Sorted(maps.Keys(stores)) {
				out = append(out, stores[name]...)
			}
		}
	}
	return out
}

// valueType is the named type of a value or of what it points to.
func valueType(v ssa.Value) types.Type {
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return nil
	}
	return t
}

// lookupOf returns the call whose result v is: its first result (an
// entity, tested for nil) or its last (an error), and whether it is the
// error.
func lookupOf(v ssa.Value) (*ssa.Call, bool) {
	ex, ok := v.(*ssa.Extract)
	if !ok {
		return nil, false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil, false
	}
	n := call.Type().(*types.Tuple).Len()
	if n != 2 || ex.Index == 1 && !fix.IsError(call.Type().(*types.Tuple).At(1).Type()) {
		return nil, false
	}
	return call, ex.Index == 1
}

// lookupType is the named type a lookup's first result is, or points
// to.
func lookupType(call *ssa.Call) types.Type {
	t := call.Type().(*types.Tuple).At(0).Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return nil
	}
	return t
}

// keyedBy reports whether a lookup is keyed by a field of v: one of its
// arguments reads a field of the value the write stores.
func keyedBy(lookup *ssa.Call, v ssa.Value) bool {
	stores, _ := valueflow.FieldStores(v)
	var args []ssa.Value
	for _, a := range lookup.Call.Args {
		args = append(append(args, a), valueflow.SliceElems(a)...)
	}
	for _, a := range args {
		a = valueflow.Unwrap(a)
		if base, _, ok := fieldRead(a); ok && base == v {
			return true
		}
		// The value the key field of v, built after the lookup, is
		// given (FirstWhere(ctx, "id = ?", id), then Create(ctx,
		// &Notification{ID: id})).
		for _, vs := range stores {
			// The value itself, or the one a function literal that
			// builds v captures (the business date the callback of a
			// unit of work stores).
			if slices.ContainsFunc(vs, func(s ssa.Value) bool {
				return (sameValue(s, a) || sameValue(valueflow.CapturedValue(s), cellValue(a))) && !isConst(a)
			}) {
				return true
			}
		}
	}
	return false
}

// cellValue is what v, a read of a variable a closure captures (a
// parameter spilled to its cell), holds when one store fills it; v
// otherwise.
func cellValue(v ssa.Value) ssa.Value {
	if load, ok := valueflow.Unwrap(v).(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := load.X.(*ssa.Alloc); ok {
			if w, ok := valueflow.StoredOnce(cell); ok {
				return w
			}
		}
	}
	return v
}

// isConst reports whether v is a constant.
func isConst(v ssa.Value) bool {
	_, ok := valueflow.Unwrap(v).(*ssa.Const)
	return ok
}

// fieldRead reads v as a load of field of a struct value, or of what a
// pointer points to: the value and the field's name.
func fieldRead(v ssa.Value) (ssa.Value, string, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fa.X, valueflow.FieldName(fa.X.Type(), fa.Field), true
		}
	case *ssa.Field:
		return x.X, valueflow.FieldName(x.X.Type(), x.Field), true
	}
	return nil, "", false
}

// storesOtherConst reports whether a constant other than c is stored
// into the field of v before the write, on every path to it.
func storesOtherConst(v ssa.Value, field string, c constant.Value, write ssa.CallInstruction) bool {
	for _, r := range *v.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || valueflow.FieldName(fa.X.Type(), fa.Field) != field {
			continue
		}
		for _, u := range *fa.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != fa || !effects.Dominates(st, write) {
				continue
			}
			if k, ok := stateConst(st.Val); ok && k.Kind() == c.Kind() && !constant.Compare(k, token.EQL, c) {
				return true
			}
		}
	}
	return false
}

// stateConst returns the constant a state value is: a constant, a
// conversion of one, or a constant of a named type turned into its
// name by its String method (valueobject.Reserved.String()).
func stateConst(v ssa.Value) (constant.Value, bool) {
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value, x.Value != nil
	case *ssa.Convert:
		return stateConst(x.X)
	case *ssa.ChangeType:
		return stateConst(x.X)
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && fn.Name() == "String" && len(x.Call.Args) == 1 {
			return stateConst(x.Call.Args[0])
		}
	}
	return nil, false
}

// isStruct reports whether t is a struct type.
func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// isNil reports whether v is the constant nil.
func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// A pendingGuard is a state guard whose write is a call through an
// interface given the row's key and no state (s.pickups.Cancel(ctx, tx,
// p.ID, reason) past switch p.Status { case Cancelled: return p, nil }):
// only the implementations the program wires say what it sets, which
// the composition root reads (valueflow.StateSet).
type pendingGuard struct {
	stateGuard
	set  valueflow.StateSet
	read *ssa.Call // the call that read the row
}

// pendingGuards returns the pending guards of fn: for each test of a
// text field of a value read against a constant, each call through an
// interface given the row's key and no constant of the field's type,
// once for a write that sets the constant and once for one that sets
// another.
func pendingGuards(fn *ssa.Function) []pendingGuard {
	var out []pendingGuard
	for iff, cmp := range equalityTests(fn) {
		x, y := cmp.X, cmp.Y
		e, field, ok := fieldRead(x)
		if !ok {
			if e, field, ok = fieldRead(y); !ok {
				continue
			}
			y = x
		}
		c, ok := stateConst(y)
		if !ok || c.Kind() != constant.String || constant.StringVal(c) == "" || !readRow(e) {
			continue // a status, not a field left empty, of a row a call read
		}
		column := fieldColumn(e, field)
		if column == "" {
			continue
		}
		keyOf := rowKey(e, field)
		for call := range setterCalls(fn) {
			if !call.Common().IsInvoke() || !slices.ContainsFunc(setterValues(call), keyOf) || setsState(call, x.Type()) {
				continue
			}
			for _, done := range []bool{true, false} {
				out = append(out, pendingGuard{
					stateGuard: stateGuard{test: iff, exit: doneExit(iff, cmp, done), write: call},
					set:        valueflow.StateSet{Column: column, Value: constant.StringVal(c), Done: done},
					read:       wholeResult(e),
				})
			}
		}
	}
	return out
}

// readRow reports whether e is what a call returned (the row a
// repository's Get read), or what it points to.
func readRow(e ssa.Value) bool {
	return wholeResult(e) != nil
}

// setsState reports whether a call is given a constant of the state's
// type t: it says what it sets, and settersOf judges it.
func setsState(call ssa.CallInstruction, t types.Type) bool {
	return slices.ContainsFunc(setterArgs(call), func(a ssa.Value) bool {
		_, ok := stateConst(a)
		return ok && stateOf(a.Type(), t)
	})
}

// fieldColumn returns the column that field of the struct e is, or
// points to, is stored in, or "".
func fieldColumn(e ssa.Value, field string) string {
	t := valueType(e)
	if t == nil {
		return ""
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == field {
			return valueflow.ModelColumn(f, st.Tag(i))
		}
	}
	return ""
}
