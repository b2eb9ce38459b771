// Package idem carries the caller's idempotency key through a request.
package idem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// MetadataKey is the gRPC metadata header clients send the key in.
const MetadataKey = "idempotency-key"

type ctxKey struct{}

// WithKey returns a context carrying key.
func WithKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, ctxKey{}, key)
}

// KeyFrom returns the key carried by ctx.
func KeyFrom(ctx context.Context) (string, bool) {
	k, ok := ctx.Value(ctxKey{}).(string)
	return k, ok && k != ""
}

// Hash fingerprints a request so a reused key with a different body can be
// told apart from a retry.
func Hash(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
