package catalog

import (
	"go/types"
	"sync"
)

// A module's own delivery type (an adapter's Delivery{MessageID:
// d.MessageId, ...}, handed to its handlers in place of the library's
// message) carries the key in the field its package fills with the
// library delivery's own ID, and only that. The package that fills it
// says so in a fact; a run declares the facts it reads here, so that a
// handler given the type has the key in scope as it would with the
// library's message.

// declaredKeyFields are the key fields of the module's delivery types,
// by the type's object.
var declaredKeyFields sync.Map // *types.TypeName -> string

// DeclareKeyField records that field of the struct type obj names holds
// the operation key of the delivery a value of the type was made from.
func DeclareKeyField(obj *types.TypeName, field string) { declaredKeyFields.Store(obj, field) }

// declaredKeyField returns the key field declared for t, or for the type
// t points to.
func declaredKeyField(t types.Type) (string, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", false
	}
	f, ok := declaredKeyFields.Load(n.Origin().Obj())
	if !ok {
		return "", false
	}
	return f.(string), true
}

// declaredKeySource is the key source of a type with a declared key
// field: the field, which a publisher may leave empty. Code builds such
// values only from deliveries, but a parameter is what the handler is
// given.
func declaredKeySource(t types.Type) (KeySource, bool) {
	f, ok := declaredKeyField(t)
	if !ok {
		return KeySource{}, false
	}
	return KeySource{Expr: "%[1]s." + f, MayBeEmpty: true, ParamOnly: true}, true
}
