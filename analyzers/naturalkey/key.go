package naturalkey

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
	"github.com/idemlint/idemlint/internal/effects"
	"github.com/idemlint/idemlint/internal/valueflow"
)

// maxDepth bounds the steps a value is walked back to its sources.
const maxDepth = 12

// key says what a value is, as far as retries are concerned: walked back
// to its sources (parameters, calls, fields, stores), a value is an
// operation key, fresh on every attempt, known to the caller, or none of
// these.
type key struct {
	what   string // an operation key: what it is
	fresh  bool   // made fresh on every attempt: freshid's concern
	caller bool   // comes from a parameter: known to the caller
	// answered is set when the value is what a call given the
	// caller's values answers (a lookup's row, or a provider's ID for
	// what it made): known only as far as the call repeats its answer.
	answered bool
}

func (k key) merge(o key) key {
	if k.what == "" {
		k.what = o.what
	}
	return key{what: k.what, fresh: k.fresh || o.fresh, caller: k.caller || o.caller, answered: k.answered || o.answered}
}

// keyOf walks a value back to its sources.
func (c *checker) keyOf(v ssa.Value, chain []ssa.CallInstruction, depth int) key {
	if v == nil || depth > maxDepth {
		return key{}
	}
	next := func(w ssa.Value) key { return c.keyOf(w, chain, depth+1) }
	if ex, ok := v.(*ssa.Extract); ok {
		if k, ok := c.localResult(ex.Tuple, ex.Index, chain, depth); ok && k.what != "" {
			return k
		}
	}
	if w := passedThrough(v); w != nil {
		return next(w)
	}
	switch x := v.(type) {
	case *ssa.Phi:
		var k key
		for _, e := range x.Edges {
			k = k.merge(next(e))
		}
		return k
	case *ssa.FieldAddr:
		return c.selectedKey(x.X, x.X.Type().Underlying().(*types.Pointer).Elem(), x.Field, chain, depth)
	case *ssa.Alloc:
		var k key
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				k = k.merge(next(st.Val))
			}
		}
		return k
	case *ssa.BinOp:
		return next(x.X).merge(next(x.Y))
	case *ssa.FreeVar:
		return next(effects.Binding(x))
	case *ssa.Field:
		return c.selectedKey(x.X, x.X.Type(), x.Field, chain, depth)
	case *ssa.Index:
		return next(x.X) // md.Get("idempotency-key")[0]
	case *ssa.IndexAddr:
		return next(x.X)
	case *ssa.Lookup:
		if valueflow.IsHeaderName(x.Index, c.cat.Config().Headers()) {
			// headers["Idempotency-Key"]: an API Gateway request's, a
			// call's metadata.
			return key{what: "request's idempotency key"}
		}
	case *ssa.Parameter:
		if arg := effects.CallerArg(x, chain); arg != nil {
			return next(arg)
		}
		return key{caller: true}
	case *ssa.Call:
		if k, ok := c.localResult(x, 0, chain, depth); ok && k.what != "" {
			return k // a helper that reads the key from the request
		}
		if k, ok := c.getterKey(x, chain, depth); ok {
			return k
		}
		return c.callKey(x, next)
	}
	return key{}
}

// passedThrough returns the operand of a value that holds what its
// operand holds (a conversion, an interface, a load, a result of a
// tuple), or nil: a key stays a key through them.
func passedThrough(v ssa.Value) ssa.Value {
	if w := valueflow.Converted(v); w != nil {
		return w
	}
	switch x := v.(type) {
	case *ssa.TypeAssert:
		return x.X
	case *ssa.Extract:
		return x.Tuple
	case *ssa.UnOp:
		return x.X
	}
	return nil
}

// selectedKey says what field i of base holds, the struct being
// structType: a delivery ID where the catalog names the field an
// operation key, else what the stores into a local struct or its
// constructor put in the field, else what base holds as a whole. Only an
// address (FieldAddr's base) can be a local struct.
func (c *checker) selectedKey(base ssa.Value, structType types.Type, i int, chain []ssa.CallInstruction, depth int) key {
	name := valueflow.FieldName(base.Type(), i)
	if c.cat.IsOpKeyField(structType, name) {
		return key{what: "delivery ID " + name}
	}
	if catalog.IsRequestKeyField(name) && c.keyOf(base, chain, depth+1).caller {
		// The key a request carries in a field of its own.
		return key{what: "request's " + name, caller: true}
	}
	if alloc, ok := base.(*ssa.Alloc); ok {
		return c.fieldKey(alloc, i, chain, depth+1)
	}
	if k, ok := c.constructedField(base, i, chain, depth+1); ok {
		return k
	}
	if k, ok := c.importedField(base, name, chain, depth+1); ok {
		return k
	}
	return c.keyOf(base, chain, depth+1)
}

// callKey says what a call's result is: an operation key (a task ID, the
// idempotency header), fresh, or derived from its arguments.
func (c *checker) callKey(call *ssa.Call, next func(ssa.Value) key) key {
	fn := valueflow.Callee(&call.Call)
	if fn == nil {
		return key{}
	}
	args := call.Call.Args
	switch {
	case c.cat.IsOpKeyMethod(fn):
		return key{what: "task ID"}
	case c.cat.IsReceive(fn):
		return key{caller: true} // a received delivery: its data is the sender's
	case valueflow.ReadsKeyHeader(c.cat, &call.Call):
		return key{what: "request's idempotency key"}
	}
	if _, ok := c.cat.Generator(fn); ok || c.freshResult(fn) {
		return key{fresh: true}
	}
	if call.Call.IsInvoke() && len(args) == 0 && dependency(call.Call.Value) {
		// A dependency's answer to no input (an injected generator's
		// New): nothing the caller sent.
		return key{}
	}
	if !c.cat.IsDeriver(fn) {
		// What a call reads from the request or message (r.PathValue,
		// c.Param, json.NewDecoder(r.Body)) is known to the caller as its
		// inputs are; and so is what the database returns for them.
		var k key
		if recv := receiver(call); recv != nil {
			k.caller = next(recv).caller
		}
		for _, a := range args {
			k.caller = k.caller || next(a).caller
		}
		k.answered = k.caller
		return k
	}
	var k key
	for _, a := range args {
		if sl, ok := a.(*ssa.Slice); ok {
			for _, e := range valueflow.SliceElems(sl) {
				k = k.merge(next(e))
			}
			continue
		}
		k = k.merge(next(a))
	}
	return k
}

// dependency reports whether v is an interface a method's receiver
// holds in a field (s.ids, an injected generator): what the program
// built the receiver with, not what a delivery carries.
func dependency(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	p, ok := fa.X.(*ssa.Parameter)
	if !ok {
		return false
	}
	fn := p.Parent()
	return fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p
}

// freshResult reports whether a function of another package returns,
// whole, a value fresh on every call (ids.NewUUID wraps uuid.NewString),
// by its summary.
func (c *checker) freshResult(fn *types.Func) bool {
	s := c.res.Imported(fn)
	return s != nil && slices.ContainsFunc(s.FreshResults, func(r valueflow.FreshResult) bool { return r.Result == 0 && r.Path == "" })
}

// receiver returns the receiver of a method call, or nil.
func receiver(call *ssa.Call) ssa.Value {
	if call.Call.IsInvoke() {
		return call.Call.Value
	}
	if callee := call.Call.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(call.Call.Args) > 0 {
		return call.Call.Args[0]
	}
	return nil
}

// getterKey says what a getter of another package returns: the field of
// its receiver (or of another parameter) that its summary says the
// result is (e.Ref() returns e.ref).
func (c *checker) getterKey(call *ssa.Call, chain []ssa.CallInstruction, depth int) (key, bool) {
	fn := valueflow.Callee(&call.Call)
	if fn == nil || call.Call.IsInvoke() {
		return key{}, false
	}
	s := c.res.Imported(fn)
	if s == nil {
		// A protobuf message's getter (GetIdempotencyKey), in a package
		// that has no summaries: the field it is named for.
		field, ok := strings.CutPrefix(fn.Name(), "Get")
		if sig := fn.Signature(); !ok || sig.Recv() == nil || sig.Params().Len() > 0 || len(call.Call.Args) != 1 {
			return key{}, false
		}
		return c.namedFieldKey(call.Call.Args[0], field, chain, depth)
	}
	for _, pr := range s.ParamResults {
		name, ok := strings.CutPrefix(pr.Path, ".")
		if pr.Result != 0 || pr.ResultPath != "" || !ok || strings.Contains(name, ".") || pr.Param >= len(call.Call.Args) {
			continue
		}
		if k, ok := c.namedFieldKey(call.Call.Args[pr.Param], name, chain, depth); ok {
			return k, true
		}
	}
	return key{}, false
}

// importedField says what field name of the result of a call of another
// package's constructor holds, by the constructor's summary: the
// argument (or the argument's field) it is set from.
func (c *checker) importedField(base ssa.Value, name string, chain []ssa.CallInstruction, depth int) (key, bool) {
	call, ok := base.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || depth > maxDepth {
		return key{}, false
	}
	fn := valueflow.Callee(&call.Call)
	if fn == nil {
		return key{}, false
	}
	s := c.res.Imported(fn)
	if s == nil {
		return key{}, false
	}
	for _, rf := range s.ResultFields {
		if rf.Result != 0 || rf.Path != "."+name || rf.Param >= len(call.Call.Args) {
			continue
		}
		arg := call.Call.Args[rf.Param]
		field, ok := strings.CutPrefix(rf.ParamPath, ".")
		switch {
		case rf.ParamPath == "":
			return c.keyOf(arg, chain, depth+1), true
		case ok && !strings.Contains(field, "."):
			if k, ok := c.namedFieldKey(arg, field, chain, depth); ok {
				return k, true
			}
		}
	}
	return key{}, false
}

// namedFieldKey says what field name of base (a struct, or a pointer to one)
// holds, when it has that field.
func (c *checker) namedFieldKey(base ssa.Value, name string, chain []ssa.CallInstruction, depth int) (key, bool) {
	t := base.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if i := fieldIndex(t, name); i >= 0 {
		return c.selectedKey(base, t, i, chain, depth+1), true
	}
	return key{}, false
}

// fieldIndex returns the index of the field name of struct type t, or -1.
func fieldIndex(t types.Type, name string) int {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

// localResult says what result i of a call of a function of the package
// holds, from the values its returns give it (a helper that reads the
// key from the request's metadata): the parameters among them are the
// call's arguments. ok is false for a call of any other function.
// Callers take only an operation key from it: what else a helper
// returns is judged by the call's inputs, as any call's.
func (c *checker) localResult(v ssa.Value, i int, chain []ssa.CallInstruction, depth int) (key, bool) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return key{}, false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || len(fn.Blocks) == 0 || i >= fn.Signature.Results().Len() {
		return key{}, false
	}
	chain = append(slices.Clip(chain), call)
	var k key
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			k = k.merge(c.keyOf(ret.Results[i], chain, depth+1))
		}
	}
	return k, true
}
