package naturalkey

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/sqltext"
	"github.com/idemlint/idemlint/internal/valueflow"
	"github.com/idemlint/idemlint/passes/retried"
)

// argKey returns what a placeholder binds: its value's key, or for a
// statement of a callee whose argument is a field of a struct that the
// caller builds with a constructor of its own (q.CreateOrder(ctx,
// params(x))), that field's key as the constructor stores it.
func (c *checker) argKey(st *effects.Stmt, p sqltext.Param, path *retried.Path) (key, bool) {
	if v := c.paramValue(st, p); v != nil {
		return c.keyOf(v, path.Via, 0), true
	}
	if st.ArgBase != nil && p.Index >= 0 && p.Index < len(st.ArgPaths) {
		// An ORM's insert of a model (bun's NewInsert().Model(fee)):
		// the column's field of the model built here.
		return c.modelField(st.ArgBase, st.ArgPaths[p.Index], path)
	}
	call, ok := st.Instr.(*ssa.Call)
	if st.Callee == nil || !ok || p.Index < 0 || p.Index >= len(st.Callee.Args) {
		return key{}, false
	}
	a := st.Callee.Args[p.Index]
	field, rest, _ := strings.Cut(strings.TrimPrefix(a.Path, "."), ".")
	if a.Param < 0 || a.Param >= len(call.Call.Args) || a.Path == "" || rest != "" {
		return key{}, false
	}
	arg := valueflow.Unwrap(call.Call.Args[a.Param])
	t, ok := arg.Type().Underlying().(*types.Struct)
	if !ok {
		return key{}, false
	}
	for i := 0; i < t.NumFields(); i++ {
		if t.Field(i).Name() == field {
			return c.constructedField(arg, i, path.Via, 0)
		}
	}
	return key{}, false
}

// paramValue returns the value a placeholder binds: an argument, or for
// a named parameter (sqlx's :name) the field of the argument struct
// whose db tag (or lower-cased name) it is.
func (c *checker) paramValue(st *effects.Stmt, p sqltext.Param) ssa.Value {
	if p.Index >= 0 {
		return st.ArgValue(p.Index)
	}
	if len(st.Args) == 0 {
		return nil
	}
	arg := st.Args[0]
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	if load, ok := arg.(*ssa.UnOp); ok {
		arg = load.X
	}
	alloc, ok := arg.(*ssa.Alloc)
	if !ok {
		return nil
	}
	s, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < s.NumFields(); i++ {
		name := strings.ToLower(s.Field(i).Name())
		if tag := reflect.StructTag(s.Tag(i)).Get("db"); tag != "" {
			name, _, _ = strings.Cut(tag, ",")
		}
		if name == p.Name {
			if vals := storedInto(alloc, i); len(vals) > 0 {
				return vals[0]
			}
		}
	}
	return nil
}

// modelField says what field path (".ID") of a model built in the
// function holds: the model's allocation, or the one a closure of the
// function captured (a transaction callback's).
func (c *checker) modelField(model ssa.Value, field string, path *retried.Path) (key, bool) {
	alloc, ok := modelAlloc(model)
	if !ok || strings.Count(field, ".") != 1 {
		return key{}, false
	}
	st, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return key{}, false
	}
	for i := 0; i < st.NumFields(); i++ {
		if "."+st.Field(i).Name() == field {
			return c.fieldKey(alloc, i, path.Via, 0), true
		}
	}
	return key{}, false
}

// modelAlloc follows a model value to where it is allocated: through a
// closure's captured variable and the cell that holds it.
func modelAlloc(v ssa.Value) (*ssa.Alloc, bool) {
	for range 4 {
		switch x := valueflow.Unwrap(v).(type) {
		case *ssa.Alloc:
			if _, ok := x.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); ok {
				return x, true
			}
			// A cell holding the model's pointer: what is stored in it.
			var stored ssa.Value
			for _, r := range *x.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == x {
					if stored != nil {
						return nil, false
					}
					stored = st.Val
				}
			}
			if stored == nil {
				return nil, false
			}
			v = stored
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, false
			}
			v = x.X
		case *ssa.FreeVar:
			if v = valueflow.Binding(x); v == nil {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return nil, false
}
