package keytx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
)

// answer recognises how the code acts on the check's answer, from the
// statement that runs the Scan on.
func (c *checker) answer(ck *checkStatement) bool {
	i := slices.Index(ck.block.List, ck.scan)
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
	return ok && len(fix.Uses(c.pass.TypesInfo, ck.fnBody, ck.scanned)) == uses
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
		if !ok || is.Init != nil || !fix.IsNilTest(c.pass.TypesInfo, is.Cond, errObj, token.EQL) {
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
	return !fix.ReadAfter(c.pass.TypesInfo, ck.fnBody, ck.block, ck.last, errObj)
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
	case fix.IsNilTest(c.pass.TypesInfo, s.Cond, errObj, token.EQL):
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

// isFound reports whether e tests the scanned value for "the key is
// there": n, n > 0, n != 0, n >= 1, n == 1 (and mirrored).
func (c *checker) isFound(e ast.Expr, v types.Object) bool {
	e = ast.Unparen(e)
	if fix.Refers(c.pass.TypesInfo, e, v) {
		return types.Identical(v.Type().Underlying(), types.Typ[types.Bool])
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, y, op := b.X, b.Y, b.Op
	if fix.Refers(c.pass.TypesInfo, y, v) {
		x, y, op = y, x, mirrored[op] // 0 < n reads as n > 0
	}
	if !fix.Refers(c.pass.TypesInfo, x, v) {
		return false
	}
	lit, _ := ast.Unparen(y).(*ast.BasicLit)
	if lit == nil || lit.Kind != token.INT {
		return false
	}
	switch op {
	case token.GTR, token.NEQ:
		return lit.Value == "0"
	case token.GEQ, token.EQL:
		return lit.Value == "1"
	}
	return false
}

// mirrored is the comparison that says the same with its operands
// swapped.
var mirrored = map[token.Token]token.Token{
	token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ,
	token.EQL: token.EQL, token.NEQ: token.NEQ,
}

// isFailedOrFound reports whether e is "err != nil || <found>".
func (c *checker) isFailedOrFound(e ast.Expr, errObj, v types.Object) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && b.Op == token.LOR && fix.IsNilTest(c.pass.TypesInfo, b.X, errObj, token.NEQ) && c.isFound(b.Y, v)
}

// isOtherError reports whether e tests for an error other than a missing
// row where err is known not to be nil (after "if err == nil"):
// !errors.Is(err, sql.ErrNoRows), err != sql.ErrNoRows, or either after
// err != nil.
func (c *checker) isOtherError(e ast.Expr, errObj types.Object) bool {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.LAND && fix.IsNilTest(c.pass.TypesInfo, b.X, errObj, token.NEQ) {
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
		return fix.IsNilTest(c.pass.TypesInfo, b.X, errObj, token.NEQ) && c.isNotNoRows(ast.Unparen(b.Y), errObj)
	}
	return fix.IsNilTest(c.pass.TypesInfo, e, errObj, token.NEQ)
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
		return fix.CallsFunc(c.pass.TypesInfo, call, "errors", "Is") &&
			fix.Refers(c.pass.TypesInfo, call.Args[0], errObj) && c.isErrNoRows(call.Args[1])
	case *ast.BinaryExpr:
		return e.Op == token.NEQ && fix.Refers(c.pass.TypesInfo, e.X, errObj) && c.isErrNoRows(e.Y)
	}
	return false
}

// isErrNoRows reports whether e names a driver's ErrNoRows.
func (c *checker) isErrNoRows(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	return catalog.IsErrNoRows(c.pass.TypesInfo.Uses[sel.Sel])
}
