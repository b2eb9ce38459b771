// Package pg implements orders.Store.
package pg

import (
	"context"
	"database/sql"
)

// Store keeps orders in PostgreSQL.
type Store struct{ DB *sql.DB }

func (s *Store) InsertOrder(ctx context.Context, id string, total int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	return err
}

func (s *Store) InsertShipment(ctx context.Context, id, order string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO shipments (id, order_id) VALUES ($1, $2)", id, order)
	return err
}
