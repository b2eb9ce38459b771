package naturalkey

import (
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

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
	edit := func(text string, st *sqltext.Statement) (sqlEdit, bool) {
		return conflictEdit(text, st, d, query, col, target)
	}
	e, ok := edit(text, st.SQL)
	if !ok {
		return nil
	}
	return c.withSQLC(e.at(lit.Pos()), lit.Pos(), text, e, edit, st.SQL)
}

// A sqlEdit inserts text into an INSERT's SQL.
type sqlEdit struct {
	off  int // in the SQL text
	text string
	msg  string
}

// at returns the fix that makes the edit in the literal that starts at
// lit and holds the SQL without escapes.
func (e sqlEdit) at(lit token.Pos) *analysis.SuggestedFix {
	pos := lit + 1 + token.Pos(e.off)
	return &analysis.SuggestedFix{
		Message:   e.msg,
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(e.text)}},
	}
}

// conflictEdit returns the edit of an INSERT's SQL text that absorbs a
// retry's duplicate of col, the operation key it stores, in dialect d;
// query says that the statement's rows are read; target is the key
// that holds col, which a conflict clause can name.
func conflictEdit(text string, st *sqltext.Statement, d fix.Dialect, query bool, col string, target []string) (sqlEdit, bool) {
	end := sqlEnd(text)
	if st.Returning {
		at := keywordAt(text, "RETURNING")
		if at < 0 || d == fix.MySQL {
			return sqlEdit{}, false
		}
		if query {
			return returningEdit(text[:at], d, col, target, st)
		}
		end = len(strings.TrimRight(text[:at], " \t\r\n"))
	}
	add := fix.ConflictClause(d, st.Columns[0])
	if add == "" {
		return sqlEdit{}, false
	}
	return sqlEdit{end, add, "Add" + add + " so that a retry is absorbed"}, true
}

// returningEdit handles an INSERT whose RETURNING rows the caller reads;
// head is its text up to RETURNING. ON CONFLICT DO NOTHING would return
// no row on a retry, and Scan would fail with ErrNoRows where the first
// attempt succeeded. A DO UPDATE that sets the key column to itself
// instead makes the duplicate's RETURNING yield the row that is already
// there, as the first attempt returned it: the retry is absorbed and the
// caller's code is unchanged.
//
// The conflict target must name the key that holds the column (the
// schema's, when the module declares the table), so the fix relies on a
// unique index on it (PostgreSQL rejects the statement, on its first run,
// when there is none). A statement of unknown dialect, or one inserting
// several rows (DO UPDATE cannot touch a row twice), gets no fix.
func returningEdit(head string, d fix.Dialect, col string, target []string, st *sqltext.Statement) (sqlEdit, bool) {
	if d != fix.PostgreSQL && d != fix.SQLite || slices.ContainsFunc(append([]string{col}, target...), func(c string) bool {
		return !plainIdent.MatchString(c) || strings.Contains(head, `"`+c+`"`)
	}) {
		return sqlEdit{}, false // a quoted column would need its quotes, and its case, in the target
	}
	for _, ps := range st.Params {
		if len(ps) > 1 {
			return sqlEdit{}, false // several rows, or a column computed from several values
		}
	}
	if d == fix.SQLite && keywordAt(head, "VALUES") < 0 {
		return sqlEdit{}, false // SQLite reads ON CONFLICT after INSERT ... SELECT as a join
	}
	add := " ON CONFLICT (" + strings.Join(target, ", ") + ") DO UPDATE SET " + col + " = EXCLUDED." + col
	return sqlEdit{len(strings.TrimRight(head, " \t\r\n")), add,
		"Add" + add + " so that a retry is absorbed and RETURNING yields the row the first attempt inserted"}, true
}

// plainIdent matches a column name that needs no quoting.
var plainIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// keywordAt returns the byte offset of the first occurrence of keyword kw
// (upper case) in SQL text outside quotes, comments and parentheses, or -1.
func keywordAt(text, kw string) int {
	depth := 0
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; {
		case ch == '\'' || ch == '"' || ch == '`':
			end := strings.IndexByte(text[i+1:], ch)
			if end < 0 {
				return -1
			}
			i += end + 1
		case strings.HasPrefix(text[i:], "--"):
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				return -1
			}
			i += end
		case ch == '(':
			depth++
		case ch == ')':
			depth--
		case depth == 0 && (i == 0 || !isWordByte(text[i-1])) && len(text)-i >= len(kw) &&
			strings.EqualFold(text[i:i+len(kw)], kw) && (i+len(kw) == len(text) || !isWordByte(text[i+len(kw)])):
			return i
		}
	}
	return -1
}

// sqlEnd returns the offset just after the statement's last token:
// before trailing space, semicolons and comments (a clause appended after
// "-- one row per event" would be part of the comment).
func sqlEnd(text string) int {
	end := 0
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; {
		case ch == '\'' || ch == '"' || ch == '`':
			close := strings.IndexByte(text[i+1:], ch)
			if close < 0 {
				return len(text)
			}
			i += close + 1
			end = i + 1
		case strings.HasPrefix(text[i:], "--"):
			nl := strings.IndexByte(text[i:], '\n')
			if nl < 0 {
				return end
			}
			i += nl
		case strings.HasPrefix(text[i:], "/*"):
			close := strings.Index(text[i+2:], "*/")
			if close < 0 {
				return end
			}
			i += close + 3
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ';':
		default:
			end = i + 1
		}
	}
	return end
}

func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
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
