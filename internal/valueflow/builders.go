package valueflow

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A built statement is the SQL a text builder's chain of calls renders
// (squirrel's sq.Insert("orders").Columns("id").Values(id).ToSql()),
// with the values that fill its placeholders, in order.
type built struct {
	text string
	args []ssa.Value
	// runner is the handle RunWith gives the chain, when it is a value
	// of the function that ends it; runnerType its type wherever it is
	// (a helper that begins every statement on its repository's
	// handle, psql.Insert(table).RunWith(b.db)).
	runner     ssa.Value
	runnerType types.Type
	// runnerBase and runnerPath locate a runner the helper holds in
	// a field of what the call passes it (b.db, b the helper's
	// receiver): the value of the function that ends the chain, and
	// the field path inside it.
	runnerBase ssa.Value
	runnerPath string
}

// renderedBy returns the chain a call of a text builder's Render method
// (ToSql) renders, or nil.
func renderedBy(v ssa.Value) *ssa.Call {
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || len(call.Call.Args) == 0 {
		return nil
	}
	fn := Callee(&call.Call)
	if fn == nil {
		return nil
	}
	b, ok := catalog.TextBuilderOf(fn)
	if !ok || !slices.Contains(b.Render, fn.Name()) {
		return nil
	}
	chain, _ := call.Call.Args[0].(*ssa.Call)
	return chain
}

// builtText reads the text a builder renders: v is the text result of a
// Render call.
func builtText(v *ssa.Extract) (string, bool) {
	if v.Index != 0 {
		return "", false
	}
	chain := renderedBy(v.Tuple)
	if chain == nil {
		return "", false
	}
	b, ok := renderChain(chain)
	return b.text, ok
}

// BuiltArgs returns the values that fill the placeholders of the text a
// builder renders, when v is the arguments result of its Render call
// (the args of sql, args, err := b.ToSql()), or nil.
func BuiltArgs(v ssa.Value) []ssa.Value {
	ex, ok := v.(*ssa.Extract)
	if !ok || ex.Index != 1 {
		return nil
	}
	chain := renderedBy(ex.Tuple)
	if chain == nil {
		return nil
	}
	b, ok := renderChain(chain)
	if !ok {
		return nil
	}
	return b.args
}

// runChain renders the statement a builder's executor runs: the chain
// of its receiver.
func runChain(c *ssa.CallCommon) (built, bool) {
	if c.IsInvoke() || len(c.Args) == 0 {
		return built{}, false
	}
	chain, ok := c.Args[0].(*ssa.Call)
	if !ok {
		return built{}, false
	}
	return renderChain(chain)
}

// A BuiltStmt is the statement a builder's executor runs (RunWith(db)
// and then ExecContext): its text, the values bound to its
// placeholders (nil when unknown), and its handle: Runner when a value
// of the executor's function gives it, else RunnerBase's field at
// RunnerPath when a helper that begins the chain holds it (see
// heldRunner); Autocommit says the handle commits each statement.
type BuiltStmt struct {
	Text       string
	Args       []ssa.Value
	Runner     ssa.Value
	RunnerBase ssa.Value
	RunnerPath string
	Autocommit bool
}

// BuiltStmtOf renders the statement a builder's executor runs, once.
func BuiltStmtOf(c *ssa.CallCommon) (BuiltStmt, bool) {
	b, ok := runChain(c)
	if !ok {
		return BuiltStmt{}, false
	}
	return BuiltStmt{
		Text: b.text, Args: b.args, Runner: b.runner, RunnerBase: b.runnerBase, RunnerPath: b.runnerPath,
		Autocommit: b.runnerType != nil && catalog.IsAutocommit(b.runnerType),
	}, true
}

// valuesStmt returns the statement whose values a builder's Values call
// adds: the chain is followed from the call to its end, where it is
// rendered or run.
func valuesStmt(call *ssa.Call) (built, bool) {
	end := call
	for {
		next := chainNext(end)
		if next == nil {
			break
		}
		end = next
	}
	if returned(end) {
		// The chain goes on in the callers, which may add its
		// conflict clause.
		return built{}, false
	}
	return renderChain(end)
}

// ReturnValues returns the values fn's single-result returns return.
func ReturnValues(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			out = append(out, ret.Results[0])
		}
	}
	return out
}

// returned reports whether its function returns a call's result.
func returned(call *ssa.Call) bool {
	refs := call.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.Return); ok {
			return true
		}
	}
	return false
}

// chainNext returns the builder call that continues a chain at call: its
// only use, as the receiver of another method of the builder.
func chainNext(call *ssa.Call) *ssa.Call {
	refs := call.Referrers()
	if refs == nil || len(*refs) != 1 {
		return nil
	}
	next, ok := (*refs)[0].(*ssa.Call)
	if !ok || next.Call.IsInvoke() || len(next.Call.Args) == 0 || next.Call.Args[0] != call {
		return nil
	}
	fn := Callee(&next.Call)
	if fn == nil || fn.Type().(*types.Signature).Recv() == nil {
		return nil
	}
	if b, ok := catalog.TextBuilderOf(fn); !ok || slices.Contains(b.Render, fn.Name()) {
		return nil
	}
	return next
}

// renderChain renders the statement a chain of builder calls ending in
// end builds, read back to the call that begins it. A part it cannot
// read (a table, a column, a suffix or a condition that is not
// constant; values passed as a slice) leaves it unreadable. The chain
// may begin in a function of the program that returns it (r.insert(
// "offers") returning psql.Insert(table).RunWith(b.db)): its
// parameters are what the call passes, and values it adds are not the
// caller's, so the statement's arguments are then unknown.
func renderChain(end *ssa.Call) (built, bool) {
	var (
		kind, table, suffix string
		cols, options, sets []string
		wheres              []string
		values, setArgs     []ssa.Value
		whereArgs           []ssa.Value
		valuesRead          = true
		foreign             bool // a part comes from a helper: arguments unknown
		runner, runnerBase  ssa.Value
		runnerType          types.Type
		runnerPath          string
		given               = map[*ssa.Parameter]ssa.Value{}
	)
	top := end.Parent()
	str := func(v ssa.Value) (string, bool) {
		for range maxChainHelpers + 1 {
			p, ok := v.(*ssa.Parameter)
			if !ok || given[p] == nil {
				return constString(v)
			}
			v = given[p]
		}
		return "", false
	}
	helpers := 0
	for v := ssa.Value(end); kind == ""; {
		call, ok := v.(*ssa.Call)
		if !ok || call.Call.IsInvoke() {
			return built{}, false
		}
		fn := Callee(&call.Call)
		if fn == nil {
			return built{}, false
		}
		b, ok := catalog.TextBuilderOf(fn)
		if !ok {
			r, ok := chainHelper(call)
			if !ok || helpers == maxChainHelpers {
				return built{}, false
			}
			helpers++
			for i, p := range call.Call.StaticCallee().Params {
				given[p] = call.Call.Args[i]
			}
			foreign, v = true, r
			continue
		}
		local := call.Parent() == top
		args := call.Call.Args
		var recv ssa.Value
		if fn.Type().(*types.Signature).Recv() != nil {
			if len(args) == 0 {
				return built{}, false
			}
			recv, args = args[0], args[1:]
		}
		name := fn.Name()
		first := ""
		if len(args) > 0 {
			first, _ = str(args[0])
		}
		switch {
		case b.Start[name] != "":
			kind = b.Start[name]
			if table == "" {
				table = first
			}
		case slices.Contains(b.Table, name):
			if table == "" {
				table = first
			}
		case name == b.Columns:
			names, ok := constStrings(args, str)
			if !ok {
				return built{}, false
			}
			cols = append(names, cols...)
		case name == b.Values:
			// Several Values calls add rows; the last one's values are
			// as good as any for which column each fills.
			if values == nil && valuesRead && len(args) > 0 {
				values = SliceElems(args[0])
				valuesRead = values != nil
				foreign = foreign || !local
			}
		case name == b.Suffix:
			if first == "" {
				return built{}, false
			}
			suffix = strings.TrimSpace(first + " " + suffix)
		case name == b.Options:
			opts, ok := constStrings(args, str)
			if !ok {
				return built{}, false
			}
			options = append(opts, options...)
		case name == b.Set:
			if first == "" || len(args) < 2 {
				return built{}, false
			}
			expr, exprArgs := setExpr(b, args[1])
			sets = append([]string{first + " = " + expr}, sets...)
			setArgs = append(exprArgs, setArgs...)
			foreign = foreign || !local
		case name == b.Where:
			if len(args) == 0 {
				return built{}, false
			}
			cond, condArgs, ok := wherePred(b, args[0], str)
			if !ok {
				return built{}, false
			}
			if len(args) > 1 {
				condArgs = append(condArgs, SliceElems(args[1])...)
			}
			wheres = append([]string{"(" + cond + ")"}, wheres...)
			whereArgs = append(condArgs, whereArgs...)
			foreign = foreign || !local
		case name == b.RunWith:
			if runnerType == nil && len(args) > 0 {
				runnerType = Unwrap(args[0]).Type()
				if local {
					runner = args[0]
				} else {
					runnerBase, runnerPath = heldRunner(args[0], given, top)
				}
			}
		}
		if kind == "" {
			if recv == nil {
				return built{}, false
			}
			v = recv
		}
	}
	if table == "" {
		return built{}, false
	}
	out := built{runner: runner, runnerType: runnerType, runnerBase: runnerBase, runnerPath: runnerPath}
	where := ""
	if len(wheres) > 0 {
		where = " WHERE " + strings.Join(wheres, " AND ")
	}
	switch kind {
	case "INSERT", "REPLACE":
		if len(cols) == 0 || !valuesRead {
			return built{}, false
		}
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")
		head := strings.Join(append([]string{kind}, options...), " ")
		out.text = strings.TrimSpace(head + " INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES (" + marks + ") " + suffix)
		out.args = values
	case "UPDATE":
		if len(sets) == 0 {
			return built{}, false
		}
		out.text = "UPDATE " + table + " SET " + strings.Join(sets, ", ") + where
		out.args = append(setArgs, whereArgs...)
	case "DELETE":
		out.text = "DELETE FROM " + table + where
		out.args = whereArgs
	default:
		return built{}, false
	}
	if foreign {
		out.args = nil
	}
	return out, true
}

// wherePred renders a condition: constant text, or a map of
// equalities of the builder's (sq.Eq{"id": id}), which renders its
// columns in order. Other conditions (sq.And, a map built elsewhere,
// a list of values) are not read.
func wherePred(b *catalog.TextBuilder, v ssa.Value, str func(ssa.Value) (string, bool)) (string, []ssa.Value, bool) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if text, ok := str(v); ok {
		return text, nil, true
	}
	mm, ok := v.(*ssa.MakeMap)
	if !ok || b.Eq == "" || catalog.TypeKey(mm.Type()) != b.Eq {
		return "", nil, false
	}
	byCol := map[string]ssa.Value{}
	for _, r := range *mm.Referrers() {
		u, ok := r.(*ssa.MapUpdate)
		if !ok || u.Map != mm {
			continue
		}
		col, ok := constString(u.Key)
		if !ok {
			return "", nil, false
		}
		val := u.Value
		if mi, ok := val.(*ssa.MakeInterface); ok {
			val = mi.X
		}
		if _, list := val.Type().Underlying().(*types.Slice); list {
			return "", nil, false // col IN (...)
		}
		if c, ok := val.(*ssa.Const); ok && c.IsNil() {
			return "", nil, false // col IS NULL
		}
		byCol[col] = val
	}
	if len(byCol) == 0 {
		return "", nil, false
	}
	var conds []string
	var args []ssa.Value
	for _, col := range slices.Sorted(maps.Keys(byCol)) {
		conds = append(conds, col+" = ?")
		args = append(args, byCol[col])
	}
	return strings.Join(conds, " AND "), args, true
}

// heldRunner locates a runner a helper reads from a field of one of
// its parameters (psql.Insert(table).RunWith(b.db)) in the function
// top that called it: the value the call passes for the parameter, and
// the field path inside it.
func heldRunner(v ssa.Value, given map[*ssa.Parameter]ssa.Value, top *ssa.Function) (ssa.Value, string) {
	path := ""
	for {
		v = Unwrap(v)
		switch x := v.(type) {
		case *ssa.Field:
			st, ok := x.X.Type().Underlying().(*types.Struct)
			if !ok {
				return nil, ""
			}
			path = "." + st.Field(x.Field).Name() + path
			v = x.X
			continue
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if x.Op != token.MUL || !ok {
				return nil, ""
			}
			st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
			if !ok {
				return nil, ""
			}
			path = "." + st.Field(fa.Field).Name() + path
			v = fa.X
			continue
		case *ssa.Parameter:
			if x.Parent() == top {
				return x, path
			}
			if given[x] == nil {
				return nil, ""
			}
			v = given[x]
			if in, ok := v.(ssa.Instruction); ok && in.Parent() == top || isTopParam(v, top) {
				return v, path
			}
			continue
		}
		return nil, ""
	}
}

func isTopParam(v ssa.Value, top *ssa.Function) bool {
	p, ok := v.(*ssa.Parameter)
	return ok && p.Parent() == top
}

// maxChainHelpers bounds the functions of the program a chain is read
// back through (a helper that calls itself would never end).
const maxChainHelpers = 3

// chainHelper returns the chain a call of a function of the program
// returns, when every return of it returns one (a repository's
// insert(table) that begins each statement): the value the chain goes
// on from.
func chainHelper(call *ssa.Call) (ssa.Value, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Parent() != nil || callee.TypeParams().Len() > 0 {
		return nil, false
	}
	var r ssa.Value
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 || r != nil && ret.Results[0] != r {
			return nil, false
		}
		r = ret.Results[0]
	}
	if _, ok := r.(*ssa.Call); !ok {
		return nil, false
	}
	return r, true
}

// setExpr renders the value a SET clause assigns: the text of a raw
// expression (sq.Expr("balance - ?", n)) with its arguments, or a
// placeholder for the value.
func setExpr(b *catalog.TextBuilder, v ssa.Value) (string, []ssa.Value) {
	if ci, ok := v.(*ssa.ChangeInterface); ok {
		v = ci.X // an Sqlizer passed as any
	}
	if call, ok := Unwrap(v).(*ssa.Call); ok && len(call.Call.Args) > 0 {
		if fn := Callee(&call.Call); fn != nil && catalog.FuncKey(fn) == b.Expr {
			if text, ok := constString(call.Call.Args[0]); ok {
				var args []ssa.Value
				if len(call.Call.Args) > 1 {
					args = SliceElems(call.Call.Args[1])
				}
				return text, args
			}
		}
	}
	return "?", []ssa.Value{v}
}

// constStrings reads a variadic argument of constant strings, each of
// which may name several, comma-separated ("id, total").
func constStrings(args []ssa.Value, str func(ssa.Value) (string, bool)) ([]string, bool) {
	if len(args) == 0 {
		return nil, true
	}
	if c, ok := args[0].(*ssa.Const); ok && c.IsNil() {
		return nil, true // no names
	}
	elems := SliceElems(args[0])
	if elems == nil {
		return nil, false // names passed as a slice: not read
	}
	var out []string
	for _, e := range elems {
		s, ok := str(e)
		if !ok {
			return nil, false
		}
		for _, part := range strings.Split(s, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out, true
}
