package catalog

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemlint/idemlint/internal/catalog"
)

// An Executor fact marks a function that hands the SQL text and the
// arguments it is given to an executor: a repository's
// exec(ctx, query, args...) helper, or an adapter's method that forwards
// to *sql.DB. Its callers' statements are then as readable as the
// executor's own: the text is at parameter Query, the arguments are the
// variadic parameter Args.
type Executor struct {
	Query, Args int
	// Named is set when the function binds the named parameters of
	// the query from the argument at Args (sqlx.Named) before it runs
	// it: Args is then that argument, not a variadic slice.
	Named bool
	// Handle is 1 + the index of the parameter whose handle runs the
	// statement, or 0 when the function uses a handle of its own.
	Handle int
	// Autocommit: the function's own handle commits each statement.
	Autocommit bool
	// Affected: the function returns the rows the statement affected
	// as its first result.
	Affected bool
	// Partial: the function also runs other texts its caller gives
	// (catalog.SQLCall.Partial).
	Partial bool
}

func (*Executor) AFact() {}

func (e *Executor) String() string {
	s := fmt.Sprintf("executor(query %d, args %d, named %t, handle %d, autocommit %t)", e.Query, e.Args, e.Named, e.Handle, e.Autocommit)
	if e.Affected {
		s = strings.TrimSuffix(s, ")") + ", affected)"
	}
	if e.Partial {
		s = strings.TrimSuffix(s, ")") + ", partial)"
	}
	return s
}

func (e *Executor) call() catalog.SQLCall {
	return catalog.SQLCall{Query: e.Query, Args: e.Args, Named: e.Named, Forward: true, Handle: e.Handle, Autocommit: e.Autocommit, Affected: e.Affected, Partial: e.Partial}
}

// executors returns the executors the package can call: those of the
// packages it imports, from their facts, and its own, whose facts it
// exports.
func executors(pass *analysis.Pass, cat *catalog.Catalog) map[string]catalog.SQLCall {
	execs := make(map[string]catalog.SQLCall)
	for _, f := range pass.AllObjectFacts() {
		e, ok := f.Fact.(*Executor)
		fn, isFn := f.Object.(*types.Func)
		if ok && isFn {
			execs[catalog.FuncKey(fn)] = e.call()
		}
	}
	for fn, e := range forwarders(pass, cat, execs) {
		execs[catalog.FuncKey(fn)] = e.call()
		if fn.Exported() {
			pass.ExportObjectFact(fn, e)
		}
	}
	return execs
}

// forwarders finds the package's functions that forward their text and
// arguments to an executor: a catalogued one, an imported forwarder, or
// another of the package's (so it iterates until none is added).
func forwarders(pass *analysis.Pass, cat *catalog.Catalog, imported map[string]catalog.SQLCall) map[*types.Func]*Executor {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && mayForward(pass.TypesInfo, fd) {
				decls = append(decls, fd)
			}
		}
	}
	found := make(map[*types.Func]*Executor)
	executor := func(fn *types.Func) (catalog.SQLCall, bool) {
		// A method of a generic type called in another of its methods
		// (s.get in getFound) is an instance's: found holds the origin.
		if e, ok := found[fn.Origin()]; ok {
			return e.call(), true
		}
		if sc, ok := imported[catalog.FuncKey(fn)]; ok {
			return sc, true
		}
		return cat.SQL(fn)
	}
	for added := true; added; {
		added = false
		for _, fd := range decls {
			fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if found[fn] != nil {
				continue
			}
			if e := forwarding(pass.TypesInfo, fd, fn, executor); e != nil {
				found[fn], added = e, true
			}
		}
	}
	return found
}

// mayForward reports whether a function's signature can forward SQL:
// it takes a string and then more, a variadic parameter or a value to
// bind the string's named parameters from.
func mayForward(info *types.Info, fd *ast.FuncDecl) bool {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() < 2 {
		return false
	}
	for i := range sig.Params().Len() - 1 {
		if isString(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// forwarding returns the Executor fact of a function whose body passes a
// string parameter, unchanged, as the text and its variadic parameter as
// the arguments (args...) of an executor's call, or nil.
func forwarding(info *types.Info, fd *ast.FuncDecl, fn *types.Func, executor func(*types.Func) (catalog.SQLCall, bool)) *Executor {
	sig := fn.Type().(*types.Signature)
	params := sig.Params()
	paramIndex := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		for i := range params.Len() {
			if info.Uses[id] == params.At(i) {
				return i
			}
		}
		return -1
	}
	var bound map[types.Object]binding
	if !sig.Variadic() {
		// Only a named executor's arguments are not variadic.
		bound = boundQueries(info, fd.Body)
	}
	if assigned(info, fd.Body, params) {
		return nil
	}
	var out *Executor
	ambiguous := false
	texts := map[int]bool{} // the parameters an executor is given as its text
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		callee, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok {
			return true
		}
		sc, ok := executor(callee)
		if !ok || sc.Query < 0 || sc.Query >= len(call.Args) || sc.Args >= len(call.Args) {
			return true
		}
		if q := paramIndex(call.Args[sc.Query]); q >= 0 {
			texts[q] = true
		}
		var e *Executor
		if !call.Ellipsis.IsValid() {
			// execNamed(ctx, x, query, arg): a named executor given the
			// text and the value its names bind from, both parameters.
			q, a := paramIndex(call.Args[sc.Query]), paramIndex(call.Args[sc.Args])
			if !sc.Named || q < 0 || a < 0 || !isString(params.At(q).Type()) {
				return true
			}
			e = &Executor{Query: q, Args: a, Named: true}
		} else if sc.Named || sc.Args != len(call.Args)-1 {
			return true
		} else if b, ok := bound[queryVar(info, call.Args[sc.Query])]; ok && b.CallExpr == bound[argsVar(info, call.Args[sc.Args])].CallExpr {
			// namedExec(ctx, q, query, arg): sqlx.Named(query, arg),
			// then the executor on the bound text and values.
			q, a := paramIndex(b.Args[b.binder.Query]), paramIndex(b.Args[b.binder.Arg])
			if q < 0 || a < 0 || !isString(params.At(q).Type()) {
				return true
			}
			e = &Executor{Query: q, Args: a, Named: true}
		} else {
			q := paramIndex(call.Args[sc.Query])
			if q < 0 || !isString(params.At(q).Type()) || paramIndex(call.Args[sc.Args]) != params.Len()-1 {
				return true
			}
			e = &Executor{Query: q, Args: params.Len() - 1}
		}
		e.Handle, e.Autocommit = handleOf(info, call, callee, sc, paramIndex)
		if out != nil && *out != *e {
			ambiguous = true
		}
		if out == nil {
			out = e
		}
		return true
	})
	if out != nil {
		out.Affected = returnsAffected(fd.Body)
		out.Partial = len(texts) > 1
	}
	if out != nil && ambiguous {
		// Different handles on different paths (a transaction when one
		// is given, the pool otherwise): the statement runs, on which
		// handle is not known.
		out.Handle, out.Autocommit = 0, false
	}
	return out
}

// returnsAffected reports whether every return of a body with results
// returns, first, the rows a statement affected (res.RowsAffected(),
// tag.RowsAffected(), or a local only they assign: n, err :=
// res.RowsAffected(); ...; return n, nil).
func returnsAffected(body *ast.BlockStmt) bool {
	counts := affectedLocals(body)
	some, all := false, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				all = false
				return false
			}
			switch r := ast.Unparen(n.Results[0]).(type) {
			case *ast.CallExpr:
				some = some || isMethod(r.Fun, "RowsAffected")
				all = all && isMethod(r.Fun, "RowsAffected")
			case *ast.Ident:
				// A local only RowsAffected assigns; the error path's
				// false, beside an answer of whether rows changed.
				some = some || counts[r.Name]
				all = all && (counts[r.Name] || r.Name == "false")
			case *ast.BinaryExpr:
				// Whether rows changed: tag.RowsAffected() > 0, n == 1.
				some = some || countCompared(r, counts)
				all = all && countCompared(r, counts)
			case *ast.BasicLit:
				all = all && r.Value == "0" // the error path's 0 is no count
			default:
				all = false
			}
		}
		return true
	})
	return some && all
}

// countCompared reports whether e compares the rows a statement
// affected with a literal: tag.RowsAffected() > 0, n == 1.
func countCompared(e *ast.BinaryExpr, counts map[string]bool) bool {
	count := func(x ast.Expr) bool {
		switch x := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			return isMethod(x.Fun, "RowsAffected")
		case *ast.Ident:
			return counts[x.Name]
		}
		return false
	}
	_, litX := ast.Unparen(e.X).(*ast.BasicLit)
	_, litY := ast.Unparen(e.Y).(*ast.BasicLit)
	switch e.Op {
	case token.GTR, token.GEQ, token.LSS, token.LEQ, token.EQL, token.NEQ:
		return count(e.X) && litY || litX && count(e.Y)
	}
	return false
}

// affectedLocals returns the names of a body's locals that hold the rows
// a statement affected: every assignment to them is of RowsAffected's
// result.
func affectedLocals(body *ast.BlockStmt) map[string]bool {
	out := map[string]bool{}
	other := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok || id.Name == "_" {
					continue
				}
				call, isCall := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
				if i == 0 && len(n.Rhs) == 1 && isCall && isMethod(call.Fun, "RowsAffected") {
					out[id.Name] = true
				} else {
					other[id.Name] = true
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				other[id.Name] = true
			}
		}
		return true
	})
	for name := range other {
		delete(out, name)
	}
	return out
}

// isMethod reports whether fun selects a method named name.
func isMethod(fun ast.Expr, name string) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name
}

// A binding is a call of a catalog.Binder whose results a function
// keeps: the bound text and its values.
type binding struct {
	*ast.CallExpr
	binder catalog.Binder
}

// boundQueries returns the variables that hold a binder's results
// (bound, args, err := sqlx.Named(query, arg)), each with its call.
func boundQueries(info *types.Info, body *ast.BlockStmt) map[types.Object]binding {
	out := map[types.Object]binding{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok {
			return true
		}
		b, ok := catalog.NamedBinder(fn)
		if !ok || b.Query >= len(call.Args) || b.Arg >= len(call.Args) {
			return true
		}
		for _, lhs := range as.Lhs[:2] {
			if obj := varOf(info, lhs); obj != nil {
				out[obj] = binding{call, b}
			}
		}
		return true
	})
	return out
}

// queryVar returns the variable an executor's text is read from,
// through rebinding calls (q.Rebind(bound)), or nil.
func queryVar(info *types.Info, e ast.Expr) types.Object {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return varOf(info, e)
		}
		fn, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok {
			return nil
		}
		i, ok := catalog.Rebinder(fn)
		if !ok || i >= len(call.Args) {
			return nil
		}
		e = call.Args[i]
	}
}

// argsVar returns the variable an executor's variadic arguments are
// (args...), or nil.
func argsVar(info *types.Info, e ast.Expr) types.Object { return varOf(info, e) }

// varOf returns the variable an identifier names, defined or used.
func varOf(info *types.Info, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	if obj := info.Defs[id]; obj != nil {
		return obj
	}
	return info.Uses[id]
}

// handleOf says which handle the executor's call runs the statement on:
// a parameter of the forwarder (1 + its index), or the forwarder's own,
// with whether that commits each statement.
func handleOf(info *types.Info, call *ast.CallExpr, callee *types.Func, sc catalog.SQLCall, paramIndex func(ast.Expr) int) (int, bool) {
	var recv ast.Expr
	switch {
	case sc.Forward && sc.Handle > 0:
		if sc.Handle-1 >= len(call.Args) {
			return 0, false
		}
		recv = call.Args[sc.Handle-1]
	case sc.Forward:
		return 0, sc.Autocommit
	default:
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || callee.Type().(*types.Signature).Recv() == nil {
			return 0, false
		}
		recv = sel.X
	}
	if i := paramIndex(recv); i >= 0 {
		return i + 1, false
	}
	tv, ok := info.Types[recv]
	return 0, ok && catalog.IsAutocommit(tv.Type)
}

// assigned reports whether the body assigns to one of the parameters:
// the text or arguments it forwards would then not be the caller's.
func assigned(info *types.Info, body *ast.BlockStmt, params *types.Tuple) bool {
	isParam := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		for i := range params.Len() {
			if params.At(i) == v {
				return true
			}
		}
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || isParam(l)
			}
		case *ast.UnaryExpr:
			found = found || n.Op.String() == "&" && isParam(n.X)
		}
		return !found
	})
	return found
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}
