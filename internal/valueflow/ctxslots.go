package valueflow

import (
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/catalog"
)

// A context slot is the key under which a module keeps a value in a
// context (context.WithValue(ctx, idemKey{}, key)), named so that it
// reads the same in every package: the key's type and constant value
// (an unexported struct type's zero value, an iota of a key type), or
// the package variable that holds it.

// ContextAccessor is an object fact on a package-level function of the
// module that returns, as its first result, the string its only
// parameter, a context, holds in Slot (func KeyFrom(ctx) (string, bool)
// { k, ok := ctx.Value(ctxKey{}).(string); return k, ok && k != "" }),
// or "". Comma says it returns a second result.
type ContextAccessor struct {
	Slot  string
	Comma bool
}

// AFact marks ContextAccessor as an analysis fact.
func (*ContextAccessor) AFact() {}

func (f *ContextAccessor) String() string { return "contextaccessor(" + f.Slot + ")" }

// ContextSetter is an object fact on a package-level function of the
// module that returns its context parameter with parameter Param stored
// in Slot (func WithKey(ctx, key string) context.Context).
type ContextSetter struct {
	Slot  string
	Param int
}

// AFact marks ContextSetter as an analysis fact.
func (*ContextSetter) AFact() {}

func (f *ContextSetter) String() string { return "contextsetter(" + f.Slot + ")" }

// KeyedSlots is a package fact: the context slots that the package's
// code fills with the operation key a request carries (its
// Idempotency-Key header, or a gRPC call's metadata entry), directly or
// through a setter: a middleware that hands the key down to services.
// Accessors are the functions that read those slots, of the package and
// of those it imports: a package below the middleware need not import
// the accessor's package to be given the fix that calls it.
type KeyedSlots struct {
	Slots     []string
	Accessors []SlotAccessor
}

// A SlotAccessor is a function (Pkg, its path, and Name) that reads a
// keyed slot (ContextAccessor).
type SlotAccessor struct {
	Pkg, PkgName, Name string
	Comma              bool
}

// AFact marks KeyedSlots as an analysis fact.
func (*KeyedSlots) AFact() {}

func (f *KeyedSlots) String() string { return "keyedslots" }

// contextAccessors are the accessors a run has read or found, by the
// function's object: what the fallback a fix writes over one reads.
var contextAccessors sync.Map // *types.Func -> *ContextAccessor

// DeclareContextAccessor records a ContextAccessor fact read or made by
// a run.
func DeclareContextAccessor(fn *types.Func, a *ContextAccessor) { contextAccessors.Store(fn, a) }

// contextAccessorOf returns the accessor fact declared for fn, or nil.
func contextAccessorOf(fn *types.Func) *ContextAccessor {
	if a, ok := contextAccessors.Load(fn); ok {
		return a.(*ContextAccessor)
	}
	return nil
}

// ContextSlot names the slot that v, the key handed to
// context.WithValue or Context.Value, stands for.
func ContextSlot(v ssa.Value) (string, bool) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	switch x := v.(type) {
	case *ssa.Const:
		t := types.TypeString(x.Type(), nil)
		if x.Value == nil {
			return t + "{}", true
		}
		return t + "=" + x.Value.ExactString(), true
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL && g.Object() != nil {
			return "var " + g.Pkg.Pkg.Path() + "." + g.Name(), true
		}
	}
	return "", false
}

// ContextValueCall reports whether call stores (context.WithValue) or
// reads (Context.Value) a value of a context, and returns the slot and,
// for a store, the value.
func ContextValueCall(call *ssa.CallCommon) (slot string, value ssa.Value, store, ok bool) {
	if call.IsInvoke() {
		if call.Method.Name() != "Value" || catalog.TypeKey(call.Value.Type()) != "context.Context" || len(call.Args) != 1 {
			return "", nil, false, false
		}
		slot, ok = ContextSlot(call.Args[0])
		return slot, nil, false, ok
	}
	fn := call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "context" || fn.Name() != "WithValue" || len(call.Args) != 3 {
		return "", nil, false, false
	}
	slot, ok = ContextSlot(call.Args[1])
	value = call.Args[2]
	if mi, isIface := value.(*ssa.MakeInterface); isIface {
		value = mi.X
	}
	return slot, value, true, ok
}

// readsAccessor reports whether cc calls a function of the program
// that reads a string a context holds (ContextAccessor).
func readsAccessor(cc *ssa.CallCommon) bool {
	fn, ok := cc.Value.(*ssa.Function)
	if !ok || cc.IsInvoke() {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && contextAccessorOf(obj) != nil
}

// firstResultOf returns the call whose result, or first result, v is.
func firstResultOf(v ssa.Value) *ssa.Call {
	if ext, ok := v.(*ssa.Extract); ok && ext.Index == 0 {
		v = ext.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}
