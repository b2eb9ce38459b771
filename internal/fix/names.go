package fix

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// Uses returns the identifiers in node that refer to obj.
func Uses(info *types.Info, node ast.Node, obj types.Object) []*ast.Ident {
	var out []*ast.Ident
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			out = append(out, id)
		}
		return true
	})
	return out
}

// Mentions reports whether node holds an identifier spelled name,
// whatever it refers to: code inserted around node that declares name
// would change what node means.
func Mentions(node ast.Node, name string) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// Refers reports whether e, without its parentheses, is a name that
// refers to obj.
func Refers(info *types.Info, e ast.Expr, obj types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && obj != nil && info.Uses[id] == obj
}

// Means reports whether name, written at pos, refers to obj: a fix that
// writes the name there writes obj.
func Means(pkg *types.Package, pos token.Pos, name string, obj types.Object) bool {
	scope := pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, found := scope.LookupParent(name, pos)
	return found == obj
}

// DeclaredAround reports whether a scope enclosing pos, below the
// package's, declares name, before pos or after it: a declaration of
// name inserted at pos would clash with it or hide it.
func DeclaredAround(pkg *types.Package, pos token.Pos, name string) bool {
	for s := pkg.Scope().Innermost(pos); s != nil && s != pkg.Scope(); s = s.Parent() {
		if s.Lookup(name) != nil {
			return true
		}
	}
	return false
}

// NamesIn returns the names spelled in nodes, but for those of the
// identifiers whose objects free says are going away with the fix.
func NamesIn(info *types.Info, free func(types.Object) bool, nodes ...ast.Node) map[string]bool {
	taken := map[string]bool{}
	for _, node := range nodes {
		ast.Inspect(node, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && (free == nil || !free(info.ObjectOf(id))) {
				taken[id.Name] = true
			}
			return true
		})
	}
	return taken
}

// FreshName returns the first of names that is not taken, or else the
// first numbered from 2 (res2, res3, ...). names must not be empty.
func FreshName(taken map[string]bool, names ...string) string {
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

// Assigns reports whether as assigns obj, or declares it.
func Assigns(info *types.Info, as *ast.AssignStmt, obj types.Object) bool {
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && (info.Defs[id] == obj || info.Uses[id] == obj) {
			return true
		}
	}
	return false
}
