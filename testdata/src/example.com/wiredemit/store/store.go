// Package store keeps the outbox in Postgres.
package store

import (
	"context"
	"database/sql"
)

// Store is the outbox.
type Store struct{ DB *sql.DB }

// Add inserts an event.
func (s *Store) Add(ctx context.Context, key, kind string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO emit_outbox (event_key, kind) VALUES ($1, $2) ON CONFLICT (event_key) DO NOTHING", key, kind)
	return err
}
