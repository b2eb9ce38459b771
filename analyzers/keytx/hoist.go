package keytx

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// hoistFix runs the key statement on the effect's transaction when that
// transaction begins after it, in the same block: the common inbox guard
// claimed on the pool before "tx, err := db.BeginTx(ctx, nil)". It moves
// the Begin, the check of its error and the deferred Rollback up before
// the key statement, and runs the key statement on the transaction. The
// first attempt does what it did, in one transaction; a retry's claim
// then finds the key only when the effect committed with it.
//
// It is offered when the three statements follow each other (the
// Rollback deferred, so that every return between them still ends the
// transaction), every name they use means the same at the key statement,
// and no statement between declares a name the Begin declares in a way
// that moving it would break.
func (c *checker) hoistFix(k, w *effects.Stmt) *analysis.SuggestedFix {
	if w.Durability != effects.DurTx || k.Durability != effects.DurAutocommit || definedBefore(w.Tx, k.Instr) {
		return nil
	}
	begin := beginCall(w.Tx)
	if begin == nil || begin.Parent() != k.Instr.Parent() {
		return nil
	}
	file := fix.FileOf(c.pass, k.Instr.Pos())
	kCall, bCall := fix.CallAt(file, k.Instr.Pos()), fix.CallAt(file, begin.Pos())
	if kCall == nil || bCall == nil {
		return nil
	}
	kSel, ok := kCall.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	_, block, at, ok1 := fix.StmtIn(file, kCall)
	_, bBlock, from, ok2 := fix.StmtIn(file, bCall)
	if !ok1 || !ok2 || block != bBlock || at >= from {
		return nil
	}
	tx, to, ok := c.beginGroup(block, from, bCall)
	if !ok || !fix.CanMoveUp(c.pass.TypesInfo, c.pass.Pkg, block, at, from, to) {
		return nil
	}
	edits, ok := fix.MoveStmts(c.pass.Fset, file, block, from, to, at)
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{Pos: kSel.X.Pos(), End: kSel.X.End(), NewText: []byte(tx.Name())})
	return &analysis.SuggestedFix{
		Message:   "Begin the transaction of the effect before the key statement, and run the key statement on it (" + tx.Name() + ")",
		TextEdits: edits,
	}
}

// beginGroup returns the transaction variable that list[from] defines
// ("tx, err := db.BeginTx(ctx, nil)"), and the index of the last
// statement of its group: the check of its error, then the deferred
// Rollback, which the group must have.
func (c *checker) beginGroup(block *ast.BlockStmt, from int, call *ast.CallExpr) (*types.Var, int, bool) {
	as, ok := block.List[from].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(as.Lhs) == 0 {
		return nil, 0, false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, 0, false
	}
	tx, ok := c.pass.TypesInfo.Defs[id].(*types.Var)
	if !ok {
		return nil, 0, false
	}
	to := from
	if _, ifs := fix.ErrCheck(c.pass.TypesInfo, block, as); ifs != nil {
		to++
	}
	if to+1 >= len(block.List) {
		return nil, 0, false
	}
	d, ok := block.List[to+1].(*ast.DeferStmt)
	if !ok {
		return nil, 0, false
	}
	if !fix.SelectsMethod(c.pass.TypesInfo, d.Call.Fun, tx, "Rollback") {
		return nil, 0, false
	}
	return tx, to + 1, true
}
