package fix

import (
	"go/ast"
	"testing"
)

func TestStmtIn(t *testing.T) {
	tc := typeCheck(t, `package p

func g() error { return nil }

func f(x int) {
	if err := g(); err != nil {
		_ = g()
	}
	switch x {
	case 1:
		g()
	}
}
`)
	body := tc.fn(t, "f").Body
	ifs := body.List[0].(*ast.IfStmt)
	initCall := ifs.Init.(*ast.AssignStmt).Rhs[0]
	innerCall := ifs.Body.List[0].(*ast.AssignStmt).Rhs[0]
	caseCall := body.List[1].(*ast.SwitchStmt).Body.List[0].(*ast.CaseClause).Body[0].(*ast.ExprStmt).X
	for _, c := range []struct {
		name  string
		n     ast.Node
		stmt  ast.Stmt
		block *ast.BlockStmt
		index int
	}{
		{"the call in an if's init is in the if", initCall, ifs, body, 0},
		{"the call in the if's body", innerCall, ifs.Body.List[0], ifs.Body, 0},
		{"a statement is in itself", body.List[1], body.List[1], body, 1},
	} {
		stmt, block, index, ok := StmtIn(tc.file, c.n)
		if !ok || stmt != c.stmt || block != c.block || index != c.index {
			t.Errorf("%s: StmtIn = %T, %d, %v", c.name, stmt, index, ok)
		}
	}
	// A case clause's statements are in no block's list; the clause
	// itself is, in the switch's body.
	sw := body.List[1].(*ast.SwitchStmt)
	if stmt, block, index, ok := StmtIn(tc.file, caseCall); !ok || stmt != sw.Body.List[0] || block != sw.Body || index != 0 {
		t.Errorf("StmtIn(call in a case) = %T, %d, %v; want the case clause", stmt, index, ok)
	}
}
