package fix

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// ParamType is the type of the parameter that SSA argument i of call
// fills; nil for a receiver or a variadic parameter, where a fix cannot
// pass a single value of another type.
func ParamType(call *ssa.Call, i int) types.Type {
	sig := call.Call.Signature()
	i = astArg(call, i)
	if i < 0 || i >= sig.Params().Len() || sig.Variadic() && i == sig.Params().Len()-1 {
		return nil
	}
	return sig.Params().At(i).Type()
}

// ArgExpr returns the argument expression of ce, the call expression of
// call, that fills SSA argument i, when it is a plain name (db, s.db,
// pkg.DB): replacing it then drops no computation.
func ArgExpr(call *ssa.Call, ce *ast.CallExpr, i int) ast.Expr {
	i = astArg(call, i)
	if ce == nil || i < 0 || i >= len(ce.Args) || ce.Ellipsis.IsValid() || !plainName(ce.Args[i]) {
		return nil
	}
	return ce.Args[i]
}

// astArg maps an SSA argument index to the call expression's: a static
// call of a method has its receiver as argument 0.
func astArg(call *ssa.Call, i int) int {
	if call.Call.StaticCallee() != nil && call.Call.Signature().Recv() != nil {
		return i - 1
	}
	return i
}

// plainName reports whether e is an identifier or a chain of selectors
// on one.
func plainName(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return true
		case *ast.SelectorExpr:
			e = x.X
		default:
			return false
		}
	}
}

// SameAt reports whether every name that node uses means the same at pos
// as where node is: code to be moved or copied to pos keeps its meaning.
// Names whose objects keep says (the names the copy declares again, or
// declares itself) are not looked at, nor fields (a composite literal's
// keys) and the selectors after a dot.
func SameAt(info *types.Info, pkg *types.Package, node ast.Node, pos token.Pos, keep func(types.Object) bool) bool {
	scope := pkg.Scope().Innermost(pos)
	same := scope != nil
	var name func(n ast.Node) bool
	name = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, name)
			return false
		case *ast.Ident:
			obj := info.Uses[n]
			if v, ok := obj.(*types.Var); obj == nil || ok && v.IsField() || keep != nil && keep(obj) {
				break
			}
			if _, found := scope.LookupParent(n.Name, pos); found != obj {
				same = false
			}
		}
		return same
	}
	if same {
		ast.Inspect(node, name)
	}
	return same
}

// AppendArg returns the edit that passes text as the last argument of
// call: after its last argument, so that a call written over several
// lines, with a comma after that argument, keeps the comma.
func AppendArg(call *ast.CallExpr, text string) analysis.TextEdit {
	at := call.Rparen
	if n := len(call.Args); n > 0 {
		at, text = call.Args[n-1].End(), ", "+text
	}
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}
}
