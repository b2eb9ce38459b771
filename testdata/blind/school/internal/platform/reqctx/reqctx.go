// Package reqctx carries request-scoped values through context.Context.
package reqctx

import "context"

type ctxKey int

const (
	keyIdempotency ctxKey = iota
	keyRequestID
	keyActor
)

// WithIdempotencyKey attaches the operation key that outbound partner
// clients forward as their Idempotency-Key header.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, keyIdempotency, key)
}

// IdempotencyKey returns the key set by WithIdempotencyKey, if any.
func IdempotencyKey(ctx context.Context) (string, bool) {
	v, ok := ctx.Value(keyIdempotency).(string)
	return v, ok && v != ""
}

// WithRequestID attaches the inbound request id used for logs and tracing.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, keyRequestID, id)
}

// RequestID returns the request id or "".
func RequestID(ctx context.Context) string {
	v, _ := ctx.Value(keyRequestID).(string)
	return v
}

// Actor identifies the authenticated staff member or system calling the API.
type Actor struct {
	ID   string
	Role string
}

// WithActor attaches the authenticated actor.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, keyActor, a)
}

// ActorFrom returns the actor or a system actor when none is set.
func ActorFrom(ctx context.Context) Actor {
	if a, ok := ctx.Value(keyActor).(Actor); ok {
		return a
	}
	return Actor{ID: "system", Role: "system"}
}
