package keytx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/passes/effects"
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
	block, at, ok1 := stmtIn(file, kCall)
	bBlock, from, ok2 := stmtIn(file, bCall)
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

// stmtIn returns the block and the index in it of the statement that
// holds call, when that statement is in a block's list.
func stmtIn(file *ast.File, call *ast.CallExpr) (*ast.BlockStmt, int, bool) {
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	for i := 0; i+1 < len(path); i++ {
		if block, ok := path[i+1].(*ast.BlockStmt); ok {
			if stmt, ok := path[i].(ast.Stmt); ok {
				return block, slices.Index(block.List, stmt), true
			}
		}
	}
	return nil, 0, false
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
	if to+1 < len(block.List) {
		if ifs, ok := block.List[to+1].(*ast.IfStmt); ok && ifs.Init == nil && c.checksErrOf(ifs, as) {
			to++
		}
	}
	if to+1 >= len(block.List) {
		return nil, 0, false
	}
	d, ok := block.List[to+1].(*ast.DeferStmt)
	if !ok {
		return nil, 0, false
	}
	sel, ok := d.Call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Rollback" {
		return nil, 0, false
	}
	if recv, ok := sel.X.(*ast.Ident); !ok || c.pass.TypesInfo.Uses[recv] != tx {
		return nil, 0, false
	}
	return tx, to + 1, true
}

// checksErrOf reports whether ifs is "if err != nil" on a variable that
// as assigns.
func (c *checker) checksErrOf(ifs *ast.IfStmt, as *ast.AssignStmt) bool {
	be, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok := be.X.(*ast.Ident)
	if !ok {
		return false
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == x.Name {
			return true
		}
	}
	return false
}

// movable reports whether list[from..to] can move up before list[at]:
// every name it uses, but those its first statement declares, means the
// same there; and no statement from list[at] up to it declares one of
// the names the first statement declares without also declaring another
// (after the move, "x, err :=" with err declared above is still fine;
// "_, err :=" or "var err error" is not).
func (c *checker) movable(block *ast.BlockStmt, at, from, to int) bool {
	info := c.pass.TypesInfo
	declared := map[string]bool{}
	own := map[types.Object]bool{}
	for _, l := range block.List[from].(*ast.AssignStmt).Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
			declared[id.Name] = true
			if obj := info.ObjectOf(id); obj != nil {
				own[obj] = true // declared there after the move, if not above
			}
		}
	}
	pos := block.List[at].Pos()
	scope := c.pass.Pkg.Scope().Innermost(pos)
	same := scope != nil
	for _, st := range block.List[from : to+1] {
		ast.Inspect(st, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				ast.Inspect(sel.X, func(m ast.Node) bool { return same && c.usesSame(m, own, scope, pos, &same) })
				return false
			}
			return same && c.usesSame(n, own, scope, pos, &same)
		})
	}
	if !same {
		return false
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

// usesSame clears same when n is a name, not declared by the moved
// statements, that means something else at pos.
func (c *checker) usesSame(n ast.Node, own map[types.Object]bool, scope *types.Scope, pos token.Pos, same *bool) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return *same
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil || own[obj] {
		return *same
	}
	if v, ok := obj.(*types.Var); ok && v.IsField() {
		return *same
	}
	if _, found := scope.LookupParent(id.Name, pos); found != obj {
		*same = false
	}
	return *same
}
