// Package store implements app.Store on database/sql.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) InsertTransfer(ctx context.Context, id string, amount int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO transfers (id, amount) VALUES ($1, $2)", id, amount)
	return err
}

func (s *Store) InsertAccount(ctx context.Context, id, email string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO accounts (id, email) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING", id, email)
	return err
}
