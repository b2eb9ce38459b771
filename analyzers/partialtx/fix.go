package partialtx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// A handle says how to begin, commit and roll back a transaction on a
// kind of database handle; %[1]s is the handle, %[2]s the context (see
// render).
type handle struct {
	begin, commit, rollback string
	method                  string // the begin method, whose first result is the transaction
	ctx                     bool   // begin needs the context
}

var handles = map[string]handle{
	"*database/sql.DB":                      {begin: "%[1]s.BeginTx(%[2]s, nil)", commit: "tx.Commit()", rollback: "tx.Rollback()", method: "BeginTx", ctx: true},
	"*github.com/jackc/pgx/v5/pgxpool.Pool": {begin: "%[1]s.Begin(%[2]s)", commit: "tx.Commit(%[2]s)", rollback: "tx.Rollback(%[2]s)", method: "Begin", ctx: true},
	"*github.com/jmoiron/sqlx.DB":           {begin: "%[1]s.Beginx()", commit: "tx.Commit()", rollback: "tx.Rollback()", method: "Beginx"},
}

// render writes one of the handle's calls (begin, commit, rollback) for
// the handle recv and the context ctx.
func (h handle) render(call, recv, ctx string) string {
	return strings.NewReplacer("%[1]s", recv, "%[2]s", ctx).Replace(call)
}

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

// wrapFix wraps the writes in one transaction when they run in one block
// of fn on one handle named there (by the receiver of a statement, or by
// the argument that chooses a callee's handle), with no external call
// between them and no "tx" or "txErr" declared already.
func (c *checker) wrapFix(fn *ssa.Function, writes []*effects.Stmt) *analysis.SuggestedFix {
	file := fix.FileOf(c.pass, writes[0].Instr.Pos())
	if file == nil {
		return nil
	}
	w, ok := c.wrapOf(fn, file, writes)
	if !ok {
		return nil
	}
	begin, ok := fix.StmtBefore(c.pass.Fset, file, w.first.Pos(), w.beginText())
	if !ok {
		return nil
	}
	edits := []analysis.TextEdit{begin}
	edited := map[token.Pos]bool{}
	for _, s := range w.sites {
		if !edited[s.handle.Pos()] { // two writes of one helper call
			edited[s.handle.Pos()] = true
			edits = append(edits, analysis.TextEdit{Pos: s.handle.Pos(), End: s.handle.End(), NewText: []byte("tx")})
		}
	}
	edits = append(edits, fix.StmtAfter(c.pass.Fset, file, w.after, w.commitText()))
	return &analysis.SuggestedFix{Message: "Run the writes in one transaction", TextEdits: edits}
}

// A wrap is the transaction the fix opens around the writes: how it
// begins and ends (h, on the handle recv, with the context ctx), where
// (before first, committed after after), what replaces the handle
// (sites), and how a failed Begin or Commit is handled.
type wrap struct {
	h           handle
	recv, ctx   string
	sites       []site
	first       ast.Stmt
	after       ast.Stmt
	fail        failure
	lastChecked string // the check of the last write's error, put before the Commit; "" for none
}

// wrapOf decides whether the writes can run in one transaction, and
// how: the conditions of wrapFix.
func (c *checker) wrapOf(fn *ssa.Function, file *ast.File, writes []*effects.Stmt) (wrap, bool) {
	sites, block, recv, ok := c.sitesOf(fn, file, writes)
	if !ok {
		return wrap{}, false
	}
	h, ok := handles[catalog.TypeKey(c.pass.TypesInfo.TypeOf(sites[0].handle))]
	if !ok || !c.txFits(h, sites) {
		return wrap{}, false
	}
	first, last := span(block, sites)
	if fix.DeclaredAround(c.pass.Pkg, first.Pos(), "tx") || fix.DeclaredAround(c.pass.Pkg, first.Pos(), "txErr") {
		return wrap{}, false
	}
	w := wrap{h: h, recv: recv, sites: sites, first: first}
	if h.ctx {
		if w.ctx = c.contextArg(sites[0].call, first.Pos()); w.ctx == "" {
			return wrap{}, false
		}
	}
	var span []ssa.Instruction
	for _, s := range sites {
		span = append(span, s.instrs...)
	}
	if effects.ExternalBetween(c.res.Env.Catalog, span, span) {
		return wrap{}, false // never hold a transaction across an external call
	}
	w.after = afterErrCheck(c.pass.TypesInfo, block, last)
	if !c.wrappable(block, first, w.after) {
		return wrap{}, false
	}
	if w.fail, ok = c.failure(fn, block, first, w.after); !ok {
		return wrap{}, false
	}
	if w.after == last {
		// "_, err := tx.Exec(...)" then "return err": the last write's
		// error is checked (and returned as before) ahead of the Commit.
		if w.lastChecked, ok = c.returnedErrCheck(file, block, last); !ok {
			return wrap{}, false
		}
	}
	return w, true
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

// beginText renders the Begin of the transaction, the check of its
// error and the deferred Rollback. The error is txErr, not err: the
// function may declare err with := later on. A copied handling of the
// first write's error reads it under its own name, bound to txErr.
func (w wrap) beginText() string {
	init, errName := "", "txErr"
	if w.fail.name != "" {
		init, errName = fix.DefineStmt("txErr", w.fail.name), w.fail.name
	}
	return fix.Stmts(
		fix.DefineStmt(w.h.render(w.h.begin, w.recv, w.ctx), "tx", "txErr"),
		fix.IfStmt(init, fix.NotNil(errName), fix.Block(w.fail.body(errName)...)),
		"defer "+w.h.render(w.h.rollback, w.recv, w.ctx),
	)
}

// commitText renders the Commit and the handling of its failure, after
// the check of the last write's error where one is added.
func (w wrap) commitText() string {
	errName := w.fail.name
	if errName == "" {
		errName = "err"
	}
	commit := fix.IfStmt(fix.DefineStmt(w.h.render(w.h.commit, w.recv, w.ctx), errName), fix.NotNil(errName), fix.Block(w.fail.body(errName)...))
	if w.lastChecked == "" {
		return commit
	}
	return fix.Stmts(w.lastChecked, commit)
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
	return site{handle: sel.X, stmts: []ast.Stmt{stmt}, block: blk, call: call, instrs: []ssa.Instruction{w.Instr}}, blk != nil
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
func (c *checker) txFits(h handle, sites []site) bool {
	m, _, _ := types.LookupFieldOrMethod(c.pass.TypesInfo.TypeOf(sites[0].handle), true, nil, h.method)
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
// and the block; nil for a return, after which the commit could not go.
func enclosingStmt(file *ast.File, call *ast.CallExpr) (ast.Stmt, *ast.BlockStmt) {
	stmt, blk, _, ok := fix.StmtIn(file, call)
	if _, isReturn := stmt.(*ast.ReturnStmt); !ok || isReturn {
		return nil, nil
	}
	return stmt, blk
}

// wrappable reports whether the statements from first to after can run
// in one transaction that commits after them: no return between them but
// in the check of an error (a return that ends the operation with success
// would roll back what is written before it), and nothing between them
// answers the request (the client would hear of success before the
// Commit).
func (c *checker) wrappable(block *ast.BlockStmt, first, after ast.Stmt) bool {
	i, j := slices.Index(block.List, first), slices.Index(block.List, after)
	if i < 0 || j < i {
		return false
	}
	info := c.pass.TypesInfo
	ok := true
	for _, st := range block.List[i : j+1] {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if fix.CheckedErr(info, n.Cond) != nil {
					if n.Init != nil {
						ast.Inspect(n.Init, func(m ast.Node) bool { ok = ok && !c.answers(m); return ok })
					}
					return false // an error's handling: its returns end the attempt
				}
			case *ast.ReturnStmt:
				ok = false
			default:
				ok = ok && !c.answers(n)
			}
			return ok
		})
	}
	return ok
}

// answers reports whether n is a call that writes the response: one whose
// receiver or argument is an http.ResponseWriter or a framework context.
func (c *checker) answers(n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	exprs := append([]ast.Expr{}, call.Args...)
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		exprs = append(exprs, sel.X)
	}
	for _, e := range exprs {
		if responders[catalog.TypeKey(c.pass.TypesInfo.TypeOf(e))] {
			return true
		}
	}
	return false
}

// responders are the types through which a handler answers.
var responders = map[string]bool{
	"net/http.ResponseWriter":             true,
	"*github.com/gin-gonic/gin.Context":   true,
	"github.com/labstack/echo/v4.Context": true,
	"*github.com/gofiber/fiber/v2.Ctx":    true,
	"github.com/gofiber/fiber/v3.Ctx":     true,
}
