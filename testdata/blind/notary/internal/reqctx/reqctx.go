// Package reqctx carries per-request metadata through context.Context:
// the caller's identity and the Idempotency-Key the client sent. The echo
// middleware in this package populates both; services read them back with
// the accessors below so they never depend on echo.
package reqctx

import (
	"context"
)

type Role string

const (
	RoleSigner  Role = "signer"
	RoleNotary  Role = "notary"
	RoleAdmin   Role = "admin"
	RoleService Role = "service"
)

// Caller is the authenticated principal behind a request.
type Caller struct {
	Subject string
	Role    Role
	OrgID   string
}

func (c Caller) Is(roles ...Role) bool {
	for _, r := range roles {
		if c.Role == r {
			return true
		}
	}
	return false
}

type ctxKey int

const (
	callerKey ctxKey = iota
	idempotencyKey
	requestIDKey
)

func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey, c)
}

// CallerFrom returns the caller stored on ctx, if any.
func CallerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey).(Caller)
	return c, ok
}

// MustCaller is for code paths that only run behind the auth middleware.
func MustCaller(ctx context.Context) Caller {
	c, ok := CallerFrom(ctx)
	if !ok {
		panic("reqctx: no caller on context; route is missing auth middleware")
	}
	return c
}

func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	if key == "" {
		return ctx
	}
	return context.WithValue(ctx, idempotencyKey, key)
}

// IdempotencyKey returns the client-supplied Idempotency-Key header value.
func IdempotencyKey(ctx context.Context) (string, bool) {
	k, ok := ctx.Value(idempotencyKey).(string)
	return k, ok && k != ""
}

func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}
