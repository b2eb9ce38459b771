package effects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// A provider client often takes functional options (opts
// ...CallOption) and applies them to the params it sends, in a loop of
// its own or of a helper (apply(&params.Params, opts)). The key slot is
// then filled only when the caller passes an option that fills it
// (WithIdempotencyKey(k)); one that passes none, or only options that
// set other things (WithMetadata(m)), sends no key.

// OptionsPath is the key path of an effect whose key slot only an
// option in the parameter it names can fill: a caller that passes no
// option that fills it leaves it empty, as it leaves a request field.
const OptionsPath = "[options]"

// appliedOptions returns the parameter, a slice of functions, that a
// function value called in a loop over it comes from (for _, o := range
// opts { o(p) }), or nil.
func appliedOptions(v ssa.Value) *ssa.Parameter {
	load, ok := valueflow.Unwrap(v).(*ssa.UnOp)
	if !ok {
		return nil
	}
	ia, ok := load.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	p, _ := ia.X.(*ssa.Parameter)
	return p
}

// KeylessOption reports whether fn makes an option that fills no key
// slot: every function it returns takes a pointer to the params it
// changes and only sets other fields on them, or calls their setters
// other than the key's (func(p *stripe.Params) { p.AddMetadata(k, v)
// }).
func KeylessOption(cat *catalog.Catalog, fn *ssa.Function) bool {
	if fn.Signature.Results().Len() != 1 {
		return false
	}
	if _, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Signature); !ok {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		returns++
		var lit *ssa.Function
		switch v := valueflow.Unwrap(ret.Results[0]).(type) {
		case *ssa.MakeClosure:
			lit, _ = v.Fn.(*ssa.Function)
		case *ssa.Function:
			lit = v
		}
		if lit == nil || len(lit.Params) == 0 || !setsNoKey(cat, lit.Params[0], 0) {
			return false
		}
	}
	return returns > 0
}

// setsNoKey reports whether the params p points to are only given
// values other than a key.
func setsNoKey(cat *catalog.Catalog, p ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, r := range *p.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if fieldName(r) == "IdempotencyKey" {
				return false
			}
			for _, fr := range *r.Referrers() {
				switch fr := fr.(type) {
				case *ssa.Store:
					if fr.Addr != r {
						return false
					}
				case *ssa.FieldAddr:
					if !setsNoKey(cat, r, depth+1) {
						return false
					}
				case *ssa.UnOp, *ssa.DebugRef:
				case ssa.CallInstruction: // a setter of an embedded Params: p.Params.AddMetadata
					if !setterCall(cat, fr) {
						return false
					}
				default:
					return false
				}
			}
		case ssa.CallInstruction:
			if !setterCall(cat, r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// setterCall reports whether a call is one of stripe's params setters
// other than the key's.
func setterCall(cat *catalog.Catalog, c ssa.CallInstruction) bool {
	callee := valueflow.Callee(c.Common())
	return callee != nil && cat.IsStripeParamsSetter(callee) && !catalog.IsParamsKeySetter(callee)
}

// NoKeyOptions reports whether v, the options a call passes, holds none
// that can fill a key slot: no option at all, or only calls of
// functions keyless says make keyless options.
func NoKeyOptions(v ssa.Value, keyless func(*ssa.Function) bool) bool {
	sl, ok := v.Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	if _, ok := sl.Elem().Underlying().(*types.Signature); !ok {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Slice:
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, r := range *alloc.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				if _, ok := r.(*ssa.Slice); ok {
					continue
				}
				return false
			}
			for _, ir := range *ia.Referrers() {
				st, ok := ir.(*ssa.Store)
				if !ok || st.Addr != ia {
					return false
				}
				call, ok := st.Val.(*ssa.Call)
				if !ok || call.Call.StaticCallee() == nil || !keyless(call.Call.StaticCallee()) {
					return false
				}
			}
		}
		return true
	}
	return false
}
