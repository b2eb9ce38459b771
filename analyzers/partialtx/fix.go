package partialtx

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// render writes one of a transaction's calls (the catalog's Begin,
// Commit or Rollback of the handle) for the handle recv and the context
// ctx.
func render(call, recv, ctx string) string {
	return strings.NewReplacer("%[1]s", recv, "%[2]s", ctx).Replace(call)
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
	if w.returned != nil {
		edits = append(edits, w.returnedEdits(c.pass.Fset, file)...)
	} else {
		edits = append(edits, fix.StmtAfter(c.pass.Fset, file, w.after, w.commitText()))
	}
	return &analysis.SuggestedFix{Message: "Run the writes in one transaction", TextEdits: edits}
}

// returnedEdits turn "return <last write>" into the check of the write's
// error and the return of the Commit's: "if err := <last write>; err !=
// nil { return err }" then "return tx.Commit()". The write itself is
// left to the edit of its handle.
func (w wrap) returnedEdits(fset *token.FileSet, file *ast.File) []analysis.TextEdit {
	call := w.returned.Results[0]
	indent := fix.LineIndent(fset, file, w.returned.Pos())
	tail := "; err != nil {\n" + indent + "\treturn err\n" + indent + "}\n" + indent + "return " + render(w.h.Commit, w.recv, w.ctx)
	return []analysis.TextEdit{
		{Pos: w.returned.Pos(), End: call.Pos(), NewText: []byte("if err := ")},
		{Pos: call.End(), End: call.End(), NewText: []byte(tail)},
	}
}

// returnedWrite returns last when it returns the error of one of the
// writes (sites), or gorm's Error field of it, as the function's only
// result ("return db.X(...).
// Exec(ctx)" in a function that returns an error), or nil.
func (c *checker) returnedWrite(fn *ssa.Function, last ast.Stmt, sites []site) *ast.ReturnStmt {
	ret, ok := last.(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	result := ast.Unparen(ret.Results[0])
	if sel, ok := result.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
		result = ast.Unparen(sel.X) // gorm's db.Create(&o).Error
	}
	isWrite := func(s site) bool { return s.call != nil && result == s.call }
	res := fn.Signature.Results()
	if !slices.ContainsFunc(sites, isWrite) || res.Len() != 1 || !fix.IsError(res.At(0).Type()) || !fix.IsError(c.pass.TypesInfo.TypeOf(ret.Results[0])) {
		return nil
	}
	return ret
}

// A wrap is the transaction the fix opens around the writes: how it
// begins and ends (h, on the handle recv, with the context ctx), where
// (before first, committed after after), what replaces the handle
// (sites), and how a failed Begin or Commit is handled.
type wrap struct {
	h           catalog.TxWrap
	recv, ctx   string
	sites       []site
	first       ast.Stmt
	after       ast.Stmt
	fail        failure
	lastChecked string // the check of the last write's error, put before the Commit; "" for none
	// returned is the statement that returns the last write's error,
	// which the fix makes the return of the Commit's (returnedEdits).
	returned *ast.ReturnStmt
}

// wrapOf decides whether the writes can run in one transaction, and
// how: the conditions of wrapFix.
func (c *checker) wrapOf(fn *ssa.Function, file *ast.File, writes []*effects.Stmt) (wrap, bool) {
	sites, block, recv, ok := c.sitesOf(fn, file, writes)
	if !ok {
		return wrap{}, false
	}
	h, ok := catalog.TxWrapOf(c.pass.TypesInfo.TypeOf(sites[0].handle))
	if !ok || !c.txFits(h, sites) {
		return wrap{}, false
	}
	first, last := span(block, sites)
	if fix.DeclaredAround(c.pass.Pkg, first.Pos(), "tx") || fix.DeclaredAround(c.pass.Pkg, first.Pos(), "txErr") {
		return wrap{}, false
	}
	w := wrap{h: h, recv: recv, sites: sites, first: first}
	if h.Ctx {
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
	if _, isReturn := last.(*ast.ReturnStmt); isReturn {
		if w.returned = c.returnedWrite(fn, last, sites); w.returned == nil {
			return wrap{}, false // a return that is more than the write's error
		}
		// What runs before the returned write must be wrappable; the
		// write ends the operation.
		i := slices.Index(block.List, last)
		if i < 1 || block.List[i-1].Pos() < first.Pos() {
			return wrap{}, false
		}
		w.after = block.List[i-1]
	}
	if !c.wrappable(block, first, w.after) {
		return wrap{}, false
	}
	if w.fail, ok = c.failure(fn, block, first, w.after); !ok {
		return wrap{}, false
	}
	if w.after == last && w.returned == nil {
		// "_, err := tx.Exec(...)" then "return err": the last write's
		// error is checked (and returned as before) ahead of the Commit.
		if w.lastChecked, ok = c.returnedErrCheck(file, block, last); !ok {
			return wrap{}, false
		}
	}
	return w, true
}

// beginText renders the Begin of the transaction, the check of its
// error and the deferred Rollback. The error is txErr, not err: the
// function may declare err with := later on. A copied handling of the
// first write's error reads it under its own name, bound to txErr.
func (w wrap) beginText() string {
	begin := fix.DefineStmt(render(w.h.Begin, w.recv, w.ctx), "tx", "txErr")
	init, errName := "", "txErr"
	switch {
	case w.h.Single: // the failure to begin is in the transaction's Error
		begin = fix.DefineStmt(render(w.h.Begin, w.recv, w.ctx), "tx")
		if errName = w.fail.name; errName == "" {
			errName = "txErr"
		}
		init = fix.DefineStmt("tx.Error", errName)
	case w.fail.name != "":
		init, errName = fix.DefineStmt("txErr", w.fail.name), w.fail.name
	}
	return fix.Stmts(
		begin,
		fix.IfStmt(init, fix.NotNil(errName), fix.Block(w.fail.body(errName)...)),
		"defer "+render(w.h.Rollback, w.recv, w.ctx),
	)
}

// commitText renders the Commit and the handling of its failure, after
// the check of the last write's error where one is added.
func (w wrap) commitText() string {
	errName := w.fail.name
	if errName == "" {
		errName = "err"
	}
	commit := fix.IfStmt(fix.DefineStmt(render(w.h.Commit, w.recv, w.ctx), errName), fix.NotNil(errName), fix.Block(w.fail.body(errName)...))
	if w.lastChecked == "" {
		return commit
	}
	return fix.Stmts(w.lastChecked, commit)
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
		if catalog.IsResponder(c.pass.TypesInfo.TypeOf(e)) {
			return true
		}
	}
	return false
}
