package effects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// JobStmtOf returns the statement a queue's insert of jobs executes
// (river's Insert, InsertTx and their batches), as the INSERT into the
// queue's table it is: with a conflict clause when the job is unique or
// when that cannot be told here (its arguments or options come from the
// caller), so that only a job known to run again repeats. It commits
// with the transaction it is given, or else on its own; nil for any
// other call.
func JobStmtOf(c ssa.CallInstruction) *Stmt {
	cc := c.Common()
	fn := valueflow.Callee(cc)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	ins, ok := catalog.JobInsertOf(fn)
	if !ok {
		return nil
	}
	unique, known := jobUnique(c, fn, ins)
	text := "INSERT INTO " + ins.Table + " (kind) VALUES ('job')"
	if unique || !known {
		text += " ON CONFLICT DO NOTHING"
	}
	st := &Stmt{Instr: c, SQL: sqltext.Parse(text), Text: text}
	if ins.Tx < 0 {
		// The client's own pool (or what a mirroring interface's
		// client holds): each insert commits on its own, unless the
		// function inserts on the transaction a context carries, or
		// its caller gives, when there is one, and on the pool only
		// when there is none (a queue's Enqueue(ctx, args), a
		// scheduler's insert(ctx, tx, args)): that chooses.
		st.Recv, st.Durability = receiver(cc), DurAutocommit
		if tx := otherwiseTx(c.Parent()); tx != nil {
			st.Recv, st.Assumed = tx, true
		}
		return st
	}
	st.Recv = arg(c, fn, ins.Tx)
	if held := txOfContext(st.Recv); held != nil {
		// The transaction a context carries: the caller's unit of
		// work's, if it put one there.
		st.Recv, st.Durability, st.Assumed = held, DurAutocommit, true
	} else {
		st.onHandle()
	}
	return st
}

// otherwiseTx returns the transaction fn inserts jobs on when it has
// one, taken out of a context or given by its caller, or nil.
func otherwiseTx(fn *ssa.Function) ssa.Value {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := valueflow.Callee(c.Common())
			if callee == nil {
				continue
			}
			if ins, ok := catalog.JobInsertOf(callee); ok && ins.Tx >= 0 {
				tx := arg(c, callee, ins.Tx)
				if v := txOfContext(tx); v != nil {
					return v
				}
				if given(tx) {
					return tx
				}
			}
		}
	}
	return nil
}

// given reports whether v is a parameter of its function, or a field
// of one (tx.Tx of an *sqlx.Tx).
func given(v ssa.Value) bool {
	for ; v != nil; v = holder(v) {
		if _, ok := v.(*ssa.Parameter); ok {
			return true
		}
	}
	return false
}

// txOfContext returns the value a transaction is taken from when a
// context chooses it: the transaction itself, or the struct of the
// program's that holds it (tx.Tx of what TxFromContext(ctx) returned);
// nil when no context chooses it.
func txOfContext(tx ssa.Value) ssa.Value {
	for v := tx; v != nil; v = holder(v) {
		if HandleContext(v) != nil {
			return v
		}
	}
	return nil
}

// holder returns the struct whose field v is read from, or nil.
func holder(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.Field:
		return x.X
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return fa.X
		}
	}
	return nil
}

// receiver returns the value a method is called on, or nil.
func receiver(cc *ssa.CallCommon) ssa.Value {
	if cc.IsInvoke() {
		return cc.Value
	}
	if len(cc.Args) > 0 {
		return cc.Args[0]
	}
	return nil
}

// jobUnique reports whether the jobs an insert makes are unique, and
// whether that is known here: each job's options set UniqueOpts, or its
// arguments' type has an InsertOpts method that does.
func jobUnique(c ssa.CallInstruction, fn *types.Func, ins catalog.JobInsert) (unique, known bool) {
	if ins.Batch >= 0 {
		return batchUnique(c.Parent(), arg(c, fn, ins.Batch))
	}
	u1, k1 := argsUnique(c.Parent().Prog, arg(c, fn, ins.Args))
	u2, k2 := optsUnique(arg(c, fn, ins.Opts))
	return u1 || u2, u1 || u2 || k1 && k2
}

// argsUnique reports whether a job's arguments make it unique: their
// type's InsertOpts method sets UniqueOpts. It is known when the type
// is, and the method, if any, has a body here.
func argsUnique(prog *ssa.Program, args ssa.Value) (unique, known bool) {
	if args == nil {
		return false, false
	}
	mi, ok := args.(*ssa.MakeInterface)
	if !ok {
		return false, false
	}
	t := mi.X.Type()
	sel := prog.MethodSets.MethodSet(t).Lookup(nil, catalog.River.ArgsOpts)
	if sel == nil {
		sel = prog.MethodSets.MethodSet(types.NewPointer(t)).Lookup(nil, catalog.River.ArgsOpts)
	}
	if sel == nil {
		return false, true
	}
	m := prog.MethodValue(sel)
	if m == nil || len(m.Blocks) == 0 {
		return false, false
	}
	return setsUnique(m), true
}

// optsUnique reports whether a job's options make it unique. They are
// known when nil or built here.
func optsUnique(opts ssa.Value) (unique, known bool) {
	switch v := valueflow.Unwrap(opts).(type) {
	case *ssa.Const:
		return false, v.IsNil()
	case *ssa.Alloc:
		return storesUnique(v), true
	}
	return false, false
}

// storesUnique reports whether one of the stores into a struct of
// options sets its UniqueOpts.
func storesUnique(alloc *ssa.Alloc) bool {
	for _, r := range *alloc.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fieldName(fa) == catalog.River.Unique && len(*fa.Referrers()) > 0 {
			return true
		}
	}
	return false
}

// setsUnique reports whether a function sets the UniqueOpts of the
// options it builds.
func setsUnique(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if fa, ok := instr.(*ssa.FieldAddr); ok && fieldName(fa) == catalog.River.Unique && isOpts(fa.X.Type()) {
				return true
			}
		}
	}
	return false
}

// batchUnique reports whether the entries of a batch of jobs built in
// fn are unique: the arguments each entry is given, and its options.
// It is known when every entry's are.
func batchUnique(fn *ssa.Function, batch ssa.Value) (unique, known bool) {
	if batch == nil {
		return false, false
	}
	known = true
	entries := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			fa, ok := instr.(*ssa.FieldAddr)
			if !ok || catalog.TypeKey(valueflow.Deref(fa.X.Type())) != catalog.River.Entry {
				continue
			}
			for _, r := range *fa.Referrers() {
				st, ok := r.(*ssa.Store)
				if !ok || st.Addr != fa {
					continue
				}
				var u, k bool
				switch fieldName(fa) {
				case catalog.River.EntryArgs:
					entries++
					u, k = argsUnique(fn.Prog, st.Val)
				case catalog.River.EntryOpts:
					u, k = optsUnique(st.Val)
				default:
					continue
				}
				if u {
					return true, true
				}
				known = known && k
			}
		}
	}
	return false, known && entries > 0
}

// isOpts reports whether t is (a pointer to) a queue's insert options.
func isOpts(t types.Type) bool {
	return catalog.TypeKey(valueflow.Deref(t)) == catalog.River.Opts
}
