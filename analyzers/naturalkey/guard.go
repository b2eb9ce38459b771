package naturalkey

import (
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/passes/retried"
)

// unguarded returns the retried path of an INSERT that nothing makes
// absorb a second run: no conflict clause, no guard before it. A key
// table's row beside other writes (others) guards them: its unique
// violation is what stops a duplicate, and a conflict clause would
// remove the guard; whether it commits with them is keytx's question.
// Alone (an inbox row), it is any row.
func (c *checker) unguarded(st *effects.Stmt, guards []*effects.Stmt, others bool) (*retried.Path, bool) {
	if st.SQL.Kind != sqltext.Insert || st.SQL.Conflict || st.SQL.Columns == nil || c.res.InTestFile(st.Instr.Pos()) ||
		others && c.cat.IsKeyTable(st.SQL.Table) {
		return nil, false
	}
	path, ok := c.res.Retried.On(st.Instr)
	if !ok || guarded(st, guards) {
		return nil, false
	}
	return path, true
}

// guarded reports whether one of the guards (dedup guards: conflict-
// tolerant inserts whose outcome decides) runs before the statement on
// every path.
func guarded(st *effects.Stmt, guards []*effects.Stmt) bool {
	for _, g := range guards {
		if g.Instr != st.Instr && effects.Dominates(g.Instr, st.Instr) {
			return true
		}
	}
	return false
}
