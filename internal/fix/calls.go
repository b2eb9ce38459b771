package fix

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// CallsFunc reports whether call calls the package-level function
// pkgPath.name (errors.Is), however the file imports the package.
func CallsFunc(info *types.Info, call *ast.CallExpr, pkgPath, name string) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == pkgPath && fn.Name() == name
}

// SelectsMethod reports whether e is recv.name with recv a plain name
// of the variable recv: tx.Commit, tx.Rollback. A fix that moves or
// keeps such a call must know it acts on that very variable.
func SelectsMethod(info *types.Info, e ast.Expr, recv types.Object, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && info.Uses[id] == recv
}

// CallsMethod reports whether node holds a call recv.name(...).
func CallsMethod(info *types.Info, node ast.Node, recv types.Object, name string) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && SelectsMethod(info, call.Fun, recv, name) {
			found = true
		}
		return !found
	})
	return found
}

// DefersMethod reports whether s is a defer statement that calls
// recv.name: "defer tx.Rollback()", or a deferred function that calls
// it (or hands the method on) in its body.
func DefersMethod(info *types.Info, s ast.Stmt, recv types.Object, name string) bool {
	d, ok := s.(*ast.DeferStmt)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(d.Call, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && SelectsMethod(info, e, recv, name) {
			found = true
		}
		return !found
	})
	return found
}
