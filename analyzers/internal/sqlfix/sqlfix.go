// Package sqlfix makes the edits of an INSERT's SQL text that absorb a
// retry's duplicate: in the literal that holds it and, for a file sqlc
// generated, in the query it was generated from, which the next
// generation would otherwise undo.
package sqlfix

import (
	"bufio"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/fix"
	"github.com/idemlint/idemlint/internal/sqlc"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/summary"
)

// An Edit inserts Text into an INSERT's SQL text at Off.
type Edit struct {
	Off  int // in the SQL text
	Text string
	Msg  string
}

// A Maker makes the Edit of an INSERT's SQL text, read as st; false
// when it cannot.
type Maker func(text string, st *sqltext.Statement) (Edit, bool)

// At returns the fix that makes the edit in the literal that starts at
// lit and holds the SQL without escapes.
func (e Edit) At(lit token.Pos) *analysis.SuggestedFix {
	pos := lit + 1 + token.Pos(e.Off)
	return &analysis.SuggestedFix{
		Message:   e.Msg,
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(e.Text)}},
	}
}

// Conflict returns the edit of an INSERT's SQL text that absorbs a
// retry's duplicate of col, the operation key it stores, in dialect d;
// query says that the statement's rows are read; target is the key
// that holds col, which a conflict clause can name.
func Conflict(text string, st *sqltext.Statement, d fix.Dialect, query bool, col string, target []string) (Edit, bool) {
	end := sqlEnd(text)
	if st.Returning {
		at := keywordAt(text, "RETURNING")
		if at < 0 || d == fix.MySQL {
			return Edit{}, false
		}
		if query {
			return returningEdit(text[:at], d, col, target, st)
		}
		end = len(strings.TrimRight(text[:at], " \t\r\n"))
	}
	add := fix.ConflictClause(d, st.Columns[0])
	if add == "" {
		return Edit{}, false
	}
	return Edit{end, add, "Add" + add + " so that a retry is absorbed"}, true
}

// Identity returns the edit of an INSERT's SQL text that absorbs a
// retry's duplicate of col, an identity the fix derives from the
// operation key, in dialect d (PostgreSQL or SQLite); query says that
// the statement's rows are read; target is the schema's key that holds
// col. Unlike Conflict's, the clause names its target even where no rows
// are read: a duplicate of another key (a user's email under UNIQUE)
// fails as it did before the fix.
func Identity(text string, st *sqltext.Statement, d fix.Dialect, query bool, col string, target []string) (Edit, bool) {
	if d != fix.PostgreSQL && d != fix.SQLite {
		return Edit{}, false
	}
	end := sqlEnd(text)
	if st.Returning {
		at := keywordAt(text, "RETURNING")
		if at < 0 {
			return Edit{}, false
		}
		if query {
			return returningEdit(text[:at], d, col, target, st)
		}
		end = len(strings.TrimRight(text[:at], " \t\r\n"))
	}
	if slices.ContainsFunc(target, func(c string) bool { return !plainIdent.MatchString(c) }) {
		return Edit{}, false
	}
	add := " ON CONFLICT (" + strings.Join(target, ", ") + ") DO NOTHING"
	return Edit{end, add, "Add" + add + " so that a retry is absorbed"}, true
}

// ModelIdentity returns the fix that puts, before an ORM's create whose
// place lit describes (at litPos), the clause that makes a duplicate of
// target, a key that holds an identity the fix derives from the
// operation key, insert nothing and fail nothing:
// Clauses(clause.OnConflict{Columns: ..., DoNothing: true}). A duplicate
// of another key fails as before.
func ModelIdentity(fset *token.FileSet, lit *valueflow.SQLLit, litPos token.Pos, target []string) *analysis.SuggestedFix {
	if slices.ContainsFunc(target, func(c string) bool { return !plainIdent.MatchString(c) }) {
		return nil
	}
	name := lit.ClauseName
	var edits []analysis.TextEdit
	if name == "" {
		name = lit.Clauses[strings.LastIndex(lit.Clauses, "/")+1:]
		var ok bool
		if edits, ok = summary.TextEdits(fset, lit.ClauseImport); !ok {
			return nil
		}
	}
	cols := make([]string, len(target))
	for i, c := range target {
		cols[i] = "{Name: " + strconv.Quote(c) + "}"
	}
	add := "Clauses(" + name + ".OnConflict{Columns: []" + name + ".Column{" + strings.Join(cols, ", ") + "}, DoNothing: true})."
	return &analysis.SuggestedFix{
		Message:   "Add " + strings.TrimSuffix(add, ".") + " so that a retry is absorbed",
		TextEdits: append(edits, analysis.TextEdit{Pos: litPos, End: litPos, NewText: []byte(add)}),
	}
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
func returningEdit(head string, d fix.Dialect, col string, target []string, st *sqltext.Statement) (Edit, bool) {
	if d != fix.PostgreSQL && d != fix.SQLite || slices.ContainsFunc(append([]string{col}, target...), func(c string) bool {
		return !plainIdent.MatchString(c) || strings.Contains(head, `"`+c+`"`)
	}) {
		return Edit{}, false // a quoted column would need its quotes, and its case, in the target
	}
	for _, ps := range st.Params {
		if len(ps) > 1 {
			return Edit{}, false // several rows, or a column computed from several values
		}
	}
	if d == fix.SQLite && keywordAt(head, "VALUES") < 0 {
		return Edit{}, false // SQLite reads ON CONFLICT after INSERT ... SELECT as a join
	}
	add := " ON CONFLICT (" + strings.Join(target, ", ") + ") DO UPDATE SET " + col + " = EXCLUDED." + col
	return Edit{len(strings.TrimRight(head, " \t\r\n")), add,
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

// ProgramDialect is the dialect of a statement of a root's expanded
// list: its placeholders', or, for ? placeholders, the one its package's
// driver speaks when the run recorded it; or else the one of the drivers
// the program links, which the driver of every statement speaks (sqlx's
// named parameters say nothing, and their statement's SQL has made them
// $n; the driver is imported by the module's database package or by
// main); or else the one its $n placeholders tell.
func ProgramDialect(pkg *types.Package, st *summary.ProgramStmt) fix.Dialect {
	if st.Lit != nil && fix.Dialect(st.Lit.Dialect) != fix.DialectUnknown {
		return fix.Dialect(st.Lit.Dialect)
	}
	if d := fix.ProgramDialect(pkg); d != fix.DialectUnknown {
		return d
	}
	if st.Lit != nil && st.Lit.Text != "" {
		return fix.DialectUnknown // named parameters
	}
	return fix.DialectOf(types.NewPackage("", ""), st.SQL)
}

// sqlcSource returns the query file's name that a file sqlc generated
// names ("// source: query.sql"), read from the file's header, or false
// for a file sqlc did not generate.
func sqlcSource(name string) (string, bool) {
	f, err := os.Open(name)
	if err != nil {
		return "", false
	}
	defer f.Close()
	sqlcMade := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "//")
		if !ok {
			break // the header ends with the first line that is no comment
		}
		text = strings.TrimSpace(text)
		if strings.HasPrefix(text, "Code generated by sqlc") {
			sqlcMade = true
		}
		if name, ok := strings.CutPrefix(text, "source: "); ok && sqlcMade {
			return strings.TrimSpace(name), true
		}
	}
	return "", false
}

// sqlcEdit returns, for an edit e of the SQL text constText of a
// constant at lit, in a file that sqlc generated, the same edit of the
// query it was generated from, placed by the query's own text (sqlc
// rewrites RETURNING * into the columns). generated says whether the
// file is sqlc's: an edit of it alone would be undone by the next
// generation, so when the query is not found there is no fix.
func sqlcEdit(fset *token.FileSet, lit token.Pos, constText string, e Edit, edit Maker, genStmt *sqltext.Statement) (out analysis.TextEdit, generated, ok bool) {
	gen := fset.File(lit)
	if gen == nil {
		return analysis.TextEdit{}, false, false
	}
	name, generated := sqlcSource(gen.Name())
	if !generated {
		return analysis.TextEdit{}, false, false
	}
	q, err := sqlc.Source(gen.Name(), name, constText)
	if err != nil {
		return analysis.TextEdit{}, true, false
	}
	st := sqltext.Parse(q.Text)
	if st.Kind != sqltext.Insert || st.Table != genStmt.Table || len(st.Columns) == 0 || st.Columns[0] != genStmt.Columns[0] {
		return analysis.TextEdit{}, true, false
	}
	se, ok := edit(q.Text, st)
	if !ok || se.Text != e.Text {
		return analysis.TextEdit{}, true, false
	}
	tf := sqlFile(fset, q.File)
	if tf == nil {
		return analysis.TextEdit{}, true, false
	}
	pos := tf.Pos(q.Start + se.Off)
	return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(se.Text)}, true, true
}

// WithSQLC adds to f, the fix e of a literal at lit, the same edit of
// the sqlc query the literal was generated from; it returns nil when
// the literal is sqlc's and its query cannot be edited alike.
func WithSQLC(fset *token.FileSet, f *analysis.SuggestedFix, lit token.Pos, constText string, e Edit, edit Maker, st *sqltext.Statement) *analysis.SuggestedFix {
	src, generated, ok := sqlcEdit(fset, lit, constText, e, edit, st)
	switch {
	case !generated:
		return f
	case !ok:
		return nil
	}
	f.TextEdits = append(f.TextEdits, src)
	return f
}

// sqlFile returns the file set's file for a query file, adding it as
// the assembly checks add theirs: an edit needs positions in it.
func sqlFile(fset *token.FileSet, name string) *token.File {
	for f := range fset.Iterate {
		if f.Name() == name {
			return f
		}
	}
	content, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	tf := fset.AddFile(name, -1, len(content))
	tf.SetLinesForContent(content)
	return tf
}
