// Package store implements app.Store on PostgreSQL.
package store

import (
	"context"
	"database/sql"

	"example.com/replay/app"
)

// Store keeps invoices.
type Store struct{ DB *sql.DB }

// Insert stores the invoice once under its ID.
func (s *Store) Insert(ctx context.Context, inv app.Invoice) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO invoices (id, total) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", inv.ID, inv.Total)
	return err
}
