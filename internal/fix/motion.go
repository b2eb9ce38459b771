package fix

import (
	"go/ast"
	"go/token"
	"go/types"
)

// CanMoveUp reports whether the statements list[from..to] of block can
// move up before list[at] (at < from) and mean what they meant:
//
//   - every name they use, but those they declare, means the same at
//     list[at];
//   - no statement from list[at] up to them assigns a name they use
//     (ctx, cancel := context.WithTimeout(ctx, ...) gives ctx another
//     value), or takes its address;
//   - no statement in between declares only names that list[from]
//     declares: after the move "x, err :=" with err declared above still
//     declares x, but "_, err :=" or "var err error" would declare err
//     twice.
func CanMoveUp(info *types.Info, pkg *types.Package, block *ast.BlockStmt, at, from, to int) bool {
	moved, between := block.List[from:to+1], block.List[at:from]
	own := declaredBy(info, moved)
	for _, st := range moved {
		if !SameAt(info, pkg, st, block.List[at].Pos(), func(obj types.Object) bool { return own[obj] }) {
			return false
		}
	}
	return !assignsAny(info, between, usedBy(info, moved, own)) && !redeclares(info, between, shortVarNames(moved[0]))
}

// declaredBy returns the objects the statements declare, and those the
// first one's := names (declared there after a move, if not above).
func declaredBy(info *types.Info, stmts []ast.Stmt) map[types.Object]bool {
	own := map[types.Object]bool{}
	if as, ok := stmts[0].(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				if obj := info.ObjectOf(id); obj != nil {
					own[obj] = true
				}
			}
		}
	}
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Defs[id] != nil {
				own[info.Defs[id]] = true
			}
			return true
		})
	}
	return own
}

// usedBy returns the objects the statements use, but for own.
func usedBy(info *types.Info, stmts []ast.Stmt, own map[types.Object]bool) map[types.Object]bool {
	used := map[types.Object]bool{}
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil && !own[info.Uses[id]] {
				used[info.Uses[id]] = true
			}
			return true
		})
	}
	return used
}

// assignsAny reports whether a statement assigns one of objs, increments
// it, or takes its address (after which it may change).
func assignsAny(info *types.Info, stmts []ast.Stmt, objs map[types.Object]bool) bool {
	assigned := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			var lhs []ast.Expr
			switch n := n.(type) {
			case *ast.AssignStmt:
				lhs = n.Lhs
			case *ast.IncDecStmt:
				lhs = []ast.Expr{n.X}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					lhs = []ast.Expr{n.X}
				}
			}
			for _, l := range lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && objs[info.ObjectOf(id)] {
					assigned = true
				}
			}
			return !assigned
		})
	}
	return assigned
}

// shortVarNames returns the names a := statement declares or assigns
// (not _); none for another statement.
func shortVarNames(st ast.Stmt) map[string]bool {
	names := map[string]bool{}
	if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				names[id.Name] = true
			}
		}
	}
	return names
}

// redeclares reports whether a statement declares names only among
// names (a := of no other new name, or a var declaration of one), so
// that a := of names moved above it would leave it declaring nothing
// new, or declare a name twice.
func redeclares(info *types.Info, stmts []ast.Stmt, names map[string]bool) bool {
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok != token.DEFINE {
				continue
			}
			clash, other := false, false
			for _, l := range st.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" && info.Defs[id] != nil {
					clash, other = clash || names[id.Name], other || !names[id.Name]
				}
			}
			if clash && !other {
				return true
			}
		case *ast.DeclStmt:
			gd, ok := st.Decl.(*ast.GenDecl)
			if !ok {
				return true
			}
			for _, spec := range gd.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						if names[id.Name] {
							return true
						}
					}
				}
			}
		}
	}
	return false
}
