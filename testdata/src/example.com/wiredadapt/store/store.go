// Package store implements orders.Store.
package store

import (
	"context"
	"database/sql"
)

// Store is the orders database.
type Store struct{ DB *sql.DB }

// InsertOrder stores an order under the ID it is given.
func (s *Store) InsertOrder(ctx context.Context, id string, total int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	return err
}

// InsertRefund stores a refund under the ID it is given.
func (s *Store) InsertRefund(ctx context.Context, id, orderID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO refunds (id, order_id) VALUES ($1, $2)", id, orderID)
	return err
}
