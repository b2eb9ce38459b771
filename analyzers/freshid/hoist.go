package freshid

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/passes/retried"
	"github.com/idemlint/idemlint/passes/summary"
)

// hoistFix makes the fresh value once, before the retry wrapper's call
// or the hand-written retry loop whose attempts make it anew: every
// attempt then uses the same value, which is all such a retry needs. It
// returns nil where that is not the whole fix or not the same program:
// when the function that retries is itself retried (its caller's
// delivery would make the value anew), the value is made in a callee or
// per item of a loop inside the attempt, or from the attempt's own
// variables, or its name cannot be declared before the retry.
func hoistFix(pass *analysis.Pass, res *summary.Result, path *retried.Path, call *ssa.Call) *analysis.SuggestedFix {
	root := path.Root
	if !root.Attempts || len(path.Via) > 0 || call.Parent() != root.Fn {
		return nil
	}
	file := fix.FileOf(pass, call.Pos())
	if file == nil {
		return nil
	}
	nodes, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.Pos()+1)
	expr, tuple := fix.Replaceable(pass, nodes)
	if expr == nil || tuple {
		return nil
	}
	attempt, outer := attemptOf(root, nodes)
	if attempt == nil || retriedElsewhere(res, root, outer) || !madeOncePerAttempt(nodes, expr, attempt) || usesOwnVars(pass.TypesInfo, expr, attempt) {
		return nil
	}
	if lit, ok := attempt.(*ast.FuncLit); ok && !onlyRetried(pass.TypesInfo, file, lit, root.Pos) {
		return nil
	}
	anchor, _, _, ok := fix.StmtIn(file, attempt)
	if !ok {
		return nil
	}
	edits, ok := moveBefore(pass, file, nodes, expr, anchor)
	if !ok {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Make the value once, before the retries, so that every attempt uses the same one",
		TextEdits: edits,
	}
}

// attemptOf returns the syntax of one attempt of root, which nodes (the
// path to the fresh value) pass through: the function literal a retry
// wrapper calls, or the body of the retry loop (the innermost loop
// around the root's position); and the function that retries.
func attemptOf(root *retried.Root, nodes []ast.Node) (ast.Node, *ssa.Function) {
	if root.Blocks == nil {
		lit, ok := root.Fn.Syntax().(*ast.FuncLit)
		if !ok || root.Fn.Parent() == nil {
			return nil, nil
		}
		return lit, root.Fn.Parent()
	}
	var loop ast.Node
	for _, n := range nodes {
		switch n := n.(type) {
		case *ast.ForStmt:
			if n.Body.Pos() <= root.Pos && root.Pos < n.Body.End() {
				loop = n
			}
		case *ast.RangeStmt:
			if n.Body.Pos() <= root.Pos && root.Pos < n.Body.End() {
				loop = n
			}
		}
		if loop != nil {
			return loop, root.Fn
		}
	}
	return nil, nil
}

// retriedElsewhere reports whether the function that retries runs on a
// retried path of its own, or is a root: then a value made before its
// retry is still made anew on each of its deliveries.
func retriedElsewhere(res *summary.Result, root *retried.Root, fn *ssa.Function) bool {
	if p, ok := res.Retried.Reached(fn); ok && p.Root != root {
		return true
	}
	for _, r := range res.Retried.Roots() {
		if r != root && r.Fn == fn {
			return true
		}
	}
	for _, f := range res.SrcFuncs() {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() == fn {
					if _, on := res.Retried.On(instr); on {
						return true
					}
				}
			}
		}
	}
	return false
}

// onlyRetried reports whether the retry wrapper's call at lparen is the
// closure's only use: the closure is its argument, or the value of a
// variable that call alone reads. A closure called elsewhere too would
// share the value made before it with those calls.
func onlyRetried(info *types.Info, file *ast.File, lit *ast.FuncLit, lparen token.Pos) bool {
	path, _ := astutil.PathEnclosingInterval(file, lit.Pos(), lit.End())
	if len(path) < 2 || path[0] != lit {
		return false
	}
	isRetryArg := func(parent ast.Node) bool {
		call, ok := parent.(*ast.CallExpr)
		return ok && call.Lparen == lparen
	}
	if isRetryArg(path[1]) {
		return true
	}
	as, ok := path[1].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != lit {
		return false
	}
	obj := info.Defs[as.Lhs[0].(*ast.Ident)]
	if obj == nil {
		return false
	}
	var body ast.Node = file
	for _, n := range path {
		if fn, ok := n.(*ast.FuncDecl); ok {
			body = fn
			break
		}
	}
	uses := fix.Uses(info, body, obj)
	if len(uses) != 1 {
		return false
	}
	upath, _ := astutil.PathEnclosingInterval(file, uses[0].Pos(), uses[0].End())
	return len(upath) >= 2 && upath[0] == uses[0] && isRetryArg(upath[1])
}

// madeOncePerAttempt reports whether expr runs at most once per attempt:
// no loop or function literal lies between it and the attempt's syntax
// (for a retry loop, it is in the loop's body).
func madeOncePerAttempt(nodes []ast.Node, expr ast.Expr, attempt ast.Node) bool {
	inside := false
	for i, n := range nodes {
		if n == expr {
			inside = true
			continue
		}
		if !inside {
			continue
		}
		if n == attempt {
			switch a := attempt.(type) {
			case *ast.ForStmt:
				return i > 0 && nodes[i-1] == a.Body
			case *ast.RangeStmt:
				return i > 0 && nodes[i-1] == a.Body
			}
			return true
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		}
	}
	return false
}

// usesOwnVars reports whether expr uses a variable declared inside the
// attempt, which does not exist before it.
func usesOwnVars(info *types.Info, expr ast.Expr, attempt ast.Node) bool {
	own := false
	ast.Inspect(expr, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && attempt.Pos() <= v.Pos() && v.Pos() < attempt.End() {
				own = true
			}
		}
		return !own
	})
	return own
}

// moveBefore returns the edits that make expr before anchor: the
// statement "name := expr" itself, moved, when that is how the attempt
// declares it; otherwise a new variable, which expr's place then reads.
func moveBefore(pass *analysis.Pass, file *ast.File, nodes []ast.Node, expr ast.Expr, anchor ast.Stmt) ([]analysis.TextEdit, bool) {
	fset := pass.Fset
	if as, ok := declaringStmt(nodes, expr); ok {
		name := as.Lhs[0].(*ast.Ident).Name
		if fix.DeclaredAround(pass.Pkg, anchor.Pos(), name) || declaredAbove(pass.Pkg, anchor.Pos(), name) {
			return nil, false
		}
		stmt, block, i, ok := fix.StmtIn(file, as)
		if !ok || stmt != as {
			return nil, false
		}
		text, ok := fix.Print(fset, file, as)
		if !ok {
			return nil, false
		}
		del, ok := fix.DeleteStmts(fset, file, block, i, i)
		if !ok {
			return nil, false
		}
		ins, ok := fix.StmtBefore(fset, file, anchor.Pos(), text)
		if !ok {
			return nil, false
		}
		return []analysis.TextEdit{ins, del}, true
	}
	text, ok := fix.Print(fset, nil, expr)
	if !ok {
		return nil, false
	}
	taken := fix.NamesIn(pass.TypesInfo, nil, anchor)
	name := fix.FreshName(taken, "id", "key")
	for fix.DeclaredAround(pass.Pkg, anchor.Pos(), name) || declaredAbove(pass.Pkg, anchor.Pos(), name) || declaredAbove(pass.Pkg, expr.Pos(), name) {
		taken[name] = true
		name = fix.FreshName(taken, "id", "key")
	}
	ins, ok := fix.StmtBefore(fset, file, anchor.Pos(), name+" := "+text)
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{ins, {Pos: expr.Pos(), End: expr.End(), NewText: []byte(name)}}, true
}

// declaringStmt returns the statement "name := expr" that declares the
// fresh value, if that is where expr is.
func declaringStmt(nodes []ast.Node, expr ast.Expr) (*ast.AssignStmt, bool) {
	for i, n := range nodes {
		if n != expr || i+1 >= len(nodes) {
			continue
		}
		as, ok := nodes[i+1].(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != expr {
			return nil, false
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
			return as, true
		}
	}
	return nil, false
}

// declaredAbove reports whether name, written at pos, refers to
// anything: a declaration of it there would hide that from the code
// after it.
func declaredAbove(pkg *types.Package, pos token.Pos, name string) bool {
	scope := pkg.Scope().Innermost(pos)
	if scope == nil {
		return true
	}
	_, obj := scope.LookupParent(name, pos)
	return obj != nil
}
