// Package effects classifies the external calls of a function (calls whose
// effect lives outside the local database) and what their idempotency-key
// slot holds: a value, nothing, or something this analysis cannot see.
package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// SlotState is what an external call's key slot holds.
type SlotState int

const (
	Unknown SlotState = iota // the carrier escapes or comes from elsewhere: no proof
	Absent                   // the provider takes a key and the call carries none
	Filled                   // the call carries a value in its slot
	NoSlot                   // the provider (or this use of it) takes no key
)

// A Call is one external call.
type Call struct {
	Instr ssa.CallInstruction
	Fn    *types.Func
	Ext   catalog.External
	State SlotState
	// Key is the value in the slot, when Filled.
	Key ssa.Value
	// Carrier is the request, params or input value that carries the
	// slot, when there is one.
	Carrier ssa.Value
	// Method is the HTTP method, when known.
	Method string
	// HeaderMap says that Carrier is a map of headers that the function
	// called sets on the request it sends (c.send(ctx, "POST", path,
	// body, map[string]string{...})).
	HeaderMap bool
	// HeaderField, with HeaderMap, is the field of the argument at
	// Ext.Arg that holds the map (a request sender's Request{Header:
	// h}): Carrier is what it holds.
	HeaderField string
	// URL is an HTTP request's address.
	URL ssa.Value
	// Body is an HTTP request's body, when the call shows it.
	Body ssa.Value
	// Options, when the slot is Unknown, is the parameter of the
	// function making the call whose options are applied to the
	// carrier: only one of them can fill the slot (OptionsPath).
	Options *ssa.Parameter
	// OptionsField is the field of the options struct the helper
	// applies them to that fills the slot; "" for params' IdempotencyKey.
	OptionsField string
	// MadeOptions, when the slot is Unknown, are the options a request
	// maker of the program's applies to the request it makes
	// (httpx.JSON(ctx, "POST", base, path, body, c.auth())); Unoptioned
	// is the slot's state if they set no key. What they set is read
	// where the options' makers are known (summary).
	MadeOptions ssa.Value
	Unoptioned  SlotState
	// KeyBase and KeyPath, when the slot is Filled by a helper of the
	// package from a field of a struct it is given (applyRequestOptions(
	// &p.Params, req.RequestOptions)), are the argument and the field:
	// the key is KeyPath inside KeyBase.
	KeyBase ssa.Value
	KeyPath string
	// BodyField, when the slot is Filled from a field of a map the
	// function encodes as the body (body["client_ref"] = m.ClientRef),
	// is that field's name: the key the receiver drops a repeat by.
	BodyField string
	// Retries is set when the client that sends the request retries it
	// itself (go-retryablehttp), though Fn is a helper of the program
	// that sends it.
	Retries bool
}

// Find returns the external calls of fn that have an effect: HTTP requests
// only with a known non-idempotent method (POST, PATCH) to an address that
// is not a read (token, search, GraphQL endpoints).
func Find(cat *catalog.Catalog, fn *ssa.Function) []*Call {
	var out []*Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if call := Classify(cat, c); call != nil {
				out = append(out, call)
			}
		}
	}
	return out
}

// Classify returns the external call c is, or nil.
func Classify(cat *catalog.Catalog, c ssa.CallInstruction) *Call {
	fn := valueflow.Callee(c.Common())
	if fn == nil {
		return nil
	}
	ext, ok := cat.External(fn)
	if !ok {
		// A function of the package that sends the request it is given
		// (c.do(req, &out)): the call sends the caller's request.
		if ext, ok = sender(cat, c); !ok {
			if call, ok := mapSender(cat, c); ok {
				return call
			}
			if s, ok := cat.Sender(fn); ok {
				return describedRequest(cat, c, fn, s)
			}
			return nil
		}
	}
	call := &Call{Instr: c, Fn: fn, Ext: ext}
	switch ext.Slot {
	case catalog.NoSlot:
		call.State = NoSlot
	case catalog.ArgKey:
		call.State, call.Key = Filled, arg(c, fn, ext.Arg)
	case catalog.ParamsKey:
		call.Carrier = arg(c, fn, ext.Arg)
		call.State, call.Key = fieldSlot(cat, call, []string{"IdempotencyKey"})
	case catalog.InputField:
		call.Carrier = arg(c, fn, ext.Arg)
		call.State, call.Key = fieldSlot(cat, call, ext.Fields)
		if ext.FIFOOnly && call.State != Filled && !isFIFO(call.Carrier) {
			call.State = NoSlot // a standard queue has no deduplication
		}
	case catalog.RequestHeader:
		if !httpEffect(cat, call) {
			return nil
		}
	case catalog.PubOption:
		call.State, call.Key = pubOption(cat, c, fn, ext.Arg)
	}
	return call
}

// arg returns argument i of a call, counted without the receiver, or nil.
func arg(c ssa.CallInstruction, fn *types.Func, i int) ssa.Value {
	cc := c.Common()
	if i < 0 {
		return nil
	}
	if !cc.IsInvoke() && fn.Type().(*types.Signature).Recv() != nil {
		i++
	}
	if i >= len(cc.Args) {
		return nil
	}
	return cc.Args[i]
}

// capturedCarrier returns the struct a call carries its key in: its
// argument, or, when the call's function literal reads that from a
// variable it captures (params built, then sent in retry.Do(func()
// error {...})) and does nothing else with it, the struct the variable
// was set to, once, with the variable.
func capturedCarrier(call *Call) (ssa.Value, *ssa.Alloc) {
	carrier := valueflow.Unwrap(call.Carrier)
	load, ok := carrier.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return carrier, nil
	}
	fv, ok := load.X.(*ssa.FreeVar)
	if !ok {
		return carrier, nil
	}
	cell, ok := valueflow.Binding(fv).(*ssa.Alloc)
	if !ok {
		return carrier, nil
	}
	v, ok := valueflow.StoredOnce(cell)
	if !ok {
		return carrier, nil
	}
	for _, r := range *fv.Referrers() {
		l, ok := r.(*ssa.UnOp)
		if !ok || l.Op != token.MUL {
			return carrier, nil
		}
		for _, u := range *l.Referrers() {
			if u != call.Instr {
				if _, debug := u.(*ssa.DebugRef); !debug {
					return carrier, nil
				}
			}
		}
	}
	return valueflow.Unwrap(v), cell
}

// fieldSlot decides what a key field of the carrier struct holds: the
// carrier must be a struct made in this function, and passed only to
// functions of the package, which are read, and to none that could set
// the field behind our back.
func fieldSlot(cat *catalog.Catalog, call *Call, fields []string) (SlotState, ssa.Value) {
	carrier, cell := capturedCarrier(call)
	base, ok := carrier.(*ssa.Alloc)
	if !ok {
		return Unknown, nil
	}
	state, key := Absent, ssa.Value(nil)
	var opts ssa.Value // the options applied to the carrier, if any
	// optsParam and optsField are set when a helper fills the slot
	// from a field of an options struct that only the options of
	// optsParam set (cfg := collect(opts); cfg.apply(&p.Params)).
	var optsParam *ssa.Parameter
	var optsField string
	// keyBase and keyPath are set when a helper sets the key from a
	// field of a struct it is given by value: the key is that field of
	// keyBase, the argument this function passes.
	var keyBase ssa.Value
	var keyPath string
	seen := map[ssa.Value]bool{}
	depth := 0
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if contains(fields, fieldName(r)) {
					if val := storedValue(r); val != nil {
						state, key = Filled, val
					}
					continue
				}
				// Only an embedded or nested struct (stripe's Params) can
				// hold the key; other fields are data.
				if _, ok := r.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); ok && !walk(r) {
					return false
				}
			case *ssa.Store:
				if r.Val == v && r.Addr == cell && cell != nil {
					// The variable the call's literal reads it from:
					// its reads here are the struct too.
					for _, u := range *cell.Referrers() {
						if l, ok := u.(*ssa.UnOp); ok && l.Op == token.MUL && l.Parent() == cell.Parent() && !walk(l) {
							return false
						}
					}
					continue
				}
				if r.Val == v || r.Addr == v {
					return false // the pointer escapes, or the struct is overwritten
				}
			case *ssa.ChangeType, *ssa.MakeInterface:
				if !walk(r.(ssa.Value)) {
					return false
				}
			case ssa.CallInstruction:
				if r == call.Instr {
					continue
				}
				callee := valueflow.Callee(r.Common())
				params, helper := helperParams(r.Common(), v)
				switch {
				case callee != nil && catalog.IsParamsKeySetter(callee):
					state, key = Filled, r.Common().Args[len(r.Common().Args)-1]
				case callee != nil && cat.IsStripeParamsSetter(callee):
				case callee == nil && !r.Common().IsInvoke() && AppliedOptions(r.Common().Value) != nil &&
					(opts == nil || opts == AppliedOptions(r.Common().Value)):
					// An option applied to the carrier: whether it fills
					// the key is the caller's to say.
					opts = AppliedOptions(r.Common().Value)
				case helper && depth < maxHelperDepth:
					// A function of the package (in.toProvider(p), a
					// builder): what it does to its parameter counts.
					depth++
					for _, p := range params {
						if !walk(p) {
							return false
						}
					}
					depth--
					// A key the helper was given (setKey(&p.Params,
					// in.Key)) is what this call passes it; so are the
					// options it applies (apply(&p.Params, opts)).
					if kp, ok := key.(*ssa.Parameter); ok && kp.Parent() == r.Common().StaticCallee() {
						if i := slices.Index(kp.Parent().Params, kp); i >= 0 && i < len(r.Common().Args) {
							key = r.Common().Args[i]
						}
					}
					if j, field, ok := OptionsField(r.Common().StaticCallee(), key); ok && j < len(r.Common().Args) && state == Filled {
						// A key the helper sets from the options it
						// applies to a config of its own
						// (applyCallOptions(&p.Params, opts)): the
						// caller's options, when it hands on its own.
						if p, ok := valueflow.Unwrap(r.Common().Args[j]).(*ssa.Parameter); ok && p.Parent() == call.Instr.Parent() {
							optsParam, optsField = p, field
						}
					}
					if kp, field, ok := paramField(key); ok && kp.Parent() == r.Common().StaticCallee() {
						// A key the helper reads from a field of what it
						// is given: an options struct of the caller's?
						if i := slices.Index(kp.Parent().Params, kp); i >= 0 && i < len(r.Common().Args) {
							if p := optionsOf(call.Instr.Parent(), r.Common().Args[i]); p != nil {
								optsParam, optsField = p, field
							} else {
								// Or that field of what this function
								// gives it (applyRequestOptions(&p.Params,
								// req.RequestOptions)).
								keyBase, keyPath = r.Common().Args[i], "."+field
							}
						}
					}
					if op, ok := opts.(*ssa.Parameter); ok && op.Parent() == r.Common().StaticCallee() {
						if i := slices.Index(op.Parent().Params, op); i >= 0 && i < len(r.Common().Args) {
							opts = r.Common().Args[i]
						}
					}
				default:
					return false // passed to code that may set the key
				}
			}
		}
		return true
	}
	if !walk(base) {
		return Unknown, nil
	}
	if optsParam != nil && state == Filled {
		call.Options, call.OptionsField = optsParam, optsField
		return Unknown, nil
	}
	if state == Filled && keyBase != nil {
		call.KeyBase, call.KeyPath = keyBase, keyPath
	}
	if state != Filled && opts != nil {
		if p, ok := opts.(*ssa.Parameter); ok && p.Parent() == call.Instr.Parent() {
			call.Options = p
		}
		return Unknown, nil
	}
	return state, key
}

// helperParams returns the parameters through which a call hands v to a
// function of the package, whose body the analysis reads; false when
// the callee is no such function (another package's, or unknown).
func helperParams(cc *ssa.CallCommon, v ssa.Value) ([]*ssa.Parameter, bool) {
	helper := cc.StaticCallee()
	if helper == nil || len(helper.Blocks) == 0 || len(helper.Params) != len(cc.Args) {
		return nil, false
	}
	var params []*ssa.Parameter
	for i, a := range cc.Args {
		if a == v {
			params = append(params, helper.Params[i])
		}
	}
	return params, true
}

// storedValue returns the value stored through a field address, if any.
func storedValue(fa *ssa.FieldAddr) ssa.Value {
	for _, r := range *fa.Referrers() {
		if s, ok := r.(*ssa.Store); ok && s.Addr == fa {
			return s.Val
		}
	}
	return nil
}

// isFIFO reports whether an SQS or SNS input names a FIFO queue or topic:
// it sets MessageGroupId, or its address is a constant ending in .fifo.
func isFIFO(carrier ssa.Value) bool {
	base, ok := valueflow.Unwrap(carrier).(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *base.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		val := storedValue(fa)
		switch fieldName(fa) {
		case "MessageGroupId":
			if val != nil {
				return true
			}
		case "QueueUrl", "TopicArn":
			if s, ok := constArg(val); ok && strings.HasSuffix(s, ".fifo") {
				return true
			}
		}
	}
	return false
}

// constArg resolves aws.String("...") and plain string constants.
func constArg(v ssa.Value) (string, bool) {
	if call, ok := v.(*ssa.Call); ok && len(call.Call.Args) == 1 {
		v = call.Call.Args[0]
	}
	return stringConst(v)
}

// stringConst returns the value of a string constant.
func stringConst(v ssa.Value) (string, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return constant.StringVal(c.Value), true
	}
	return "", false
}

// IsEmptyString reports whether v is the constant "".
func IsEmptyString(v ssa.Value) bool {
	s, ok := stringConst(v)
	return ok && s == ""
}

// pubOption decides whether a publish call passes a message-ID option.
func pubOption(cat *catalog.Catalog, c ssa.CallInstruction, fn *types.Func, i int) (SlotState, ssa.Value) {
	opts := arg(c, fn, i)
	if opts == nil {
		return Unknown, nil
	}
	if k, ok := opts.(*ssa.Const); ok && k.IsNil() {
		return Absent, nil
	}
	sl, ok := opts.(*ssa.Slice)
	if !ok {
		return Unknown, nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return Unknown, nil
	}
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		if call, ok := storedValue2(ia).(*ssa.Call); ok {
			if f := valueflow.Callee(&call.Call); f != nil && cat.IsPubOption(f) {
				return Filled, call.Call.Args[0]
			}
		}
	}
	return Absent, nil
}

func storedValue2(ia *ssa.IndexAddr) ssa.Value {
	for _, r := range *ia.Referrers() {
		if s, ok := r.(*ssa.Store); ok && s.Addr == ia {
			return s.Val
		}
	}
	return nil
}

func fieldName(fa *ssa.FieldAddr) string { return valueflow.FieldName(fa.X.Type(), fa.Field) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Outcome returns the value that carries an external call's outcome: its
// result, or the first result of several; nil when it returns nothing.
func Outcome(c ssa.CallInstruction) ssa.Value {
	call, ok := c.(*ssa.Call)
	if !ok || call.Call.Signature().Results().Len() == 0 {
		return nil
	}
	if call.Call.Signature().Results().Len() == 1 {
		return call
	}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			return ex
		}
	}
	return nil
}

// ownOrCapturedParam returns v when it is a parameter of fn, or the
// parameter of the function that makes fn, a literal, that v captures
// (a retry wrapper's operation handing on its maker's options); nil
// otherwise.
func ownOrCapturedParam(v ssa.Value, fn *ssa.Function) *ssa.Parameter {
	p, ok := valueflow.CapturedValue(v).(*ssa.Parameter)
	if !ok || p.Parent() != fn && p.Parent() != fn.Parent() {
		return nil
	}
	return p
}
