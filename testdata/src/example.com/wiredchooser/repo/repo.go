// Package repo keeps keys and orders on the handle it is given.
package repo

import (
	"context"

	"example.com/wiredchooser/db"
)

// Keys keeps request keys.
type Keys struct{}

// Claim inserts the key once: it reports whether this call did.
func (Keys) Claim(ctx context.Context, q db.Querier, key string) (bool, error) {
	res, err := q.ExecContext(ctx, `INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Seen reports whether the key is recorded.
func (Keys) Seen(ctx context.Context, q db.Querier, key string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM idempotency_keys WHERE key = $1`, key).Scan(&n) // want `the key is checked outside the transaction of the effect \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.PlaceLoose\)`
	return n > 0, err
}

// Mark records the key.
func (Keys) Mark(ctx context.Context, q db.Querier, key string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO idempotency_keys (key) VALUES ($1)`, key) // want `the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.PlaceLoose\)`
	return err
}

// Orders keeps orders.
type Orders struct{}

// Insert adds an order.
func (Orders) Insert(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, id) // want `the INSERT into orders in repo.Orders.Insert has no conflict handling for the caller-known id \(HTTP handler Handler.PlaceLoose\)`
	return err
}
