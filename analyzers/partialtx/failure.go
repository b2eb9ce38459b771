package partialtx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/fix"
)

// afterErrCheck returns the statement after which to commit: the last
// write's statement, or the check of its error that follows it.
func afterErrCheck(info *types.Info, block *ast.BlockStmt, last ast.Stmt) ast.Stmt {
	if _, ifs := fix.ErrCheck(info, block, last); ifs != nil {
		return ifs
	}
	return last
}

// contextArg returns the text of the call's context.Context argument,
// when it means the same at pos, where the transaction begins.
func (c *checker) contextArg(call *ast.CallExpr, pos token.Pos) string {
	for _, a := range call.Args {
		if catalog.TypeKey(c.pass.TypesInfo.TypeOf(a)) == "context.Context" {
			if !fix.SameAt(c.pass.TypesInfo, c.pass.Pkg, a, pos, nil) {
				return ""
			}
			text, _ := fix.Print(c.pass.Fset, nil, a)
			return text
		}
	}
	return ""
}

// returnedErrCheck returns the check to put before the Commit when the
// last write's error is returned by the statement after it ("_, err :=
// tx.Exec(...)" then "return err"): "if err != nil { return err }", the
// return copied. ok is false when that return cannot be copied; the
// check is empty when there is nothing to add.
func (c *checker) returnedErrCheck(file *ast.File, block *ast.BlockStmt, last ast.Stmt) (string, bool) {
	as, isAssign := last.(*ast.AssignStmt)
	i := slices.Index(block.List, last)
	if !isAssign || i+1 >= len(block.List) {
		return "", true
	}
	var errVar types.Object
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && fix.IsError(c.pass.TypesInfo.TypeOf(id)) {
			errVar = c.pass.TypesInfo.ObjectOf(id)
		}
	}
	ret, isReturn := block.List[i+1].(*ast.ReturnStmt)
	if errVar == nil || !isReturn || len(fix.Uses(c.pass.TypesInfo, ret, errVar)) == 0 {
		return "", true
	}
	text, ok := fix.Print(c.pass.Fset, file, ret)
	if !ok {
		return "", false
	}
	return fix.IfStmt("", fix.NotNil(errVar.Name()), fix.Block(text)), true
}

// A failure is how the fix handles a failed Begin or Commit: body gives
// the statements to run when the error, named by its argument, is not
// nil. When name is set, the statements use that name, and the fix binds
// the error to it.
type failure struct {
	name string
	body func(err string) []string
}

// failure returns how the function handles a failed write, so that a
// failed Begin or Commit is handled alike: when the function returns an
// error, by returning it (with zero values); otherwise by a copy of the
// statements that handle the error of the first write (in an HTTP
// handler, http.Error and return: a bare return would answer 200 to a
// failed commit), when they end in a return and every name in them means
// the same where they are copied to; by a bare return when the function
// returns nothing and ignores that error. ok is false otherwise.
func (c *checker) failure(fn *ssa.Function, block *ast.BlockStmt, first, after ast.Stmt) (failure, bool) {
	if fix.ReturnsError(fn.Signature) {
		res := fn.Signature.Results()
		var zeros []string
		for i := 0; i < res.Len()-1; i++ {
			z, ok := fix.Zero(res.At(i).Type())
			if !ok {
				return failure{}, false
			}
			zeros = append(zeros, z)
		}
		return failure{body: func(err string) []string { return []string{fix.ReturnStmt(append(zeros, err)...)} }}, true
	}
	errVar, ifs := fix.ErrCheck(c.pass.TypesInfo, block, first)
	if ifs == nil {
		return failure{body: func(string) []string { return []string{fix.ReturnStmt()} }}, fn.Signature.Results().Len() == 0
	}
	body := ifs.Body
	if !fix.EndsInReturn(body) {
		return failure{}, false
	}
	// The error is bound again by the fix; what the statements declare
	// comes with them.
	keep := func(obj types.Object) bool {
		return obj == errVar || obj.Pos() >= body.Pos() && obj.Pos() < body.End()
	}
	if !fix.SameAt(c.pass.TypesInfo, c.pass.Pkg, body, first.Pos(), keep) || !fix.SameAt(c.pass.TypesInfo, c.pass.Pkg, body, after.End(), keep) {
		return failure{}, false
	}
	var stmts []string
	for _, st := range body.List {
		// Printed without comments, and refused for a raw string that
		// spans lines: indenting the copy would change the string.
		text, ok := fix.Print(c.pass.Fset, nil, st)
		if !ok {
			return failure{}, false
		}
		stmts = append(stmts, text)
	}
	return failure{name: errVar.Name(), body: func(string) []string { return stmts }}, true
}
