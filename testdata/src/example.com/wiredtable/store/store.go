// Package store keeps ledger entries in PostgreSQL.
package store

import (
	"context"
	"database/sql"
)

// Entries inserts ledger entries.
type Entries struct{ DB *sql.DB }

func (s *Entries) Insert(ctx context.Context, id, paymentID string, amount int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO ledger_entries (id, payment_id, amount) VALUES ($1, $2, $3)", id, paymentID, amount)
	return err
}

func (s *Entries) InsertOnce(ctx context.Context, id, paymentID string, amount int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO ledger_entries (id, payment_id, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", id, paymentID, amount)
	return err
}
