// Package reqctx carries request-scoped values in a context.
package reqctx

import "context"

type ctxKey int

const (
	keyIdempotency ctxKey = iota
	keyRequestID
)

// WithIdempotencyKey returns ctx carrying the request's operation key.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, keyIdempotency, key)
}

// IdempotencyKey returns the key WithIdempotencyKey put in ctx.
func IdempotencyKey(ctx context.Context) (string, bool) {
	v, ok := ctx.Value(keyIdempotency).(string)
	return v, ok && v != ""
}

// WithRequestID returns ctx carrying the request's ID for logs.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, keyRequestID, id)
}

// RequestID returns the ID WithRequestID put in ctx, or "".
func RequestID(ctx context.Context) string {
	v, _ := ctx.Value(keyRequestID).(string)
	return v
}
