package naturalkey

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/passes/retried"
)

// unguarded returns the retried path of an INSERT that nothing makes
// absorb a second run: no conflict clause, no guard before it. A key
// table's row that guards the function's other writes (keyRowGuards) is
// not judged: its unique violation is what stops a duplicate, and a
// conflict clause would remove the guard; whether it commits with them
// is keytx's question. Alone (an inbox row), or guarding nothing, it is
// any row.
func (c *checker) unguarded(st *effects.Stmt, w *writes) (*retried.Path, bool) {
	if st.SQL.Kind != sqltext.Insert || st.SQL.Conflict || st.SQL.Columns == nil || c.res.InTestFile(st.Instr.Pos()) ||
		c.cat.IsKeyTable(st.SQL.Table) && keyRowGuards(st, w.at) {
		return nil, false
	}
	path, ok := c.res.Retried.On(st.Instr)
	if !ok || guarded(st, w.guards) {
		return nil, false
	}
	return path, true
}

// keyRowGuards reports whether a key table's row guards other writes:
// it is written before one of them on every path, or its error decides
// whether the path goes on (a duplicate fails the transaction that
// holds them). Written after them, its error logged and dropped, it
// guards nothing.
func keyRowGuards(st *effects.Stmt, writes []ssa.Instruction) bool {
	others := false
	for _, at := range writes {
		if at == ssa.Instruction(st.Instr) {
			continue
		}
		others = true
		if effects.Dominates(st.Instr, at) {
			return true
		}
	}
	return others && effects.ErrorDecides(st.Instr)
}

// guarded reports whether one of the guards (dedup guards: conflict-
// tolerant inserts whose outcome decides) runs before the statement on
// every path and has committed by the time the statement does.
func guarded(st *effects.Stmt, guards []*effects.Stmt) bool {
	for _, g := range guards {
		if g.Instr != st.Instr && effects.Dominates(g.Instr, st.Instr) && committedFor(g, st) {
			return true
		}
	}
	return false
}

// committedFor reports whether a guard has committed when the statement
// commits: it commits with it, it commits on its own (a pool), or its
// transaction's commit runs before the statement. A guard whose
// transaction is still open when the INSERT commits on another handle
// guards nothing: a failure before that commit rolls the guard back, and
// the retry inserts again. A guard's transaction that cannot be seen
// (a helper's) is taken as committed, as before.
func committedFor(g, st *effects.Stmt) bool {
	if g.Durability != effects.DurTx || effects.SameTx(g, st) || g.Tx == nil {
		return true
	}
	return effects.CommitBefore(g.Tx, st.Instr)
}
