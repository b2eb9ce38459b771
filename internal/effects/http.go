package effects

import (
	"cmp"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// httpEffect decides whether an HTTP call changes state, a POST or PATCH
// to an address that is not a read, and what its idempotency header
// holds. HTTP calls whose method cannot be told are not effects here.
func httpEffect(cat *catalog.Catalog, call *Call) bool {
	if call.Ext.Method != "" { // http.Post and kin: no request to set a header on
		call.Method = call.Ext.Method
		url := arg(call.Instr, call.Fn, 0)
		if noEffect(url) || cat.Serves(call.Method, pathSegments(url)) || OwnRoute(url) {
			return false
		}
		call.URL, call.Body = url, arg(call.Instr, call.Fn, 2)
		call.State = Absent
		if bodyKeyed(call.Body) {
			call.State = Unknown
		}
		call.State = providerSlot(cat, call.State, url)
		return true
	}
	req := arg(call.Instr, call.Fn, call.Ext.Arg)
	origin, method, url, body := requestOrigin(cat, req)
	if origin == nil || (method != "POST" && method != "PATCH") || noEffect(url) ||
		cat.Serves(method, pathSegments(url)) || OwnRoute(url) {
		return false
	}
	call.Carrier, call.Method, call.URL, call.Body = req, method, url, body
	var opts *ssa.Parameter
	call.State, call.Key, opts = headerSlotOpts(origin, call.Instr, cat.KeyHeaders())
	if opts != nil && opts.Parent() == call.Instr.Parent() {
		call.Options = opts
	}
	if call.State == Absent {
		call.State, call.Key = builtHeader(origin, cat.KeyHeaders())
	}
	if call.State == Absent {
		if key, name := mapBodyKey(body); key != nil {
			call.State, call.Key, call.BodyField = Filled, key, name
		}
	}
	if call.State == Absent && bodyKeyed(body) {
		call.State = Unknown
	}
	call.State = providerSlot(cat, call.State, url)
	if opts := madeOptions(cat, origin); opts != nil && call.State != Unknown {
		call.MadeOptions, call.Unoptioned, call.State = opts, call.State, Unknown
		call.State = passedRequestOptions(call, opts)
	}
	return true
}

// madeOptions returns the options that the call of one of the program's
// request makers that made a request, origin, passes for the maker to
// apply, or nil when it passes none.
func madeOptions(cat *catalog.Catalog, origin ssa.Value) ssa.Value {
	ex, ok := origin.(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := valueflow.Callee(&call.Call)
	pm, ok := cat.Maker(fn)
	if !ok || pm.Options < 0 {
		return nil
	}
	opts := arg(call, fn, pm.Options)
	if opts == nil || isNil(opts) {
		return nil
	}
	return opts
}

// providerSlot returns the state of the key slot of a request that
// carries no key (Absent) to a provider's address when its package
// names no key anywhere (cat.KeyMechanism): the provider takes none,
// NoSlot. A request to an address taken whole from data (a
// subscriber's webhook URL) stays Absent: its key is the delivery's ID,
// which the sender can always send.
func providerSlot(cat *catalog.Catalog, state SlotState, url ssa.Value) SlotState {
	if state == Absent && !cat.KeyMechanism() && composedAddress(url) {
		return NoSlot
	}
	return state
}

// composedAddress reports whether a request's address is written in
// the code: a constant, or a concatenation, fmt.Sprintf or net/url
// call that joins a base to a path.
func composedAddress(url ssa.Value) bool {
	switch v := capturedAddress(url).(type) {
	case *ssa.Const:
		return true
	case *ssa.BinOp:
		return v.Op == token.ADD
	case *ssa.Call:
		if _, ok := sprintfText(v, "\x00"); ok {
			return true
		}
		fn := valueflow.Callee(&v.Call)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "net/url"
	}
	return false
}

// sender returns, for a call of a function of the package that sends a
// request it is given to an HTTP client and does nothing else with it
// (c.do(req, &out)), the client's external call with the request at the
// call's argument: the request, and what its header holds, are the
// caller's.
func sender(cat *catalog.Catalog, c ssa.CallInstruction) (catalog.External, bool) {
	helper := packageHelper(c.Common())
	if helper == nil {
		return catalog.External{}, false
	}
	for _, b := range helper.Blocks {
		for _, instr := range b.Instrs {
			inner, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			fn := valueflow.Callee(inner.Common())
			if fn == nil {
				continue
			}
			ext, ok := cat.External(fn)
			if !ok || ext.Slot != catalog.RequestHeader || ext.Method != "" {
				continue
			}
			p, ok := arg(inner, fn, ext.Arg).(*ssa.Parameter)
			if !ok || !onlySent(cat, p, inner) {
				continue
			}
			for i, q := range helper.Params {
				if q == p {
					ext.Arg = i
					if helper.Signature.Recv() != nil {
						ext.Arg-- // arg counts without the receiver
					}
					return ext, true
				}
			}
		}
	}
	return catalog.External{}, false
}

// mapSender returns the external call that c makes, a call of a
// function of the package that builds a request from the method and
// address it is given, sets on it the headers of a map it is given (for
// k, v := range headers { req.Header.Set(k, v) }), or only its own, and
// sends it (c.do(ctx, http.MethodPost, "/bookings", in, &out)): the
// request is the caller's, and so is what its key header holds. ok is
// false when c is no such call; the call is nil when the request
// changes nothing.
func mapSender(cat *catalog.Catalog, c ssa.CallInstruction) (call *Call, ok bool) {
	cc := c.Common()
	helper := packageHelper(cc)
	if helper == nil {
		return nil, false
	}
	send, ext, ok := onlySend(cat, helper)
	if !ok {
		return nil, false
	}
	made, isEx := valueflow.Unwrap(arg(send, valueflow.Callee(send.Common()), ext.Arg)).(*ssa.Extract)
	if !isEx || made.Index != 0 {
		return nil, false
	}
	maker, isCall := made.Tuple.(*ssa.Call)
	if !isCall {
		return nil, false
	}
	i, isMaker := catalog.RequestMaker(valueflow.Callee(&maker.Call))
	args := slices.Clone(maker.Call.Args)
	if !isMaker || i+1 >= len(args) {
		return nil, false
	}
	for j := range args {
		args[j] = inHelper(helper, args[j])
	}
	hp, req, withMap := valueflow.HeaderMapParam(helper)
	if withMap && req != made {
		return nil, false
	}
	calling, isCall := c.(*ssa.Call)
	if !isCall {
		return nil, false
	}
	if w, described := paramFieldArg(calling, helper, args[i]); !withMap && paramOf(helper, args[i]) < 0 && (!described || w == nil) {
		return nil, false // a helper that picks its method itself, or one described where this call does not show
	}
	m, isConst := throughParam(calling, args[i]).(*ssa.Const)
	if !isConst || m.Value == nil || m.Value.Kind() != constant.String {
		return nil, true
	}
	method, url := strings.ToUpper(constant.StringVal(m.Value)), throughParam(calling, args[i+1])
	if method != "POST" && method != "PATCH" || noEffect(url) || cat.Serves(method, pathSegments(url)) || OwnRoute(url) {
		return nil, true
	}
	fn := valueflow.Callee(cc)
	call = &Call{Instr: c, Fn: fn, Ext: ext, Method: method, URL: url, Retries: catalog.SelfRetrying(valueflow.Callee(send.Common()))}
	if withMap {
		ext.Arg = argIndex(fn, hp)
		call.Ext, call.Carrier, call.HeaderMap = ext, cc.Args[hp], true
	}
	var opts *ssa.Parameter
	if call.State, call.Key, opts = headerSlotOpts(made, send, cat.KeyHeaders()); opts != nil {
		// Options the helper is given, applied to the request: the
		// caller's, when it hands on its own parameter.
		if i := slices.Index(helper.Params, opts); i >= 0 && i < len(calling.Call.Args) {
			if p, ok := calling.Call.Args[i].(*ssa.Parameter); ok && p.Parent() == c.Parent() {
				call.Options = p
			}
		}
	}
	if call.State == Filled {
		if j, field, ok := OptionsField(helper, call.Key); ok {
			// A key only the options the caller hands on set.
			call.State, call.Key = optionsSlot(calling, j, field, call)
		} else if state, key, ok := helperParamKey(helper, calling, call.Key, call); ok {
			call.State, call.Key = state, key
		} else {
			heldOptionsField(helper, calling, call.Key, call)
			call.State, call.Key = Unknown, nil // the helper's own key: a builder's case, not proved here
		}
	}
	if call.State == Absent && withMap {
		call.State, call.Key = mapHeader(cc.Args[hp], c, cat.KeyHeaders())
	}
	if call.State == Absent && i+2 < len(args) && bodyKeyed(throughParam(calling, args[i+2])) {
		call.State = Unknown
	}
	if j := encodedParam(helper); j >= 0 && j < len(calling.Call.Args) {
		// The helper encodes a value it is given (json.Marshal(in)):
		// the caller's value says whether the body has a key, and its
		// field is the key slot when the value is the caller's own
		// parameter (bodyKey).
		call.Body = calling.Call.Args[j]
		if call.State == Absent && bodyValueKeyed(call.Body, 0) {
			call.State = Unknown
		}
	}
	call.State = providerSlot(cat, call.State, url)
	return call, true
}

// encodedParam returns the index of the parameter of fn that fn encodes
// as a request's body (json.Marshal(in)), or -1.
func encodedParam(fn *ssa.Function) int {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if p, ok := valueflow.Unwrap(wrappedArg(call, catalog.BodyEncoder)).(*ssa.Parameter); ok {
				return slices.Index(fn.Params, p)
			}
		}
	}
	return -1
}

// packageHelper returns the function of the package a call calls
// statically, whose body the analysis reads, or nil.
func packageHelper(cc *ssa.CallCommon) *ssa.Function {
	helper := cc.StaticCallee()
	if helper == nil || cc.IsInvoke() || len(helper.Blocks) == 0 || helper.Parent() != nil || len(helper.Params) != len(cc.Args) {
		return nil
	}
	return helper
}

// onlySend returns the one call of fn that sends a request.
//
// The call may be in a literal of fn (the operation fn hands a retry
// wrapper): one send in fn and its literals is the one.
func onlySend(cat *catalog.Catalog, fn *ssa.Function) (send ssa.CallInstruction, ext catalog.External, ok bool) {
	for _, f := range append([]*ssa.Function{fn}, fn.AnonFuncs...) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				inner, isCall := instr.(ssa.CallInstruction)
				if !isCall {
					continue
				}
				callee := valueflow.Callee(inner.Common())
				if callee == nil {
					continue
				}
				if e, isExt := cat.External(callee); isExt && e.Slot == catalog.RequestHeader && e.Method == "" {
					if send != nil {
						return nil, catalog.External{}, false
					}
					send, ext = inner, e
				}
			}
		}
	}
	return send, ext, send != nil
}

// inHelper returns, for a value of a literal of helper, the value of
// helper it captures (the method and address parameters a retry
// wrapper's operation reads); else the value.
func inHelper(helper *ssa.Function, v ssa.Value) ssa.Value {
	if v == nil {
		return nil
	}
	if u := valueflow.Unwrap(v); u.Parent() != nil && u.Parent().Parent() == helper {
		if c := captured(u); c != nil {
			return c
		}
	}
	return v
}

// helperHeader decides what the map of headers a function of the
// package makes and returns holds under the key header (c.headers(opts),
// which sets the key only when one of the options it applies gives it
// one): nothing, unknown, or the field an option sets, when the options
// are the ones the caller of made is given (Call.Options).
func helperHeader(made *ssa.Call, call *Call, headers []string) (SlotState, ssa.Value) {
	helper := packageHelper(&made.Call)
	if helper == nil {
		return Unknown, nil
	}
	var m ssa.Value
	for _, r := range valueflow.ReturnValues(helper) {
		if c, ok := r.(*ssa.Const); ok && c.IsNil() {
			continue // no headers at all (when the key it is given is empty)
		}
		if m != nil && r != m {
			return Unknown, nil
		}
		m = r
	}
	if m == nil {
		return Unknown, nil
	}
	if st, k, ok := setHere(made, call.Instr, headers); !ok || st == Filled {
		// The caller sets headers on the map the helper made: the key
		// its own, or something the map is handed to decides.
		return st, k
	}
	state, key, opts := mapHeaderOpts(m, nil, headers)
	if opts != nil {
		// Options the helper is given, applied to the map it makes
		// (for _, o := range opts { o(h) }): the caller's, when it
		// hands on its own parameter, fill the slot.
		if state == Absent {
			if j := slices.Index(helper.Params, opts); j >= 0 && j < len(made.Call.Args) {
				if p, ok := made.Call.Args[j].(*ssa.Parameter); ok && p.Parent() == made.Parent() {
					call.Options, call.OptionsField = p, "IdempotencyKey" // what a header option sets (OptionFields)
				}
			}
		}
		return Unknown, nil
	}
	if state != Filled {
		return state, nil
	}
	if j, field, ok := OptionsField(helper, key); ok {
		return optionsSlot(made, j, field, call)
	}
	if p, ok := key.(*ssa.Parameter); ok && p.Parent() == helper {
		// The key the caller gives the helper (headers(req.Key)).
		if j := slices.Index(helper.Params, p); j >= 0 && j < len(made.Call.Args) {
			return Filled, made.Call.Args[j]
		}
	}
	heldOptionsField(helper, made, key, call)
	return Unknown, nil // the helper's own key: not proved here
}

// heldOptionsField sets the options of call, which helper makes with
// key, when key is a field of the options struct the helper is given,
// or is a method of (cfg := collect(opts); cfg.headers()): the options
// the caller of made hands on fill it.
func heldOptionsField(helper *ssa.Function, made *ssa.Call, key ssa.Value, call *Call) {
	p, field, ok := paramField(key)
	if !ok || p.Parent() != helper {
		return
	}
	if j := slices.Index(helper.Params, p); j < len(made.Call.Args) {
		if q := heldOptions(made.Parent(), made.Call.Args[j], field); q != nil {
			call.Options, call.OptionsField = q, field
		}
	}
}

// helperParamKey reads a key a helper sets from a parameter of its own
// (c.do(ctx, "POST", path, in, o.idempotencyKey, &out) with if key !=
// "" { req.Header.Set("Idempotency-Key", key) }) as the caller's
// argument: a field of the options the caller collects from its own
// (var o callOptions; for _, opt := range opts { opt(&o) }) is their
// slot; the caller's parameter is the key; an empty string is none. ok
// is false for anything else.
func helperParamKey(helper *ssa.Function, calling *ssa.Call, key ssa.Value, call *Call) (SlotState, ssa.Value, bool) {
	var arg ssa.Value
	if w, ok := paramFieldArg(calling, helper, key); ok {
		// A field of the request's description the caller builds
		// (request{method: "POST", idemKey: key}): what it stores
		// there.
		if w == nil {
			return Unknown, nil, false
		}
		arg = w
	} else {
		p, ok := valueflow.Unwrap(key).(*ssa.Parameter)
		if !ok || p.Parent() != helper {
			return Unknown, nil, false
		}
		j := slices.Index(helper.Params, p)
		if j < 0 || j >= len(calling.Call.Args) {
			return Unknown, nil, false
		}
		arg = calling.Call.Args[j]
	}
	if k, field, ok := OptionsField(calling.Parent(), arg); ok {
		call.Options, call.OptionsField = calling.Parent().Params[k], field
		return Unknown, nil, true
	}
	switch a := valueflow.Unwrap(arg).(type) {
	case *ssa.Parameter:
		if a.Parent() == calling.Parent() {
			return Filled, a, true
		}
	case *ssa.Const:
		if a.Value != nil && a.Value.Kind() == constant.String && constant.StringVal(a.Value) == "" {
			return Absent, nil, true
		}
	}
	return Unknown, nil, false
}

// setHere reads what the function that made the header map m, with a
// helper's call, does with it besides handing it to send: Filled, with
// the value, when it sets the key header (h.Set("Idempotency-Key", k));
// Absent when it sets others or none; ok is false when m goes anywhere
// else (a closure, another call), which may set the key.
func setHere(m *ssa.Call, send ssa.CallInstruction, headers []string) (SlotState, ssa.Value, bool) {
	state, key := Absent, ssa.Value(nil)
	for _, r := range *m.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if _, ok := r.Addr.(*ssa.FieldAddr); !ok {
				return Unknown, nil, false // kept where the field of a request built in place is not
			}
		case ssa.CallInstruction:
			if r == send {
				continue
			}
			name, v, ok := headerCall(r, m)
			if !ok {
				return Unknown, nil, false
			}
			if name != nil {
				if valueflow.IsHeaderName(name, headers) {
					state, key = Filled, v
				} else if _, isConst := name.(*ssa.Const); !isConst {
					return Unknown, nil, false // a name not known here
				}
			}
		default:
			return Unknown, nil, false
		}
	}
	return state, key, true
}

// headerCall reads a call of an HTTP client's header method on the
// header set h: ok is false for any other call; name and value are set
// for one that sets a header (h.Set(name, value)).
func headerCall(r ssa.CallInstruction, h ssa.Value) (name, value ssa.Value, ok bool) {
	fn := valueflow.Callee(r.Common())
	args := r.Common().Args
	if fn == nil || !catalog.IsRequestHeaderFunc(fn) || len(args) == 0 || args[0] != h {
		return nil, nil, false
	}
	if len(args) == 3 && catalog.SetsRequestHeader(fn) {
		return args[1], args[2], true
	}
	return nil, nil, true
}

// mapHeader decides what a map of headers that call hands on holds
// under the key header: nothing when it is nil, the value a map made
// here puts there (a literal's entry, m[k] = v, or an http.Header's Set
// or Add), and Unknown for a map that comes from elsewhere or goes
// anywhere else than call or the field of the struct call is given
// (Request{Header: h}).
func mapHeader(m ssa.Value, call ssa.CallInstruction, headers []string) (SlotState, ssa.Value) {
	state, key, opts := mapHeaderOpts(m, call, headers)
	if opts != nil {
		return Unknown, nil // what the options set is the caller's
	}
	return state, key
}

// mapHeaderOpts is mapHeader, and the parameter of options that the
// function applies to the map (for _, o := range opts { o(h) }), which
// it otherwise leaves to nothing else.
func mapHeaderOpts(m ssa.Value, call ssa.CallInstruction, headers []string) (SlotState, ssa.Value, *ssa.Parameter) {
	if isNil(m) {
		return Absent, nil, nil
	}
	if _, ok := m.(*ssa.MakeMap); !ok {
		return Unknown, nil, nil
	}
	state, key := Absent, ssa.Value(nil)
	var opts *ssa.Parameter
	set := func(name, v ssa.Value) bool {
		if valueflow.IsHeaderName(name, headers) {
			state, key = Filled, v
		} else if _, isConst := name.(*ssa.Const); !isConst {
			return false
		}
		return true
	}
	for _, r := range *m.Referrers() {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			if !set(r.Key, r.Value) {
				return Unknown, nil, nil
			}
		case *ssa.Store:
			if _, ok := r.Addr.(*ssa.FieldAddr); !ok {
				return Unknown, nil, nil
			}
		case *ssa.DebugRef, *ssa.Return: // the map a helper makes for its caller
		case ssa.CallInstruction:
			if r == call {
				continue
			}
			if p := AppliedOptions(r.Common().Value); p != nil && p.Parent() == r.Parent() && len(r.Common().Args) == 1 && r.Common().Args[0] == m {
				opts = p // an option applied to the map
				continue
			}
			if name, v, ok := headerCall(r, m); !ok || name != nil && !set(name, v) {
				return Unknown, nil, nil
			}
		default:
			return Unknown, nil, nil
		}
	}
	return state, key, opts
}

// argIndex converts the index of a call's argument to the parameter
// index the catalog counts, without the receiver.
func argIndex(fn *types.Func, i int) int {
	if fn.Type().(*types.Signature).Recv() != nil {
		return i - 1
	}
	return i
}

// onlySent reports whether the request parameter p is used only to be
// sent by the client call, and read: its header given only headers
// that carry no key, its body only tested for nil.
func onlySent(cat *catalog.Catalog, p *ssa.Parameter, send ssa.CallInstruction) bool {
	for _, r := range *p.Referrers() {
		switch r := r.(type) {
		case ssa.CallInstruction:
			if r != send {
				return false
			}
		case *ssa.FieldAddr:
			switch fieldName(r) {
			case "Header":
				if !setsOtherHeaders(cat, r) {
					return false // it may set the request's key
				}
			case "Body":
				if !onlyTested(r) {
					return false // it may change the request it sends
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// setsOtherHeaders reports whether the header a request's Header field
// fa holds is only given, by a setter the catalog knows, headers whose
// names are constants, none of them a key's (req.Header.Set("Authorization", "Bearer "+c.token)):
// the request's key stays what its maker put there.
func setsOtherHeaders(cat *catalog.Catalog, fa *ssa.FieldAddr) bool {
	return onlyUses(fa, func(u ssa.Instruction) bool {
		call, ok := u.(ssa.CallInstruction)
		if !ok {
			return false
		}
		fn := valueflow.Callee(call.Common())
		if fn == nil {
			return false
		}
		keys, ok := cat.HeaderSetter(fn)
		if args := call.Common().Args; !ok || len(args) != 3 {
			return false
		}
		name, ok := valueflow.ConstString(call.Common().Args[1])
		return ok && !slices.ContainsFunc(keys, func(k string) bool { return catalog.HeaderNameMatches(k, name) })
	})
}

// onlyTested reports whether the request's Body field fa is only read
// and compared (if req.Body != nil).
func onlyTested(fa *ssa.FieldAddr) bool {
	return onlyUses(fa, func(u ssa.Instruction) bool {
		_, ok := u.(*ssa.BinOp)
		return ok
	})
}

// onlyUses reports whether the field fa is only loaded, and every use
// of what is loaded is one use accepts.
func onlyUses(fa *ssa.FieldAddr, use func(ssa.Instruction) bool) bool {
	for _, r := range *fa.Referrers() {
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		load, ok := r.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return false
		}
		for _, u := range *load.Referrers() {
			if _, ok := u.(*ssa.DebugRef); !ok && !use(u) {
				return false
			}
		}
	}
	return true
}

// requestOrigin finds the NewRequest call a request comes from, with its
// constant method, its URL and its body; or the call of a function of
// the package that builds the request (c.newRequest(ctx, "POST", path,
// in, key)), with what its arguments fill of it.
func requestOrigin(cat *catalog.Catalog, req ssa.Value) (origin ssa.Value, method string, url, body ssa.Value) {
	ex, ok := valueflow.Unwrap(req).(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil, "", nil, nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil, "", nil, nil
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil {
		return nil, "", nil, nil
	}
	i, ok := catalog.RequestMaker(fn)
	if pm, isMaker := cat.Maker(fn); !ok && isMaker {
		// A maker of another package of the program's
		// (httpx.JSONRequest(ctx, http.MethodPost, url, in)), whose
		// body, a value it encodes, is the caller's.
		return programMade(ex, call, fn, pm)
	}
	if !ok {
		return builtRequest(ex, call)
	}
	if i+1 >= len(call.Call.Args) {
		return nil, "", nil, nil
	}
	if i+2 < len(call.Call.Args) {
		body = call.Call.Args[i+2]
	}
	m, ok := call.Call.Args[i].(*ssa.Const)
	if !ok || m.Value == nil || m.Value.Kind() != constant.String {
		return ex, "", nil, nil
	}
	return ex, strings.ToUpper(constant.StringVal(m.Value)), call.Call.Args[i+1], body
}

// programMade is requestOrigin's answer for a request made by one of
// the program's request makers of another package.
func programMade(ex *ssa.Extract, call *ssa.Call, fn *types.Func, pm catalog.ProgramMaker) (origin ssa.Value, method string, url, body ssa.Value) {
	arg := func(i int) ssa.Value {
		if i < 0 {
			return nil
		}
		if fn.Type().(*types.Signature).Recv() != nil {
			i++ // the receiver is the call's first argument
		}
		if i >= len(call.Call.Args) {
			return nil
		}
		return call.Call.Args[i]
	}
	m, ok := arg(pm.Method).(*ssa.Const)
	if !ok || m.Value == nil || m.Value.Kind() != constant.String {
		return ex, "", nil, nil
	}
	return ex, strings.ToUpper(constant.StringVal(m.Value)), arg(pm.URL), arg(pm.Body)
}

// bodyKeyed reports whether a request body is encoded from a struct
// with a field that carries the operation's key (an idempotencyKey in
// the JSON): the request is keyed where its receiver reads it. Whether
// the field holds a stable value is not proved here, so the slot is
// unknown rather than filled.
func bodyKeyed(body ssa.Value) bool {
	if body != nil {
		// A body a retry closure captures from the function that
		// made it.
		body = valueflow.CapturedValue(body)
	}
	v := encoded(body)
	if v == nil && body != nil && !isBodyReader(valueflow.Unwrap(body).Type()) {
		// The parameter a program's request maker, or a sender,
		// encodes as the body (Request{Body: req}, Body an any): the
		// caller's, keyed where it fills the key field (bodyKey).
		v = spilledParam(body)
		if m, ok := valueflow.Unwrap(body).(*ssa.MakeMap); ok && v == nil {
			v = m // a map the client makes for the body
		}
	}
	if v == nil && body != nil && wrappedParam(valueflow.Unwrap(body)) != nil {
		// A struct literal a sender encodes, wrapping the caller's
		// value (sendRequest{From: c.sender, Message: msg}).
		v = valueflow.Unwrap(body)
	}
	if v == nil && body != nil && filledLiteral(valueflow.Unwrap(body)) {
		// A struct literal a sender encodes, built here with a field
		// the receiver drops a repeat by filled (sendRequest{To: req.To,
		// ClientRef: req.ClientRef}): keyed by what fills it.
		return true
	}
	if v == nil {
		v = capturedEncoded(body)
	}
	return v != nil && bodyValueKeyed(v, 0)
}

// capturedEncoded returns the value that the bytes a body reader wraps
// were encoded from, when a retry wrapper's operation captures them and
// the function that makes it encodes them, or nil.
func capturedEncoded(body ssa.Value) ssa.Value {
	if b := readBytes(body); b != nil {
		if c := captured(b); c != nil {
			return encodedFrom(valueflow.Unwrap(c))
		}
	}
	return nil
}

// mapBodyKey returns the value of a field of the caller's that a map
// the function encodes as the body holds under a name the receiver
// drops a repeat by (body["client_ref"] = m.ClientRef, when the caller
// gives one), and the name: the caller's value keys the request. Nil
// when the map holds no such entry, or holds one of the function's own.
func mapBodyKey(body ssa.Value) (ssa.Value, string) {
	v := encoded(body)
	if v == nil {
		v = capturedEncoded(body)
	}
	if v == nil {
		return nil, ""
	}
	m, ok := valueflow.Unwrap(v).(*ssa.MakeMap)
	if !ok {
		return nil, ""
	}
	var key ssa.Value
	var name string
	for _, r := range *m.Referrers() {
		u, ok := r.(*ssa.MapUpdate)
		if !ok {
			continue
		}
		field, ok := stringConst(u.Key)
		if !ok || !catalog.IsDedupBodyField(field, "") {
			continue
		}
		val := u.Value
		if mi, ok := val.(*ssa.MakeInterface); ok {
			val = mi.X
		}
		if p, _, ok := paramField(val); !ok || p.Parent() != m.Parent() || key != nil {
			return nil, ""
		}
		key, name = val, field
	}
	return key, name
}

// isBodyReader reports whether t is a reader, bytes or text: a body as
// the libraries take it, not a value to encode.
func isBodyReader(t types.Type) bool {
	if isBytes(t) || types.IsInterface(t) {
		return true
	}
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		return true
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Read")
	_, isMethod := obj.(*types.Func)
	return isMethod
}

// encoded returns the value a request body is encoded from
// (bytes.NewReader(b) of b, err := json.Marshal(v)), or nil.
func encoded(body ssa.Value) ssa.Value {
	b := readBytes(body)
	if b == nil {
		return nil
	}
	return encodedFrom(b)
}

// readBytes returns the bytes or text a body reader wraps
// (bytes.NewReader(b), strings.NewReader(string(b))), or nil.
func readBytes(body ssa.Value) ssa.Value {
	b := wrappedArg(valueflow.Unwrap(body), catalog.BodyReader)
	if b == nil && body != nil && isBytes(valueflow.Unwrap(body).Type()) {
		// The bytes themselves, as go-retryablehttp takes a body.
		b = valueflow.Unwrap(body)
	}
	for b != nil {
		w := valueflow.Converted(b)
		if w == nil {
			break
		}
		b = w
	}
	return b
}

// spilledParam returns the struct parameter v is: the parameter, or a
// load of the variable the function keeps it in because it changes a
// field of it (f.FilerCode = c.filerCode), or nil.
func spilledParam(v ssa.Value) ssa.Value {
	v = valueflow.Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		x := load.X
		if fv, ok := x.(*ssa.FreeVar); ok {
			// A retry wrapper's operation that sends the parameter it
			// captures (func(ctx) { ... NewJSONRequest(..., in) }).
			x = valueflow.Binding(fv)
		}
		a, ok := x.(*ssa.Alloc)
		if !ok {
			return nil
		}
		from, n := stores(a)
		if n != 1 {
			return nil
		}
		v = from
	}
	if p, ok := v.(*ssa.Parameter); ok {
		if _, isStruct := p.Type().Underlying().(*types.Struct); isStruct {
			return p
		}
	}
	return nil
}

// isBytes reports whether t is a byte slice.
func isBytes(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := sl.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// encodedFrom returns the value bytes b were encoded from
// (json.Marshal(v)), or nil.
func encodedFrom(b ssa.Value) ssa.Value {
	ex, ok := b.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil
	}
	return wrappedArg(ex.Tuple, catalog.BodyEncoder)
}

// BodyParam returns the index of the parameter of the function that
// makes an HTTP call whose value the request's body is encoded from (a
// helper's PostJSON(ctx, url, body any)), or that holds the body's
// bytes a caller encoded (post(ctx, body []byte)), or -1: whether the
// body carries a key is the caller's to say.
func BodyParam(e *Call) int {
	if fn, i := BodyOwner(e); fn == e.Instr.Parent() {
		return i
	}
	return -1
}

// BodyOwner returns the function, and the index of its parameter, whose
// value the request's body is encoded from or whose bytes it sends, as
// BodyParam does; the function may also be the one that makes the
// closure sending the request (a retry wrapper's operation, given the
// bytes its maker encoded from a parameter). Nil and -1 if none.
func BodyOwner(e *Call) (*ssa.Function, int) {
	if e.Body == nil {
		return nil, -1
	}
	v := encoded(e.Body)
	if v == nil {
		v = readBytes(e.Body)
	}
	if v == nil {
		// A value a sender of the program encodes (Request{Body: f}),
		// the parameter itself or the copy of it the function changes.
		v = spilledParam(e.Body)
	}
	if v == nil && wrappedParam(valueflow.Unwrap(e.Body)) != nil {
		v = valueflow.Unwrap(e.Body) // a literal wrapping it
	}
	if v == nil {
		return nil, -1
	}
	if b := captured(v); b != nil {
		if from := encodedFrom(valueflow.Unwrap(b)); from != nil {
			v = from
		} else {
			v = b
		}
	}
	p, ok := valueflow.Unwrap(v).(*ssa.Parameter)
	if !ok {
		p = wrappedParam(valueflow.Unwrap(v))
	}
	if p != nil {
		if fn := p.Parent(); fn == e.Instr.Parent() || fn == e.Instr.Parent().Parent() {
			return fn, slices.Index(fn.Params, p)
		}
	}
	return nil, -1
}

// wrappedParam returns the one parameter that v, a struct literal the
// body is encoded from, holds whole in a field (smsPayload{From: c.from,
// SMSMessage: msg}): the caller's value, whose fields the receiver
// reads, embedded or nested. Nil if none, or more than one.
func wrappedParam(v ssa.Value) *ssa.Parameter {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var found *ssa.Parameter
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, w := range *fa.Referrers() {
			st, ok := w.(*ssa.Store)
			if !ok || st.Addr != fa {
				continue
			}
			if p, ok := valueflow.Unwrap(st.Val).(*ssa.Parameter); ok && structOf(p.Type()) != nil && types.Identical(p.Type(), fa.Type().(*types.Pointer).Elem()) {
				if found != nil && found != p {
					return nil
				}
				found = p
			}
		}
	}
	return found
}

// KeyedBody reports whether v, a value a caller hands to be encoded as
// a request's body, or the bytes it encoded one into, has a field for
// the operation's key.
func KeyedBody(v ssa.Value) bool {
	if b := captured(v); b != nil {
		v = b // bytes a closure sends, encoded by the function that makes it (a retry wrapper's operation)
	}
	b := valueflow.Unwrap(v)
	for w := valueflow.Converted(b); w != nil; w = valueflow.Converted(b) {
		b = w
	}
	if from := encodedFrom(b); from != nil {
		return bodyValueKeyed(from, 0)
	}
	return bodyValueKeyed(v, 0)
}

// BodyKey returns the value that v, a body built in place (a struct
// literal, or the bytes encoded from one), stores in its field for the
// operation's key (smsBody{ClientReference: o.ClientReference}): the
// one value stored there. False when v is no such literal, or the field
// is not set once. name is the field's name in the JSON.
func BodyKey(v ssa.Value) (key ssa.Value, name string, ok bool) {
	b := valueflow.Unwrap(v)
	for w := valueflow.Converted(b); w != nil; w = valueflow.Converted(b) {
		b = w
	}
	if from := encodedFrom(b); from != nil {
		b = valueflow.Unwrap(from)
	}
	if load, ok := b.(*ssa.UnOp); ok && load.Op == token.MUL {
		b = load.X
	}
	alloc, isAlloc := b.(*ssa.Alloc)
	if !isAlloc {
		return nil, "", false
	}
	for _, r := range *alloc.Referrers() {
		fa, isField := r.(*ssa.FieldAddr)
		if !isField || !inJSON(fa) {
			continue
		}
		field, isKey := keyField(fa)
		if isKey == notKey {
			continue
		}
		for _, w := range *fa.Referrers() {
			st, isStore := w.(*ssa.Store)
			if !isStore || st.Addr != fa || isKey == filled && isConst(st.Val) {
				continue // a reference that is a constant text keys nothing
			}
			if key != nil {
				return nil, "", false
			}
			key, name = st.Val, field
		}
	}
	return key, name, key != nil
}

// A keyKind says how a body's field holds the operation's key.
type keyKind int

const (
	notKey keyKind = iota
	keyed          // a field for the key (catalog.IsBodyKeyField)
	filled         // a reference the caller fills (catalog.IsFilledKeyField)
)

// keyField returns the JSON name of the field a FieldAddr selects, and
// how it holds the operation's key in a body.
func keyField(fa *ssa.FieldAddr) (string, keyKind) {
	f, name := fieldNames(fa)
	switch {
	case catalog.IsBodyKeyField(f, name):
		return cmp.Or(name, f), keyed
	case catalog.IsFilledKeyField(cmp.Or(name, f)):
		return cmp.Or(name, f), filled
	}
	return "", notKey
}

// isConst reports whether v is a constant.
func isConst(v ssa.Value) bool {
	_, ok := valueflow.Unwrap(v).(*ssa.Const)
	return ok
}

// captured returns the value a closure's free variable v holds, bound
// by the function that makes the closure: the value, or the one value
// stored into the variable it captures. Nil if v is none or it is not
// known.
func captured(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		fv, ok := load.X.(*ssa.FreeVar)
		if !ok {
			return nil
		}
		cell, ok := valueflow.Binding(fv).(*ssa.Alloc)
		if !ok {
			return nil
		}
		if stored, ok := valueflow.StoredOnce(cell); ok {
			return stored
		}
		return nil
	}
	if fv, ok := v.(*ssa.FreeVar); ok {
		return valueflow.Binding(fv)
	}
	return nil
}

// bodyValueKeyed reports whether a value encoded as a body has a field
// for the operation's key: by its type, or by what a literal of it puts
// in a field of interface type (apiRequest{Request: checkout}).
func bodyValueKeyed(v ssa.Value, depth int) bool {
	v = valueflow.Unwrap(v)
	if hasBodyKeyField(v.Type(), 0) || mapKeyed(v) {
		return true
	}
	if depth > 2 {
		return false
	}
	lit := v
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		lit = load.X
	}
	if _, ok := lit.(*ssa.Alloc); !ok {
		return false
	}
	for _, r := range *lit.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if ok && inJSON(fa) && filledKey(fa) {
			return true
		}
		if !ok || !types.IsInterface(fa.Type().(*types.Pointer).Elem()) || !inJSON(fa) {
			continue
		}
		for _, w := range *fa.Referrers() {
			if st, ok := w.(*ssa.Store); ok && st.Addr == fa && bodyValueKeyed(st.Val, depth+1) {
				return true
			}
		}
	}
	return false
}

// filledLiteral reports whether v is a struct literal's value with a
// field that is there only for the receiver to drop a repeat by
// (catalog.IsDedupBodyField: client_ref, end_to_end_id; not a reference
// that may name the order), encoded, filled with a value other than "".
func filledLiteral(v ssa.Value) bool {
	return slices.ContainsFunc(literalDedupFields(v), filledKey)
}

// literalDedupFields returns, for v a struct literal's value, the
// addresses of its encoded fields that are there only for the receiver
// to drop a repeat by (catalog.IsDedupBodyField).
func literalDedupFields(v ssa.Value) []*ssa.FieldAddr {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok || structOf(lit.Type()) == nil {
		return nil
	}
	var out []*ssa.FieldAddr
	for _, r := range *lit.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && inJSON(fa) && catalog.IsDedupBodyField(fieldNames(fa)) {
			out = append(out, fa)
		}
	}
	return out
}

// filledKey reports whether the field a FieldAddr selects is one a
// receiver may drop a repeat by when the sender fills it (a reference,
// catalog.IsFilledKeyField), and a value other than "" is stored there.
func filledKey(fa *ssa.FieldAddr) bool {
	if f, name := fieldNames(fa); !catalog.IsFilledKeyField(cmp.Or(name, f)) {
		return false
	}
	for _, r := range *fa.Referrers() {
		if s, ok := r.(*ssa.Store); ok && s.Addr == fa && !valueflow.Zero(s.Val) {
			return true
		}
	}
	return false
}

// inJSON reports whether the field a FieldAddr selects is encoded: exported
// and not tagged "-".
func inJSON(fa *ssa.FieldAddr) bool {
	f, name := fieldNames(fa)
	return token.IsExported(f) && name != "-"
}

// fieldNames returns the Go name of the field a FieldAddr selects and
// its name in the JSON ("" when its tag gives none).
func fieldNames(fa *ssa.FieldAddr) (field, json string) {
	st := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	json, _, _ = strings.Cut(reflect.StructTag(st.Tag(fa.Field)).Get("json"), ",")
	return st.Field(fa.Field).Name(), json
}

// wrappedArg returns the argument that v, a call of a function the
// catalog lists (which), takes its content from: bytes.NewReader(b)'s b,
// json.Marshal(x)'s x. It returns nil for any other value.
func wrappedArg(v ssa.Value, which func(*types.Func) (int, bool)) ssa.Value {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil {
		return nil
	}
	i, ok := which(fn)
	if !ok || i >= len(call.Call.Args) {
		return nil
	}
	return call.Call.Args[i]
}

// hasBodyKeyField reports whether the struct under t's pointers has a
// field that carries an operation key, directly or in an embedded or
// nested struct.
func hasBodyKeyField(t types.Type, depth int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || depth > 2 {
		return false
	}
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		name, _, _ := strings.Cut(reflect.StructTag(s.Tag(i)).Get("json"), ",")
		if name == "-" || !f.Exported() && !f.Embedded() {
			continue // not in the JSON (an embedded struct's fields are, whatever its name)
		}
		// An embedded struct's fields are the body's; a struct field's
		// are an object of the body ({"request": {"order_id": ...}}),
		// which a receiver reads as well.
		if hasBodyKeyField(f.Type(), depth+1) || catalog.IsBodyKeyField(f.Name(), name) {
			return true
		}
	}
	return false
}

// mapKeyed reports whether v is a map the function makes with an entry,
// on every path, whose constant name is a dedup field or a reference
// (map[string]any{"order_reference": req.Reference}). An ID the map
// merely carries (order_id, beside a message's text) keys nothing.
func mapKeyed(v ssa.Value) bool {
	m, ok := v.(*ssa.MakeMap)
	if !ok {
		return false
	}
	for _, r := range *m.Referrers() {
		// An entry of the literal, not one set on some paths only
		// (if e.Reference != "" { body["reference"] = e.Reference }).
		if u, ok := r.(*ssa.MapUpdate); ok && u.Block() == m.Block() {
			if name, ok := stringConst(u.Key); ok && catalog.IsFilledKeyField(name) {
				return true
			}
		}
	}
	return false
}

// maxHelperDepth bounds how deep headerSlot follows a request into the
// package's functions that it is passed to.
const maxHelperDepth = 3

// headerSlot decides what the request's idempotency header holds,
// following it into the package's functions it is passed to: one that
// sets the header fills the slot, one that hands the request on to code
// the analysis cannot read leaves it unknown.
func headerSlot(req ssa.Value, external ssa.CallInstruction, headers []string) (SlotState, ssa.Value) {
	state, key, _ := headerSlotOpts(req, external, headers)
	return state, key
}

// headerSlotOpts is headerSlot, and also returns the parameter of the
// request's function whose options (func(*http.Request) values, in a
// loop over it: for _, o := range opts { o(req) }) are applied to the
// request when the slot is Unknown only because of them: whether one of
// them sets the header is the caller's to say.
func headerSlotOpts(req ssa.Value, external ssa.CallInstruction, headers []string) (SlotState, ssa.Value, *ssa.Parameter) {
	state, key := Absent, ssa.Value(nil)
	var opts *ssa.Parameter
	seen := map[ssa.Value]bool{}
	depth := 0
	var walkReq, walkHeader func(v ssa.Value) bool
	walkHeader = func(h ssa.Value) bool {
		for _, r := range *h.Referrers() {
			switch r := r.(type) {
			case ssa.CallInstruction:
				name, v, ok := headerCall(r, h)
				if !ok {
					return false
				}
				if name != nil && valueflow.IsHeaderName(name, headers) {
					state, key = Filled, v
				}
			case *ssa.MapUpdate:
				if valueflow.IsHeaderName(r.Key, headers) {
					state, key = Filled, r.Value
				}
			case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	walkReq = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				for _, u := range *r.Referrers() {
					switch u := u.(type) {
					case *ssa.UnOp:
						if fieldName(r) == "Header" && !walkHeader(u) || fieldName(r) == "Request" && !walkReq(u) {
							return false
						}
					case *ssa.Store:
						if fieldName(r) == "Header" || fieldName(r) == "Request" {
							return false // the header set is replaced: no proof
						}
					}
				}
			case *ssa.Store:
				if r.Val == v {
					return false
				}
			case ssa.CallInstruction:
				if r == external {
					continue
				}
				if params, ok := helperParams(r.Common(), v); ok {
					// A function of the package (c.sign(req), a
					// builder): what it does to its parameter counts.
					if depth++; depth > maxHelperDepth {
						return false
					}
					for _, p := range params {
						if !walkReq(p) {
							return false
						}
					}
					depth--
					continue
				}
				if p := AppliedOptions(r.Common().Value); p != nil && !r.Common().IsInvoke() && len(r.Common().Args) == 1 && p.Parent() == v.Parent() &&
					(opts == nil || opts == p) {
					opts = p // an option the caller gives, applied to it
					continue
				}
				fn := valueflow.Callee(r.Common())
				if fn == nil || !catalog.IsHTTPClient(fn) {
					return false // handed to code that may set the header
				}
			}
		}
		return true
	}
	if !walkReq(req) {
		return Unknown, nil, nil
	}
	if state != Filled && opts != nil {
		return Unknown, nil, opts
	}
	return state, key, nil
}

// noEffect reports whether a POST changes nothing a retry could repeat:
// it goes to an address that reads (an OAuth token, search or
// GraphQL-query endpoint, a last path segment that names a search or a
// trace, as /federalcriminalsearch and /ssntrace do, or one whose last
// path segment or custom
// method, as in /v1/addresses:validate, names a read: readActions),
// adds an address to a list that holds each address once (addsMember),
// or moves one resource to a state it stays in (endsResource), told from
// the constant end of the URL.
func noEffect(url ssa.Value) bool {
	s, ok := constSuffix(url)
	if !ok {
		return false
	}
	s = strings.ToLower(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSuffix(s, "/")
	last := s[strings.LastIndexAny(s, "/:")+1:]
	return strings.HasSuffix(s, "/token") || strings.Contains(s, "/oauth") || slices.ContainsFunc(strings.Split(s, "/"), searchSegment) ||
		strings.HasSuffix(last, "search") || len(last) > len("trace") && strings.HasSuffix(last, "trace") || strings.HasSuffix(s, "/graphql") || namesRead(last) || addsMember(url) || endsResource(url)
}

// searchSegment reports whether a path segment runs a search (search,
// search-items): not a collection of searches (/searches), to which a
// POST orders one, which a provider may bill.
func searchSegment(seg string) bool {
	rest, ok := strings.CutPrefix(seg, "search")
	return ok && rest != "es"
}

// capturedAddress returns what a function literal reads from a
// variable it captures (a path made with fmt.Sprintf and sent in
// retry.Do(func() error {...})), where the literal is made.
func capturedAddress(v ssa.Value) ssa.Value {
	if w := valueflow.CapturedValue(v); w != v {
		return valueflow.Unwrap(w)
	}
	return v
}

// namesRead reports whether a path segment names a read: a read action
// alone (validate) or as the last word of a compound (plate-lookups,
// address_validation), singular or plural.
func namesRead(seg string) bool {
	if readActions[seg] {
		return true
	}
	words := strings.FieldsFunc(seg, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	if len(words) == 0 {
		return false
	}
	w := words[len(words)-1]
	return readActions[w] || readActions[strings.TrimSuffix(w, "s")]
}

// ReadAddress reports whether a POST to url, a helper's argument at one
// of its calls, changes nothing a retry could repeat: a read's address
// (noEffect), or one of the program's own routes (OwnRoute).
func ReadAddress(url ssa.Value) bool {
	return noEffect(url) || OwnRoute(url)
}

// addsMember reports whether a POST adds members to one list: its path
// ends in a list's members (memberLists) under the list's computed ID
// (/addressbooks/{id}/emails). A top-level /emails sends mail.
func addsMember(url ssa.Value) bool {
	segs := pathSegments(url)
	n := len(segs)
	return n >= 3 && memberLists[strings.ToLower(segs[n-1])] && segs[n-2] == "" && segs[n-3] != ""
}

// endsResource reports whether a POST moves one resource to a state it
// stays in: its path ends in a final action (finalActions) under the
// resource's computed ID (/labels/{id}/void). The second request finds
// the label void already: it voids nothing again.
func endsResource(url ssa.Value) bool {
	segs := pathSegments(url)
	n := len(segs)
	return n >= 3 && finalActions[strings.ToLower(segs[n-1])] && segs[n-2] == "" && segs[n-3] != ""
}

// finalActions are last path segments of POST endpoints that move the
// resource they name to a state no request leaves: a voided label, a
// cancelled booking, a revoked key.
var finalActions = map[string]bool{
	"void": true, "cancel": true, "revoke": true, "archive": true, "deactivate": true, "disable": true,
}

// readActions are last path segments of POST endpoints that answer
// without changing state: validation, quotes and rates, estimates,
// previews, lookups.
var readActions = map[string]bool{
	"validate": true, "validation": true, "lookup": true, "query": true,
	"quote": true, "quotes": true, "rates": true, "estimate": true, "estimates": true,
	"preview": true, "calculate": true, "introspect": true,
	// A sanctions or fraud screening of a party: a lookup of lists.
	"screen": true, "screening": true,
	// An insurer's eligibility or a stock's availability: a question
	// about coverage or stock that books nothing.
	"eligibility": true, "availability": true,
	// An inquiry (an X12 270 or 278 sent as JSON) asks a payer what
	// it would do; it books nothing.
	"inquiry": true, "inquiries": true,
	// A check of what the request names (tickets:verify, a barcode's
	// validity). Not "verifications": a provider's verification is a
	// check it starts and bills, or a code it sends.
	"verify": true,
}

// memberLists are last path segments of a mailing list's or address
// book's members (POST /addressbooks/{id}/emails): the provider keys each
// member by its address, so a repeated add leaves the list as it was.
var memberLists = map[string]bool{
	"emails": true, "contacts": true, "subscribers": true, "members": true,
}

// OwnRoute reports whether a request's address is one of the program's
// own routes, built by its router (a mux route's URL, echo's Reverse):
// the handler it reaches is a root of its own, judged where it is
// served.
func OwnRoute(url ssa.Value) bool {
	v := routeOf(url)
	call, ok := v.(*ssa.Call)
	if ex, isEx := v.(*ssa.Extract); isEx && ex.Index == 0 {
		call, ok = ex.Tuple.(*ssa.Call)
	}
	if !ok {
		return false
	}
	fn := valueflow.Callee(&call.Call)
	return fn != nil && catalog.RouteURL(fn)
}

// routeOf returns what a request's address is made from: the *url.URL
// whose String it is, or the path after a base address.
func routeOf(url ssa.Value) ssa.Value {
	v := valueflow.Unwrap(url)
	if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD {
		return routeOf(b.Y)
	}
	if call, ok := v.(*ssa.Call); ok && len(call.Call.Args) == 1 {
		if fn := valueflow.Callee(&call.Call); fn != nil && fn.FullName() == "(*net/url.URL).String" {
			return valueflow.Unwrap(call.Call.Args[0])
		}
	}
	return v
}

// AddressParam returns the parameter of the function that makes an
// HTTP call which holds the call's whole address (a helper's url
// argument, or a *url.URL whose String it is), or -1: a caller that
// passes one of the program's own routes makes no effect.
func AddressParam(e *Call) int {
	if e.URL == nil {
		return -1
	}
	if p, ok := routeOf(e.URL).(*ssa.Parameter); ok {
		for i, q := range e.Instr.Parent().Params {
			if q == p {
				return i
			}
		}
	}
	return -1
}

// pathSegments returns the segments of the path of a URL built by
// concatenation (base + "/orders/" + id + "/insert"), a segment built
// with a value the code computes being empty. The part before the path
// (a scheme and host, or a base URL from configuration) is left out.
func pathSegments(url ssa.Value) []string {
	const hole = "\x00"
	var text func(v ssa.Value) string
	text = func(v ssa.Value) string {
		v = capturedAddress(v)
		if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD {
			return text(b.X) + text(b.Y)
		}
		if c, ok := stringConst(v); ok {
			return c
		}
		if f, ok := sprintfText(v, hole); ok {
			return f
		}
		return hole
	}
	s := text(url)
	if _, rest, ok := strings.Cut(s, "://"); ok {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return nil
		}
		s = rest[i+1:]
	} else if i := strings.IndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	} else {
		return nil
	}
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	segs := strings.Split(strings.Trim(s, "/"), "/")
	for i, seg := range segs {
		if strings.Contains(seg, hole) {
			segs[i] = ""
		}
	}
	return segs
}

// constSuffix returns the constant tail of a string: a constant, or the
// constant right operand of a concatenation.
func constSuffix(v ssa.Value) (string, bool) {
	switch v := capturedAddress(v).(type) {
	case *ssa.Const:
		return constArg(v)
	case *ssa.BinOp:
		if v.Op == token.ADD {
			return constSuffix(v.Y)
		}
	case *ssa.Call:
		const hole = "\x00"
		if f, ok := sprintfText(v, hole); ok {
			return f[strings.LastIndex(f, hole)+1:], true
		}
	}
	return "", false
}

// sprintfText returns the text fmt.Sprintf makes of a constant format,
// with each verb's value replaced by hole: "/addressbooks/%s/emails" is
// an address whose list ID the code computes.
func sprintfText(v ssa.Value, hole string) (string, bool) {
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) == 0 {
		return "", false
	}
	if fn := valueflow.Callee(&call.Call); fn == nil || fn.FullName() != "fmt.Sprintf" {
		return "", false
	}
	format, ok := stringConst(call.Call.Args[0])
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		// Flags, width and precision, up to the verb's letter.
		for i++; i < len(format) && !isLetter(format[i]); i++ {
		}
		b.WriteString(hole)
	}
	return b.String(), true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// builtRequest reads a call of a builder, a function of the package
// whose every return of the request is the one a NewRequest call in it
// makes: the request's method, address and body, from the builder's
// code, or from the call's arguments where the builder passes its
// parameters (the address's end, where it appends one to a base).
func builtRequest(ex *ssa.Extract, call *ssa.Call) (origin ssa.Value, method string, url, body ssa.Value) {
	made := builderMade(call)
	if made == nil {
		return nil, "", nil, nil
	}
	inner := made.(*ssa.Extract).Tuple.(*ssa.Call)
	i, _ := catalog.RequestMaker(valueflow.Callee(&inner.Call))
	args := inner.Call.Args
	if i+1 >= len(args) {
		return nil, "", nil, nil
	}
	m, ok := throughParam(call, args[i]).(*ssa.Const)
	if !ok || m.Value == nil || m.Value.Kind() != constant.String {
		return ex, "", nil, nil
	}
	if i+2 < len(args) {
		body = throughParam(call, args[i+2])
	}
	return ex, strings.ToUpper(constant.StringVal(m.Value)), throughParam(call, args[i+1]), body
}

// builderMade returns the request a builder called by call makes and
// returns on every path, as an Extract of its NewRequest call, or nil.
func builderMade(call *ssa.Call) ssa.Value {
	fn := call.Call.StaticCallee()
	if fn == nil || call.Call.IsInvoke() || len(fn.Blocks) == 0 || fn.Parent() != nil || len(fn.Params) != len(call.Call.Args) {
		return nil
	}
	var made ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		r := valueflow.Unwrap(ret.Results[0])
		if c, ok := r.(*ssa.Const); ok && c.IsNil() {
			continue // an error's return
		}
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 || made != nil && made != ex {
			return nil
		}
		inner, ok := ex.Tuple.(*ssa.Call)
		if !ok {
			return nil
		}
		if f := valueflow.Callee(&inner.Call); f == nil {
			return nil
		} else if _, ok := catalog.RequestMaker(f); !ok {
			return nil
		}
		made = ex
	}
	return made
}

// argFor returns the argument call passes for parameter i of its callee.
func argFor(call *ssa.Call, i int) ssa.Value {
	if i < 0 || i >= len(call.Call.Args) {
		return nil
	}
	return call.Call.Args[i]
}

// throughParam returns, for a value of a builder, the call's argument
// when the value is a parameter of the builder or ends with one (a base
// address and the path it is given); else the value.
func throughParam(call *ssa.Call, v ssa.Value) ssa.Value {
	fn := call.Call.StaticCallee()
	if v == nil || fn == nil {
		return v
	}
	param := func(v ssa.Value) (int, bool) {
		p, ok := valueflow.Unwrap(v).(*ssa.Parameter)
		if !ok || p.Parent() != fn {
			return 0, false
		}
		return slices.Index(fn.Params, p), true
	}
	if i, ok := param(v); ok {
		return argFor(call, i)
	}
	if w, ok := paramFieldArg(call, fn, v); ok && w != nil {
		return w
	}
	if bin, ok := v.(*ssa.BinOp); ok && bin.Op == token.ADD {
		if i, ok := param(bin.Y); ok {
			return argFor(call, i)
		}
		if w, ok := paramFieldArg(call, fn, bin.Y); ok && w != nil {
			return w
		}
	}
	return v
}

// paramFieldArg returns, for a field of a struct parameter of fn
// (r.method, r is the request description it is given), what call's
// argument, a struct built in place, stores in that field: the one
// value stored, or "" for a string field the literal leaves out (the
// zero value). ok is false when v is no such field, and the value nil
// when the argument's literal is not in sight or stores several.
func paramFieldArg(call *ssa.Call, fn *ssa.Function, v ssa.Value) (ssa.Value, bool) {
	p, field, ok := paramField(v)
	if !ok || p.Parent() != fn {
		return nil, false
	}
	arg := argFor(call, slices.Index(fn.Params, p))
	if arg == nil {
		return nil, true
	}
	stores, visible := valueflow.FieldStores(arg)
	if !visible {
		return nil, true
	}
	switch vs := stores[field]; {
	case len(vs) == 1:
		return vs[0], true
	case len(vs) == 0 && isString(v.Type()):
		return ssa.NewConst(constant.MakeString(""), v.Type()), true
	}
	return nil, true
}

// optionsSlot records, for a key slot that the options a helper is
// given as its parameter j fill at field, the caller's own options
// parameter that it hands on (Options): the caller's callers decide.
// The slot is unknown at the call either way: options made here may set
// the field.
func optionsSlot(calling *ssa.Call, j int, field string, call *Call) (SlotState, ssa.Value) {
	switch a := valueflow.Unwrap(argFor(calling, j)).(type) {
	case *ssa.Parameter:
		if a.Parent() == calling.Parent() {
			call.Options, call.OptionsField = a, field
		}
	case *ssa.Const:
		if a.IsNil() {
			return Absent, nil // no options at all: none sets the key
		}
	}
	return Unknown, nil
}

// builtHeader returns what a builder's request carries in its key header
// when the caller sets none: the key the builder sets from one of its
// parameters (if key != "" { req.Header.Set("Idempotency-Key", key) }),
// the caller's argument; Unknown for one it sets from elsewhere.
func builtHeader(origin ssa.Value, headers []string) (SlotState, ssa.Value) {
	ex, ok := origin.(*ssa.Extract)
	if !ok {
		return Absent, nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return Absent, nil
	}
	made := builderMade(call)
	if made == nil {
		return Absent, nil
	}
	state, key := headerSlot(made, nil, headers)
	if state != Filled {
		return state, nil
	}
	if p, ok := key.(*ssa.Parameter); ok && p.Parent() == call.Call.StaticCallee() {
		a := argFor(call, slices.Index(p.Parent().Params, p))
		if c, ok := a.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == "" {
			return Absent, nil // the caller gives no key
		}
		return Filled, a
	}
	return Unknown, nil
}

// describedRequest returns the external call that c makes, a call of a
// request sender of the program (catalog.RequestSender) given the
// method, address and headers of the request as values or fields of a
// struct it builds (httpx.Request{Method: "POST", URL: u, Header: h}):
// nil when the request changes nothing or its method is not known here.
func describedRequest(cat *catalog.Catalog, c ssa.CallInstruction, fn *types.Func, s catalog.RequestSender) *Call {
	given := func(p catalog.ParamField) ssa.Value {
		if p.Param < 0 {
			return nil
		}
		return FieldValue(arg(c, fn, p.Param), p.Field)
	}
	m, ok := given(s.Method).(*ssa.Const)
	if !ok || m.Value == nil || m.Value.Kind() != constant.String {
		return nil
	}
	method, url := strings.ToUpper(constant.StringVal(m.Value)), given(s.URL)
	if url == nil || method != "POST" && method != "PATCH" || noEffect(url) || cat.Serves(method, pathSegments(url)) || OwnRoute(url) {
		return nil
	}
	call := &Call{Instr: c, Fn: fn, Ext: catalog.External{What: "HTTP request", Slot: catalog.RequestHeader, Arg: s.Header.Param}, Method: method, URL: url, Body: given(s.Body)}
	call.State = Absent
	if s.Header.Param >= 0 {
		h := given(s.Header)
		switch {
		case h != nil:
			call.Carrier, call.HeaderMap, call.HeaderField = h, true, strings.TrimPrefix(s.Header.Field, ".")
			call.State, call.Key = mapHeader(h, c, cat.KeyHeaders())
			if made, ok := h.(*ssa.Call); ok {
				call.State, call.Key = helperHeader(made, call, cat.KeyHeaders())
			}
			if state, key, ok := pairHeaders(h, cat.KeyHeaders()); ok {
				call.State, call.Key = state, key
				if j, field, ok := OptionsField(c.Parent(), key); ok && state == Filled {
					// The key only the caller's options set
					// (WithIdempotencyKey): a caller that passes none
					// sends it empty.
					call.State, call.Key, call.Options, call.OptionsField = Unknown, nil, c.Parent().Params[j], field
				}
			}
		case !FieldUnset(arg(c, fn, s.Header.Param), s.Header.Field):
			return &Call{Instr: c, Fn: fn, Ext: call.Ext, Method: method, URL: url, State: Unknown}
		default:
			// A request described with no headers at all sends none:
			// its header field is the slot, which the literal lacks.
			call.HeaderMap, call.HeaderField = true, strings.TrimPrefix(s.Header.Field, ".")
		}
	}
	switch {
	case s.KeyOther:
		call.State, call.Key = Unknown, nil
	case s.Key.Param >= 0:
		call.State, call.Key = givenKey(given(s.Key))
	}
	if call.State == Absent && s.Options.Param >= 0 {
		call.State = passedRequestOptions(call, given(s.Options))
	}
	if call.State == Absent {
		if opts, field, ok := literalOptionsKey(call.Body); ok {
			// A body whose dedup field only the caller's options
			// set (ClientReference: o.clientReference): a caller that
			// passes none that sets it leaves it empty.
			call.State, call.Options, call.OptionsField = Unknown, opts, field
		} else if bodyKeyed(call.Body) {
			call.State = Unknown
		}
	}
	call.State = providerSlot(cat, call.State, url)
	return call
}

// literalOptionsKey returns, for a body that is a struct literal (or one
// a retry closure captures) whose field there only for the receiver to
// drop a repeat by is filled from a field of the options its function
// applies (OptionsField), the parameter of those options and the field.
func literalOptionsKey(body ssa.Value) (*ssa.Parameter, string, bool) {
	if body == nil {
		return nil, "", false
	}
	for _, fa := range literalDedupFields(valueflow.CapturedValue(body)) {
		for _, w := range *fa.Referrers() {
			st, ok := w.(*ssa.Store)
			if !ok || st.Addr != fa {
				continue
			}
			fn := fa.Parent()
			if j, field, ok := OptionsField(fn, st.Val); ok && j < len(fn.Params) {
				return fn.Params[j], field, true
			}
		}
	}
	return nil, "", false
}

// passedRequestOptions decides the key slot of a request that a sender
// applies the options opts to: none passed leave it Absent; the
// caller's own options, handed on (opts...), leave it to the caller's
// caller, which Call.Options names; others may set the header.
func passedRequestOptions(call *Call, opts ssa.Value) SlotState {
	switch v := valueflow.Unwrap(opts).(type) {
	case *ssa.Const:
		if v.IsNil() {
			return Absent
		}
	default:
		// The caller's own options, or those of the function that
		// makes the literal the call is in, which it captures (a retry
		// wrapper's operation: func() error { return c.api.Do(ctx,
		// ..., opts...) }).
		if p := ownOrCapturedParam(v, call.Instr.Parent()); p != nil {
			call.Options, call.OptionsField = p, "IdempotencyKey" // what a header option sets (OptionFields)
		}
	}
	return Unknown
}

// pairHeaders reads the headers a sender is given as a list of name and
// value pairs built in place (httpx.Header{Name: "Idempotency-Key",
// Value: key}, passed as variadic arguments): Filled with the value
// paired with a key header's name, Absent when every pair is named by
// another constant. ok is false for a list that is not such pairs.
func pairHeaders(list ssa.Value, headers []string) (SlotState, ssa.Value, bool) {
	sl, ok := list.(*ssa.Slice)
	if !ok {
		return Unknown, nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return Unknown, nil, false
	}
	state, key := Absent, ssa.Value(nil)
	for _, r := range *arr.Referrers() {
		if r == sl {
			continue
		}
		elem, ok := r.(*ssa.IndexAddr)
		if !ok {
			return Unknown, nil, false
		}
		pair, ok := headerPair(elem)
		if !ok {
			return Unknown, nil, false
		}
		switch {
		case valueflow.IsHeaderName(pair[0], headers):
			state, key = Filled, pair[1]
		case valueflow.IsHeaderName(pair[1], headers):
			state, key = Filled, pair[0]
		case !isStringConst(pair[0]) && !isStringConst(pair[1]):
			return Unknown, nil, false // a name not known here
		}
	}
	return state, key, true
}

// headerPair returns the values of the two string fields, set once,
// of the struct at elem, an element of a list of headers, in the order
// of the fields' names.
func headerPair(elem *ssa.IndexAddr) ([2]ssa.Value, bool) {
	fields := map[string][]ssa.Value{}
	for _, r := range *elem.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			name := valueflow.FieldName(r.X.Type(), r.Field)
			for _, u := range *r.Referrers() {
				if st, ok := u.(*ssa.Store); ok && st.Addr == r {
					fields[name] = append(fields[name], st.Val)
				}
			}
		case *ssa.Store:
			stores, ok := valueflow.FieldStores(r.Val)
			if !ok {
				return [2]ssa.Value{}, false
			}
			maps.Copy(fields, stores)
		}
	}
	names := slices.Sorted(maps.Keys(fields))
	if len(names) != 2 || len(fields[names[0]]) != 1 || len(fields[names[1]]) != 1 {
		return [2]ssa.Value{}, false
	}
	return [2]ssa.Value{fields[names[0]][0], fields[names[1]][0]}, true
}

// isStringConst reports whether v is a constant string.
func isStringConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String
}

// givenKey decides the key a request sender sets its header from, v
// the value the caller gives for it: nothing for an empty string, and
// unknown when the caller's value is not to be read here.
func givenKey(v ssa.Value) (SlotState, ssa.Value) {
	if v == nil {
		return Unknown, nil
	}
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == "" {
		return Absent, nil
	}
	return Filled, v
}
