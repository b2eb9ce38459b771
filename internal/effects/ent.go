package effects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// entStmt returns the statement an ent builder's Save or Exec runs (c, a
// call of fn; see valueflow.EntStmt). It runs on the Client or Tx whose
// field the entity's client is: a transaction, or a client that commits
// each statement.
func entStmt(c ssa.CallInstruction, fn *types.Func) *Stmt {
	b, ok := valueflow.EntStmt(c, fn)
	if !ok || b.Handle == nil {
		return nil
	}
	st := &Stmt{Instr: c, SQL: sqltext.Parse(b.Text), Text: b.Text, Args: b.Args, Recv: b.Handle}
	if st.SQL.Kind == sqltext.Unknown {
		return nil
	}
	switch t := b.Handle.Type(); {
	case catalog.IsTx(t):
		st.Durability, st.Tx = DurTx, b.Handle
	case catalog.IsEntClient(t):
		// The database's Client, unless the caller hands down one a
		// Tx gave back: as with gorm's *DB, the caller's handle decides.
		st.Durability, st.Assumed = DurAutocommit, true
	}
	return st
}
