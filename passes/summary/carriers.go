package summary

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A package with nothing to trace (a domain package of entities and
// value objects) still carries values from its callers' parameters to
// its results: a constructor that puts its parameters in the fields of
// the entity it returns (NewOrder(id) returns Order{ID: id}), a getter
// that returns a field (o.ID()). Without SSA, which such a package is
// not worth, its exported functions of those two shapes are summarised
// from their syntax, so that a key or a fresh value its callers pass
// keeps its meaning through them.

// exportCarriers exports the ParamResults of the package's constructors
// and getters, for a package of the module being analysed (a module's
// dependencies are left to their own analysis, which is not run).
func exportCarriers(pass *analysis.Pass) {
	if m := pass.Module; m != nil && m.Version != "" {
		return
	}
	for _, f := range pass.Files {
		if testFile(pass, f) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			prs := carriedResults(pass.TypesInfo, fd)
			runs, inTx := runsFromSyntax(pass.TypesInfo, fd)
			if len(prs) > 0 || len(runs) > 0 {
				pass.ExportObjectFact(obj, &valueflow.Summary{ParamResults: prs, ResultFields: resultFields(prs), Carried: len(prs) > 0, Runs: runs, RunsInTx: inTx})
			}
		}
	}
}

// runsFromSyntax returns the function parameters (by index, the
// receiver first) that fd's body calls itself, outside go and defer
// statements and function literals: the work a unit of work's Do is
// given, read without building SSA. inTx are those it calls with a
// transaction it begins itself (tx, err := r.pool.BeginTxx(ctx, nil);
// fn(tx)), or that a transaction function hands its literal.
func runsFromSyntax(info *types.Info, fd *ast.FuncDecl) (runs, inTx []int) {
	if fd.Body == nil {
		return nil, nil
	}
	index := map[types.Object]int{}
	i := 0
	if fd.Recv != nil {
		i = 1
	}
	for _, f := range fd.Type.Params.List {
		for _, name := range f.Names {
			if obj := info.Defs[name]; obj != nil {
				if _, ok := obj.Type().Underlying().(*types.Signature); ok {
					index[obj] = i
				}
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	if len(index) == 0 {
		return nil, nil
	}
	txs := begunFromSyntax(info, fd.Body)
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if j, ok := index[info.Uses[id]]; ok {
					if !slices.Contains(runs, j) {
						runs = append(runs, j)
					}
					if slices.ContainsFunc(n.Args, func(a ast.Expr) bool { return txs[identObj(info, a)] }) && !slices.Contains(inTx, j) {
						inTx = append(inTx, j)
					}
				}
			}
			if fn := usedFunc(info, n.Fun); fn != nil && (catalog.IsTxFunc(fn) || catalog.IsORMTransaction(fn)) {
				// A transaction function runs the literal it is
				// given before it returns (gorm's db.Transaction),
				// in the transaction it hands it.
				for _, a := range n.Args {
					if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
						for _, f := range lit.Type.Params.List {
							for _, name := range f.Names {
								if obj := info.Defs[name]; obj != nil && (catalog.IsTx(obj.Type()) || catalog.IsORMHandle(obj.Type())) {
									txs[obj] = true
								}
							}
						}
						ast.Inspect(lit.Body, visit)
					}
				}
			}
		}
		return true
	}
	ast.Inspect(fd.Body, visit)
	return runs, inTx
}

// begunFromSyntax returns the variables of body assigned the
// transaction of a Begin call (tx, err := r.pool.BeginTxx(ctx, nil)).
func begunFromSyntax(info *types.Info, body *ast.BlockStmt) map[types.Object]bool {
	txs := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if fn := usedFunc(info, call.Fun); fn == nil || !catalog.IsBegin(fn.Name()) {
			return true
		}
		for _, lhs := range as.Lhs {
			if obj := identObj(info, lhs); obj != nil && catalog.IsTx(obj.Type()) {
				txs[obj] = true
			}
		}
		return true
	})
	return txs
}

// identObj returns the variable an identifier names, defined or used.
func identObj(info *types.Info, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if obj := info.Defs[id]; obj != nil {
		return obj
	}
	return info.Uses[id]
}

// usedFunc returns the function or method a call's function expression
// names (f, pkg.F, x.M), from the uses the type checker recorded.
func usedFunc(info *types.Info, fun ast.Expr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// carriedResults reads what a constructor or getter carries from its
// parameters to its results, from its last statement's return.
func carriedResults(info *types.Info, fd *ast.FuncDecl) []valueflow.ParamResult {
	if fd == nil || fd.Body == nil || len(fd.Body.List) == 0 {
		return nil
	}
	ret, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return nil
	}
	params := paramObjects(info, fd)
	var prs []valueflow.ParamResult
	for r, e := range ret.Results {
		prs = append(prs, carried(info, localLiteral(info, fd.Body, e), params, r)...)
	}
	return prs
}

// localLiteral returns, for a local variable returned (return order),
// the composite literal it was declared with (order := Order{...}), and
// e otherwise.
func localLiteral(info *types.Info, body *ast.BlockStmt, e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || info.Uses[id] == nil {
		return e
	}
	obj := info.Uses[id]
	var lit ast.Expr
	changed := false // assigned again, a field of it set, its address taken
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if lid, ok := l.(*ast.Ident); ok && info.Defs[lid] == obj && len(n.Lhs) == len(n.Rhs) {
					lit = n.Rhs[i]
				} else if rootIdent(info, l) == obj {
					changed = true
				}
			}
		case *ast.IncDecStmt:
			changed = changed || rootIdent(info, n.X) == obj
		case *ast.UnaryExpr:
			changed = changed || n.Op.String() == "&" && rootIdent(info, n.X) == obj
		}
		return true
	})
	if lit == nil || changed {
		return e
	}
	return lit
}

// rootIdent returns the variable an expression (o, o.ID, o.a.b) is of.
func rootIdent(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.Uses[x]
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// paramObjects lists the function's parameters in SSA's order: the
// receiver first.
func paramObjects(info *types.Info, fd *ast.FuncDecl) []types.Object {
	var out []types.Object
	add := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, field := range fl.List {
			if len(field.Names) == 0 {
				out = append(out, nil) // unnamed: never read
			}
			for _, n := range field.Names {
				out = append(out, info.Defs[n])
			}
		}
	}
	add(fd.Recv)
	add(fd.Type.Params)
	return out
}

// carried returns what result r, the expression e, carries of the
// parameters: a parameter's field (a getter's return o.id), or, in a
// composite literal, the parameters or parameter fields its fields are
// set from (Order{ID: id, Ref: in.Ref}).
func carried(info *types.Info, e ast.Expr, params []types.Object, r int) []valueflow.ParamResult {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op.String() == "&" {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok && isStructLit(info, lit) {
		var out []valueflow.ParamResult
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue // positional fields
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			if p, path, ok := paramPath(info, kv.Value, params); ok {
				out = append(out, valueflow.ParamResult{Param: p, Path: path, Result: r, ResultPath: "." + key.Name})
			}
		}
		return out
	}
	if p, path, ok := paramPath(info, e, params); ok && path != "" {
		return []valueflow.ParamResult{{Param: p, Path: path, Result: r}}
	}
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD {
		return joined(info, b, params, r)
	}
	return nil
}

// joined returns, for a string a function returns joined from its
// parameters and constants (prefix + "_" + id), each parameter the
// result carries: a fresh ID given for one makes a fresh result. Any
// other operand makes no claim.
func joined(info *types.Info, b *ast.BinaryExpr, params []types.Object, r int) []valueflow.ParamResult {
	if t, ok := info.TypeOf(b).Underlying().(*types.Basic); !ok || t.Info()&types.IsString == 0 {
		return nil
	}
	var out []valueflow.ParamResult
	for _, operand := range []ast.Expr{b.X, b.Y} {
		operand = ast.Unparen(operand)
		switch {
		case info.Types[operand].Value != nil:
			continue // a constant
		case isAdd(operand):
			more := joined(info, operand.(*ast.BinaryExpr), params, r)
			if more == nil {
				return nil
			}
			out = append(out, more...)
			continue
		}
		p, path, ok := paramPath(info, operand, params)
		if !ok {
			return nil
		}
		out = append(out, valueflow.ParamResult{Param: p, Path: path, Result: r})
	}
	return out
}

// isAdd reports whether e is a sum (a + b).
func isAdd(e ast.Expr) bool {
	b, ok := e.(*ast.BinaryExpr)
	return ok && b.Op == token.ADD
}

// paramPath says which parameter, at which field path, e reads: p,
// p.f.g, or a conversion of one (AccountID(id)).
func paramPath(info *types.Info, e ast.Expr, params []types.Object) (int, string, bool) {
	path := ""
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			obj := info.Uses[x]
			for i, p := range params {
				if p != nil && p == obj {
					return i, path, true
				}
			}
			return 0, "", false
		case *ast.SelectorExpr:
			sel, ok := info.Selections[x]
			if !ok || sel.Kind() != types.FieldVal {
				return 0, "", false
			}
			path = "." + x.Sel.Name + path
			e = x.X
		case *ast.CallExpr: // a conversion to a named type
			if tv, ok := info.Types[x.Fun]; !ok || !tv.IsType() || len(x.Args) != 1 {
				return 0, "", false
			}
			e = x.Args[0]
		default:
			return 0, "", false
		}
	}
}

// testFile reports whether f is a _test.go file.
func testFile(pass *analysis.Pass, f *ast.File) bool {
	return strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go")
}

// resultFields states carried results as the fields of results that hold
// a parameter, which the statements' argument sources follow.
func resultFields(prs []valueflow.ParamResult) []valueflow.ResultField {
	var out []valueflow.ResultField
	for _, pr := range prs {
		out = append(out, valueflow.ResultField{Result: pr.Result, Path: pr.ResultPath, Param: pr.Param, ParamPath: pr.Path})
	}
	return out
}

// isStructLit reports whether lit builds a struct (not a map or slice,
// whose keys are no field names).
func isStructLit(info *types.Info, lit *ast.CompositeLit) bool {
	tv, ok := info.Types[lit]
	if !ok {
		return false
	}
	t := tv.Type.Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	_, ok = t.(*types.Struct)
	return ok
}
