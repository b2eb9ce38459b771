package keytx

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// A placement says where the claim goes: in place of the check, on a
// transaction already open there, or just after the Begin of the
// transaction that follows the check.
type placement struct {
	tx    string         // the transaction, as the code names it
	block *ast.BlockStmt // for a move: the block of the check and the Begin
	after ast.Stmt       // for a move: the statement the claim follows
	flat  bool           // the claim may assign the check's error variable at block level
}

// placeClaim decides where the claim runs.
func (c *checker) placeClaim(file *ast.File, ck *checkStatement, w *effects.Stmt, at ssa.Instruction) (placement, bool) {
	if definedBefore(txSource(w.Tx), at) {
		if committedBefore(w.Tx, at) {
			return placement{}, false
		}
		tx, ok := c.receiverText(w)
		if !ok {
			return placement{}, false
		}
		return placement{tx: tx, block: ck.block, flat: ck.errDecl || ck.errAssign}, true
	}
	return c.afterBegin(ck, w)
}

// afterBegin places the claim after the Begin of the effect's transaction
// when the Begin is the statement right after the check, followed by
// the test of its error and a deferred Rollback.
func (c *checker) afterBegin(ck *checkStatement, w *effects.Stmt) (placement, bool) {
	list := ck.block.List
	next := ck.last + 1
	if next >= len(list) {
		return placement{}, false
	}
	begin, ok := list[next].(*ast.AssignStmt)
	if !ok || begin.Tok != token.DEFINE || len(begin.Rhs) != 1 {
		return placement{}, false
	}
	call, ok := ast.Unparen(begin.Rhs[0]).(*ast.CallExpr)
	if !ok || !c.beginsTx(call, w.Tx) {
		return placement{}, false
	}
	txID, ok := begin.Lhs[0].(*ast.Ident)
	if !ok {
		return placement{}, false
	}
	txObj := c.pass.TypesInfo.Defs[txID]
	if txObj == nil {
		return placement{}, false
	}
	i := next + 1
	if i < len(list) {
		if is, ok := list[i].(*ast.IfStmt); ok && is.Init == nil {
			i++ // the test of Begin's error
		}
	}
	if i >= len(list) || !fix.DefersMethod(c.pass.TypesInfo, list[i], txObj, "Rollback") {
		return placement{}, false
	}
	flat := ck.errAssign
	if ck.errDecl {
		// The check declared the error variable; with the check gone, the
		// Begin must declare it for what follows.
		for _, l := range begin.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == ck.errName {
				flat = true
			}
		}
		if !flat {
			return placement{}, false
		}
	}
	return placement{tx: txID.Name, block: ck.block, after: list[i], flat: flat}, true
}

// beginsTx reports whether call is the Begin whose result is tx.
func (c *checker) beginsTx(call *ast.CallExpr, tx ssa.Value) bool {
	tx = txSource(tx)
	if ex, ok := tx.(*ssa.Extract); ok {
		tx = ex.Tuple
	}
	v, ok := tx.(*ssa.Call)
	return ok && v.Pos() == call.Lparen
}

// edits returns the edits that put the claim's code where it goes:
// over the check, or after the Begin with the check deleted.
func (p placement) edits(fset *token.FileSet, file *ast.File, ck *checkStatement, code string) ([]analysis.TextEdit, bool) {
	first, last := ck.region()
	if p.after == nil {
		indent := fix.LineIndent(fset, file, ck.block.List[first].Pos())
		return []analysis.TextEdit{{Pos: ck.block.List[first].Pos(), End: ck.block.List[last].End(), NewText: []byte(fix.Indent(code, indent))}}, true
	}
	del, ok := fix.DeleteStmts(fset, file, ck.block, first, last)
	if !ok {
		return nil, false
	}
	indent := fix.LineIndent(fset, file, p.after.Pos())
	tf := fset.File(p.after.Pos())
	at := tf.LineStart(tf.Line(p.after.End()) + 1)
	ins := analysis.TextEdit{Pos: at, End: at, NewText: []byte(indent + fix.Indent(code, indent) + "\n")}
	return []analysis.TextEdit{del, ins}, true
}

// deleteInsert returns the edit that deletes the statement of a later
// INSERT of the key, and the statements: the call on its own, or with the
// test of its error, in the if's init or in the if right after.
func (c *checker) deleteInsert(file *ast.File, fnBody *ast.BlockStmt, st *effects.Stmt) (analysis.TextEdit, []ast.Node, bool) {
	call := fix.CallAt(file, st.Instr.Pos())
	if call == nil {
		return analysis.TextEdit{}, nil, false
	}
	_, block, idx, ok := fix.StmtIn(file, call)
	if !ok {
		return analysis.TextEdit{}, nil, false
	}
	last, ok := c.discards(fnBody, block, idx, call)
	if !ok {
		return analysis.TextEdit{}, nil, false
	}
	edit, ok := fix.DeleteStmts(c.pass.Fset, file, block, idx, last)
	var gone []ast.Node
	for _, s := range block.List[idx : last+1] {
		gone = append(gone, s)
	}
	return edit, gone, ok
}

// discards reports whether block.List[i] runs call and uses nothing of
// it but the test of its error, so that deleting it (through the
// statement it returns) deletes only the call:
//
//	tx.ExecContext(ctx, q, key)
//	if _, err := tx.ExecContext(ctx, q, key); err != nil { ... }
//	_, err = tx.ExecContext(ctx, q, key)
//	if err != nil { ... }
func (c *checker) discards(body, block *ast.BlockStmt, i int, call *ast.CallExpr) (int, bool) {
	info := c.pass.TypesInfo
	switch s := block.List[i].(type) {
	case *ast.ExprStmt:
		return i, s.X == call
	case *ast.IfStmt:
		errID, ok := errOnly(s.Init, call)
		return i, ok && s.Else == nil && s.Init.(*ast.AssignStmt).Tok == token.DEFINE &&
			fix.IsNilTest(c.pass.TypesInfo, s.Cond, info.Defs[errID], token.NEQ)
	case *ast.AssignStmt:
		errID, ok := errOnly(s, call)
		if !ok || i+1 >= len(block.List) {
			return i, false
		}
		is, ok := block.List[i+1].(*ast.IfStmt)
		errObj := info.ObjectOf(errID)
		if !ok || is.Init != nil || is.Else != nil || !fix.IsNilTest(c.pass.TypesInfo, is.Cond, errObj, token.NEQ) {
			return i, false
		}
		if info.Defs[errID] != nil {
			// The statement declares the variable: nothing else may use it.
			return i + 1, len(fix.Uses(c.pass.TypesInfo, body, errObj)) == len(fix.Uses(c.pass.TypesInfo, block.List[i+1], errObj))
		}
		return i + 1, !fix.ReadAfter(c.pass.TypesInfo, body, block, i+1, errObj)
	}
	return i, false
}

// errOnly returns err of "_, err = call" (or :=).
func errOnly(s ast.Stmt, call *ast.CallExpr) (*ast.Ident, bool) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != call {
		return nil, false
	}
	blank, ok1 := as.Lhs[0].(*ast.Ident)
	errID, ok2 := as.Lhs[1].(*ast.Ident)
	return errID, ok1 && ok2 && blank.Name == "_" && errID.Name != "_"
}
