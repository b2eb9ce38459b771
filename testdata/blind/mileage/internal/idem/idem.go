// Package idem carries the caller's Idempotency-Key through a request.
package idem

import (
	"context"
	"strings"
)

type keyCtx struct{}

// HeaderName is the request header members' apps send.
const HeaderName = "Idempotency-Key"

// MaxKeyLen bounds accepted keys.
const MaxKeyLen = 128

// WithKey returns ctx carrying key.
func WithKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, keyCtx{}, key)
}

// KeyFrom returns the key carried by ctx, if any.
func KeyFrom(ctx context.Context) (string, bool) {
	k, ok := ctx.Value(keyCtx{}).(string)
	return k, ok && k != ""
}

// Normalize trims a header value and rejects unusable keys.
func Normalize(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > MaxKeyLen {
		return "", false
	}
	return v, true
}
