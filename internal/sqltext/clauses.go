package sqltext

import "strings"

// settlesFuncs are the SQL functions (upper-cased, as the lexer gives
// words) that give the same value when applied again to their result
// with the same arguments.
var settlesFuncs = map[string]bool{"GREATEST": true, "LEAST": true, "COALESCE": true, "NULLIF": true}

// exprWords are the keywords of an expression a parenthesis can follow.
var exprWords = map[string]bool{"CASE": true, "WHEN": true, "THEN": true, "ELSE": true, "AND": true, "OR": true, "NOT": true, "IN": true, "EXISTS": true}

// nullary reports whether the call whose "(" is next takes no
// argument (now()): it computes nothing from a column.
func (r *reader) nullary() bool {
	return r.i+1 < len(r.toks) && r.toks[r.i+1].kind == tPunct && r.toks[r.i+1].text == ")"
}

// update reads "UPDATE t SET col = expr, ... [WHERE ...] [RETURNING ...]".
func (r *reader) update() *Statement {
	st := &Statement{Kind: Update, Table: r.name()}
	if r.word("AS") {
		r.next()
	} else if t := r.peek(); t.kind == tWord && t.text != "SET" || t.kind == tQuoted {
		r.next() // an alias without AS: UPDATE cards c SET ...
	}
	if !r.word("SET") {
		return st
	}
	for {
		t := r.next()
		if t.kind != tWord && t.kind != tQuoted || !r.punct("=") {
			return st
		}
		col := identText(t)
		st.Columns = append(st.Columns, col)
		var params []Param
		depth, start := 0, r.i
		self, changes := false, false
		for r.i < len(r.toks) {
			u := r.peek()
			if depth == 0 && (u.kind == tPunct && (u.text == "," || u.text == ";") || u.kind == tWord && (u.text == "WHERE" || u.text == "RETURNING" || u.text == "FROM")) {
				break
			}
			r.i++
			switch {
			case u.kind == tPunct && u.text == "(":
				depth++
			case u.kind == tPunct && u.text == ")":
				depth--
			case u.kind == tPunct && strings.Contains("+-*/|", u.text):
				changes = true
			case u.kind == tParam:
				params = append(params, r.param(u))
			case (u.kind == tWord || u.kind == tQuoted) && strings.EqualFold(identText(u), col):
				self = true
			case u.kind == tWord && r.peek().text == "(" && !settlesFuncs[u.text] && !exprWords[u.text] && !r.nullary():
				changes = true // array_append(tags, $1), jsonb_set(...); not now()
			}
		}
		// A column computed from itself by an operator or a function
		// that moves it (balance - $1, array_append(tags, $1)) changes
		// again on a retry; one that only settles it (GREATEST(col,
		// $2), COALESCE(col, $1)) does not.
		st.Arithmetic = st.Arithmetic || self && changes
		if self && changes {
			st.Computed = append(st.Computed, strings.ToLower(col))
		}
		st.Params = append(st.Params, params)
		if r.i == start+1 {
			if st.Set == nil {
				st.Set = map[string]string{}
			}
			st.Set[strings.ToLower(col)] = r.toks[start].raw
		}
		if !r.punct(",") {
			break
		}
	}
	r.where(st)
	return st
}

// selectStmt reads the table and WHERE clause of a SELECT.
func (r *reader) selectStmt() *Statement {
	if st := r.existsOnly(); st != nil {
		return st
	}
	st := &Statement{Kind: Select}
	depth := 0
	var items []string // the select list's tokens
	for r.i < len(r.toks) {
		t := r.next()
		switch {
		case t.kind == tPunct && t.text == "(":
			depth++
		case t.kind == tPunct && t.text == ")":
			depth--
		case t.kind == tParam:
			r.param(t)
		case depth == 0 && t.kind == tWord && t.text == "FROM":
			st.Table = r.name()
			st.Exists = existsItems(items)
			r.where(st)
			return st
		}
		items = append(items, strings.ToUpper(t.text))
	}
	return st
}

// existsItems reports whether a select list only tells whether rows
// match: 1, TRUE, COUNT(*) or COUNT(1), with or without a name.
func existsItems(items []string) bool {
	if n := len(items); n >= 2 && items[n-2] == "AS" {
		items = items[:n-2]
	}
	switch strings.Join(items, " ") {
	case "1", "TRUE", "COUNT ( * )", "COUNT ( 1 )":
		return true
	}
	return false
}

// existsOnly reads a SELECT whose only item is a subquery test,
// "[NOT] EXISTS ( SELECT ... FROM t WHERE ... ) [[AS] alias] [;]": the
// statement checks t by the subquery's conditions, so it takes the
// subquery's table and WHERE clause as its own. It returns nil, reading
// nothing, for any other SELECT or a subquery without a table.
func (r *reader) existsOnly() *Statement {
	i := r.i
	at := func(j int, kind tokKind, text string) bool {
		return j < len(r.toks) && r.toks[j].kind == kind && r.toks[j].text == text
	}
	if at(i, tWord, "NOT") {
		i++
	}
	if !at(i, tWord, "EXISTS") || !at(i+1, tPunct, "(") || !at(i+2, tWord, "SELECT") {
		return nil
	}
	open := i + 1
	end, depth := -1, 0
	for j := open; j < len(r.toks) && end < 0; j++ {
		switch {
		case at(j, tPunct, "("):
			depth++
		case at(j, tPunct, ")"):
			depth--
			if depth == 0 {
				end = j
			}
		}
	}
	if end < 0 {
		return nil
	}
	j := end + 1
	if at(j, tWord, "AS") {
		j++
	}
	if j < len(r.toks) && (r.toks[j].kind == tWord || r.toks[j].kind == tQuoted) && !at(j, tWord, "FROM") {
		j++
	}
	if at(j, tPunct, ";") {
		j++
	}
	if j != len(r.toks) {
		return nil // more items, a FROM of the outer SELECT, or other clauses
	}
	sub := &reader{toks: r.toks[open+2 : end], question: r.question}
	st := sub.selectStmt()
	if st.Table == "" {
		return nil
	}
	st.Exists = true
	r.i, r.question = len(r.toks), sub.question
	return st
}

// where reads "WHERE a = $1 AND b = $2 ..." up to the end of the clause,
// keeping the equality conditions joined by AND at depth 0.
func (r *reader) where(st *Statement) {
	// The statement's own WHERE, at depth 0: not one of a subquery in
	// an UPDATE's FROM (FROM (SELECT ... WHERE id = $1) prev WHERE ...).
	for depth := 0; r.i < len(r.toks) && (depth > 0 || !r.word("WHERE")); {
		switch t := r.next(); {
		case t.kind == tParam:
			r.param(t)
		case t.kind == tPunct && t.text == "(":
			depth++
		case t.kind == tPunct && t.text == ")":
			depth--
		}
	}
	depth := 0
	var cur []token
	flush := func() {
		cur = unparen(cur)
		if t, ok := testOf(cur); ok {
			st.Tested = append(st.Tested, t)
		}
		if c, ok := condOf(r, cur); ok {
			st.Where = append(st.Where, c)
		}
		cur = nil
	}
	for r.i < len(r.toks) {
		t := r.peek()
		if depth == 0 && t.kind == tWord && (t.text == "RETURNING" || t.text == "ORDER" || t.text == "LIMIT" || t.text == "GROUP" || t.text == "FOR") {
			break
		}
		r.i++
		switch {
		case t.kind == tPunct && t.text == "(":
			depth++
		case t.kind == tPunct && t.text == ")":
			depth--
		}
		if depth == 0 && t.kind == tWord && t.text == "AND" {
			flush()
			continue
		}
		if depth == 0 && t.kind == tWord && t.text == "OR" {
			st.Where, st.Tested, cur = nil, nil, nil // a disjunction is not a conjunction of conditions
			for r.i < len(r.toks) {
				if u := r.next(); u.kind == tParam {
					r.param(u)
				}
			}
			return
		}
		cur = append(cur, t)
	}
	flush()
	if r.word("RETURNING") {
		st.Returning = true
	}
	for r.i < len(r.toks) {
		if t := r.next(); t.kind == tParam {
			r.param(t)
		}
	}
}

// unparen returns a condition wrapped whole in parentheses, as query
// builders write each ("(status = ?)"), without them; a disjunction
// inside stays wrapped, no condition of the conjunction.
func unparen(toks []token) []token {
	for len(toks) >= 2 && toks[0].kind == tPunct && toks[0].text == "(" && toks[len(toks)-1].kind == tPunct && toks[len(toks)-1].text == ")" {
		inner := toks[1 : len(toks)-1]
		depth := 0
		for _, t := range inner {
			switch {
			case t.kind == tPunct && t.text == "(":
				depth++
			case t.kind == tPunct && t.text == ")":
				depth--
			case depth == 0 && t.kind == tWord && t.text == "OR":
				return toks
			}
			if depth < 0 {
				return toks // (a = 1) AND (b = 2)'s outer pair is no pair
			}
		}
		toks = inner
	}
	return toks
}

// testOf reads a condition that is no equality: "col <> v", "col != v",
// "col IS [NOT] NULL", "col [NOT] IN (v, ...)", "col [NOT] IN ?", the
// column plain or qualified.
func testOf(toks []token) (Test, bool) {
	for _, n := range []int{1, 3} {
		if len(toks) <= n {
			return Test{}, false
		}
		col, ok := columnRef(toks[:n])
		if !ok || toks[n].text == "." {
			continue
		}
		var words []string
		for _, t := range toks[n:] {
			words = append(words, strings.ToUpper(t.text))
		}
		rest := strings.Join(words, " ")
		switch {
		case len(toks) == n+3 && (rest[:3] == "< >" || rest[:3] == "! ="):
			return Test{Column: col, Op: "<>", Values: []string{toks[n+2].raw}}, true
		case rest == "IS NULL" || rest == "IS NOT NULL":
			return Test{Column: col, Op: rest}, true
		case (rest == "IN ?" || rest == "NOT IN ?") && toks[len(toks)-1].kind == tParam:
			// gorm's and sqlx.In's list placeholder, expanded at run
			// time: "status IN ?" given a slice.
			op := "IN"
			if words[0] == "NOT" {
				op = "NOT IN"
			}
			return Test{Column: col, Op: op, Values: []string{toks[len(toks)-1].raw}}, true
		case strings.HasPrefix(rest, "IN (") || strings.HasPrefix(rest, "NOT IN ("):
			op, list := "IN", toks[n+2:]
			if words[0] == "NOT" {
				op, list = "NOT IN", toks[n+3:]
			}
			var values []string
			for _, t := range list {
				if t.kind != tPunct {
					values = append(values, t.raw)
				}
			}
			return Test{Column: col, Op: op, Values: values}, true
		}
		return Test{}, false
	}
	return Test{}, false
}

// condOf reads "col = value" or "value = col" from the tokens of one
// condition, numbering placeholders as it goes.
func condOf(r *reader, toks []token) (Cond, bool) {
	eq := -1
	for i, t := range toks {
		if t.kind == tPunct && t.text == "=" {
			eq = i
			break
		}
	}
	var params []Param
	for _, t := range toks {
		if t.kind == tParam {
			params = append(params, r.param(t))
		}
	}
	if eq < 0 {
		return Cond{}, false
	}
	if col, ok := columnRef(toks[:eq]); ok {
		return Cond{Column: col, Params: params}, true
	}
	if col, ok := columnRef(toks[eq+1:]); ok {
		return Cond{Column: col, Params: params}, true
	}
	return Cond{}, false
}

// columnRef reads "col" or "qualifier.col".
func columnRef(toks []token) (string, bool) {
	isIdent := func(t token) bool { return t.kind == tWord || t.kind == tQuoted }
	switch {
	case len(toks) == 1 && isIdent(toks[0]):
		return identText(toks[0]), true
	case len(toks) == 3 && isIdent(toks[0]) && toks[1].kind == tPunct && toks[1].text == "." && isIdent(toks[2]):
		return identText(toks[2]), true
	}
	return "", false
}

// conflictSet reads the assignments of an INSERT's update on conflict
// (DO UPDATE SET col = expr, ... [WHERE ...]; mysql: ON DUPLICATE KEY
// UPDATE col = expr, ...). An assignment that computes a column from
// the existing row's value with an operator (balance = credits.balance
// + EXCLUDED.balance) makes the INSERT add on every retry, as an
// UPDATE's arithmetic does; the values proposed for insertion
// (EXCLUDED.col, MySQL's VALUES(col)) are the retry's own. A WHERE makes
// the update conditional, so a retry may write no row; MySQL counts no
// row affected when the update leaves the row as it was (col = col).
// Either way the statement's outcome can tell a retry apart: it is no
// Upsert.
func (r *reader) conflictSet(st *Statement, mysql bool) {
	st.Upsert = true
	unchanged := true
	for {
		t := r.next()
		if t.kind != tWord && t.kind != tQuoted || !r.punct("=") {
			return
		}
		col := identText(t)
		depth, self, op, n := 0, false, false, 0
		var prev, prev2 token
		for r.i < len(r.toks) {
			u := r.peek()
			if depth == 0 && (u.kind == tPunct && (u.text == "," || u.text == ";") || u.kind == tWord && (u.text == "WHERE" || u.text == "RETURNING")) {
				break
			}
			r.i++
			n++
			switch {
			case u.kind == tPunct && u.text == "(":
				depth++
			case u.kind == tPunct && u.text == ")":
				depth--
			case u.kind == tPunct && strings.Contains("+-*/", u.text):
				op = true
			case u.kind == tParam:
				r.param(u)
			case (u.kind == tWord || u.kind == tQuoted) && strings.EqualFold(identText(u), col) && !proposed(prev, prev2):
				self = true
			}
			prev, prev2 = u, prev
		}
		st.Arithmetic = st.Arithmetic || self && op
		if self && op {
			st.Computed = append(st.Computed, strings.ToLower(col))
		}
		unchanged = unchanged && self && n == 1
		if r.word("WHERE") || mysql && unchanged && r.peek().text != "," {
			st.Upsert = false
			return
		}
		if !r.punct(",") {
			return
		}
	}
}

// proposed reports whether the two tokens before a column name make it
// the value proposed for insertion: EXCLUDED.col, or VALUES(col).
func proposed(prev, prev2 token) bool {
	return prev.kind == tPunct && prev.text == "." && prev2.kind == tWord && prev2.text == "EXCLUDED" ||
		prev.kind == tPunct && prev.text == "(" && prev2.kind == tWord && prev2.text == "VALUES"
}
