package catalog

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
)

// routes returns the paths the package registers handlers for: a call
// that passes a constant route pattern ("POST /orders/{id}/insert",
// "/orders/:id") beside a function. A request the package sends to one
// of them reaches a handler of the program, whose own retry safety is
// judged where it is served.
func routes(pass *analysis.Pass) []catalog.Route {
	var out []catalog.Route
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !passesFunc(pass, call) {
				return true
			}
			for _, arg := range call.Args {
				tv, ok := pass.TypesInfo.Types[arg]
				if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
					continue
				}
				if r, ok := catalog.ParseRoute(constant.StringVal(tv.Value)); ok {
					out = append(out, r)
				}
			}
			return true
		})
	}
	return out
}

// passesFunc reports whether a call has a function among its arguments
// other than an option of a request it sends (httpx.JSON(ctx, "POST",
// base, "/v1/reprints", body, auth)), which changes a request and
// answers none.
func passesFunc(pass *analysis.Pass, call *ast.CallExpr) bool {
	for _, arg := range call.Args {
		if t := pass.TypesInfo.TypeOf(arg); t != nil {
			if sig, ok := t.Underlying().(*types.Signature); ok && !isRequestOption(sig) {
				return true
			}
		}
	}
	return false
}

// isRequestOption reports whether sig is an option's that changes a
// request it is given and returns nothing: func(*http.Request).
func isRequestOption(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && sig.Results().Len() == 0 && catalog.IsRequest(sig.Params().At(0).Type())
}
