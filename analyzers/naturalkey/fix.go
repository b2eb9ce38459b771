package naturalkey

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/passes/effects"
)

// mysqlDrivers and sqliteDrivers tell the dialect of ? placeholders from
// the drivers a package imports.
var (
	mysqlDrivers  = map[string]bool{"github.com/go-sql-driver/mysql": true}
	sqliteDrivers = map[string]bool{"github.com/mattn/go-sqlite3": true, "modernc.org/sqlite": true}
)

// conflictFix adds the dialect's conflict clause to the INSERT's SQL
// literal: a string literal at the call, or the constant it names in
// this package. Statements that return rows are left alone: with the
// clause, a retry would find no row where the first attempt found one.
func (c *checker) conflictFix(st *effects.Stmt) *analysis.SuggestedFix {
	if st.SQL.Returning || isQuery(st.Instr) {
		return nil
	}
	lit := c.sqlLiteral(st)
	if lit == nil || lit.Kind != token.STRING {
		return nil
	}
	text, err := strconv.Unquote(lit.Value)
	if err != nil || !strings.HasPrefix(lit.Value, "`") && strings.Contains(lit.Value, `\`) {
		return nil // an escape would shift offsets
	}
	clause := c.clause(text, st.SQL.Columns[0])
	if clause == "" {
		return nil
	}
	end := len(strings.TrimRight(text, " \t\r\n;"))
	pos := lit.Pos() + 1 + token.Pos(end)
	return &analysis.SuggestedFix{
		Message:   "Add" + clause + " so that a retry is absorbed",
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(clause)}},
	}
}

// clause picks the conflict clause of the statement's dialect, or "".
func (c *checker) clause(sql, firstCol string) string {
	switch {
	case strings.Contains(sql, "$1"):
		return " ON CONFLICT DO NOTHING"
	case !strings.Contains(sql, "?"):
		return ""
	}
	for _, imp := range c.pass.Pkg.Imports() {
		switch {
		case mysqlDrivers[imp.Path()]:
			return " ON DUPLICATE KEY UPDATE " + firstCol + " = " + firstCol
		case sqliteDrivers[imp.Path()]:
			return " ON CONFLICT DO NOTHING"
		}
	}
	return ""
}

// isQuery reports whether the statement runs through a method that
// returns rows (Query, QueryRow, Get).
func isQuery(c ssa.CallInstruction) bool {
	name := ""
	if c.Common().IsInvoke() {
		name = c.Common().Method.Name()
	} else if callee := c.Common().StaticCallee(); callee != nil {
		name = callee.Name()
	}
	return strings.HasPrefix(name, "Query") || strings.HasPrefix(name, "Get") || strings.HasPrefix(name, "Select")
}

// sqlLiteral finds the string literal that holds the statement's SQL.
func (c *checker) sqlLiteral(st *effects.Stmt) *ast.BasicLit {
	file := fix.FileOf(c.pass, st.Instr.Pos())
	call := fix.CallAt(file, st.Instr.Pos())
	if call == nil {
		return nil
	}
	for _, arg := range call.Args {
		switch a := ast.Unparen(arg).(type) {
		case *ast.BasicLit:
			if a.Kind == token.STRING {
				return a
			}
		case *ast.Ident:
			if k, ok := c.pass.TypesInfo.Uses[a].(*types.Const); ok && k.Pkg() == c.pass.Pkg {
				if lit := c.constLiteral(k); lit != nil {
					return lit
				}
			}
		}
	}
	return nil
}

// constLiteral finds the literal a package-level constant is declared with.
func (c *checker) constLiteral(k *types.Const) *ast.BasicLit {
	for _, f := range c.pass.Files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if c.pass.TypesInfo.Defs[name] == k && i < len(vs.Values) {
						lit, _ := vs.Values[i].(*ast.BasicLit)
						return lit
					}
				}
			}
		}
	}
	return nil
}
