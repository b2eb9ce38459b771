// Package app places orders past a claim of a concrete store of another
// package, in a transaction a helper of another package runs, and
// through a repository main wires.
package app

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/wiredidem/idem"
	"example.com/wiredidem/txn"
)

// An Order is placed once per key.
type Order struct{ ID, Item string }

// Orders stores orders.
type Orders interface {
	Insert(ctx context.Context, q txn.Querier, o Order) error
}

// Service places orders.
type Service struct {
	DB     *pgxpool.Pool
	Keys   *idem.Store
	Orders Orders
}

// Place makes the order's ID only when it claims the caller's key.
func (s *Service) Place(ctx context.Context, key string) error {
	_, err := txn.With(ctx, s.DB, func(q txn.Querier) (Order, error) {
		claim, err := s.Keys.Claim(ctx, q, key)
		if err != nil {
			return Order{}, err
		}
		if !claim.Fresh {
			return Order{ID: claim.Resource}, nil
		}
		o := Order{ID: uuid.NewString(), Item: "a"}
		return o, s.Orders.Insert(ctx, q, o)
	})
	return err
}

// PlaceLoose makes it on every attempt.
func (s *Service) PlaceLoose(ctx context.Context) error {
	_, err := txn.With(ctx, s.DB, func(q txn.Querier) (Order, error) {
		o := Order{ID: uuid.NewString(), Item: "a"} // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PlaceLoose\)`
		return o, s.Orders.Insert(ctx, q, o)
	})
	return err
}
