package freshid

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/opkey"
	"github.com/idemlint/idemlint/passes/summary"
)

// suggestFix replaces the fresh value with one derived from the operation
// key in scope, namespaced by purpose, or returns nil when no key is in scope or the value's type
// cannot be derived.
func suggestFix(pass *analysis.Pass, res *summary.Result, call *ssa.Call, purpose string) *analysis.SuggestedFix {
	cat := res.Env.Catalog
	name, ks, ok := opkey.InScope(pass, cat, call.Pos())
	if !ok {
		name, ks, ok = opkey.FromContext(pass, cat, res, res.SrcFuncs(), call.Parent(), call.Pos())
	}
	if !ok {
		return nil
	}
	key := fix.Key{Expr: fmt.Sprintf(ks.Expr, name, cat.KeyHeader()), Imports: ks.Imports, MayBeEmpty: ks.MayBeEmpty}
	if _, obj := pass.Pkg.Scope().Innermost(call.Pos()).LookupParent(name, call.Pos()); obj != nil {
		key.Since = obj.Pos()
	}
	return fix.DeriveFresh(pass, call.Pos(), purpose, key)
}
