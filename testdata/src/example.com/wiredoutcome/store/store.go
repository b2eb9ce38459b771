// Package store keeps stock and orders in PostgreSQL.
package store

import (
	"context"
	"database/sql"
)

// Stock keeps stock.
type Stock struct{}

// Take takes n of sku.
func (Stock) Take(ctx context.Context, tx *sql.Tx, sku string, n int) error {
	_, err := tx.ExecContext(ctx, "UPDATE stock SET qty = qty - $2 WHERE sku = $1", sku, n) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of stock \(it computes from the current value\) in store.Stock.Take is not idempotent \(HTTP handler Shop.CheckoutNoted\)`
	return err
}

// Orders keeps orders.
type Orders struct{ DB *sql.DB }

// Create records an order.
func (o *Orders) Create(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", id)
	return err
}

// SetToken stores the card's token of an order.
func (o *Orders) SetToken(ctx context.Context, id, token string) error {
	_, err := o.DB.ExecContext(ctx, "UPDATE orders SET card_token = $2 WHERE id = $1", id, token)
	return err
}

// SetNote notes an order.
func (o *Orders) SetNote(ctx context.Context, id, note string) error {
	_, err := o.DB.ExecContext(ctx, "UPDATE orders SET note = $2 WHERE id = $1", id, note)
	return err
}
