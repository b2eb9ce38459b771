package summary

import (
	"cmp"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
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
					r.decideMadeOptions(e)
					r.externals = append(r.externals, e)
				}
			}
		}
		keyedByCallers := slices.ContainsFunc(r.externals, func(e *effects.Call) bool { return passesCallerOptions(e.MadeOptions) })
		for _, e := range r.externals {
			if keyedByCallers && e.State == effects.Absent && e.MadeOptions != nil {
				// A client whose other requests take the key in the
				// options their callers pass (SubmitOrder(ctx, o,
				// opts...)) makes this one with options of its own
				// only: the endpoint takes no key.
				e.State = effects.NoSlot
			}
		}
	})
	return r.externals
}

// passesCallerOptions reports whether the options a request maker is
// given are, or include, those the caller of the function that makes the
// request passes it (opts, or append(own, opts...)).
func passesCallerOptions(opts ssa.Value) bool {
	switch v := valueflow.Unwrap(opts).(type) {
	case *ssa.Parameter:
		return true
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return slices.ContainsFunc(v.Call.Args, func(a ssa.Value) bool {
				_, ok := valueflow.Unwrap(a).(*ssa.Parameter)
				return ok
			})
		}
	}
	return false
}

// decideMadeOptions decides the key slot of a request that a maker of
// the program's makes and applies options to: the slot it would have
// without them when they set no key header (httpx.Header("X-Api-Key",
// k), a method of the package's that returns one).
func (r *Result) decideMadeOptions(e *effects.Call) {
	if e.MadeOptions == nil || e.State != effects.Unknown || e.Options != nil {
		return
	}
	fields, ok := effects.PassedOptionFields(e.MadeOptions, r.optionFields, r.Env.Catalog.KeyHeaders())
	if ok && !slices.Contains(fields, "IdempotencyKey") {
		e.State = e.Unoptioned
	}
}

// MissingKeys returns the external calls whose provider takes an
// idempotency key and that carry none.
func (r *Result) MissingKeys() []*effects.Call {
	var out []*effects.Call
	for _, e := range r.Externals() {
		if e.State == effects.Absent && !r.bodyKeyedByCallers(e) {
			out = append(out, e)
		}
	}
	return out
}

// bodyKeyedByCallers reports whether an external call's body is what a
// parameter of its function holds (the bytes of post(ctx, body []byte),
// the value of a helper's PostJSON(ctx, url, body any)) and every call
// of that function in the package gives one with a field for the
// operation's key: the request is keyed where its receiver reads it.
func (r *Result) bodyKeyedByCallers(e *effects.Call) bool {
	fn, p := effects.BodyOwner(e)
	if p < 0 {
		return false
	}
	calls := 0
	for _, f := range r.SrcFuncs() {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok || c.Common().StaticCallee() != fn {
					continue
				}
				calls++
				if args := c.Common().Args; p >= len(args) || !effects.KeyedBody(args[p]) {
					return false
				}
			}
		}
	}
	return calls > 0
}

// SelfRetrying reports whether an external call is a call of a client
// that retries it itself (go-retryablehttp's Do), so that it is on a
// retried path wherever it is: its package reports it without a root.
func SelfRetrying(e *effects.Call) bool {
	return catalog.SelfRetrying(e.Fn)
}

// sentRetrying reports whether an external call's request is retried
// by the client that sends it, called directly or by a helper of the
// program (c.do(ctx, "POST", path, in, &out) over go-retryablehttp): a
// claim before it does not stop those retries. A helper's call is
// reported on a root's path only: a client with no key to set, whose
// provider drops repeats by the body, is no finding of its own.
func sentRetrying(e *effects.Call) bool {
	return e.Retries || SelfRetrying(e)
}

// KeylessOf describes an external call made without a key, for the
// check that words it.
func KeylessOf(e *effects.Call) valueflow.Keyless {
	k := valueflow.Keyless{What: e.Ext.What, Method: e.Method, Slot: e.Ext.Slot, Retries: sentRetrying(e)}
	if len(e.Ext.Fields) > 0 {
		k.Field = e.Ext.Fields[0]
	}
	if f := bodyDedupField(e); k.Slot == catalog.RequestHeader && f != "" && e.Options == nil {
		// The provider drops a repeat by a field of the body the
		// function is given (client_reference), which it leaves empty:
		// that field is the slot to fill, not a header, unless an
		// option the caller passes sets the header.
		k.Slot, k.Field = catalog.InputField, f
	}
	return k
}

// bodyDedupField returns the wire name of the field of a request's body,
// a struct the function that sends it is given, that is there only for
// the receiver to drop a repeat by (client_reference), or "".
func bodyDedupField(e *effects.Call) string {
	fn, i := effects.BodyOwner(e)
	if fn == nil || i < 0 || i >= len(fn.Params) {
		return ""
	}
	return dedupField(fn.Params[i].Type())
}

// dedupField returns the wire name of the field of t, a struct or a
// pointer to one, that is there only for the receiver to drop a repeat
// by, by its name or its json name; "" when it has none.
func dedupField(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for j := range st.NumFields() {
		name, _, _ := strings.Cut(reflect.StructTag(st.Tag(j)).Get("json"), ",")
		if name != "-" && catalog.IsDedupBodyField(st.Field(j).Name(), name) {
			return cmp.Or(name, st.Field(j).Name())
		}
	}
	return ""
}

// maxEffectDepth bounds how many calls of the package effectsOf
// follows to the external calls they make.
const maxEffectDepth = 3

// effectsOf summarises the external calls fn makes: which parameter
// fills each call's key slot, and whether fn returns the call's outcome;
// and those the functions of the package it calls make, where the
// arguments fn passes say what fills the slot.
func effectsOf(res *Result, fn *ssa.Function) []valueflow.Effect {
	return effectsIn(res, fn, 0)
}

func effectsIn(res *Result, fn *ssa.Function, depth int) []valueflow.Effect {
	out := ownEffects(res, fn)
	if depth < maxEffectDepth {
		out = append(out, calleeEffects(res, fn, depth)...)
	}
	return out
}

// calleeEffects returns the external calls that the functions of the
// package fn calls make, seen from fn: a key slot filled from a
// parameter of the callee is filled by what fn passes for it, which is
// one of fn's parameters, or nothing (a literal "", a request literal
// without the key field). Other keys, the caller's own business, are
// left out. The call in fn stands for the external call.
func calleeEffects(res *Result, fn *ssa.Function, depth int) []valueflow.Effect {
	var out []valueflow.Effect
	for _, f := range append([]*ssa.Function{fn}, fn.AnonFuncs...) {
		if f != fn && !runsDuring(res, f, fn) {
			continue
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if s, args := importedCall(res, call); s != nil {
					// A helper of another package (a client's
					// Charge), called or held in a field, whose key
					// slot its caller fills: what fn passes decides.
					// The helper's own keyless calls are its own
					// package's to report.
					for _, ce := range s.Effects {
						if ce.NoSlot || ce.Absent || ce.KeyUnknown {
							continue
						}
						if e, ok := seenFrom(res, fn, call, args, ce); ok {
							out = append(out, e)
						}
					}
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || callee == fn || callee.Parent() != nil || callee.Pkg == nil || callee.Pkg.Pkg != res.Env.Pkg {
					continue
				}
				for _, ce := range effectsIn(res, callee, depth+1) {
					if e, ok := seenFrom(res, fn, call, call.Call.Args, ce); ok {
						out = append(out, e)
					}
				}
			}
		}
	}
	return out
}

// importedCall returns the summary of the function of another package
// that call runs, with the call's arguments as that function's
// parameters (the receiver first): a static call's, or, for a function
// value that every store of the package fills with one method of
// another package (a service's charge field set to gw.Charge), the
// arguments after a receiver the call does not show (nil).
func importedCall(res *Result, call *ssa.Call) (*valueflow.Summary, []ssa.Value) {
	if s, _ := calledSummary(res, call); s != nil {
		return s, call.Call.Args
	}
	fn := heldFunc(res, call)
	if fn == nil || fn.Pkg() == res.Env.Pkg {
		return nil, nil
	}
	if _, ok := res.Env.Catalog.External(fn); ok {
		return nil, nil
	}
	s := res.Imported(fn)
	if s == nil {
		return nil, nil
	}
	args := call.Call.Args
	if fn.Signature().Recv() != nil {
		args = append([]ssa.Value{nil}, args...)
	}
	return s, args
}

// heldFunc returns the one function (or method, bound to its receiver)
// that every function value a call runs can be, or nil.
func heldFunc(res *Result, call *ssa.Call) *types.Func {
	if res.Retried == nil {
		return nil
	}
	var held *types.Func
	for _, t := range res.Retried.Targets(call) {
		fn, ok := t.Object().(*types.Func)
		if !ok || held != nil && fn != held {
			return nil
		}
		held = fn
	}
	return held
}

// seenFrom maps an effect of a callee to the call of it in fn, whose
// arguments, as the callee's parameters, are args.
func seenFrom(res *Result, fn *ssa.Function, call *ssa.Call, args []ssa.Value, ce valueflow.Effect) (valueflow.Effect, bool) {
	e := ce
	e.At = valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(fn), res.CallStart(call.Pos()))
	if e.Origin == (valueflow.Frame{}) {
		e.Origin = ce.At
	}
	e.Outcome = false // fn's results are its own
	e.AddressParam = 0
	if i := ce.AddressParam - 1; i >= 0 && i < len(args) && args[i] != nil {
		a := args[i]
		if effects.ReadAddress(a) {
			return e, false // a read's address: no effect through this call
		}
		if p, ok := valueflow.Unwrap(a).(*ssa.Parameter); ok && p.Parent() == fn {
			e.AddressParam = 1 + slices.Index(fn.Params, p)
		}
	}
	if ce.NoSlot || ce.Absent || ce.KeyUnknown {
		if ce.Absent && ce.BodyParam > 0 {
			bodyFrom(res, fn, args, ce, &e)
		}
		return e, true
	}
	if ce.KeyParam < 0 || ce.KeyParam >= len(args) || args[ce.KeyParam] == nil {
		return e, false
	}
	arg := args[ce.KeyParam]
	if i, path, ok := effects.ParamOf(res, fn, arg, ce.KeyPath); ok {
		e.KeyParam, e.KeyPath = i, path
		return e, true
	}
	if i, field, ok := effects.OptionsField(fn, arg); ok && ce.KeyPath == "" {
		res.setOptionsSlot(&e, fn, i, field)
		return e, true
	}
	if field, ok := strings.CutPrefix(ce.KeyPath, valueflow.OptionsPath); ok {
		// Options a helper of the package makes from fn's values
		// (keyOpts(req.IdempotencyKey)...).
		if i, path, ok := res.optionSliceKey(fn, arg, field); ok {
			e.KeyParam, e.KeyPath = i, path
			return e, true
		}
	}
	if field, ok := strings.CutPrefix(ce.KeyPath, "."); ok && !strings.Contains(field, ".") && !valueflow.IsOptionsSetPath(ce.KeyPath) {
		// The key is a field of a struct the callee is given, which
		// the options fn's caller passes alone set (c.post(ctx, path,
		// body, &out, applyOptions(opts)), o.IdempotencyKey), held in a
		// variable or not (o := apply(opts); c.post(..., o)).
		if i := effects.HeldOptionsOf(fn, arg, field); i >= 0 {
			res.setOptionsSlot(&e, fn, i, field)
			return e, true
		}
	}
	if ce.KeyPath == "" && effects.IsEmptyString(arg) || ce.KeyPath != "" && valueflow.EmptyPath(res.emptyFields(call, arg), ce.KeyPath) {
		e.KeyParam, e.KeyPath, e.Absent = -1, "", true
		return e, true
	}
	return e, false
}

// optionSliceKey returns the parameter of fn, and the path in it, from
// which a helper of the package makes the option that sets field, in
// the options it returns for arg (keyOpts(req.IdempotencyKey), which
// returns nil or []CallOption{WithIdempotencyKey(key)}): nil sets
// nothing, as an empty key would not.
func (r *Result) optionSliceKey(fn *ssa.Function, arg ssa.Value, field string) (int, string, bool) {
	call, ok := valueflow.Unwrap(arg).(*ssa.Call)
	if !ok {
		return 0, "", false
	}
	h := call.Call.StaticCallee()
	if h == nil || h.Blocks == nil || h.Pkg != fn.Pkg || len(h.Params) != len(call.Call.Args) || h.Signature.Results().Len() != 1 {
		return 0, "", false
	}
	given := -1
	for _, ret := range valueflow.ReturnValues(h) {
		if c, ok := ret.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		i, ok := r.optionParam(h, ret, field)
		if !ok || given >= 0 && i != given {
			return 0, "", false
		}
		given = i
	}
	if given < 0 {
		return 0, "", false
	}
	return effects.ParamOf(r, fn, call.Call.Args[given], "")
}

// optionParam returns the parameter of h that the option setting field,
// among the elements of the slice literal ret, is made from.
func (r *Result) optionParam(h *ssa.Function, ret ssa.Value, field string) (int, bool) {
	sl, ok := ret.(*ssa.Slice)
	if !ok {
		return 0, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return 0, false
	}
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			made, ok := st.Val.(*ssa.Call)
			if !ok || made.Call.StaticCallee() == nil {
				continue
			}
			if j := r.optionSetter(made, field); j >= 0 && j < len(made.Call.Args) {
				if p, ok := valueflow.Unwrap(made.Call.Args[j]).(*ssa.Parameter); ok && p.Parent() == h {
					return slices.Index(h.Params, p), true
				}
			}
		}
	}
	return 0, false
}

// optionSetter returns the parameter of the option maker made calls
// that the option it returns sets field from: read from its body, or,
// for one of another package, from its summary (p0->r0[options]field).
func (r *Result) optionSetter(made *ssa.Call, field string) int {
	g := made.Call.StaticCallee()
	if g.Blocks != nil {
		return optionSetterParam(g, field)
	}
	obj := valueflow.Callee(&made.Call)
	if obj == nil {
		return -1
	}
	s := r.Imported(obj)
	if s == nil {
		return -1
	}
	for _, pr := range s.ParamResults {
		if pr.Result == 0 && pr.Path == "" && pr.ResultPath == valueflow.OptionsPath+field {
			return pr.Param
		}
	}
	return -1
}

// optionSetterParam returns the parameter of g, an option maker of the
// package (WithIdempotencyKey(k) returning func(c *callConfig) {
// c.idempotencyKey = k }), that the option it returns stores in field,
// or -1.
func optionSetterParam(g *ssa.Function, field string) int {
	found := -1
	for _, ret := range valueflow.ReturnValues(g) {
		mc, ok := valueflow.Unwrap(ret).(*ssa.MakeClosure)
		if !ok {
			return -1
		}
		lit := mc.Fn.(*ssa.Function)
		for _, b := range lit.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok || valueflow.FieldName(fa.X.Type(), fa.Field) != field {
					continue
				}
				v := st.Val
				if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
					v = load.X // a captured variable's cell
				}
				fv, ok := v.(*ssa.FreeVar)
				if !ok {
					return -1
				}
				bound := mc.Bindings[slices.Index(lit.FreeVars, fv)]
				if cell, ok := bound.(*ssa.Alloc); ok {
					bound, _ = valueflow.StoredOnce(cell)
				}
				p, ok := bound.(*ssa.Parameter)
				if !ok || found >= 0 && slices.Index(g.Params, p) != found {
					return -1
				}
				found = slices.Index(g.Params, p)
			}
		}
	}
	return found
}

// bodyFrom decides the key of e, a callee's call that sends the body
// its caller gives it (ce.BodyParam), by the body fn passes (args): a
// literal whose key field holds what an option of fn's caller sets
// (smsBody{ClientReference: o.ClientReference}) takes its key from
// that option; one whose field holds anything else is keyed by what
// the analysis does not relate (unknown); fn's own parameter hands the
// question to fn's callers.
func bodyFrom(res *Result, fn *ssa.Function, args []ssa.Value, ce valueflow.Effect, e *valueflow.Effect) {
	e.BodyParam = 0
	i := ce.BodyParam - 1
	if i >= len(args) || args[i] == nil {
		return
	}
	if p, ok := valueflow.Unwrap(args[i]).(*ssa.Parameter); ok && p.Parent() == fn {
		e.BodyParam = 1 + slices.Index(fn.Params, p)
		return
	}
	key, name, ok := effects.BodyKey(args[i])
	if !ok {
		return
	}
	e.Absent = false
	if j, field, ok := effects.OptionsField(fn, key); ok {
		res.setOptionsSlot(e, fn, j, field)
		e.Keyless.Slot, e.Keyless.Field = catalog.InputField, name
		return
	}
	e.KeyUnknown = true
}

// setOptionsSlot makes an effect's key slot the field of the options
// struct that the options in fn's parameter i are applied to, naming the
// option of the package that sets it.
func (r *Result) setOptionsSlot(eff *valueflow.Effect, fn *ssa.Function, i int, field string) {
	eff.KeyParam, eff.KeyPath = i, valueflow.OptionsPath+field
	eff.Keyless.Option = r.keyOption(fn.Params[i].Type(), field)
}

// keyOption returns the exported function of the package, of one string
// parameter, that makes an option of the slice type opts, setting only
// field: WithIdempotencyKey(key), by its package path and name. "" if
// there is none, or several. Each answer is kept: every effect of a
// client's functions asks it again.
func (r *Result) keyOption(opts types.Type, field string) string {
	key := types.TypeString(opts, nil) + "|" + field
	if v, ok := r.keyOptions[key]; ok {
		return v
	}
	if r.keyOptions == nil {
		r.keyOptions = map[string]string{}
	}
	r.keyOptions[key] = findKeyOption(r, opts, field)
	return r.keyOptions[key]
}

func findKeyOption(res *Result, opts types.Type, field string) string {
	sl, ok := opts.Underlying().(*types.Slice)
	if !ok {
		return ""
	}
	found := ""
	for _, fn := range res.SrcFuncs() {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || fn.Signature.Recv() != nil || fn.Signature.Params().Len() != 1 || !isString(fn.Signature.Params().At(0).Type()) ||
			fn.Signature.Results().Len() != 1 || !types.Identical(fn.Signature.Results().At(0).Type(), sl.Elem()) {
			continue
		}
		if fields, ok := effects.OptionFields(res.Env.Catalog, fn); ok && slices.Equal(fields, []string{field}) {
			if found != "" {
				return ""
			}
			found = obj.Pkg().Path() + "." + obj.Name()
		}
	}
	return found
}

// bodyKey returns, for an external call of fn whose key is unknown
// because its body is one of fn's parameters (a client handing its
// request struct to a sender: httpx.Request{Body: req}), the field of
// that parameter's struct by which the receiver drops a repeat
// (client_reference), with its name in the body: the caller decides the
// key.
func bodyKey(fn *ssa.Function, e *effects.Call) (param int, field, name string, ok bool) {
	if e.State != effects.Unknown {
		return -1, "", "", false
	}
	bfn, p := effects.BodyOwner(e)
	if bfn != fn || p < 0 {
		return -1, "", "", false
	}
	owner := fn.Params[p].Type()
	if ptr, ok := owner.Underlying().(*types.Pointer); ok {
		owner = ptr.Elem()
	}
	st, isStruct := owner.Underlying().(*types.Struct)
	if !isStruct {
		return -1, "", "", false
	}
	for i := range st.NumFields() {
		if name, ok := valueflow.DedupBodyField(owner, i); ok {
			return p, st.Field(i).Name(), name, true
		}
	}
	// The field that made the body keyed (e.Body's request_id): the
	// caller's to fill.
	for i := range st.NumFields() {
		f := st.Field(i)
		tag, ok := reflect.StructTag(st.Tag(i)).Lookup("json")
		name, _, _ := strings.Cut(tag, ",")
		if ok && name != "-" && name != "" && isString(f.Type()) && catalog.IsBodyKeyField(f.Name(), name) {
			return p, f.Name(), name, true
		}
	}
	return -1, "", "", false
}

// ownEffects summarises the external calls fn makes itself.
func ownEffects(res *Result, fn *ssa.Function) []valueflow.Effect {
	var out []valueflow.Effect
	for _, e := range res.Externals() {
		if e.Instr.Parent() != fn && !runsDuring(res, e.Instr.Parent(), fn) {
			continue
		}
		// A body every caller gives a key field keys the request where
		// its receiver reads it: unknown, as a keyed body of its own is.
		keyedBody := e.State == effects.Absent && res.bodyKeyedByCallers(e)
		eff := valueflow.Effect{
			What:         e.Ext.What,
			Notification: e.Ext.Notification,
			KeyParam:     -1,
			NoSlot:       e.State == effects.NoSlot,
			Absent:       e.State == effects.Absent && !keyedBody,
			KeyUnknown:   e.State == effects.Unknown || keyedBody,
			At:           valueflow.FrameAt(res.Env.Fset, valueflow.FuncName(fn), res.CallStart(e.Instr.Pos())),
			Call:         ShortName(e.Fn),
			Keyless:      KeylessOf(e),
		}
		if e.Instr.Parent() == fn {
			eff.AddressParam = 1 + effects.AddressParam(e)
		}
		if bfn, p := effects.BodyOwner(e); eff.Absent && bfn == fn && p >= 0 {
			eff.BodyParam = 1 + p
		}
		if p, field, name, ok := bodyKey(fn, e); ok && slices.Index(fn.Params, e.Options) < 0 {
			// The caller's request struct, sent whole: its dedup field
			// is the key.
			eff.KeyParam, eff.KeyPath, eff.KeyUnknown = p, "."+field, false
			eff.Keyless.Slot, eff.Keyless.Field = catalog.InputField, name
		}
		if i := slices.Index(fn.Params, e.Options); e.State == effects.Unknown && i >= 0 {
			// Only an option the caller passes can fill the slot.
			eff.KeyParam, eff.KeyPath, eff.KeyUnknown = i, effects.OptionsPath, false
			if e.OptionsField != "" {
				res.setOptionsSlot(&eff, fn, i, e.OptionsField)
			}
		}
		if e.State == effects.Filled && e.KeyBase != nil {
			// A helper's parameter's field: that field of what fn gives
			// the helper, a parameter's field of fn's.
			if i, path, ok := effects.ParamOf(res, fn, e.KeyBase, e.KeyPath); ok {
				eff.KeyParam, eff.KeyPath = i, path
				eff.Outcome = returnsOutcome(res, e, fn)
				out = append(out, eff)
				continue
			}
		}
		if e.State == effects.Filled {
			if i, path, ok := effects.ParamOf(res, fn, e.Key, ""); ok && path != "" {
				eff.KeyParam, eff.KeyPath = i, path
				if e.BodyField != "" {
					eff.Keyless.Slot, eff.Keyless.Field = catalog.InputField, e.BodyField
				}
				eff.Outcome = returnsOutcome(res, e, fn)
				out = append(out, eff)
				continue
			}
			if i, field, ok := effects.OptionsField(fn, e.Key); ok {
				// A key that only an option the caller passes sets.
				res.setOptionsSlot(&eff, fn, i, field)
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
				eff.KeyUnknown = true // a key made inside: the caller cannot relate it
			}
		}
		eff.Outcome = returnsOutcome(res, e, fn)
		out = append(out, eff)
	}
	return out
}

// runsDuring reports whether lit, a function literal of fn, runs while fn
// does: fn calls it, or hands it to a retry wrapper that calls it until
// it succeeds (backoff.Retry(op, b)), or to a function of another
// package of the program that calls it before it returns (its summary's
// Runs: a retry wrapper of the program's own), or of its own package.
// Its external calls are then fn's.
func runsDuring(res *Result, lit, fn *ssa.Function) bool {
	cat := res.Env.Catalog
	if lit.Parent() != fn {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cc := c.Common()
			if madeFrom(cc.Value, lit) {
				return true
			}
			callee := valueflow.Callee(cc)
			if callee == nil {
				continue
			}
			if reg, ok := cat.Registration(callee); ok && reg.Attempts && reg.Arg < len(cc.Args) && madeFrom(cc.Args[reg.Arg], lit) {
				return true
			}
			if s := res.Imported(callee); s != nil && slices.ContainsFunc(s.Runs, func(i int) bool { return i < len(cc.Args) && madeFrom(cc.Args[i], lit) }) {
				return true
			}
			if i := slices.IndexFunc(cc.Args, func(a ssa.Value) bool { return madeFrom(a, lit) }); i >= 0 {
				// A helper of the package that runs what it is given
				// (withRetry[T](ctx, func() (T, error) {...})).
				if fn := cc.StaticCallee(); fn != nil && valueflow.FuncPkg(fn) != nil && valueflow.FuncPkg(fn).Pkg == res.Env.Pkg && len(fn.Blocks) > 0 {
					if runs, _ := runsParams(cat, res, fn); slices.Contains(runs, i) {
						return true
					}
				}
			}
		}
	}
	return false
}

// madeFrom reports whether v is lit, or the closure made of it, as
// such or converted to a named function type (backoff.Operation).
func madeFrom(v ssa.Value, lit *ssa.Function) bool {
	if w := valueflow.Converted(v); w != nil {
		v = w
	}
	if mc, ok := v.(*ssa.MakeClosure); ok {
		v = mc.Fn
	}
	return v == lit
}

// returnsOutcome reports whether fn returns what the call produced.
func returnsOutcome(res *Result, e *effects.Call, fn *ssa.Function) bool {
	outcome := effects.Outcome(e.Instr)
	if outcome == nil {
		return false
	}
	env := res.Env.ForWrites(true)
	env.Callers = nil
	if returnedBy(res, env, outcome, fn, 0) {
		return true
	}
	if !isError(outcome.Type()) {
		return false
	}
	// A call that answers only an error fills a variable it is given
	// (httpx.Do(c, req, &ack)): what it fills is the outcome.
	for _, a := range e.Instr.Common().Args {
		if alloc, ok := valueflow.Unwrap(a).(*ssa.Alloc); ok && returnedBy(res, env, alloc, fn, 0) {
			return true
		}
	}
	return false
}

// isError reports whether t is the error interface.
func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// returnedBy reports whether v is fn's first result: returned by fn, or
// by a function literal of fn that a retry wrapper calls and whose
// result the wrapper returns (retry.DoWithData), which fn returns.
func returnedBy(res *Result, env *valueflow.Env, v ssa.Value, fn *ssa.Function, depth int) bool {
	for _, r := range valueflow.Trace(env, v, "").Returns {
		switch {
		case r.Result != 0:
		case r.Fn == fn:
			return true
		case depth == 0 && r.Fn.Parent() == fn:
			if call := attemptCall(res.Env.Catalog, fn, r.Fn); call != nil {
				if w := result(call, 0); w != nil && returnedBy(res, env, w, fn, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// attemptCall returns the call of fn that hands lit to a retry wrapper
// that returns its result, or nil.
func attemptCall(cat *catalog.Catalog, fn, lit *ssa.Function) *ssa.Call {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := valueflow.Callee(&call.Call)
			if callee == nil || !catalog.ReturnsAttemptResult(callee) {
				continue
			}
			if reg, ok := cat.Registration(callee); ok && reg.Arg < len(call.Call.Args) && madeFrom(call.Call.Args[reg.Arg], lit) {
				return call
			}
		}
	}
	return nil
}

// ImportedKeyless returns the external calls that a call of a function
// of another package makes with an empty key slot: the function's
// summary names the parameter, or the field of it, that fills the slot,
// and the call passes "" there, or a struct that leaves the field out.
func ImportedKeyless(res *Result, instr ssa.CallInstruction) []valueflow.Defect {
	s, _ := calledSummary(res, instr)
	if s == nil {
		return nil
	}
	c := instr.Common()
	var out []valueflow.Defect
	for _, eff := range s.Effects {
		if eff.NoSlot || eff.KeyParam < 0 || eff.KeyParam >= len(c.Args) {
			continue
		}
		arg := c.Args[eff.KeyParam]
		if eff.KeyPath == "" && effects.IsEmptyString(arg) || eff.KeyPath != "" && valueflow.EmptyPath(res.emptyFields(instr, arg), eff.KeyPath) {
			out = append(out, valueflow.Defect{Kind: valueflow.KeylessEffect, Origin: valueflow.Origin{Call: eff.Call, At: eff.At}, Keyless: eff.Keyless, Sink: valueflow.SinkInfo{At: eff.At}, KeyArg: eff.KeyParam, KeyPath: eff.KeyPath})
		}
	}
	return out
}

// ImportedEffects returns the external calls a call of a function of
// another package makes, as calls at the call site: the key slot filled
// from the argument the summary names.
func ImportedEffects(res *Result, instr ssa.CallInstruction) []*effects.Call {
	s, fn := calledSummary(res, instr)
	if s == nil {
		return nil
	}
	c := instr.Common()
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
		case valueflow.IsOptionsPath(eff.KeyPath):
			if eff.KeyParam >= len(c.Args) || !valueflow.EmptyPath(res.emptyFields(instr, c.Args[eff.KeyParam]), eff.KeyPath) {
				continue // an option passed may fill it
			}
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

// emptyFields returns the string fields of v, an argument of call, that
// the call leaves empty (effects.EmptyFields), and, when v is options
// whose effect is known, the path that lists the fields they set
// (valueflow.OptionsSetPath).
func (r *Result) emptyFields(call ssa.CallInstruction, v ssa.Value) []string {
	out := effects.EmptyFields(call, v)
	if made, ok := v.(*ssa.Call); ok {
		// A struct a constructor of another package returns, with the
		// fields its literal leaves empty (textmsg.NewMessage(to, body)).
		if fn := valueflow.Callee(&made.Call); fn != nil && fn.Pkg() != r.Env.Pkg {
			if s := r.Imported(fn); s != nil {
				out = append(out, s.EmptyResult...)
			}
		}
	}
	if fields, ok := effects.PassedOptionFields(v, r.optionFields, r.Env.Catalog.KeyHeaders()); ok {
		out = append(out, valueflow.OptionsSetPath(fields))
	}
	if made, ok := v.(*ssa.Call); ok {
		out = append(out, r.unsetOptionFields(made)...)
	}
	return out
}

// unsetOptionFields returns the fields of the struct a builder of the
// package returns that hold a field of the options it applies
// (PaymentRequest{IdempotencyKey: o.key}) which none of the options the
// call passes sets: empty, as a field its literal leaves out.
func (r *Result) unsetOptionFields(made *ssa.Call) []string {
	fn := made.Call.StaticCallee()
	if fn == nil || fn.Blocks == nil || fn.Pkg == nil || fn.Pkg.Pkg != r.Env.Pkg || fn.Signature.Results().Len() != 1 {
		return nil
	}
	rets := valueflow.ReturnValues(fn)
	if len(rets) != 1 {
		return nil
	}
	stores, ok := valueflow.FieldStores(rets[0])
	if !ok {
		return nil
	}
	var out []string
	for field, vs := range stores {
		if len(vs) != 1 {
			continue
		}
		j, opt, ok := effects.OptionsField(fn, vs[0])
		if !ok || j >= len(made.Call.Args) {
			continue
		}
		if set, known := effects.PassedOptionFields(made.Call.Args[j], r.optionFields, r.Env.Catalog.KeyHeaders()); known && !slices.Contains(set, opt) {
			out = append(out, "."+field)
		}
	}
	slices.Sort(out)
	return out
}

// optionFields returns the fields an option that fn makes sets: read
// from its body in this package, from its summary in another.
func (r *Result) optionFields(fn *ssa.Function) ([]string, bool) {
	return r.optionFieldsDepth(fn, 0)
}

// optionFieldsDepth is optionFields, for an option maker of the package
// that returns another's option (auth() returning httpx.Header("X-Api-Key",
// c.key)) depth calls down such a chain.
func (r *Result) optionFieldsDepth(fn *ssa.Function, depth int) ([]string, bool) {
	if fn.Blocks != nil && fn.Pkg != nil && fn.Pkg.Pkg == r.Env.Pkg {
		if fields, ok := effects.OptionFields(r.Env.Catalog, fn); ok || depth > 2 {
			return fields, ok
		}
		rets := valueflow.ReturnValues(fn)
		if len(rets) != 1 {
			return nil, false
		}
		call, ok := valueflow.Unwrap(rets[0]).(*ssa.Call)
		if !ok || call.Call.StaticCallee() == fn {
			return nil, false
		}
		known := func(f *ssa.Function) ([]string, bool) { return r.optionFieldsDepth(f, depth+1) }
		return effects.CallOptionFields(call, known, r.Env.Catalog.KeyHeaders())
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil, false
	}
	s := r.Imported(obj)
	if s == nil || !s.Option {
		return nil, false
	}
	return s.OptionFields, true
}
