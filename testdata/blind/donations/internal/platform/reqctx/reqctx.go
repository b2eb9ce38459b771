// Package reqctx carries request-scoped values (request id, actor) through
// context.Context.
package reqctx

import "context"

type key int

const (
	requestIDKey key = iota
	actorKey
)

// WithRequestID stores id on ctx.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

// RequestID returns the request id stored on ctx, or "".
func RequestID(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}

// WithActor stores the authenticated actor (staff email or API client).
func WithActor(ctx context.Context, actor string) context.Context {
	return context.WithValue(ctx, actorKey, actor)
}

// Actor returns the actor stored on ctx, or "system".
func Actor(ctx context.Context) string {
	if v, ok := ctx.Value(actorKey).(string); ok && v != "" {
		return v
	}
	return "system"
}
