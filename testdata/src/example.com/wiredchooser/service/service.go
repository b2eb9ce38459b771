// Package service places orders once per key, on the handle the
// runner's context chooses.
package service

import (
	"context"

	"example.com/wiredchooser/db"
)

// KeyStore keeps request keys.
type KeyStore interface {
	Claim(ctx context.Context, q db.Querier, key string) (bool, error)
	Seen(ctx context.Context, q db.Querier, key string) (bool, error)
	Mark(ctx context.Context, q db.Querier, key string) error
}

// OrderStore keeps orders.
type OrderStore interface {
	Insert(ctx context.Context, q db.Querier, id string) error
}

// Service places orders.
type Service struct {
	TX     *db.Runner
	Keys   KeyStore
	Orders OrderStore
}

// Place claims the key and inserts the order on the transaction the
// runner put in the context: they commit together.
func (s *Service) Place(ctx context.Context, key, id string) error {
	return s.TX.InTx(ctx, func(ctx context.Context) error {
		q := s.TX.Q(ctx)
		claimed, err := s.Keys.Claim(ctx, q, key)
		if err != nil || !claimed {
			return err
		}
		return s.Orders.Insert(ctx, q, id)
	})
}

// PlaceLoose checks the key on the request's context, which carries no
// transaction, inserts in one, and marks the key after it commits.
func (s *Service) PlaceLoose(ctx context.Context, key, id string) error {
	seen, err := s.Keys.Seen(ctx, s.TX.Q(ctx), key)
	if err != nil || seen {
		return err
	}
	if err := s.TX.InTx(ctx, func(ctx context.Context) error {
		return s.Orders.Insert(ctx, s.TX.Q(ctx), id)
	}); err != nil {
		return err
	}
	return s.Keys.Mark(ctx, s.TX.Q(ctx), key)
}
