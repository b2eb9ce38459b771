package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

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
// option in the parameter it names can fill, setting the params'
// IdempotencyKey: a caller that passes no option that fills it leaves it
// empty, as it leaves a request field.
const OptionsPath = valueflow.OptionsPath + "IdempotencyKey"

// AppliedOptions returns the parameter, a slice of functions, that a
// function value called in a loop over it comes from (for _, o := range
// opts { o(p) }), or nil.
func AppliedOptions(v ssa.Value) *ssa.Parameter {
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

// OptionsField reports whether v, a value fn or a closure run by it
// reads, is a field of an options struct of fn that only the options
// given in one of its parameters set (var co callOptions; for _, o :=
// range opts { o(&co) }; ... co.idempotencyKey, or co := collect(opts)
// with collect a function of the package that does so): it returns the
// parameter's index and the field's name.
func OptionsField(fn *ssa.Function, v ssa.Value) (int, string, bool) {
	return optionsField(fn, v, false)
}

// OptionsFieldRead is OptionsField for a read of the field that a
// default set after it follows (if o.clientRef == "" { o.clientRef =
// ids.New() }): a store the read comes before on every path is not
// what the read sees.
func OptionsFieldRead(fn *ssa.Function, v ssa.Value) (int, string, bool) {
	return optionsField(fn, v, true)
}

func optionsField(fn *ssa.Function, v ssa.Value, laterStores bool) (int, string, bool) {
	load, ok := valueflow.Unwrap(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return 0, "", false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return 0, "", false
	}
	alloc := capturedAlloc(fn, fa.X)
	if alloc == nil {
		return 0, "", false
	}
	param := -1
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if r.Field == fa.Field && storedTo(r) && !(laterStores && storesAfter(r, load)) {
				return 0, "", false // a value of fn's own
			}
		case *ssa.Call:
			p := AppliedOptions(r.Call.Value)
			if p == nil || p.Parent() != fn || len(r.Call.Args) != 1 || r.Call.Args[0] != alloc {
				return 0, "", false
			}
			param = slices.Index(fn.Params, p)
		case *ssa.Store:
			if p := optionsOf(fn, r.Val); p != nil && r.Addr == alloc {
				// call := buildCall(opts), kept in a variable: what a
				// function of the package returns after applying them.
				param = slices.Index(fn.Params, p)
				continue
			}
			if r.Addr == alloc && literalLeaves(r.Val, fa.Field) {
				// o := callOptions{purpose: "SUPP"}: defaults for
				// other fields than the one read.
				continue
			}
			// o := callOptions{}: the zero value, as var o callOptions.
			if c, ok := r.Val.(*ssa.Const); !ok || r.Addr != alloc || !c.IsNil() && c.Value != nil {
				return 0, "", false
			}
		case *ssa.MakeClosure, *ssa.DebugRef, *ssa.UnOp:
		default:
			return 0, "", false
		}
	}
	if param < 0 {
		return 0, "", false
	}
	return param, fieldName(fa), true
}

// paramField reports whether v is a field of a struct a parameter
// points to (c.idempotencyKey, c the parameter): the parameter and the
// field's name.
func paramField(v ssa.Value) (*ssa.Parameter, string, bool) {
	if f, ok := valueflow.Unwrap(v).(*ssa.Field); ok {
		// A field of a struct parameter given by value (func (o
		// callOptions) apply(p *stripe.Params)).
		if p, ok := f.X.(*ssa.Parameter); ok {
			return p, valueflow.FieldName(f.X.Type(), f.Field), true
		}
		return nil, "", false
	}
	load, ok := valueflow.Unwrap(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, "", false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil, "", false
	}
	x := fa.X
	if fv, ok := x.(*ssa.FreeVar); ok && valueflow.Binding(fv) != nil {
		x = valueflow.Binding(fv) // the variable a literal of the function captures
	}
	if a, ok := x.(*ssa.Alloc); ok {
		if p := valueflow.CellParam(a); p != nil {
			x = p // a receiver given by value, kept in a variable
		}
	}
	p, ok := x.(*ssa.Parameter)
	if !ok {
		return nil, "", false
	}
	return p, fieldName(fa), true
}

// OptionsOf returns the index of the parameter of fn whose options alone
// set the options struct v is, or holds (optionsOf), or -1.
func OptionsOf(fn *ssa.Function, v ssa.Value) int {
	if p := optionsOf(fn, v); p != nil {
		return slices.Index(fn.Params, p)
	}
	return -1
}

// optionsOf returns the parameter of fn whose options alone set the
// options struct v points to: a struct fn applies them to, or one a
// function of the package returns after applying the options it is
// given to a struct it makes (cfg := collect(opts)). Nil otherwise.
func optionsOf(fn *ssa.Function, v ssa.Value) *ssa.Parameter {
	v = valueflow.Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // the struct passed by value (c.once(ctx, req, cfg))
	}
	if a, ok := v.(*ssa.Alloc); ok && a.Parent() == fn {
		return appliedTo(fn, a)
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Pkg != fn.Pkg || len(callee.Params) != len(call.Call.Args) {
		return nil
	}
	var given *ssa.Parameter
	for _, r := range valueflow.ReturnValues(callee) {
		r = valueflow.Unwrap(r)
		if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
			r = load.X // the struct returned by value (return o)
		}
		a, ok := r.(*ssa.Alloc)
		if !ok {
			return nil
		}
		p := appliedTo(callee, a)
		if p == nil || given != nil && p != given {
			return nil
		}
		given = p
	}
	if given == nil {
		return nil
	}
	arg, _ := call.Call.Args[slices.Index(callee.Params, given)].(*ssa.Parameter)
	if arg == nil || arg.Parent() != fn {
		return nil
	}
	return arg
}

// literalLeaves reports whether v is a struct literal's value that sets
// no value for field i.
func literalLeaves(v ssa.Value, i int) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *lit.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fa.Field == i && storedTo(fa) {
			return false
		}
	}
	return true
}

// HeldOptionsOf is OptionsOf for a value fn reads out of the variable
// it keeps the options struct in (heldOptions), when fn sets no field
// of it named field: the index of the parameter, or -1.
func HeldOptionsOf(fn *ssa.Function, v ssa.Value, field string) int {
	if p := heldOptions(fn, v, field); p != nil {
		return slices.Index(fn.Params, p)
	}
	return -1
}

// heldOptions is optionsOf for a value fn reads out of the variable it
// keeps the options struct in (cfg := collect(opts), its fields read
// in place): the variable's one store, when fn sets no field of it
// named field.
func heldOptions(fn *ssa.Function, v ssa.Value, field string) *ssa.Parameter {
	if p := optionsOf(fn, v); p != nil {
		return p
	}
	load, ok := valueflow.Unwrap(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	a, ok := load.X.(*ssa.Alloc)
	if !ok || a.Parent() != fn {
		return nil
	}
	for _, r := range *a.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && fieldName(fa) == field && storedTo(fa) {
			return nil
		}
	}
	if stored, once := valueflow.StoredOnce(a); once {
		return optionsOf(fn, stored)
	}
	return nil
}

// OptionsAppliedToResult returns the parameter of fn whose options fn
// applies to the struct it returns (m := Message{...}; for _, o :=
// range opts { o(&m) }; return m), or -1: what an option sets is then
// the result's field.
func OptionsAppliedToResult(fn *ssa.Function) int {
	param := -1
	for _, r := range valueflow.ReturnValues(fn) {
		r = valueflow.Unwrap(r)
		if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
			r = load.X // the struct returned by value
		}
		a, ok := r.(*ssa.Alloc)
		if !ok {
			return -1
		}
		p := slices.IndexFunc(fn.Params, func(q *ssa.Parameter) bool { return slices.Contains(valueflow.AppliedTo(q), a) })
		if p < 0 || param >= 0 && p != param {
			return -1
		}
		param = p
	}
	return param
}

// appliedTo returns the parameter of fn whose options fn applies to the
// struct a, when nothing else sets a field of it; nil otherwise.
func appliedTo(fn *ssa.Function, a *ssa.Alloc) *ssa.Parameter {
	var param *ssa.Parameter
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if storedTo(r) {
				return nil
			}
		case *ssa.Call:
			p := AppliedOptions(r.Call.Value)
			if p == nil || p.Parent() != fn || len(r.Call.Args) != 1 || r.Call.Args[0] != a || param != nil && p != param {
				return nil
			}
			param = p
		case *ssa.Return, *ssa.DebugRef, *ssa.UnOp, *ssa.MakeClosure:
		default:
			return nil
		}
	}
	return param
}

// capturedAlloc returns the variable of fn that v is: a local of fn, or
// the free variable of one of fn's closures that captures it.
func capturedAlloc(fn *ssa.Function, v ssa.Value) *ssa.Alloc {
	switch v := v.(type) {
	case *ssa.Alloc:
		if v.Parent() == fn {
			return v
		}
	case *ssa.FreeVar:
		if v.Parent().Parent() == fn {
			a, _ := valueflow.Binding(v).(*ssa.Alloc)
			return a
		}
	}
	return nil
}

// storedTo reports whether a store writes to the field address fa.
// storesAfter reports whether every store through fa comes after read
// on every path.
func storesAfter(fa *ssa.FieldAddr, read ssa.Instruction) bool {
	for _, r := range *fa.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == fa && (st.Parent() != read.Parent() || !Dominates(read, st)) {
			return false
		}
	}
	return true
}

func storedTo(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
			return true
		}
	}
	return false
}

// OptionFields returns the fields an option that fn makes sets: every
// function it returns takes a pointer to the params or options it
// changes and only sets their fields, or calls the params' setters
// (func(p *stripe.Params) { p.AddMetadata(k, v) } sets none; one that
// calls SetIdempotencyKey sets IdempotencyKey). ok is false when fn
// makes no such option.
func OptionFields(cat *catalog.Catalog, fn *ssa.Function) (fields []string, ok bool) {
	if fn.Signature.Results().Len() != 1 {
		return nil, false
	}
	if _, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Signature); !ok {
		return nil, false
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
		if lit == nil || len(lit.Params) == 0 {
			return nil, false
		}
		// An option of the request's header set itself (func(h
		// http.Header) { h.Set("Idempotency-Key", key) }), or of params.
		if p := lit.Params[0]; catalog.IsHeaderSet(p.Type()) && !headerSets(cat, p, &fields) || !catalog.IsHeaderSet(p.Type()) && !setsFields(cat, p, 0, &fields) {
			return nil, false
		}
	}
	return fields, returns > 0
}

// An OptionParam says an option maker's parameter Param sets Field.
type OptionParam struct {
	Param int
	Field string
}

// OptionParams returns, for an option maker (see OptionFields), the
// field of the params or options that each of its parameters sets
// (WithIdempotencyKey(key) returning func(o *callOptions) {
// o.idempotencyKey = key }: parameter 0 sets idempotencyKey), in the
// order of the parameters.
func OptionParams(fn *ssa.Function) []OptionParam {
	var out []OptionParam
	for i, p := range fn.Params {
		if f, ok := valueflow.OptionSet(p); ok {
			out = append(out, OptionParam{Param: i, Field: f})
		}
	}
	return out
}

// setsFields adds to fields those of the params p points to that are
// given values, and reports whether nothing else is done with them.
func setsFields(cat *catalog.Catalog, p ssa.Value, depth int, fields *[]string) bool {
	if depth > 3 {
		return false
	}
	for _, r := range *p.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			for _, fr := range *r.Referrers() {
				switch fr := fr.(type) {
				case *ssa.Store:
					if fr.Addr != r {
						return false
					}
					*fields = append(*fields, fieldName(r))
				case *ssa.FieldAddr:
					if !setsFields(cat, r, depth+1, fields) {
						return false
					}
				case *ssa.UnOp:
					if !loadSets(cat, fr, depth, fields) {
						return false
					}
				case *ssa.DebugRef:
				case ssa.CallInstruction: // a setter of an embedded Params: p.Params.AddMetadata
					if !setterCall(cat, fr, fields) {
						return false
					}
				default:
					return false
				}
			}
		case ssa.CallInstruction:
			if !setterCall(cat, r, fields) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// loadSets adds to fields what is set through a field an option loads:
// the request's headers (r.Header.Set("Idempotency-Key", k) sets
// IdempotencyKey; another header sets none of the key's), or the fields
// of the request a wrapper embeds (retryablehttp's *http.Request). It
// reports whether nothing else is done with the loaded value.
func loadSets(cat *catalog.Catalog, load *ssa.UnOp, depth int, fields *[]string) bool {
	if catalog.IsHeaderSet(load.Type()) {
		return headerSets(cat, load, fields)
	}
	if p, ok := load.Type().Underlying().(*types.Pointer); ok {
		if _, ok := p.Elem().Underlying().(*types.Struct); ok {
			return setsFields(cat, load, depth+1, fields)
		}
	}
	return true // a value read
}

// headerSets adds IdempotencyKey to fields when a header set h is given
// the key header (h.Set("Idempotency-Key", k)); another header sets none
// of the key's. It reports whether nothing else is done with h.
func headerSets(cat *catalog.Catalog, h ssa.Value, fields *[]string) bool {
	for _, r := range *h.Referrers() {
		switch r := r.(type) {
		case ssa.CallInstruction:
			name, _, ok := headerCall(r, h)
			if !ok {
				return false
			}
			switch {
			case name == nil:
			case valueflow.IsHeaderName(name, cat.KeyHeaders()):
				*fields = append(*fields, "IdempotencyKey")
			case !isConstString(name):
				// A header its maker's caller names (Header(name,
				// value)): the call of the maker says which.
				j := makerParam(name)
				if j < 0 {
					return false
				}
				*fields = append(*fields, NamedHeader(j))
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// namedHeaderPrefix starts an option's field that stands for the header
// its maker's parameter names (see NamedHeader).
const namedHeaderPrefix = "header named by p"

// NamedHeader is the field an option sets when it sets the header that
// its maker's parameter j names (httpx.Header(name, value)): which
// header that is, the maker's call says (PassedOptionFields).
func NamedHeader(j int) string { return namedHeaderPrefix + strconv.Itoa(j) }

// namedHeaderParam returns the parameter of NamedHeader's field f, or -1
// for another field.
func namedHeaderParam(f string) int {
	rest, ok := strings.CutPrefix(f, namedHeaderPrefix)
	if !ok {
		return -1
	}
	j, err := strconv.Atoi(rest)
	if err != nil {
		return -1
	}
	return j
}

// isConstString reports whether v is a constant string.
func isConstString(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String
}

// makerParam returns the index of the parameter of an option maker that
// an option's free variable v is bound to (func(r *http.Request) {
// r.Header.Set(name, value) } made in Header(name, value)), or -1.
func makerParam(v ssa.Value) int {
	x := v
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		x = load.X // a parameter the closure captures is a variable
	}
	fv, ok := x.(*ssa.FreeVar)
	if !ok {
		return -1
	}
	b := valueflow.Binding(fv)
	if a, ok := b.(*ssa.Alloc); ok && x != v {
		p := valueflow.CellParam(a) // the cell of a parameter the closure captures
		if p == nil {
			return -1
		}
		b = p
	}
	p, ok := b.(*ssa.Parameter)
	if !ok || p.Parent() != fv.Parent().Parent() {
		return -1
	}
	return slices.Index(p.Parent().Params, p)
}

// setterCall reports whether a call is one of stripe's params setters,
// and adds IdempotencyKey to fields when it is the key's.
func setterCall(cat *catalog.Catalog, c ssa.CallInstruction, fields *[]string) bool {
	callee := valueflow.Callee(c.Common())
	if callee == nil || !cat.IsStripeParamsSetter(callee) {
		return false
	}
	if catalog.IsParamsKeySetter(callee) {
		*fields = append(*fields, "IdempotencyKey")
	}
	return true
}

// PassedOptionFields returns the fields that the options v, the
// options a call passes, set: none when it passes none, those of each
// option made by a call of a function whose option fields are known.
// ok is false when an option may set fields it does not know. headers
// are the names of the key's header.
func PassedOptionFields(v ssa.Value, known func(*ssa.Function) ([]string, bool), headers []string) (fields []string, ok bool) {
	sl, ok := v.Type().Underlying().(*types.Slice)
	if !ok {
		return nil, false
	}
	if _, ok := sl.Elem().Underlying().(*types.Signature); !ok {
		return nil, false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return nil, v.IsNil()
	case *ssa.Slice:
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok {
			return nil, false
		}
		for _, r := range *alloc.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				if _, ok := r.(*ssa.Slice); ok {
					continue
				}
				return nil, false
			}
			for _, ir := range *ia.Referrers() {
				st, ok := ir.(*ssa.Store)
				if !ok || st.Addr != ia {
					return nil, false
				}
				call, ok := st.Val.(*ssa.Call)
				if !ok {
					return nil, false
				}
				fs, ok := CallOptionFields(call, known, headers)
				if !ok {
					return nil, false
				}
				fields = append(fields, fs...)
			}
		}
		return fields, true
	}
	return nil, false
}

// CallOptionFields returns the fields that the option call makes sets:
// those its maker's are known to set, with a header the maker's
// parameter names (NamedHeader) resolved by the call's constant
// argument: IdempotencyKey when it names one of headers, the key's, and
// none for another. ok is false when they are not known.
func CallOptionFields(call *ssa.Call, known func(*ssa.Function) ([]string, bool), headers []string) (fields []string, ok bool) {
	fn := call.Call.StaticCallee()
	if fn == nil {
		return nil, false
	}
	fs, ok := known(fn)
	if !ok {
		return nil, false
	}
	for _, f := range fs {
		j := namedHeaderParam(f)
		switch {
		case j < 0:
			fields = append(fields, f)
		case j >= len(call.Call.Args) || !isConstString(call.Call.Args[j]):
			return nil, false
		case valueflow.IsHeaderName(call.Call.Args[j], headers):
			fields = append(fields, "IdempotencyKey")
		}
	}
	return fields, true
}
