package naturalkey

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/effects"
)

// fieldKey says what field i of a local struct holds: what was stored
// into the field, or the field of a whole struct stored into it (a struct
// parameter copied to a local, followed to the caller's literal).
func (c *checker) fieldKey(alloc *ssa.Alloc, i int, chain []ssa.CallInstruction, depth int) key {
	if depth > maxDepth {
		return key{}
	}
	var k key
	for _, v := range storedInto(alloc, i) {
		k = k.merge(c.keyOf(v, chain, depth+1))
	}
	k = k.merge(c.filledFrom(alloc, chain, depth))
	for _, r := range *alloc.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != alloc {
			continue
		}
		v := st.Val
		if p, ok := v.(*ssa.Parameter); ok {
			if arg := effects.CallerArg(p, chain); arg != nil {
				v = arg
			} else {
				k = k.merge(key{caller: true})
				continue
			}
		}
		if load, ok := v.(*ssa.UnOp); ok {
			if src, ok := load.X.(*ssa.Alloc); ok {
				k = k.merge(c.fieldKey(src, i, chain, depth+1))
				continue
			}
		}
		if fk, ok := c.constructedField(v, i, chain, depth); ok {
			k = k.merge(fk)
			continue
		}
		k = k.merge(c.keyOf(v, chain, depth+1))
	}
	return k
}

// constructedField says what field i of v holds when v is made by a
// constructor of this package (NewOrder(id, title)), reached directly or
// through parameters on the chain: the values every return stores in
// that field, the constructor's parameters read as the call's arguments.
// The whole result would be caller-known as soon as one argument is, so
// a fresh ID beside a title from the request would count as the caller's.
// ok is false when some return is not a struct the constructor fills.
func (c *checker) constructedField(v ssa.Value, i int, chain []ssa.CallInstruction, depth int) (key, bool) {
	v, depth = argumentOf(v, chain, depth)
	call, ok := v.(*ssa.Call)
	if !ok || !c.constructor(call.Call.StaticCallee()) {
		return key{}, false
	}
	inner := append(chain[:len(chain):len(chain)], call)
	var k key
	for _, alloc := range returnedStructs(call.Call.StaticCallee()) {
		if alloc == nil {
			return key{}, false
		}
		for _, w := range storedInto(alloc, i) {
			// A parameter stored as it is is the call's argument: read
			// it here, at no extra depth, as the whole call's would be.
			if p, ok := w.(*ssa.Parameter); ok {
				if arg := effects.CallerArg(p, []ssa.CallInstruction{call}); arg != nil {
					w = arg
				}
			}
			k = k.merge(c.keyOf(w, inner, depth+1))
		}
	}
	return k, true
}

// argumentOf follows a parameter of a function on the chain to the
// argument it is called with, as long as the value is a parameter; nil
// when the chain does not say or the depth runs out.
func argumentOf(v ssa.Value, chain []ssa.CallInstruction, depth int) (ssa.Value, int) {
	for ; depth <= maxDepth; depth++ {
		p, ok := v.(*ssa.Parameter)
		if !ok {
			return v, depth
		}
		if v = effects.CallerArg(p, chain); v == nil {
			return nil, depth
		}
	}
	return nil, depth
}

// constructor reports whether fn is a function of this package with a
// body and one result, whose returns can be read.
func (c *checker) constructor(fn *ssa.Function) bool {
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg == c.pass.Pkg && len(fn.Blocks) > 0 && fn.Signature.Results().Len() == 1
}

// returnedStructs returns, for each return of fn, the local struct it
// returns, by value or by pointer, when fn fills it field by field; nil
// for a return of anything else.
func returnedStructs(fn *ssa.Function) []*ssa.Alloc {
	var out []*ssa.Alloc
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		v := ret.Results[0]
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load.X
		}
		alloc, _ := v.(*ssa.Alloc)
		if alloc != nil && !filledByFields(alloc) {
			alloc = nil
		}
		out = append(out, alloc)
	}
	return out
}

// filledByFields reports whether a local struct is written only by
// stores into its fields: a whole struct copied into it, or the struct
// or a field's address handed to a call that may fill it (json.Unmarshal,
// Scan), would put in it values that the field stores do not show.
func filledByFields(alloc *ssa.Alloc) bool {
	for _, r := range *alloc.Referrers() {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if !onlyStoredAndLoaded(x) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.Return, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// onlyStoredAndLoaded reports whether an address is only stored to and
// loaded from.
func onlyStoredAndLoaded(addr ssa.Value) bool {
	for _, r := range *addr.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != addr {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// filledFrom says whether a local is filled by a call from data the
// caller knows: json.Unmarshal(t.Payload(), &p) makes p's fields the
// payload's.
func (c *checker) filledFrom(alloc *ssa.Alloc, chain []ssa.CallInstruction, depth int) key {
	users := []ssa.Value{alloc}
	for _, r := range *alloc.Referrers() {
		if mi, ok := r.(*ssa.MakeInterface); ok {
			users = append(users, mi)
		}
	}
	var k key
	for _, u := range users {
		for _, r := range *u.Referrers() {
			call, ok := r.(ssa.CallInstruction)
			if !ok {
				continue
			}
			for _, a := range call.Common().Args {
				if a != u {
					k = k.merge(key{caller: c.keyOf(a, chain, depth+1).caller})
				}
			}
		}
	}
	return k
}

// storedInto returns the values stored into field i of a local struct.
func storedInto(alloc *ssa.Alloc, i int) []ssa.Value {
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != i {
			continue
		}
		for _, u := range *fa.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == fa {
				out = append(out, st.Val)
			}
		}
	}
	return out
}
