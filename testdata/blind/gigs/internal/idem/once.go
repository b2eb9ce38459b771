// Package idem replays RPC responses for repeated client idempotency keys.
package idem

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
)

// KeyStore persists responses by key.
type KeyStore interface {
	Lookup(ctx context.Context, key string) ([]byte, bool, error)
	Save(ctx context.Context, key string, response []byte) error
}

// Scope namespaces keys per operation so two RPCs can't collide.
func Scope(op, key string) string { return op + ":" + key }

// Once returns the stored response for key if there is one; otherwise it
// runs fn and stores its response under key. An empty key disables replay.
func Once[T any](ctx context.Context, keys KeyStore, key string, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	if key == "" {
		return fn(ctx)
	}
	if body, ok, err := keys.Lookup(ctx, key); err != nil {
		return zero, fmt.Errorf("idem: lookup: %w", err)
	} else if ok {
		var out T
		if err := json.Unmarshal(body, &out); err != nil {
			return zero, fmt.Errorf("idem: decode stored response: %w", err)
		}
		return out, nil
	}

	out, err := fn(ctx)
	if err != nil {
		return zero, err
	}

	body, err := json.Marshal(out)
	if err != nil {
		return out, nil
	}
	if err := keys.Save(ctx, key, body); err != nil {
		// The operation itself succeeded; failing the call here would make
		// the client retry something that already happened.
		slog.WarnContext(ctx, "idem: could not store response", "key", key, "err", err)
	}
	return out, nil
}
