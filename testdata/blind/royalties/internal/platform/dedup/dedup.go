// Package dedup runs a piece of work at most once per key.
package dedup

import (
	"context"
	"fmt"
)

// Claimer records a key and reports whether this caller was first.
type Claimer interface {
	Claim(ctx context.Context, key string) (bool, error)
}

// ClaimFunc adapts a function to Claimer.
type ClaimFunc func(ctx context.Context, key string) (bool, error)

// Claim implements Claimer.
func (f ClaimFunc) Claim(ctx context.Context, key string) (bool, error) { return f(ctx, key) }

// Once claims key and, if the claim is new, runs fn. It returns
// (false, nil) when the key had already been claimed.
func Once(ctx context.Context, c Claimer, key string, fn func(ctx context.Context) error) (bool, error) {
	first, err := c.Claim(ctx, key)
	if err != nil {
		return false, fmt.Errorf("dedup: claim %q: %w", key, err)
	}
	if !first {
		return false, nil
	}
	return true, fn(ctx)
}
