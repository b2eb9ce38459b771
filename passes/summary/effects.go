package summary

import (
	"github.com/idemlint/idemlint/internal/valueflow"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
)

// Externals returns the external calls with an effect in the package's
// functions, outside test files, in source order; computed once.
func (r *Result) Externals() []*effects.Call {
	if !r.Relevant {
		return nil
	}
	r.externalsOnce.Do(func() {
		for _, fn := range r.SrcFuncs() {
			for _, e := range effects.Find(r.Env.Catalog, fn) {
				if !r.InTestFile(e.Instr.Pos()) {
					r.externals = append(r.externals, e)
				}
			}
		}
	})
	return r.externals
}

// MissingKeys returns the external calls whose provider takes an
// idempotency key and that carry none.
func (r *Result) MissingKeys() []*effects.Call {
	var out []*effects.Call
	for _, e := range r.Externals() {
		if e.State == effects.Absent {
			out = append(out, e)
		}
	}
	return out
}

// SelfRetrying reports whether an external call is retried by its own
// client (go-retryablehttp), so that it is on a retried path wherever it
// is.
func SelfRetrying(e *effects.Call) bool {
	return catalog.SelfRetrying(e.Fn)
}

// KeylessOf describes an external call made without a key, for the
// check that words it.
func KeylessOf(e *effects.Call) valueflow.Keyless {
	k := valueflow.Keyless{What: e.Ext.What, Method: e.Method, Slot: e.Ext.Slot}
	if len(e.Ext.Fields) > 0 {
		k.Field = e.Ext.Fields[0]
	}
	return k
}

// effectsOf summarises the external calls fn makes itself: which
// parameter fills each call's key slot, and whether fn returns the
// call's outcome.
func effectsOf(res *Result, fn *ssa.Function) []valueflow.Effect {
	var out []valueflow.Effect
	for _, e := range res.Externals() {
		if e.Instr.Parent() != fn || e.State == effects.Unknown {
			continue
		}
		eff := valueflow.Effect{
			What:         e.Ext.What,
			Notification: e.Ext.Notification,
			KeyParam:     -1,
			NoSlot:       e.State == effects.NoSlot,
			Absent:       e.State == effects.Absent,
			At:           valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(fn), res.CallStart(e.Instr.Pos())),
		}
		if e.State == effects.Filled {
			if i, path, ok := effects.ParamOf(res, fn, e.Key, ""); ok && path != "" {
				eff.KeyParam, eff.KeyPath = i, path
				eff.Call, eff.Keyless = ShortName(e.Fn), KeylessOf(e)
				eff.Outcome = returnsOutcome(res, e, fn)
				out = append(out, eff)
				continue
			}
			keys := effects.Origins(e.Key, nil)
			for i, p := range fn.Params {
				if effects.Intersects(effects.Origins(p, nil), keys) {
					eff.KeyParam = i
				}
			}
			if eff.KeyParam < 0 {
				continue // a key made inside: the caller cannot relate it
			}
		}
		eff.Outcome = returnsOutcome(res, e, fn)
		out = append(out, eff)
	}
	return out
}

// returnsOutcome reports whether fn returns what the call produced.
func returnsOutcome(res *Result, e *effects.Call, fn *ssa.Function) bool {
	outcome := effects.Outcome(e.Instr)
	if outcome == nil {
		return false
	}
	env := res.Env.ForWrites(true)
	env.Callers = nil
	for _, r := range valueflow.Trace(env, outcome, "").Returns {
		if r.Fn == fn && r.Result == 0 {
			return true
		}
	}
	return false
}

// ImportedEffects returns the external calls a call of a function of
// another package makes, as calls at the call site: the key slot filled
// from the argument the summary names.
func ImportedEffects(res *Result, instr ssa.CallInstruction) []*effects.Call {
	c := instr.Common()
	if c.IsInvoke() {
		return nil
	}
	fn := valueflow.Callee(c)
	if fn == nil {
		return nil
	}
	s := res.Imported(fn)
	if s == nil {
		return nil
	}
	var out []*effects.Call
	for _, eff := range s.Effects {
		if !eff.Outcome {
			continue // its outcome cannot be written back here
		}
		e := &effects.Call{Instr: instr, Fn: fn, Ext: catalog.External{What: eff.What + " in " + ShortName(fn), Notification: eff.Notification}}
		switch {
		case eff.NoSlot:
			e.State = effects.NoSlot
		case eff.Absent:
			e.State = effects.Absent
		case eff.KeyParam >= 0 && eff.KeyParam < len(c.Args):
			e.State, e.Key = effects.Filled, c.Args[eff.KeyParam]
		default:
			continue
		}
		out = append(out, e)
	}
	return out
}
