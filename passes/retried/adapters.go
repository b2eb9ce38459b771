package retried

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// A consumer package often adapts typed handlers to its runner's
// handler type in one generic helper (kafkarun.JSON(c.accruePoints)
// returns a func(ctx, kafka.Message) error that decodes the value and
// calls c.accruePoints), and a table of another package stores what it
// returns. Within a package funcValues reads the helper's body; across
// packages the helper's package exports, as a fact on the helper, which
// of its function parameters the function value it returns calls, so
// that the stored value stands for what was passed for them.

// Adapter is an object fact on a function whose result is a function
// value that calls some of its function parameters (Params, counted
// without the receiver).
type Adapter struct {
	Params []int
}

func (*Adapter) AFact() {}

func (a *Adapter) String() string {
	parts := make([]string, len(a.Params))
	for i, p := range a.Params {
		parts[i] = fmt.Sprint(p)
	}
	return "adapter(" + strings.Join(parts, ", ") + ")"
}

// exportAdapters exports the Adapter facts of the package's functions
// that take and return function values, read from their syntax: a
// returned function literal that calls a parameter, or a returned call
// of another adapter given a parameter.
func exportAdapters(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	params := map[*types.Func][]int{}
	known := func(callee *types.Func) []int {
		if callee.Pkg() == pass.Pkg {
			return params[callee]
		}
		var a Adapter
		pass.ImportObjectFact(callee, &a)
		return a.Params
	}
	grow(decls, params, func(obj *types.Func, fd *ast.FuncDecl) []int {
		if !returnsFunc(obj) {
			return nil
		}
		return adaptedParams(pass.TypesInfo, obj, fd.Body, known)
	})
	for obj, ps := range params {
		slices.Sort(ps)
		pass.ExportObjectFact(obj, &Adapter{Params: ps})
	}
}

// returnsFunc reports whether fn's only result is of function type.
func returnsFunc(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	_, ok := res.At(0).Type().Underlying().(*types.Signature)
	return ok
}

// adaptedParams lists the function parameters of fn that the function
// values its body returns call: a literal calling one, or an adapter
// (known) given one.
func adaptedParams(info *types.Info, fn *types.Func, body *ast.BlockStmt, known func(*types.Func) []int) []int {
	var out []int
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				return true
			}
			switch r := ast.Unparen(n.Results[0]).(type) {
			case *ast.FuncLit:
				out = append(out, calledParams(info, fn, r.Body)...)
			case *ast.CallExpr:
				callee, ok := typeutil.Callee(info, r).(*types.Func)
				if !ok {
					return true
				}
				for _, p := range known(callee.Origin()) {
					if p < len(r.Args) {
						if i := funcParam(info, fn, r.Args[p]); i >= 0 {
							out = append(out, i)
						}
					}
				}
			}
		}
		return true
	})
	return out
}
