package naturalkey

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analyzers/internal/sqlfix"
	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// conflictFix adds the dialect's conflict clause for col, the operation
// key the INSERT stores, to the INSERT's SQL literal: a string literal at
// the call, or the constant it names in this package.
func (c *checker) conflictFix(st *effects.Stmt, col string) *analysis.SuggestedFix {
	lit, text := fix.SQLLiteralAt(c.pass.Files, c.pass.TypesInfo, c.pass.Pkg, st.Instr.Pos())
	if lit == nil || !fix.StatementText(text, st.Text) {
		// Not the statement's own text: the call runs a prepared
		// statement, or text a builder renders.
		return nil
	}
	d, query := fix.DialectOf(c.pass.Pkg, text), effects.ReadsRows(st.Instr)
	if text != st.Text {
		d = fix.NamedDialect(c.pass.Pkg) // named parameters say nothing
	}
	target, ok := c.cat.ConflictTarget(st.SQL.Table, st.SQL.Columns, col)
	if !ok {
		return nil // no key of the schema that the INSERT fills holds col
	}
	edit := func(text string, st *sqltext.Statement) (sqlfix.Edit, bool) {
		return sqlfix.Conflict(text, st, d, query, col, target)
	}
	e, ok := edit(text, st.SQL)
	if !ok {
		return nil
	}
	return sqlfix.WithSQLC(c.pass.Fset, e.At(lit.Pos()), lit.Pos(), text, e, edit, st.SQL)
}

// bunConflictFix returns the fix of a query builder's INSERT that Exec
// runs with nothing to scan into (bun's NewInsert().Model(m).Exec(ctx)):
// the call that absorbs a duplicate in the dialect the program links,
// before Exec. A duplicate then inserts nothing and fails nothing; a
// statement whose dialect the package does not tell gets no fix.
func (c *checker) bunConflictFix(st *effects.Stmt) *analysis.SuggestedFix {
	fn := valueflow.Callee(st.Instr.Common())
	if fn == nil {
		return nil
	}
	qb, exec, ok := fix.BuilderExec(c.pass.Files, fn, st.Instr.Pos())
	if !ok {
		return nil
	}
	return builderConflictFix(qb, fix.ProgramDialect(c.pass.Pkg), exec)
}

// builderConflictFix inserts the builder's conflict call of dialect d
// before the executor's name at exec.
func builderConflictFix(qb *catalog.QueryBuilder, d fix.Dialect, exec token.Pos) *analysis.SuggestedFix {
	add := qb.ConflictCall(d.Name())
	if add == "" {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "Add " + add + " so that a retry is absorbed",
		TextEdits: []analysis.TextEdit{{Pos: exec, End: exec, NewText: []byte(add + ".")}},
	}
}

// entConflictFix returns the fix of an ent create that Exec runs: the
// upsert that sets the row's columns to themselves on a conflict of col
// (OnConflictColumns("col").Ignore()), so that a retry leaves the row
// the first attempt stored, without an error (DoNothing would end a
// PostgreSQL retry in a missing row). A create that Save runs returns
// the entity, which no upsert does: no fix.
func (c *checker) entConflictFix(st *effects.Stmt, col string) *analysis.SuggestedFix {
	fn := valueflow.Callee(st.Instr.Common())
	if fn == nil || fn.Name() != "Exec" && fn.Name() != "ExecX" {
		return nil
	}
	if _, b, ok := catalog.EntRunner(fn); !ok || b.Kind != "INSERT" || b.Upsert {
		return nil
	}
	file := fix.FileOf(c.pass, st.Instr.Pos())
	if file == nil {
		return nil
	}
	call := fix.CallAt(file, st.Instr.Pos())
	if call == nil {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	add := "OnConflictColumns(" + strconv.Quote(col) + ").Ignore()."
	return &analysis.SuggestedFix{
		Message:   "Add " + strings.TrimSuffix(add, ".") + " so that a retry is absorbed",
		TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: []byte(add)}},
	}
}
