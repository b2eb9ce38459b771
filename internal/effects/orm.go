package effects

import (
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// WriteStmtOf returns the statement a call executes: SQL through a
// catalogued executor (StmtOf), a queue's insert of jobs into the
// database (JobStmtOf), or an ORM's model write (ModelStmtOf).
func WriteStmtOf(cat *catalog.Catalog, c ssa.CallInstruction) *Stmt {
	if st := StmtOf(cat, c); st != nil {
		return st
	}
	if st := JobStmtOf(c); st != nil {
		return st
	}
	return ModelStmtOf(cat, c)
}

// ModelStmtOf returns the statement an ORM's model call executes, as the
// SQL it stands for: gorm's Create (an INSERT, which absorbs a duplicate
// when Clauses are on its chain), Save and FirstOrCreate (which do), the
// Update methods (an UPDATE, computing a column from itself when its
// value is gorm.Expr("balance - ?", n)), and Delete. The table is gorm's
// name for the model's type, when the call or its chain's Model names
// one. The statement runs on the handle at the root of the call's chain:
// a transaction when that is the callback parameter of Transaction or a
// Begin result, else the database, which commits each statement. Its
// text is SQL rendered from what the call says (see modelSQL), without
// placeholders.
func ModelStmtOf(cat *catalog.Catalog, c ssa.CallInstruction) *Stmt {
	cc := c.Common()
	fn := valueflow.Callee(cc)
	if fn == nil || cc.IsInvoke() || len(cc.Args) == 0 || fn.Pkg() == nil {
		return nil
	}
	if catalog.IsEntPackage(fn.Pkg()) {
		return entStmt(c, fn)
	}
	if !catalog.IsORMPackage(fn.Pkg().Path()) {
		return nil
	}
	if qb, ok := catalog.QueryBuilderOf(fn); ok {
		return builtStmt(c, qb)
	}
	sql := &sqltext.Statement{}
	var model ssa.Value
	column := ""         // the column an Update method names, when constant
	var values ssa.Value // the map Updates is given
	if i, ok := cat.Model(fn); ok {
		model = arg(c, fn, i)
		sql.Kind = sqltext.Insert
		sql.Conflict = catalog.IsORMUpsert(fn) || HasClauses(cc.Args[0])
		sql.Upsert = catalog.IsORMOverwrite(fn)
		if countsOnConflict(cc.Args[0]) {
			// ON CONFLICT DO UPDATE SET n = n + 1: a retry counts again.
			sql.Upsert, sql.Arithmetic = true, true
		}
	} else if i, ok := cat.ModelUpdate(fn); ok {
		sql.Kind = sqltext.Update
		if i > 0 { // Update("balance", v): the column, then its value
			column, _ = valueflow.ConstString(arg(c, fn, i-1))
			sql.Arithmetic = selfComputed(column, arg(c, fn, i))
		} else { // Updates(map[string]any{"available": gorm.Expr("available - ?", n)})
			values = arg(c, fn, i)
			column, sql.Arithmetic = selfComputedEntry(values)
		}
	} else if catalog.IsORMDelete(fn) {
		model = arg(c, fn, 0)
		sql.Kind = sqltext.Delete
	} else if catalog.IsORMRowRead(fn) {
		// First(&rec, "key = ?", k): a read of the model's table, which
		// a middleware's lookup of a key before the handler is.
		table := ModelTable(c.Parent().Prog, valueflow.Unwrap(arg(c, fn, 0)).Type())
		if table == "" {
			return nil
		}
		sql.Kind, sql.Table = sqltext.Select, table
		return &Stmt{Instr: c, SQL: sql, Text: "SELECT * FROM " + table, Recv: chainRoot(cc.Args[0]), Durability: gormDurability(c), Assumed: gormAssumed(c)}
	} else if catalog.IsORMCount(fn) {
		// Model(&Inbox{}).Where("message_id = ?", id).Count(&n): a read
		// of the chain's model's table, as a key's existence check is.
		cm := chainModel(cc.Args[0])
		if cm == nil {
			return nil
		}
		table := ModelTable(c.Parent().Prog, valueflow.Unwrap(cm).Type())
		if table == "" {
			return nil
		}
		sql.Kind, sql.Table = sqltext.Select, table
		return &Stmt{Instr: c, SQL: sql, Text: "SELECT count(*) FROM " + table, Recv: chainRoot(cc.Args[0]), Durability: gormDurability(c), Assumed: gormAssumed(c)}
	} else {
		return nil
	}
	if model == nil {
		model = chainModel(cc.Args[0])
	}
	if model != nil {
		sql.Table = ModelTable(c.Parent().Prog, valueflow.Unwrap(model).Type())
		if _, isMap := valueflow.Unwrap(model).Type().Underlying().(*types.Map); isMap && sql.Table == "" {
			// Model(&MonthlyUsage{}).Create(map[string]any{...}): the
			// map's columns, of the chain's model's table.
			if cm := chainModel(cc.Args[0]); cm != nil {
				sql.Table = ModelTable(c.Parent().Prog, valueflow.Unwrap(cm).Type())
			}
		}
	}
	st := &Stmt{Instr: c, SQL: sql, Text: modelSQL(sql, column), Recv: chainRoot(cc.Args[0]), Durability: gormDurability(c), Assumed: gormAssumed(c)}
	if st.Assumed && WorkContext(HandleContext(st.Recv)) {
		st.Durability = DurUnknown // the transaction the literal's caller may put in the context
	}
	if model != nil && sql.Table == "" {
		st.Generic = genericModel(c.Parent(), valueflow.Unwrap(model), values, sql, column)
	}
	if sql.Kind == sqltext.Insert && model != nil && sql.Table != "" {
		// Create(&RailEvent{ID: ev.ID, ...}): the INSERT of the model's
		// columns, each filled by its field.
		if text, paths, ok := modelInsert(sql.Table, valueflow.Unwrap(model).Type(), sql.Conflict); ok {
			if sql.Upsert {
				text = overwrites(text, paths)
			}
			if parsed := sqltext.Parse(text); parsed.Kind == sqltext.Insert {
				st.Text, st.SQL, st.ArgBase, st.ArgPaths = text, parsed, model, paths
			}
		}
	}
	if sql.Kind == sqltext.Update && !sql.Arithmetic && sql.Table != "" {
		// Updates(map[string]any{"status": to}) on a chain with
		// Where("id = ? AND status = ?"): the statement a
		// compare-and-set is, with its SET and WHERE columns.
		if text, ok := conditionalUpdate(sql.Table, column, c); ok {
			if parsed := sqltext.Parse(text); parsed.Kind == sqltext.Update {
				st.Text, st.SQL = text, parsed
			}
		}
	}
	if st.Durability == DurTx {
		st.Tx = st.Recv
	}
	return st
}

// genericModel describes the write of model, a value of fn whose type
// is one of fn's type parameters (or a pointer to one), for its callers
// to instantiate; nil when its type is another.
func genericModel(fn *ssa.Function, model, values ssa.Value, sql *sqltext.Statement, column string) *valueflow.GenericModel {
	t := model.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return nil
	}
	g := &valueflow.GenericModel{TypeArg: tp.Index(), Param: paramOf(fn, model), Values: -1, Kind: int(sql.Kind), Conflict: sql.Conflict, Upsert: sql.Upsert, Arithmetic: sql.Arithmetic, Column: column}
	if values != nil {
		g.Values = paramOf(fn, valueflow.Unwrap(values))
	}
	return g
}

// paramOf returns the index of v among fn's parameters, or -1.
func paramOf(fn *ssa.Function, v ssa.Value) int {
	if p, ok := v.(*ssa.Parameter); ok && p.Parent() == fn {
		return paramIndex(p)
	}
	return -1
}

// Instantiate returns s, a statement of a generic function's summary,
// as a call of an instance of that function runs it: an ORM write of a
// type-parameter model (Repo[T].Create) gets the table of the call's
// type argument, an INSERT of the model held by a parameter gets the
// model's columns, filled by that parameter's fields, and an Updates of
// a map the caller builds gets the column the map computes from itself.
// A statement of any other kind, or a type argument that is itself a
// type parameter, is returned as it is.
func Instantiate(s valueflow.SQLStmt, call ssa.CallInstruction) valueflow.SQLStmt {
	g := s.Model
	if g == nil {
		return s
	}
	fn := call.Common().StaticCallee()
	if fn == nil || g.TypeArg >= len(fn.TypeArgs()) {
		return s
	}
	t := fn.TypeArgs()[g.TypeArg]
	column, arithmetic := g.Column, g.Arithmetic
	if args := call.Common().Args; g.Values >= 0 && g.Values < len(args) {
		column, arithmetic = selfComputedEntry(args[g.Values])
	}
	if i := g.ConflictOpts - 1; i >= 0 {
		// The options the call passes may add the conflict clause;
		// a call with none writes the plain INSERT.
		args := call.Common().Args
		gg := *g
		gg.Conflict = i >= len(args) || !valueflow.NoVariadic(args[i])
		s.Model = &gg
	}
	table := ModelTable(fn.Prog, t)
	if g.TableTag != "" {
		table = taggedTable(t, g.TableTag)
	}
	return instantiated(s, t, table, column, arithmetic)
}

// CompleteText returns s, whose text may be a template its function
// completes with a parameter (valueflow.SQLTemplate), as a call runs
// it: completed with the constant the call passes, still a template of
// the caller's parameter it passes on, or of unknown text otherwise.
func CompleteText(s valueflow.SQLStmt, cc *ssa.CallCommon, caller *ssa.Function) valueflow.SQLStmt {
	if s.TextParam == 0 {
		return s
	}
	i := s.TextParam - 1
	s.TextParam = 0
	if i >= len(cc.Args) {
		s.SQL = ""
		return s
	}
	if text, ok := valueflow.ConstString(cc.Args[i]); ok {
		s.SQL = valueflow.FillTemplate(s.SQL, text)
		return s
	}
	if p, ok := cc.Args[i].(*ssa.Parameter); ok && p.Parent() == caller {
		s.TextParam = slices.Index(caller.Params, p) + 1
		return s
	}
	s.SQL = ""
	return s
}

// InstantiateTypes returns s as an instance of its generic function
// with type arguments targs runs it, where no call is at hand (the
// implementation of a generic interface that a composition root
// resolves): the table of the type argument, gorm's name for it, and
// an INSERT of its columns. Which column a map of updates computes is
// the call's, and not known here.
func InstantiateTypes(s valueflow.SQLStmt, targs []types.Type) valueflow.SQLStmt {
	g := s.Model
	if g == nil || g.TypeArg >= len(targs) {
		return s
	}
	t := targs[g.TypeArg]
	if g.ConflictOpts > 0 {
		gg := *g
		gg.Conflict = true // the call's options, unknown here
		s.Model = &gg
	}
	n := valueflow.ModelType(t)
	if n == nil {
		return s
	}
	table := valueflow.ModelTable(nil, t) // its TableName, when a fact of its package says it, or gorm's name
	if g.TableTag != "" {
		table = taggedTable(t, g.TableTag)
	}
	return instantiated(s, t, table, g.Column, g.Arithmetic)
}

// instantiated is s, whose model is of type t, writing table: the
// statement its GenericModel says, with column (an Update's) and
// arithmetic, and an INSERT's columns filled by the model parameter's
// fields.
func instantiated(s valueflow.SQLStmt, t types.Type, table, column string, arithmetic bool) valueflow.SQLStmt {
	g := s.Model
	if table == "" {
		return s
	}
	sql := &sqltext.Statement{Kind: sqltext.Kind(g.Kind), Table: table, Conflict: g.Conflict, Upsert: g.Upsert, Arithmetic: arithmetic}
	s.Model, s.SQL, s.Args = nil, modelSQL(sql, column), nil
	if sql.Kind == sqltext.Insert && g.Param >= 0 {
		if text, paths, ok := modelInsert(table, t, g.Conflict); ok {
			if g.Upsert {
				text = overwrites(text, paths)
			}
			s.SQL = text
			for _, path := range paths {
				s.Args = append(s.Args, valueflow.ArgSource{Param: g.Param, Path: path})
			}
		}
	}
	return s
}

// scans reports whether a query builder's statement is run by its Scan,
// which fails when the statement returns no row.
func scans(c ssa.CallInstruction, qb *catalog.QueryBuilder) bool {
	fn := valueflow.Callee(c.Common())
	return fn != nil && fn.Name() == qb.Scan
}

// builtStmt returns the statement a query builder's Exec runs, read from
// the chain of calls that built it back to the handle's method that began
// it: its kind, the table of its Model, the conflict handling of On or
// Ignore, and an UPDATE's SET clauses, which are SQL text; or, begun by
// Raw, the statement its text says, with its arguments. The handle
// decides its commit unit (handleDurability).
func builtStmt(c ssa.CallInstruction, qb *catalog.QueryBuilder) *Stmt {
	var kind, table string
	var sets, wheres []string
	conflict := false
	var handle, model ssa.Value
	on := "" // the text of On(...), the INSERT's conflict clause
	returning := ""
	unread := false
	var raw *Stmt
	for v := c.Common().Args[0]; handle == nil; {
		call, ok := v.(*ssa.Call)
		if !ok {
			return nil
		}
		fn := valueflow.Callee(&call.Call)
		if fn == nil || !qb.Of(fn) {
			return nil
		}
		recv, args := call.Call.Value, call.Call.Args
		if !call.Call.IsInvoke() {
			if len(args) == 0 {
				return nil
			}
			recv, args = args[0], args[1:]
		}
		text := ""
		if len(args) > 0 {
			text, _ = valueflow.ConstString(args[0])
		}
		switch name := fn.Name(); {
		case qb.Start[name] != "":
			kind, handle = qb.Start[name], recv
		case name == qb.Raw:
			if text == "" {
				return nil // text the statement cannot be read without
			}
			handle, raw = recv, &Stmt{Instr: c, SQL: sqltext.Parse(text), Text: text}
			if len(args) > 1 {
				raw.Args = valueflow.SliceElems(args[1])
			}
		case name == qb.Model && len(args) > 0:
			table, model = taggedTable(valueflow.Unwrap(args[0]).Type(), qb.TableTag), args[0]
		case name == qb.Set:
			if text == "" {
				return nil // a SET clause the statement cannot be read without
			}
			sets = append(sets, text)
		case name == qb.Where && text != "":
			wheres = append(wheres, "("+text+")")
		case name == qb.On && text == "":
			unread = true // a clause built at run time (fmt.Sprintf("CONFLICT (%s) DO NOTHING", ...))
		case name == qb.On:
			upper := strings.ToUpper(text)
			if strings.Contains(upper, "CONFLICT") || strings.Contains(upper, "DUPLICATE") {
				conflict, on = true, text
			}
		case name == qb.Ignore:
			conflict = true
		case name == qb.Returning && text != "" && returning == "":
			returning = text
		}
		v = recv
	}
	if raw != nil {
		raw.Recv = handle
		return handleDurability(raw)
	}
	sql := &sqltext.Statement{Table: table}
	st := &Stmt{Instr: c, SQL: sql, Recv: handle}
	switch kind {
	case "INSERT":
		sql.Kind, sql.Conflict = sqltext.Insert, conflict
		st.Text = modelSQL(sql, "")
		// NewInsert().Model(&fee): the INSERT of the model's columns,
		// each filled by its field, as gorm's Create.
		if model != nil && table != "" {
			if text, paths, ok := modelInsert(table, valueflow.Unwrap(model).Type(), conflict); ok {
				if on != "" {
					// The clause as written: an update on conflict may
					// add to the existing row.
					text = strings.TrimSuffix(text, " ON CONFLICT DO NOTHING") + " ON " + on
					if strings.HasSuffix(strings.ToUpper(on), "DO UPDATE") && len(sets) > 0 {
						text += " SET " + strings.Join(sets, ", ") // bun's Set after On("... DO UPDATE")
					}
				}
				if parsed := sqltext.Parse(text); parsed.Kind == sqltext.Insert {
					st.Text, st.SQL, st.ArgBase, st.ArgPaths = text, parsed, valueflow.Unwrap(model), paths
				}
			}
		}
	case "UPDATE":
		sql.Kind = sqltext.Update
		if table != "" && len(sets) > 0 {
			st.Text = "UPDATE " + table + " SET " + strings.Join(sets, ", ")
			if len(wheres) > 0 {
				// The conditions read (a status it tests makes it a
				// compare-and-set); one built at run time is left out.
				slices.Reverse(wheres) // read from Exec back
				st.Text += " WHERE " + strings.Join(wheres, " AND ")
			}
			if returning != "" && scans(c, qb) {
				// A compare-and-set whose Scan reads the row it
				// changed fails, finding none, when it changed
				// nothing: the caller leaves there.
				st.Text += " RETURNING " + returning
			}
			if parsed := sqltext.Parse(st.Text); parsed.Kind == sqltext.Update {
				st.SQL = parsed
			}
		} else {
			st.Text = modelSQL(sql, "")
		}
	case "DELETE":
		sql.Kind = sqltext.Delete
		st.Text = modelSQL(sql, "")
	default:
		return nil
	}
	if model != nil && table == "" && !unread {
		// Store[T].Insert's NewInsert().Model(m): the table of the
		// type argument, which each instance's caller knows.
		if g := genericModel(c.Parent(), valueflow.Unwrap(model), nil, st.SQL, ""); g != nil {
			g.TableTag, st.Generic = qb.TableTag, g
		}
	}
	return handleDurability(st)
}

// handleDurability sets a built statement's commit unit by its handle's
// type: a transaction, a database handle that commits each statement,
// or, for an interface (bun.IDB), unknown.
func handleDurability(st *Stmt) *Stmt {
	switch t := st.Recv.Type(); {
	case catalog.IsTx(t):
		st.Durability, st.Tx = DurTx, st.Recv
	case catalog.IsAutocommit(t):
		st.Durability = DurAutocommit
	}
	return st
}

// taggedTable is the table of a model of type t: the one its struct's
// tag names (bun:"table:orders,alias:o" on bun.BaseModel), else the
// default naming strategy's.
func taggedTable(t types.Type, key string) string {
	n := valueflow.ModelType(t)
	if n == nil {
		return ""
	}
	if name, ok := valueflow.TaggedTable(n, key); ok {
		return name
	}
	return catalog.GormTable(n.Obj().Name())
}

var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// modelSQL renders the SQL a model call stands for, so that a summary,
// which keeps statements as text, keeps what sql says of it: its kind,
// table, conflict handling and arithmetic. It is "" when the table is
// unknown, and the statement is then left out of summaries.
func modelSQL(sql *sqltext.Statement, column string) string {
	if sql.Table == "" {
		return ""
	}
	if !identifier.MatchString(column) {
		column = "updated_at"
	}
	switch sql.Kind {
	case sqltext.Insert:
		if sql.Upsert && sql.Arithmetic {
			return "INSERT INTO " + sql.Table + " AS t VALUES (DEFAULT) ON CONFLICT DO UPDATE SET n = t.n + 1"
		}
		if sql.Upsert {
			return "INSERT INTO " + sql.Table + " VALUES (DEFAULT) ON CONFLICT DO UPDATE SET updated_at = EXCLUDED.updated_at"
		}
		if sql.Conflict {
			return "INSERT INTO " + sql.Table + " VALUES (DEFAULT) ON CONFLICT DO NOTHING"
		}
		return "INSERT INTO " + sql.Table + " VALUES (DEFAULT)"
	case sqltext.Update:
		if sql.Arithmetic {
			return "UPDATE " + sql.Table + " SET " + column + " = " + column + " + 1"
		}
		return "UPDATE " + sql.Table + " SET " + column + " = DEFAULT"
	case sqltext.Delete:
		return "DELETE FROM " + sql.Table
	}
	return ""
}

// overwrites turns the INSERT of a model that modelInsert renders, with
// its conflict ignored, into the one that writes the model over the row
// it finds (gorm's Save): the value of its first column replaces the
// stored one.
func overwrites(text string, paths []string) string {
	open := strings.Index(text, "(")
	if open < 0 || len(paths) == 0 {
		return text
	}
	end := strings.IndexAny(text[open+1:], ",)")
	if end < 0 {
		return text
	}
	col := text[open+1 : open+1+end]
	return strings.TrimSuffix(text, " ON CONFLICT DO NOTHING") + " ON CONFLICT DO UPDATE SET " + col + " = EXCLUDED." + col
}

// modelInsert renders an ORM's insert of one struct model as the INSERT
// it runs, "INSERT INTO t (id, type) VALUES ($1, $2)", with the field of
// the model (".ID") that fills each placeholder. Fields the ORM does not
// store as a column of the row (relations, ignored fields) are left out.
func modelInsert(table string, t types.Type, conflict bool) (string, []string, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return "", nil, false // a slice of models, or not a struct
	}
	var cols, paths []string
	var visit func(s *types.Struct, prefix string, depth int)
	visit = func(s *types.Struct, prefix string, depth int) {
		for i := 0; i < s.NumFields(); i++ {
			f, tag := s.Field(i), s.Tag(i)
			if !f.Exported() || ignoredField(tag) {
				continue
			}
			if es, ok := f.Type().Underlying().(*types.Struct); ok && f.Embedded() && depth < 2 {
				visit(es, prefix+"."+f.Name(), depth+1) // gorm.Model's ID, CreatedAt, ...
				continue
			}
			if col := valueflow.ModelColumn(f, tag); catalog.ColumnType(f.Type()) && identifier.MatchString(col) {
				cols = append(cols, col)
				paths = append(paths, prefix+"."+f.Name())
			}
		}
	}
	visit(s, "", 0)
	if len(cols) == 0 {
		return "", nil, false
	}
	marks := make([]string, len(cols))
	for i := range cols {
		marks[i] = "$" + strconv.Itoa(i+1)
	}
	text := "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES (" + strings.Join(marks, ", ") + ")"
	if conflict {
		text += " ON CONFLICT DO NOTHING"
	}
	return text, paths, true
}

// ignoredField reports whether a struct tag keeps a field out of the
// row: gorm:"-", bun:"-", or a relation's tag.
func ignoredField(tag string) bool {
	g, b := reflect.StructTag(tag).Get("gorm"), reflect.StructTag(tag).Get("bun")
	return g == "-" || strings.HasPrefix(g, "-:") || b == "-" || strings.Contains(b, "rel:") ||
		strings.Contains(g, "foreignKey") || strings.Contains(g, "many2many")
}

// conditionalUpdate renders an ORM update whose columns are known (the
// column an Update method names, or the constant keys of the map
// Updates takes) and whose chain has a constant Where condition, as
// "UPDATE t SET a = ?, b = ? WHERE <condition>". It is false for any
// other update.
func conditionalUpdate(table, column string, c ssa.CallInstruction) (string, bool) {
	cc := c.Common()
	cols := []string{column}
	if column == "" {
		cols = nil
		if len(cc.Args) > 1 {
			cols = mapKeys(cc.Args[1])
		}
	}
	var conds []string
	for v := cc.Args[0]; ; {
		call, ok := v.(*ssa.Call)
		if !ok || len(call.Call.Args) == 0 {
			break
		}
		if f := valueflow.Callee(&call.Call); f != nil && f.Name() == "Where" && len(call.Call.Args) > 1 {
			if text, ok := valueflow.ConstString(valueflow.Unwrap(call.Call.Args[1])); ok && !strings.ContainsAny(text, "()") {
				conds = append(conds, text)
			}
		}
		v = call.Call.Args[0]
	}
	if len(cols) == 0 || len(conds) == 0 {
		return "", false
	}
	sets := make([]string, len(cols))
	for i, col := range cols {
		if !identifier.MatchString(col) {
			return "", false
		}
		sets[i] = col + " = ?"
	}
	return "UPDATE " + table + " SET " + strings.Join(sets, ", ") + " WHERE " + strings.Join(conds, " AND "), true
}

// selfComputedEntry returns the key of an entry of a map literal whose
// value computes the column from itself, when there is one.
func selfComputedEntry(v ssa.Value) (string, bool) {
	entries, _ := valueflow.MapLiteral(v)
	for _, e := range entries {
		if selfComputed(e.Key, e.Value) {
			return e.Key, true
		}
	}
	return "", false
}

// mapKeys returns the constant string keys a map literal is built
// with, or nil.
func mapKeys(v ssa.Value) []string {
	entries, _ := valueflow.MapLiteral(v)
	var keys []string
	for _, e := range entries {
		keys = append(keys, e.Key)
	}
	return keys
}

// chainRoot returns the handle a chain of the ORM's refining calls
// (db.WithContext(ctx).Model(&a).Where(...)) starts from.
func chainRoot(v ssa.Value) ssa.Value {
	for {
		if phi, ok := v.(*ssa.Phi); ok {
			// A chain refined on one path (q := db.WithContext(ctx); if
			// e.Key != nil { q = q.Clauses(...) }): the handle both
			// start from.
			root := chainRoot(phi.Edges[0])
			for _, e := range phi.Edges[1:] {
				if e == phi || chainRoot(e) != root {
					return v
				}
			}
			return root
		}
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
			return v
		}
		fn := valueflow.Callee(&call.Call)
		if fn == nil || !catalog.IsORMChain(fn.Name()) {
			return v
		}
		v = call.Call.Args[0]
	}
}

// HasClauses reports whether the chain of ORM calls that ends in the
// handle v refines it with Clauses (gorm's clause.OnConflict among them).
func HasClauses(v ssa.Value) bool { return len(chainClauses(v)) > 0 }

// chainClauses returns the Clauses calls of the chain of ORM calls that
// ends in the handle v.
func chainClauses(v ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	for {
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
			return out
		}
		fn := valueflow.Callee(&call.Call)
		if fn == nil {
			return out
		}
		if catalog.IsORMClauses(fn.Name()) {
			out = append(out, call)
		} else if !catalog.IsORMChain(fn.Name()) {
			return out
		}
		v = call.Call.Args[0]
	}
}

// countsOnConflict reports whether the chain of ORM calls that ends in
// the handle v refines it with a conflict clause whose updates compute
// a column from its current value (clause.OnConflict{DoUpdates:
// clause.Assignments(map[string]any{"n": gorm.Expr("usage.n + 1")})}):
// an upsert that counts, whose repeat counts twice. The expression's
// text may be built (a column name passed in): its constant parts
// decide.
func countsOnConflict(v ssa.Value) bool {
	for _, call := range chainClauses(v) {
		for _, a := range call.Call.Args[1:] {
			for _, e := range append(valueflow.SliceElems(a), a) {
				if updatesCount(e) {
					return true
				}
			}
		}
	}
	return false
}

// updatesCount reports whether v, a conflict clause built in place, has
// updates (DoUpdates) that add to or take from a column.
func updatesCount(v ssa.Value) bool {
	stores, ok := valueflow.FieldStores(v)
	if !ok {
		return false
	}
	for _, u := range stores["DoUpdates"] {
		call, ok := valueflow.Unwrap(u).(*ssa.Call)
		if !ok || len(call.Call.Args) == 0 {
			continue
		}
		// The columns may be named by variables: the values decide.
		m, ok := valueflow.Unwrap(call.Call.Args[0]).(*ssa.MakeMap)
		if !ok {
			continue
		}
		for _, r := range *m.Referrers() {
			if u, ok := r.(*ssa.MapUpdate); ok && u.Map == m && countingExpr(u.Value) {
				return true
			}
		}
	}
	return false
}

// countingText matches an expression that adds a number or a bound
// value to what it names, or takes one from it.
var countingText = regexp.MustCompile(`[\w.]\s*[-+]\s*(\d|\?)`)

// countingExpr reports whether v is an ORM expression (gorm.Expr) whose
// text, or the constant parts of the text it is built from, counts.
func countingExpr(v ssa.Value) bool {
	call, ok := valueflow.Unwrap(v).(*ssa.Call)
	if !ok {
		return false
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil || !catalog.IsORMExpr(fn) || len(call.Call.Args) == 0 {
		return false
	}
	return countingText.MatchString(constParts(call.Call.Args[0]))
}

// constParts joins the constant strings a string value is concatenated
// from, with a placeholder name for each part that is not constant.
func constParts(v ssa.Value) string {
	switch x := valueflow.Unwrap(v).(type) {
	case *ssa.Const:
		if s, ok := valueflow.ConstString(x); ok {
			return s
		}
	case *ssa.BinOp:
		if x.Op == token.ADD {
			return constParts(x.X) + constParts(x.Y)
		}
	}
	return "x"
}

// chainModel returns the argument of the chain's Model call, if any.
func chainModel(v ssa.Value) ssa.Value {
	for {
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.IsInvoke() || len(call.Call.Args) < 2 {
			return nil
		}
		fn := valueflow.Callee(&call.Call)
		if fn == nil || !catalog.IsORMChain(fn.Name()) {
			return nil
		}
		if catalog.IsORMModel(fn.Name()) {
			return call.Call.Args[1]
		}
		v = call.Call.Args[0]
	}
}

// ModelTable is the table gorm gives a model of type t
// (valueflow.ModelTable).
func ModelTable(prog *ssa.Program, t types.Type) string { return valueflow.ModelTable(prog, t) }

// selfComputed reports whether an Update sets column to an expression
// of its own value: gorm.Expr("balance - ?", n) for column "balance".
func selfComputed(col string, value ssa.Value) bool {
	if col == "" || value == nil {
		return false
	}
	call, ok := valueflow.Unwrap(value).(*ssa.Call)
	if !ok {
		return false
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil || !catalog.IsORMExpr(fn) || len(call.Call.Args) == 0 {
		return false
	}
	text, ok := valueflow.ConstString(call.Call.Args[0])
	if !ok {
		return false
	}
	re := regexp.MustCompile(`(?i)(^|[^\w.])` + regexp.QuoteMeta(strings.Trim(col, "`\"")) + `\s*[-+*/]|[-+*/]\s*` + regexp.QuoteMeta(strings.Trim(col, "`\"")) + `($|[^\w])`)
	return re.MatchString(text)
}
