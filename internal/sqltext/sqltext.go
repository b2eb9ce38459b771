// Package sqltext understands the SQL statements that Go code passes to
// database drivers: the statement kind, the table, the column each
// placeholder fills, and whether an INSERT handles conflicts.
//
// It is a tolerant lexer and a small recursive reader, not a full SQL
// parser: the text comes from string constants of Go programs, often
// fragments, in PostgreSQL, MySQL and SQLite dialects, and what idemlint
// needs from it is a handful of facts per statement. Text it cannot read
// yields Kind Unknown, which every check treats as "no proof".
package sqltext

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Kind is the kind of a statement.
type Kind int

const (
	Unknown Kind = iota
	Insert
	Update
	Delete
	Merge
	Select
)

func (k Kind) String() string {
	return [...]string{"unknown", "INSERT", "UPDATE", "DELETE", "MERGE", "SELECT"}[k]
}

// Statement is what idemlint knows about one SQL statement.
type Statement struct {
	Kind  Kind
	Table string
	// Columns of an INSERT, in order; nil when the statement names none.
	Columns []string
	// Params maps each column index to the placeholders that fill it.
	Params [][]Param
	// Conflict is set when the INSERT absorbs a duplicate: ON CONFLICT,
	// ON DUPLICATE KEY UPDATE, INSERT IGNORE / OR IGNORE / OR REPLACE,
	// REPLACE INTO, MERGE, or a WHERE NOT EXISTS guard.
	Conflict bool
	// ConflictTarget lists the columns of ON CONFLICT (cols), if any.
	ConflictTarget []string
	// Upsert is set when the INSERT updates the existing row on a
	// conflict, whatever it holds (ON CONFLICT ... DO UPDATE, ON
	// DUPLICATE KEY UPDATE, without a WHERE): it writes, and returns or
	// counts a row, the first time and on a retry alike.
	Upsert    bool
	Returning bool
	// ReadsBack is set on a claim that returns the row already there
	// when its INSERT does nothing (WITH ins AS (INSERT ... ON CONFLICT
	// DO NOTHING RETURNING ...) SELECT ... FROM ins UNION ALL SELECT ...
	// FROM t): its caller gets a row either way.
	ReadsBack bool
	// ReturningCols are the names an INSERT's RETURNING clause holds,
	// lower-cased ("*" for all).
	ReturningCols []string
	// Arithmetic is set when an UPDATE's SET computes a column from its
	// own value (balance = balance - $1): repeating it is not harmless.
	Arithmetic bool
	// Computed are the columns whose new value the statement computes
	// from their own, lower-cased.
	Computed []string
	// Where lists the equality conditions of the WHERE clause that are
	// joined by AND: column = placeholder (or constant).
	Where []Cond
	// Tested are the conditions of the WHERE clause joined by AND that
	// compare a column with something other than by equality (status <>
	// 'cancelled', cancelled_at IS NULL, status IN ('new', 'held')).
	Tested []Test
	// Set holds, for each column an UPDATE sets to one token (a
	// constant, a placeholder, NULL), that token as written.
	Set map[string]string
	// Exists is set on a SELECT that only tells whether rows match
	// (SELECT 1, COUNT(*), EXISTS (...)): a check, not a read of what
	// a row holds.
	Exists bool
}

// A Test is a condition of a WHERE clause on Column: Op is "<>", "IS
// NULL", "IS NOT NULL", "IN" or "NOT IN", and Values the tokens it
// compares with, as written.
type Test struct {
	Column string
	Op     string
	Values []string
}

// Writes reports whether the statement changes rows: an INSERT, UPDATE,
// DELETE or MERGE.
func (s *Statement) Writes() bool {
	switch s.Kind {
	case Insert, Update, Merge, Delete:
		return true
	}
	return false
}

// A Cond is one "column = value" condition of a WHERE clause.
type Cond struct {
	Column string
	Params []Param // empty when compared with a constant or expression
}

// WhereColumns returns the columns of the WHERE clause's conditions.
func (s *Statement) WhereColumns() []string {
	var out []string
	for _, c := range s.Where {
		out = append(out, c.Column)
	}
	return out
}

// A Param is one placeholder: Index is the 0-based position of its
// argument among the call's arguments ($3 is 2; the nth ? is n-1), or -1
// for a named parameter, whose name is Name.
type Param struct {
	Index int
	Name  string
}

// Parse reads one SQL statement. It never fails; unreadable text gives a
// Statement of Kind Unknown. The result is shared, and must not be
// changed: the checks and the summaries ask for the same constants again
// and again (a generated query at each of its calls), so each text is
// read once per process, up to maxParsed texts.
func Parse(text string) *Statement {
	if st, ok := parsed.Load(text); ok {
		return st.(*Statement)
	}
	p := &reader{toks: lex(text)}
	st := p.statement()
	if parsedCount.Add(1) <= maxParsed {
		parsed.Store(text, st)
	}
	return st
}

// maxParsed bounds the texts Parse keeps, for a long-lived process such
// as gopls.
const maxParsed = 1 << 16

var (
	parsed      sync.Map // text -> *Statement
	parsedCount atomic.Int64
)

// ColumnOf returns the column a call argument fills, or "".
func (s *Statement) ColumnOf(arg int) string {
	for i, ps := range s.Params {
		for _, p := range ps {
			if p.Index == arg {
				return s.Columns[i]
			}
		}
	}
	return ""
}

// ColumnOfName returns the column a named parameter fills, or "".
func (s *Statement) ColumnOfName(name string) string {
	for i, ps := range s.Params {
		for _, p := range ps {
			if p.Index < 0 && p.Name == name {
				return s.Columns[i]
			}
		}
	}
	return ""
}

// ArgsOf returns the arguments that fill column i.
func (s *Statement) ArgsOf(i int) []Param { return s.Params[i] }

// reader walks the tokens of one statement.
type reader struct {
	toks     []token
	i        int
	question int // count of ? placeholders seen
}

func (r *reader) peek() token {
	if r.i < len(r.toks) {
		return r.toks[r.i]
	}
	return token{kind: tPunct, text: ""}
}

func (r *reader) next() token { t := r.peek(); r.i++; return t }

// word consumes the keyword w if it comes next.
func (r *reader) word(w string) bool {
	if t := r.peek(); t.kind == tWord && t.text == w {
		r.i++
		return true
	}
	return false
}

func (r *reader) punct(p string) bool {
	if t := r.peek(); t.kind == tPunct && t.text == p {
		r.i++
		return true
	}
	return false
}

func (r *reader) statement() *Statement {
	switch {
	case r.word("INSERT"):
		return r.insert()
	case r.word("REPLACE"):
		st := r.insert()
		st.Conflict = st.Kind == Insert
		return st
	case r.word("UPDATE"):
		return r.update()
	case r.word("DELETE"):
		r.word("FROM")
		st := &Statement{Kind: Delete, Table: r.name()}
		r.where(st)
		return st
	case r.word("MERGE"):
		r.word("INTO")
		return &Statement{Kind: Merge, Table: r.name(), Conflict: true}
	case r.word("SELECT"):
		return r.selectStmt()
	case r.word("WITH"):
		return r.with()
	}
	return &Statement{Kind: Unknown}
}

// with reads a statement after its common table expressions. The first
// of those that writes (WITH ins AS (INSERT ... ON CONFLICT DO NOTHING
// RETURNING id) SELECT id FROM ins UNION ALL SELECT id FROM t WHERE
// ...) is what the statement does, and what it returns comes of it;
// without one, the statement is the one that follows them.
func (r *reader) with() *Statement {
	r.word("RECURSIVE")
	var write *Statement
	for {
		r.name()
		if at := r.peek(); at.kind == tPunct && at.text == "(" {
			if r.i = r.closing(r.i); r.i < 0 {
				return &Statement{Kind: Unknown}
			}
			r.i++ // a column list
		}
		if !r.word("AS") {
			return &Statement{Kind: Unknown}
		}
		r.word("NOT")
		r.word("MATERIALIZED")
		open := r.i
		if !r.punct("(") {
			return &Statement{Kind: Unknown}
		}
		end := r.closing(open)
		if end < 0 {
			return &Statement{Kind: Unknown}
		}
		sub := &reader{toks: r.toks[open+1 : end], question: r.question}
		if st := sub.statement(); write == nil && st.Writes() {
			write = st
		}
		for _, t := range r.toks[open+1 : end] {
			if t.kind == tParam && t.text[0] == '?' {
				r.question++
			}
		}
		r.i = end + 1
		if !r.punct(",") {
			break
		}
	}
	from := r.i
	main := r.statement()
	if write != nil {
		write.ReadsBack = write.Kind == Insert && write.Conflict && readsTable(r.toks[from:], write.Table)
		return write
	}
	return main
}

// readsTable reports whether toks select from table (FROM table, or
// JOIN table).
func readsTable(toks []token, table string) bool {
	for i := 0; i+1 < len(toks); i++ {
		if t := toks[i]; t.kind == tWord && (t.text == "FROM" || t.text == "JOIN") {
			sub := &reader{toks: toks[i+1:]}
			if strings.EqualFold(sub.name(), table) {
				return true
			}
		}
	}
	return false
}

// closing returns the index of the parenthesis that closes the one at
// open, or -1.
func (r *reader) closing(open int) int {
	depth := 0
	for j := open; j < len(r.toks); j++ {
		if r.toks[j].kind != tPunct {
			continue
		}
		switch r.toks[j].text {
		case "(":
			depth++
		case ")":
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// name reads a possibly schema-qualified table name.
func (r *reader) name() string {
	var name string
	for {
		t := r.peek()
		if t.kind != tWord && t.kind != tQuoted {
			return name
		}
		r.i++
		name += identText(t)
		if !r.punct(".") {
			return name
		}
		name += "."
	}
}

func (r *reader) insert() *Statement {
	st := &Statement{Kind: Insert}
	if r.word("IGNORE") {
		st.Conflict = true
	}
	if r.word("OR") { // SQLite: INSERT OR IGNORE / OR REPLACE
		if r.word("IGNORE") || r.word("REPLACE") {
			st.Conflict = true
		}
	}
	if !r.word("INTO") {
		return &Statement{Kind: Unknown}
	}
	st.Table = r.name()
	if r.word("AS") {
		r.next()
	}
	if r.punct("(") {
		for {
			t := r.next()
			if t.kind != tWord && t.kind != tQuoted {
				return &Statement{Kind: Unknown}
			}
			st.Columns = append(st.Columns, identText(t))
			if r.punct(")") {
				break
			}
			if !r.punct(",") {
				return &Statement{Kind: Unknown}
			}
		}
	}
	switch {
	case r.word("VALUES") || r.word("VALUE"):
		st.Params = r.tuple(len(st.Columns))
		for r.punct(",") { // multi-row VALUES: later rows fill the same columns
			for i, ps := range r.tuple(len(st.Columns)) {
				if i < len(st.Params) {
					st.Params[i] = append(st.Params[i], ps...)
				}
			}
		}
	case r.word("SELECT"):
		st.Params = r.items(len(st.Columns))
	default:
		return &Statement{Kind: Unknown}
	}
	if len(st.Columns) > 0 && len(st.Params) != len(st.Columns) {
		return &Statement{Kind: Unknown}
	}
	r.tail(st)
	return st
}

// tuple reads "( item, item, ... )".
func (r *reader) tuple(n int) [][]Param {
	if !r.punct("(") {
		return nil
	}
	items := r.items(n)
	r.punct(")")
	return items
}

// items reads comma-separated expressions up to a closing parenthesis or a
// clause keyword at depth 0, collecting each item's placeholders.
func (r *reader) items(n int) [][]Param {
	out := [][]Param{nil}
	depth := 0
	for r.i < len(r.toks) {
		t := r.peek()
		if depth == 0 && (t.kind == tPunct && (t.text == ")" || t.text == ";") ||
			t.kind == tWord && (t.text == "FROM" || t.text == "WHERE" || t.text == "ON" || t.text == "RETURNING")) {
			break
		}
		r.i++
		switch {
		case t.kind == tPunct && t.text == "(":
			depth++
		case t.kind == tPunct && t.text == ")":
			depth--
		case t.kind == tPunct && t.text == "," && depth == 0:
			out = append(out, nil)
		case t.kind == tParam:
			out[len(out)-1] = append(out[len(out)-1], r.param(t))
		}
	}
	return out
}

func (r *reader) param(t token) Param {
	switch t.text[0] {
	case '$':
		n, _ := strconv.Atoi(t.text[1:])
		return Param{Index: n - 1}
	case '?':
		r.question++
		return Param{Index: r.question - 1}
	}
	return Param{Index: -1, Name: t.text[1:]}
}

// tail reads the clauses after the values: conflict handling, RETURNING,
// and a NOT EXISTS guard anywhere.
func (r *reader) tail(st *Statement) {
	for r.i < len(r.toks) {
		switch {
		case r.word("ON"):
			if r.word("CONFLICT") {
				st.Conflict = true
				if r.punct("(") {
					for t := r.next(); !(t.kind == tPunct && t.text == ")") && r.i <= len(r.toks); t = r.next() {
						if t.kind == tWord || t.kind == tQuoted {
							st.ConflictTarget = append(st.ConflictTarget, identText(t))
						}
					}
				}
			} else if r.word("DUPLICATE") {
				st.Conflict = true
				if r.word("KEY") && r.word("UPDATE") {
					r.conflictSet(st, true)
				}
			}
		case r.word("DO"):
			if r.word("UPDATE") && r.word("SET") {
				r.conflictSet(st, false)
			}
		case r.word("NOT"):
			if r.word("EXISTS") {
				st.Conflict = true
			}
		case r.word("RETURNING"):
			st.Returning = true
			for r.i < len(r.toks) {
				switch t := r.next(); {
				case t.kind == tWord && t.text == "XMAX":
					// PostgreSQL's (xmax = 0) AS inserted: the row
					// says whether this statement inserted it or
					// updated the one there, so an upsert's outcome
					// tells a retry apart.
					st.Upsert = false
				case t.kind == tWord && t.text == "AS":
				case t.kind == tWord || t.kind == tQuoted:
					st.ReturningCols = append(st.ReturningCols, strings.ToLower(identText(t)))
				case t.kind == tPunct && t.text == "*":
					st.ReturningCols = append(st.ReturningCols, "*")
				}
			}
		default:
			if t := r.next(); t.kind == tParam {
				r.param(t) // keep ? numbering right for later placeholders
			}
		}
	}
}

// identText is an identifier as written, without quotes.
func identText(t token) string {
	if t.kind == tWord {
		return t.raw
	}
	return t.text
}
