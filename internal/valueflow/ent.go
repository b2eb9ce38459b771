package valueflow

import (
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/sqltext"
)

// An EntBuilt is the statement an ent builder's Save or Exec runs, read
// from the chain of calls that built it back to the entity's client
// that began it: client.Transfer.Create().SetID(id).SetAmount(n).
// OnConflict().DoNothing().Exec(ctx) is "INSERT INTO transfers (id,
// amount) VALUES ($1, $2) ON CONFLICT DO NOTHING" with Args the setters'
// arguments; UpdateOneID(id).AddBalance(-n) is "UPDATE wallets SET
// balance = balance + $1 WHERE id = $2". Handle is the Client or Tx
// whose field the entity's client is (tx.Client() is its Tx), or nil
// when the chain begins elsewhere.
type EntBuilt struct {
	Text   string
	Args   []ssa.Value
	Handle ssa.Value
}

// EntStmt returns the statement c, a call of fn, runs when fn is the
// runner (Save, Exec) of a builder ent generated.
func EntStmt(c ssa.CallInstruction, fn *types.Func) (EntBuilt, bool) {
	entity, builder, ok := catalog.EntRunner(fn)
	if !ok || len(c.Common().Args) == 0 {
		return EntBuilt{}, false
	}
	pkg := fn.Pkg()
	var cols, adds, target, wheres []string  // the columns set, those added to, the conflict's, those a query tests
	var vals, addVals, whereVals []ssa.Value // their values
	var id ssa.Value                         // the ID UpdateOneID is given
	conflict, overwrite := false, false
	var client ssa.Value // the entity's client
	for v := c.Common().Args[0]; client == nil; {
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
			return EntBuilt{}, false
		}
		m := Callee(&call.Call)
		if m == nil {
			return EntBuilt{}, false
		}
		recv, args := call.Call.Args[0], call.Call.Args[1:]
		if start, byID := catalog.IsEntStart(m); start {
			if byID && len(args) > 0 {
				id = args[0]
			}
			client = recv
			break
		}
		if _, _, ok := catalog.EntBuilderType(m); !ok {
			return EntBuilt{}, false
		}
		switch name := m.Name(); {
		case catalog.IsEntAbsorb(name):
			conflict = true
		case catalog.IsEntOverwrite(name) && builder.Upsert:
			conflict, overwrite = true, true
		case catalog.IsEntOnConflict(name):
			target = conflictColumns(args)
		case name == "Where" && builder.Kind != "INSERT" && len(args) == 1:
			for _, p := range SliceElems(args[0]) {
				if call, ok := p.(*ssa.Call); ok && len(call.Call.Args) == 1 {
					if f := Callee(&call.Call); f != nil {
						if col, ok := catalog.EntPredicate(f); ok {
							wheres, whereVals = append(wheres, col), append(whereVals, call.Call.Args[0])
						}
					}
				}
			}
		case strings.HasPrefix(name, catalog.EntSetNillable) && len(args) == 1:
			cols = append(cols, catalog.EntColumn(pkg, entity, strings.TrimPrefix(name, catalog.EntSetNillable)))
			vals = append(vals, args[0])
		case strings.HasPrefix(name, catalog.EntSet) && len(args) == 1:
			cols = append(cols, catalog.EntColumn(pkg, entity, strings.TrimPrefix(name, catalog.EntSet)))
			vals = append(vals, args[0])
		case strings.HasPrefix(name, catalog.EntAdd) && len(args) == 1 && builder.Kind == "UPDATE":
			adds = append(adds, catalog.EntColumn(pkg, entity, strings.TrimPrefix(name, catalog.EntAdd)))
			addVals = append(addVals, args[0])
		}
		v = recv
	}
	b := EntBuilt{Handle: entHandle(client)}
	table := catalog.EntTable(pkg, entity)
	mark := func(v ssa.Value) string {
		b.Args = append(b.Args, v)
		return "$" + strconv.Itoa(len(b.Args))
	}
	// where renders the WHERE clause of the row of id (UpdateOneID's)
	// and of the columns the predicates test.
	where := func(id ssa.Value, cols []string, vals []ssa.Value) string {
		var conds []string
		if id != nil {
			conds = append(conds, catalog.EntColumn(pkg, entity, "ID")+" = "+mark(id))
		}
		for i, col := range cols {
			conds = append(conds, col+" = "+mark(vals[i]))
		}
		if len(conds) == 0 {
			return ""
		}
		return " WHERE " + strings.Join(conds, " AND ")
	}
	switch builder.Kind {
	case "INSERT":
		if len(cols) == 0 {
			b.Text = "INSERT INTO " + table + " VALUES (DEFAULT)"
		} else {
			marks := make([]string, len(cols))
			for i := range cols {
				marks[i] = mark(vals[i])
			}
			b.Text = "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES (" + strings.Join(marks, ", ") + ")"
		}
		on := " ON CONFLICT"
		if len(target) > 0 {
			on += " (" + strings.Join(target, ", ") + ")"
		}
		switch {
		case overwrite && len(cols) > 0:
			b.Text += on + " DO UPDATE SET " + cols[0] + " = EXCLUDED." + cols[0]
		case conflict:
			b.Text += on + " DO NOTHING"
			if catalog.EntReturnsRow(fn) {
				// ID and Save read the row's ID back (RETURNING): on a
				// conflict there is none, and the call fails with
				// sql.ErrNoRows, which tells the caller the row was
				// there.
				b.Text += " RETURNING " + catalog.EntColumn(pkg, entity, "ID")
			}
		}
	case "UPDATE":
		var clauses []string
		for i, col := range cols {
			clauses = append(clauses, col+" = "+mark(vals[i]))
		}
		for i, col := range adds {
			clauses = append(clauses, col+" = "+col+" + "+mark(addVals[i]))
		}
		if len(clauses) == 0 {
			clauses = []string{"updated_at = DEFAULT"}
		}
		b.Text = "UPDATE " + table + " SET " + strings.Join(clauses, ", ")
		b.Text += where(id, wheres, whereVals)
	case "SELECT":
		b.Text = "SELECT " + catalog.EntColumn(pkg, entity, "ID") + " FROM " + table + where(nil, wheres, whereVals)
	case "DELETE":
		b.Text = "DELETE FROM " + table + where(id, wheres, whereVals)
	}
	return b, true
}

// entHandle returns the Client or Tx whose field client is
// (client.Transfer), seeing through tx.Client(); nil when client is
// another value.
func entHandle(client ssa.Value) ssa.Value {
	load, ok := client.(*ssa.UnOp)
	if !ok {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	h := fa.X
	if tx := EntTxOf(h); tx != nil {
		h = tx
	}
	if !catalog.IsTx(h.Type()) && !catalog.IsAutocommit(h.Type()) {
		return nil
	}
	return h
}

// conflictColumns returns the columns an upsert's conflict names:
// OnConflictColumns("key") or OnConflict(sql.ConflictColumns("key")),
// as constants; nil when they cannot be read.
func conflictColumns(args []ssa.Value) []string {
	if len(args) != 1 {
		return nil
	}
	var cols []string
	for _, e := range SliceElems(args[0]) {
		if s, ok := ConstString(e); ok {
			cols = append(cols, s)
			continue
		}
		call, ok := e.(*ssa.Call)
		if !ok {
			return nil
		}
		fn := Callee(&call.Call)
		if fn == nil || !catalog.IsEntConflictColumns(fn) || len(call.Call.Args) != 1 {
			return nil
		}
		for _, c := range SliceElems(call.Call.Args[0]) {
			s, ok := ConstString(c)
			if !ok {
				return nil
			}
			cols = append(cols, s)
		}
	}
	return cols
}

// entRunner returns the call that runs the statement a builder call
// (a setter) belongs to, following the chain forward through the
// builder's methods, each the only use of the one before; nil when the
// chain branches or ends elsewhere.
func entRunner(call *ssa.Call) (*ssa.Call, *types.Func) {
	for {
		refs := call.Referrers()
		if refs == nil || len(*refs) != 1 {
			return nil, nil
		}
		next, ok := (*refs)[0].(*ssa.Call)
		if !ok || next.Call.IsInvoke() || len(next.Call.Args) == 0 || next.Call.Args[0] != call {
			return nil, nil
		}
		fn := Callee(&next.Call)
		if fn == nil {
			return nil, nil
		}
		if _, _, ok := catalog.EntRunner(fn); ok {
			return next, fn
		}
		if _, _, ok := catalog.EntBuilderType(fn); !ok {
			return nil, nil
		}
		call = next
	}
}

// entArg decides whether a value given to an ent builder's setter
// (SetID(v)) fills an identity column of the INSERT the chain runs.
func (t *tracer) entArg(call *ssa.Call, v ssa.Value, n node) {
	run, fn := entRunner(call)
	if run == nil {
		return
	}
	b, ok := EntStmt(run, fn)
	if !ok {
		return
	}
	st := sqltext.Parse(b.Text)
	if t.env.Writes {
		if st.Writes() {
			t.hit(SinkInfo{Kind: WriteSink, Table: st.Table, Durable: b.Handle != nil && catalog.IsAutocommit(b.Handle.Type())}, call.Pos(), n.stack, nil)
		}
		return
	}
	if n.path != "" || st.Kind != sqltext.Insert || st.Columns == nil {
		return
	}
	for i, a := range b.Args {
		if a == v {
			t.columnHit(call, st, st.ColumnOf(i), b.Args, n)
		}
	}
}

// EntTxOf returns the transaction v is the Client of (tx.Client() of an
// API ent generates), or nil.
func EntTxOf(v ssa.Value) ssa.Value {
	call, ok := Unwrap(v).(*ssa.Call)
	if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 1 {
		return nil
	}
	if fn := Callee(&call.Call); fn != nil && catalog.IsEntTxClient(fn) {
		return call.Call.Args[0]
	}
	return nil
}
