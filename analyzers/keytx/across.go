package keytx

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
)

// acrossFix runs the key statement of a finding that involves a callee
// on the transaction that commits the effect, when that transaction is
// a variable open at the key statement: it passes the variable where
// the key's handle is chosen (store.New(db) becomes store.New(tx)), or,
// for a key statement of the function, swaps its receiver. A check (a
// SELECT) gets no fix: inside the transaction it is no guard either.
func (c *checker) acrossFix(k, w *effects.Stmt) *analysis.SuggestedFix {
	if w.Durability != effects.DurTx || k.Durability != effects.DurAutocommit || k.SQL.Kind == sqltext.Select || w.Tx == nil {
		return nil
	}
	tx := c.txVar(w.Tx)
	if tx == nil || !c.openAt(w.Tx, k.Instr) {
		return nil
	}
	if k.Callee == nil {
		return c.receiverFix(k, tx)
	}
	return c.argumentFix(k, tx, w.Tx)
}

// openAt reports whether the transaction exists and is not committed at
// point, the conditions swapFix moves a statement onto it under.
func (c *checker) openAt(tx ssa.Value, point ssa.Instruction) bool {
	return definedBefore(tx, point) && !committedBefore(tx, point)
}

// receiverFix runs the function's own key statement on tx, when tx has
// the method the statement calls, with the same signature.
func (c *checker) receiverFix(k *effects.Stmt, tx *types.Var) *analysis.SuggestedFix {
	call := fix.CallAt(fix.FileOf(c.pass, k.Instr.Pos()), k.Instr.Pos())
	if call == nil {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !fix.Means(c.pass.Pkg, sel.X.Pos(), tx.Name(), tx) {
		return nil
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	m, _, _ := types.LookupFieldOrMethod(tx.Type(), true, c.pass.Pkg, sel.Sel.Name)
	if m == nil || !types.Identical(m.Type(), s.Obj().Type()) {
		return nil
	}
	return replaceFix(sel.X, tx)
}

// argumentFix passes tx where the handle of a callee's key statement is
// chosen: the argument naming the pool at a constructor or at the call
// itself. Everything that runs through that argument moves onto tx, so
// it must run key statements only.
func (c *checker) argumentFix(k *effects.Stmt, tx *types.Var, txv ssa.Value) *analysis.SuggestedFix {
	via, i, ok := effects.HandleArg(c.res, k)
	if !ok || via.Parent() != k.Instr.Parent() || !c.openAt(txv, via) || !c.onlyKeysThrough(via, i, k) {
		return nil
	}
	param := fix.ParamType(via, i)
	if param == nil || !types.AssignableTo(tx.Type(), param) {
		return nil
	}
	arg := fix.ArgExpr(via, fix.CallAt(fix.FileOf(c.pass, via.Pos()), via.Pos()), i)
	if arg == nil || !fix.Means(c.pass.Pkg, arg.Pos(), tx.Name(), tx) {
		return nil
	}
	return replaceFix(arg, tx)
}

func replaceFix(e ast.Expr, tx *types.Var) *analysis.SuggestedFix {
	return &analysis.SuggestedFix{
		Message:   "Run the key statement on the transaction of the effect (" + tx.Name() + ")",
		TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(tx.Name())}},
	}
}

// onlyKeysThrough reports whether every statement whose handle the
// argument i of via chooses is a key statement of the function, and
// nothing else could run on that handle (see effects.HandleUses).
func (c *checker) onlyKeysThrough(via *ssa.Call, i int, k *effects.Stmt) bool {
	_, stmts, ok := effects.HandleUses(c.res, via, i, via != k.Instr)
	if !ok {
		return false
	}
	for _, st := range stmts {
		if !c.isKey(st.SQL) {
			return false
		}
	}
	return true
}

// txVar returns the variable that holds a transaction: the parameter of
// a transaction callback, or the variable a Begin call's result is
// assigned to, when nothing else is ever assigned to it (then the name
// means the transaction wherever the variable is in scope and defined).
func (c *checker) txVar(tx ssa.Value) *types.Var {
	index := 0
	if ex, ok := tx.(*ssa.Extract); ok {
		tx, index = ex.Tuple, ex.Index
	}
	var v *types.Var
	var defs int
	switch x := tx.(type) {
	case *ssa.Parameter:
		v, _ = x.Object().(*types.Var)
	case *ssa.Call:
		v, defs = c.assignedTo(x, index), 1
	}
	if v == nil || c.assignments(v) != defs {
		return nil
	}
	return v
}

// assignedTo returns the variable an assignment statement stores result
// index of call into: tx in "tx, err := db.BeginTx(ctx, nil)".
func (c *checker) assignedTo(call *ssa.Call, index int) *types.Var {
	file := fix.FileOf(c.pass, call.Pos())
	ce := fix.CallAt(file, call.Pos())
	if ce == nil {
		return nil
	}
	cur, ok := fix.CursorOf(file, ce)
	if !ok {
		return nil
	}
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || as.Rhs[0] != ce || index >= len(as.Lhs) {
		return nil
	}
	id, ok := as.Lhs[index].(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return v
}

// assignments counts the assignments to v in its file (see
// fix.Assignments), or -1 when the file is not the package's.
func (c *checker) assignments(v *types.Var) int {
	file := fix.FileOf(c.pass, v.Pos())
	if file == nil {
		return -1
	}
	return fix.Assignments(c.pass.TypesInfo, file, v)
}
