package keytx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
)

// A checkStatement is the Go code of a check-then-act's check, in one of
// the shapes the claim can replace exactly: a QueryRow whose Scan fills a
// local variable or reports a missing row, and the if statements right
// after it that act on the answer.
//
//	var n int                                     // decl
//	err := db.QueryRowContext(ctx, q, key).Scan(&n)
//	if err != nil { return err }                  // onErr
//	if n > 0 { return nil }                       // seen
//
// The Scan runs in an expression statement, an assignment to the error
// variable, or the init of an if statement; the row may come from a
// "row := db.QueryRow(...)" just before. The answer is the scanned value
// (a count, a constant, true) tested for found, or the error tested for
// nil, with ErrNoRows told apart from other errors or not.
type checkStatement struct {
	file        *ast.File
	block       *ast.BlockStmt
	first, last int // the statements of the check: block.List[first..last]

	errName   string // the error variable; "err" when the check has none
	errDecl   bool   // the check declares it in the block: err := ....Scan(&n)
	errAssign bool   // the check assigns it, declared in the block: err = ....Scan(&n)

	byValue bool           // the answer is the scanned value, not the error
	onErr   *ast.BlockStmt // what runs when the check fails; nil: return the error
	seen    *ast.BlockStmt // what runs when the key is there
	both    bool           // one body for both: if err != nil || n > 0 { return err }

	scan      ast.Stmt     // the statement that runs the Scan
	scanned   types.Object // what Scan fills
	decl      ast.Stmt     // its declaration, which goes with the check
	declBlock *ast.BlockStmt
	declIndex int
	freed     []types.Object // variables that go with the check: their names are free

	fnType *ast.FuncType // the function around the check
	fnBody *ast.BlockStmt
	sig    *types.Signature
}

// region returns the statements that the claim replaces: the check, and
// the declaration of the scanned variable when it comes right before.
func (ck *checkStatement) region() (int, int) {
	if ck.declInRegion() {
		return ck.declIndex, ck.last
	}
	return ck.first, ck.last
}

func (ck *checkStatement) declInRegion() bool {
	return ck.decl != nil && ck.declBlock == ck.block && ck.declIndex == ck.first-1
}

// checkAt recognises the check around a QueryRow call, or returns nil.
func (c *checker) checkAt(file *ast.File, query *ast.CallExpr) *checkStatement {
	path, _ := astutil.PathEnclosingInterval(file, query.Pos(), query.End())
	if len(path) < 3 || path[0] != query {
		return nil
	}
	ck := &checkStatement{file: file, errName: "err"}
	if !c.enclosingFunc(ck, path) {
		return nil
	}
	scan, ok := c.scanOfRow(ck, path)
	if !ok {
		scan, ok = c.scanOfCall(ck, path)
	}
	if !ok || !c.scannedVar(ck, scan) || !c.answer(ck) {
		return nil
	}
	return ck
}

// scanOfRow finds the Scan of "row := db.QueryRow(...)" in the statement
// right after, when it is the row's only use.
func (c *checker) scanOfRow(ck *checkStatement, path []ast.Node) (*ast.CallExpr, bool) {
	as, ok := path[1].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, false
	}
	block, ok := path[2].(*ast.BlockStmt)
	id, ok2 := as.Lhs[0].(*ast.Ident)
	if !ok || !ok2 {
		return nil, false
	}
	row := c.pass.TypesInfo.Defs[id]
	i := indexOf(block.List, as)
	if row == nil || i < 0 || i+1 >= len(block.List) || len(c.uses(ck.fnBody, row)) != 1 {
		return nil, false
	}
	scan := scanIn(block.List[i+1])
	if scan == nil || !c.isScanOf(scan, row) {
		return nil, false
	}
	ck.block, ck.first, ck.scan = block, i, block.List[i+1]
	ck.freed = append(ck.freed, row)
	return scan, true
}

// scanOfCall finds the Scan called on the QueryRow's result, in the
// statement that runs it.
func (c *checker) scanOfCall(ck *checkStatement, path []ast.Node) (*ast.CallExpr, bool) {
	sel, ok := path[1].(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Scan" {
		return nil, false
	}
	scan, ok := path[2].(*ast.CallExpr)
	if !ok || scan.Fun != sel {
		return nil, false
	}
	var s1 ast.Stmt
	for i, n := range path[3:] {
		if s, ok := n.(ast.Stmt); ok {
			if is, ok := path[3+i+1].(*ast.IfStmt); ok && is.Init == s {
				s = is // if err := ....Scan(&n); ...
			}
			s1 = s
			break
		}
	}
	if s1 == nil || scanIn(s1) != scan {
		return nil, false
	}
	block, ok := path[indexNode(path, s1)+1].(*ast.BlockStmt)
	if !ok {
		return nil, false
	}
	ck.block, ck.first, ck.scan = block, indexOf(block.List, s1), s1
	return scan, true
}

// enclosingFunc records the innermost function around the check.
func (c *checker) enclosingFunc(ck *checkStatement, path []ast.Node) bool {
	for _, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			ck.fnType, ck.fnBody = f.Type, f.Body
			sig, ok := c.pass.TypesInfo.TypeOf(f).(*types.Signature)
			ck.sig = sig
			return ok
		case *ast.FuncDecl:
			ck.fnType, ck.fnBody = f.Type, f.Body
			fn, ok := c.pass.TypesInfo.Defs[f.Name].(*types.Func)
			if ok {
				ck.sig = fn.Type().(*types.Signature)
			}
			return ok && f.Body != nil
		}
	}
	return false
}

func indexNode(path []ast.Node, n ast.Node) int {
	for i, p := range path {
		if p == n {
			return i
		}
	}
	return -1
}

// scanIn returns the Scan call a statement runs: the statement itself, the
// right-hand side of an assignment, or the init of an if statement.
func scanIn(s ast.Stmt) *ast.CallExpr {
	if is, ok := s.(*ast.IfStmt); ok {
		s = is.Init
	}
	var e ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			e = s.Rhs[0]
		}
	}
	call, _ := e.(*ast.CallExpr)
	return call
}

// isScanOf reports whether call is row.Scan(...).
func (c *checker) isScanOf(call *ast.CallExpr, row types.Object) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Scan" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == row
}

// scannedVar records the local variable that Scan fills, and its
// declaration: "var n int", or "n := 0" on its own.
func (c *checker) scannedVar(ck *checkStatement, scan *ast.CallExpr) bool {
	if len(scan.Args) != 1 {
		return false
	}
	addr, ok := scan.Args[0].(*ast.UnaryExpr)
	if !ok || addr.Op != token.AND {
		return false
	}
	id, ok := addr.X.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pos() < ck.fnBody.Pos() || v.Pos() > ck.fnBody.End() {
		return false // a parameter, or a variable of an enclosing function
	}
	ck.scanned = v
	ck.freed = append(ck.freed, v)
	var found bool
	ast.Inspect(ck.fnBody, func(n ast.Node) bool {
		block, ok := n.(*ast.BlockStmt)
		if !ok || found {
			return !found
		}
		for i, s := range block.List {
			if declares(s, v, c.pass.TypesInfo) {
				ck.decl, ck.declBlock, ck.declIndex, found = s, block, i, true
			}
		}
		return true
	})
	return found
}

// declares reports whether s declares v alone, with no value or a
// constant one, so that deleting s deletes only v.
func declares(s ast.Stmt, v types.Object, info *types.Info) bool {
	switch s := s.(type) {
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return false
		}
		vs := gd.Specs[0].(*ast.ValueSpec)
		return len(vs.Names) == 1 && info.Defs[vs.Names[0]] == v && (len(vs.Values) == 0 || isConstant(vs.Values[0], info))
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return false
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		return ok && info.Defs[id] == v && isConstant(s.Rhs[0], info)
	}
	return false
}

func isConstant(e ast.Expr, info *types.Info) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}

// answer recognises how the code acts on the check's answer, from the
// statement that runs the Scan on.
func (c *checker) answer(ck *checkStatement) bool {
	i := indexOf(ck.block.List, ck.scan)
	if i < 0 {
		return false
	}
	ok := false
	switch s := ck.scan.(type) {
	case *ast.ExprStmt:
		ok = c.answerAfterScan(ck, i)
	case *ast.AssignStmt:
		ok = c.answerAfterErr(ck, s, i)
	case *ast.IfStmt:
		ok = c.answerInIf(ck, s, i)
	}
	uses := 1 // Scan's
	if ck.byValue {
		uses++ // the test of found
	}
	// Any other use (a stored response the code returns) needs the SELECT.
	return ok && len(c.uses(ck.fnBody, ck.scanned)) == uses
}

// ifAt returns block.List[j] if it is an if statement without init or
// else.
func ifAt(list []ast.Stmt, j int) *ast.IfStmt {
	if j >= len(list) {
		return nil
	}
	is, ok := list[j].(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil {
		return nil
	}
	return is
}

// answerAfterScan recognises a Scan whose error is ignored:
//
//	db.QueryRow(...).Scan(&n)
//	if n > 0 { ... }
func (c *checker) answerAfterScan(ck *checkStatement, i int) bool {
	is := ifAt(ck.block.List, i+1)
	if is == nil || !c.isFound(is.Cond, ck.scanned) {
		return false
	}
	ck.byValue, ck.seen, ck.last = true, is.Body, i+1
	return true
}

// answerAfterErr recognises a Scan whose error a variable of the block
// holds:
//
//	err := db.QueryRow(...).Scan(&n)
//	if err != nil { ... }
//	if n > 0 { ... }
//
//	err := db.QueryRow(...).Scan(&x)
//	if err == nil { ... } [else] if !errors.Is(err, sql.ErrNoRows) { ... }
func (c *checker) answerAfterErr(ck *checkStatement, s *ast.AssignStmt, i int) bool {
	info, list := c.pass.TypesInfo, ck.block.List
	id, ok := s.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" {
		return false
	}
	errObj := info.ObjectOf(id)
	ck.errName = id.Name
	switch {
	case s.Tok == token.DEFINE && info.Defs[id] != nil:
		ck.errDecl = true
	case c.declaredIn(errObj, ck):
		ck.errAssign = true
	default:
		return false // the claim's "res, err :=" would declare another
	}
	if isResult(errObj, ck.sig) {
		return false // a bare return reads it
	}
	if is := ifAt(list, i+1); is != nil && c.isFailure(is.Cond, errObj) {
		found := ifAt(list, i+2)
		if found == nil || !c.isFound(found.Cond, ck.scanned) {
			return false
		}
		ck.byValue, ck.onErr, ck.seen, ck.last = true, is.Body, found.Body, i+2
	} else {
		if i+1 >= len(list) {
			return false
		}
		is, ok := list[i+1].(*ast.IfStmt)
		if !ok || is.Init != nil || !c.isNilTest(is.Cond, errObj, token.EQL) {
			return false
		}
		ck.seen, ck.last = is.Body, i+1
		if is.Else != nil {
			if !c.otherErrors(ck, is, errObj) {
				return false
			}
		} else if other := ifAt(list, i+2); other != nil && c.isOtherError(other.Cond, errObj) {
			ck.onErr, ck.last = other.Body, i+2
		}
	}
	// After the check the variable may hold ErrNoRows; after the claim,
	// nil.
	return !c.readAfterStmt(ck.fnBody, ck.block, ck.last, errObj)
}

// answerInIf recognises a Scan in the init of an if statement:
//
//	if err := db.QueryRow(...).Scan(&n); err != nil { ... }
//	if n > 0 { ... }
//
//	if err := db.QueryRow(...).Scan(&x); err == nil { ... } else if !errors.Is(err, sql.ErrNoRows) { ... }
//
//	if err := db.QueryRow(...).Scan(&n); err != nil || n > 0 { ... }
func (c *checker) answerInIf(ck *checkStatement, s *ast.IfStmt, i int) bool {
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	errObj := c.pass.TypesInfo.Defs[id]
	if !ok || errObj == nil {
		return false
	}
	ck.errName, ck.last = id.Name, i
	switch {
	case c.isFailure(s.Cond, errObj) && s.Else == nil:
		found := ifAt(ck.block.List, i+1)
		if found == nil || !c.isFound(found.Cond, ck.scanned) {
			return false
		}
		ck.byValue, ck.onErr, ck.seen, ck.last = true, s.Body, found.Body, i+1
	case c.isNilTest(s.Cond, errObj, token.EQL):
		ck.seen = s.Body
		return s.Else == nil || c.otherErrors(ck, s, errObj)
	case s.Else == nil && c.isFailedOrFound(s.Cond, errObj, ck.scanned):
		ck.byValue, ck.both, ck.seen, ck.onErr = true, true, s.Body, s.Body
	default:
		return false
	}
	return true
}

// otherErrors records the else branch of "if err == nil { ... }" that
// handles the errors other than a missing row.
func (c *checker) otherErrors(ck *checkStatement, is *ast.IfStmt, errObj types.Object) bool {
	other, ok := is.Else.(*ast.IfStmt)
	if !ok || other.Init != nil || other.Else != nil || !c.isOtherError(other.Cond, errObj) {
		return false
	}
	ck.onErr = other.Body
	return true
}

// uses returns the identifiers in node that refer to obj.
func (c *checker) uses(node ast.Node, obj types.Object) []*ast.Ident {
	var out []*ast.Ident
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			out = append(out, id)
		}
		return true
	})
	return out
}

// readAfterStmt reports whether v may be read after block.List[i] before
// a later statement of the block assigns it.
func (c *checker) readAfterStmt(body, block *ast.BlockStmt, i int, v types.Object) bool {
	from, until := block.List[i].End(), body.End()
	var reassign *ast.AssignStmt
	for _, s := range block.List[i+1:] {
		if as, ok := s.(*ast.AssignStmt); ok && c.assigns(as, v) {
			reassign, until = as, as.Rhs[len(as.Rhs)-1].End()
			break
		}
	}
	for _, id := range c.uses(body, v) {
		if id.Pos() > from && id.Pos() < until && (reassign == nil || !slices.Contains(reassign.Lhs, ast.Expr(id))) {
			return true
		}
	}
	return false
}

// assigns reports whether as assigns v.
func (c *checker) assigns(as *ast.AssignStmt, v types.Object) bool {
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
			return true
		}
	}
	return false
}

// declaredIn reports whether obj is declared in the check's block, so
// that "res, err :=" there assigns it rather than declaring another.
func (c *checker) declaredIn(obj types.Object, ck *checkStatement) bool {
	if obj == nil {
		return false
	}
	s := c.pass.TypesInfo.Scopes[ck.block]
	if ck.block == ck.fnBody {
		if fs := c.pass.TypesInfo.Scopes[ck.fnType]; fs != nil {
			s = fs
		}
	}
	return s != nil && obj.Parent() == s
}

func isResult(obj types.Object, sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if sig.Results().At(i) == obj {
			return true
		}
	}
	return false
}

// mentions reports whether node refers to an identifier named name.
func mentions(node ast.Node, name string) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// isNilTest reports whether e is "v op nil" (or "nil op v").
func (c *checker) isNilTest(e ast.Expr, v types.Object, op token.Token) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != op || v == nil {
		return false
	}
	return c.is(b.X, v) && c.isNil(b.Y) || c.isNil(b.X) && c.is(b.Y, v)
}

func (c *checker) is(e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == v
}

func (c *checker) isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	_, isNil := c.pass.TypesInfo.Uses[id].(*types.Nil)
	return ok && isNil
}

// isFound reports whether e tests the scanned value for "the key is
// there": n, n > 0, n != 0, n >= 1, n == 1 (and mirrored).
func (c *checker) isFound(e ast.Expr, v types.Object) bool {
	e = ast.Unparen(e)
	if c.is(e, v) {
		return types.Identical(v.Type().Underlying(), types.Typ[types.Bool])
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	lit := func(x ast.Expr) string {
		if l, ok := ast.Unparen(x).(*ast.BasicLit); ok && l.Kind == token.INT {
			return l.Value
		}
		return ""
	}
	if c.is(b.X, v) {
		switch l := lit(b.Y); b.Op {
		case token.GTR, token.NEQ:
			return l == "0"
		case token.GEQ, token.EQL:
			return l == "1"
		}
	}
	if c.is(b.Y, v) {
		switch l := lit(b.X); b.Op {
		case token.LSS, token.NEQ:
			return l == "0"
		case token.LEQ, token.EQL:
			return l == "1"
		}
	}
	return false
}

// isFailedOrFound reports whether e is "err != nil || <found>".
func (c *checker) isFailedOrFound(e ast.Expr, errObj, v types.Object) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && b.Op == token.LOR && c.isNilTest(b.X, errObj, token.NEQ) && c.isFound(b.Y, v)
}

// isOtherError reports whether e tests for an error other than a missing
// row where err is known not to be nil (after "if err == nil"):
// !errors.Is(err, sql.ErrNoRows), err != sql.ErrNoRows, or either after
// err != nil.
func (c *checker) isOtherError(e ast.Expr, errObj types.Object) bool {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.LAND && c.isNilTest(b.X, errObj, token.NEQ) {
		e = ast.Unparen(b.Y)
	}
	return c.isNotNoRows(e, errObj)
}

// isFailure reports whether e tests for a failed check: err != nil,
// optionally followed by && !errors.Is(err, sql.ErrNoRows) (a missing
// row being an answer): the claim, which returns no ErrNoRows, fails
// exactly when err != nil.
func (c *checker) isFailure(e ast.Expr, errObj types.Object) bool {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return c.isNilTest(b.X, errObj, token.NEQ) && c.isNotNoRows(ast.Unparen(b.Y), errObj)
	}
	return c.isNilTest(e, errObj, token.NEQ)
}

// isNotNoRows reports whether e is !errors.Is(err, sql.ErrNoRows) or
// err != sql.ErrNoRows.
func (c *checker) isNotNoRows(e ast.Expr, errObj types.Object) bool {
	switch e := e.(type) {
	case *ast.UnaryExpr:
		call, ok := ast.Unparen(e.X).(*ast.CallExpr)
		if e.Op != token.NOT || !ok || len(call.Args) != 2 {
			return false
		}
		fn, ok := calleeOf(c.pass.TypesInfo, call).(*types.Func)
		return ok && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" &&
			c.is(call.Args[0], errObj) && c.isErrNoRows(call.Args[1])
	case *ast.BinaryExpr:
		return e.Op == token.NEQ && c.is(e.X, errObj) && c.isErrNoRows(e.Y)
	}
	return false
}

// calleeOf returns the object a call's function names, if any.
func calleeOf(info *types.Info, call *ast.CallExpr) types.Object {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return info.Uses[f]
	case *ast.SelectorExpr:
		return info.Uses[f.Sel]
	}
	return nil
}

// isErrNoRows reports whether e names a driver's ErrNoRows.
func (c *checker) isErrNoRows(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	return catalog.IsErrNoRows(c.pass.TypesInfo.Uses[sel.Sel])
}

// claimCode writes the Go code of the claim, at indentation zero: call
// runs the INSERT, and its rows affected (or error) choose between the
// check's own bodies.
func (c *checker) claimCode(file *ast.File, ck *checkStatement, flavor, call string, flat bool) (string, bool) {
	if !flat && mentions(ck.seen, ck.errName) && (ck.seen.Pos() < ck.scan.Pos() || ck.seen.End() > ck.scan.End()) {
		return "", false // the claim's error variable would hide the one the body reads
	}
	seen, ok := fix.Print(c.pass.Fset, file, ck.seen)
	if !ok {
		return "", false
	}
	onErr, again := seen, seen
	if !ck.both {
		if onErr, ok = c.onErrCode(file, ck); !ok {
			return "", false
		}
		if again, ok = c.onErrCode(nil, ck); !ok {
			return "", false
		}
	} else if again, ok = fix.Print(c.pass.Fset, nil, ck.seen); !ok {
		return "", false
	}
	e := ck.errName
	taken := c.namesIn(ck)
	if flavor == "pgx" {
		tag := fresh(taken, "tag", "ct", "cmdTag")
		switch {
		case ck.both:
			return "if " + tag + ", " + e + " := " + call + "; " + e + " != nil || " + tag + ".RowsAffected() == 0 " + seen, true
		case flat:
			return tag + ", " + e + " := " + call + "\nif " + e + " != nil " + onErr + "\nif " + tag + ".RowsAffected() == 0 " + seen, true
		}
		return "if " + tag + ", " + e + " := " + call + "; " + e + " != nil " + onErr + " else if " + tag + ".RowsAffected() == 0 " + seen, true
	}
	res := fresh(taken, "res", "result", "execResult")
	n := fresh(taken, "n", "affected", "rowsAffected")
	rows := "if " + n + ", " + e + " := " + res + ".RowsAffected(); " + e + " != nil " + again + " else if " + n + " == 0 " + seen
	switch {
	case ck.both:
		return "if " + res + ", " + e + " := " + call + "; " + e + " != nil " + onErr + " else if " + n + ", " + e + " := " + res + ".RowsAffected(); " + e + " != nil || " + n + " == 0 " + again, true
	case flat:
		return res + ", " + e + " := " + call + "\nif " + e + " != nil " + onErr + "\n" + rows, true
	}
	return "if " + res + ", " + e + " := " + call + "; " + e + " != nil " + onErr + " else " + rows, true
}

// onErrCode returns the body that handles a failed claim: the check's
// own (with the comments of file in it), or a return of the error with
// zero values for the other results.
func (c *checker) onErrCode(file *ast.File, ck *checkStatement) (string, bool) {
	if ck.onErr != nil {
		return fix.Print(c.pass.Fset, file, ck.onErr)
	}
	res := ck.sig.Results()
	if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	vals := make([]string, res.Len())
	for i := 0; i < res.Len()-1; i++ {
		z, ok := c.zero(ck.file, res.At(i).Type())
		if !ok {
			return "", false
		}
		vals[i] = z
	}
	vals[res.Len()-1] = ck.errName
	return "{\n\treturn " + strings.Join(vals, ", ") + "\n}", true
}

// zero writes the zero value of t, as the file can name it.
func (c *checker) zero(file *ast.File, t types.Type) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		ok := true
		s := types.TypeString(t, func(p *types.Package) string {
			if p == c.pass.Pkg {
				return ""
			}
			name := fix.ImportName(c.pass.Pkg, file, p.Path())
			ok = ok && name != "" && name != "_" && name != "."
			return name
		})
		return s + "{}", ok
	}
	return "", false
}

// namesIn returns the names the function already uses, but for those of
// the variables that go away with the check.
func (c *checker) namesIn(ck *checkStatement) map[string]bool {
	taken := map[string]bool{}
	freed := map[types.Object]bool{}
	for _, o := range ck.freed {
		freed[o] = true
	}
	for _, node := range []ast.Node{ck.fnType, ck.fnBody} {
		ast.Inspect(node, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !freed[c.pass.TypesInfo.ObjectOf(id)] {
				taken[id.Name] = true
			}
			return true
		})
	}
	return taken
}

// fresh returns the first name not taken, numbering the first if need be.
func fresh(taken map[string]bool, names ...string) string {
	for _, n := range names {
		if !taken[n] {
			return n
		}
	}
	for i := 2; ; i++ {
		if n := names[0] + strconv.Itoa(i); !taken[n] {
			return n
		}
	}
}
