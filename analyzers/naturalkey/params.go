package naturalkey

import (
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
