// Package dedup skips queue messages that were already handled. Queue
// consumers wrap their handlers with Once, keyed on the producer's message
// id, so a redelivered message is acknowledged without being applied again.
package dedup

import (
	"context"
	"fmt"
)

// Store remembers handled keys.
type Store interface {
	Seen(ctx context.Context, key string) (bool, error)
	MarkSeen(ctx context.Context, key, kind string) error
}

// Once runs fn unless key has been handled, then remembers key.
func Once(ctx context.Context, st Store, key, kind string, fn func(ctx context.Context) error) error {
	seen, err := st.Seen(ctx, key)
	if err != nil {
		return fmt.Errorf("dedup: lookup %s: %w", key, err)
	}
	if seen {
		return nil
	}
	if err := fn(ctx); err != nil {
		return err
	}
	if err := st.MarkSeen(ctx, key, kind); err != nil {
		return fmt.Errorf("dedup: remember %s: %w", key, err)
	}
	return nil
}
