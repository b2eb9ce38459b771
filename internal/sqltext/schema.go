package sqltext

import (
	"slices"
	"strings"
)

// A Schema holds, for each table that a CREATE TABLE declares, its
// identity: the columns of its primary key and of each unique
// constraint, lower-cased. Table names are lower-cased and without a
// schema qualifier, as INSERT statements name them most often.
type Schema map[string]*TableKeys

// TableKeys are the key columns of one table.
type TableKeys struct {
	Primary []string
	Unique  [][]string
	// Generated are the columns whose value the database makes when an
	// INSERT leaves them out: serial types, identity columns,
	// AUTO_INCREMENT, and defaults computed by a function
	// (DEFAULT gen_random_uuid()).
	Generated []string
}

// Identity reports whether col is one of the table's key columns: the
// primary key's or a unique constraint's, alone or in a composite key.
// known is false when no CREATE TABLE declared the table.
func (s Schema) Identity(table, col string) (identity, known bool) {
	keys := s.keys(table)
	if keys == nil {
		return false, false
	}
	col = strings.ToLower(col)
	for _, set := range append([][]string{keys.Primary}, keys.Unique...) {
		for _, c := range set {
			if c == col {
				return true, true
			}
		}
	}
	return false, true
}

func (s Schema) keys(table string) *TableKeys { return s[tableName(table)] }

// GeneratedKey returns the columns of the table's primary key when the
// database makes every one of them.
func (s Schema) GeneratedKey(table string) ([]string, bool) {
	keys := s.keys(table)
	if keys == nil || len(keys.Primary) == 0 {
		return nil, false
	}
	for _, c := range keys.Primary {
		if !slices.Contains(keys.Generated, c) {
			return nil, false
		}
	}
	return keys.Primary, true
}

// Primary returns the columns of the table's primary key (none when it
// declares none); known is false when no CREATE TABLE declared the
// table.
func (s Schema) Primary(table string) (cols []string, known bool) {
	keys := s.keys(table)
	if keys == nil {
		return nil, false
	}
	return keys.Primary, true
}

// Keys returns the table's keys, the primary key first, or nil when no
// CREATE TABLE declared the table.
func (s Schema) Keys(table string) [][]string {
	keys := s.keys(table)
	if keys == nil {
		return nil
	}
	var out [][]string
	if len(keys.Primary) > 0 {
		out = append(out, keys.Primary)
	}
	return append(out, keys.Unique...)
}

// tableName is the key of a table in a Schema: lower-cased, without a
// schema qualifier.
func tableName(name string) string {
	name = strings.ToLower(name)
	return name[strings.LastIndexByte(name, '.')+1:]
}

// ReadSchema adds the tables that the CREATE TABLE statements of a SQL
// file (a migration, a schema dump) declare, with their keys, ALTER
// TABLE ... ADD PRIMARY KEY / UNIQUE, and CREATE UNIQUE INDEX. Other statements are skipped; text
// it cannot read adds nothing, since a table without known keys is
// judged by its column names.
func (s Schema) ReadSchema(text string) {
	statements(text, func(r *reader) {
		switch {
		case r.word("CREATE"):
			if createTable(r) {
				s.createTable(r)
			} else if r.word("UNIQUE") && r.word("INDEX") {
				s.uniqueIndex(r)
			}
		case r.word("ALTER"):
			if r.word("TABLE") {
				r.word("ONLY")
				if r.word("IF") {
					r.word("EXISTS")
				}
				s.alterTable(r)
			}
		}
	})
}

// ReadSchemas reads the texts of a schema's files, in the order they
// apply in, as ReadSchema does; a unique index in one file on a table
// that a file read after it declares (constraints.sql beside
// schema.sql) still counts.
func (s Schema) ReadSchemas(texts []string) {
	for _, text := range texts {
		statements(text, func(r *reader) {
			if r.word("CREATE") && createTable(r) {
				s.table(r.name())
			}
		})
	}
	for _, text := range texts {
		s.ReadSchema(text)
	}
}

// statements calls read with a reader of each statement of text.
func statements(text string, read func(*reader)) {
	toks := lex(text)
	for start := 0; start < len(toks); {
		end := start
		for end < len(toks) && !(toks[end].kind == tPunct && toks[end].text == ";") {
			end++
		}
		read(&reader{toks: toks[start:end]})
		start = end + 1
	}
}

// createTable reads what may follow CREATE up to a table's name, and
// reports whether the statement creates a table.
func createTable(r *reader) bool {
	r.word("TEMP")
	r.word("TEMPORARY")
	r.word("UNLOGGED")
	if !r.word("TABLE") {
		return false
	}
	if r.word("IF") {
		r.word("NOT")
		r.word("EXISTS")
	}
	return true
}

// createTable reads "name ( element, ... )" after CREATE TABLE.
func (s Schema) createTable(r *reader) {
	keys := s.table(r.name())
	if keys == nil || !r.punct("(") {
		return
	}
	for {
		elem := r.element()
		if len(elem) == 0 {
			return
		}
		readElement(keys, elem)
		if !r.punct(",") {
			return
		}
	}
}

// uniqueIndex reads the rest of "CREATE UNIQUE INDEX [CONCURRENTLY]
// [IF NOT EXISTS] [name] ON [ONLY] table [USING method] (cols)": a unique
// key of a table the schema declares. An index on expressions adds
// nothing.
func (s Schema) uniqueIndex(r *reader) {
	r.word("CONCURRENTLY")
	if r.word("IF") {
		r.word("NOT")
		r.word("EXISTS")
	}
	if !r.word("ON") {
		r.name()
		if !r.word("ON") {
			return
		}
	}
	r.word("ONLY")
	keys := s.keys(r.name()) // a table the schema declares: an index alone declares none
	if keys == nil {
		return
	}
	if r.word("USING") {
		r.next()
	}
	expr := onExpressions(r)
	if cols := columnList(r); len(cols) > 0 && !expr && !partial(r) {
		keys.Unique = append(keys.Unique, cols)
	}
}

// onExpressions reports, reading nothing, whether the parenthesised
// list that follows holds an expression (lower(code)) rather than
// columns alone.
func onExpressions(r *reader) bool {
	depth := 0
	for i := r.i; i < len(r.toks); i++ {
		t := r.toks[i]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(":
			if depth++; depth > 1 {
				return true
			}
		case ")":
			if depth--; depth == 0 {
				return false
			}
		}
	}
	return false
}

// partial reports whether the rest of an index's statement has a WHERE
// clause: a partial index holds only the rows its predicate selects
// (UNIQUE (seat_id) WHERE seat_id IS NOT NULL), so a row outside it is
// not kept unique.
func partial(r *reader) bool {
	depth := 0
	for {
		t := r.peek()
		switch {
		case t.kind == tPunct && (t.text == "" || t.text == ";" && depth == 0):
			return false
		case t.kind == tPunct && t.text == "(":
			depth++
		case t.kind == tPunct && t.text == ")":
			depth--
		case t.kind == tWord && t.text == "WHERE" && depth == 0:
			return true
		}
		r.i++
	}
}

// alterTable reads "name ADD [CONSTRAINT c] PRIMARY KEY (...)" or
// "... UNIQUE (...)".
func (s Schema) alterTable(r *reader) {
	keys := s.table(r.name())
	if keys == nil || !r.word("ADD") {
		return
	}
	var elem []token
	for t := r.next(); t.text != ""; t = r.next() {
		elem = append(elem, t)
	}
	readElement(keys, elem)
}

// table returns the entry of a table, made on first use.
func (s Schema) table(name string) *TableKeys {
	if name == "" {
		return nil
	}
	name = tableName(name)
	if s[name] == nil {
		s[name] = &TableKeys{}
	}
	return s[name]
}

// element returns the tokens of one element of a CREATE TABLE list, up
// to the comma or closing parenthesis at its own depth, which it leaves.
func (r *reader) element() []token {
	var elem []token
	depth := 0
	for {
		t := r.peek()
		if t.text == "" {
			return nil // the list never closed
		}
		if t.kind == tPunct {
			switch t.text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					return elem
				}
				depth--
			case ",":
				if depth == 0 {
					return elem
				}
			}
		}
		elem = append(elem, t)
		r.i++
	}
}

// readElement records the keys an element declares: a table constraint
// (PRIMARY KEY (a, b), UNIQUE (a), CONSTRAINT c UNIQUE (a)) or a column
// with PRIMARY KEY or UNIQUE among its constraints.
func readElement(keys *TableKeys, elem []token) {
	r := &reader{toks: elem}
	if r.word("CONSTRAINT") {
		r.next()
	}
	switch {
	case r.word("PRIMARY"):
		if r.word("KEY") {
			keys.Primary = append(keys.Primary, columnList(r)...)
		}
		return
	case r.word("UNIQUE"):
		r.word("KEY")
		r.word("INDEX")
		if t := r.peek(); t.kind == tWord || t.kind == tQuoted {
			r.next() // MySQL's index name
		}
		if cols := columnList(r); len(cols) > 0 {
			keys.Unique = append(keys.Unique, cols)
		}
		return
	case r.word("FOREIGN"), r.word("CHECK"), r.word("EXCLUDE"), r.word("KEY"), r.word("INDEX"):
		return
	}
	t := r.next()
	if t.kind != tWord && t.kind != tQuoted {
		return
	}
	col := strings.ToLower(identText(t))
	if t := r.peek(); t.kind == tWord && serialTypes[strings.ToLower(t.text)] {
		keys.Generated = append(keys.Generated, col)
	}
	for r.i < len(r.toks) {
		switch {
		case r.word("PRIMARY"):
			if r.word("KEY") {
				keys.Primary = append(keys.Primary, col)
			}
		case r.word("UNIQUE"):
			keys.Unique = append(keys.Unique, []string{col})
		case r.word("IDENTITY"), r.word("AUTO_INCREMENT"), r.word("AUTOINCREMENT"):
			keys.Generated = append(keys.Generated, col)
		case r.word("DEFAULT"):
			// A default a function computes: a sequence or a generator.
			if t := r.next(); t.kind == tWord && r.peek().text == "(" {
				keys.Generated = append(keys.Generated, col)
			}
		default:
			r.i++
		}
	}
}

// serialTypes are the column types whose values a sequence makes.
var serialTypes = map[string]bool{
	"serial": true, "bigserial": true, "smallserial": true, "serial2": true, "serial4": true, "serial8": true,
}

// columnList reads "(a, b, ...)", lower-cased; an expression or a
// length ((lower(email)), name(10)) ends the list without it.
func columnList(r *reader) []string {
	if !r.punct("(") {
		return nil
	}
	var cols []string
	for {
		t := r.next()
		if t.kind != tWord && t.kind != tQuoted {
			return cols
		}
		cols = append(cols, strings.ToLower(identText(t)))
		for !r.punct(",") {
			if r.punct(")") || r.peek().text == "" {
				return cols
			}
			r.next() // ASC, DESC, COLLATE x, (10)
		}
	}
}
