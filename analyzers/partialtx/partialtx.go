package partialtx

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/analyzers/internal/check"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/report"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/summary"
)

//go:embed doc.go
var doc string

// Meta is the check's record.
var Meta = report.Meta{
	Name:     "partialtx",
	Code:     "IDEM006",
	Title:    "report retried paths with writes that commit apart",
	Default:  true,
	Severity: "warning",
}

// Analyzer is partialtx with the default configuration.
var Analyzer = New(passes.Default())

// New returns partialtx for the run whose shared passes are ps.
func New(ps *passes.Set) *analysis.Analyzer {
	return check.New(ps, Meta, doc, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, seen: map[*types.Func]bool{}}
		roots := map[*ssa.Function]bool{}
		for _, r := range res.Retried.Roots() {
			roots[r.Fn] = true
		}
		for _, fn := range res.SrcFuncs() {
			// Closures are checked with the function that calls them,
			// unless they are roots of their own (a retried operation).
			if fn.Parent() == nil || roots[fn] {
				c.checkFunc(fn, roots[fn])
			}
		}
		for _, r := range res.Retried.Roots() {
			// A method of another package bound here as a root
			// (a table's "transfer.failed": settlement.MarkFailed):
			// the wrapper SSA makes for it, which runs it.
			if r.Fn != nil && valueflow.BoundWrapper(r.Fn) {
				c.checkFunc(r.Fn, true)
			}
		}
	}, func(pass *analysis.Pass, res *summary.Result, rep *report.Reporter) {
		c := &checker{pass: pass, res: res, rep: rep, seen: map[*types.Func]bool{}}
		c.programRoots()
	})
}

type checker struct {
	pass *analysis.Pass
	res  *summary.Result
	rep  *report.Reporter
	// seen holds the callees of other packages whose writes, apart
	// within one call, were reported at a call here: once per package.
	seen map[*types.Func]bool
}

// boundStmts returns the statements of the method that w, the wrapper
// of a bound method, calls, as made at call, the call of the function
// value that runs w.
func boundStmts(res *summary.Result, w *ssa.Function, call ssa.CallInstruction) ([]*effects.Stmt, bool) {
	var out []*effects.Stmt
	whole := true
	for _, b := range w.Blocks {
		for _, instr := range b.Instrs {
			if inner, ok := instr.(ssa.CallInstruction); ok {
				stmts, ok := effects.CallStmts(res, inner)
				for _, st := range stmts {
					st.Instr = call
				}
				out, whole = append(out, stmts...), whole && ok
			}
		}
	}
	return out, whole
}

// checkFunc looks at the writes of a function on a retried path, its
// closures and the functions it calls included.
func (c *checker) checkFunc(fn *ssa.Function, root bool) {
	stmts, whole := c.statements(fn)
	if !whole {
		return // a callee runs statements its summary does not list
	}
	if !root {
		for _, st := range stmts {
			if st.Callee != nil && c.workContext(fn, st.Callee.Context) {
				// The context's transaction, which each caller's
				// unit of work gives: the callers' to judge.
				st.Durability = effects.DurUnknown
			}
		}
	}
	var writes, guards, comps []*effects.Stmt
	for _, st := range stmts {
		switch {
		case effects.IsGuard(st):
			guards = append(guards, st)
		case !st.SQL.Writes():
		case onFailure(st) && compensation(st.SQL, slices.ContainsFunc(writes, func(w *effects.Stmt) bool { return w.SQL.Table == st.SQL.Table })):
			// It undoes the work after a failure.
			comps = append(comps, st)
		case st.Callee != nil && st.Callee.Outcome && st.SQL.Writes():
			// Perhaps the outcome of a provider's call the callee makes
			// through an interface after the intent it wrote: the
			// composition root, which knows the implementations,
			// judges it.
		case st.Durability == effects.DurUnknown && st.Callee != nil:
			// A callee's write on a handle that cannot be traced: its
			// commit unit is unknown, so it is compared with nothing.
		case st.Durability == effects.DurUnknown:
			return // no proof of the commit units
		default:
			writes = append(writes, st)
		}
	}
	if !slices.ContainsFunc(writes, func(w *effects.Stmt) bool { return !covered(w, guards) }) {
		return // the guards cover every write
	}
	first, stopped := firstNonIdempotent(writes)
	if first == nil {
		c.reportStranded(fn, writes, c.rowGuards(guards))
		return
	}
	found, within := apart(writes, comps)
	apartOnes := writes
	if !found {
		// A guard is a write too: one that commits apart from the
		// write it lets through stops the retry that would finish it.
		// A key table's guard is keytx's (the key apart from its
		// effect).
		apartOnes = append(c.rowGuards(guards), writes...)
		found, within = apart(apartOnes, comps)
	}
	if !found {
		return
	}
	path, ok := c.res.Retried.On(first.Instr)
	if !ok || c.res.InTestFile(first.Instr.Pos()) {
		return
	}
	if within != nil {
		if c.seen[within] {
			return // the callee's defect, reported at another call here
		}
		c.seen[within] = true
	}
	at := func(st *effects.Stmt) token.Pos {
		if pos := st.Instr.Pos(); pos.IsValid() {
			return pos
		}
		return path.Root.Pos // a bound root's call, at the binding
	}
	d := analysis.Diagnostic{
		Pos: c.res.CallStart(at(first)),
		Message: fmt.Sprintf("a failure between the writes leaves the operation half done, and a retry repeats the done part: %d writes commit separately and %s is not idempotent (%s)",
			len(apartOnes), describe(first), path.Root.Describe()),
	}
	switch {
	case len(guards) > 0:
		// The retry stops at the guard: the operation stays half done.
		d.Message = fmt.Sprintf("a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: %d writes commit separately, not all in the guard's transaction; run them in it (%s)",
			len(apartOnes), path.Root.Describe())
	case stopped:
		d.Message = fmt.Sprintf("a failure between the writes leaves the operation half done, and the check of stored state before them stops the retry that would finish it: %d writes commit separately; run them in one transaction (%s)",
			len(apartOnes), path.Root.Describe())
	}
	for _, w := range apartOnes {
		if w != first && !effects.SameTx(w, first) {
			msg := "commits separately: " + what(w.SQL)
			if w.Callee != nil {
				msg += " in " + summary.CalleeSite(w.Callee)
			}
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: at(w), Message: msg})
		}
	}
	// A tolerated write in the transaction would fail the others with
	// it (a failed statement aborts a PostgreSQL transaction): no fix.
	if f := c.wrapFix(fn, writes); f != nil && len(guards) == 0 && !slices.ContainsFunc(writes, optional) {
		d.SuggestedFixes = []analysis.SuggestedFix{*f}
	} else if len(guards) == 0 && !stopped {
		d.Message += remedy
	}
	c.rep.Report(d)
}

// workContext reports whether ctx, which chooses the handle of a
// statement fn runs, is fn's own context parameter (or derived from it)
// and every call of fn in the package passes there the context a unit
// of work gives the function literal it runs (InTx(ctx, func(ctx)
// error { return h.apply(ctx, ...) })): the handle is that work's
// transaction. An exported fn may have callers elsewhere.
func (c *checker) workContext(fn *ssa.Function, ctx ssa.Value) bool {
	p := effects.ContextParam(ctx)
	if p == nil || p.Parent() != fn || fn.Object() == nil || fn.Object().Exported() {
		return false
	}
	i := slices.Index(fn.Params, p)
	callers := c.res.Env.Callers(fn)
	return i >= 0 && len(callers) > 0 && !slices.ContainsFunc(callers, func(call *ssa.Call) bool {
		return i >= len(call.Call.Args) || !effects.WorkContext(call.Call.Args[i])
	})
}

// remedy says, for a finding without a fix, what to change; the other
// messages say it in their own words.
const remedy = "; run them in one transaction, handing it to each write"

// statements returns the SQL statements of fn, of the closures it calls
// directly, and of the functions they call (from their summaries), in
// order. whole is false when a callee's summary does not list them all.
func (c *checker) statements(fn *ssa.Function) (out []*effects.Stmt, whole bool) {
	whole = true
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if st := effects.WriteStmtOf(c.res.Env.Catalog, call); st != nil {
					out = append(out, st)
					continue
				}
				if callee := call.Common().StaticCallee(); callee != nil && callee.Parent() == f {
					visit(callee)
					continue
				}
				if w := c.res.Retried.BoundWrapper(call); w != nil {
					// A method bound into a field the package fills
					// (Post: l.Post), which the wrapper SSA makes for
					// it calls: its statements, made at this call.
					stmts, ok := boundStmts(c.res, w, call)
					out, whole = append(out, stmts...), whole && ok
					continue
				}
				if effects.RunsInTx(call.Common()) {
					// The callback a transaction function runs before
					// it returns (gorm's Transaction, pgx.BeginFunc).
					for _, a := range call.Common().Args {
						if lit := valueflow.LiteralFunc(a); lit != nil {
							visit(lit)
						}
					}
					continue
				}
				stmts, ok := effects.CallStmts(c.res, call)
				out, whole = append(out, stmts...), whole && ok
			}
		}
	}
	visit(fn)
	return out, whole
}

// attemptRecord reports whether a write adds a row to a log of attempts
// (webhook_attempts, audit_log), or only counts attempts (UPDATE
// webhook_outbox SET attempts = attempts + 1): one row, or one more,
// per attempt is what it is for, so a retry that adds another repeats
// nothing that harms, though its failure fails the attempt.
func attemptRecord(st *sqltext.Statement) bool {
	countsAttempts := len(st.Computed) > 0 && !slices.ContainsFunc(st.Computed, func(col string) bool { return !catalog.IsAttemptLog(col) })
	switch st.Kind {
	case sqltext.Insert:
		// Or an upsert whose update on a conflict counts one more
		// attempt (ON CONFLICT ... DO UPDATE SET attempts = t.attempts + 1).
		return catalog.IsAttemptLog(st.Table) || st.Upsert && countsAttempts
	case sqltext.Update:
		return countsAttempts
	}
	return false
}

// rowGuards returns the guards that insert a row of the operation's
// own, not a key table's.
func (c *checker) rowGuards(guards []*effects.Stmt) []*effects.Stmt {
	var out []*effects.Stmt
	for _, g := range guards {
		// A claim read back lets a retry through while the row says
		// the work is not done: it stops none.
		if !c.res.Catalog.IsKeyTable(g.SQL.Table) && (g.Callee == nil || !g.Callee.ReadBack) {
			out = append(out, g)
		}
	}
	return out
}

// compensation reports whether a write run only on the way out after a
// failure undoes the work: a DELETE, or an UPDATE that sets values of a
// table the work wrote before (written); an UPDATE of another table
// records the failure, as an INSERT would. It is not a part of the work
// that a failure between the writes leaves half done.
func compensation(st *sqltext.Statement, written bool) bool {
	return st.Kind == sqltext.Delete || st.Kind == sqltext.Update && !st.Arithmetic && written
}

// undone reports whether a compensation deletes a's rows when b fails:
// it runs only after the failure of the call that runs b.
func undone(a, b *effects.Stmt, comps []*effects.Stmt) bool {
	return slices.ContainsFunc(comps, func(k *effects.Stmt) bool {
		if k.SQL.Kind != sqltext.Delete || k.SQL.Table != a.SQL.Table {
			return false
		}
		if effects.SameCall(k, b) {
			return slices.Contains(k.Callee.FailureOf, b.Callee.Index)
		}
		failed := effects.FailedCall(k.Instr)
		return failed != nil && ssa.Instruction(failed) == ssa.Instruction(b.Instr)
	})
}

// optional reports whether a failure of the statement is only logged,
// where it runs or by the call here that runs it.
func optional(st *effects.Stmt) bool {
	return effects.FailureTolerated(st.Instr) || st.Callee != nil && st.Callee.Optional
}

// onFailure reports whether the statement runs only on the way out after
// a failure, here or in the callee that runs it.
func onFailure(st *effects.Stmt) bool {
	return effects.OnFailurePath(st.Instr) || st.Callee != nil && st.Callee.OnFailure
}

// covered reports whether a dedup guard covers a write: the write runs
// only on the guard's first-time branch (the guard runs before it on
// every path) and commits in the guard's transaction. A guard that
// commits on its own covers nothing: after a failure between the
// writes, it stops the retry that would finish them.
func covered(w *effects.Stmt, guards []*effects.Stmt) bool {
	for _, g := range guards {
		if effects.SameTx(g, w) && (g.Instr != w.Instr && effects.Dominates(g.Instr, w.Instr) || effects.SameCall(g, w)) {
			return true
		}
	}
	return false
}

// firstNonIdempotent returns the first write that repeats with a
// different result: a plain INSERT, or an UPDATE computing a column from
// its own value; the first that a retry runs again when there is one
// (not one after a state guard's write: the retry leaves at the guard's
// test), and stopped when there is none.
func firstNonIdempotent(writes []*effects.Stmt) (first *effects.Stmt, stopped bool) {
	for _, w := range writes {
		if !effects.Repeats(w.SQL) || attemptRecord(w.SQL) {
			continue
		}
		if !stateGuarded(w) {
			return w, false
		}
		if first == nil {
			first = w
		}
	}
	return first, first != nil
}

// stateGuarded reports whether a write runs only after a state guard's
// write, here or in the callee that runs it.
func stateGuarded(w *effects.Stmt) bool {
	return summary.AfterStateGuard(w.Instr) || w.Callee != nil && w.Callee.StateGuarded
}

// apart reports whether two of the writes that run on one path commit
// in different units, the later one's failure failing the path and
// leaving the earlier one done (comps undo writes on failures). within is the callee, when every such pair lies
// in one call of a callee that decides both units itself and that no
// check of its own package judges: its defect, reported at the call.
func apart(writes, comps []*effects.Stmt) (found bool, within *types.Func) {
	for i, a := range writes {
		for _, b := range writes[i+1:] {
			if exclusive(a, b) || effects.SameTx(a, b) || optional(a) || optional(b) || undone(a, b, comps) || attemptRecord(a.SQL) {
				// A later write whose failure the code tolerates
				// fails nothing: no retry follows it. An earlier
				// one is a record kept beside the work (a log of
				// deliveries), which goes on without it: not a part
				// of the work that the retry repeats. A write that
				// a compensation deletes when the later one fails
				// is not left done. A record of the attempt left
				// done is one the retry is meant to add again.
				continue
			}
			inside := effects.SameCall(a, b) && a.Callee.Decided && b.Callee.Decided
			if inside && a.Callee.Judged {
				continue // the callee's own package judges it
			}
			if !inside || found && within != a.Callee.Func {
				within = nil
			} else if !found {
				within = a.Callee.Func
			}
			found = true
		}
	}
	return found, within
}

// exclusive reports whether two writes cannot both run: they lie on
// exclusive branches, of the function or of a callee.
func exclusive(a, b *effects.Stmt) bool {
	if effects.SameCall(a, b) {
		return effects.Exclusive(a, b)
	}
	x, y := ssa.Instruction(a.Instr), ssa.Instruction(b.Instr)
	if x.Parent() != y.Parent() {
		// A write in a function literal (a transaction's callback)
		// runs where the literal is made.
		x, y = effects.MadeAt(x), effects.MadeAt(y)
		if x == nil || y == nil || x.Parent() != y.Parent() {
			return false
		}
	}
	return !effects.Reaches(x, y) && !effects.Reaches(y, x)
}

// describe names a write, and the callee it runs in.
func describe(w *effects.Stmt) string {
	if w.Callee != nil {
		return what(w.SQL) + " in " + summary.ShortName(w.Callee.Func)
	}
	return what(w.SQL)
}

func what(st *sqltext.Statement) string {
	switch {
	case st.Kind == sqltext.Update && st.Arithmetic:
		return "the UPDATE of " + st.Table + " (it computes from the current value)"
	case st.Kind == sqltext.Insert && st.Arithmetic:
		return "the INSERT into " + st.Table + " (on a conflict it adds to the current value)"
	}
	return "the " + st.Kind.String() + " into " + st.Table
}
