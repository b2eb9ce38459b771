// Package reqctx carries per-request values that middleware extracts from the
// incoming HTTP request and that services further down need to read: the
// request ID for logs and outbound calls, the client's Idempotency-Key, and
// the authenticated principal.
package reqctx

import "context"

type requestIDKey struct{}

type idempotencyKey struct{}

type principalKey struct{}

// Role is what an authenticated caller is allowed to act as.
type Role string

const (
	RoleRider      Role = "rider"
	RoleTechnician Role = "technician"
	RoleOps        Role = "ops"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	Subject string
	Role    Role
}

// WithRequestID returns a copy of ctx carrying the request ID.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestIDFrom returns the request ID, or "" outside a request.
func RequestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// WithIdempotencyKey returns a copy of ctx carrying the client's
// Idempotency-Key header value.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, idempotencyKey{}, key)
}

// IdempotencyKeyFrom returns the client's Idempotency-Key and whether the
// client sent one.
func IdempotencyKeyFrom(ctx context.Context) (string, bool) {
	key, ok := ctx.Value(idempotencyKey{}).(string)
	return key, ok && key != ""
}

// WithPrincipal returns a copy of ctx carrying the authenticated caller.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the authenticated caller, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}
