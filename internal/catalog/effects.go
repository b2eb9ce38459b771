package catalog

import (
	"go/types"
	"strings"
)

// External calls, as data: calls whose effect lives outside the local
// database, and where each carries its idempotency key.

// SlotKind says how an external call carries its idempotency key.
type SlotKind int

const (
	NoSlot        SlotKind = iota // the provider has no key mechanism
	ParamsKey                     // stripe: Params.IdempotencyKey or SetIdempotencyKey
	InputField                    // a field of the input struct (AWS, gRPC requests)
	RequestHeader                 // an HTTP request's Idempotency-Key header
	PubOption                     // a publish option (NATS MsgId)
	ArgKey                        // the argument itself (configured functions)
)

// An External is a call whose effect lives outside the local database.
type External struct {
	What string // "Stripe PaymentIntent create", for messages
	// Notification marks a repeat that is a nuisance, not a second
	// charge: intentfirst does not apply, missingkey only with a slot.
	Notification bool
	Slot         SlotKind
	Arg          int      // the argument that carries the slot, without the receiver
	Fields       []string // InputField: the fields that hold the key
	// Method is the HTTP method of a call that fixes it (http.Post);
	// empty when it comes from the request.
	Method string
	// FIFOOnly: the slot exists only for FIFO queues and topics.
	FIFOOnly bool
}

// External reports whether fn is an external call: by the tables, the
// configuration, and three rules that cover whole APIs: stripe-go v82
// client services (Create of any V1 service), AWS SDK v2
// client methods whose input has a client-token field, and generated gRPC
// client stubs whose method names start with a mutating verb.
func (c *Catalog) External(fn *types.Func) (External, bool) {
	if e, ok := lookup(externals, fn); ok {
		return e, true
	}
	if e, ok := get(c.externals, fn); ok {
		return e, true
	}
	if e, ok := c.forwarder(fn); ok {
		return e, true
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || fn.Pkg() == nil {
		return External{}, false
	}
	path := fn.Pkg().Path()
	switch {
	case strings.HasPrefix(path, stripeModule+"/v8"):
		return stripeService(fn, sig)
	case strings.HasPrefix(path, "github.com/aws/aws-sdk-go-v2/service/"):
		return awsTokenCall(fn, sig)
	}
	return grpcStub(fn, sig)
}

// stripeEphemeral are the stripe services whose Create makes only a
// short-lived thing for a client to use (an onboarding or dashboard
// link, a session or key for a front end): a second one, made by a
// retry, is harmless.
var stripeEphemeral = map[string]bool{
	"AccountLink": true, "AccountSession": true, "LoginLink": true, "EphemeralKey": true,
}

// stripeService recognises the v82 client's service methods:
// sc.V1PaymentIntents.Create(ctx, params).
func stripeService(fn *types.Func, sig *types.Signature) (External, bool) {
	n := sig.Params().Len()
	if fn.Name() != "Create" { // not Confirm or Capture: see stripeOps
		return External{}, false
	}
	if n < 2 || TypeKey(sig.Params().At(0).Type()) != "context.Context" {
		return External{}, false
	}
	recv := strings.TrimPrefix(TypeKey(sig.Recv().Type()), "*")
	service := strings.TrimSuffix(strings.TrimPrefix(recv[strings.LastIndex(recv, ".")+1:], "v1"), "Service")
	if stripeEphemeral[service] {
		return External{}, false
	}
	return External{What: "Stripe " + service + " " + strings.ToLower(fn.Name()), Slot: ParamsKey, Arg: n - 1}, true
}

// awsTokenCall recognises AWS SDK v2 calls whose input has a token field.
func awsTokenCall(fn *types.Func, sig *types.Signature) (External, bool) {
	if sig.Params().Len() < 2 || !strings.HasSuffix(TypeKey(sig.Recv().Type()), ".Client") {
		return External{}, false
	}
	var fields []string
	for _, f := range awsTokenFields {
		if hasField(sig.Params().At(1).Type(), f) {
			fields = append(fields, f)
		}
	}
	if fields == nil {
		return External{}, false
	}
	svc := fn.Pkg().Name()
	return External{What: strings.ToUpper(svc[:1]) + svc[1:] + " " + fn.Name(), Slot: InputField, Arg: 1, Fields: fields}, true
}

// grpcStub recognises a generated gRPC client method with a mutating
// name: a method of a <Service>Client interface shaped (ctx, *Req,
// ...grpc.CallOption) (*Resp, error).
func grpcStub(fn *types.Func, sig *types.Signature) (External, bool) {
	if !types.IsInterface(sig.Recv().Type()) || !strings.HasSuffix(TypeKey(sig.Recv().Type()), "Client") ||
		sig.Params().Len() != 3 || !sig.Variadic() || TypeKey(sig.Params().At(2).Type()) != "[]google.golang.org/grpc.CallOption" {
		return External{}, false
	}
	mutating := false
	for _, verb := range mutatingVerbs {
		if strings.HasPrefix(fn.Name(), verb) {
			mutating = true
		}
	}
	if !mutating {
		return External{}, false
	}
	e := External{What: "gRPC " + fn.Name(), Arg: 1}
	for _, f := range grpcKeyFields {
		if hasField(sig.Params().At(1).Type(), f) {
			e.Slot, e.Fields = InputField, append(e.Fields, f)
		}
	}
	return e, true
}

// hasField reports whether t (a struct or pointer to one) has the field.
func hasField(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	_, ok := obj.(*types.Var)
	return ok
}

// IsPubOption reports whether fn makes a publish option carrying a
// message ID.
func (c *Catalog) IsPubOption(fn *types.Func) bool { return has(pubOptions, fn) }

// IsStripeParamsSetter reports whether fn is a method of a stripe-go
// params type (AddMetadata, AddExpand...): passing params to one does not
// let them escape, and only SetIdempotencyKey sets the key.
func (c *Catalog) IsStripeParamsSetter(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && fn.Pkg() != nil && isStripe(fn.Pkg().Path()) &&
		strings.HasSuffix(TypeKey(sig.Recv().Type()), "Params")
}

// IsParamsKeySetter reports whether fn sets the idempotency key of a
// stripe-go params value (SetIdempotencyKey).
func IsParamsKeySetter(fn *types.Func) bool {
	return fn.Pkg() != nil && isStripe(fn.Pkg().Path()) && fn.Name() == paramsKeySetter
}
