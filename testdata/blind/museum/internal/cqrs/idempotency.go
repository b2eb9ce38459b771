package cqrs

import (
	"context"
	"time"
)

// Keyed is implemented by commands that carry a client idempotency key.
type Keyed interface {
	IdempotencyScope() string
	IdempotencyKey() string
	Outcome() *Result
}

// KeyStore remembers which client keys have already produced a resource.
type KeyStore interface {
	Lookup(ctx context.Context, scope, key string) (resourceID string, found bool, err error)
	Remember(ctx context.Context, scope, key, resourceID string) error
}

type idempotencyDecorator[C Keyed] struct {
	base  CommandHandler[C]
	store KeyStore
	ttl   time.Duration
}

// WithIdempotency replays the earlier result when a command arrives again
// with a key that has already been processed.
func WithIdempotency[C Keyed](h CommandHandler[C], store KeyStore) CommandHandler[C] {
	return idempotencyDecorator[C]{base: h, store: store, ttl: 24 * time.Hour}
}

func (d idempotencyDecorator[C]) Handle(ctx context.Context, cmd C) error {
	key := cmd.IdempotencyKey()
	if key == "" {
		return d.base.Handle(ctx, cmd)
	}
	id, found, err := d.store.Lookup(ctx, cmd.IdempotencyScope(), key)
	if err != nil {
		return err
	}
	if found {
		out := cmd.Outcome()
		if out != nil {
			out.ID = id
			out.Replayed = true
		}
		return nil
	}
	if err := d.base.Handle(ctx, cmd); err != nil {
		return err
	}
	var resourceID string
	if out := cmd.Outcome(); out != nil {
		resourceID = out.ID
	}
	return d.store.Remember(ctx, cmd.IdempotencyScope(), key, resourceID)
}
