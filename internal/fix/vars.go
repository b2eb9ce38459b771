package fix

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// Assignments counts the assignments to v in node, its definition by :=
// included; taking its address counts as two, since v may then change
// anywhere. A fix that names v's value by v needs exactly one.
func Assignments(info *types.Info, node ast.Node, v types.Object) int {
	n := 0
	ast.Inspect(node, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
					n++
				}
			}
		case *ast.UnaryExpr:
			if id, ok := x.X.(*ast.Ident); ok && x.Op == token.AND && info.ObjectOf(id) == v {
				n += 2
			}
		}
		return true
	})
	return n
}

// DeclaresOnly reports whether s declares v alone, with no value or a
// constant one ("var n int", "n := 0"), so that deleting s deletes only
// v.
func DeclaresOnly(info *types.Info, s ast.Stmt, v types.Object) bool {
	switch s := s.(type) {
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return false
		}
		vs := gd.Specs[0].(*ast.ValueSpec)
		return len(vs.Names) == 1 && info.Defs[vs.Names[0]] == v && (len(vs.Values) == 0 || isConstant(info, vs.Values[0]))
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return false
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		return ok && info.Defs[id] == v && isConstant(info, s.Rhs[0])
	}
	return false
}

func isConstant(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}

// ReadAfter reports whether v may be read, in the function body, after
// block.List[i] and before a later statement of the block assigns it: a
// fix that changes what v holds at block.List[i] changes what is read.
func ReadAfter(info *types.Info, body, block *ast.BlockStmt, i int, v types.Object) bool {
	from, until := block.List[i].End(), body.End()
	var reassign *ast.AssignStmt
	for _, s := range block.List[i+1:] {
		if as, ok := s.(*ast.AssignStmt); ok && Assigns(info, as, v) {
			reassign, until = as, as.Rhs[len(as.Rhs)-1].End()
			break
		}
	}
	for _, id := range Uses(info, body, v) {
		if id.Pos() > from && id.Pos() < until && (reassign == nil || !slices.Contains(reassign.Lhs, ast.Expr(id))) {
			return true
		}
	}
	return false
}
