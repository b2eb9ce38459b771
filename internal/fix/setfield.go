package fix

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// SetField returns the fix that sets field of the model a call whose
// opening parenthesis is at lparen is given (a variable, or its
// address, whose type isModel accepts) to a value derived from key,
// namespaced by purpose, in a statement before the call's: the value a
// create hook would otherwise make fresh, which it keeps once set. Where
// the key may be empty the field is set only when it is not, and the
// hook makes one as before. Nil when no argument is such a variable, the
// field's type cannot be derived, or the call is in no statement list.
func SetField(pass *analysis.Pass, lparen token.Pos, field, purpose string, key Key, isModel func(types.Type) bool) *analysis.SuggestedFix {
	file := FileOf(pass, lparen)
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, lparen, lparen+1)
	i := slices.IndexFunc(path, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && call.Lparen == lparen
	})
	if i < 0 {
		return nil
	}
	model := modelVar(pass.TypesInfo, path[i].(*ast.CallExpr), isModel)
	if model == nil {
		return nil
	}
	field = field[strings.LastIndex(field, ".")+1:] // promoted from an embedded struct ("Base.ID")
	obj, _, _ := types.LookupFieldOrMethod(pass.TypesInfo.TypeOf(model), true, pass.Pkg, field)
	v, ok := obj.(*types.Var)
	if !ok || !v.IsField() {
		return nil
	}
	items, ok := loopItems(pass, path, key.Since, lparen)
	if !ok {
		return nil
	}
	derive, imports, ok := derivation(pass, file, v.Type(), purpose)
	if !ok {
		return nil
	}
	derive, imports = perItem(derive, imports, items)
	target := model.Name + "." + field
	text := target + " = " + derive(key.Expr)
	if key.MayBeEmpty {
		text = IfStmt(key.bind(), `k != ""`, "{\n"+target+" = "+derive("k")+"\n}")
	}
	edit, ok := StmtBefore(pass.Fset, file, path[i].Pos(), text)
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Set " + target + " from the operation key (" + key.Expr + ") before the write",
		TextEdits: append([]analysis.TextEdit{edit}, addImports(file, key.Imports, imports)...),
	}
}

// modelVar returns the variable a call is given, itself or its address,
// whose type isModel accepts, or nil.
func modelVar(info *types.Info, call *ast.CallExpr, isModel func(types.Type) bool) *ast.Ident {
	for _, arg := range call.Args {
		e := ast.Unparen(arg)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		if id, ok := e.(*ast.Ident); ok && isModel(info.TypeOf(id)) {
			return id
		}
	}
	return nil
}
