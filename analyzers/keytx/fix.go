package keytx

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// localFix returns the fix of a finding whose key statement and effect
// are the function's own, the first that applies: a check-then-act
// becomes a claim (claimFix); a key statement runs on the effect's open
// transaction (swapFix), on one that begins after it, moved up
// (hoistFix), or before its Commit (beforeCommitFix).
func (c *checker) localFix(k, w *effects.Stmt) *analysis.SuggestedFix {
	for _, f := range []func(k, w *effects.Stmt) *analysis.SuggestedFix{c.claimFix, c.swapFix, c.hoistFix, c.beforeCommitFix} {
		if fx := f(k, w); fx != nil {
			return fx
		}
	}
	return nil
}

// selectors returns the file of the key statement and the method
// selectors of the key's and the effect's calls (db.ExecContext,
// tx.ExecContext), whose receivers the fixes swap; ok is false when
// either is not a method call written in the package.
func (c *checker) selectors(k, w *effects.Stmt) (file *ast.File, kSel, wSel *ast.SelectorExpr, ok bool) {
	file = fix.FileOf(c.pass, k.Instr.Pos())
	kCall, wCall := fix.CallAt(file, k.Instr.Pos()), fix.CallAt(fix.FileOf(c.pass, w.Instr.Pos()), w.Instr.Pos())
	if kCall == nil || wCall == nil {
		return nil, nil, nil, false
	}
	kSel, ok1 := kCall.Fun.(*ast.SelectorExpr)
	wSel, ok2 := wCall.Fun.(*ast.SelectorExpr)
	return file, kSel, wSel, ok1 && ok2
}

// receiverText returns the receiver of a statement's method call as
// the code writes it: the tx of tx.ExecContext, which a fix writes
// again where the key statement runs.
func (c *checker) receiverText(st *effects.Stmt) (string, bool) {
	call := fix.CallAt(fix.FileOf(c.pass, st.Instr.Pos()), st.Instr.Pos())
	if call == nil {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	return fix.Print(c.pass.Fset, nil, sel.X)
}

// swapFix runs the key statement on the effect's transaction when that
// transaction exists before the key statement and is not yet committed.
func (c *checker) swapFix(k, w *effects.Stmt) *analysis.SuggestedFix {
	if w.Durability != effects.DurTx || k.Durability != effects.DurAutocommit {
		return nil
	}
	if !definedBefore(w.Tx, k.Instr) {
		return nil // the transaction begins after the key statement
	}
	if committedBefore(w.Tx, k.Instr) {
		return nil // the transaction is over at the key statement
	}
	_, kSel, wSel, ok := c.selectors(k, w)
	if !ok {
		return nil
	}
	tx, ok := fix.Print(c.pass.Fset, nil, wSel.X)
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Run the key statement on the transaction of the effect (" + tx + ")",
		TextEdits: []analysis.TextEdit{{Pos: kSel.X.Pos(), End: kSel.X.End(), NewText: []byte(tx)}},
	}
}

// definedBefore reports whether the transaction value exists at point:
// its defining instruction (or the Begin call it is extracted from)
// dominates it.
func definedBefore(tx ssa.Value, point ssa.Instruction) bool {
	if ex, ok := tx.(*ssa.Extract); ok {
		tx = ex.Tuple
	}
	def, ok := tx.(ssa.Instruction)
	return ok && effects.Dominates(def, point)
}

// committedBefore reports whether a Commit of tx runs before point on
// some path: then the key statement cannot move onto it.
func committedBefore(tx ssa.Value, point ssa.Instruction) bool {
	origins := effects.Origins(tx, nil)
	for _, b := range point.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().StaticCallee() == nil && !call.Common().IsInvoke() {
				continue
			}
			name := call.Common().Method
			var recv ssa.Value
			if name != nil {
				recv = call.Common().Value
			} else if callee := call.Common().StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(call.Common().Args) > 0 {
				name, _ = callee.Object().(*types.Func)
				recv = call.Common().Args[0]
			}
			if name == nil || !catalog.IsCommit(name.Name()) || recv == nil || !effects.Intersects(effects.Origins(recv, nil), origins) {
				continue
			}
			if effects.Reaches(instr, point) {
				return true
			}
		}
	}
	return false
}

// txSource returns the value a transaction variable holds: tx itself, or
// for a variable that a closure captures (a deferred Rollback in a func
// literal), the value stored into it.
func txSource(tx ssa.Value) ssa.Value {
	load, ok := tx.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return tx
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok {
		return tx
	}
	var src ssa.Value
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			if src != nil {
				return tx // assigned twice
			}
			src = st.Val
		}
	}
	if src == nil {
		return tx
	}
	return src
}

// beginCall returns the call that begins a transaction value.
func beginCall(tx ssa.Value) *ssa.Call {
	if ex, ok := tx.(*ssa.Extract); ok {
		tx = ex.Tuple
	}
	call, _ := tx.(*ssa.Call)
	return call
}
