// Package store keeps keys and orders in PostgreSQL.
package store

import (
	"context"
	"database/sql"

	"github.com/stripe/stripe-go/v82"

	"example.com/wiredclaim/app"
)

// Keys claims a key and reads its row back, locked, in the caller's
// transaction.
type Keys struct{}

func (Keys) Claim(ctx context.Context, tx *sql.Tx, key string) (app.KeyRow, error) {
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key); err != nil {
		return app.KeyRow{}, err
	}
	var row app.KeyRow
	err := tx.QueryRowContext(ctx, "SELECT key, order_id FROM idempotency_keys WHERE key = $1 FOR UPDATE", key).Scan(&row.Key, &row.OrderID)
	return row, err
}

func (Keys) Attach(ctx context.Context, tx *sql.Tx, key, orderID string) error {
	_, err := tx.ExecContext(ctx, "UPDATE idempotency_keys SET order_id = $2 WHERE key = $1", key, orderID)
	return err
}

// TryClaim claims a key in the caller's transaction.
func (Keys) TryClaim(ctx context.Context, tx *sql.Tx, key string) (bool, error) {
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PoolKeys claims keys on the pool.
type PoolKeys struct{ DB *sql.DB }

func (k PoolKeys) Claim(ctx context.Context, key string) (bool, error) {
	res, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler BookHandler.BookClaimed\)`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Orders inserts orders in the caller's transaction.
type Orders struct{}

func (Orders) Insert(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}

// Cards charges through Stripe under the key it is given.
type Cards struct{ SC *stripe.Client }

func (c Cards) Charge(ctx context.Context, amount int64, key string) error {
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(key)
	_, err := c.SC.V1PaymentIntents.Create(ctx, params)
	return err
}
