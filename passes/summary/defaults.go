package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// Defaults: a constructor or a builder often makes a fresh value only
// when the caller gave none (if li.ID == "" { li.ID = ids.New() }). The
// fresh result is then the default's (valueflow.OptionDefault), and a
// call that passes the option setting the field, or a builder chain
// that calls the setter, gets the caller's value instead.

// optionDefault reports whether gen, a generator call, makes the
// default of a field that options the function is given may set: it
// runs only where the field tests empty (if li.ID == "" { li.ID =
// ids.New() }), after the options of a parameter were applied to the
// struct (for _, o := range opts { o(li) }). Param is -1 otherwise.
func optionDefault(gen *ssa.Call) valueflow.OptionDefault {
	none := valueflow.OptionDefault{Param: -1}
	fn := gen.Parent()
	for d := gen.Block(); d != nil; d = d.Idom() {
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || d == gen.Block() {
			continue
		}
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ || !isEmptyString(cmp.Y) {
			continue
		}
		load, ok := cmp.X.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		fa, ok := load.X.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		empty := iff.Block().Succs[0]
		if cmp.Op == token.NEQ {
			empty = iff.Block().Succs[1]
		}
		if !empty.Dominates(gen.Block()) || len(empty.Preds) != 1 {
			continue
		}
		field := valueflow.FieldName(fa.X.Type(), fa.Field)
		if p := optionsApplied(fn, fa.X, iff); p >= 0 {
			return valueflow.OptionDefault{Param: p, Field: field}
		}
		if path, ok := receiverField(fn, fa.X); ok {
			return valueflow.OptionDefault{Param: 0, Field: path + field, Recv: true}
		}
		return none
	}
	return none
}

// defaultPath reports whether path, where a fresh value is in a
// function's result, is the field the default d is made for: the struct
// returned holds it (".ID"; ".dedupID" of the copy n of b.n).
func defaultPath(d valueflow.OptionDefault, path string) bool {
	field, ok := strings.CutPrefix(path, ".")
	if !ok || field == "" || strings.Contains(field, ".") {
		return false
	}
	return d.Field == field || d.Recv && strings.HasSuffix(d.Field, "."+field)
}

// optionsApplied returns the index of the parameter of fn whose options
// are applied to the struct v points to before the test iff (for _, o
// := range opts { o(v) }, a loop that need not run, so it does not
// dominate the test), or -1.
func optionsApplied(fn *ssa.Function, v ssa.Value, iff *ssa.If) int {
	for _, r := range *v.Referrers() {
		call, ok := r.(*ssa.Call)
		if !ok || len(call.Call.Args) != 1 || call.Call.Args[0] != v || iff.Block().Dominates(call.Block()) {
			continue
		}
		if p := effects.AppliedOptions(call.Call.Value); p != nil && p.Parent() == fn {
			return slices.Index(fn.Params, p)
		}
	}
	return -1
}

// receiverField reports whether v, the struct a default is tested in,
// is what fn's receiver points to, one of its fields, or a copy of one
// made once (n := b.n): the path of v in the receiver ("n.").
func receiverField(fn *ssa.Function, v ssa.Value) (string, bool) {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return "", false
	}
	if a, ok := v.(*ssa.Alloc); ok {
		stored, ok := valueflow.StoredOnce(a)
		if !ok {
			return "", false
		}
		load, ok := stored.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return "", false
		}
		v = load.X
	}
	path := ""
	for range 4 {
		if v == fn.Params[0] {
			return path, true
		}
		fa, ok := v.(*ssa.FieldAddr)
		if !ok {
			return "", false
		}
		path = valueflow.FieldName(fa.X.Type(), fa.Field) + "." + path
		v = fa.X
	}
	return "", false
}

// recvSets returns the fields of what fn's receiver points to that fn
// stores to ("n.dedupID"), for a method with a pointer receiver.
func recvSets(fn *ssa.Function) []string {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Blocks == nil {
		return nil
	}
	var out []string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			if path, ok := receiverField(fn, fa.X); ok {
				if f := path + valueflow.FieldName(fa.X.Type(), fa.Field); !slices.Contains(out, f) {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// returnsReceiver reports whether fn, a method, returns a value of its
// receiver's type first, as a builder's setters do (func (b *Builder)
// DedupKey(k string) *Builder).
func returnsReceiver(fn *ssa.Function) bool {
	sig := fn.Signature
	return sig.Recv() != nil && sig.Results().Len() > 0 && types.Identical(sig.Results().At(0).Type(), sig.Recv().Type())
}

// setOnChain reports whether a setter called on the builder v, or on
// the builder a call of its chain returns, sets the receiver's field
// path (notify.For(...).DedupKey(k).Build()).
func setOnChain(res *Result, v ssa.Value, path string) bool {
	for range 16 {
		for _, r := range *v.Referrers() {
			if c, ok := r.(*ssa.Call); ok && len(c.Call.Args) > 0 && c.Call.Args[0] == v && setsRecv(res, c, path) {
				return true
			}
		}
		call, ok := valueflow.Unwrap(v).(*ssa.Call)
		if !ok || len(call.Call.Args) == 0 || call.Call.Signature().Recv() == nil {
			return false
		}
		if setsRecv(res, call, path) {
			return true
		}
		v = call.Call.Args[0]
	}
	return false
}

// setsRecv reports whether call calls a method that sets the field path
// of what its receiver points to.
func setsRecv(res *Result, call *ssa.Call, path string) bool {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	if callee.Pkg != nil && callee.Pkg.Pkg == res.Env.Pkg {
		return slices.Contains(recvSets(callee), path)
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return false
	}
	s := res.Imported(obj)
	return s != nil && slices.Contains(s.RecvSets, path)
}

// isEmptyString reports whether v is the constant "".
func isEmptyString(v ssa.Value) bool {
	s, ok := valueflow.ConstString(v)
	return ok && s == ""
}

// defaultMade reports whether a call of a function whose fresh result is
// a default (valueflow.OptionDefault) gets it: the options it passes are
// known, and none sets the field.
func defaultMade(res *Result, call *ssa.Call, d valueflow.OptionDefault) bool {
	if d.Param >= len(call.Call.Args) {
		return true
	}
	if d.Recv {
		return !setOnChain(res, call.Call.Args[0], d.Field)
	}
	fields, ok := effects.PassedOptionFields(call.Call.Args[d.Param], res.optionFields, res.Env.Catalog.KeyHeaders())
	return ok && !slices.Contains(fields, d.Field)
}
