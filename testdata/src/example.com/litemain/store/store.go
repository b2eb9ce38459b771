// Package store implements app.Store.
package store

import (
	"context"
	"database/sql"
)

// Store keeps orders in PostgreSQL.
type Store struct{ DB *sql.DB }

func (s *Store) Insert(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}
