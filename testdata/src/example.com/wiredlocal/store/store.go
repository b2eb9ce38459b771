// Package store keeps swaps in PostgreSQL.
package store

import (
	"context"
	"database/sql"
)

// Swaps is the swaps' table.
type Swaps struct{ DB *sql.DB }

// InsertSwap adds a swap.
func (s *Swaps) InsertSwap(ctx context.Context, id, battery string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO swaps (id, battery) VALUES ($1, $2)`, id, battery)
	return err
}
