package keytx

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

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
	cur, ok := fix.CursorOf(file, query)
	if !ok {
		return nil
	}
	ck := &checkStatement{file: file, errName: "err"}
	if !c.enclosingFunc(ck, cur) {
		return nil
	}
	scan, ok := c.scanOfRow(ck, cur)
	if !ok {
		scan, ok = c.scanOfCall(ck, cur)
	}
	if !ok || !c.scannedVar(ck, scan) || !c.answer(ck) {
		return nil
	}
	return ck
}

// scanOfRow finds the Scan of "row := db.QueryRow(...)" in the statement
// right after, when it is the row's only use.
func (c *checker) scanOfRow(ck *checkStatement, query inspector.Cursor) (*ast.CallExpr, bool) {
	stmt := query.Parent()
	as, ok := stmt.Node().(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || stmt.ParentEdgeKind() != edge.BlockStmt_List {
		return nil, false
	}
	block := stmt.Parent().Node().(*ast.BlockStmt)
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, false
	}
	row := c.pass.TypesInfo.Defs[id]
	i := stmt.ParentEdgeIndex()
	if row == nil || i+1 >= len(block.List) || len(fix.Uses(c.pass.TypesInfo, ck.fnBody, row)) != 1 {
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
// statement that runs it: that of a block, or the init of an if of a
// block ("if err := ....Scan(&n); ...").
func (c *checker) scanOfCall(ck *checkStatement, query inspector.Cursor) (*ast.CallExpr, bool) {
	sel, ok := query.Parent().Node().(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Scan" {
		return nil, false
	}
	call := query.Parent().Parent()
	scan, ok := call.Node().(*ast.CallExpr)
	if !ok || scan.Fun != sel {
		return nil, false
	}
	stmt := call.Parent()
	for ; stmt.Node() != nil; stmt = stmt.Parent() {
		if _, ok := stmt.Node().(ast.Stmt); ok {
			break
		}
	}
	if stmt.Node() == nil {
		return nil, false
	}
	if stmt.ParentEdgeKind() == edge.IfStmt_Init {
		stmt = stmt.Parent()
	}
	s, ok := stmt.Node().(ast.Stmt)
	if !ok || scanIn(s) != scan || stmt.ParentEdgeKind() != edge.BlockStmt_List {
		return nil, false
	}
	ck.block, ck.first, ck.scan = stmt.Parent().Node().(*ast.BlockStmt), stmt.ParentEdgeIndex(), s
	return scan, true
}

// enclosingFunc records the innermost function around the check.
func (c *checker) enclosingFunc(ck *checkStatement, query inspector.Cursor) bool {
	for cur := range query.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch f := cur.Node().(type) {
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
			if fix.DeclaresOnly(c.pass.TypesInfo, s, v) {
				ck.decl, ck.declBlock, ck.declIndex, found = s, block, i, true
			}
		}
		return true
	})
	return found
}
