package keytx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

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
	if !ok || !c.movable(block, at, from, to) {
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

// beginCall returns the call that begins a transaction value.
func beginCall(tx ssa.Value) *ssa.Call {
	if ex, ok := tx.(*ssa.Extract); ok {
		tx = ex.Tuple
	}
	call, _ := tx.(*ssa.Call)
	return call
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

// movable reports whether list[from..to] can move up before list[at]:
// every name it uses, but those it declares, means the same there; and no statement from list[at] up to it declares one of
// the names the first statement declares without also declaring another
// (after the move, "x, err :=" with err declared above is still fine;
// "_, err :=" or "var err error" is not).
func (c *checker) movable(block *ast.BlockStmt, at, from, to int) bool {
	info := c.pass.TypesInfo
	declared := map[string]bool{}
	own := map[types.Object]bool{}
	if as, ok := block.List[from].(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				declared[id.Name] = true
				if obj := info.ObjectOf(id); obj != nil {
					own[obj] = true // declared there after the move, if not above
				}
			}
		}
	}
	for _, st := range block.List[from : to+1] { // and what they declare inside
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Defs[id] != nil {
				own[info.Defs[id]] = true
			}
			return true
		})
	}
	pos := block.List[at].Pos()
	for _, st := range block.List[from : to+1] {
		if !fix.SameAt(info, c.pass.Pkg, st, pos, func(obj types.Object) bool { return own[obj] }) {
			return false
		}
	}
	// A name used by the moved statements must also hold the same value
	// there: nothing in between may assign it (ctx, cancel :=
	// context.WithTimeout(ctx, ...) gives ctx another value).
	used := map[types.Object]bool{}
	for _, st := range block.List[from : to+1] {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil && !own[info.Uses[id]] {
				used[info.Uses[id]] = true
			}
			return true
		})
	}
	for _, st := range block.List[at:from] {
		assigned := false
		ast.Inspect(st, func(n ast.Node) bool {
			var lhs []ast.Expr
			switch n := n.(type) {
			case *ast.AssignStmt:
				lhs = n.Lhs
			case *ast.IncDecStmt:
				lhs = []ast.Expr{n.X}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					lhs = []ast.Expr{n.X} // its address taken: it may change
				}
			}
			for _, l := range lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && used[info.ObjectOf(id)] {
					assigned = true
				}
			}
			return !assigned
		})
		if assigned {
			return false
		}
	}
	for _, st := range block.List[at:from] {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok != token.DEFINE {
				continue
			}
			clash, other := false, false
			for _, l := range st.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" && info.Defs[id] != nil {
					if declared[id.Name] {
						clash = true
					} else {
						other = true
					}
				}
			}
			if clash && !other {
				return false
			}
		case *ast.DeclStmt:
			gd, ok := st.Decl.(*ast.GenDecl)
			if !ok {
				return false
			}
			for _, spec := range gd.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						if declared[id.Name] {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

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
	file, kSel, wSel, ok := c.selectors(k, w)
	if !ok {
		return nil
	}
	txID, ok := wSel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	tx, ok := c.pass.TypesInfo.Uses[txID].(*types.Var)
	if !ok {
		return nil
	}
	_, block, from, ok := fix.StmtIn(file, kSel)
	if !ok {
		return nil
	}
	at := c.commitStmt(block, from, tx)
	if at < 0 {
		return nil
	}
	// Before the Commit, a failed key statement must end the attempt:
	// its error checked and returned (then the Rollback undoes the
	// effect too), as a failure inside the transaction would otherwise
	// abort the Commit that went through before.
	_, ifs := fix.ErrCheck(c.pass.TypesInfo, block, block.List[from])
	if ifs == nil || !fix.EndsInReturn(ifs.Body) {
		return nil
	}
	to := from
	if ifs != block.List[from] {
		to++
	}
	if !c.rollbackDeferred(block, at, tx) {
		return nil
	}
	if !c.movable(block, at, from, to) {
		return nil
	}
	// The key statement moves, so its receiver is swapped in the moved
	// text: the call as printed, with the transaction for the receiver.
	recv, ok1 := fix.Print(c.pass.Fset, nil, kSel.X)
	call, ok2 := fix.Print(c.pass.Fset, nil, kSel)
	if !ok1 || !ok2 {
		return nil
	}
	swapped := false
	edits, ok := fix.MoveStmtsRewriting(c.pass.Fset, file, block, from, to, at, func(i int, text string) string {
		if i != from || !strings.Contains(text, call+"(") {
			return text
		}
		swapped = true
		return strings.Replace(text, call+"(", tx.Name()+strings.TrimPrefix(call, recv)+"(", 1)
	})
	if !ok || !swapped {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Run the key statement on the transaction of the effect, before its Commit (" + tx.Name() + ")",
		TextEdits: edits,
	}
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
