package keytx

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// beforeCommitFix runs a key statement written after the Commit of the
// effect's transaction on that transaction, before the Commit: it moves
// the statement (with the check of its error that follows it) up above
// the statement that commits, and swaps its receiver. Where the moved
// statements can return, the transaction must have a deferred Rollback,
// so that an early return still ends it.
func (c *checker) beforeCommitFix(k, w *effects.Stmt) *analysis.SuggestedFix {
	if w.Durability != effects.DurTx || k.Durability != effects.DurAutocommit || !committedBefore(w.Tx, k.Instr) {
		return nil
	}
	mv, ok := c.commitMoveOf(k, w)
	if !ok {
		return nil
	}
	edits, ok := c.moveOntoTx(mv)
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Run the key statement on the transaction of the effect, before its Commit (" + mv.tx.Name() + ")",
		TextEdits: edits,
	}
}

// A commitMove is what beforeCommitFix moves: block.List[from..to], the
// key statement (whose method selector is key) and the check of its
// error, up before block.List[at], the statement that commits tx.
type commitMove struct {
	file         *ast.File
	block        *ast.BlockStmt
	from, to, at int
	tx           *types.Var
	key          *ast.SelectorExpr
}

// commitMoveOf finds the statements to move and where, when the move
// keeps their meaning and the transaction still ends on every return.
func (c *checker) commitMoveOf(k, w *effects.Stmt) (commitMove, bool) {
	file, kSel, wSel, ok := c.selectors(k, w)
	if !ok {
		return commitMove{}, false
	}
	txID, ok := wSel.X.(*ast.Ident)
	if !ok {
		return commitMove{}, false
	}
	tx, ok := c.pass.TypesInfo.Uses[txID].(*types.Var)
	if !ok {
		return commitMove{}, false
	}
	_, block, from, ok := fix.StmtIn(file, kSel)
	if !ok {
		return commitMove{}, false
	}
	at := c.commitStmt(block, from, tx)
	if at < 0 {
		return commitMove{}, false
	}
	// Before the Commit, a failed key statement must end the attempt:
	// its error checked and returned (then the Rollback undoes the
	// effect too), as a failure inside the transaction would otherwise
	// abort the Commit that went through before.
	_, ifs := fix.ErrCheck(c.pass.TypesInfo, block, block.List[from])
	if ifs == nil || !fix.EndsInReturn(ifs.Body) {
		return commitMove{}, false
	}
	to := from
	if ifs != block.List[from] {
		to++
	}
	if !c.rollbackDeferred(block, at, tx) || !fix.CanMoveUp(c.pass.TypesInfo, c.pass.Pkg, block, at, from, to) {
		return commitMove{}, false
	}
	return commitMove{file: file, block: block, from: from, to: to, at: at, tx: tx, key: kSel}, true
}

// moveOntoTx returns the edits of the move. The key statement moves, so
// its receiver is swapped in the moved text (an edit inside it would
// overlap the deletion): the call as printed, with the transaction for
// the receiver.
func (c *checker) moveOntoTx(mv commitMove) ([]analysis.TextEdit, bool) {
	recv, ok1 := fix.Print(c.pass.Fset, nil, mv.key.X)
	call, ok2 := fix.Print(c.pass.Fset, nil, mv.key)
	if !ok1 || !ok2 {
		return nil, false
	}
	swapped := false
	edits, ok := fix.MoveStmtsRewriting(c.pass.Fset, mv.file, mv.block, mv.from, mv.to, mv.at, func(i int, text string) string {
		if i != mv.from || !strings.Contains(text, call+"(") {
			return text
		}
		swapped = true
		return strings.Replace(text, call+"(", mv.tx.Name()+strings.TrimPrefix(call, recv)+"(", 1)
	})
	return edits, ok && swapped
}

// commitStmt returns the index of the last statement before list[before]
// that calls tx.Commit, or -1.
func (c *checker) commitStmt(block *ast.BlockStmt, before int, tx *types.Var) int {
	for i := before - 1; i >= 0; i-- {
		if fix.CallsMethod(c.pass.TypesInfo, block.List[i], tx, "Commit") {
			return i
		}
	}
	return -1
}

// rollbackDeferred reports whether "defer tx.Rollback(...)" comes before
// list[at] in the block.
func (c *checker) rollbackDeferred(block *ast.BlockStmt, at int, tx *types.Var) bool {
	return slices.ContainsFunc(block.List[:at], func(st ast.Stmt) bool {
		d, ok := st.(*ast.DeferStmt)
		return ok && fix.SelectsMethod(c.pass.TypesInfo, d.Call.Fun, tx, "Rollback")
	})
}
