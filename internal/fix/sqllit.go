package fix

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
)

// SQLLiteralAt returns the string literal that holds the SQL of the call
// whose opening parenthesis is at lparen, with the text it holds: an
// argument written in place, or the literal that a constant of pkg the
// argument names is declared with. It returns nil unless the literal can
// be edited at the offsets of its text (a raw string, or one without
// escapes, which would shift them).
func SQLLiteralAt(files []*ast.File, info *types.Info, pkg *types.Package, lparen token.Pos) (*ast.BasicLit, string) {
	var file *ast.File
	for _, f := range files {
		if f.FileStart <= lparen && lparen < f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return nil, ""
	}
	call := CallAt(file, lparen)
	if call == nil {
		return nil, ""
	}
	for _, arg := range call.Args {
		var lit *ast.BasicLit
		switch a := ast.Unparen(arg).(type) {
		case *ast.BasicLit:
			lit = a
		case *ast.Ident:
			if k, ok := info.Uses[a].(*types.Const); ok && k.Pkg() == pkg {
				lit = constLiteral(files, info, k)
			}
		}
		if lit == nil || lit.Kind != token.STRING {
			continue
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil || !strings.HasPrefix(lit.Value, "`") && strings.Contains(lit.Value, `\`) {
			return nil, ""
		}
		return lit, text
	}
	return nil, ""
}

// BuilderExec locates the executor of a query builder's statement that
// fn, the callee of the call whose parenthesis is at lparen, runs with
// nothing to scan into (bun's NewInsert().Model(m).Exec(ctx)): the
// builder, and the position of the executor's name, before which a
// call of the chain goes. Exec(ctx, &dest) scans what the statement
// returns, and is none.
func BuilderExec(files []*ast.File, fn *types.Func, lparen token.Pos) (*catalog.QueryBuilder, token.Pos, bool) {
	qb, ok := catalog.QueryBuilderOf(fn)
	if !ok || fn.Name() != qb.Exec {
		return nil, token.NoPos, false
	}
	for _, f := range files {
		if f.FileStart > lparen || lparen >= f.FileEnd {
			continue
		}
		call := CallAt(f, lparen)
		if call == nil || len(call.Args) != 1 || call.Ellipsis.IsValid() {
			return nil, token.NoPos, false
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			return qb, sel.Sel.Pos(), true
		}
	}
	return nil, token.NoPos, false
}

// StatementText reports whether lit, the text of a literal, is the
// statement a call runs, whose text is stmt: the same text, or a text
// with named parameters (sqlx's :name) that runs as stmt once they are
// made positional. The literal's own text is what an edit's offsets
// count in.
func StatementText(lit, stmt string) bool {
	if lit == stmt {
		return true
	}
	pos, _, ok := sqltext.Positional(lit)
	return ok && pos == stmt
}

// constLiteral finds the literal a constant of the package is declared
// with, at package level or in a function (const query = `INSERT ...`).
func constLiteral(files []*ast.File, info *types.Info, k *types.Const) *ast.BasicLit {
	var lit *ast.BasicLit
	for _, f := range files {
		if f.FileStart > k.Pos() || k.Pos() >= f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || lit != nil {
				return lit == nil
			}
			for i, name := range vs.Names {
				if info.Defs[name] == k && i < len(vs.Values) {
					lit, _ = vs.Values[i].(*ast.BasicLit)
				}
			}
			return false
		})
	}
	return lit
}
