package summary

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// jobUniqueness finds, by their syntax, the InsertOpts methods of the
// package's jobs' arguments that make the jobs unique by them
// (UniqueOpts{ByArgs: true}), and exports it on each: an insert of the
// arguments in another package is keyed on their fields, and the
// method's body is not there to read.
func jobUniqueness(pass *analysis.Pass) map[*types.Func]bool {
	out := map[*types.Func]bool{}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil || fd.Name.Name != catalog.River.ArgsOpts {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || fn.Signature().Results().Len() != 1 || catalog.TypeKey(fn.Signature().Results().At(0).Type()) != catalog.River.Opts {
				continue
			}
			if setsByArgs(pass.TypesInfo, fd.Body) {
				out[fn] = true
				pass.ExportObjectFact(fn, &valueflow.Summary{UniqueByArgs: true})
			}
		}
	}
	return out
}

// setsByArgs reports whether body sets a queue's UniqueOpts.ByArgs to
// true: in a composite literal, or by assignment.
func setsByArgs(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	isByArgs := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && id.Name == catalog.River.ByArgs
	}
	isTrue := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		return ok && tv.Value != nil && tv.Value.String() == "true"
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if t := info.TypeOf(n); t == nil || catalog.TypeKey(t) != catalog.River.UniqueOpts {
				return true
			}
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok && isByArgs(kv.Key) && isTrue(kv.Value) {
					found = true
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := lhs.(*ast.SelectorExpr); ok && i < len(n.Rhs) && isByArgs(sel.Sel) && isTrue(n.Rhs[i]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
