package naturalkey

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/fix"
)

// conflictFix adds the dialect's conflict clause for col, the operation
// key the INSERT stores, to the INSERT's SQL literal: a string literal at
// the call, or the constant it names in this package.
func (c *checker) conflictFix(st *effects.Stmt, col string) *analysis.SuggestedFix {
	lit := c.sqlLiteral(st)
	if lit == nil || lit.Kind != token.STRING {
		return nil
	}
	text, err := strconv.Unquote(lit.Value)
	if err != nil || !strings.HasPrefix(lit.Value, "`") && strings.Contains(lit.Value, `\`) {
		return nil // an escape would shift offsets
	}
	dialect := fix.DialectOf(c.pass.Pkg, text)
	end := sqlEnd(text)
	if st.SQL.Returning {
		at := keywordAt(text, "RETURNING")
		if at < 0 || dialect == fix.MySQL {
			return nil
		}
		if isQuery(st.Instr) {
			return returningFix(lit, text[:at], dialect, col, st)
		}
		end = len(strings.TrimRight(text[:at], " \t\r\n"))
	}
	add := fix.ConflictClause(dialect, st.SQL.Columns[0])
	if add == "" {
		return nil
	}
	return insertInSQL(lit, end, add, "Add"+add+" so that a retry is absorbed")
}

// returningFix handles an INSERT whose RETURNING rows the caller reads;
// head is its text up to RETURNING. ON CONFLICT DO NOTHING would return
// no row on a retry, and Scan would fail with ErrNoRows where the first
// attempt succeeded. A DO UPDATE that sets the key column to itself
// instead makes the duplicate's RETURNING yield the row that is already
// there, as the first attempt returned it: the retry is absorbed and the
// caller's code is unchanged.
//
// The conflict target must name the key column, so the fix relies on a
// unique index on it (PostgreSQL rejects the statement, on its first run,
// when there is none). A statement of unknown dialect, or one inserting
// several rows (DO UPDATE cannot touch a row twice), gets no fix.
func returningFix(lit *ast.BasicLit, head string, d fix.Dialect, col string, st *effects.Stmt) *analysis.SuggestedFix {
	if d != fix.PostgreSQL && d != fix.SQLite || !plainIdent.MatchString(col) || strings.Contains(head, `"`+col+`"`) {
		return nil // a quoted column would need its quotes, and its case, in the target
	}
	for _, ps := range st.SQL.Params {
		if len(ps) > 1 {
			return nil // several rows, or a column computed from several values
		}
	}
	if d == fix.SQLite && keywordAt(head, "VALUES") < 0 {
		return nil // SQLite reads ON CONFLICT after INSERT ... SELECT as a join
	}
	add := " ON CONFLICT (" + col + ") DO UPDATE SET " + col + " = EXCLUDED." + col
	return insertInSQL(lit, len(strings.TrimRight(head, " \t\r\n")), add,
		"Add"+add+" so that a retry is absorbed and RETURNING yields the row the first attempt inserted")
}

// plainIdent matches a column name that needs no quoting.
var plainIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// insertInSQL returns the fix that inserts text at byte offset off of the
// SQL that lit holds (a literal without escapes).
func insertInSQL(lit *ast.BasicLit, off int, text, msg string) *analysis.SuggestedFix {
	pos := lit.Pos() + 1 + token.Pos(off)
	return &analysis.SuggestedFix{
		Message:   msg,
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(text)}},
	}
}

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
