package fix

import (
	"go/ast"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// CursorOf returns the cursor of n in file, from which a fix reads what
// encloses n and where n stands in it (which statement of which block,
// the init of which if). The inspector is built for the one file: fixes
// are built only for findings, and read one file each.
func CursorOf(file *ast.File, n ast.Node) (inspector.Cursor, bool) {
	return inspector.New([]*ast.File{file}).Root().FindNode(n)
}

// ListStmt returns the cursor of the innermost statement around cur (cur
// itself included) that is an element of a block's statement list: for
// code in a case clause, the clause in the switch's body. ok is false
// when there is none (a package-level expression).
func ListStmt(cur inspector.Cursor) (inspector.Cursor, bool) {
	for c := cur; c.Node() != nil; c = c.Parent() {
		if _, ok := c.Node().(ast.Stmt); ok && c.ParentEdgeKind() == edge.BlockStmt_List {
			return c, true
		}
	}
	return inspector.Cursor{}, false
}

// StmtIn returns the statement of a block's list that holds n, the
// block, and the statement's index in it (see ListStmt).
func StmtIn(file *ast.File, n ast.Node) (stmt ast.Stmt, block *ast.BlockStmt, index int, ok bool) {
	cur, ok := CursorOf(file, n)
	if !ok {
		return nil, nil, 0, false
	}
	if cur, ok = ListStmt(cur); !ok {
		return nil, nil, 0, false
	}
	return cur.Node().(ast.Stmt), cur.Parent().Node().(*ast.BlockStmt), cur.ParentEdgeIndex(), true
}
