// Package kit has small generic helpers used across the module.
package kit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"time"
)

// GroupBy buckets in by key, preserving order within each bucket.
func GroupBy[T any, K comparable](in []T, key func(T) K) map[K][]T {
	out := make(map[K][]T)
	for _, v := range in {
		k := key(v)
		out[k] = append(out[k], v)
	}
	return out
}

// Ptr returns a pointer to a copy of v.
func Ptr[T any](v T) *T { return &v }

// Deref returns *p, or the zero value when p is nil.
func Deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// Coalesce returns the first non-zero value.
func Coalesce[T comparable](vals ...T) T {
	var zero T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}

// Backoff configures Retry.
type Backoff struct {
	Attempts int
	Initial  time.Duration
	Max      time.Duration
}

// DefaultBackoff is what the provider clients use unless told otherwise.
var DefaultBackoff = Backoff{Attempts: 3, Initial: 200 * time.Millisecond, Max: 2 * time.Second}

// Retry calls fn until it succeeds, returns an error retryable rejects, the
// attempts run out, or ctx is done. Delays grow exponentially with jitter.
func Retry[T any](ctx context.Context, b Backoff, retryable func(error) bool, fn func(ctx context.Context) (T, error)) (T, error) {
	var (
		out T
		err error
	)
	delay := b.Initial
	for attempt := 1; ; attempt++ {
		out, err = fn(ctx)
		if err == nil || attempt >= b.Attempts || !retryable(err) {
			return out, err
		}
		jittered := delay/2 + time.Duration(rand.Int64N(int64(delay)/2+1))
		select {
		case <-ctx.Done():
			return out, ctx.Err()
		case <-time.After(jittered):
		}
		delay = min(delay*2, b.Max)
	}
}

// Fingerprint hashes the JSON encoding of v. It is used to detect an
// Idempotency-Key being reused with a different request body.
func Fingerprint(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
