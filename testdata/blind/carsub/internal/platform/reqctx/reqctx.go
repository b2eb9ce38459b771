// Package reqctx carries per-request values (idempotency key, actor,
// request id) through context without coupling services to transports.
package reqctx

import "context"

type ctxKey int

const (
	idempotencyKey ctxKey = iota
	actorKey
	requestIDKey
)

// WithIdempotencyKey stores the caller-supplied idempotency key.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, idempotencyKey, key)
}

// IdempotencyKey returns the caller-supplied key or "".
func IdempotencyKey(ctx context.Context) string {
	v, _ := ctx.Value(idempotencyKey).(string)
	return v
}

// WithActor stores who is acting (admin user, service account).
func WithActor(ctx context.Context, actor string) context.Context {
	return context.WithValue(ctx, actorKey, actor)
}

// Actor returns the acting principal, "system" when unset.
func Actor(ctx context.Context) string {
	if v, ok := ctx.Value(actorKey).(string); ok && v != "" {
		return v
	}
	return "system"
}

// WithRequestID stores a correlation id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

// RequestID returns the correlation id or "".
func RequestID(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}
