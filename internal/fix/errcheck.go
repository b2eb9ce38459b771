package fix

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// ErrCheck returns the error variable that the statement st assigns, and
// the statement that checks it: st itself ("if _, err := write; err !=
// nil {...}"), or "if err != nil {...}" right after it in block. It
// returns nil, nil when there is no such check.
func ErrCheck(info *types.Info, block *ast.BlockStmt, st ast.Stmt) (*types.Var, *ast.IfStmt) {
	assigns := func(st ast.Stmt, v *types.Var) bool {
		as, ok := st.(*ast.AssignStmt)
		return ok && Assigns(info, as, v)
	}
	if ifs, ok := st.(*ast.IfStmt); ok && ifs.Init != nil {
		if v := CheckedErr(info, ifs.Cond); v != nil && assigns(ifs.Init, v) {
			return v, ifs
		}
		return nil, nil
	}
	if i := slices.Index(block.List, st); i >= 0 && i+1 < len(block.List) {
		if ifs, ok := block.List[i+1].(*ast.IfStmt); ok && ifs.Init == nil {
			if v := CheckedErr(info, ifs.Cond); v != nil && assigns(st, v) {
				return v, ifs
			}
		}
	}
	return nil, nil
}

// CheckedErr returns the error variable that cond ("err != nil") checks,
// or nil.
func CheckedErr(info *types.Info, cond ast.Expr) *types.Var {
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ || !isNil(info, be.Y) {
		return nil
	}
	id, ok := be.X.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || !IsError(v.Type()) {
		return nil
	}
	return v
}

// EndsInReturn reports whether a block's last statement is a return.
func EndsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// IsError reports whether t is the type error.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// ReturnsError reports whether the last result of sig is an error: a
// fix can then end the function with a failure by returning it.
func ReturnsError(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && IsError(res.At(res.Len()-1).Type())
}

// IsNilTest reports whether e is "v op nil" or "nil op v", op being
// token.EQL or token.NEQ.
func IsNilTest(info *types.Info, e ast.Expr, v types.Object, op token.Token) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != op || v == nil {
		return false
	}
	return Refers(info, b.X, v) && isNil(info, b.Y) || isNil(info, b.X) && Refers(info, b.Y, v)
}

// isNil reports whether e is the predeclared nil.
func isNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == types.Universe.Lookup("nil")
}
