package valueflow

import (
	"go/types"
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
	return renderChain(end)
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
// read (a table, a column, a suffix that is not constant; values passed
// as a slice) leaves it unreadable.
func renderChain(end *ssa.Call) (built, bool) {
	var (
		kind, table, suffix string
		cols, options, sets []string
		values, setArgs     []ssa.Value
		valuesRead          = true
	)
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
			return built{}, false
		}
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
			first, _ = constString(args[0])
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
			names, ok := constStrings(args)
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
			}
		case name == b.Suffix:
			if first == "" {
				return built{}, false
			}
			suffix = strings.TrimSpace(first + " " + suffix)
		case name == b.Options:
			opts, ok := constStrings(args)
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
	switch kind {
	case "INSERT", "REPLACE":
		if len(cols) == 0 || !valuesRead {
			return built{}, false
		}
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")
		head := strings.Join(append([]string{kind}, options...), " ")
		text := head + " INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES (" + marks + ")"
		return built{text: strings.TrimSpace(text + " " + suffix), args: values}, true
	case "UPDATE":
		if len(sets) == 0 {
			return built{}, false
		}
		return built{text: "UPDATE " + table + " SET " + strings.Join(sets, ", "), args: setArgs}, true
	case "DELETE":
		return built{text: "DELETE FROM " + table}, true
	}
	return built{}, false
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
func constStrings(args []ssa.Value) ([]string, bool) {
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
		s, ok := constString(e)
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
