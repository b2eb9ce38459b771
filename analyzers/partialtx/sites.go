package partialtx

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// A site is what the fix edits for one write: the expression naming the
// handle, replaced by tx (the receiver of the function's own statement,
// or the argument that chooses a callee's handle), the statements of the
// block that hold the write and that expression, the call whose context
// begins the transaction, and the instructions the transaction spans.
type site struct {
	handle ast.Expr
	param  types.Type // the parameter the argument fills; nil for a receiver
	stmts  []ast.Stmt
	block  *ast.BlockStmt
	call   *ast.CallExpr
	instrs []ssa.Instruction
}

// sitesOf returns what the fix edits for each write, the block that
// holds them all and the handle they all run on, as the code names it.
func (c *checker) sitesOf(fn *ssa.Function, file *ast.File, writes []*effects.Stmt) ([]site, *ast.BlockStmt, string, bool) {
	var sites []site
	var block *ast.BlockStmt
	var recv string
	for _, w := range writes {
		s, ok := c.siteOf(fn, file, w, writes)
		if !ok {
			return nil, nil, "", false
		}
		text, ok := fix.Print(c.pass.Fset, nil, s.handle)
		if !ok || recv != "" && text != recv {
			return nil, nil, "", false // several handles
		}
		if block != nil && s.block != block {
			return nil, nil, "", false
		}
		recv, block = text, s.block
		sites = append(sites, s)
	}
	return sites, block, recv, true
}

// siteOf says what the fix edits for a write: for a statement of fn, its
// receiver; for a statement of a callee on the handle fn passes, the
// argument that chooses it (acrossSite).
func (c *checker) siteOf(fn *ssa.Function, file *ast.File, w *effects.Stmt, writes []*effects.Stmt) (site, bool) {
	if w.Instr.Parent() != fn || w.Durability != effects.DurAutocommit {
		return site{}, false
	}
	call := fix.CallAt(file, w.Instr.Pos())
	if call == nil {
		return site{}, false
	}
	if w.Callee != nil {
		return c.acrossSite(file, call, w, writes)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return site{}, false
	}
	stmt, blk := enclosingStmt(file, call)
	return site{handle: chainRoot(c.pass.TypesInfo, sel.X), stmts: []ast.Stmt{stmt}, block: blk, call: call, instrs: []ssa.Instruction{w.Instr}}, blk != nil
}

// chainRoot returns the handle a chain of calls that builds a statement
// starts from: db in gorm's db.WithContext(ctx).Model(&a), in bun's
// db.NewUpdate().Model(&a).Set(...) and in ent's
// db.Wallet.UpdateOneID(id).AddBalance(n), whose statements the fix
// moves onto the transaction by replacing db.
func chainRoot(info *types.Info, e ast.Expr) ast.Expr {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return e
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return e
		}
		fn, ok := info.Uses[sel.Sel].(*types.Func)
		if !ok {
			return e
		}
		if start, _ := catalog.IsEntStart(fn); start {
			// The entity's client is a field of the Client or Tx.
			if f, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
				return f.X
			}
			return e
		}
		if _, _, ok := catalog.EntBuilderType(fn); ok {
			e = sel.X
			continue
		}
		if start, ok := catalog.BuilderMethod(fn); ok {
			if start {
				return sel.X
			}
		} else if !catalog.IsORMHandle(info.TypeOf(sel.X)) || !catalog.IsORMChain(fn.Name()) {
			return e
		}
		e = sel.X
	}
}

// acrossSite finds, for a write of a callee, the argument of a call of
// fn that chooses its handle: the db of store.New(db) or of
// repo.Transfer(ctx, db, ...). Replacing it moves everything that runs
// through it onto the transaction, so that must be writes of the fix
// only: the constructor's result goes to their calls and nowhere else.
func (c *checker) acrossSite(file *ast.File, call *ast.CallExpr, w *effects.Stmt, writes []*effects.Stmt) (site, bool) {
	via, i, ok := effects.HandleArg(c.res, w)
	if !ok || via.Parent() != w.Instr.Parent() || c.movesOthers(via, w, writes) {
		return site{}, false
	}
	viaCall := fix.CallAt(file, via.Pos())
	arg := fix.ArgExpr(via, viaCall, i)
	param := fix.ParamType(via, i)
	if arg == nil || param == nil {
		return site{}, false
	}
	s := site{handle: arg, param: param, call: call, instrs: []ssa.Instruction{via, w.Instr}}
	for _, ce := range []*ast.CallExpr{viaCall, call} {
		stmt, blk := enclosingStmt(file, ce)
		if blk == nil || s.block != nil && blk != s.block {
			return site{}, false
		}
		s.stmts, s.block = append(s.stmts, stmt), blk
	}
	return s, true
}

// movesOthers reports whether replacing the handle via chooses would
// move anything but the writes: a use of a constructor's result other
// than a call running one of the writes, a read on the handle, or
// anything effects.HandleUses cannot see.
func (c *checker) movesOthers(via *ssa.Call, w *effects.Stmt, writes []*effects.Stmt) bool {
	calls, stmts, ok := effects.HandleUses(c.res, via, -1, via != w.Instr)
	if !ok {
		return true
	}
	ours := map[ssa.Instruction]bool{}
	for _, x := range writes {
		ours[x.Instr] = true
	}
	for _, call := range calls[1:] {
		if !ours[call] {
			return true
		}
	}
	for _, st := range stmts {
		if !st.SQL.Writes() {
			return true
		}
	}
	return false
}

// txFits reports whether the transaction the handle begins can stand
// where each callee's handle is chosen: its type is assignable to the
// parameter there (pgx.Tx satisfies a generated DBTX).
func (c *checker) txFits(h catalog.TxWrap, sites []site) bool {
	m, _, _ := types.LookupFieldOrMethod(c.pass.TypesInfo.TypeOf(sites[0].handle), true, nil, h.Method)
	begin, ok := m.(*types.Func)
	if !ok || begin.Type().(*types.Signature).Results().Len() == 0 {
		return false
	}
	tx := begin.Type().(*types.Signature).Results().At(0).Type()
	for _, s := range sites {
		if s.param != nil && !types.AssignableTo(tx, s.param) {
			return false
		}
	}
	return true
}

// span returns the first and the last statement of the block that the
// sites hold.
func span(block *ast.BlockStmt, sites []site) (first, last ast.Stmt) {
	in := map[ast.Stmt]bool{}
	for _, s := range sites {
		for _, stmt := range s.stmts {
			in[stmt] = true
		}
	}
	for _, stmt := range block.List {
		if in[stmt] {
			if first == nil {
				first = stmt
			}
			last = stmt
		}
	}
	return first, last
}

// enclosingStmt returns the statement of a block that contains the call,
// and the block. It may be a return, which wrapOf takes only when it
// returns the write's error alone.
func enclosingStmt(file *ast.File, call *ast.CallExpr) (ast.Stmt, *ast.BlockStmt) {
	stmt, blk, _, ok := fix.StmtIn(file, call)
	if !ok {
		return nil, nil
	}
	return stmt, blk
}
