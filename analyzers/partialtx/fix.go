package partialtx

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
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
	var sites []site
	var block *ast.BlockStmt
	var recv string
	for _, w := range writes {
		s, ok := c.siteOf(fn, file, w, writes)
		if !ok {
			return nil
		}
		var b bytes.Buffer
		format.Node(&b, c.pass.Fset, s.handle)
		if recv != "" && b.String() != recv {
			return nil // several handles
		}
		recv = b.String()
		if block != nil && s.block != block {
			return nil
		}
		block = s.block
		sites = append(sites, s)
	}
	h, ok := catalog.TxWrapOf(c.pass.TypesInfo.TypeOf(sites[0].handle))
	if !ok || !c.txFits(h, sites) {
		return nil
	}
	first, last := span(block, sites)
	if c.scopeHas(first.Pos(), "tx") || c.scopeHas(first.Pos(), "txErr") {
		return nil
	}
	ctx := ""
	if h.Ctx {
		if ctx = c.contextArg(sites[0].call, first.Pos()); ctx == "" {
			return nil
		}
	}
	var span []ssa.Instruction
	for _, s := range sites {
		span = append(span, s.instrs...)
	}
	if effects.ExternalBetween(c.res.Env.Catalog, span, span) {
		return nil // never hold a transaction across an external call
	}
	after := afterErrCheck(c.pass.TypesInfo, block, last)
	if !c.wrappable(block, first, after) {
		return nil
	}
	indent := fix.LineIndent(c.pass.Fset, file, first.Pos())
	fail, ok := c.failure(fn, block, first, after, indent)
	if !ok {
		return nil
	}
	// txErr, not err: the function may declare err with := later on.
	check, name := "txErr != nil", "txErr"
	if fail.name != "" {
		check, name = fail.name+" := txErr; "+fail.name+" != nil", fail.name
	}
	begin := fmt.Sprintf("tx, txErr := "+h.Begin+"\n%[3]sif %[4]s {\n%[3]s\t%[5]s\n%[3]s}\n%[3]sdefer "+h.Rollback+"\n%[3]s",
		recv, ctx, indent, check, fail.body(name))
	if fail.name == "" {
		fail.name = "err"
	}
	edits := []analysis.TextEdit{{Pos: first.Pos(), End: first.Pos(), NewText: []byte(begin)}}
	edited := map[token.Pos]bool{}
	for _, s := range sites {
		if !edited[s.handle.Pos()] { // two writes of one helper call
			edited[s.handle.Pos()] = true
			edits = append(edits, analysis.TextEdit{Pos: s.handle.Pos(), End: s.handle.End(), NewText: []byte("tx")})
		}
	}
	commit := fmt.Sprintf("\n%[1]sif %[4]s := "+strings.ReplaceAll(h.Commit, "%[2]s", "%[3]s")+"; %[4]s != nil {\n%[1]s\t%[2]s\n%[1]s}", indent, fail.body(fail.name), ctx, fail.name)
	if after == last {
		// "_, err := tx.Exec(...)" then "return err": the last write's
		// error is checked (and returned as before) ahead of the Commit.
		check, ok := c.returnedErrCheck(file, block, last, indent)
		if !ok {
			return nil
		}
		commit = check + commit
	}
	edits = append(edits, analysis.TextEdit{Pos: after.End(), End: after.End(), NewText: []byte(commit)})
	return &analysis.SuggestedFix{Message: "Run the writes in one transaction", TextEdits: edits}
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
// and the block; nil for a return, after which the commit could not go.
func enclosingStmt(file *ast.File, call *ast.CallExpr) (ast.Stmt, *ast.BlockStmt) {
	stmt, blk, _, ok := fix.StmtIn(file, call)
	if _, isReturn := stmt.(*ast.ReturnStmt); !ok || isReturn {
		return nil, nil
	}
	return stmt, blk
}

// afterErrCheck returns the statement after which to commit: the last
// write's statement, or the check of its error that follows it.
func afterErrCheck(info *types.Info, block *ast.BlockStmt, last ast.Stmt) ast.Stmt {
	if _, ifs := fix.ErrCheck(info, block, last); ifs != nil {
		return ifs
	}
	return last
}

// contextArg returns the text of the call's context.Context argument,
// when it means the same at pos, where the transaction begins.
func (c *checker) contextArg(call *ast.CallExpr, pos token.Pos) string {
	for _, a := range call.Args {
		if catalog.TypeKey(c.pass.TypesInfo.TypeOf(a)) == "context.Context" {
			if !fix.SameAt(c.pass.TypesInfo, c.pass.Pkg, a, pos, nil) {
				return ""
			}
			var b bytes.Buffer
			format.Node(&b, c.pass.Fset, a)
			return b.String()
		}
	}
	return ""
}

// scopeHas reports whether name is declared in a scope enclosing pos.
func (c *checker) scopeHas(pos token.Pos, name string) bool {
	for s := c.pass.Pkg.Scope().Innermost(pos); s != nil && s != c.pass.Pkg.Scope(); s = s.Parent() {
		if s.Lookup(name) != nil {
			return true
		}
	}
	return false
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

// returnedErrCheck returns the check to put before the Commit when the
// last write's error is returned by the statement after it ("_, err :=
// tx.Exec(...)" then "return err"): "if err != nil { return err }". ok
// is false when that return cannot be copied; the check is empty when
// there is nothing to add.
func (c *checker) returnedErrCheck(file *ast.File, block *ast.BlockStmt, last ast.Stmt, indent string) (string, bool) {
	as, isAssign := last.(*ast.AssignStmt)
	i := slices.Index(block.List, last)
	if !isAssign || i+1 >= len(block.List) {
		return "", true
	}
	var errVar types.Object
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && types.Identical(c.pass.TypesInfo.TypeOf(id), types.Universe.Lookup("error").Type()) {
			errVar = c.pass.TypesInfo.ObjectOf(id)
		}
	}
	ret, isReturn := block.List[i+1].(*ast.ReturnStmt)
	if errVar == nil || !isReturn {
		return "", true
	}
	uses := false
	ast.Inspect(ret, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == errVar {
			uses = true
		}
		return !uses
	})
	if !uses {
		return "", true
	}
	text, ok := fix.Print(c.pass.Fset, file, ret)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("\n%[1]sif %[2]s != nil {\n%[1]s\t%[3]s\n%[1]s}", indent, errVar.Name(), fix.Indent(text, indent+"\t")), true
}

// A failure is how the fix handles a failed Begin or Commit: body gives
// the statements to run when the error, named by its argument, is not
// nil. When name is set, the statements use that name, and the fix binds
// the error to it.
type failure struct {
	name string
	body func(err string) string
}

// failure returns how the function handles a failed write, so that a
// failed Begin or Commit is handled alike: when the function returns an
// error, by returning it (with zero values); otherwise by a copy of the
// statements that handle the error of the first write (in an HTTP
// handler, http.Error and return: a bare return would answer 200 to a
// failed commit), when they end in a return and every name in them means
// the same where they are copied to; by a bare return when the function
// returns nothing and ignores that error. ok is false otherwise.
func (c *checker) failure(fn *ssa.Function, block *ast.BlockStmt, first, after ast.Stmt, indent string) (failure, bool) {
	res := fn.Signature.Results()
	if res.Len() > 0 && types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		var parts []string
		for i := 0; i < res.Len()-1; i++ {
			z := zero(res.At(i).Type())
			if z == "" {
				return failure{}, false
			}
			parts = append(parts, z)
		}
		return failure{body: func(err string) string { return "return " + strings.Join(append(parts, err), ", ") }}, true
	}
	errVar, ifs := fix.ErrCheck(c.pass.TypesInfo, block, first)
	if ifs == nil {
		return failure{body: func(string) string { return "return" }}, res.Len() == 0
	}
	body := ifs.Body
	if !fix.EndsInReturn(body) {
		return failure{}, false
	}
	// The error is bound again by the fix; what the statements declare
	// comes with them.
	keep := func(obj types.Object) bool {
		return obj == errVar || obj.Pos() >= body.Pos() && obj.Pos() < body.End()
	}
	if !fix.SameAt(c.pass.TypesInfo, c.pass.Pkg, body, first.Pos(), keep) || !fix.SameAt(c.pass.TypesInfo, c.pass.Pkg, body, after.End(), keep) {
		return failure{}, false
	}
	var lines []string
	for _, st := range body.List {
		var b bytes.Buffer
		if err := format.Node(&b, c.pass.Fset, st); err != nil {
			return failure{}, false
		}
		lines = append(lines, strings.ReplaceAll(b.String(), "\n", "\n"+indent+"\t"))
	}
	text := strings.Join(lines, "\n"+indent+"\t")
	if rawNewline(body) {
		return failure{}, false // indenting the copy would change the string
	}
	return failure{name: errVar.Name(), body: func(string) string { return text }}, true
}

// rawNewline reports whether the statements hold a raw string literal
// that spans lines.
func rawNewline(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.HasPrefix(lit.Value, "`") && strings.Contains(lit.Value, "\n") {
			found = true
		}
		return !found
	})
	return found
}

// zero returns the zero value of t as Go source, or "" for types this
// fix does not spell.
func zero(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil"
	}
	return ""
}
